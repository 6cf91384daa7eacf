// The score estimate during play (issue 40): in a casual game a player (or anyone
// watching) asks for Tengen's estimate; the board shows the territories and dead stones,
// the line says the margin, and both go when the next move is played. A game created
// without it offers no button.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { pt, stone, people, shot, createGame, joinGame } from './lib.mjs';

test('a player asks for the score estimate during play and sees it until the next move', { timeout: 60_000 }, async () => {
  const { browser, pages: [black, white] } = await people(2);
  try {
    const invite = await createGame(black, { name: 'Ines' });
    await joinGame(white, invite, 'Jon');
    // Two walls: Black on column D, White on column F.
    for (let y = 0; y < 9; y++) {
      await black.click(pt(3, y));
      await white.waitForSelector(stone(3, y, 'black'));
      await white.click(pt(5, y));
      await black.waitForSelector(stone(5, y, 'white'));
    }
    assert.equal(await black.isVisible('#estimate-button'), true);
    await black.click('#estimate-button');
    await black.waitForFunction(() => /^Estimate: [BW]\+\d/.test(document.getElementById('estimate-text').textContent));
    // Territory marks: one small square on each point of A–C and G–J (27 + 27... of which
    // E stays dame), drawn only while the estimate stands.
    const marks = await black.locator('#board rect[width="0.26"]').count();
    assert.ok(marks >= 54, `only ${marks} territory marks`);
    await shot(black, '60-score-estimate');
    // The next move takes the estimate away.
    await black.click(pt(4, 4));
    await black.waitForFunction(() => document.getElementById('estimate-text').textContent === '');
    assert.equal(await black.locator('#board rect[width="0.26"]').count(), 0);
  } finally {
    await browser.close();
  }
});

test('a game created without the estimate offers no button', { timeout: 60_000 }, async () => {
  const { browser, pages: [black, white] } = await people(2);
  try {
    const invite = await createGame(black, {
      name: 'Kim',
      more: async (p) => { await p.uncheck('input[name="analysis"]'); },
    });
    await joinGame(white, invite, 'Lou');
    await black.click(pt(4, 4));
    await white.waitForSelector(stone(4, 4, 'black'));
    assert.equal(await white.isVisible('#estimate-button'), false);
    assert.equal(await black.isVisible('#estimate-button'), false);
  } finally {
    await browser.close();
  }
});

test('the count explains itself: a gap that needs sealing is marked, and a hover says why', { timeout: 90_000 }, async () => {
  const { browser, pages: [black, white] } = await people(2);
  try {
    // Without analysis, as a rated game: the count still explains itself once both pass.
    const invite = await createGame(black, {
      name: 'Mei',
      more: async (p) => { await p.uncheck('input[name="analysis"]'); },
    });
    await joinGame(white, invite, 'Ned');
    // Black's wall on D stops one short of the edge (D1 open); White's wall on E is whole.
    const pass = async (p) => { await p.click('#pass-button'); await p.click('#confirm-yes'); };
    for (let y = 0; y < 9; y++) {
      if (y < 8) {
        await black.click(pt(3, y));
        await white.waitForSelector(stone(3, y, 'black'));
      } else {
        await pass(black);
        await white.waitForFunction(() => /Black passed/.test(document.getElementById('status').textContent));
      }
      await white.click(pt(4, y));
      await black.waitForSelector(stone(4, y, 'white'));
    }
    await pass(black);
    await white.waitForFunction(() => /Black passed/.test(document.getElementById('status').textContent));
    await pass(white);
    for (const p of [black, white]) {
      await p.waitForFunction(() => /Not finished: 1 point needs a sealing move/.test(document.getElementById('count-notes').textContent));
    }
    // The gap is marked on the board, and nothing else is.
    assert.equal(await black.locator('#board [data-sealing]').count(), 1);
    await black.hover(pt(3, 8));
    await black.waitForFunction(() => /Needs sealing: Black gains \d+ points/.test(document.getElementById('count-why').textContent));
    await shot(black, '61-count-needs-sealing');
    // A stone's verdict, with its reason.
    await black.hover(pt(3, 3));
    await black.waitForFunction(() => /^Tengen: Black group of 8 alive — /.test(document.getElementById('count-why').textContent));
    // The reading's own line is not given in a game without analysis (play may resume).
    const why = await black.textContent('#count-why');
    assert.doesNotMatch(why, /[A-HJ-T]\d/, why);
    assert.doesNotMatch(why, /%/, why); // nor the playouts' share: the reason's words only
  } finally {
    await browser.close();
  }
});
