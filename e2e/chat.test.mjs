// Chat: the players talk both ways; markup stays text; a spectator's line stays among the
// spectators until the game is over; the chat is replayed after a reload; a burst of
// messages is refused with a reason; the record can carry the players' chat as comments.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, people, shot, createGame, joinGame, gameId } from './lib.mjs';

async function say(page, text) {
  await page.fill('#chat-input', text);
  await page.press('#chat-input', 'Enter');
}

const chatHas = (page, list, text) => page.waitForFunction(([l, t]) =>
  [...document.querySelectorAll(`#chat-${l} .text`)].some((e) => e.textContent === t), [list, text]);

test('players and spectators chat in separate rooms, as plain text, replayed on reload', { timeout: 90_000 }, async () => {
  const { browser, pages: [black, white, watcher] } = await people(3);
  try {
    const invite = await createGame(black, { name: 'Jo' });
    await joinGame(white, invite, 'Kim');
    await watcher.goto(`${BASE}/g/${gameId(black)}`);
    await watcher.waitForFunction(() => /watching/.test(document.getElementById('game-title').textContent));

    await say(black, 'Hello Kim, have a good game');
    await chatHas(white, 'players', 'Hello Kim, have a good game');
    const html = '<img src=x onerror="window.__pwned=1"><b>bold</b>';
    await say(white, html);
    for (const p of [black, watcher]) {
      await chatHas(p, 'players', html);
      assert.equal(await p.locator('.chat-list img, .chat-list b').count(), 0, 'no markup made it into the page');
      assert.equal(await p.evaluate(() => window.__pwned), undefined);
    }
    // Keyboard: the chat box is reachable by Tab from the move list.
    await black.focus('#move-list');
    let reached = false;
    for (let i = 0; i < 12 && !reached; i++) {
      await black.keyboard.press('Tab');
      reached = await black.evaluate(() => document.activeElement && document.activeElement.id === 'chat-input');
    }
    assert.ok(reached, 'Tab from the move list reaches the chat input');

    await say(watcher, 'psst: D4 is the vital point');
    await chatHas(watcher, 'spectators', 'psst: D4 is the vital point');
    await black.waitForTimeout(500);
    for (const p of [black, white]) {
      assert.equal(await p.isHidden('#chat-spectators-box'), true);
      assert.doesNotMatch(await p.textContent('.chat'), /psst/, 'players do not read the spectators during the game');
    }
    await shot(watcher, '40-chat-spectator');

    await white.reload();
    await chatHas(white, 'players', 'Hello Kim, have a good game');
    await chatHas(white, 'players', html);
    assert.doesNotMatch(await white.textContent('.chat'), /psst/);
    await shot(white, '41-chat-after-reload');

    // A burst: five messages in ten seconds, the sixth refused with the reason.
    for (let i = 2; i <= 6; i++) await say(black, `message ${i}`);
    await black.waitForFunction(() => /at most 5 messages/.test(document.getElementById('chat-error').textContent));
    await chatHas(white, 'players', 'message 5');
    assert.doesNotMatch(await white.textContent('#chat-players'), /message 6/);
    await shot(black, '42-chat-rate-limited');

    // After the game the players read the spectators' room too.
    await black.click('#resign-button');
    await black.click('#confirm-yes');
    await chatHas(white, 'spectators', 'psst: D4 is the vital point');
    assert.equal(await white.isVisible('#chat-spectators-box'), true);
    await shot(white, '43-chat-after-the-end');

    // The record with the players' chat: their lines as comments (all said before the first
    // move: on the root node), the spectators' room left out; the plain record has none.
    assert.equal(await white.isVisible('#sgf-chat-link'), true);
    const withChat = await white.evaluate((href) => fetch(href).then((r) => r.text()),
      await white.getAttribute('#sgf-chat-link', 'href'));
    assert.match(withChat, /C\[Jo \(Black\): Hello Kim, have a good game\nKim \(White\): <img src=x/);
    assert.doesNotMatch(withChat, /psst/);
    const plain = await white.evaluate((href) => fetch(href).then((r) => r.text()),
      await white.getAttribute('#sgf-link', 'href'));
    assert.doesNotMatch(plain, /C\[/);
  } finally {
    await browser.close();
  }
});
