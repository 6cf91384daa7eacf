// "Review with Tengen" of a finished game: the win-rate graph over the moves, Tengen's move
// and its ownership map at the position shown, and the moves that cost their player most.
// The server searches each position on its search pool; the page polls for the results and
// fills the graph as they come.
'use strict';

const A = { on: false, review: null, positions: new Map(), timer: null, error: '' };

const GRAPH_W = 400;
const GRAPH_H = 110;

function pct(x) { return `${Math.round(x * 100)}%`; }

/** The position the board shows: a move number, the end when it shows the live position. */
function shownPly() { return H.view === null ? H.moves.length : H.view; }

async function startReview() {
  A.on = true;
  A.error = '';
  $('review-start').disabled = true;
  try {
    absorbReview(await api('POST', `/api/games/${G.id}/review`));
  } catch (e) {
    A.error = e.message;
    A.on = false;
  }
  $('review-start').disabled = false;
  render();
  pollReview();
}

function absorbReview(r) {
  for (const p of r.positions) A.positions.set(p.ply, p);
  A.review = r;
}

function pollReview() {
  clearTimeout(A.timer);
  if (!A.on || !A.review || A.review.status === 'done') return;
  A.timer = setTimeout(async () => {
    const from = A.positions.size ? Math.max(...A.positions.keys()) + 1 : 0;
    try {
      absorbReview(await api('GET', `/api/games/${G.id}/review?from=${from}`));
      A.error = '';
    } catch (e) {
      A.error = e.message;
    }
    render();
    pollReview();
  }, 500);
}

/** What the board marks at move `ply` while reviewing: Tengen's move, the move played next, ownership. */
function reviewMarks(ply) {
  if (!A.on) return {};
  const p = A.positions.get(ply);
  if (!p) return {};
  const next = H.moves[ply];
  return {
    best: p.best, bestColor: p.to_move,
    next: next && next.at && !(p.best && p.best[0] === next.at[0] && p.best[1] === next.at[1]) ? next.at : null,
    nextColor: next ? next.color : null,
    owner: $('review-ownership').checked ? p.ownership : null,
  };
}

function graphX(ply) { return (ply / Math.max(1, A.review.moves)) * GRAPH_W; }
function graphY(blackWinrate) { return GRAPH_H * (1 - blackWinrate); }

function drawGraph() {
  const svg = $('winrate-graph');
  svg.innerHTML = '';
  svg.setAttribute('viewBox', `0 0 ${GRAPH_W} ${GRAPH_H}`);
  el('rect', { x: 0, y: 0, width: GRAPH_W, height: GRAPH_H, fill: '#f4f4f0' }, svg);
  const pts = [...A.positions.values()].sort((a, b) => a.ply - b.ply);
  if (pts.length) {
    // Black's chance from the bottom up, as lichess draws White's advantage: dark is Black's.
    let d = `M${graphX(pts[0].ply)} ${GRAPH_H}`;
    for (const p of pts) d += `L${graphX(p.ply).toFixed(1)} ${graphY(p.black_winrate).toFixed(1)}`;
    d += `L${graphX(pts[pts.length - 1].ply).toFixed(1)} ${GRAPH_H}Z`;
    el('path', { d, fill: '#3a3a3a', id: 'winrate-area' }, svg);
    let line = '';
    for (const p of pts) line += `${line ? 'L' : 'M'}${graphX(p.ply).toFixed(1)} ${graphY(p.black_winrate).toFixed(1)}`;
    el('path', { d: line, fill: 'none', stroke: '#c68a2c', 'stroke-width': 1.5 }, svg);
  }
  el('line', { x1: 0, y1: GRAPH_H / 2, x2: GRAPH_W, y2: GRAPH_H / 2, stroke: '#999', 'stroke-dasharray': '4 3', 'stroke-width': 0.8 }, svg);
  for (const m of A.review.mistakes) {
    const after = A.positions.get(m.ply);
    if (!after) continue;
    el('circle', { cx: graphX(m.ply), cy: graphY(after.black_winrate), r: 3.5, fill: '#d0241b', stroke: '#fff',
      'stroke-width': 1, 'data-mistake': String(m.ply) }, svg);
  }
  const x = graphX(shownPly());
  el('line', { x1: x, y1: 0, x2: x, y2: GRAPH_H, stroke: 'var(--accent)', 'stroke-width': 2, id: 'graph-cursor' }, svg);
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
  drawGraph();
  $('review-progress').textContent = r.status === 'done'
    ? `Tengen looked at ${r.total} position${r.total === 1 ? '' : 's'}` + (r.truncated ? ` (the first ${r.total} of ${r.moves + 1})` : '') + '.'
    : (r.status === 'queued' ? 'Waiting for Tengen (other reviews first)…' : `Tengen is reviewing… ${r.done} of ${r.total} positions`);
  $('review-progress').dataset.status = r.status;
  const ply = shownPly();
  const p = A.positions.get(ply);
  const info = $('review-position');
  if (p) {
    const who = colorName(p.to_move);
    info.innerHTML = '<span class="wr"></span> <span class="best"></span>';
    const black = Math.round(p.black_winrate * 100); // the two add up to 100 as shown
    const lead = p.black_lead === 0 ? 'even' : `${p.black_lead > 0 ? 'Black' : 'White'} leads by ${Math.abs(p.black_lead)}`;
    info.firstChild.textContent = `Move ${ply}: Black ${black}% · White ${100 - black}% · ${lead}.`;
    info.lastChild.textContent = `Tengen plays ${p.best_text} for ${who}` + (p.pv.length > 1 ? ` (then ${p.pv.slice(1, 4).join(' ')})` : '') + '.';
  } else {
    info.textContent = ply > r.total - 1 || r.status === 'done'
      ? `Move ${ply}: not reviewed (play had stopped).` : `Move ${ply}: not reviewed yet.`;
  }
  const list = $('mistakes');
  list.innerHTML = '';
  for (const m of r.mistakes) {
    const li = document.createElement('li');
    const b = document.createElement('button');
    b.dataset.ply = String(m.ply);
    b.textContent = `${m.ply}. ${m.color === 'black' ? 'B' : 'W'} ${m.played}: ${colorName(m.color)} ${pct(m.before)} → ${pct(m.after)} · Tengen: ${m.best}`;
    b.title = `Show the position before move ${m.ply}: the move played (red ring) and Tengen's (blue)`;
    if (shownPly() === m.ply - 1) b.classList.add('current');
    li.append(b);
    list.append(li);
  }
  $('mistakes-none').hidden = r.mistakes.length > 0 || r.status !== 'done';
}

function setupAnalysis() {
  $('review-start').onclick = startReview;
  $('review-ownership').onchange = () => renderBoard();
  $('mistakes').addEventListener('click', (e) => {
    const b = e.target.closest('button[data-ply]');
    if (b) goTo(+b.dataset.ply - 1);
  });
  $('winrate-graph').addEventListener('click', (e) => {
    if (!A.review) return;
    const box = e.currentTarget.getBoundingClientRect();
    const ply = Math.round(((e.clientX - box.left) / box.width) * A.review.moves);
    goTo(Math.max(0, Math.min(A.review.moves, ply)));
  });
}
