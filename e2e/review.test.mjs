// "Review with Tengen": not offered while the game runs (the API refuses it too); after the
// game, the win-rate graph fills in, the biggest mistakes are listed, a click on one shows
// the position before it with the move played and Tengen's move marked, and the ownership
// map and the graph's cursor follow the move shown.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, pt, stone, people, shot, createGame, joinGame, gameId } from './lib.mjs';

// Black takes the centre and the 3-3 points while White plays on the corner points: White's
// moves are mistakes Tengen must see.
const MOVES = [[4, 4], [0, 8], [2, 6], [8, 0], [6, 6], [0, 0], [2, 2], [8, 8], [6, 2]];

test('a finished game is reviewed: graph, mistakes, best move, ownership', { timeout: 120_000 }, async () => {
  const { browser, pages: [black, white, watcher] } = await people(3);
  try {
    const invite = await createGame(black, { name: 'Lee' });
    await joinGame(white, invite, 'Mo');
    const id = gameId(black);
    const status = await black.evaluate((i) => fetch(`/api/games/${i}/review`, { method: 'POST' }).then((r) => r.status), id);
    assert.equal(status, 403, 'a live game is not reviewed');
    assert.equal(await black.isHidden('#analysis'), true);
    for (let i = 0; i < MOVES.length; i++) {
      const [mover, other] = i % 2 === 0 ? [black, white] : [white, black];
      const [x, y] = MOVES[i];
      await mover.click(pt(x, y));
      await other.waitForSelector(stone(x, y, i % 2 === 0 ? 'black' : 'white'));
    }
    await white.click('#resign-button');
    await white.click('#confirm-yes');
    await black.waitForFunction(() => document.getElementById('end-sentence').textContent === 'White resigned: Black wins.');

    await black.click('#review-start');
    await black.waitForSelector('#winrate-graph #winrate-area');
    await shot(black, '50-review-filling');
    await black.waitForSelector('#review-progress[data-status="done"]', { timeout: 90_000 });
    assert.match(await black.textContent('#review-progress'), /looked at 10 positions/);
    await shot(black, '51-review-done');

    const mistakes = black.locator('#mistakes button');
    assert.ok(await mistakes.count() >= 1, 'White\'s corner moves are listed as mistakes');
    const first = await mistakes.first().textContent();
    assert.match(await mistakes.allTextContents().then((t) => t.join('\n')), /^\d+\. W /m, 'a White move is listed');
    const [, num, mover] = /^(\d+)\. ([BW]) /.exec(first);
    const ply = Number(num);
    const moverColor = mover === 'B' ? 'black' : 'white';
    await mistakes.first().click();
    await black.waitForFunction((p) => document.getElementById('nav-position').textContent === `move ${p - 1} of ${10 - 1}`, ply);
    const [x, y] = MOVES[ply - 1];
    await black.waitForSelector(`#next-move[cx="${x}"][cy="${y}"]`);
    await black.waitForSelector(`#best-move[data-color="${moverColor}"]`);
    assert.ok(await black.locator('[data-own]').count() > 0, 'the ownership map is drawn');
    assert.match(await black.textContent('#review-position'), new RegExp(`^Move ${ply - 1}: Black \\d+% · White \\d+% · ((Black|White) leads by \\d+(\\.5)?|even)\\. Tengen plays ([A-J]\\d|pass) for ${mover === 'B' ? 'Black' : 'White'}`));
    const cursor = Number(await black.getAttribute('#graph-cursor', 'x1'));
    assert.ok(Math.abs(cursor - (34 + (360 * (ply - 1)) / 9)) < 0.5, `the graph's cursor is at move ${ply - 1}: ${cursor}`);
    await shot(black, '52-review-mistake');

    await black.uncheck('#review-ownership');
    assert.equal(await black.locator('[data-own]').count(), 0);
    // A click on the graph's left end goes to the first position.
    const box = await black.locator('#winrate-graph').boundingBox();
    await black.mouse.click(box.x + 2, box.y + box.height / 2);
    await black.waitForFunction(() => document.getElementById('nav-position').textContent === 'move 0 of 9');
    await black.waitForSelector('#best-move[data-color="black"]');

    // A spectator gets the same review at once (one review per game, kept).
    await watcher.goto(`${BASE}/g/${id}`);
    await watcher.click('#review-start');
    await watcher.waitForSelector('#review-progress[data-status="done"]');
    assert.equal(await watcher.locator('#mistakes button').count(), await mistakes.count());
    await shot(watcher, '53-review-spectator');
  } finally {
    await browser.close();
  }
});
