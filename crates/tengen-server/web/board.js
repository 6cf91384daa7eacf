// The board: an SVG in board units (one unit between lines), drawn from the state or from a
// reviewed position. Hand-written: a board is ~150 lines of SVG, less than any library's API.
'use strict';

const SVGNS = 'http://www.w3.org/2000/svg';
const LETTERS = 'ABCDEFGHJKLMNOPQRSTUVWXYZ';

function coordName(x, y, size) { return LETTERS[x] + (size - y); }

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

/** Radial gradients that make the stones look round (lit from the top left). */
function stoneDefs(svg) {
  const defs = el('defs', {}, svg);
  for (const [id, stops] of [
    ['stone-black', [['0%', '#666'], ['35%', '#2a2a2a'], ['100%', '#000']]],
    ['stone-white', [['0%', '#fff'], ['70%', '#e8e8e2'], ['100%', '#b9b9b0']]],
  ]) {
    const g = el('radialGradient', { id, cx: '35%', cy: '30%', r: '70%' }, defs);
    for (const [offset, color] of stops) el('stop', { offset, 'stop-color': color }, g);
  }
}

function drawStone(g, x, y, color, extra) {
  el('circle', { cx: x + 0.04, cy: y + 0.06, r: 0.47, fill: 'rgba(0,0,0,.28)', class: 'shadow' }, g);
  return el('circle', Object.assign({ cx: x, cy: y, r: 0.47,
    fill: color === 'black' ? 'url(#stone-black)' : 'url(#stone-white)',
    stroke: color === 'black' ? '#000' : '#8d8d85', 'stroke-width': 0.02, 'data-stone': color }, extra || {}), g);
}

/**
 * Draws `view` into the board SVG: `view.board` (`.`/`B`/`W` per point), the ownership
 * marks when `view.ownership` is set, `view.lastMove` ([x, y]), `view.ko` ([x, y]), the ghost
 * stone, handicap points being chosen, move numbers (`view.numbers`: point index → number),
 * the stones just captured (`view.captured`, faded out by CSS), and in a review Tengen's
 * ownership map (`view.owner`: −100 White's to +100 Black's per point), its move
 * (`view.best`, for `view.bestColor`) and the move played next (`view.next`).
 */
function drawBoard(view, onClick) {
  const n = view.size;
  const svg = $('board');
  const coords = view.coords;
  // Coordinates in board units: larger on big boards, where a unit is small on screen.
  const font = n >= 13 ? 0.5 : 0.36;
  const m = coords ? 0.7 + 1.2 * font : 0.6;
  svg.setAttribute('viewBox', `${-m} ${-m} ${n - 1 + 2 * m} ${n - 1 + 2 * m}`);
  svg.innerHTML = '';
  stoneDefs(svg);
  const g = el('g', {}, svg);
  const line = getComputedStyle(document.documentElement).getPropertyValue('--line').trim() || '#3b2f1a';
  for (let i = 0; i < n; i++) {
    el('line', { x1: 0, y1: i, x2: n - 1, y2: i, stroke: line, 'stroke-width': 0.035 }, g);
    el('line', { x1: i, y1: 0, x2: i, y2: n - 1, stroke: line, 'stroke-width': 0.035 }, g);
  }
  for (const [x, y] of starPoints(n)) el('circle', { cx: x, cy: y, r: 0.1, fill: line, 'data-hoshi': 'true' }, g);
  if (coords) {
    for (let i = 0; i < n; i++) {
      const side = 0.3 + font;
      for (const [tx, ty, label] of [[i, -side, LETTERS[i]], [i, n - 1 + side + 0.7 * font, LETTERS[i]],
        [-side - 0.1, i + 0.35 * font, String(n - i)], [n - 0.9 + side, i + 0.35 * font, String(n - i)]]) {
        const t = el('text', { x: tx, y: ty, 'font-size': font, 'text-anchor': 'middle', fill: line, class: 'coord' }, g);
        t.textContent = label;
      }
    }
  }
  const own = view.ownership;
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const i = y * n + x;
      const s = view.board[i];
      const o = own ? own[i] : null;
      if (s !== '.') {
        const color = s === 'B' ? 'black' : 'white';
        const dead = o === 'X' || o === 'x'; // x: dead, in a region nobody owns yet
        const c = drawStone(g, x, y, color, dead ? { opacity: 0.45, 'data-dead': 'true' } : null);
        if (dead) {
          c.previousSibling.remove(); // no shadow under a dimmed stone
          el('path', { d: `M${x - 0.22} ${y - 0.22}L${x + 0.22} ${y + 0.22}M${x + 0.22} ${y - 0.22}L${x - 0.22} ${y + 0.22}`,
            stroke: '#d0241b', 'stroke-width': 0.08 }, g);
        }
        const num = view.numbers && view.numbers.get(i);
        if (num) {
          const t = el('text', { x, y: y + 0.16, 'font-size': num > 99 ? 0.36 : 0.44, 'text-anchor': 'middle',
            fill: color === 'black' ? '#fff' : '#111', class: 'move-number' }, g);
          t.textContent = String(num);
        }
      }
      if (o === 'b' || o === 'w' || (o === 'X' && s !== '.')) {
        const owner = o === 'X' ? (s === 'B' ? 'w' : 'b') : o;
        el('rect', { x: x - 0.13, y: y - 0.13, width: 0.26, height: 0.26,
          fill: owner === 'b' ? '#111' : '#fff', stroke: '#555', 'stroke-width': 0.02,
          'data-territory': owner === 'b' ? 'black' : 'white' }, g);
      } else if (o === '-' && s === '.') {
        el('circle', { cx: x, cy: y, r: 0.06, fill: '#8a6d3b', 'data-dame': 'true' }, g);
      }
    }
  }
  if (view.owner) {
    // A square per point the map gives to one side, as large as it is sure; none on the
    // owner's own stones (they are not in question).
    for (let i = 0; i < n * n; i++) {
      const o = view.owner[i];
      const s = view.board[i];
      if (Math.abs(o) < 20 || s === (o > 0 ? 'B' : 'W')) continue;
      const half = 0.08 + 0.17 * Math.abs(o) / 100;
      el('rect', { x: (i % n) - half, y: Math.floor(i / n) - half, width: 2 * half, height: 2 * half,
        fill: o > 0 ? '#111' : '#fff', opacity: 0.75, 'data-own': o > 0 ? 'black' : 'white' }, g);
    }
  }
  for (const [x, y, color] of view.captured || []) {
    const c = drawStone(g, x, y, color, { class: 'captured-fade', 'data-captured': color });
    c.removeAttribute('data-stone'); // gone from the board: not a stone any more
    c.previousSibling.classList.add('captured-fade');
  }
  if (view.lastMove) {
    const [x, y] = view.lastMove;
    const s = view.board[y * n + x];
    if (!(view.numbers && view.numbers.get(y * n + x))) {
      el('circle', { cx: x, cy: y, r: 0.2, fill: 'none', stroke: s === 'B' ? '#fff' : '#111',
        'stroke-width': 0.07, id: 'last-move' }, g);
    }
  }
  if (view.next) {
    el('circle', { cx: view.next[0], cy: view.next[1], r: 0.42, fill: 'none', stroke: '#d0241b',
      'stroke-width': 0.09, id: 'next-move', 'data-color': view.nextColor }, g);
  }
  for (const c of view.candidates || []) {
    // The other moves Tengen looked at, coloured by what they give up against its best
    // (green: as good, red: a mistake), with their visits.
    el('circle', { cx: c.at[0], cy: c.at[1], r: 0.4, fill: c.color, 'fill-opacity': 0.8, stroke: '#222',
      'stroke-width': 0.02, 'data-candidate': String(c.visits) }, g);
    const t = el('text', { x: c.at[0], y: c.at[1] + 0.12, 'font-size': c.visits > 999 ? 0.26 : 0.32,
      'text-anchor': 'middle', fill: '#111', class: 'visits' }, g);
    t.textContent = String(c.visits);
  }
  if (view.best) {
    // Tengen's move: a see-through stone in a blue ring, like an analysis board's suggestion.
    el('circle', { cx: view.best[0], cy: view.best[1], r: 0.44, fill: view.bestColor === 'black' ? '#111' : '#fff',
      'fill-opacity': 0.45, stroke: '#2d6cdf', 'stroke-width': 0.1, id: 'best-move', 'data-color': view.bestColor }, g);
  }
  for (const [x, y] of view.unsettled || []) {
    // A stone whose group's status depends on who moves first: a dashed orange ring.
    el('circle', { cx: x, cy: y, r: 0.5, fill: 'none', stroke: '#e07b00', 'stroke-width': 0.08,
      'stroke-dasharray': '0.16 0.1', 'data-unsettled': 'true' }, g);
  }
  for (const [x, y] of view.sealing || []) {
    // A point that needs a sealing move before the count is final (as OGS marks it).
    el('path', { d: `M${x} ${y - 0.3}L${x + 0.28} ${y + 0.2}L${x - 0.28} ${y + 0.2}Z`, fill: '#d0241b',
      opacity: 0.85, 'data-sealing': 'true' }, g);
  }
  if (view.ko) {
    el('rect', { x: view.ko[0] - 0.28, y: view.ko[1] - 0.28, width: 0.56, height: 0.56, fill: 'none',
      stroke: '#d0241b', 'stroke-width': 0.07, id: 'ko-point' }, g);
  }
  if (view.ghost) {
    el('circle', { cx: view.ghost[0], cy: view.ghost[1], r: 0.47,
      fill: view.ghostColor === 'black' ? '#111' : '#fff', stroke: '#d0241b', 'stroke-width': 0.06,
      'stroke-dasharray': '0.15 0.1', opacity: 0.7, id: 'ghost' }, g); // dashed: not played yet
  }
  for (const [x, y] of view.placing || []) {
    el('circle', { cx: x, cy: y, r: 0.47, fill: '#111', opacity: 0.6, 'data-placed': 'true' }, g);
  }
  // Hit targets: one square per point, edge to edge, so there are no dead taps.
  const hits = el('g', { fill: 'transparent' }, svg);
  for (let y = 0; y < n; y++) {
    for (let x = 0; x < n; x++) {
      const r = el('rect', { x: x - 0.5, y: y - 0.5, width: 1, height: 1, 'data-x': x, 'data-y': y,
        class: 'pt', 'aria-label': coordName(x, y, n) }, hits);
      r.addEventListener('click', () => onClick(x, y));
      const why = view.why && view.why.get(y * n + x);
      if (why) {
        // The verdict on hover: as the native tooltip, and on the page's line for it.
        el('title', {}, r).textContent = why;
        r.addEventListener('mouseenter', () => view.onHover(why));
      }
    }
  }
}
