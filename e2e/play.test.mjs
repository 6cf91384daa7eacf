// A 9×9 AGA game between two browser contexts through the invite link, watched by a
// spectator: moves (one player with one-click placement, the other with ghost stone and
// second tap), a refused ko with the ko point shown and the notice cleared by the next move,
// the tab title, two passes (White's closing pass), a dead stone, acceptance with both ticks,
// the score table and the end sentence; then the finished game stepped through at its own
// address, and its SGF. A screenshot of each step goes to e2e/screenshots/.
//
// Needs TENGEN_URL (e2e/run.sh starts the server and sets it).

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, pt, stone, people, shot, createGame, joinGame, gameId, statusIs } from './lib.mjs';

test('two players play a 9x9 AGA game in the browser to the score', { timeout: 120_000 }, async () => {
  assert.ok(BASE, 'TENGEN_URL is not set: run e2e/run.sh');
  const { browser, pages: [black, white, watcher] } = await people(3);
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

    // 2. The opponent opens the invite link, gives a name and takes White.
    await white.goto(invite);
    await white.waitForSelector('#join-box:not([hidden])');
    assert.doesNotMatch(white.url(), /invite/, 'the invite is removed from the address bar');
    await shot(white, '03a-join-with-a-name');
    await white.fill('#join-name', 'Bob');
    await white.click('#join-button');
    await white.waitForFunction(() => /you play White/.test(document.getElementById('game-title').textContent));
    await black.waitForFunction(() => /White: Bob/.test(document.getElementById('player-white').textContent));
    assert.match(await black.title(), /^\(your move\) Tengen – Alice vs Bob$/);
    assert.match(await white.title(), /^Tengen – Alice vs Bob$/);
    const id = gameId(black);
    await watcher.goto(`${BASE}/g/${id}`);
    await watcher.waitForFunction(() => /watching/.test(document.getElementById('game-title').textContent));
    await black.waitForFunction(() => /1 watching/.test(document.getElementById('watchers').textContent));
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
    assert.match(await white.title(), /^Tengen/, 'not your move: no mark in the title');
    assert.match(await black.title(), /^\(your move\)/);
    await shot(black, '04-moves-with-last-move-marker');
    await playB(4, 1); // captures the White stone on D8
    await white.waitForFunction(() => document.querySelector('#player-black .facts').textContent.includes('captures 1'));
    await white.waitForFunction(() => /9\. B E8 ×1/.test(document.getElementById('move-list').textContent));

    // 4. White retakes at once: refused, explained, ko point marked.
    await white.click(pt(3, 1));
    await white.click(pt(3, 1));
    await white.waitForFunction(() => /ko/.test(document.getElementById('notice').textContent));
    await white.waitForSelector('#ko-point');
    assert.equal(await white.locator(stone(3, 1, 'white')).count(), 0);
    await shot(white, '05-ko-refused-with-ko-point');

    // White plays elsewhere: the refusal notice goes with the move. Black connects the ko.
    await playW(7, 1);
    await white.waitForSelector(stone(7, 1, 'white')); // White's page has the move too
    assert.equal(await white.textContent('#notice'), '', 'the next move clears the refusal');
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

    // 6. Dead stones: the phase opens with Tengen's estimate, shown as such. Black clicks
    // H8's group: the proposal is the players' now; Black ends with it dead.
    for (const p of [black, white, watcher]) {
      await p.waitForSelector('#proposal-label[data-estimated="true"]');
    }
    await shot(white, '08a-tengen-estimate-proposed');
    const h8Dead = 'circle[data-dead="true"][cx="7"][cy="1"]';
    const deadBefore = await white.locator(h8Dead).count();
    await black.click(pt(7, 1));
    await white.waitForSelector('#proposal-label[data-estimated="false"]');
    if (deadBefore) {
      await white.waitForSelector('circle[data-stone="white"][cx="7"][cy="1"]:not([data-dead])');
      await black.click(pt(7, 1));
    }
    await white.waitForSelector(h8Dead);
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
    const result = await black.getAttribute('#result', 'data-result');
    const view = await (await fetch(`${BASE}/api/games/${id}`)).json();
    assert.equal(view.state.result, result);
    assert.equal(view.state.phase, 'finished');
    await shot(black, '10-score-table-black');
    await shot(white, '11-score-table-white');

    const points = result.slice(2);
    const sentence = `${result[0] === 'B' ? 'Black' : 'White'} wins by ${points} points.`;
    for (const p of [black, white, watcher]) {
      await p.waitForFunction((s) => document.getElementById('end-sentence').textContent === s, sentence);
    }
    assert.match(await black.textContent('#move-list-end'), /wins by/);
    await shot(watcher, '11a-spectator-at-the-end');

    // 8. The finished game at its own address: step back and forth through it.
    const moves = view.moves.length;
    const page = watcher;
    await page.goto(`${BASE}/g/${id}`);
    await page.waitForSelector(`#move-list button[data-ply="${moves}"].current`);
    await page.keyboard.press('Home');
    await page.waitForFunction(() => /move 0 of/.test(document.getElementById('nav-position').textContent));
    assert.equal(await page.locator('circle[data-stone]').count(), 0, 'the first position is empty');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await page.waitForSelector(stone(2, 1, 'black'));
    assert.equal(await page.locator('circle[data-stone]').count(), 3, 'three moves in: three stones');
    assert.equal(await page.isVisible('#nav-live'), true, 'the final position is one click away');
    await page.click(`#move-list button[data-ply="9"]`);
    await page.waitForFunction(() => /move 9 of/.test(document.getElementById('nav-position').textContent));
    assert.equal(await page.locator(stone(3, 1, 'white')).count(), 0, 'move 9 captured D8');
    await page.click('details.prefs summary');
    await page.check('#numbers-toggle');
    await page.waitForSelector('text.move-number');
    assert.equal(await page.locator('text.move-number').count(), 8, 'eight stones carry their numbers');
    await shot(page, '11b-review-move-9-with-numbers');
    await page.click('#nav-prev');
    await page.waitForSelector(stone(3, 1, 'white'));
    await page.click('#nav-live');
    await page.waitForSelector('#nav-live[hidden]', { state: 'attached' });
    await page.waitForSelector('rect[data-territory]');
    await page.keyboard.press('ArrowLeft');
    await page.waitForFunction((n) => document.getElementById('nav-position').textContent === `move ${n - 1} of ${n}`, moves);
    await page.keyboard.press('End');
    await page.waitForSelector('#nav-live[hidden]', { state: 'attached' });

    // 9. The record: names, date, rules, result.
    const sgf = await (await fetch(`${BASE}/api/games/${id}/sgf`)).text();
    assert.match(sgf, /RU\[AGA\]/, "RU names the preset as tengen-sgf writes it");
    assert.ok(sgf.includes(`RE[${result}]`));
    assert.match(sgf, /PB\[Alice\]/);
    assert.match(sgf, /PW\[Bob\]/);
    assert.ok(sgf.includes(`DT[${new Date().toISOString().slice(0, 10)}]`), 'DT is today (UTC)');
    assert.equal(await black.isVisible('#sgf-link'), true);
  } finally {
    await browser.close();
  }
});

test('a player aborts a game after one move; it is listed as aborted', { timeout: 60_000 }, async () => {
  assert.ok(BASE, 'TENGEN_URL is not set: run e2e/run.sh');
  const { browser, pages: [black, white] } = await people(2);
  try {
    const invite = await createGame(black, { name: 'Carol' });
    await joinGame(white, invite, null);
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
      await p.waitForFunction(() => document.getElementById('end-sentence').textContent === 'Game aborted by Black: no result.');
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
