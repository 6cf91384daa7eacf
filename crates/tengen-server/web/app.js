// Tengen's browser client. It draws what the server sends and sends the player's intent;
// every rule is decided by the server. Plain scripts sharing one scope, no build step (the
// page is ~2000 lines): app.js (this: the game page), board.js, review.js, analysis.js,
// sound.js, chat.js, rematch.js, club.js (accounts, players, challenges), home.js (which
// starts the page).
'use strict';

const $ = (id) => document.getElementById(id);
function colorName(c) { return c === 'black' ? 'Black' : 'White'; }
function other(c) { return c === 'black' ? 'white' : 'black'; }

/** A result (`B+12.5`, `W+R`, `B+T`, `W+F`, `Jigo`, `Void`) as a sentence. */
function resultSentence(r) {
  if (r === 'Jigo') return 'Jigo: the game is a draw.';
  if (r === 'Void') return 'No result: the game is void.';
  const m = /^([BW])\+(.+)$/.exec(r || '');
  if (!m) return r || '';
  const winner = m[1] === 'B' ? 'Black' : 'White';
  const loser = m[1] === 'B' ? 'White' : 'Black';
  if (m[2] === 'R') return `${loser} resigned: ${winner} wins.`;
  if (m[2] === 'T') return `${winner} wins on time: ${loser} ran out of time.`;
  if (m[2] === 'F') return `${winner} wins by forfeit.`;
  return `${winner} wins by ${m[2]} point${m[2] === '1' ? '' : 's'}.`;
}

/** How a finished game ended, in a sentence. */
function endSentence(st) {
  if (st.expired) return 'The invitation expired before anyone opened it: no result.';
  if (st.aborted_by) return `Game aborted by ${colorName(st.aborted_by)}: no result.`;
  return resultSentence(st.result);
}

/** The colour that ran out of time, if the game ended so. */
function timedOut(st) {
  const m = st.phase === 'finished' && /^([BW])\+T$/.exec(st.result || '');
  return m ? (m[1] === 'B' ? 'white' : 'black') : null;
}

/** The logged-in member's CSRF token (club.js sets it): every change carries it. */
let csrfToken = null;

async function api(method, path, body) {
  const headers = body ? { 'content-type': 'application/json' } : {};
  if (csrfToken && method !== 'GET') headers['x-csrf-token'] = csrfToken;
  const res = await fetch(path, {
    method,
    headers,
    body: body ? JSON.stringify(body) : undefined,
  });
  let data = null;
  try { data = await res.json(); } catch (_) { /* not JSON */ }
  if (!res.ok) {
    const err = new Error((data && data.error) || res.statusText);
    err.status = res.status;
    throw err;
  }
  return data;
}

// ---------- The game page ----------

const G = {
  id: null, seat: null, role: 'spectator', state: null, lastV: 0, ws: null,
  // Whether the server answers: while it does not, nothing is sent, and the opponent's
  // connection and the clocks are not known (lostAt: when the connection went).
  connected: false, lostAt: 0,
  ghost: null, koFlash: null, receivedAt: 0, retry: 0, placing: [], pendingResync: false,
  invite: null, captured: [], capturedTimer: null,
  // The score estimate asked for (shown until the position changes), or why it failed.
  estimate: null, estimateError: null,
};

/** A touch screen (a phone, a tablet) rather than a mouse. */
function touchScreen() { return !!(window.matchMedia && matchMedia('(pointer: coarse)').matches); }

/** "Tap" on a touch screen, "Click" with a mouse; `lower` for the middle of a sentence. */
function pointWord(lower) {
  const w = touchScreen() ? 'Tap' : 'Click';
  return lower ? w.toLowerCase() : w;
}

function prefs() {
  const touch = touchScreen();
  return {
    // Touch screens confirm with a ghost stone by default; a mouse plays in one click.
    confirm: localStorage.getItem('tengen.confirm') || (touch ? 'ghost' : 'click'),
    coords: localStorage.getItem('tengen.coords') !== 'off',
    numbers: localStorage.getItem('tengen.numbers') === 'on',
    theme: localStorage.getItem('tengen.theme') || 'wood',
  };
}

function send(msg) {
  if (G.ws && G.ws.readyState === WebSocket.OPEN) G.ws.send(JSON.stringify(msg));
}

function myColor() { return G.role === 'spectator' ? null : G.role; }

function banner(text) {
  const b = $('banner');
  b.hidden = !text;
  b.textContent = text || '';
}

async function showGame(id) {
  G.id = id;
  $('game').hidden = false;
  const hash = new URLSearchParams(location.hash.slice(1));
  if (hash.get('seat')) localStorage.setItem('tengen.seat.' + id, hash.get('seat'));
  G.seat = localStorage.getItem('tengen.seat.' + id);
  // A member's seat in a club game can be fetched from any browser they are logged in on.
  if (!G.seat) G.seat = await memberSeat(id);
  const invite = hash.get('invite') || (hash.has('join') ? '' : null);
  if (location.hash) history.replaceState(null, '', '/g/' + id);
  if (invite !== null && !G.seat) {
    // The invited player (or one from the lobby: no invite) watches until they give a name
    // and take the seat.
    G.invite = invite;
    G.joining = true;
    $('join-box').hidden = false;
    $('join-name').value = localStorage.getItem('tengen.name') || '';
    $('join-box').onsubmit = (e) => { e.preventDefault(); joinGame(); };
  }
  setupControls();
  setupReview();
  setupAnalysis();
  setupSound();
  setupChat();
  setupRematch();
  connect();
  setInterval(() => { send({ type: 'ping' }); }, 20000);
  setInterval(renderClocks, 200);
}

async function joinGame() {
  const name = $('join-name').value.trim();
  $('join-button').disabled = true;
  try {
    const j = await api('POST', `/api/games/${G.id}/join`, { invite: G.invite, name: name || null });
    if (name) localStorage.setItem('tengen.name', name);
    localStorage.setItem('tengen.seat.' + G.id, j.seat);
    G.seat = j.seat;
    G.invite = null;
    G.joining = false;
    $('join-box').hidden = true;
    reconnect();
  } catch (e) {
    $('join-error').textContent = e.message;
  } finally {
    $('join-button').disabled = false;
  }
}

function connect() {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(`${proto}//${location.host}/ws/${G.id}`);
  G.ws = ws;
  ws.onopen = () => { ws.send(JSON.stringify({ type: 'hello', seat: G.seat || null })); };
  ws.onmessage = (ev) => onMessage(JSON.parse(ev.data));
  ws.onclose = () => {
    if (G.ws !== ws) return;
    // What is known: this page cannot reach the server. Whether the server is down (the
    // clocks stop) or only this connection (they run), and whether the opponent is still
    // there, is not.
    if (G.connected) G.lostAt = performance.now();
    G.connected = false;
    banner('The server cannot be reached — reconnecting… Until it answers, nothing you do is sent, and your opponent\'s connection and the clocks are not known.');
    render();
    G.retry = Math.min(G.retry + 1, 8);
    setTimeout(connect, Math.min(500 * G.retry, 4000));
  };
}

/** Replaces the connection (after taking a seat, or to get what a new one is sent). */
function reconnect() {
  const old = G.ws;
  G.ws = null;
  if (old) old.close();
  connect();
}

function onMessage(m) {
  switch (m.type) {
    case 'welcome':
      G.role = m.you;
      G.retry = 0;
      G.connected = true;
      banner(null);
      setState(m.state);
      onChatWelcome(m.chat);
      syncHistory();
      break;
    case 'update':
      if (m.v <= G.lastV) return; // already seen
      if (m.v !== G.lastV + 1) {
        if (!G.pendingResync) { G.pendingResync = true; send({ type: 'resync' }); }
        return;
      }
      onEvent(m.event, G.state, m.state);
      setState(m.state);
      break;
    case 'state':
      // The whole state with no new version: a resync's answer, or a change outside the
      // game's log (an engine thinking or failing, a reload, a rematch offer).
      G.pendingResync = false;
      if (m.event) announce(m.event, m.state);
      setState(m.state);
      syncHistory();
      break;
    case 'audience':
      // Who is watching and who is connected: not a game change, no version.
      if (!G.state) return;
      G.state.spectators = m.spectators;
      G.state.black.connected = m.black;
      G.state.white.connected = m.white;
      render();
      break;
    case 'error':
      if (!chatRefusal(m)) showError(m);
      break;
    case 'chat':
      onChatLine(m.line);
      break;
    case 'rematch_seat':
      onRematchSeat(m);
      break;
    default:
      break;
  }
}

function showError(m) {
  let text = m.message;
  if (m.code === 'ko') text = 'Refused: that point is forbidden by ko (marked in red). Play elsewhere first.';
  else if (m.code === 'superko') text = 'Refused: that move would repeat an earlier position (superko).';
  else if (m.code === 'suicide') text = 'Refused: that move would be suicide (no liberties).';
  else if (m.code === 'occupied') text = 'Refused: that point is occupied.';
  else if (m.code === 'bad_seat') text = 'This seat link is not valid for this game; you are watching.';
  else text = 'Refused: ' + text;
  $('notice').textContent = text;
  $('notice').dataset.code = m.code;
  if (m.ko_point) { G.koFlash = m.ko_point; renderBoard(); }
  if (m.code === 'bad_seat') {
    localStorage.removeItem('tengen.seat.' + G.id);
    G.seat = null;
  }
}

function announce(ev, st) {
  let t = '';
  switch (ev.type) {
    case 'played': t = `${colorName(ev.color)} ${coordName(ev.at[0], ev.at[1], st.size)}` +
      (ev.captures ? `, captures ${ev.captures}` : ''); break;
    case 'passed': t = `${colorName(ev.color)} passes` +
      (ev.forced_white_pass ? '; White passes last (AGA)' : '') +
      (ev.illegal ? ` (illegal move replaced by a pass: ${ev.illegal})` : ''); break;
    case 'undo_requested': t = `${colorName(ev.by)} asks to take back ${ev.what}`; break;
    case 'undo_declined': t = `${colorName(ev.by)} declined the undo`; break;
    case 'undo_accepted': t = `Undo: ${ev.plies} move(s) taken back`; break;
    case 'accepted': t = `${colorName(ev.by)} accepted the dead stones`; break;
    case 'estimated': t = `Tengen's estimate: ${ev.dead} dead stone${ev.dead === 1 ? '' : 's'} marked`; break;
    case 'resumed': t = `${colorName(ev.by)} disputed; play resumes, ${colorName(ev.to_move)} to move`; break;
    case 'finished': t = `Game over. ${resultSentence(ev.result)}`; break;
    case 'aborted': t = `${colorName(ev.by)} aborted the game: no result`; break;
    case 'joined': t = `${colorName(ev.color)} joined`; break;
    case 'expired': t = 'The invitation expired unopened: no result'; break;
    case 'engine_failed': t = `${colorName(ev.color)}'s engine has failed: ${ev.reason}`; break;
    default: break;
  }
  if (t) $('announce').textContent = t;
}

/** An update: the announcement, the move list, sounds, the capture shown for a moment. */
function onEvent(ev, prev, st) {
  announce(ev, st);
  const captured = followHistory(ev, prev, st);
  if (ev.type === 'played') {
    playSound(captured.length ? 'capture' : 'stone');
    if (captured.length) {
      G.captured = captured;
      clearTimeout(G.capturedTimer);
      G.capturedTimer = setTimeout(() => { G.captured = []; renderBoard(); }, 900);
    }
  }
  const me = myColor();
  if (me && ev.color && ev.color !== me && st.phase === 'playing' && st.to_move === me &&
    (ev.type === 'played' || ev.type === 'passed')) notifyMove(st, ev);
}

function setState(st) {
  const prev = G.state;
  G.state = st;
  G.lastV = st.v;
  G.receivedAt = performance.now();
  if (st.ply !== (G.ghostPly ?? st.ply)) G.ghost = null;
  // A refusal is about the position it was made in: the next move or phase clears it.
  if (!prev || prev.ply !== st.ply || prev.phase !== st.phase || prev.proposal !== st.proposal) {
    $('notice').textContent = '';
    G.koFlash = null;
  }
  render();
  // At the end the players may read the spectators' chat: a new connection brings it.
  if (prev && prev.phase !== 'finished' && st.phase === 'finished' && myColor()) reconnect();
}

function setupControls() {
  const p = prefs();
  $('confirm-mode').value = p.confirm;
  $('coords-toggle').checked = p.coords;
  $('confirm-mode').onchange = (e) => { localStorage.setItem('tengen.confirm', e.target.value); G.ghost = null; renderBoard(); };
  $('coords-toggle').onchange = (e) => { localStorage.setItem('tengen.coords', e.target.checked ? 'on' : 'off'); renderBoard(); };
  $('numbers-toggle').checked = p.numbers;
  $('numbers-toggle').onchange = (e) => { localStorage.setItem('tengen.numbers', e.target.checked ? 'on' : 'off'); renderBoard(); };
  $('theme-select').value = p.theme;
  document.documentElement.dataset.theme = p.theme;
  $('theme-select').onchange = (e) => {
    localStorage.setItem('tengen.theme', e.target.value);
    document.documentElement.dataset.theme = e.target.value;
    renderBoard();
  };
  $('copy-invite').onclick = async () => {
    const input = $('invite-link');
    try { await navigator.clipboard.writeText(input.value); } catch (_) { input.select(); document.execCommand('copy'); }
    $('copy-invite').textContent = 'Copied ✓';
    setTimeout(() => { $('copy-invite').textContent = 'Copy link'; }, 2000);
  };
  $('pass-button').onclick = () => {
    const ply = G.state.ply;
    confirmDialog('Pass? If your opponent passes too, play stops and dead stones are marked.', 'Yes, pass',
      () => send({ type: 'pass', ply }));
  };
  $('resign-button').onclick = () => {
    const ply = G.state.ply;
    confirmDialog('Resign this game?', 'Yes, resign', () => send({ type: 'resign', ply }));
  };
  $('abort-button').onclick = () => {
    const ply = G.state.ply;
    confirmDialog('Abort this game? It ends with no result: nobody wins or loses.', 'Yes, abort',
      () => send({ type: 'abort', ply }));
  };
  $('claim-button').onclick = () => {
    const ply = G.state.ply;
    confirmDialog('Claim this game? The engine that failed loses by forfeit.', 'Yes, claim',
      () => send({ type: 'claim', ply }));
  };
  $('undo-button').onclick = () => send({ type: 'undo_request', ply: G.state.ply });
  $('estimate-button').onclick = askEstimate;
  $('suggest-button').onclick = () => send({ type: 'suggest_dead', proposal: G.state.proposal });
  $('accept-button').onclick = () => send({ type: 'accept', proposal: G.state.proposal });
  $('dispute-button').onclick = () => {
    const proposal = G.state.proposal;
    confirmDialog('Dispute the dead stones and resume play?', 'Yes, resume play',
      () => send({ type: 'reject', proposal }));
  };
  $('place-button').onclick = () => {
    send({ type: 'place_handicap', points: G.placing });
  };
}

function confirmDialog(text, yes, onYes) {
  const d = $('confirm-dialog');
  $('confirm-text').textContent = text;
  $('confirm-yes').textContent = yes;
  $('confirm-yes').onclick = () => { d.close(); onYes(); };
  $('confirm-no').onclick = () => d.close();
  d.showModal();
}

function onPointClick(x, y) {
  const st = G.state;
  const me = myColor();
  // In a review a click plays a variation from the position shown; on a past position of a
  // game still running it returns to the game.
  if (A.on && A.review && st && st.phase === 'finished') { tryMove(x, y); return; }
  if (reviewing()) { goTo(null); return; }
  if (!st || !me) return;
  const stone = st.board[y * st.size + x];
  if (st.phase === 'placing') {
    if (me !== 'black' || stone !== '.') return;
    const i = G.placing.findIndex((p) => p[0] === x && p[1] === y);
    if (i >= 0) G.placing.splice(i, 1);
    else if (G.placing.length < st.handicap) G.placing.push([x, y]);
    render();
    return;
  }
  if (st.phase === 'scoring') {
    showWhy(countMarks(st.size).why?.get(y * st.size + x));
    if (stone !== '.') send({ type: 'toggle_dead', proposal: st.proposal, x, y });
    return;
  }
  if (st.phase !== 'playing' || st.to_move !== me || stone !== '.') return;
  if (prefs().confirm === 'ghost') {
    if (!G.ghost || G.ghost[0] !== x || G.ghost[1] !== y) {
      G.ghost = [x, y];
      G.ghostPly = st.ply;
      renderBoard();
      return;
    }
  }
  G.ghost = null;
  send({ type: 'play', ply: st.ply, x, y });
}

/** The score estimate asked for in this position, if it is still the position shown. */
function currentEstimate() {
  const st = G.state;
  const e = G.estimate;
  return e && st && e.id === st.id && e.ply === st.ply && st.phase === 'playing' ? e : null;
}

/** Asks Tengen for the score if play stopped here, and shows it on the board until the
 * next move. */
async function askEstimate() {
  const st = G.state;
  $('estimate-button').disabled = true;
  $('estimate-text').textContent = 'Estimating…';
  try {
    const e = await api('GET', `/api/games/${st.id}/estimate`);
    G.estimate = { ...e, id: st.id };
    G.estimateError = null;
  } catch (err) {
    G.estimate = null;
    G.estimateError = { id: st.id, ply: st.ply, message: err.message };
  }
  $('estimate-button').disabled = false;
  renderEstimate();
  renderBoard();
}

function renderEstimate() {
  const st = G.state;
  $('estimate-row').hidden = !(st.analysis && st.phase === 'playing');
  const e = currentEstimate();
  const failed = G.estimateError && G.estimateError.id === st.id && G.estimateError.ply === st.ply
    ? G.estimateError.message : '';
  $('estimate-text').textContent = e
    ? `Estimate: ${e.result}` + (e.unsettled ? ` (${e.unsettled} group${e.unsettled === 1 ? '' : 's'} unsettled: it may swing)` : '')
    : failed;
  $('estimate-text').title = e ? e.breakdown : '';
}

function renderBoard() {
  const st = G.state;
  if (!st) return;
  const p = prefs();
  const live = !reviewing();
  const onVar = V.nodes.get(V.cursor);
  const shown = live ? H.moves.length : H.view;
  const board = live ? st.board : (onVar ? onVar.board : H.boards[H.view]);
  const me = myColor();
  let lastMove = null;
  if (onVar) {
    lastMove = onVar.at;
  } else if (live) {
    if (st.last_move && st.last_move.at && st.phase === 'playing') lastMove = st.last_move.at;
  } else if (H.view > 0) {
    lastMove = H.moves[H.view - 1].at;
  }
  const scoringView = live && !!st.ownership && (st.phase === 'scoring' || st.phase === 'finished');
  const estimate = live && !onVar && currentEstimate();
  drawBoard({
    size: st.size, board, coords: p.coords,
    ownership: scoringView ? st.ownership : (estimate ? estimate.ownership : null),
    lastMove,
    ko: live ? (G.koFlash || (st.phase === 'playing' && me === st.to_move ? st.ko_point : null)) : null,
    ghost: live && st.phase === 'playing' ? G.ghost : null,
    ghostColor: me,
    placing: live && st.phase === 'placing' ? G.placing : [],
    numbers: p.numbers && H.ready && !onVar ? moveNumbers(shown, board, st.size) : null,
    captured: live ? G.captured : [],
    ...reviewMarks(shownKey()),
    ...(live ? countMarks(st.size) : {}),
  }, onPointClick);
  $('board').classList.toggle('reviewing', !live);
}

function fmt(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

function clockText(time, c) {
  // Disconnected, a running clock stays where it was last known to be.
  const now = G.connected ? performance.now() : Math.max(G.lostAt, G.receivedAt);
  const elapsed = c.elapsed_ms + (c.running ? now - G.receivedAt : 0);
  if (time.kind === 'fischer') {
    const left = c.main_ms - elapsed;
    return { big: fmt(left), small: `+${time.increment_s}s per move`, overtime: false, low: left < 10000, seconds: Math.ceil(left / 1000) };
  }
  if (time.kind === 'byo_yomi') {
    if (elapsed < c.main_ms) {
      return { big: fmt(c.main_ms - elapsed), small: `main time, then ${c.periods}×${time.period_s}s`, overtime: false, low: false, seconds: 99 };
    }
    const over = elapsed - c.main_ms;
    const period = time.period_s * 1000;
    const used = Math.floor(over / period);
    const left = c.periods - used;
    const inPeriod = period - (over % period);
    if (left <= 0) return { big: '0:00', small: 'out of time', overtime: true, low: true };
    return { big: fmt(inPeriod), small: `BYO-YOMI: ${left} period${left === 1 ? '' : 's'} of ${time.period_s}s left`,
      overtime: true, low: left === 1 && inPeriod < 10000, seconds: left === 1 ? Math.ceil(inPeriod / 1000) : 99 };
  }
  return null;
}

function renderClocks() {
  const st = G.state;
  if (!st) return;
  const flagged = timedOut(st);
  for (const color of ['black', 'white']) {
    const box = document.querySelector(`#player-${color} .clock`);
    const c = st[color].clock;
    if (!box) continue;
    if (!c) { box.innerHTML = '<span class="small">no clock</span>'; continue; }
    // The server flags a second after zero; the clock it sent is from the turn's start.
    const t = flagged === color ? { big: '0:00', small: 'out of time', overtime: false, low: true }
      : clockText(st.time, c);
    if (c.running && !G.connected) t.small = 'not known: no connection to the server';
    if (c.running && st.phase === 'playing' && G.connected) lowTimeBeep(color, t.seconds);
    box.className = 'clock' + (c.running ? ' running' : '') + (t.overtime ? ' overtime' : '') + (t.low ? ' low' : '');
    box.innerHTML = `<span class="big"></span><span class="small"></span>`;
    box.firstChild.textContent = t.big;
    box.lastChild.textContent = t.small;
  }
}

function renderPlayer(color) {
  const st = G.state;
  const p = st[color];
  const box = $('player-' + color);
  box.className = 'player' + (st.phase === 'playing' && st.to_move === color ? ' to-move' : '');
  const you = myColor() === color ? ' (you)' : '';
  const engineWord = p.level ? `level ${p.level}` + (p.thinking ? ' · thinking…' : '') : 'engine';
  const mine = myColor() === color;
  // Without the server, only this page's own state is known.
  const unknown = !G.connected && p.kind !== 'engine' && p.joined;
  const conn = p.kind === 'engine' ? (p.failure ? 'engine failed' : engineWord)
    : !p.joined ? 'not joined yet'
      : unknown ? (mine ? '○ reconnecting…' : '? not known')
        : (p.connected ? '● online' : '○ offline');
  const connCls = unknown ? 'unknown'
    : (p.kind === 'engine' ? !p.failure : p.joined && p.connected) ? 'on' : 'off';
  const facts = [`captures ${p.captures}`];
  if (st.rules.startsWith('aga') || p.pass_stones) facts.push(`pass stones ${p.pass_stones}`);
  if (color === 'white') facts.push(`komi ${st.komi}`);
  box.innerHTML = `<span class="stone ${color}"></span><div><span class="name"></span><span class="conn ${connCls}"></span>` +
    `${p.accepted ? ' <span class="tick" data-accepted="true">✓ accepted</span>' : ''}</div>` +
    `<div class="clock"></div><div class="facts"></div>`;
  box.querySelector('.name').textContent = `${colorName(color)}: ${p.name}${you}`;
  box.querySelector('.conn').textContent = conn;
  box.querySelector('.facts').textContent = facts.join(' · ');
}

function statusText(st) {
  const me = myColor();
  if (V.cursor !== null) return `Variation: ${pointWord()} the board to play on, ◀ to step back, or return to the main line.`;
  if (reviewing()) return `Reviewing move ${H.view} of ${H.moves.length}: → or End returns to the ${st.phase === 'finished' ? 'final position' : 'game'}.`;
  const other = me === 'black' ? 'white' : 'black';
  if (me && st[me].can_claim) {
    return `The engine has failed (${st[other].failure}). Claim the game (a win by forfeit) or abort it.`;
  }
  switch (st.phase) {
    case 'waiting': return 'Waiting for your opponent to open the invite link.';
    case 'placing': return me === 'black'
      ? `Place ${st.handicap} handicap stones (${G.placing.length} chosen), then press “Place the stones”.`
      : `Black is placing ${st.handicap} handicap stones.`;
    case 'playing': {
      const who = st.to_move === me ? 'Your move' : `${colorName(st.to_move)} to move`;
      const last = st.last_move && !st.last_move.at ? ` — ${colorName(st.last_move.color)} passed` : '';
      return `${who} (move ${st.ply + 1})${last}`;
    }
    case 'scoring': return `Play has stopped. ${pointWord()} a group to mark it dead or alive; both players accept the same dead stones.`;
    case 'finished': return 'Game over.'; // the sentence has its own box below
    default: return '';
  }
}

function renderScore(st) {
  const box = $('score-table');
  const s = st.score;
  if (!s) { box.innerHTML = ''; return; }
  const area = s.scoring === 'area';
  const rows = area
    ? [['Territory', 'territory'], ['Stones', 'stones'], ['Komi', 'komi'], ['Compensation', 'compensation']]
    : [['Territory', 'territory'], ['Captures', 'captures'], ['Dead stones', 'dead'], ['Pass stones', 'pass_stones'], ['Komi', 'komi']];
  let html = `<table id="score"><thead><tr><th>${area ? 'Area counting' : 'Territory counting'}</th><th>Black</th><th>White</th></tr></thead><tbody>`;
  for (const [label, key] of rows) html += `<tr><td>${label}</td><td>${s.black[key]}</td><td>${s.white[key]}</td></tr>`;
  html += `<tr class="total"><td>Total</td><td>${s.black.total}</td><td>${s.white.total}</td></tr></tbody></table>`;
  const final = st.phase === 'finished';
  html += `<div class="result" id="result" data-result="${s.result}">${final ? 'Result: ' : 'If accepted: '}${resultSentence(s.result)}</div>`;
  box.innerHTML = html;
}

function renderUndo(st) {
  const bar = $('undo-bar');
  bar.innerHTML = '';
  const u = st.undo;
  if (!u) return;
  const me = myColor();
  const q = document.createElement('span');
  q.className = 'q';
  if (u.by === me) {
    q.textContent = `You asked to take back ${u.what}; waiting for the answer.`;
    bar.append(q);
  } else if (me) {
    q.textContent = `${colorName(u.by)} asks to take back ${u.what}.`;
    const yes = document.createElement('button');
    yes.textContent = 'Allow undo';
    yes.id = 'undo-accept';
    yes.onclick = () => send({ type: 'undo_answer', ply: u.ply, accept: true });
    const no = document.createElement('button');
    no.textContent = 'Decline';
    no.id = 'undo-decline';
    no.onclick = () => send({ type: 'undo_answer', ply: u.ply, accept: false });
    bar.append(yes, q, no);
  } else {
    q.textContent = `${colorName(u.by)} asks to take back ${u.what}.`;
    bar.append(q);
  }
}

function render() {
  const st = G.state;
  if (!st) return;
  if (G.record) { renderRecord(st); return; }
  const me = myColor();
  $('game-title').textContent = `${st.size}×${st.size} · ${st.black.name} vs ${st.white.name}` +
    (me ? ` · you play ${colorName(me)}` : ' · watching');
  updateTitle(st);
  $('watchers').textContent = st.spectators ? `${st.spectators} watching` : '';
  renderMoveList(st);
  renderAnalysis(st);
  renderChat();
  renderRematch(st);
  $('rules-line').textContent = `${st.rules_summary}. Komi ${st.komi}` +
    (st.handicap ? `, handicap ${st.handicap}` : '') + `. Clock: ${st.time_desc}.`;
  renderBoard();
  renderPlayer('white');
  renderPlayer('black');
  renderClocks();
  $('status').textContent = statusText(st);
  renderEstimate();
  askCount();
  renderCount();
  renderUndo(st);
  renderScore(st);
  // On a phone the scoring controls come right under the board (style.css).
  $('game').dataset.phase = st.phase;
  const up = G.connected; // nothing is sent without the server
  const playing = st.phase === 'playing';
  const scoring = st.phase === 'scoring';
  document.querySelector('.actions').classList.toggle('off', !me || st.phase === 'finished');
  $('pass-button').disabled = !(up && playing && st.to_move === me);
  $('undo-button').disabled = !(up && playing && !st.undo && st.ply > 0);
  $('resign-button').disabled = !up || st.phase === 'finished';
  $('abort-button').disabled = !(up && me && st[me].can_abort);
  $('claim-button').hidden = !(me && st[me].can_claim);
  $('scoring-bar').classList.toggle('off', !(scoring && me));
  $('undo-bar').classList.toggle('off', !(playing || st.phase === 'waiting'));
  const accepted = me && st[me].accepted;
  $('accept-button').disabled = !up || !scoring || accepted;
  $('dispute-button').disabled = !up;
  $('suggest-button').disabled = !up;
  $('accept-button').textContent = accepted ? 'You accepted ✓ (waiting for the opponent)' : 'Accept these dead stones';
  const invite = localStorage.getItem('tengen.invite.' + st.id);
  $('invite-box').hidden = !(st.phase === 'waiting' && invite && me);
  if (invite) $('invite-link').value = `${location.origin}/g/${st.id}#invite=${invite}`;
  $('place-box').hidden = !(st.phase === 'placing' && me === 'black');
  $('place-text').textContent = `${pointWord()} ${st.handicap} points for your handicap stones (${G.placing.length} chosen).`;
  $('place-button').disabled = G.placing.length !== st.handicap;
  $('seat-link-box').hidden = !G.seat || !me;
  if (G.seat) $('seat-link').value = `${location.origin}/g/${st.id}#seat=${G.seat}`;
  $('join-box').hidden = !(G.joining && st.phase === 'waiting');
  const label = $('proposal-label');
  label.hidden = !scoring;
  label.dataset.estimated = String(!!st.estimated);
  const dead = (st.ownership || '').split('').filter((o) => o === 'X' || o === 'x').length;
  label.textContent = st.estimated
    ? (dead ? `The ${dead} crossed stone${dead === 1 ? ' is' : 's are'} Tengen's estimate of the dead stones: ${pointWord(true)} a group to change it, or accept.`
      : `Tengen's estimate: no stone is dead. ${pointWord()} a group to mark it dead, or accept.`)
    : 'The crossed stones are the players\' marks (Tengen\'s estimate, changed; or none yet).';
  $('end-sentence').textContent = st.phase === 'finished' ? endSentence(st) : '';
  $('end-sentence').hidden = st.phase !== 'finished';
  $('sgf-links').hidden = st.phase !== 'finished';
  $('sgf-link').href = `/api/games/${st.id}/sgf`;
  $('sgf-chat-link').href = `/api/games/${st.id}/sgf?chat=players`;
}
