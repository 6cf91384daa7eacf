// How games end and what the form does: a sentence per ending (resignation, time-out),
// the flagged clock at 0:00, the create form's preview race (answers in both orders), and
// Create on screen at 1280×800.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, pt, stone, people, shot, createGame, joinGame, statusIs } from './lib.mjs';

test('a resignation ends with "White resigned: Black wins."', { timeout: 60_000 }, async () => {
  const { browser, pages: [black, white] } = await people(2);
  try {
    const invite = await createGame(black, { name: 'Dora' });
    await joinGame(white, invite, 'Emil');
    await black.click(pt(4, 4));
    await white.waitForSelector(stone(4, 4, 'black'));
    await white.click('#resign-button');
    await white.click('#confirm-yes');
    for (const p of [black, white]) {
      await p.waitForFunction(() => document.getElementById('end-sentence').textContent === 'White resigned: Black wins.');
    }
    assert.match(await black.title(), /^Tengen – Dora vs Emil \(over\)$/);
    await shot(black, '20-resigned');
    await black.goto(BASE + '/');
    await black.waitForFunction(() => /Dora \(B\) vs Emil \(W\).*White resigned: Black wins\./.test(document.getElementById('finished-games').textContent));
  } finally {
    await browser.close();
  }
});

test('a time-out ends with "White wins on time" and Black\'s clock at 0:00', { timeout: 60_000 }, async () => {
  const { browser, pages: [black, white] } = await people(2);
  try {
    const invite = await createGame(black, {
      name: 'Fay',
      more: async (p) => {
        await p.check('input[name="time"][value="byo_yomi"]');
        await p.fill('input[name="byo-main"]', '0');
        await p.fill('input[name="byo-periods"]', '1');
        await p.fill('input[name="byo-period"]', '2');
        await p.click('legend:text("Clock")'); // leave the field: the preview follows
      },
    });
    await joinGame(white, invite, 'Gus');
    // Black lets the one period of 2 s run out.
    for (const p of [black, white]) {
      await p.waitForFunction(() => document.getElementById('end-sentence').textContent
        === 'White wins on time: Black ran out of time.', null, { timeout: 15_000 });
    }
    const clock = await black.textContent('#player-black .clock');
    assert.match(clock, /0:00/);
    assert.match(clock, /out of time/);
    assert.doesNotMatch(clock, /period/, 'no period left is shown after the flag');
    await shot(black, '21-time-out');
  } finally {
    await browser.close();
  }
});

/**
 * Changes the form twice (board size 30, an error; then 9×9) while holding both preview
 * answers, and releases them in `order`; the form must end as the last change says.
 */
async function previewRace(page, order) {
  const held = [];
  await page.route('**/api/preview', async (route) => {
    const response = await route.fetch();
    held.push({ route, response, size: JSON.parse(route.request().postData()).size });
  });
  await page.check('input[name="size"][value="other"]');
  await page.fill('input[name="size-other"]', '30');
  await page.check('input[name="size"][value="9"]'); // the click also ends the number's edit
  await page.waitForFunction(() => true);
  const deadline = Date.now() + 5000;
  while (!held.some((h) => h.size === 9) || !held.some((h) => h.size === 30)) {
    assert.ok(Date.now() < deadline, `both previews requested (have ${held.map((h) => h.size)})`);
    await page.waitForTimeout(20);
  }
  const last30 = held.filter((h) => h.size === 30).pop();
  const last9 = held.filter((h) => h.size === 9).pop();
  const others = held.filter((h) => h !== last30 && h !== last9);
  for (const h of others) await h.route.fulfill({ response: h.response });
  const release = order === 'stale-last' ? [last9, last30] : [last30, last9];
  for (const h of release) {
    await h.route.fulfill({ response: h.response });
    await page.waitForTimeout(100);
  }
  await page.unroute('**/api/preview');
}

test('the create form follows the last change whatever order the previews answer in', { timeout: 60_000 }, async () => {
  const { browser, pages: [page] } = await people(1, { width: 1280, height: 800 });
  try {
    await page.goto(BASE + '/');
    await page.waitForFunction(() => /Komi/.test(document.getElementById('handicap-preview').textContent));
    const box = await page.locator('#create-button').boundingBox();
    assert.ok(box && box.y + box.height <= 800, `Create is on screen at 1280×800 (bottom at ${box && box.y + box.height})`);
    await shot(page, '22-create-form-1280x800');
    for (const order of ['stale-last', 'stale-first']) {
      await previewRace(page, order);
      await page.waitForTimeout(200);
      assert.equal(await page.textContent('#form-error'), '', `no error left (${order})`);
      assert.equal(await page.isEnabled('#create-button'), true, `Create enabled (${order})`);
      assert.match(await page.textContent('#handicap-preview'), /Komi/);
      // Back to the error state for the other order, then check the reverse: 9 then 30.
      await page.check('input[name="size"][value="13"]');
      await page.waitForTimeout(300);
    }
    // The reverse race: the last change is the error; a stale OK must not clear it.
    const held = [];
    await page.route('**/api/preview', async (route) => {
      held.push({ route, response: await route.fetch(), size: JSON.parse(route.request().postData()).size });
    });
    await page.check('input[name="size"][value="9"]');
    await page.check('input[name="size"][value="other"]');
    await page.fill('input[name="size-other"]', '30');
    await page.click('legend:text("Board")');
    const deadline = Date.now() + 5000;
    while (!held.some((h) => h.size === 30) || !held.some((h) => h.size === 9)) {
      assert.ok(Date.now() < deadline, 'both previews were requested');
      await page.waitForTimeout(20);
    }
    // The error (the latest change) answers first, the stale 9×9 answer after it.
    for (const h of held.filter((h) => h.size === 30)) await h.route.fulfill({ response: h.response });
    await page.waitForFunction(() => document.getElementById('form-error').textContent !== '');
    for (const h of held.filter((h) => h.size === 9)) await h.route.fulfill({ response: h.response });
    await page.waitForTimeout(300);
    await page.unroute('**/api/preview');
    assert.notEqual(await page.textContent('#form-error'), '', 'the stale answer did not clear the error');
    assert.equal(await page.isEnabled('#create-button'), false, 'Create disabled for size 30');
    await shot(page, '23-create-form-error-size-30');
  } finally {
    await browser.close();
  }
});

test('a game listed in the lobby is joined from the home page without an invite', { timeout: 60_000 }, async () => {
  const { browser, pages: [host, guest] } = await people(2);
  try {
    await createGame(host, { name: 'Lena', more: async (p) => { await p.check('#open-toggle'); } });
    const id = new URL(host.url()).pathname.split('/').pop();
    await host.click('#copy-invite');
    await host.waitForFunction(() => /Copied/.test(document.getElementById('copy-invite').textContent));
    await guest.goto(BASE + '/');
    const join = `#lobby a[href="/g/${id}#join"]`;
    await guest.waitForSelector(join);
    assert.match(await guest.textContent("#lobby"), /Lena \(B\) vs open seat \(W\)/);
    await shot(guest, '24-lobby');
    await guest.click(join);
    await guest.waitForSelector('#join-box:not([hidden])');
    await guest.fill('#join-name', 'Milo');
    await guest.click('#join-button');
    await guest.waitForFunction(() => /you play White/.test(document.getElementById('game-title').textContent));
    await host.waitForFunction(() => /White: Milo/.test(document.getElementById('player-white').textContent));
    await host.click(pt(2, 2));
    await guest.waitForSelector(stone(2, 2, 'black'));
    await guest.goto(BASE + '/');
    await guest.waitForFunction((gid) => /Lena \(B\) vs Milo \(W\)/.test(
      document.querySelector(`#live-games a[href="/g/${gid}"]`)?.textContent || ''), id);
    assert.equal(await guest.locator(join).count(), 0, 'a taken seat leaves the lobby');
  } finally {
    await browser.close();
  }
});

test('a rematch is offered, declined, offered again and accepted: colours swapped', { timeout: 60_000 }, async () => {
  const { browser, pages: [black, white] } = await people(2);
  try {
    const invite = await createGame(black, { name: 'Nora' });
    await joinGame(white, invite, 'Otto');
    const first = new URL(black.url()).pathname;
    await black.click('#resign-button');
    await black.click('#confirm-yes');
    await white.waitForSelector('#rematch-offer:not([hidden])');
    await white.click('#rematch-offer');
    await black.waitForSelector('#rematch-accept:not([hidden])');
    assert.match(await black.textContent('#rematch-text'), /White offers a rematch/);
    const acceptBox = await black.locator('#rematch-accept').boundingBox();
    const declineBox = await black.locator('#rematch-decline').boundingBox();
    assert.ok(declineBox.x - (acceptBox.x + acceptBox.width) > 30, 'accept and decline are kept apart');
    await shot(black, '25-rematch-offered');
    await black.click('#rematch-decline');
    await white.waitForFunction(() => /Black declined the rematch/.test(document.getElementById('rematch-text').textContent));
    await white.click('#rematch-offer');
    await black.waitForSelector('#rematch-accept:not([hidden])');
    await black.click('#rematch-accept');
    for (const p of [black, white]) {
      await p.waitForFunction((f) => location.pathname !== f && /^\/g\/[0-9a-f]{16}$/.test(location.pathname), first);
    }
    assert.equal(new URL(black.url()).pathname, new URL(white.url()).pathname, 'both are in the same new game');
    await black.waitForFunction(() => /you play White/.test(document.getElementById('game-title').textContent));
    await white.waitForFunction(() => /you play Black/.test(document.getElementById('game-title').textContent));
    assert.match(await white.textContent('#player-black'), /Black: Otto/);
    assert.match(await black.textContent('#player-white'), /White: Nora/);
    await white.click(pt(4, 4));
    await black.waitForSelector(stone(4, 4, 'black'));
    await shot(black, '26-rematch-started');
  } finally {
    await browser.close();
  }
});

test('the create form gives each level its measured rank on the board chosen', { timeout: 60_000 }, async () => {
  const { browser, pages: [page] } = await people(1, { width: 1280, height: 800 });
  try {
    await page.goto(BASE + '/');
    await page.check('input[name="size"][value="9"]');
    await page.waitForFunction(() => /^5 \(about \d+[kd]\)$/.test(document.querySelector('#level-select option[value="5"]').textContent));
    assert.match(await page.textContent('#level-select option[value="1"]'), /^1 \(beginner, about \d+k\)$/);
    assert.match(await page.textContent('#level-select option[value="10"]'), /^10 \(full strength(, about \d+[kd])?\)$/);
    // 13×13 was not measured: the levels are numbers alone there.
    await page.check('input[name="size"][value="13"]');
    await page.waitForFunction(() => document.querySelector('#level-select option[value="5"]').textContent === '5');
    assert.equal(await page.textContent('#level-select option[value="1"]'), '1 (beginner)');
  } finally {
    await browser.close();
  }
});
