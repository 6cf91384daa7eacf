// Reviewing any record: the home page's form uploads (or pastes) an SGF file, and the page
// at /r/{id} reviews it with the game page's board, move list and analysis. The id is
// unguessable: the review is seen by those its uploader gives the link to.
'use strict';

/** The upload form on the home page. */
function setupRecordUpload() {
  const form = $('record-form');
  if (!form) return;
  form.onsubmit = async (e) => {
    e.preventDefault();
    const file = $('record-file').files[0];
    const pasted = $('record-text').value.trim();
    const body = file || pasted;
    $('record-error').textContent = '';
    if (!body) { $('record-error').textContent = 'Choose an SGF file or paste a record first.'; return; }
    $('record-button').disabled = true;
    try {
      const res = await fetch('/api/reviews', { method: 'POST', headers: { 'content-type': 'application/x-go-sgf' }, body });
      const data = await res.json().catch(() => null);
      if (!res.ok) throw new Error((data && data.error) || res.statusText);
      location.href = '/r/' + data.id;
    } catch (err) {
      $('record-error').textContent = 'Refused: ' + err.message;
    } finally {
      $('record-button').disabled = false;
    }
  };
}

/** The page of an uploaded record's review. */
async function showRecord(id) {
  G.id = id;
  G.record = true;
  A.rid = id;
  $('game').hidden = false;
  $('game').dataset.mode = 'record';
  setupControls();
  setupReview();
  setupAnalysis();
  let r;
  try {
    r = await api('GET', `/api/reviews/${id}`);
  } catch (e) {
    $('game-title').textContent = 'Review';
    $('review-error').textContent = e.message;
    $('analysis').hidden = false;
    $('review-start').hidden = true;
    return;
  }
  const t = r.tree;
  const n = t.size;
  // The main line as the game page's history: its boards, move by move.
  const main = t.nodes.slice(1, r.moves + 1);
  H.boards = [t.initial_board];
  for (const mv of main) H.boards.push(boardAfter(H.boards[H.boards.length - 1], n, mv.color, mv.at, mv.captured));
  H.moves = main.map((mv, i) => ({ color: mv.color, at: mv.at, captures: mv.captured.length, ply: i + 1 }));
  H.ready = true;
  absorbRecordVariations(t, r.moves);
  G.state = {
    id, size: n, board: H.boards[H.boards.length - 1], phase: 'finished', ply: r.moves,
    handicap: t.handicap, komi: t.komi, rules: t.rules, rules_summary: t.rules_summary,
    result: t.info.result, black: { name: t.info.black }, white: { name: t.info.white }, info: t.info,
  };
  A.on = true;
  absorbReview(r, 0);
  render();
  pollReview();
}

/** The record page's render: the board, the move tree and the analysis; no players' seats. */
function renderRecord(st) {
  $('game-title').textContent = `${st.size}×${st.size} · ${st.black.name} vs ${st.white.name}` +
    (st.info.title ? ` · ${st.info.title}` : '') + ' · review';
  document.title = `Review: ${st.black.name} vs ${st.white.name} · Tengen`;
  $('rules-line').textContent = `${st.rules_summary}. Komi ${st.komi}` + (st.handicap ? `, handicap ${st.handicap}` : '') + '.';
  renderMoveList(st);
  renderAnalysis(st);
  renderBoard();
  $('status').textContent = V.cursor !== null
    ? `Variation: ${pointWord(true)} the board to play on, ◀ to step back, or return to the main line.`
    : `${pointWord()} the board to try a move: Tengen analyses the variation.`;
  $('end-sentence').textContent = st.result ? resultSentence(st.result) : 'No result recorded.';
  $('end-sentence').hidden = false;
}
