// Chat: the players' room and the spectators' room (which the players read once the game is
// over). Every line is shown with textContent: a message is text, never markup.
'use strict';

const CHAT = { lines: [], sentAt: 0 };

function chatLineElement(line) {
  const li = document.createElement('li');
  li.className = 'chat-line';
  const who = document.createElement('span');
  who.className = 'who' + (line.color ? ' ' + line.color : '');
  who.textContent = line.color ? `${line.name} (${line.color === 'black' ? 'B' : 'W'})` : line.name;
  const when = document.createElement('span');
  when.className = 'when';
  when.textContent = `move ${line.ply}`;
  const text = document.createElement('span');
  text.className = 'text';
  text.textContent = line.text;
  li.append(who, ': ', text, ' ', when);
  return li;
}

function renderChat() {
  for (const room of ['players', 'spectators']) {
    const list = $(`chat-${room}`);
    list.innerHTML = '';
    for (const line of CHAT.lines.filter((l) => l.room === room)) list.append(chatLineElement(line));
    list.scrollTop = list.scrollHeight;
  }
  const st = G.state;
  const me = myColor();
  // Players see the spectators' room once the game is over; spectators always.
  $('chat-spectators-box').hidden = !!(me && st && st.phase !== 'finished');
  $('chat-input').placeholder = me ? 'Message to your opponent' : 'Message to the other spectators';
}

function onChatWelcome(lines) {
  CHAT.lines = lines || [];
  renderChat();
}

function onChatLine(line) {
  CHAT.lines.push(line);
  renderChat();
}

/** A refusal that answers a message just sent belongs under the chat box. */
function chatRefusal(m) {
  if (performance.now() - CHAT.sentAt > 3000) return false;
  if (!['rate_limited', 'too_large', 'bad_message', 'not_now'].includes(m.code)) return false;
  $('chat-error').textContent = m.message;
  return true;
}

function setupChat() {
  $('chat-form').addEventListener('submit', (e) => {
    e.preventDefault();
    const input = $('chat-input');
    const text = input.value.trim();
    if (!text) return;
    CHAT.sentAt = performance.now();
    $('chat-error').textContent = '';
    send({ type: 'chat', text });
    input.value = '';
  });
}
