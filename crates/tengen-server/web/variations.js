// Variations in a review: a click on the board plays a move from the position shown, the
// server checks it and Tengen analyses the position after it, and the move list shows the
// branch under the move it leaves from. The record's own variations (an uploaded SGF) are
// branches too. Each page keeps its own tried variations; the server only analyses them.
'use strict';

// nodes: key → { key, parent, color, at, board, ply, base, moves, position, children }.
// Main-line positions are the numbers 0..moves (H.view); the record's variations keep the
// server's node numbers; tried ones are 'v1', 'v2', ….
const V = { nodes: new Map(), cursor: null, seq: 0, busy: false };

/** The board after `at` by `color` on `board`, with `captured` taken off. */
function boardAfter(board, size, color, at, captured) {
  const b = board.split('');
  if (at) b[at[1] * size + at[0]] = color === 'black' ? 'B' : 'W';
  for (const [x, y] of captured || []) b[y * size + x] = '.';
  return b.join('');
}

/** The record's variations (server nodes past the main line) from the review's tree. */
function absorbRecordVariations(tree, mainMoves) {
  for (let i = mainMoves + 1; i < tree.nodes.length; i++) {
    const n = tree.nodes[i];
    const parentBoard = n.parent <= mainMoves ? H.boards[n.parent] : V.nodes.get(n.parent).board;
    addVariationNode({ key: i, parent: n.parent, color: n.color, at: n.at, ply: n.ply, base: i, moves: [],
      board: boardAfter(parentBoard, tree.size, n.color, n.at, n.captured) });
  }
}

function addVariationNode(node) {
  node.children = [];
  V.nodes.set(node.key, node);
  const parent = V.nodes.get(node.parent);
  if (parent) parent.children.push(node.key);
}

/** The key of the position shown: a variation's node, else the main line's move number. */
function shownKey() { return V.cursor !== null ? V.cursor : shownPly(); }

function onVariation() { return V.cursor !== null; }

/** Variations leaving main-line position `ply` (alternatives to move ply + 1). */
function branchesAt(ply) {
  return [...V.nodes.values()].filter((n) => n.parent === ply);
}

/** Tengen's view of the position `key`, if it has one yet. */
function positionOf(key) {
  const n = V.nodes.get(key);
  if (n) return n.position || A.positions.get(n.key) || null;
  return A.positions.get(key) || null;
}

function boardOf(key) {
  const n = V.nodes.get(key);
  return n ? n.board : H.boards[key];
}

/** The move played next from `key`: the first child (the main line's next move there). */
function nextMoveFrom(key) {
  const n = V.nodes.get(key);
  if (n) {
    const child = V.nodes.get(n.children[0]);
    return child ? { at: child.at, color: child.color } : null;
  }
  return H.moves[key] ? { at: H.moves[key].at, color: H.moves[key].color } : null;
}

function goToNode(key) {
  if (typeof key === 'number' && key <= H.moves.length && !V.nodes.has(key)) { V.cursor = null; goTo(key); return; }
  V.cursor = key;
  H.view = H.view === null ? H.moves.length : H.view;
  $('notice').textContent = '';
  render();
}

/** Steps through a variation: back to its parent, on to its first child. */
function variationStep(delta) {
  const n = V.nodes.get(V.cursor);
  if (!n) return false;
  if (delta < 0) {
    if (V.nodes.has(n.parent)) goToNode(n.parent); else { V.cursor = null; goTo(n.parent); }
  } else if (n.children.length) {
    goToNode(n.children[0]);
  }
  return true;
}

/** Back to the main line, at the move the variation leaves it. */
function backToMainLine() {
  let n = V.nodes.get(V.cursor);
  while (n && V.nodes.has(n.parent)) n = V.nodes.get(n.parent);
  V.cursor = null;
  goTo(n ? n.parent : null);
}

/** Plays `x, y` (or a pass when `x` is null) from the position shown, as a variation. */
async function tryMove(x, y) {
  if (V.busy || !A.review) return;
  const from = shownKey();
  const at = x === null ? null : [x, y];
  const same = (a, b) => (a === null && b === null) || (a && b && a[0] === b[0] && a[1] === b[1]);
  // The move the record (or an earlier try) already has here: go there.
  const next = nextMoveFrom(from);
  if (next && same(next.at, at) && !V.nodes.has(from) && typeof from === 'number') { goTo(from + 1); return; }
  const existing = [...V.nodes.values()].find((n) => n.parent === from && same(n.at, at));
  if (existing) { goToNode(existing.key); return; }
  const parent = V.nodes.get(from);
  const base = parent ? (parent.moves.length ? parent.base : parent.key) : from;
  const moves = parent && parent.moves.length ? [...parent.moves, at] : [at];
  V.busy = true;
  $('notice').textContent = 'Tengen is analysing the variation…';
  $('notice').dataset.code = 'analysing';
  try {
    const r = await api('POST', `/api/reviews/${A.rid}/try`, { node: base, moves });
    const last = r.nodes[r.nodes.length - 1];
    const key = 'v' + (++V.seq);
    addVariationNode({ key, parent: from, color: last.color, at: last.at, ply: last.ply, base, moves,
      board: boardAfter(boardOf(from), G.state.size, last.color, last.at, last.captured), position: r.position });
    V.cursor = key;
    $('notice').textContent = '';
  } catch (e) {
    $('notice').textContent = 'Refused: ' + e.message;
    $('notice').dataset.code = 'illegal';
  } finally {
    V.busy = false;
  }
  render();
}

function moveText(n, size) {
  return `${n.ply}. ${n.color === 'black' ? 'B' : 'W'} ${n.at ? coordName(n.at[0], n.at[1], size) : 'pass'}`;
}

/** The variations leaving main-line position `ply`, as lines of the move list. */
function variationLines(ply, size) {
  const lines = [];
  const stack = branchesAt(ply).reverse().map((n) => [n, 1]);
  while (stack.length) {
    const [first, depth] = stack.pop();
    const li = document.createElement('li');
    li.className = 'variation';
    li.style.paddingLeft = `${depth * 0.8}rem`;
    li.dataset.depth = String(depth);
    li.append('↳ ');
    let n = first;
    const later = [];
    while (n) {
      const b = document.createElement('button');
      b.textContent = moveText(n, size);
      b.dataset.key = String(n.key);
      b.tabIndex = -1;
      if (n.key === V.cursor) { b.classList.add('current'); b.setAttribute('aria-current', 'step'); }
      li.append(b);
      for (const k of n.children.slice(1)) later.push([V.nodes.get(k), depth + 1]);
      n = V.nodes.get(n.children[0]);
    }
    lines.push(li);
    for (const item of later.reverse()) stack.push(item);
  }
  return lines;
}

function setupVariations() {
  $('move-list').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-key]');
    if (!b) return;
    const key = b.dataset.key;
    goToNode(/^\d+$/.test(key) ? Number(key) : key);
  });
  $('nav-main').onclick = backToMainLine;
  $('variation-pass').onclick = () => tryMove(null, null);
  $('review-sgf').addEventListener('click', downloadWithVariations);
}

/** The variations tried on this page, each as its last node's moves from its base node. */
function triedVariations() {
  return [...V.nodes.values()]
    .filter((n) => n.moves.length && !n.children.length)
    .map((n) => ({ node: n.base, moves: n.moves }));
}

/** The record with the analysis, and this page's tried variations when it has any (the
 *  link alone gives the record without them). */
async function downloadWithVariations(e) {
  const variations = triedVariations();
  if (!variations.length) return;
  e.preventDefault();
  const headers = { 'content-type': 'application/json' };
  if (csrfToken) headers['x-csrf-token'] = csrfToken;
  const res = await fetch(`/api/reviews/${A.rid}/sgf`, { method: 'POST', headers, body: JSON.stringify({ variations }) });
  if (!res.ok) {
    let message = res.statusText;
    try { message = (await res.json()).error || message; } catch (_) { /* not JSON */ }
    $('notice').textContent = 'The download failed: ' + message;
    return;
  }
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = (res.headers.get('content-disposition') || '').match(/filename="([^"]+)"/)?.[1] || 'tengen-review.sgf';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10000);
}
