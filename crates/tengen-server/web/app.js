// Tengen's browser client. It draws what the server sends and sends the player's intent;
// every rule is decided by the server.
'use strict';

const $ = (id) => document.getElementById(id);
const SVGNS = 'http://www.w3.org/2000/svg';
const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

function coordName(x, y, size) { return LETTERS[x] + (size - y); }
function colorName(c) { return c === 'black' ? 'Black' : 'White'; }
function other(c) { return c === 'black' ? 'white' : 'black'; }

async function api(method, path, body) {
  const res = await fetch(path, {
    method,
    headers: body ? { 'content-type': 'application/json' } : {},
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

// ---------- Home: the form and the lists ----------

function formValue(form) {
  const f = new FormData(form);
  let size = f.get('size');
  if (size === 'other') size = f.get('size-other');
  const time = f.get('time');
  let tc = { kind: 'none' };
  if (time === 'byo_yomi') {
    tc = { kind: 'byo_yomi', main_s: Math.round(+f.get('byo-main') * 60),
      period_s: +f.get('byo-period'), periods: +f.get('byo-periods') };
  } else if (time === 'fischer') {
    tc = { kind: 'fischer', initial_s: Math.round(+f.get('fi-initial') * 60),
      increment_s: +f.get('fi-inc'), max_s: Math.round(+f.get('fi-max') * 60) };
  }
  const opp = f.get('opponent');
  let opponent = { kind: 'person' };
  if (opp === 'tengen') opponent = { kind: 'tengen', level: +f.get('level') };
  else if (opp && opp.startsWith('gtp:')) opponent = { kind: 'gtp', name: opp.slice(4) };
  const body = {
    size: +size, rules: f.get('rules'), handicap: +f.get('handicap'),
    placement: f.get('placement'), color: f.get('color'), time: tc, opponent,
    name: f.get('name') || null,
  };
  const komi = f.get('komi');
  if (komiEdited && komi !== '') body.komi = +komi;
  return body;
}

let komiEdited = false;

async function refreshPreview() {
  const form = $('create-form');
  const body = formValue(form);
  document.querySelectorAll('.time-fields').forEach((el) => {
    el.classList.toggle('shown', el.dataset.for === body.time.kind);
  });
  try {
    const p = await api('POST', '/api/preview', body);
    $('rules-summary').textContent = p.rules_summary;
    $('handicap-preview').textContent = p.handicap + ' Komi ' + p.komi + '.';
    if (!komiEdited) $('komi-input').value = p.komi;
    $('form-error').textContent = '';
    $('create-button').disabled = false;
  } catch (e) {
    $('form-error').textContent = e.message;
    $('create-button').disabled = true;
  }
}

async function showHome() {
  $('home').hidden = false;
  const info = await api('GET', '/api/info');
  const engines = $('engine-options');
  engines.innerHTML = '';
  for (const name of info.engines) {
    const label = document.createElement('label');
    label.innerHTML = '<input type="radio" name="opponent"> ';
    label.firstChild.value = 'gtp:' + name;
    label.append(document.createTextNode(name + ' (GTP engine)'));
    engines.append(label);
  }
  const form = $('create-form');
  // Choosing a level chooses Tengen.
  $('level-select').addEventListener('change', () => {
    form.querySelector('input[name=opponent][value=tengen]').checked = true;
  });
  form.addEventListener('change', (e) => {
    if (e.target.name === 'komi') komiEdited = true;
    if (['rules', 'handicap'].includes(e.target.name)) komiEdited = false;
    refreshPreview();
  });
  $('komi-input').addEventListener('input', () => { komiEdited = true; });
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    $('create-button').disabled = true;
    try {
      const g = await api('POST', '/api/games', formValue(form));
      localStorage.setItem('tengen.seat.' + g.id, g.seat);
      if (g.invite) localStorage.setItem('tengen.invite.' + g.id, g.invite);
      location.href = '/g/' + g.id;
    } catch (err) {
      $('form-error').textContent = err.message;
      $('create-button').disabled = false;
    }
  });
  refreshPreview();
  const lists = await api('GET', '/api/games');
  const fill = (el, games, finished) => {
    el.innerHTML = '';
    if (!games.length) { el.innerHTML = '<li class="hint">none</li>'; return; }
    for (const g of games) {
      const li = document.createElement('li');
      const a = document.createElement('a');
      a.href = '/g/' + g.id;
      a.textContent = `${g.black} (B) vs ${g.white} (W)`;
      li.append(a, document.createTextNode(
        ` — ${g.size}×${g.size}, ${g.rules}, ${g.moves} moves, ` +
        (finished ? (g.aborted ? 'aborted' : (g.result || 'over')) : g.phase)));
      if (finished) {
        const s = document.createElement('a');
        s.href = `/api/games/${g.id}/sgf`;
        s.textContent = ' SGF';
        li.append(s);
      }
      el.append(li);
    }
  };
  fill($('live-games'), lists.live, false);
  fill($('finished-games'), lists.finished, true);
}

// ---------- The game page ----------

const G = {
  id: null, seat: null, role: 'spectator', state: null, lastV: 0, ws: null,
  ghost: null, koFlash: null, receivedAt: 0, retry: 0, placing: [], pendingResync: false,
};

function prefs() {
  return {
    confirm: localStorage.getItem('tengen.confirm') || 'click',
    coords: localStorage.getItem('tengen.coords') !== 'off',
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
  const invite = hash.get('invite');
  if (location.hash) history.replaceState(null, '', '/g/' + id);
  if (invite && !G.seat) {
    try {
      const j = await api('POST', `/api/games/${id}/join`, { invite });
      localStorage.setItem('tengen.seat.' + id, j.seat);
      G.seat = j.seat;
    } catch (e) {
      $('notice').textContent = e.message;
    }
  }
  setupControls();
  connect();
  setInterval(() => { send({ type: 'ping' }); }, 20000);
  setInterval(renderClocks, 200);
}

function connect() {
  const proto = location.protocol === 'https:' ? 'wss:' : 'ws:';
  const ws = new WebSocket(`${proto}//${location.host}/ws/${G.id}`);
  G.ws = ws;
  ws.onopen = () => { ws.send(JSON.stringify({ type: 'hello', seat: G.seat || null })); };
  ws.onmessage = (ev) => onMessage(JSON.parse(ev.data));
  ws.onclose = () => {
    if (G.ws !== ws) return;
    banner('Connection lost — reconnecting… Your clock keeps running on the server.');
    G.retry = Math.min(G.retry + 1, 8);
    setTimeout(connect, Math.min(500 * G.retry, 4000));
  };
}

function onMessage(m) {
  switch (m.type) {
    case 'welcome':
      G.role = m.you;
      G.retry = 0;
      banner(null);
      setState(m.state);
      break;
    case 'update':
      if (m.v <= G.lastV) return; // already seen
      if (m.v !== G.lastV + 1) {
        if (!G.pendingResync) { G.pendingResync = true; send({ type: 'resync' }); }
        return;
      }
      announce(m.event, m.state);
      setState(m.state);
      break;
    case 'state':
      G.pendingResync = false;
      setState(m.state);
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
      showError(m);
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
    case 'resumed': t = `${colorName(ev.by)} disputed; play resumes, ${colorName(ev.to_move)} to move`; break;
    case 'finished': t = `Game over: ${ev.result}`; break;
    case 'aborted': t = `${colorName(ev.by)} aborted the game: no result`; break;
    case 'joined': t = `${colorName(ev.color)} joined`; break;
    case 'expired': t = 'The invitation expired unopened: no result'; break;
    case 'engine_failed': t = `${colorName(ev.color)}'s engine has failed: ${ev.reason}`; break;
    default: break;
  }
  if (t) $('announce').textContent = t;
  if (['played', 'passed', 'resumed', 'undo_accepted', 'dead_changed'].includes(ev.type)) {
    $('notice').textContent = '';
    G.koFlash = null;
  }
}

function setState(st) {
  G.state = st;
  G.lastV = st.v;
  G.receivedAt = performance.now();
  if (st.ply !== (G.ghostPly ?? st.ply)) G.ghost = null;
  render();
}

function setupControls() {
  const p = prefs();
  $('confirm-mode').value = p.confirm;
  $('coords-toggle').checked = p.coords;
  $('confirm-mode').onchange = (e) => { localStorage.setItem('tengen.confirm', e.target.value); G.ghost = null; renderBoard(); };
  $('coords-toggle').onchange = (e) => { localStorage.setItem('tengen.coords', e.target.checked ? 'on' : 'off'); renderBoard(); };
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

function el(name, attrs, parent) {
  const e = document.createElementNS(SVGNS, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.append(e);
  return e;
}

function starPoints(n) {
  if (n < 7) return [];
  const e = n >= 13 ? 3 : 2;
  const pts = [e, n - 1 - e];
  const res = [];
  for (const a of pts) for (const b of pts) res.push([a, b]);
  if (n % 2 === 1) {
    const c = (n - 1) / 2;
    res.push([c, c]);
    if (n >= 13) res.push([e, c], [n - 1 - e, c], [c, e], [c, n - 1 - e]);
  }
  return res;
}

function renderBoard() {
  const st = G.state;
  if (!st) return;
  const n = st.size;
  const svg = $('board');
  const coords = prefs().coords;
  const m = coords ? 1.1 : 0.6;
  svg.setAttribute('viewBox', `${-m} ${-m} ${n - 1 + 2 * m} ${n - 1 + 2 * m}`);
  svg.innerHTML = '';
  const g = el('g', {}, svg);
  for (let i = 0; i < n; i++) {
    el('line', { x1: 0, y1: i, x2: n - 1, y2: i, stroke: '#3b2f1a', 'stroke-width': 0.03 }, g);
    el('line', { x1: i, y1: 0, x2: i, y2: n - 1, stroke: '#3b2f1a', 'stroke-width': 0.03 }, g);
  }
  for (const [x, y] of starPoints(n)) el('circle', { cx: x, cy: y, r: 0.09, fill: '#3b2f1a' }, g);
  if (coords) {
    for (let i = 0; i < n; i++) {
      for (const [tx, ty, label] of [[i, -0.75, LETTERS[i]], [i, n - 0.25, LETTERS[i]],
        [-0.8, i + 0.12, String(n - i)], [n - 0.2, i + 0.12, String(n - i)]]) {
        const t = el('text', { x: tx, y: ty, 'font-size': 0.36, 'text-anchor': 'middle', fill: '#3b2f1a' }, g);
        t.textContent = label;
      }
    }
  }
  const own = st.ownership;
  const scoringView = !!own && (st.phase === 'scoring' || st.phase === 'finished');
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const i = y * n + x;
      const s = st.board[i];
      const o = scoringView ? own[i] : null;
      if (s !== '.') {
        const dead = o === 'X';
        const c = el('circle', { cx: x, cy: y, r: 0.47, fill: s === 'B' ? '#111' : '#fafafa',
          stroke: '#222', 'stroke-width': 0.03, opacity: dead ? 0.45 : 1,
          'data-stone': s === 'B' ? 'black' : 'white' }, g);
        if (dead) {
          c.setAttribute('data-dead', 'true');
          el('path', { d: `M${x - 0.22} ${y - 0.22}L${x + 0.22} ${y + 0.22}M${x + 0.22} ${y - 0.22}L${x - 0.22} ${y + 0.22}`,
            stroke: '#d0241b', 'stroke-width': 0.08 }, g);
        }
      }
      if (o === 'b' || o === 'w' || (o === 'X' && s !== '.')) {
        const owner = o === 'X' ? (s === 'B' ? 'w' : 'b') : o;
        el('rect', { x: x - 0.15, y: y - 0.15, width: 0.3, height: 0.3,
          fill: owner === 'b' ? '#111' : '#fff', stroke: '#555', 'stroke-width': 0.02,
          'data-territory': owner === 'b' ? 'black' : 'white' }, g);
      } else if (o === '-' && s === '.') {
        el('circle', { cx: x, cy: y, r: 0.06, fill: '#8a6d3b', 'data-dame': 'true' }, g);
      }
    }
  }
  const lm = st.last_move;
  if (lm && lm.at && st.phase === 'playing') {
    const [x, y] = lm.at;
    el('circle', { cx: x, cy: y, r: 0.2, fill: 'none', stroke: lm.color === 'black' ? '#fff' : '#111',
      'stroke-width': 0.07, id: 'last-move' }, g);
  }
  const ko = G.koFlash || (st.phase === 'playing' && myColor() === st.to_move ? st.ko_point : null);
  if (ko) {
    el('rect', { x: ko[0] - 0.28, y: ko[1] - 0.28, width: 0.56, height: 0.56, fill: 'none',
      stroke: '#d0241b', 'stroke-width': 0.07, id: 'ko-point' }, g);
  }
  if (G.ghost && st.phase === 'playing') {
    el('circle', { cx: G.ghost[0], cy: G.ghost[1], r: 0.47, fill: myColor() === 'black' ? '#111' : '#fff',
      opacity: 0.5, id: 'ghost' }, g);
  }
  if (st.phase === 'placing') {
    for (const [x, y] of G.placing) {
      el('circle', { cx: x, cy: y, r: 0.47, fill: '#111', opacity: 0.6, 'data-placed': 'true' }, g);
    }
  }
  // Hit targets: one square per point, edge to edge, so there are no dead taps.
  const hits = el('g', { fill: 'transparent' }, svg);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const r = el('rect', { x: x - 0.5, y: y - 0.5, width: 1, height: 1, 'data-x': x, 'data-y': y,
        class: 'pt', 'aria-label': coordName(x, y, n) }, hits);
      r.addEventListener('click', () => onPointClick(x, y));
    }
  }
}

function fmt(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return h ? `${h}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

function clockText(time, c) {
  const elapsed = c.elapsed_ms + (c.running ? performance.now() - G.receivedAt : 0);
  if (time.kind === 'fischer') {
    const left = c.main_ms - elapsed;
    return { big: fmt(left), small: `+${time.increment_s}s per move`, overtime: false, low: left < 10000 };
  }
  if (time.kind === 'byo_yomi') {
    if (elapsed < c.main_ms) {
      return { big: fmt(c.main_ms - elapsed), small: `main time, then ${c.periods}×${time.period_s}s`, overtime: false, low: false };
    }
    const over = elapsed - c.main_ms;
    const period = time.period_s * 1000;
    const used = Math.floor(over / period);
    const left = c.periods - used;
    const inPeriod = period - (over % period);
    if (left <= 0) return { big: '0:00', small: 'out of time', overtime: true, low: true };
    return { big: fmt(inPeriod), small: `BYO-YOMI: ${left} period${left === 1 ? '' : 's'} of ${time.period_s}s left`,
      overtime: true, low: left === 1 && inPeriod < 10000 };
  }
  return null;
}

function renderClocks() {
  const st = G.state;
  if (!st) return;
  for (const color of ['black', 'white']) {
    const box = document.querySelector(`#player-${color} .clock`);
    const c = st[color].clock;
    if (!box) continue;
    if (!c) { box.innerHTML = '<span class="small">no clock</span>'; continue; }
    const t = clockText(st.time, c);
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
  const conn = p.kind === 'engine' ? (p.failure ? 'engine failed' : engineWord)
    : (!p.joined ? 'not joined yet' : (p.connected ? '● online' : '○ offline'));
  const connCls = (p.kind === 'engine' ? !p.failure : p.joined && p.connected) ? 'on' : 'off';
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
    case 'scoring': return 'Play has stopped. Click a group to mark it dead or alive; both players accept the same dead stones.';
    case 'finished':
      if (st.expired) return 'The invitation expired before anyone opened it: no result.';
      return st.aborted_by
        ? `Game aborted by ${colorName(st.aborted_by)}: no result.`
        : `Game over: ${st.result}`;
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
  html += `<div class="result" id="result">${final ? 'Result: ' : 'If accepted: '}${s.result}</div>`;
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
  const me = myColor();
  $('game-title').textContent = `${st.size}×${st.size} · ${st.black.name} vs ${st.white.name}` +
    (me ? ` · you play ${colorName(me)}` : ' · watching');
  $('rules-line').textContent = `${st.rules_summary}. Komi ${st.komi}` +
    (st.handicap ? `, handicap ${st.handicap}` : '') + `. Clock: ${st.time_desc}.`;
  renderBoard();
  renderPlayer('white');
  renderPlayer('black');
  renderClocks();
  $('status').textContent = statusText(st);
  renderUndo(st);
  renderScore(st);
  const playing = st.phase === 'playing';
  const scoring = st.phase === 'scoring';
  document.querySelector('.actions').classList.toggle('off', !me || st.phase === 'finished');
  $('pass-button').disabled = !(playing && st.to_move === me);
  $('undo-button').disabled = !(playing && !st.undo && st.ply > 0);
  $('resign-button').disabled = st.phase === 'finished';
  $('abort-button').disabled = !(me && st[me].can_abort);
  $('claim-button').hidden = !(me && st[me].can_claim);
  $('scoring-bar').classList.toggle('off', !(scoring && me));
  $('undo-bar').classList.toggle('off', !(playing || st.phase === 'waiting'));
  const accepted = me && st[me].accepted;
  $('accept-button').disabled = !scoring || accepted;
  $('accept-button').textContent = accepted ? 'You accepted ✓ (waiting for the opponent)' : 'Accept these dead stones';
  const invite = localStorage.getItem('tengen.invite.' + st.id);
  $('invite-box').hidden = !(st.phase === 'waiting' && invite && me);
  if (invite) $('invite-link').value = `${location.origin}/g/${st.id}#invite=${invite}`;
  $('place-box').hidden = !(st.phase === 'placing' && me === 'black');
  $('place-text').textContent = `Click ${st.handicap} points for your handicap stones (${G.placing.length} chosen).`;
  $('place-button').disabled = G.placing.length !== st.handicap;
  $('seat-link-box').hidden = !G.seat || !me;
  if (G.seat) $('seat-link').value = `${location.origin}/g/${st.id}#seat=${G.seat}`;
  const sgf = $('sgf-link');
  sgf.hidden = st.phase !== 'finished';
  sgf.href = `/api/games/${st.id}/sgf`;
}

// ---------- Start ----------

const m = location.pathname.match(/^\/g\/([0-9a-f]{16})$/);
if (m) showGame(m[1]); else showHome();
