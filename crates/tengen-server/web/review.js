// The move list and stepping through the game. The positions come from the server's record
// (every move with the stones it captured), so the page replays without knowing the rules.
'use strict';

const H = {
  ready: false, moves: [], boards: [], view: null, fetching: false, again: false,
};

/** Fetches the whole record; called on (re)connection and whenever the list falls out of step. */
async function syncHistory() {
  if (H.fetching) { H.again = true; return; }
  H.fetching = true;
  try {
    const g = await api('GET', `/api/games/${G.id}`);
    const n = g.state.size;
    const boards = [g.initial_board];
    let b = g.initial_board.split('');
    for (const mv of g.moves) {
      if (mv.at) {
        b[mv.at[1] * n + mv.at[0]] = mv.color === 'black' ? 'B' : 'W';
        for (const [x, y] of mv.captured || []) b[y * n + x] = '.';
      }
      boards.push(b.join(''));
    }
    H.moves = g.moves.map((mv, i) => ({ color: mv.color, at: mv.at, captures: (mv.captured || []).length, ply: i + 1 }));
    H.boards = boards;
    H.ready = true;
    if (H.view !== null && H.view >= H.moves.length) H.view = null;
  } catch (_) {
    H.ready = false;
  } finally {
    H.fetching = false;
  }
  if (H.again || (G.state && G.state.ply !== H.moves.length)) {
    H.again = false;
    setTimeout(syncHistory, 300);
  }
  render();
}

/** Keeps the list in step with an update; fetches the record when one step is not enough. */
function followHistory(ev, prev, st) {
  const step = prev && H.ready && st.ply === H.moves.length + 1 && (ev.type === 'played' || ev.type === 'passed');
  if (step) {
    const captured = [];
    for (let i = 0; i < st.board.length; i++) {
      if (prev.board[i] !== '.' && st.board[i] === '.') captured.push(i);
    }
    H.moves.push({ color: ev.color, at: ev.at || null, captures: captured.length, ply: st.ply });
    H.boards.push(st.board);
    return captured.map((i) => [i % st.size, Math.floor(i / st.size), prev.board[i] === 'B' ? 'black' : 'white']);
  }
  if (st.ply !== H.moves.length || ev.type === 'undo_accepted') syncHistory();
  return [];
}

function reviewing() { return H.view !== null || V.cursor !== null; }

function goTo(ply) {
  if (!H.ready) return;
  const last = H.moves.length;
  V.cursor = null;
  H.view = ply === null || ply >= last ? null : Math.max(0, ply);
  render();
}

function step(delta) {
  if (!H.ready) return;
  if (V.cursor !== null && variationStep(delta)) return;
  goTo((H.view === null ? H.moves.length : H.view) + delta);
}

/** Point index → the number of the move that put the stone there (the latest one). */
function moveNumbers(upTo, board, size) {
  const nums = new Map();
  for (let k = 0; k < upTo && k < H.moves.length; k++) {
    const mv = H.moves[k];
    if (!mv.at) continue;
    const i = mv.at[1] * size + mv.at[0];
    if (board[i] === (mv.color === 'black' ? 'B' : 'W')) nums.set(i, k + 1);
  }
  return nums;
}

function moveLabel(mv, size) {
  const where = mv.at ? coordName(mv.at[0], mv.at[1], size) : 'pass';
  return `${mv.ply}. ${mv.color === 'black' ? 'B' : 'W'} ${where}` + (mv.captures ? ` ×${mv.captures}` : '');
}

function renderMoveList(st) {
  const list = $('move-list');
  const current = V.cursor !== null ? -1 : (H.view === null ? H.moves.length : H.view);
  list.innerHTML = '';
  const start = document.createElement('li');
  const startButton = document.createElement('button');
  startButton.textContent = st.handicap > 1 ? `start (${st.handicap} stones)` : 'start';
  startButton.dataset.ply = '0';
  startButton.tabIndex = -1;
  start.append(startButton);
  list.append(start);
  list.append(...variationLines(0, st.size));
  for (const mv of H.moves) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.textContent = moveLabel(mv, st.size);
    b.dataset.ply = String(mv.ply);
    b.tabIndex = -1; // the list is one tab stop; ← → step through it
    if (!mv.at) b.classList.add('pass');
    li.append(b);
    list.append(li);
    list.append(...variationLines(mv.ply, st.size));
  }
  if (st.phase === 'finished') {
    const li = document.createElement('li');
    li.className = 'end';
    li.id = 'move-list-end';
    li.textContent = endSentence(st);
    list.append(li);
  }
  const cur = list.querySelector(V.cursor !== null ? `button[data-key="${V.cursor}"]` : `button[data-ply="${current}"]`);
  if (cur) {
    cur.classList.add('current');
    cur.setAttribute('aria-current', 'step');
    const top = cur.offsetTop - list.offsetTop;
    if (top < list.scrollTop || top > list.scrollTop + list.clientHeight - cur.offsetHeight) {
      list.scrollTop = top - list.clientHeight / 2;
    }
  }
  $('nav-main').hidden = V.cursor === null;
  $('variation-pass').hidden = !(A.on && A.review && st.phase === 'finished');
  $('nav-live').hidden = H.view === null || V.cursor !== null;
  $('nav-live').textContent = st.phase === 'finished' ? 'Final position »' : `Back to the live game (move ${H.moves.length}) »`;
  $('nav-first').disabled = current === 0;
  $('nav-prev').disabled = current === 0;
  $('nav-next').disabled = H.view === null && V.cursor === null;
  $('nav-last').disabled = H.view === null && V.cursor === null;
  const onVar = V.nodes.get(V.cursor);
  $('nav-position').textContent = onVar ? `variation, move ${onVar.ply}`
    : H.view === null ? (G.record ? `move ${H.moves.length} of ${H.moves.length}` : `move ${H.moves.length} (live)`) : `move ${H.view} of ${H.moves.length}`;
}

function setupReview() {
  setupVariations();
  $('move-list').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-ply]');
    if (b) goTo(+b.dataset.ply);
  });
  $('nav-first').onclick = () => goTo(0);
  $('nav-prev').onclick = () => step(-1);
  $('nav-next').onclick = () => step(1);
  $('nav-last').onclick = () => goTo(null);
  $('nav-live').onclick = () => goTo(null);
  document.addEventListener('keydown', (e) => {
    const t = e.target;
    if (t && (t.tagName === 'INPUT' || t.tagName === 'TEXTAREA' || t.tagName === 'SELECT' || t.isContentEditable)) return;
    if (e.altKey || e.ctrlKey || e.metaKey || document.querySelector('dialog[open]')) return;
    const keys = { ArrowLeft: () => step(-1), ArrowRight: () => step(1), Home: () => goTo(0), End: () => goTo(null) };
    if (keys[e.key]) { e.preventDefault(); keys[e.key](); }
  });
}
