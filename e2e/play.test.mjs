// A 9×9 AGA game between two browser contexts through the invite link: moves (one player
// with one-click placement, the other with ghost stone and second tap), a refused ko with
// the ko point shown, two passes (White's closing pass), a dead stone, acceptance with both
// ticks, and the score table. A screenshot of each step goes to e2e/screenshots/.
//
// Needs TENGEN_URL (e2e/run.sh starts the server and sets it).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const BASE = process.env.TENGEN_URL;
const SHOTS = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(SHOTS, { recursive: true });

const pt = (x, y) => `rect.pt[data-x="${x}"][data-y="${y}"]`;
const stone = (x, y, color) => `circle[data-stone="${color}"][cx="${x}"][cy="${y}"]`;

/** Debian's Chromium with two separate browser contexts: one per player. */
async function twoPlayers() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const pages = [];
  for (let i = 0; i < 2; i++) {
    const ctx = await browser.newContext({ viewport: { width: 1200, height: 820 } });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => { throw e; });
    pages.push(page);
  }
  return { browser, black: pages[0], white: pages[1] };
}

async function shot(page, name) {
  await page.screenshot({ path: join(SHOTS, name + '.png') });
}

test('two players play a 9x9 AGA game in the browser to the score', { timeout: 120_000 }, async () => {
  assert.ok(BASE, 'TENGEN_URL is not set: run e2e/run.sh');
  const { browser, black, white } = await twoPlayers();
  try {

    // 1. Create the game: 9×9, AGA, Black, a person through the invite link.
    await black.goto(BASE + '/');
    await black.check('input[name="size"][value="9"]');
    await black.selectOption('select[name="rules"]', 'aga');
    await black.check('input[name="color"][value="black"]');
    await black.check('input[name="time"][value="byo_yomi"]');
    await black.fill('input[name="name"]', 'Alice');
    await black.waitForFunction(() => document.getElementById('handicap-preview').textContent.includes('Komi 5.5'));
    assert.match(await black.textContent('#rules-summary'), /AGA/);
    await shot(black, '01-create-form');
    await black.click('#create-button');
    await black.waitForURL(/\/g\/[0-9a-f]{16}$/);
    await black.waitForSelector('#invite-box:not([hidden])');
    const invite = await black.inputValue('#invite-link');
    assert.match(invite, /#invite=[0-9a-f]{32}$/);
    assert.match(await black.textContent('#status'), /Waiting for your opponent/);
    await shot(black, '02-waiting-with-invite-link');

    // 2. The opponent opens the invite link and takes White.
    await white.goto(invite);
    await white.waitForFunction(() => /you play White/.test(document.getElementById('game-title').textContent));
    assert.doesNotMatch(white.url(), /invite/, 'the invite is removed from the address bar');
    await black.waitForFunction(() => /online/.test(document.querySelector('#player-white .conn').textContent));
    assert.equal(await white.isHidden('#invite-box'), true, 'the invite link is only shown to its creator');
    await white.click('details.prefs summary');
    await white.selectOption('#confirm-mode', 'ghost');
    await shot(white, '03-white-joined');

    const playB = async (x, y) => {
      await black.click(pt(x, y));
      await white.waitForSelector(stone(x, y, 'black'));
    };
    const playW = async (x, y) => {
      await white.click(pt(x, y));
      await white.waitForSelector('#ghost');
      await white.click(pt(x, y)); // ghost stone, then the second tap plays
      await black.waitForSelector(stone(x, y, 'white'));
    };

    // 3. Moves that build a ko at the top (D9/E9 area).
    await playB(3, 0);
    await playW(4, 0);
    await playB(2, 1);
    await playW(5, 1);
    await playB(3, 2);
    await playW(4, 2);
    await playB(6, 6);
    await playW(3, 1); // a throw-in Black captures as a ko
    await black.waitForSelector('#last-move');
    await shot(black, '04-moves-with-last-move-marker');
    await playB(4, 1); // captures the White stone on D8
    await white.waitForFunction(() => document.querySelector('#player-black .facts').textContent.includes('captures 1'));

    // 4. White retakes at once: refused, explained, ko point marked.
    await white.click(pt(3, 1));
    await white.click(pt(3, 1));
    await white.waitForFunction(() => /ko/.test(document.getElementById('notice').textContent));
    await white.waitForSelector('#ko-point');
    assert.equal(await white.locator(stone(3, 1, 'white')).count(), 0);
    await shot(white, '05-ko-refused-with-ko-point');

    // White plays elsewhere; Black connects the ko.
    await playW(7, 1);
    await playB(3, 1);

    // 5. Two passes: White, then Black; under AGA White adds the closing pass.
    await white.click('#pass-button');
    await white.click('#confirm-yes');
    await black.waitForFunction(() => /White passed/.test(document.getElementById('status').textContent));
    await black.click('#pass-button');
    await shot(black, '06-pass-confirmation');
    await black.click('#confirm-yes');
    for (const p of [black, white]) {
      await p.waitForFunction(() => /Play has stopped/.test(document.getElementById('status').textContent));
    }
    const passStones = await black.textContent('#player-black .facts');
    assert.match(passStones, /pass stones 2/, 'White passed twice: Black holds two pass stones');
    await shot(black, '07-scoring-phase');

    // 6. Dead stones: Black marks White's lone stone at H8 dead.
    await black.click(pt(7, 1));
    await white.waitForSelector('circle[data-dead="true"][cx="7"][cy="1"]');
    await shot(white, '08-dead-stone-marked');

    // 7. Acceptance: both ticks, then the score table.
    await black.click('#accept-button');
    await white.waitForSelector('#player-black [data-accepted="true"]');
    await shot(white, '09-black-accepted-tick');
    await white.click('#accept-button');
    for (const p of [black, white]) {
      await p.waitForFunction(() => /Game over/.test(document.getElementById('status').textContent));
    }
    const table = await black.textContent('#score');
    for (const row of ['Territory', 'Captures', 'Dead stones', 'Pass stones', 'Komi', 'Total']) {
      assert.ok(table.includes(row), `score table has ${row}`);
    }
    const result = (await black.textContent('#result')).replace('Result: ', '');
    const id = new URL(black.url()).pathname.split('/').pop();
    const view = await (await fetch(`${BASE}/api/games/${id}`)).json();
    assert.equal(view.state.result, result);
    assert.equal(view.state.phase, 'finished');
    await shot(black, '10-score-table-black');
    await shot(white, '11-score-table-white');

    // 8. The record.
    const sgf = await (await fetch(`${BASE}/api/games/${id}/sgf`)).text();
    assert.match(sgf, /RU\[aga\]/);
    assert.ok(sgf.includes(`RE[${result}]`));
    assert.equal(await black.isVisible('#sgf-link'), true);
  } finally {
    await browser.close();
  }
});

test('a player aborts a game after one move; it is listed as aborted', { timeout: 60_000 }, async () => {
  assert.ok(BASE, 'TENGEN_URL is not set: run e2e/run.sh');
  const { browser, black, white } = await twoPlayers();
  try {
    await black.goto(BASE + '/');
    await black.check('input[name="color"][value="black"]');
    await black.fill('input[name="name"]', 'Carol');
    await black.click('#create-button');
    await black.waitForURL(/\/g\/[0-9a-f]{16}$/);
    await black.waitForSelector('#invite-box:not([hidden])');
    const invite = await black.inputValue('#invite-link');
    await white.goto(invite);
    await white.waitForFunction(() => /you play White/.test(document.getElementById('game-title').textContent));
    const before = await white.locator('#resign-button').boundingBox();
    await black.click(pt(2, 2));
    await white.waitForSelector(stone(2, 2, 'black'));
    assert.equal(await black.isEnabled('#abort-button'), true, 'Black may abort after one move');
    assert.deepEqual(await white.locator('#resign-button').boundingBox(), before, 'the buttons did not move');
    await black.click('#abort-button');
    assert.match(await black.textContent('#confirm-text'), /Abort this game/);
    await shot(black, '12-abort-confirmation');
    await black.click('#confirm-yes');
    for (const p of [black, white]) {
      await p.waitForFunction(() => /Game aborted by Black: no result/.test(document.getElementById('status').textContent));
    }
    await shot(white, '13-aborted');
    const id = new URL(black.url()).pathname.split('/').pop();
    const view = await (await fetch(`${BASE}/api/games/${id}`)).json();
    assert.equal(view.state.aborted_by, 'black');
    assert.equal(view.state.result, null);
    await black.goto(BASE + '/');
    await black.waitForFunction((gid) => {
      const a = document.querySelector(`#finished-games a[href="/g/${gid}"]`);
      return a && /aborted/.test(a.parentElement.textContent);
    }, id);
  } finally {
    await browser.close();
  }
});
