// The club: the member's account (log in, register, log out, change the password), the
// players and each player's page (rating graph, games, record against each opponent),
// challenges and seeks, and the server's events for the member (`/api/events`). Routes on
// the home page: `/#/players`, `/#/players/NAME`; `/#login`, `/#challenges` go to those
// parts of the home page.
'use strict';

const RANKS = [];
for (let k = 30; k >= 1; k--) RANKS.push(k + 'k');
for (let d = 1; d <= 9; d++) RANKS.push(d + 'd');
const RULES_NAMES = { japanese: 'Japanese', aga: 'AGA', chinese: 'Chinese', 'tromp-taylor': 'Tromp-Taylor' };

const C = {
  me: null, events: null, challenges: null, onGamePage: false, view: null, player: null,
  homeStarted: false, previewSeq: 0, previewTimer: null, playersSeq: 0, playersTimer: null,
  onlineTimer: null,
};

/** An element with attributes (`class`, `text`, `on…` handlers) and children (strings are text). */
function make(tag, attrs = {}, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : v);
  }
  e.append(...kids.filter((x) => x !== null && x !== undefined && x !== false));
  return e;
}

const playerHref = (name) => '/#/players/' + encodeURIComponent(name);
const playerLink = (name) => make('a', { href: playerHref(name), class: 'player-link' }, name);
const sameName = (a, b) => !!a && !!b && a.toLowerCase() === b.toLowerCase();
const plural = (n, word) => `${n} ${word}${n === 1 ? '' : 's'}`;
const dateText = (ms) => new Date(ms).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });

/** An API error as a sentence: "name: … is taken" → "Name: … is taken." */
function sentence(msg) {
  const t = String(msg || 'something went wrong').trim();
  return t.charAt(0).toUpperCase() + t.slice(1) + (/[.!?)]$/.test(t) ? '' : '.');
}

/** Shows an API error under a form and marks the field it names (`field: …`). */
function formError(form, box, err) {
  box.textContent = sentence(err.message);
  form.querySelectorAll('[aria-invalid]').forEach((x) => x.removeAttribute('aria-invalid'));
  const m = /^(\w+):/.exec(err.message || '');
  const field = m && (form.elements.namedItem(m[1]) || (m[1] === 'password' && form.elements.namedItem('new')));
  if (field && field.focus) { field.setAttribute('aria-invalid', 'true'); field.focus(); }
}

function clearFormError(form, box) {
  box.textContent = '';
  form.querySelectorAll('[aria-invalid]').forEach((x) => x.removeAttribute('aria-invalid'));
}

function timeDesc(t) {
  if (!t || t.kind === 'none') return 'no clock';
  const min = (s) => (s % 60 ? `${s} s` : `${s / 60} min`);
  if (t.kind === 'byo_yomi') return `${min(t.main_s)} + ${t.periods}×${t.period_s} s byo-yomi`;
  if (t.kind === 'fischer') return `Fischer ${min(t.initial_s)} + ${t.increment_s} s (up to ${min(t.max_s)})`;
  return t.kind;
}

function termsDesc(t) {
  const parts = [`${t.size}×${t.size}`, RULES_NAMES[t.rules] || t.rules, timeDesc(t.time), t.rated ? 'rated' : 'unrated'];
  if (t.handicap !== undefined) parts.push(t.handicap ? `handicap ${t.handicap}` : 'even');
  if (t.komi !== undefined) parts.push(`komi ${t.komi}`);
  return parts.join(', ');
}

// ---------- The member's seats ----------

/** Keeps a member's seat in a game (forgotten again at log-out). */
function storeMemberSeat(game, seat) {
  localStorage.setItem('tengen.seat.' + game, seat);
  const games = JSON.parse(localStorage.getItem('tengen.member.seats') || '[]');
  if (!games.includes(game)) games.push(game);
  localStorage.setItem('tengen.member.seats', JSON.stringify(games.slice(-200)));
}

/** The logged-in member's seat in a club game, if they play in it (app.js asks). */
async function memberSeat(id) {
  if (!localStorage.getItem('tengen.member')) return null;
  try {
    const s = await api('GET', `/api/games/${id}/seat`);
    storeMemberSeat(id, s.seat);
    return s.seat;
  } catch (_) {
    return null; // not a game of theirs, or logged out
  }
}

async function goToMemberGame(game) {
  try {
    const s = await api('GET', `/api/games/${game}/seat`);
    storeMemberSeat(game, s.seat);
  } catch (_) { /* the game page asks again */ }
  location.href = '/g/' + game;
}

// ---------- Account ----------

function startClub(onGamePage) {
  C.onGamePage = onGamePage;
  document.querySelectorAll('.rank-select').forEach((sel) => {
    for (const r of RANKS) sel.append(make('option', { value: r, selected: r === sel.dataset.default }, r));
  });
  $('logout-button').onclick = logOut;
  $('tab-login').onclick = () => showTab('login');
  $('tab-register').onclick = () => showTab('register');
  $('login-form').onsubmit = logIn;
  $('register-form').onsubmit = register;
  $('password-form').onsubmit = changePassword;
  $('login-link').onclick = () => { if (location.hash === '#login') focusLogin(); };
  $('new-challenge').onclick = () => openChallenge('');
  $('new-seek').onclick = () => openChallenge(null);
  $('pv-challenge').onclick = () => C.player && openChallenge(C.player.name);
  setupChallengeForm();
  setupPlayersView();
  setupAdmin();
  loadMe();
}

async function loadMe() {
  try {
    setMe(await api('GET', '/api/me'));
  } catch (e) {
    if (e.status === 401) setMe(null);
    else setTimeout(loadMe, 5000); // the server is away: ask again
  }
}

function setMe(me) {
  const was = C.me && C.me.name;
  C.me = me;
  csrfToken = me ? me.csrf : null;
  if (me) {
    localStorage.setItem('tengen.member', me.name);
    openEvents();
    loadChallenges();
  } else {
    localStorage.removeItem('tengen.member');
    closeEvents();
    C.challenges = null;
  }
  renderAccount();
  // What depends on who is asking: the Challenge buttons, a director's tools.
  if ((was || null) !== (me ? me.name : null)) {
    if (C.view === 'player' && C.player) renderPlayerPage(C.player);
    else if (C.view === 'players') loadPlayers();
    else if (C.view === 'tournaments') showTournaments();
    else if (C.view === 'tournament') loadTournament();
  }
}

function renderAccount() {
  const me = C.me;
  $('account-guest').hidden = !!me;
  $('account-member').hidden = !me;
  $('club-guest').hidden = !!me;
  $('club-member').hidden = !me;
  if (!me) {
    $('challenge-badge').hidden = true;
    clearInterval(C.onlineTimer);
    return;
  }
  $('me-link').textContent = `${me.name} (${me.rank})`;
  $('me-link').href = playerHref(me.name);
  $('me-link').title = 'Your page: rating, games, record';
  const w = $('club-welcome');
  w.replaceChildren('Logged in as ', make('a', { href: playerHref(me.name) }, me.name),
    ` · ${me.rank} · rating ${Math.round(me.rating)}` + (me.admin ? ' · administrator' : ''));
  if (C.view === 'home') loadOnline();
  // Seeks opened by others are not announced on the event stream: look every 15 s.
  clearInterval(C.onlineTimer);
  C.onlineTimer = setInterval(() => {
    if (!C.me || document.hidden) return;
    loadChallenges();
    if (C.view === 'home') loadOnline();
  }, 15000);
}

function showTab(which) {
  $('tab-login').setAttribute('aria-pressed', String(which === 'login'));
  $('tab-register').setAttribute('aria-pressed', String(which === 'register'));
  $('login-form').hidden = which !== 'login';
  $('register-form').hidden = which !== 'register';
  $(which + '-form').elements.name.focus();
}

function focusLogin() {
  if (C.me) return;
  showTab('login');
  $('club-card').scrollIntoView({ block: 'start' });
}

async function submitAccount(e, path, box, button, body) {
  e.preventDefault();
  const form = e.target;
  clearFormError(form, box);
  button.disabled = true;
  try {
    const me = await api('POST', path, body);
    form.reset();
    setMe(me);
  } catch (err) {
    formError(form, box, err);
  } finally {
    button.disabled = false;
  }
}

function logIn(e) {
  const f = e.target.elements;
  const name = f.name.value.trim();
  if (!name || !f.password.value) {
    e.preventDefault();
    $('login-error').textContent = 'Give your name and your password.';
    return;
  }
  submitAccount(e, '/api/session', $('login-error'), $('login-button'), { name, password: f.password.value });
}

function register(e) {
  const f = e.target.elements;
  const body = { name: f.name.value.trim(), password: f.password.value };
  if (f.rank.value) body.rank = f.rank.value;
  submitAccount(e, '/api/accounts', $('register-error'), $('register-button'), body);
}

async function logOut() {
  try {
    await api('DELETE', '/api/session');
  } catch (e) {
    if (e.status !== 401) { alert(sentence(e.message)); return; }
  }
  // This browser forgets the member's seats: the next person here cannot play for them.
  for (const game of JSON.parse(localStorage.getItem('tengen.member.seats') || '[]')) {
    localStorage.removeItem('tengen.seat.' + game);
  }
  localStorage.removeItem('tengen.member.seats');
  setMe(null);
  if (C.onGamePage) location.reload(); // the seat is gone: watch
}

async function changePassword(e) {
  e.preventDefault();
  const form = e.target;
  const box = $('password-error');
  clearFormError(form, box);
  box.classList.remove('ok');
  $('password-button').disabled = true;
  try {
    await api('POST', '/api/account/password', { old: form.elements.old.value, new: form.elements.new.value });
    form.reset();
    box.textContent = 'Password changed. Your other sessions have been logged out.';
    box.classList.add('ok');
  } catch (err) {
    formError(form, box, err);
  } finally {
    $('password-button').disabled = false;
  }
}

// ---------- Events ----------

function openEvents() {
  if (C.events) return;
  const es = new EventSource('/api/events');
  C.events = es;
  es.onmessage = (m) => {
    let ev;
    try { ev = JSON.parse(m.data); } catch (_) { return; }
    onClubEvent(ev);
  };
  es.onerror = () => {
    // Closed for good (the session ended, or the server refused): see who we are again.
    if (es.readyState === EventSource.CLOSED && C.events === es) {
      C.events = null;
      setTimeout(loadMe, 3000);
    }
  };
}

function closeEvents() {
  if (C.events) C.events.close();
  C.events = null;
}

function onClubEvent(ev) {
  switch (ev.type) {
    case 'challenge':
      clubNotice(`${ev.from} challenges you.`);
      loadChallenges();
      break;
    case 'answer':
      clubNotice(ev.answer === 'declined' ? `${ev.by} declined your challenge.` : `${ev.by} withdrew the challenge.`);
      loadChallenges();
      break;
    case 'game':
      onChallengeAccepted(ev.game);
      break;
    case 'challenges':
      loadChallenges();
      break;
    default:
      break;
  }
}

/** A challenge of the member's was accepted: to the game, unless they are playing another. */
function onChallengeAccepted(game) {
  const busy = C.onGamePage && typeof G !== 'undefined' && G.state && G.state.phase !== 'finished' && myColor();
  if (!busy) { goToMemberGame(game); return; }
  const badge = $('challenge-badge');
  badge.hidden = false;
  badge.textContent = 'Challenge accepted: to the game';
  badge.href = '/g/' + game;
  badge.onclick = (e) => { e.preventDefault(); goToMemberGame(game); };
}

function clubNotice(text) {
  const n = $('club-notice');
  n.textContent = text;
  n.hidden = !text;
}

// ---------- Challenges ----------

async function loadChallenges() {
  if (!C.me) return;
  try {
    C.challenges = await api('GET', '/api/challenges');
  } catch (e) {
    if (e.status === 401) setMe(null);
    return;
  }
  renderChallenges();
}

function renderChallenges() {
  const ch = C.challenges;
  if (!ch || !C.me) return;
  const badge = $('challenge-badge');
  if (!badge.href.includes('/g/')) {
    badge.hidden = !ch.incoming.length;
    badge.textContent = plural(ch.incoming.length, 'challenge');
    badge.href = '/#challenges';
    badge.title = 'Challenges to you';
  }
  const none = (text) => make('li', { class: 'hint' }, text);
  const proposalLine = (c) => make('div', { class: 'proposal' },
    c.proposal ? c.proposal.summary : 'This game cannot be played as proposed any more.');

  const incoming = $('incoming');
  incoming.replaceChildren(...(ch.incoming.length ? ch.incoming.map((c) => make('li', { class: 'challenge', 'data-id': c.id },
    make('div', {}, playerLink(c.from), ` (${c.from_rank}) challenges you: ${termsDesc(c.terms)}.`),
    proposalLine(c),
    make('div', { class: 'apart' },
      make('button', { class: 'primary accept', onclick: () => acceptChallenge(c.id), disabled: !c.proposal }, 'Accept'),
      make('button', { class: 'decline', onclick: () => declineChallenge(c.id) }, 'Decline')))) : [none('none')]));

  const outgoing = $('outgoing');
  outgoing.replaceChildren(...(ch.outgoing.length ? ch.outgoing.map((c) => make('li', { class: 'challenge', 'data-id': c.id },
    c.to ? make('div', {}, 'You challenged ', playerLink(c.to), `: ${termsDesc(c.terms)}.`)
      : make('div', {}, `Your seek in the lobby: ${termsDesc(c.terms)}; ranks ${c.min_rank || '30k'} to ${c.max_rank || '9d'}.`),
    c.to ? proposalLine(c) : make('div', { class: 'hint' }, 'The handicap and komi will follow from the ranks of whoever accepts.'),
    make('div', { class: 'apart' },
      make('span', { class: 'hint' }, 'waiting for ' + (c.to ? 'the answer' : 'someone to accept')),
      make('button', { class: 'withdraw', onclick: () => declineChallenge(c.id) }, 'Withdraw')))) : [none('none')]));

  const seeks = ch.seeks.filter((c) => !sameName(c.from, C.me.name));
  $('seeks').replaceChildren(...(seeks.length ? seeks.map((c) => make('li', { class: 'challenge', 'data-id': c.id },
    make('div', {}, playerLink(c.from), ` (${c.from_rank}) seeks a game: ${termsDesc(c.terms)}; ranks ${c.min_rank || '30k'} to ${c.max_rank || '9d'}.`),
    proposalLine(c),
    make('div', { class: 'apart' },
      make('span'),
      make('button', { class: 'primary accept', onclick: () => acceptChallenge(c.id), disabled: !c.proposal }, 'Accept')))) : [none('none')]));
}

async function acceptChallenge(id) {
  try {
    const a = await api('POST', `/api/challenges/${id}/accept`);
    storeMemberSeat(a.game, a.seat);
    location.href = '/g/' + a.game;
  } catch (e) {
    clubNotice(sentence(e.message));
    loadChallenges();
  }
}

async function declineChallenge(id) {
  try {
    await api('POST', `/api/challenges/${id}/decline`);
  } catch (e) {
    clubNotice(sentence(e.message));
  }
  loadChallenges();
}

// ---------- The challenge form ----------

function setupChallengeForm() {
  const form = $('challenge-form');
  form.addEventListener('input', (e) => {
    if (e.target.name === 'opponent') {
      // Typing a name: ask once the typing pauses.
      clearTimeout(C.previewTimer);
      C.previewTimer = setTimeout(refreshProposal, 300);
      showChallengeParts();
      return;
    }
    refreshProposal();
  });
  form.addEventListener('change', (e) => { if (e.target.name !== 'opponent') refreshProposal(); });
  form.onsubmit = sendChallenge;
  $('challenge-cancel').onclick = () => $('challenge-dialog').close();
}

/** Opens the form: to challenge `name` (`''`: a name to type), or a seek (`null`). */
async function openChallenge(name) {
  if (!C.me) { location.href = '/#login'; return; }
  const form = $('challenge-form');
  form.elements.opponent.value = name || '';
  clearFormError(form, $('challenge-error'));
  showChallengeParts();
  $('challenge-dialog').showModal();
  if (name === '') form.elements.opponent.focus(); else $('challenge-send').focus();
  refreshProposal();
  try {
    const players = await api('GET', '/api/players');
    $('player-names').replaceChildren(...players.filter((p) => !sameName(p.name, C.me && C.me.name))
      .map((p) => make('option', { value: p.name }, `${p.rank}${p.bot ? ", Tengen's engine" : p.online ? ', online' : ''}`)));
  } catch (_) { /* the names are a convenience */ }
}

function challengeBody() {
  const form = $('challenge-form');
  const f = new FormData(form);
  const body = { size: +f.get('size'), rules: f.get('rules'), time: timeControl(f), rated: f.get('rated') === 'on' };
  const opponent = (f.get('opponent') || '').trim();
  if (opponent) {
    body.opponent = opponent;
  } else {
    if (f.get('min_rank')) body.min_rank = f.get('min_rank');
    if (f.get('max_rank')) body.max_rank = f.get('max_rank');
  }
  if (!body.rated) {
    if (f.get('handicap') !== '') body.handicap = +f.get('handicap');
    if (f.get('komi') !== '') body.komi = +f.get('komi');
  }
  return body;
}

function showChallengeParts() {
  const form = $('challenge-form');
  const body = challengeBody();
  const seek = !body.opponent;
  form.querySelector('.seek-only').hidden = !seek;
  form.querySelector('.unrated-only').hidden = body.rated;
  showTimeFields(form, body.time.kind);
  $('challenge-heading').textContent = seek ? 'Seek a game in the lobby' : `Challenge ${body.opponent}`;
  $('challenge-send').textContent = seek ? 'Open the seek' : 'Send the challenge';
}

/** Asks the server for the game the challenge proposes and shows it. */
async function refreshProposal() {
  clearTimeout(C.previewTimer);
  showChallengeParts();
  const body = challengeBody();
  const seq = ++C.previewSeq;
  const shown = $('challenge-proposal');
  const error = $('challenge-error');
  if (!body.opponent) {
    shown.textContent = 'A seek: the handicap and komi will follow from the ranks of whoever accepts it.';
    error.textContent = '';
    $('challenge-send').disabled = false;
    return;
  }
  shown.textContent = '…';
  try {
    const p = await api('POST', '/api/challenges/preview', body);
    if (seq !== C.previewSeq) return;
    shown.replaceChildren(make('strong', {}, p.summary), make('br'),
      make('span', { class: 'hint' }, p.nigiri ? `${p.black} (${p.black_rank}) and ${p.white} (${p.white_rank}): colours drawn when the game starts.`
        : `Black: ${p.black} (${p.black_rank}) · White: ${p.white} (${p.white_rank})`));
    clearFormError($('challenge-form'), error);
    $('challenge-send').disabled = false;
  } catch (e) {
    if (seq !== C.previewSeq) return;
    shown.textContent = '';
    formError($('challenge-form'), error, e);
    $('challenge-send').disabled = true;
  }
}

async function sendChallenge(e) {
  e.preventDefault();
  const form = $('challenge-form');
  const body = challengeBody();
  $('challenge-send').disabled = true;
  try {
    const sent = await api('POST', '/api/challenges', body);
    $('challenge-dialog').close();
    if (sent.game) { // Tengen's engine accepts at once: to the game.
      storeMemberSeat(sent.game.game, sent.game.seat);
      location.href = '/g/' + sent.game.game;
      return;
    }
    clubNotice(body.opponent
      ? `Challenge sent to ${body.opponent}: ${sent.proposal ? sent.proposal.summary : ''} You go to the game when it is accepted.`
      : 'Your seek is in the lobby. You go to the game when someone accepts it.');
    if (C.view !== 'home') location.hash = '#challenges';
    loadChallenges();
  } catch (err) {
    formError(form, $('challenge-error'), err);
  } finally {
    $('challenge-send').disabled = false;
  }
}

// ---------- Routes on the home page ----------

function startHomeRoutes() {
  startTournaments();
  window.addEventListener('hashchange', routeHome);
  window.addEventListener('resize', () => {
    if (C.view === 'player' && C.player) drawRatingGraph(C.player);
  });
  routeHome();
}

function routeHome() {
  const h = location.hash;
  const m = /^#\/players\/(.+)$/.exec(h);
  if (m) {
    let name;
    try { name = decodeURIComponent(m[1]); } catch (_) { name = m[1]; }
    showView('player', name);
  } else if (h === '#/players') {
    showView('players');
  } else if (h === '#/tournaments') {
    showView('tournaments');
  } else if (/^#\/tournaments\/[0-9a-f]{16}$/.test(h)) {
    showView('tournament', h.slice('#/tournaments/'.length));
  } else {
    showView('home');
    if (h === '#login') focusLogin();
    else if (h === '#challenges') $('club-card').scrollIntoView({ block: 'start' });
  }
}

function showView(which, arg) {
  const was = C.view;
  C.view = which;
  $('home').hidden = which !== 'home';
  $('club-view').hidden = which === 'home';
  $('players-view').hidden = which !== 'players';
  $('player-view').hidden = which !== 'player';
  $('tournaments-view').hidden = which !== 'tournaments';
  $('tournament-view').hidden = which !== 'tournament';
  if (which !== 'tournament') stopTournamentPolling();
  if (which === 'home') {
    document.title = 'Tengen';
    if (!C.homeStarted) { C.homeStarted = true; showHome(); } else if (was !== 'home') { loadLists(); }
    if (C.me) { loadChallenges(); loadOnline(); }
  } else if (which === 'players') {
    document.title = 'Players – Tengen';
    loadPlayers();
  } else if (which === 'tournaments') {
    showTournaments();
  } else if (which === 'tournament') {
    showTournament(arg);
  } else {
    loadPlayer(arg);
  }
  if (was && was !== which) window.scrollTo(0, 0);
}

// ---------- Players ----------

function onlineMark(on) {
  return make('span', { class: 'online-mark' + (on ? ' on' : ''), title: on ? 'online now' : 'offline' }, on ? '●' : '○');
}

/** Marks Tengen's engine's accounts in lists. */
function botMark(p) {
  return p.bot ? make('span', { class: 'bot-mark', title: `Tengen's engine at level ${p.level}` }, ' engine') : null;
}

function challengeButton(name, cls = '') {
  if (!C.me || sameName(name, C.me.name)) return null;
  return make('button', { class: 'challenge-button ' + cls, onclick: () => openChallenge(name) }, 'Challenge');
}

async function loadOnline() {
  let rows;
  try { rows = await api('GET', '/api/players?online=true'); } catch (_) { return; }
  const others = rows.filter((p) => !C.me || !sameName(p.name, C.me.name))
    .sort((a, b) => Number(a.bot) - Number(b.bot)); // people first, then Tengen's engine
  $('online-players').replaceChildren(...(others.length ? others.slice(0, 30).map((p) => make('li', {},
    onlineMark(true), ' ', playerLink(p.name), ` ${p.rank}`, botMark(p), challengeButton(p.name, 'small')))
    : [make('li', { class: 'hint' }, 'Nobody else is online now.')]));
}

function setupPlayersView() {
  $('player-search').addEventListener('input', () => {
    clearTimeout(C.playersTimer);
    C.playersTimer = setTimeout(loadPlayers, 200);
  });
  $('online-only').addEventListener('change', loadPlayers);
}

async function loadPlayers() {
  const q = $('player-search').value.trim();
  const params = new URLSearchParams();
  if (q) params.set('q', q);
  if ($('online-only').checked) params.set('online', 'true');
  const seq = ++C.playersSeq;
  let rows;
  try {
    rows = await api('GET', '/api/players' + (params.toString() ? '?' + params : ''));
  } catch (e) {
    $('players-empty').hidden = false;
    $('players-empty').textContent = sentence(e.message);
    return;
  }
  if (seq !== C.playersSeq) return;
  $('players-body').replaceChildren(...rows.map((p) => make('tr', { 'data-name': p.name },
    make('td', { class: 'name-cell' }, onlineMark(p.online), ' ', playerLink(p.name), botMark(p)),
    make('td', {}, p.rank),
    make('td', { class: 'num-cell' }, String(Math.round(p.rating))),
    make('td', { class: 'button-cell' }, challengeButton(p.name, 'small')))));
  $('players-empty').hidden = rows.length > 0;
  $('players-empty').textContent = q ? `No player's name contains “${q}”.` : 'No player found.';
}

async function loadPlayer(name) {
  document.title = `${name} – Tengen`;
  $('pv-error').textContent = '';
  let p;
  try {
    p = await api('GET', '/api/players/' + encodeURIComponent(name));
  } catch (e) {
    if (C.view !== 'player') return;
    C.player = null;
    $('pv-error').textContent = sentence(e.message);
    $('player-view').querySelectorAll('.card').forEach((c) => { c.hidden = true; });
    return;
  }
  if (C.view !== 'player') return;
  C.player = p;
  $('player-view').querySelectorAll('.card').forEach((c) => { c.hidden = false; });
  renderPlayerPage(p);
}

function renderPlayerPage(p) {
  document.title = `${p.name} (${p.rank}) – Tengen`;
  $('pv-name').textContent = p.name;
  const on = $('pv-online');
  on.textContent = p.online ? '● online' : '';
  on.className = 'online-mark' + (p.online ? ' on' : '');
  const rank = p.rank === p.declared_rank ? p.rank : `${p.rank} (declared ${p.declared_rank})`;
  // Through a span of make()'s, which leaves out the facts that do not apply (a bare null
  // would be shown as the word "null").
  $('pv-facts').replaceChildren(...make('span', {},
    make('span', { class: 'fact' }, 'Rank ', make('strong', { id: 'pv-rank' }, rank)),
    make('span', { class: 'fact' }, 'Rating ', make('strong', { id: 'pv-rating' }, String(Math.round(p.rating)))),
    make('span', { class: 'fact' }, plural(p.rated_games, 'rated game')),
    p.bot ? make('span', { class: 'fact', id: 'pv-about' }, p.about)
      : make('span', { class: 'fact' }, 'member since ' + dateText(p.member_since_ms)),
    p.disabled ? make('span', { class: 'fact' }, make('strong', {}, 'account disabled')) : null).childNodes);
  $('pv-challenge').hidden = !C.me || sameName(p.name, C.me.name) || p.disabled;
  $('pv-challenge').textContent = `Challenge ${p.name}`;
  drawRatingGraph(p);

  const record = Object.entries(p.opponents).sort((a, b) =>
    (b[1].wins + b[1].losses + b[1].jigo) - (a[1].wins + a[1].losses + a[1].jigo) || a[0].localeCompare(b[0]));
  $('pv-record').replaceChildren(...(record.length ? record.map(([name, r]) => make('tr', { 'data-opponent': name },
    make('td', {}, playerLink(name)), make('td', {}, String(r.wins)), make('td', {}, String(r.losses)), make('td', {}, String(r.jigo))))
    : [make('tr', {}, make('td', { colspan: '4', class: 'hint' }, 'No finished game yet.'))]));

  $('pv-games').replaceChildren(...(p.games.length ? p.games.map((g) => gameRow(p, g))
    : [make('li', { class: 'hint' }, 'No game yet.')]));
  renderAdmin(p);
}

// ---------- Administration (administrators only; the server checks) ----------

/** The administrator's panel on a player page: rank, password, disabled, administrator. */
function renderAdmin(p) {
  const box = $('pv-admin');
  box.hidden = !(C.me && C.me.admin) || p.bot; // the engine's accounts: `tengen admin` only
  if (box.hidden) return;
  const select = $('pv-admin-rank-select');
  if (!select.options.length) select.append(...RANKS.map((r) => make('option', { value: r }, r)));
  select.value = p.declared_rank;
  $('pv-admin-disable').textContent = p.disabled ? 'Enable the account' : 'Disable the account';
  $('pv-admin-admin').textContent = p.admin ? 'No longer an administrator' : 'Make an administrator';
  if (p.disabled) $('pv-admin-status').textContent = 'This account is disabled.';
}

/** Sends one change of the shown player's account, says what was done, and reloads the page. */
async function adminChange(change) {
  const p = C.player;
  if (!p) return;
  const status = $('pv-admin-status');
  try {
    const done = await api('PATCH', '/api/admin/accounts/' + encodeURIComponent(p.name), change);
    status.textContent = sentence(`${p.name}: ${done.changed.join(', ')}`);
  } catch (e) {
    status.textContent = sentence(e.message);
    return;
  }
  const shown = status.textContent;
  await loadPlayer(p.name);
  status.textContent = shown;
}

async function adminUnrate(game) {
  const status = $('pv-admin-status');
  try {
    const done = await api('PATCH', '/api/admin/games/' + game, { rated: false });
    status.textContent = sentence(done.done);
  } catch (e) {
    status.textContent = sentence(e.message);
    return;
  }
  const shown = status.textContent;
  await loadPlayer(C.player.name);
  status.textContent = shown;
}

function setupAdmin() {
  $('pv-admin-rank').addEventListener('submit', (e) => {
    e.preventDefault();
    adminChange({ rank: $('pv-admin-rank-select').value });
  });
  $('pv-admin-password').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = e.target.elements.namedItem('password');
    adminChange({ password: input.value });
    input.value = '';
  });
  $('pv-admin-disable').addEventListener('click', () => adminChange({ disabled: !C.player.disabled }));
  $('pv-admin-admin').addEventListener('click', () => adminChange({ admin: !C.player.admin }));
}

function gameRow(p, g) {
  const finished = g.phase === 'finished';
  const outcome = g.outcome === 'win' ? 'won' : g.outcome === 'loss' ? 'lost' : g.outcome === 'jigo' ? 'jigo' : null;
  const result = finished
    ? make('span', { class: 'result', title: g.result ? resultSentence(g.result) : 'no result' },
      outcome ? make('span', { class: 'outcome ' + g.outcome }, outcome) : 'no result',
      g.result ? ` ${g.result}` : '')
    : make('span', { class: 'result live' }, g.phase === 'scoring' ? 'counting' : 'in progress');
  return make('li', { class: 'pv-game', 'data-game': g.id },
    make('span', { class: 'when' }, dateText(g.created_ms)),
    make('span', { class: 'who' }, make('span', { class: 'stone-dot ' + g.color, title: `${p.name} played ${colorName(g.color)}` }),
      ' vs ', playerLink(g.opponent)),
    make('span', { class: 'what' }, `${g.size}×${g.size} ${RULES_NAMES[g.rules] || g.rules}${g.rated ? ', rated' : ''}`),
    result,
    make('span', { class: 'links' }, make('a', { href: '/g/' + g.id }, finished ? 'game' : 'open'),
      g.sgf ? make('a', { href: g.sgf, class: 'sgf' }, 'SGF') : null,
      C.me && C.me.admin && g.rated
        ? make('button', { type: 'button', class: 'small unrate', onclick: () => adminUnrate(g.id) }, 'make unrated')
        : null));
}

/** The rating after each rated game, as a line (inline SVG, one unit a pixel). */
function drawRatingGraph(p) {
  const svg = $('rating-graph');
  const NS = 'http://www.w3.org/2000/svg';
  const W = Math.max(240, Math.round(svg.getBoundingClientRect().width || 600));
  const H = 160;
  const left = 64; const right = 12; const top = 12; const bottom = 22;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  svg.replaceChildren();
  const add = (tag, attrs, text) => {
    const e = document.createElementNS(NS, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    if (text !== undefined) e.textContent = text;
    svg.append(e);
    return e;
  };
  const pts = p.history;
  const ratings = pts.map((h) => h.rating);
  let lo = Math.min(...ratings) - 30;
  let hi = Math.max(...ratings) + 30;
  if (hi - lo < 120) { const mid = (hi + lo) / 2; lo = mid - 60; hi = mid + 60; }
  const x = (i) => (pts.length === 1 ? (left + W - right) / 2 : left + (i * (W - left - right)) / (pts.length - 1));
  const y = (r) => top + ((hi - r) * (H - top - bottom)) / (hi - lo);
  // A line at each rank's rating (EGF: 2100 is 1d, 100 points a rank).
  const rankOf = (r) => (r >= 2100 ? `${Math.round((r - 2100) / 100) + 1}d` : `${Math.round((2100 - r) / 100)}k`);
  for (let r = Math.ceil(lo / 100) * 100; r <= hi; r += 100) {
    add('line', { x1: left, x2: W - right, y1: y(r), y2: y(r), class: 'grid' });
    add('text', { x: left - 6, y: y(r) + 4, 'text-anchor': 'end', class: 'label' }, `${rankOf(r)} ${r}`);
  }
  add('polyline', { points: pts.map((h, i) => `${x(i)},${y(h.rating)}`).join(' '), class: 'line' });
  const byId = Object.fromEntries(p.games.map((g) => [g.id, g]));
  pts.forEach((h, i) => {
    const c = add('circle', { cx: x(i), cy: y(h.rating), r: 4, class: 'point', 'data-rating': h.rating });
    const g = byId[h.game];
    const what = h.game ? (g ? `after the game with ${g.opponent}` : 'after a game') : 'from the declared rank';
    add('title', {}, `${Math.round(h.rating)} ${what}, ${dateText(h.at_ms)}`);
    c.append(svg.lastChild);
  });
  const last = pts[pts.length - 1];
  add('text', { x: x(pts.length - 1) - 8, y: y(last.rating) - 9, 'text-anchor': pts.length === 1 ? 'middle' : 'end', class: 'value' },
    String(Math.round(last.rating)));
  add('text', { x: left, y: H - 5, class: 'label' }, dateText(pts[0].at_ms));
  if (pts.length > 1) add('text', { x: W - right, y: H - 5, 'text-anchor': 'end', class: 'label' }, dateText(pts[pts.length - 1].at_ms));
  else add('text', { x: W - right, y: H - 5, 'text-anchor': 'end', class: 'label' }, 'no rated game yet');
  svg.setAttribute('aria-label', `Rating: ${pts.map((h) => Math.round(h.rating)).join(', ')}`);
}
