// "Your move": the tab title, sounds (Web Audio, synthesised, so no audio files to load;
// off by default) and an optional browser notification while the tab is hidden.
'use strict';

let audio = null;

function soundOn() { return localStorage.getItem('tengen.sound') === 'on'; }

/** A short tone or click; `kind` is `stone`, `capture` or `low`. */
function playSound(kind) {
  if (!soundOn()) return;
  document.body.dataset.lastSound = kind; // what was played last (the browser test reads it)
  try {
    audio = audio || new (window.AudioContext || window.webkitAudioContext)();
    if (audio.state === 'suspended') audio.resume();
    const t = audio.currentTime;
    const hit = (at, freq, length, volume, type) => {
      const o = audio.createOscillator();
      const g = audio.createGain();
      o.type = type;
      o.frequency.setValueAtTime(freq, at);
      o.frequency.exponentialRampToValueAtTime(freq * 0.5, at + length);
      g.gain.setValueAtTime(volume, at);
      g.gain.exponentialRampToValueAtTime(0.0001, at + length);
      o.connect(g).connect(audio.destination);
      o.start(at);
      o.stop(at + length);
    };
    if (kind === 'stone') hit(t, 900, 0.07, 0.5, 'triangle');
    else if (kind === 'capture') { hit(t, 900, 0.07, 0.5, 'triangle'); hit(t + 0.09, 600, 0.12, 0.4, 'triangle'); }
    else if (kind === 'low') hit(t, 1320, 0.12, 0.25, 'sine');
  } catch (_) { /* no audio: stay silent */ }
}

/** The tab title: "(your move) Tengen – Alice vs Bob". */
function updateTitle(st) {
  const me = myColor();
  const mine = me && ((st.phase === 'playing' && st.to_move === me) || (st.phase === 'placing' && me === 'black'));
  const over = st.phase === 'finished' ? ' (over)' : '';
  document.title = `${mine ? '(your move) ' : ''}Tengen – ${st.black.name} vs ${st.white.name}${over}`;
  return mine;
}

function notifyOn() { return localStorage.getItem('tengen.notify') === 'on'; }

function notifyMove(st, ev) {
  if (!notifyOn() || !document.hidden || !('Notification' in window) || Notification.permission !== 'granted') return;
  const last = ev.type === 'played' ? coordName(ev.at[0], ev.at[1], st.size) : 'pass';
  try {
    new Notification('Tengen: your move', { body: `${colorName(ev.color)} played ${last}.`, tag: 'tengen-' + st.id });
  } catch (_) { /* notifications not allowed here */ }
}

/** Beeps once a second in the last ten seconds of the player's own running clock. */
let lastBeep = null;
function lowTimeBeep(color, secondsLeft) {
  if (color !== myColor() || !(secondsLeft > 0 && secondsLeft <= 10)) { lastBeep = null; return; }
  if (lastBeep !== secondsLeft) { lastBeep = secondsLeft; playSound('low'); }
}

function setupSound() {
  $('sound-toggle').checked = soundOn();
  $('sound-toggle').onchange = (e) => {
    localStorage.setItem('tengen.sound', e.target.checked ? 'on' : 'off');
    if (e.target.checked) playSound('stone'); // a sample, and it unlocks audio on this click
  };
  $('notify-toggle').checked = notifyOn();
  $('notify-toggle').onchange = async (e) => {
    if (e.target.checked && 'Notification' in window && Notification.permission !== 'granted') {
      const answer = await Notification.requestPermission().catch(() => 'denied');
      if (answer !== 'granted') e.target.checked = false;
    }
    localStorage.setItem('tengen.notify', e.target.checked ? 'on' : 'off');
  };
}
