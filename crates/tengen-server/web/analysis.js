// "Review with Tengen" of a finished game: the win-rate graph over the moves, Tengen's move
// and its ownership map at the position shown, and the moves that cost their player most.
// The server searches each position on its search pool; the page polls for the results and
// fills the graph as they come.
'use strict';

// rid: the review's id (the game's, or an uploaded record's); received: positions had so far.
const A = { on: false, rid: null, review: null, positions: new Map(), received: 0, timer: null, error: '' };

// The graph in SVG units: the plot, a strip of points lost per move under it, the axes.
const GRAPH_W = 400;
const GRAPH_H = 150;
const PLOT = { left: 34, right: 394, top: 6, bottom: 96 };
const LOSS = { top: 100, bottom: 118 };

function pct(x) { return `${Math.round(x * 100)}%`; }

/** The position the board shows: a move number, the end when it shows the live position. */
function shownPly() { return H.view === null ? H.moves.length : H.view; }

async function startReview() {
  A.on = true;
  A.error = '';
  $('review-start').disabled = true;
  try {
    A.rid = G.id;
    absorbReview(await api('POST', `/api/games/${G.id}/review`), 0);
  } catch (e) {
    A.error = e.message;
    A.on = false;
  }
  $('review-start').disabled = false;
  render();
  pollReview();
}

function absorbReview(r, from) {
  for (const p of r.positions) A.positions.set(p.node, p);
  A.received = from + r.positions.length;
  A.review = r;
}

function pollReview() {
  clearTimeout(A.timer);
  if (!A.on || !A.review || A.review.status === 'done') return;
  A.timer = setTimeout(async () => {
    const from = A.received;
    try {
      absorbReview(await api('GET', `/api/reviews/${A.rid}?from=${from}`), from);
      A.error = '';
    } catch (e) {
      A.error = e.message;
    }
    render();
    pollReview();
  }, 500);
}

/** The colour of a candidate by how much of the mover's chance it gives up against the best. */
function candidateColor(loss) {
  if (loss < 0.02) return '#1f9d55';
  if (loss < 0.05) return '#9cc43a';
  if (loss < 0.10) return '#f0a020';
  return '#d0241b';
}

/** What the board marks at position `key` while reviewing: Tengen's move and the other
 * candidates, the move played next, ownership. */
function reviewMarks(key) {
  if (!A.on) return {};
  const p = positionOf(key);
  if (!p) return {};
  const next = nextMoveFrom(key);
  const mine = (wr) => (p.to_move === 'black' ? wr : 1 - wr);
  const top = p.candidates.length ? mine(p.candidates[0].black_winrate) : 0;
  return {
    best: p.best, bestColor: p.to_move,
    next: next && next.at && !(p.best && p.best[0] === next.at[0] && p.best[1] === next.at[1]) ? next.at : null,
    nextColor: next ? next.color : null,
    owner: $('review-ownership').checked ? p.ownership : null,
    candidates: $('review-candidates').checked ? p.candidates.filter((c) => c.at).map((c) => ({
      at: c.at, visits: c.visits, color: candidateColor(top - mine(c.black_winrate)) })) : [],
  };
}

/** The graph's measure: Black's win rate, or Black's lead in points. */
function metric() { return $('graph-metric').value; }

function graphX(ply) { return PLOT.left + (ply / Math.max(1, A.review.moves)) * (PLOT.right - PLOT.left); }

/** The largest lead on the graph's scale: the leads' largest, rounded up to 10 points. */
function leadScale(pts) { return Math.max(10, Math.ceil(Math.max(...pts.map((p) => Math.abs(p.black_lead)), 0) / 10) * 10); }

function graphValue(p, scale) {
  const share = metric() === 'lead' ? 0.5 + p.black_lead / (2 * scale) : p.black_winrate;
  return PLOT.bottom - (PLOT.bottom - PLOT.top) * Math.max(0, Math.min(1, share));
}

function text(svg, x, y, s, attrs) {
  const t = el('text', Object.assign({ x, y, 'font-size': 9, fill: '#555' }, attrs || {}), svg);
  t.textContent = s;
  return t;
}

/** Points the mover of main-line move `ply` lost: its lead before minus after (0 at best). */
function pointsLost(ply) {
  const before = A.positions.get(ply - 1);
  const after = A.positions.get(ply);
  const mv = H.moves[ply - 1];
  if (!before || !after || !mv) return null;
  const sign = mv.color === 'black' ? 1 : -1;
  return Math.max(0, sign * (before.black_lead - after.black_lead));
}

function drawGraph() {
  const svg = $('winrate-graph');
  svg.innerHTML = '';
  svg.setAttribute('viewBox', `0 0 ${GRAPH_W} ${GRAPH_H}`);
  el('rect', { x: PLOT.left, y: PLOT.top, width: PLOT.right - PLOT.left, height: PLOT.bottom - PLOT.top, fill: '#f4f4f0' }, svg);
  const pts = [...A.positions.values()].filter((p) => p.node <= A.review.moves).sort((a, b) => a.ply - b.ply);
  const scale = leadScale(pts);
  const mid = (PLOT.top + PLOT.bottom) / 2;
  if (pts.length) {
    // Black's share from the bottom up, as lichess draws White's advantage: dark is Black's.
    let d = `M${graphX(pts[0].ply)} ${PLOT.bottom}`;
    for (const p of pts) d += `L${graphX(p.ply).toFixed(1)} ${graphValue(p, scale).toFixed(1)}`;
    d += `L${graphX(pts[pts.length - 1].ply).toFixed(1)} ${PLOT.bottom}Z`;
    el('path', { d, fill: '#3a3a3a', id: 'winrate-area' }, svg);
    let line = '';
    for (const p of pts) line += `${line ? 'L' : 'M'}${graphX(p.ply).toFixed(1)} ${graphValue(p, scale).toFixed(1)}`;
    el('path', { d: line, fill: 'none', stroke: '#c68a2c', 'stroke-width': 1.5 }, svg);
  }
  el('line', { x1: PLOT.left, y1: mid, x2: PLOT.right, y2: mid, stroke: '#999', 'stroke-dasharray': '4 3', 'stroke-width': 0.8 }, svg);
  // The axes: the measure on the left, the move numbers below.
  const lead = metric() === 'lead';
  for (const [y, label] of [[PLOT.top, lead ? `B+${scale}` : '100%'], [mid, lead ? '0' : '50%'], [PLOT.bottom, lead ? `W+${scale}` : '0%']]) {
    text(svg, PLOT.left - 3, y + 3, label, { 'text-anchor': 'end', class: 'axis-label' });
  }
  text(svg, 8, mid, lead ? 'Black\'s lead' : 'Black\'s win rate', { transform: `rotate(-90 8 ${mid})`, 'text-anchor': 'middle', class: 'axis-title' });
  const moves = A.review.moves;
  const stepBy = [1, 2, 5, 10, 20, 25, 50, 100].find((s) => moves / s <= 8) || 200;
  for (let m = 0; m <= moves; m += stepBy) {
    el('line', { x1: graphX(m), y1: PLOT.bottom, x2: graphX(m), y2: PLOT.bottom + 3, stroke: '#777', 'stroke-width': 0.6 }, svg);
    text(svg, graphX(m), GRAPH_H - 20, String(m), { 'text-anchor': 'middle', class: 'axis-label' });
  }
  text(svg, PLOT.right, GRAPH_H - 4, 'move number', { 'text-anchor': 'end', class: 'axis-title' });
  text(svg, PLOT.left - 3, LOSS.bottom, 'lost', { 'text-anchor': 'end', class: 'axis-title' });
  // Points lost per move: a bar down from the strip's top, as long as the loss (10 points fill it).
  const barW = Math.max(1, (PLOT.right - PLOT.left) / Math.max(1, moves) - 0.6);
  for (let ply = 1; ply <= moves; ply++) {
    const lost = pointsLost(ply);
    if (!lost || lost < 0.5) continue;
    const h = Math.min(1, lost / 10) * (LOSS.bottom - LOSS.top);
    el('rect', { x: graphX(ply) - barW, y: LOSS.top, width: barW, height: h,
      fill: H.moves[ply - 1].color === 'black' ? '#333' : '#bbb', stroke: '#d0241b', 'stroke-width': 0.4, 'data-lost': String(ply) }, svg);
  }
  for (const m of A.review.mistakes) {
    const after = A.positions.get(m.ply);
    if (!after) continue;
    el('circle', { cx: graphX(m.ply), cy: graphValue(after, scale), r: 3.5, fill: '#d0241b', stroke: '#fff',
      'stroke-width': 1, 'data-mistake': String(m.ply) }, svg);
  }
  const x = graphX(shownPly());
  el('line', { x1: x, y1: PLOT.top, x2: x, y2: PLOT.bottom, stroke: 'var(--accent)', 'stroke-width': 2, id: 'graph-cursor' }, svg);
}

function renderAnalysis(st) {
  const box = $('analysis');
  box.hidden = st.phase !== 'finished';
  if (box.hidden) return;
  $('review-start').hidden = A.on;
  $('review-error').textContent = A.error;
  $('review-body').hidden = !A.on || !A.review;
  if (!A.on || !A.review) return;
  const r = A.review;
  const engine = r.engine || 'Tengen';
  for (const el of document.querySelectorAll('.engine-name')) el.textContent = engine;
  drawGraph();
  $('review-progress').textContent = r.status === 'done'
    ? `${engine} looked at ${r.total} position${r.total === 1 ? '' : 's'}` + (r.truncated ? ` (the first ${r.total} of ${r.moves + 1})` : '') + '.'
    : (r.status === 'queued' ? `Waiting for ${engine} (other reviews first)…` : `${engine} is reviewing… ${r.done} of ${r.total} positions`);
  $('review-progress').dataset.status = r.status;
  const key = shownKey();
  const varNode = V.nodes.get(key);
  const ply = varNode ? varNode.ply : shownPly();
  const p = positionOf(key);
  const info = $('review-position');
  const where = varNode ? `Variation, move ${ply}` : `Move ${ply}`;
  if (p) {
    const who = colorName(p.to_move);
    info.innerHTML = '<span class="wr"></span> <span class="best"></span> <span class="lost"></span>';
    const black = Math.round(p.black_winrate * 100); // the two add up to 100 as shown
    const lead = p.black_lead === 0 ? 'even' : `${p.black_lead > 0 ? 'Black' : 'White'} leads by ${Math.abs(p.black_lead)}`;
    info.children[0].textContent = `${where}: Black ${black}% · White ${100 - black}% · ${lead}.`;
    info.children[1].textContent = `${p.engine || engine} plays ${p.best_text} for ${who}` + (p.pv.length > 1 ? ` (then ${p.pv.slice(1, 4).join(' ')})` : '') + '.';
    const lost = varNode ? null : pointsLost(ply);
    const before = A.positions.get(ply - 1);
    info.children[2].textContent = lost === null ? ''
      : `Move ${ply} lost ${lost.toFixed(1)} point${lost.toFixed(1) === '1.0' ? '' : 's'}` + (before ? ` (${before.engine || engine}: ${before.best_text}).` : '.');
  } else {
    info.textContent = varNode ? `${where}: play has stopped here.` : ply > r.total - 1 || r.status === 'done'
      ? `${where}: not reviewed (play had stopped).` : `${where}: not reviewed yet.`;
  }
  $('review-sgf').href = `/api/reviews/${A.rid}/sgf`;
  const list = $('mistakes');
  list.innerHTML = '';
  for (const m of r.mistakes) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.dataset.ply = String(m.ply);
    b.textContent = `${m.ply}. ${m.color === 'black' ? 'B' : 'W'} ${m.played}: ${colorName(m.color)} ${pct(m.before)} → ${pct(m.after)} · ${engine}: ${m.best}`;
    b.title = `Show the position before move ${m.ply}: the move played (red ring) and ${engine}'s (blue)`;
    if (shownPly() === m.ply - 1) b.classList.add('current');
    li.append(b);
    list.append(li);
  }
  $('mistakes-none').hidden = r.mistakes.length > 0 || r.status !== 'done';
}

function setupAnalysis() {
  $('review-start').onclick = startReview;
  $('review-ownership').onchange = () => renderBoard();
  $('review-candidates').onchange = () => renderBoard();
  $('graph-metric').onchange = () => render();
  $('mistakes').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-ply]');
    if (b) goTo(+b.dataset.ply - 1);
  });
  $('winrate-graph').addEventListener('click', (e) => {
    if (!A.review) return;
    const box = e.currentTarget.getBoundingClientRect();
    const svgX = ((e.clientX - box.left) / box.width) * GRAPH_W;
    const ply = Math.round(((svgX - PLOT.left) / (PLOT.right - PLOT.left)) * A.review.moves);
    goTo(Math.max(0, Math.min(A.review.moves, ply)));
  });
}
