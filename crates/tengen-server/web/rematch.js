// Rematch at the end: offer, accept or decline; on acceptance each player's page gets its
// own seat secret in the new game (privately, over its own connection) and goes there.
'use strict';

function renderRematch(st) {
  const box = $('rematch-box');
  const me = myColor();
  const r = st.rematch;
  box.hidden = st.phase !== 'finished' || (!me && !(r && r.game));
  if (box.hidden) return;
  const text = $('rematch-text');
  const offer = $('rematch-offer');
  const accept = $('rematch-accept');
  const decline = $('rematch-decline');
  offer.hidden = true; accept.hidden = true; decline.hidden = true;
  $('rematch-link').hidden = true;
  if (r && r.game) {
    text.textContent = 'The rematch has started (colours swapped).';
    if (me) {
      if (!G.rematchAsked) { G.rematchAsked = true; send({ type: 'rematch_seat' }); }
    } else {
      $('rematch-link').hidden = false;
      $('rematch-link').href = '/g/' + r.game;
    }
  } else if (!r || r.declined) {
    text.textContent = r && r.declined
      ? (r.by === me ? `${colorName(other(me))} declined the rematch.` : 'You declined the rematch.')
      : 'Play again with the colours swapped and the same settings?';
    offer.hidden = !me || (r && r.declined && r.by !== me);
  } else if (r.by === me) {
    text.textContent = 'You offered a rematch; waiting for the answer.';
  } else if (me) {
    text.textContent = `${colorName(r.by)} offers a rematch with the colours swapped.`;
    accept.hidden = false;
    decline.hidden = false;
  } else {
    text.textContent = `${colorName(r.by)} offered a rematch.`;
  }
}

function onRematchSeat(m) {
  localStorage.setItem('tengen.seat.' + m.game, m.seat);
  location.href = '/g/' + m.game;
}

function setupRematch() {
  $('rematch-offer').onclick = () => send({ type: 'rematch' });
  $('rematch-accept').onclick = () => send({ type: 'rematch_answer', accept: true });
  $('rematch-decline').onclick = () => send({ type: 'rematch_answer', accept: false });
}
