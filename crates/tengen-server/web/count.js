// The count explained, in the scoring phase: Tengen's verdict on every group and why (on
// hover, or under the board after a tap), the points that still need a sealing move and
// the groups whose status depends on who moves first, marked on the board so that the
// players fix them (a dispute resumes play) before they accept.
'use strict';

// data: the server's answer for the position (game id, ply); why: the line shown.
const COUNT = { id: null, ply: -1, data: null, asking: false, failed: '', why: '' };

/** The explanation for the position shown, if it is the scoring phase's and has come. */
function countNotes() {
  const st = G.state;
  if (!st || st.phase !== 'scoring' || reviewing()) return null;
  return COUNT.id === st.id && COUNT.ply === st.ply ? COUNT.data : null;
}

/** Asks the server once per scoring position for its explanation of the count. */
async function askCount() {
  const st = G.state;
  if (!st || st.phase !== 'scoring' || COUNT.asking || (COUNT.id === st.id && COUNT.ply === st.ply)) return;
  COUNT.asking = true;
  const [id, ply] = [st.id, st.ply];
  try {
    COUNT.data = await api('GET', `/api/games/${id}/estimate`);
    COUNT.failed = '';
  } catch (err) {
    COUNT.data = null;
    COUNT.failed = `Tengen could not explain the count: ${err.message}`;
  }
  Object.assign(COUNT, { id, ply, asking: false, why: '' });
  renderCount();
  renderBoard();
}

/** What the board marks for the count: the points that need sealing, the unsettled
 * groups' stones, and each stone's verdict for its hover text (by point index). */
function countMarks(size) {
  const notes = countNotes();
  if (!notes) return {};
  const why = new Map();
  const unsettled = [];
  for (const g of notes.groups) {
    const text = verdictText(g);
    for (const [x, y] of g.stones) {
      why.set(y * size + x, text);
      if (g.unsettled) unsettled.push([x, y]);
    }
  }
  const sealing = [];
  for (const s of notes.needs_sealing) {
    for (const [x, y] of s.points) {
      sealing.push([x, y]);
      why.set(y * size + x, `Needs sealing: ${colorName(s.color)} gains ${s.encloses.length} point${s.encloses.length === 1 ? '' : 's'} of territory once this is played. Dispute to resume play and fill it.`);
    }
  }
  return { sealing, unsettled, why, onHover: showWhy };
}

function verdictText(g) {
  const n = g.stones.length;
  const what = `${colorName(g.color)} ${n === 1 ? 'stone' : `group of ${n}`}`;
  let text = `Tengen: ${what} ${g.status}${g.uncertain ? ' (uncertain)' : ''} — ${g.why}`;
  if (g.unsettled) text += `. Not finished: ${g.unsettled}`;
  return text;
}

/** Shows why on the line under the board (hover, or the tap that toggles a group). */
function showWhy(text) {
  COUNT.why = text || '';
  $('count-why').textContent = COUNT.why;
  $('count-why').hidden = !COUNT.why;
}

function renderCount() {
  const st = G.state;
  const box = $('count-notes');
  const notes = countNotes();
  const scoring = !!st && st.phase === 'scoring' && !reviewing();
  box.hidden = !scoring;
  $('count-why').hidden = !scoring || !COUNT.why;
  if (!scoring) return;
  if (!notes) {
    box.textContent = COUNT.failed && COUNT.id === st.id ? COUNT.failed : 'Tengen is reading the position…';
    box.dataset.finished = '';
    return;
  }
  const seal = notes.needs_sealing.reduce((k, s) => k + s.points.length, 0);
  const open = notes.groups.filter((g) => g.unsettled).length;
  const parts = [];
  if (seal) parts.push(`${seal} point${seal === 1 ? ' needs' : 's need'} a sealing move (marked ▲)`);
  if (open) parts.push(`${open} group${open === 1 ? '' : 's'} depend${open === 1 ? 's' : ''} on who moves first (dashed ring)`);
  const how = touchScreen() ? 'a tap on a group (which also changes its mark) says why' : 'hover over a stone or a mark to see why';
  box.dataset.finished = String(notes.finished);
  box.textContent = notes.finished
    ? `Tengen finds the game finished: ${how}.`
    : `Not finished: ${parts.join('; ')}. Dispute to resume play and settle ${seal + open === 1 ? 'it' : 'them'} before accepting; ${how}.`;
}
