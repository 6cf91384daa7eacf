// A 19×19 game on a phone (390×844, touch): the board uses the full width, the coordinates
// stay legible, a tap shows a ghost stone and a second tap plays it; the desktop opponent
// hears the stone (sounds switched on) and a capture is shown for a moment. Then a 9×9
// game created on the phone (every option of the form shown, nothing wider than the
// screen, Create tapped) to the scoring phase: the Accept button is on the first screen,
// right under the board, and the page says "Tap a group", not "Click".

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, pt, stone, people, shot, createGame, joinGame, statusIs } from './lib.mjs';

async function widest(page) {
  return page.evaluate(() => Math.max(document.documentElement.scrollWidth,
    ...[...document.querySelectorAll('body *')].filter((e) => e.getClientRects().length)
      .map((e) => e.getBoundingClientRect().right)));
}

test('a phone plays 19x19 with the full-width board and ghost-stone taps', { timeout: 90_000 }, async () => {
  const { browser, pages: [desk] } = await people(1);
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const phone = await ctx.newPage();
  phone.on('pageerror', (e) => { throw e; });
  try {
    const invite = await createGame(desk, { size: '19', color: 'black', name: 'Hana' });
    await desk.click('details.prefs summary');
    await desk.check('#sound-toggle');
    await joinGame(phone, invite, 'Ivo');
    const board = await phone.locator('#board').boundingBox();
    assert.ok(board.width >= 385, `the board is ${board.width}px wide on a 390px screen`);
    // Measured in one evaluation: the board is redrawn on every update.
    const coordHeight = await phone.evaluate(() => document.querySelector('#board text.coord').getBoundingClientRect().height);
    assert.ok(coordHeight >= 8, `coordinates are ${coordHeight.toFixed(1)}px high`);
    await shot(phone, '30-phone-19x19');

    await desk.click(pt(3, 3));
    await phone.waitForSelector(stone(3, 3, 'black'));
    await phone.tap(pt(15, 15));
    await phone.waitForSelector('#ghost');
    assert.equal(await phone.locator(stone(15, 15, 'white')).count(), 0, 'one tap only shows the ghost');
    await shot(phone, '31-phone-ghost-stone');
    await phone.tap(pt(15, 15));
    await desk.waitForSelector(stone(15, 15, 'white'));
    await desk.waitForFunction(() => document.body.dataset.lastSound === 'stone');

    // A capture: Black surrounds White's D15 (D16 is already Black's) with D14, C15, E15.
    const moves = [[3, 5, 'b'], [3, 4, 'w'], [2, 4, 'b'], [10, 10, 'w'], [4, 4, 'b']];
    for (const [x, y, c] of moves) {
      if (c === 'b') {
        await desk.click(pt(x, y));
        await phone.waitForSelector(stone(x, y, 'black'));
      } else {
        await phone.tap(pt(x, y));
        await phone.waitForSelector('#ghost');
        await phone.tap(pt(x, y));
        await desk.waitForSelector(stone(x, y, 'white'));
      }
    }
    await phone.waitForSelector('circle[data-captured="white"][cx="3"][cy="4"]');
    await shot(phone, '32-phone-capture-fading');
    assert.equal(await phone.locator(stone(3, 4, 'white')).count(), 0);
    await desk.waitForFunction(() => document.body.dataset.lastSound === 'capture');
    await phone.waitForSelector('circle[data-captured]', { state: 'detached', timeout: 3000 });
    await shot(desk, '33-desktop-after-capture');
  } finally {
    await browser.close();
  }
});

test('on a phone the scoring phase has Accept right under the board and says tap', { timeout: 90_000 }, async () => {
  const { browser, pages: [desk] } = await people(1);
  const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
  const phone = await ctx.newPage();
  phone.on('pageerror', (e) => { throw e; });
  try {
    await phone.goto(BASE + '/');
    await phone.waitForSelector('#club-guest:not([hidden])');
    // Every part of the form shown in turn: nothing wider than the screen.
    for (const option of ['input[name="time"][value="byo_yomi"]', 'input[name="time"][value="fischer"]',
      'input[name="opponent"][value="tengen"]', 'input[name="open"]']) {
      await phone.tap(option);
      const w = await widest(phone);
      assert.ok(w <= 390.5, `the home page is ${w}px wide on a 390px screen after ${option}`);
    }
    await phone.tap('input[name="open"]');
    await phone.tap('input[name="time"][value="none"]');
    await phone.tap('input[name="opponent"][value="person"]');
    await phone.tap('input[name="color"][value="black"]');
    await phone.fill('input[name="name"]', 'Hana');
    await phone.waitForFunction(() => /Komi/.test(document.getElementById('handicap-preview').textContent));
    await phone.tap('#create-button');
    await phone.waitForURL(/\/g\/[0-9a-f]{16}$/);
    await phone.waitForSelector('#invite-box:not([hidden])');
    await joinGame(desk, await phone.inputValue('#invite-link'), 'Ivo');

    await statusIs(phone, /Your move/);
    await phone.tap('#pass-button');
    await phone.tap('#confirm-yes');
    await statusIs(desk, /Your move/);
    await desk.click('#pass-button');
    await desk.click('#confirm-yes');
    await statusIs(phone, /Play has stopped/);
    await phone.waitForSelector('#accept-button:not([disabled])');
    const status = await phone.textContent('#status');
    assert.match(status, /Tap a group/, status);
    assert.doesNotMatch(status + await phone.textContent('#proposal-label'), /[Cc]lick/);
    await phone.evaluate(() => window.scrollTo(0, 0));
    const at = await phone.evaluate(() => ({
      board: document.getElementById('board').getBoundingClientRect().bottom,
      accept: document.getElementById('accept-button').getBoundingClientRect().bottom,
    }));
    assert.ok(at.accept <= 844, `Accept ends ${Math.round(at.accept)}px down a 844px screen (the board ends at ${Math.round(at.board)}px)`);
    assert.ok(at.accept > at.board, 'Accept is above the board');
    await shot(phone, '34-phone-scoring');
    await phone.tap('#accept-button');
    await desk.waitForSelector('#player-black .tick');
    await desk.click('#accept-button');
    await phone.waitForSelector('#end-sentence:not([hidden])');
    assert.match(await phone.textContent('#end-sentence'), /White wins/);
  } finally {
    await browser.close();
  }
});
