// Tournaments on the home page: `/#/tournaments` lists them (and lets a director create
// one), `/#/tournaments/ID` shows one: standings with the tie-breakers and the crosstable,
// every round's boards with links to the games played here, and for its director the
// players (add, import a CSV list, withdraw), pairing (absences, pins, swaps and what they
// cost), starting a round and entering results. The page reloads itself every 5 s so that
// results arrive as games end. Uses club.js's `make`, `C` and app.js's `api`.

const T = { id: null, data: null, timer: null, seq: 0 };

const RESULT_TEXT = {
  pending: '–', white_wins: 'White wins', black_wins: 'Black wins', jigo: 'Jigo', both_lose: 'Both lose',
};

function showTournaments() {
  document.title = 'Tournaments – Tengen';
  stopTournamentPolling();
  $('new-tournament').hidden = !(C.me && C.me.director);
  loadTournamentList();
}

async function loadTournamentList() {
  const body = $('tournaments-body');
  try {
    const list = await api('GET', '/api/tournaments');
    body.replaceChildren(...list.map((t) => make('tr', {},
      make('td', {}, make('a', { href: '/#/tournaments/' + t.id }, t.name)),
      make('td', { text: t.place }),
      make('td', { text: t.start_date }),
      make('td', { text: String(t.players) }),
      make('td', { text: t.finished ? 'finished' : `round ${t.rounds_started} of ${t.rounds}` }))));
    $('tournaments-empty').hidden = list.length > 0;
  } catch (e) {
    $('tournaments-error').textContent = sentence(e.message);
  }
}

/** The create form's fields as the API's form. */
function tournamentForm(f) {
  const v = (n) => f.elements.namedItem(n).value.trim();
  const system = v('system') === 'swiss' ? { kind: 'swiss' } : { kind: 'mc_mahon', bar: v('bar'), floor: v('floor') };
  const handicap = v('handicap') === 'none' ? { kind: 'none' }
    : { kind: 'rank_difference', reduction: Number(v('reduction')), ceiling: Number(v('ceiling')) };
  return {
    name: v('name'), place: v('place'), country: v('country').toUpperCase(),
    start_date: v('start_date'), end_date: v('end_date'),
    rules: v('rules'), size: Number(v('size')),
    settings: {
      system, rounds: Number(v('rounds')), handicap,
      tie_breakers: v('tie_breakers').split(/[\s,]+/).filter(Boolean),
    },
  };
}

async function createTournament(e) {
  e.preventDefault();
  const f = e.target;
  const box = $('new-tournament-error');
  clearFormError(f, box);
  try {
    const t = await api('POST', '/api/tournaments', tournamentForm(f));
    location.hash = '#/tournaments/' + t.id;
  } catch (err) {
    formError(f, box, err);
  }
}

function showTournament(id) {
  T.id = id;
  T.data = null;
  document.title = 'Tournament – Tengen';
  $('tv-error').textContent = '';
  loadTournament();
  stopTournamentPolling();
  T.timer = setInterval(() => { if (!document.hidden) loadTournament(); }, 5000);
}

function stopTournamentPolling() {
  clearInterval(T.timer);
  T.timer = null;
}

async function loadTournament() {
  const seq = ++T.seq;
  try {
    const t = await api('GET', '/api/tournaments/' + T.id);
    if (seq !== T.seq || C.view !== 'tournament') return;
    renderTournament(t);
  } catch (e) {
    if (seq === T.seq) $('tv-error').textContent = sentence(e.message);
  }
}

/** A director's change: the tournament after it, or its refusal shown. */
async function tournamentChange(method, path, body) {
  $('tv-error').textContent = '';
  try {
    const t = await api(method, `/api/tournaments/${T.id}${path}`, body);
    T.seq++;
    renderTournament(t);
    return true;
  } catch (e) {
    $('tv-error').textContent = sentence(e.message);
    return false;
  }
}

function renderTournament(t) {
  T.data = t;
  document.title = `${t.name} – Tengen`;
  $('tv-name').textContent = t.name;
  const sys = t.settings.system.kind === 'swiss' ? 'Swiss'
    : `McMahon, bar ${t.settings.system.bar}, floor ${t.settings.system.floor}`;
  const hc = t.settings.handicap.kind === 'none' ? 'even games'
    : `handicap: rank difference − ${t.settings.handicap.reduction}, at most ${t.settings.handicap.ceiling}`;
  $('tv-facts').textContent = [t.place, t.country, [t.start_date, t.end_date].filter(Boolean).join(' – '),
    `${t.size}×${t.size}`, RULES_NAMES[t.rules] || t.rules, sys, hc,
    `${t.settings.rounds} rounds`].filter(Boolean).join(' · ');
  $('tv-h9').href = `/api/tournaments/${t.id}/results.h9`;
  $('tv-aga').href = `/api/tournaments/${t.id}/results-aga.txt`;
  renderStandings(t);
  renderRounds(t);
  renderPlayers(t);
  $('tv-director').hidden = !t.can_direct;
  const last = t.rounds[t.rounds.length - 1];
  const allPaired = t.rounds.length >= t.settings.rounds && (!last || last.started);
  $('tv-pair').disabled = allPaired;
  $('tv-pair').textContent = allPaired ? `All ${t.settings.rounds} rounds paired`
    : (last && !last.started ? `Pair round ${last.number} again` : `Pair round ${t.rounds.length + 1}`);
}

function renderStandings(t) {
  const crit = t.standings.length ? t.standings[0].criteria.map(([c]) => c) : t.settings.tie_breakers;
  const rounds = t.standings.length ? t.standings[0].results.length : 0;
  $('tv-standings-head').replaceChildren(make('tr', {},
    make('th', { text: 'Place' }), make('th', { text: 'Name' }), make('th', { text: 'Rank' }),
    make('th', { text: 'Wins' }), ...crit.map((c) => make('th', { text: c })),
    ...Array.from({ length: rounds }, (_, r) => make('th', { text: `R${r + 1}` }))));
  $('tv-standings').replaceChildren(...t.standings.map((s) => make('tr', {},
    make('td', { text: String(s.place) }),
    make('td', { text: s.name }),
    make('td', { text: s.rank }),
    make('td', { text: String(s.nbw) }),
    ...s.criteria.map(([, v]) => make('td', { text: String(v) })),
    ...s.results.map((r) => make('td', { class: 'crosstable', text: r })))));
}

const playerName = (t, n) => (t.players[n - 1] ? `${t.players[n - 1].name} (${t.players[n - 1].rank})` : '?');

function renderRounds(t) {
  const last = t.rounds.length;
  $('tv-rounds').replaceChildren(...t.rounds.slice().reverse().map((r) => {
    const open = r.started && r.number === last && t.can_direct;
    const rows = r.games.map((g) => make('tr', {},
      make('td', { text: String(g.board) }),
      make('td', { text: playerName(t, g.white) }),
      make('td', { text: playerName(t, g.black) }),
      make('td', { text: g.handicap ? String(g.handicap) : 'even' }),
      make('td', {}, open ? resultSelect(r.number, g) : (RESULT_TEXT[g.result] + (g.by_default ? ' (by default)' : ''))),
      make('td', {}, g.game ? make('a', { href: '/g/' + g.game }, 'game') : (r.started ? 'over the board' : ''))));
    const section = make('section', { class: 'round', 'data-round': String(r.number) },
      make('h4', { text: `Round ${r.number}${r.started ? '' : ' (draft: not started)'}` }),
      make('table', { class: 'club-table' },
        make('thead', {}, make('tr', {}, ...['Board', 'White', 'Black', 'Handicap', 'Result', ''].map((h) => make('th', { text: h })))),
        make('tbody', {}, ...rows)),
      r.bye ? make('p', { class: 'hint', text: `Bye: ${playerName(t, r.bye)}` }) : null);
    if (!r.started) {
      section.append(make('p', { class: 'hint tv-notes', text: r.notes.length ? 'This pairing: ' + r.notes.join('; ') + '.' : 'This pairing breaks no criterion.' }));
      if (t.can_direct) section.append(swapForm(r), make('button', { type: 'button', class: 'primary tv-start', onclick: () => tournamentChange('POST', `/rounds/${r.number}/start`) }, `Start round ${r.number}`));
    }
    return section;
  }));
}

function resultSelect(round, g) {
  const sel = make('select', { 'aria-label': `Result of board ${g.board}`, class: 'tv-result' },
    ...Object.entries(RESULT_TEXT).map(([v, label]) => make('option', { value: v, selected: v === g.result }, label)));
  sel.onchange = () => tournamentChange('PUT', `/rounds/${round}/boards/${g.board}`, { result: sel.value });
  return sel;
}

/** The director's own pairing of a draft: "1-2, 3-4", Tengen's colours and handicaps. */
function swapForm(r) {
  const input = make('input', { name: 'pairs', value: r.games.map((g) => `${g.white}-${g.black}`).join(', '), 'aria-label': 'Pairs, by player number' });
  const bye = make('input', { name: 'bye', value: r.bye ? String(r.bye) : '', size: '3', 'aria-label': 'Bye, by player number' });
  return make('form', { class: 'admin-row tv-swap', onsubmit: (e) => {
    e.preventDefault();
    const games = input.value.split(',').map((p) => p.trim()).filter(Boolean).map((p) => p.split('-').map(Number));
    tournamentChange('PUT', `/rounds/${r.number}`, { games, bye: bye.value ? Number(bye.value) : null });
  } }, make('label', {}, 'Pairs ', input), make('label', {}, 'Bye ', bye), make('button', { type: 'submit' }, 'Change pairing'));
}

function renderPlayers(t) {
  $('tv-players').replaceChildren(...t.players.map((p) => make('tr', {},
    make('td', { text: String(p.number) }),
    make('td', {}, p.member ? playerLink(p.name) : p.name),
    make('td', { text: p.rank }), make('td', { text: p.club }), make('td', { text: p.country }),
    make('td', { class: 'button-cell' }, p.withdrawn ? 'withdrawn'
      : (t.can_direct ? make('button', { type: 'button', onclick: () => tournamentChange('POST', `/players/${p.number}/withdraw`) }, 'Withdraw') : '')))));
}

function startTournaments() {
  $('new-tournament-form').onsubmit = createTournament;
  const sysSel = $('new-tournament-form').elements.namedItem('system');
  sysSel.onchange = () => { $('mcmahon-fields').hidden = sysSel.value === 'swiss'; };
  $('tv-add-player').onsubmit = async (e) => {
    e.preventDefault();
    const f = e.target;
    const v = (n) => f.elements.namedItem(n).value.trim();
    const body = v('member') ? { member: v('member') }
      : { surname: v('surname'), first_name: v('first_name'), rank: v('rank'), club: v('club'), country: v('country').toUpperCase() };
    if (await tournamentChange('POST', '/players', body)) f.reset();
  };
  $('tv-import').onsubmit = async (e) => {
    e.preventDefault();
    if (await tournamentChange('POST', '/players/import', { csv: e.target.elements.namedItem('csv').value })) e.target.reset();
  };
  $('tv-pair-form').onsubmit = (e) => {
    e.preventDefault();
    const nums = (n) => e.target.elements.namedItem(n).value.split(/[\s,]+/).filter(Boolean);
    tournamentChange('POST', '/rounds', {
      absent: nums('absent').map(Number),
      pinned: nums('pinned').map((p) => p.split('-').map(Number)),
    });
  };
}
