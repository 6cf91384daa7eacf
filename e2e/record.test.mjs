// Reviews the way players study: a variation tried on a finished game's review is analysed
// and shown in the move tree; an uploaded SGF (its own rules, handicap and a variation) is
// reviewed on its own page, a bad one refused with the node and why; the downloaded record
// carries the analysis (and the variations the reader tried) and `tengen check` reads it;
// the review screen fits a phone.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BASE, pt, stone, people, shot, createGame, joinGame } from './lib.mjs';

const MOVES = [[4, 4], [0, 8], [2, 6], [8, 0], [6, 6]];

test('a variation played in a review is analysed and shown in the move tree', { timeout: 120_000 }, async () => {
  const { browser, pages: [black, white] } = await people(2);
  try {
    const invite = await createGame(black, { name: 'Lee' });
    await joinGame(white, invite, 'Mo');
    for (let i = 0; i < MOVES.length; i++) {
      const [mover, other] = i % 2 === 0 ? [black, white] : [white, black];
      const [x, y] = MOVES[i];
      await mover.click(pt(x, y));
      await other.waitForSelector(stone(x, y, i % 2 === 0 ? 'black' : 'white'));
    }
    await white.click('#resign-button');
    await white.click('#confirm-yes');
    await black.waitForFunction(() => /resigned/.test(document.getElementById('end-sentence').textContent));
    await black.click('#review-start');
    await black.waitForSelector('#review-progress[data-status="done"]', { timeout: 90_000 });
    // Move 2 was White's A1: go to the position before it and try C3 instead.
    await black.click('#move-list button[data-ply="1"]');
    await black.waitForFunction(() => document.getElementById('nav-position').textContent === 'move 1 of 5');
    await black.click(pt(6, 2));
    await black.waitForSelector('#move-list li.variation button.current');
    assert.match(await black.textContent('#move-list li.variation'), /2\. W G7/);
    await black.waitForSelector(stone(6, 2, 'white'));
    assert.match(await black.textContent('#review-position'), /^Variation, move 2: Black \d+% · White \d+% · .*Tengen plays ([A-J]\d|pass) for Black/);
    assert.ok(await black.locator('[data-candidate]').count() >= 1, 'the candidates are drawn with their visits');
    // And on: Black answers in the variation.
    await black.click(pt(2, 2));
    await black.waitForFunction(() => document.querySelectorAll('#move-list li.variation button').length === 2);
    assert.match(await black.textContent('#nav-position'), /variation, move 3/);
    await shot(black, '54-review-variation');
    // An illegal click says why.
    await black.click(pt(4, 4));
    await black.waitForFunction(() => /Refused: White E5 is illegal: the point is occupied/.test(document.getElementById('notice').textContent));
    // Back to the main line, where the variation left it.
    await black.click('#nav-main');
    await black.waitForFunction(() => document.getElementById('nav-position').textContent === 'move 1 of 5');
    assert.equal(await black.isHidden('#nav-main'), true);
    assert.equal(await black.locator('#move-list li.variation').count(), 1, 'the variation stays in the tree');
    // The download carries the variation tried here (W G7, B C7), and tengen check reads it.
    const [download] = await Promise.all([black.waitForEvent('download'), black.click('#review-sgf')]);
    const saved = readFileSync(await download.path(), 'utf8');
    assert.match(saved, /;W\[gc\]C\[Move 2: W G7\n/, saved);
    assert.match(saved, /;B\[cc\]/, saved);
    const dir = mkdtempSync(join(tmpdir(), 'tengen-tried-'));
    writeFileSync(join(dir, 'tried.sgf'), saved);
    assert.match(execFileSync(process.env.TENGEN_BIN, ['check', join(dir, 'tried.sgf')]).toString(), /game 1: ok \(5 moves/);
    await black.selectOption('#graph-metric', 'lead');
    assert.ok(await black.locator('#winrate-graph text.axis-title').count() >= 2, 'the axes are labelled');
    await shot(black, '55-review-lead-graph');
  } finally {
    await browser.close();
  }
});

const RECORD = '(;GM[1]FF[4]SZ[9]RU[Chinese]KM[0.5]HA[2]AB[cc][gg]PB[Ann]PW[Bo]RE[B+R]GN[Club game]\n' +
  ';W[ee];B[ce];W[ec](;B[eg];W[gc])(;B[gc]C[a variation];W[eg]))';

test('an uploaded SGF is reviewed; its download carries the analysis and tengen check reads it', { timeout: 120_000 }, async () => {
  const { browser, pages: [page, phone] } = await people(2);
  try {
    await page.goto(BASE + '/');
    await page.fill('#record-text', '(;SZ[9];B[ee];W[dd](;B[cc])(;B[dd]))');
    await page.click('#record-button');
    await page.waitForFunction(() => /variation leaving the main line after move 2, move 3 \(B D6\): illegal/.test(document.getElementById('record-error').textContent));
    await page.fill('#record-text', RECORD);
    await page.click('#record-button');
    await page.waitForURL(/\/r\/[0-9a-f]{32}$/);
    const url = page.url();
    await page.waitForSelector('#review-progress[data-status="done"]', { timeout: 90_000 });
    assert.match(await page.textContent('#game-title'), /Ann vs Bo · Club game/);
    assert.match(await page.textContent('#rules-line'), /Komi 0\.5, handicap 2/);
    assert.equal(await page.locator('circle[data-stone="black"]').count(), 4, 'the two handicap stones and the main line\'s two');
    assert.equal(await page.locator('#move-list li.variation').count(), 1, 'the record\'s variation');
    await page.click('#move-list li.variation button');
    await page.waitForSelector(stone(6, 2, 'black'));
    assert.match(await page.textContent('#review-position'), /^Variation, move 4: Black \d+%/);
    await shot(page, '56-record-review');

    const sgf = await page.evaluate((id) => fetch(`/api/reviews/${id}/sgf`).then((r) => r.text()), url.split('/').pop());
    assert.match(sgf, /SBKV\[/);
    assert.match(sgf, /Black's win rate: \d+\.\d% · Score lead: /);
    assert.match(sgf, /Points lost: /);
    const dir = mkdtempSync(join(tmpdir(), 'tengen-review-'));
    writeFileSync(join(dir, 'review.sgf'), sgf);
    const check = execFileSync(process.env.TENGEN_BIN, ['check', join(dir, 'review.sgf')]).toString();
    assert.match(check, /game 1: ok \(5 moves, chinese/, check);

    // On a phone: the review fits 390 px with no sideways scrolling.
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(url);
    await phone.waitForSelector('#review-progress[data-status="done"]');
    const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no horizontal overflow: ${overflow}px`);
    await shot(phone, '57-record-review-phone');
    await phone.evaluate(() => document.getElementById('winrate-graph').scrollIntoView());
    await shot(phone, '58-record-review-phone-graph');
  } finally {
    await browser.close();
  }
});
