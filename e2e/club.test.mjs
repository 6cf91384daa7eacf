// The club in the browser: two members register (a 3k and a 1d, names unique to the run),
// each in their own browser context; a seek in the lobby seen by the other and withdrawn;
// the 1d challenges the 3k to a rated 9×9 Japanese game with no clock, and both see the
// proposal the ranks give (the 3k takes Black with 3 stones, komi 0) before it is accepted;
// the 3k accepts and both land on the game; the 1d resigns after a few moves; both player
// pages show the game, its result, the record and the new ratings (two points on the
// graph); logging out shows "Log in" again and /api/me answers 401; a wrong password is
// refused with the server's sentence on the page. Also: a refused registration, the players
// list and its search, an unrated even challenge declined (the challenger told at once), a
// member's seat fetched for a game opened in a browser that had not stored it. Then the
// pages at phone size (390×844), with no horizontal overflow. Screenshots go to
// e2e/screenshots/.
//
// Needs TENGEN_URL (e2e/run.sh starts the server and sets it).

import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, pt, stone, people, shot, statusIs } from './lib.mjs';

const run = Date.now().toString(36).slice(-6);
const KYU = `Kyu${run}`;
const DAN = `Dan${run}`;
const PASSWORD = 'correct horse battery';
const PROPOSAL = `${KYU} takes Black with 3 stones; komi 0. Rated.`;

const text = (page, sel) => page.textContent(sel).then((t) => t.trim());

async function register(page, name, rank) {
  await page.goto(BASE + '/');
  await page.waitForSelector('#club-guest:not([hidden])');
  await page.click('#tab-register');
  await page.fill('#register-form input[name="name"]', name);
  await page.fill('#register-form input[name="password"]', PASSWORD);
  await page.selectOption('#register-form select[name="rank"]', rank);
  await page.click('#register-button');
  await page.waitForFunction((n) => document.getElementById('me-link').textContent === n,
    `${name} (${rank})`);
  assert.equal(await page.isVisible('#club-member'), true);
  assert.equal(await page.isVisible('#login-link'), false, 'no "Log in" while logged in');
}

/** Opens `name`'s page and waits until `ready(page)` (reloading it meanwhile), at most `ms`. */
async function playerPage(page, name, ready = async () => true, ms = 15_000) {
  await page.goto(`${BASE}/#/players/${encodeURIComponent(name)}`);
  const deadline = Date.now() + ms;
  for (;;) {
    await page.waitForFunction((n) => document.getElementById('pv-name').textContent === n, name);
    if (await ready(page)) return;
    assert.ok(Date.now() < deadline, `${name}'s page did not get there in ${ms} ms`);
    await page.waitForTimeout(1000);
    await page.reload();
  }
}

async function noHorizontalOverflow(page, what) {
  // Measured against the screen's 390 px: a mobile browser widens its viewport to what overflows.
  const widest = await page.evaluate(() => Math.max(document.documentElement.scrollWidth,
    ...[...document.querySelectorAll('body *')].filter((e) => e.getClientRects().length)
      .map((e) => e.getBoundingClientRect().right)));
  assert.ok(widest <= 390.5, `${what}: the page is ${widest}px wide on a 390px screen`);
}

test('two members register, challenge, play a rated game and see their new ratings', { timeout: 180_000 }, async () => {
  const { browser, pages: [kyu, dan] } = await people(2);
  try {
    // 1. Registering: a refused form says why, next to the field; then the 3k and the 1d.
    await kyu.goto(BASE + '/');
    await kyu.waitForSelector('#club-guest:not([hidden])');
    await shot(kyu, '40-club-logged-out');
    await kyu.click('#tab-register');
    await kyu.fill('#register-form input[name="name"]', KYU);
    await kyu.fill('#register-form input[name="password"]', 'short');
    await kyu.selectOption('#register-form select[name="rank"]', '3k');
    await kyu.click('#register-button');
    await kyu.waitForFunction(() => /^Password: 8 to 256 characters/.test(document.getElementById('register-error').textContent));
    assert.equal(await kyu.getAttribute('#register-form input[name="password"]', 'aria-invalid'), 'true');
    await shot(kyu, '41-register-refused');
    await register(kyu, KYU, '3k');
    await register(dan, DAN, '1d');
    await shot(dan, '42-club-logged-in');

    // 2. The players list: search, the online marker, a Challenge button.
    await dan.goto(`${BASE}/#/players`);
    await dan.fill('#player-search', run);
    await dan.waitForFunction((names) => {
      const rows = [...document.querySelectorAll('#players-body tr')].map((r) => r.dataset.name);
      return rows.length === 2 && names.every((n) => rows.includes(n));
    }, [KYU, DAN]);
    const kyuRow = `#players-body tr[data-name="${KYU}"]`;
    assert.match(await text(dan, kyuRow), /●/, 'the 3k is marked online');
    assert.match(await text(dan, kyuRow), /3k\s*1800/);
    assert.equal(await dan.locator(`#players-body tr[data-name="${DAN}"] button`).count(), 0, 'no challenging oneself');
    await shot(dan, '43-players-search');

    // 3. A seek in the lobby (5k to 1d): the 1d sees it with the game it would be for him;
    // the 3k withdraws it.
    await kyu.click('#new-seek');
    await kyu.waitForSelector('#challenge-dialog[open]');
    assert.equal(await kyu.inputValue('#challenge-opponent'), '');
    await kyu.selectOption('#challenge-form select[name="min_rank"]', '5k');
    await kyu.selectOption('#challenge-form select[name="max_rank"]', '1d');
    await kyu.check('#challenge-form input[name="size"][value="9"]');
    await kyu.waitForFunction(() => /seek/i.test(document.getElementById('challenge-proposal').textContent));
    await kyu.click('#challenge-send');
    await kyu.waitForSelector('#challenge-dialog', { state: 'hidden' });
    await kyu.waitForFunction(() => /Your seek in the lobby: 9×9, Japanese, no clock, rated; ranks 5k to 1d/
      .test(document.getElementById('outgoing').textContent));
    await dan.goto(BASE + '/');
    const seek = `#seeks li.challenge`;
    await dan.waitForSelector(seek);
    assert.match(await text(dan, seek), new RegExp(`${KYU} \\(3k\\) seeks a game`));
    assert.match(await text(dan, `${seek} .proposal`), new RegExp(PROPOSAL.replace(/[.()]/g, '\\$&')));
    await shot(dan, '44-seek-in-the-lobby');
    await kyu.click('#outgoing button.withdraw');
    await kyu.waitForFunction(() => /none/.test(document.getElementById('outgoing').textContent));

    // 4. A challenge typed by name, unrated and even (13×13): the 3k declines it, and the
    // 1d is told.
    await dan.click('#new-challenge');
    await dan.waitForSelector('#challenge-dialog[open]');
    await dan.fill('#challenge-opponent', KYU);
    await dan.check('#challenge-form input[name="size"][value="13"]');
    await dan.uncheck('#challenge-form input[name="rated"]');
    await dan.selectOption('#challenge-form select[name="handicap"]', '0');
    await dan.waitForFunction(() => document.querySelector('#challenge-proposal strong')?.textContent
      === 'Even game: colours by nigiri, komi 6.5. Unrated.');
    await dan.click('#challenge-send');
    await kyu.waitForSelector('#incoming li.challenge');
    assert.match(await text(kyu, '#incoming li.challenge'), /13×13, Japanese, no clock, unrated, even/);
    assert.equal(await text(kyu, '#incoming li.challenge .proposal'), 'Even game: colours by nigiri, komi 6.5. Unrated.');
    await kyu.click('#incoming li.challenge button.decline');
    await dan.waitForFunction((n) => document.getElementById('club-notice').textContent === `${n} declined your challenge.`, KYU);
    await dan.waitForFunction(() => /none/.test(document.getElementById('outgoing').textContent));
    await kyu.waitForFunction(() => /none/.test(document.getElementById('incoming').textContent));

    // 5. The 1d challenges the 3k from the 3k's page: 9×9, Japanese, no clock, rated. The
    // form shows the proposal before anything is sent.
    await playerPage(dan, KYU);
    assert.match(await text(dan, '#pv-facts'), /Rank 3k\s*Rating 1800\s*0 rated games/);
    await dan.click('#pv-challenge');
    await dan.waitForSelector('#challenge-dialog[open]');
    assert.equal(await dan.inputValue('#challenge-opponent'), KYU);
    await dan.check('#challenge-form input[name="size"][value="9"]');
    await dan.selectOption('#challenge-form select[name="rules"]', 'japanese');
    await dan.check('#challenge-form input[name="time"][value="none"]');
    await dan.check('#challenge-form input[name="rated"]'); // the form kept the last challenge's settings
    await dan.waitForFunction((p) => document.querySelector('#challenge-proposal strong')?.textContent === p, PROPOSAL);
    assert.match(await text(dan, '#challenge-proposal'), new RegExp(`Black: ${KYU} \\(3k\\) · White: ${DAN} \\(1d\\)`));
    await shot(dan, '45-challenge-form-with-proposal');
    await dan.click('#challenge-send');
    await dan.waitForSelector('#challenge-dialog', { state: 'hidden' });
    await dan.waitForFunction(() => location.hash === '#challenges');
    await dan.waitForFunction((p) => document.getElementById('outgoing').textContent.includes(p), PROPOSAL);

    // 6. The 3k is told at once (server-sent event; no reload) and sees the same proposal.
    const incoming = '#incoming li.challenge';
    await kyu.waitForSelector(incoming);
    assert.match(await text(kyu, incoming), new RegExp(`${DAN} \\(1d\\) challenges you: 9×9, Japanese, no clock, rated`));
    assert.equal(await text(kyu, `${incoming} .proposal`), PROPOSAL);
    assert.equal(await text(kyu, '#challenge-badge'), '1 challenge');
    await shot(kyu, '46-incoming-challenge');

    // 7. Accepted: both land on the game, the 3k as Black with three stones, White to move.
    await kyu.click(`${incoming} button.accept`);
    for (const [page, color] of [[kyu, 'Black'], [dan, 'White']]) {
      await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
      await page.waitForFunction((c) => document.getElementById('game-title').textContent.endsWith(`you play ${c}`), color);
    }
    const game = new URL(kyu.url()).pathname.split('/').pop();
    assert.equal(new URL(dan.url()).pathname, `/g/${game}`, 'both are in the same game');
    assert.match(await text(kyu, '#rules-line'), /Komi 0, handicap 3/);
    assert.equal(await kyu.locator('circle[data-stone="black"]').count(), 3, 'three handicap stones');
    await statusIs(dan, /Your move/);

    // 8. A few moves, then the 1d resigns.
    const moves = [[dan, 1, 1, 'white'], [kyu, 7, 7, 'black'], [dan, 1, 7, 'white'], [kyu, 7, 1, 'black']];
    for (const [page, x, y, color] of moves) {
      await page.click(pt(x, y));
      for (const p of [kyu, dan]) await p.waitForSelector(stone(x, y, color));
    }
    await shot(dan, '47-club-game');
    await dan.click('#resign-button');
    await dan.click('#confirm-yes');
    for (const p of [kyu, dan]) {
      await p.waitForFunction(() => document.getElementById('end-sentence').textContent === 'White resigned: Black wins.');
    }

    // 9. Both pages show the game with its result, the record and the new ratings (rated
    // by a background task every 2 s: reload until they come).
    const rated = (nominal) => async (page) => {
      const rating = await text(page, '#pv-rating');
      return rating !== String(nominal) && (await page.locator('#rating-graph circle.point').count()) === 2;
    };
    await playerPage(kyu, KYU, rated(1800));
    await playerPage(dan, DAN, rated(2100));
    const kyuRating = Number(await text(kyu, '#pv-rating'));
    const danRating = Number(await text(dan, '#pv-rating'));
    assert.ok(kyuRating > 1800, `the winner's rating went up: ${kyuRating}`);
    assert.ok(danRating < 2100, `the loser's rating went down: ${danRating}`);
    assert.match(await text(kyu, '#pv-facts'), /1 rated game/);
    const row = `#pv-games li[data-game="${game}"]`;
    assert.match(await text(kyu, row), new RegExp(`vs ${DAN}\\s*9×9 Japanese, rated\\s*won B\\+R`));
    assert.match(await text(dan, row), new RegExp(`vs ${KYU}\\s*9×9 Japanese, rated\\s*lost B\\+R`));
    for (const page of [kyu, dan]) {
      assert.equal(await page.getAttribute(`${row} a.sgf`, 'href'), `/api/games/${game}/sgf`);
      assert.equal(await page.getAttribute(`${row} .links a:first-child`, 'href'), `/g/${game}`);
    }
    assert.equal(await kyu.locator(`#pv-record tr[data-opponent="${DAN}"] td`).allTextContents()
      .then((t) => t.join(' ')), `${DAN} 1 0 0`);
    assert.equal(await dan.locator(`#pv-record tr[data-opponent="${KYU}"] td`).allTextContents()
      .then((t) => t.join(' ')), `${KYU} 0 1 0`);
    const points = await kyu.locator('#rating-graph circle.point').evaluateAll((cs) => cs.map((c) => Number(c.dataset.rating)));
    assert.deepEqual(points, [1800, kyuRating], 'the graph goes from the declared rank to the new rating');
    assert.equal(await kyu.isVisible('#pv-challenge'), false, 'no Challenge button on one\'s own page');
    await shot(kyu, '48-player-page-after-the-game');
    await dan.click(`a.player-link:text-is("${KYU}")`);
    await dan.waitForFunction((n) => document.getElementById('pv-name').textContent === n, KYU);
    assert.equal(await dan.isVisible('#pv-challenge'), true, 'a Challenge button on another member\'s page');

    // 10. The game page of a member's game, opened afresh without the stored seat: the seat
    // comes from the account.
    await kyu.evaluate((g) => localStorage.removeItem('tengen.seat.' + g), game);
    await kyu.goto(`${BASE}/g/${game}`);
    await kyu.waitForFunction(() => document.getElementById('game-title').textContent.endsWith('you play Black'));

    // 11. Logging out: "Log in" again, and the session is gone.
    await dan.goto(BASE + '/');
    await dan.waitForSelector('#account-member:not([hidden])');
    await dan.click('#logout-button');
    await dan.waitForSelector('#login-link', { state: 'visible' });
    await dan.waitForSelector('#login-form', { state: 'visible' });
    assert.equal(await dan.isVisible('#me-link'), false);
    assert.equal(await dan.evaluate(() => fetch('/api/me').then((r) => r.status)), 401);

    // 12. A wrong password is refused with a clear sentence; the right one logs in.
    await dan.fill('#login-form input[name="name"]', DAN);
    await dan.fill('#login-form input[name="password"]', 'not the password');
    await dan.click('#login-button');
    await dan.waitForFunction(() => document.getElementById('login-error').textContent === 'Wrong name or password.');
    assert.equal(await dan.isVisible('#login-error'), true);
    await shot(dan, '49-wrong-password');
    await dan.fill('#login-form input[name="password"]', PASSWORD);
    await dan.click('#login-button');
    // One rated game: the declared rank is still the one shown.
    await dan.waitForFunction((n) => document.getElementById('me-link').textContent === n, `${DAN} (1d)`);
    assert.equal(await dan.textContent('#login-error'), '');

    // 13. On a phone: the home page, the players, a player page and the challenge form fit
    // 390 px.
    const ctx = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 });
    const phone = await ctx.newPage();
    phone.on('pageerror', (e) => { throw e; });
    await phone.goto(BASE + '/');
    await phone.waitForSelector('#club-guest:not([hidden])');
    await noHorizontalOverflow(phone, 'home, logged out');
    await shot(phone, '50-phone-home-logged-out');
    await phone.fill('#login-form input[name="name"]', KYU);
    await phone.fill('#login-form input[name="password"]', PASSWORD);
    await phone.tap('#login-button');
    await phone.waitForSelector('#club-member:not([hidden])');
    await phone.waitForSelector('#online-players li');
    await noHorizontalOverflow(phone, 'home, logged in');
    await shot(phone, '51-phone-home-logged-in');
    await phone.goto(`${BASE}/#/players`);
    await phone.waitForSelector(`#players-body tr[data-name="${DAN}"]`);
    await noHorizontalOverflow(phone, 'players');
    await shot(phone, '52-phone-players');
    await phone.goto(`${BASE}/#/players/${DAN}`);
    await phone.waitForSelector(`#pv-games li[data-game="${game}"]`);
    await noHorizontalOverflow(phone, 'player page');
    await shot(phone, '53-phone-player-page');
    await phone.tap('#pv-challenge');
    await phone.waitForFunction(() => document.querySelector('#challenge-proposal strong'));
    await noHorizontalOverflow(phone, 'challenge form');
    await shot(phone, '54-phone-challenge-form');
    await phone.tap('#challenge-cancel');
    await phone.goto(`${BASE}/g/${game}`);
    await phone.waitForFunction(() => document.getElementById('game-title').textContent.endsWith('you play Black'));
    await noHorizontalOverflow(phone, 'game page');
    await shot(phone, '55-phone-club-game');

    // 14. The organiser makes the 1d an administrator with `tengen admin`; in the browser
    // the 1d then makes the game unrated (the 3k's rating goes back to 1800), sets the 3k's
    // declared rank to 2k and disables the account, which logs the 3k out.
    if (process.env.TENGEN_BIN && process.env.TENGEN_DB) {
      const said = execFileSync(process.env.TENGEN_BIN,
        ['admin', '--db', process.env.TENGEN_DB, 'make-admin', DAN], { encoding: 'utf8' });
      assert.match(said, /administrator/);
      await dan.goto(`${BASE}/`);
      await dan.waitForSelector('#club-member:not([hidden])');
      await dan.goto(`${BASE}/#/players/${KYU}`);
      await dan.waitForSelector('#pv-admin:not([hidden])');
      await dan.click(`#pv-games li[data-game="${game}"] button.unrate`);
      await dan.waitForFunction(() => /unrated/.test(document.getElementById('pv-admin-status').textContent));
      await dan.waitForFunction(() => document.getElementById('pv-rating').textContent === '1800');
      await dan.selectOption('#pv-admin-rank-select', '2k');
      await dan.click('#pv-admin-rank button[type="submit"]');
      await dan.waitForFunction(() => document.getElementById('pv-rank').textContent === '2k');
      await dan.click('#pv-admin-disable');
      await dan.waitForFunction(() => /disabled/.test(document.getElementById('pv-admin-status').textContent));
      await shot(dan, '56-administration');
      const me = await phone.evaluate(async () => (await fetch('/api/me')).status);
      assert.equal(me, 401, 'a disabled account is logged out');
    }
  } finally {
    await browser.close();
  }
});

// Tengen's engine in the club: a 24k finds Tengen-L4 (21k) in the players list, marked as
// the engine and online, challenges it from its page to a rated 19×19 game, is taken
// straight to the game (accepted at once) as Black with three stones, resigns after the
// engine's first move, and both pages show the new ratings.
test('a member challenges Tengen\'s engine from its page and the rated game moves both ratings', { timeout: 120_000 }, async () => {
  const { browser, pages: [me] } = await people(1);
  const ME = `Bot${run}`;
  const BOT = 'Tengen-L4';
  try {
    await register(me, ME, '24k');
    await me.goto(`${BASE}/#/players`);
    await me.fill('#player-search', BOT);
    const row = `#players-body tr[data-name="${BOT}"]`;
    await me.waitForSelector(row);
    assert.match(await text(me, row), /●\s*Tengen-L4\s*engine\s*21k\s*12/);

    await playerPage(me, BOT);
    assert.match(await text(me, '#pv-about'), /Tengen's own engine at level 4/);
    assert.doesNotMatch(await text(me, '#pv-facts'), /null/, 'no fact left out shows as "null"');
    await me.click('#pv-challenge');
    await me.waitForSelector('#challenge-dialog[open]');
    assert.equal(await me.inputValue('#challenge-opponent'), BOT);
    await me.check('#challenge-form input[name="size"][value="19"]');
    await me.selectOption('#challenge-form select[name="rules"]', 'japanese');
    await me.check('#challenge-form input[name="time"][value="none"]');
    await me.check('#challenge-form input[name="rated"]');
    const proposal = `${ME} takes Black with 3 stones; komi 0. Rated.`;
    await me.waitForFunction((p) => document.querySelector('#challenge-proposal strong')?.textContent === p, proposal);
    await me.click('#challenge-send');
    await me.waitForURL(/\/g\/[0-9a-f]{16}$/);
    await me.waitForFunction(() => document.getElementById('game-title').textContent.endsWith('you play Black'));
    assert.equal(await me.locator('circle[data-stone="black"]').count(), 3, 'three handicap stones');
    await me.waitForFunction(() => document.querySelectorAll('circle[data-stone="white"]').length === 1, null, { timeout: 30_000 });
    await shot(me, '57-game-against-the-engine');
    await me.click('#resign-button');
    await me.click('#confirm-yes');
    await me.waitForFunction(() => document.getElementById('end-sentence').textContent === 'Black resigned: White wins.');

    const moved = (nominal) => async (page) => {
      const rating = await text(page, '#pv-rating');
      return rating !== String(nominal) && (await page.locator('#rating-graph circle.point').count()) === 2;
    };
    await playerPage(me, ME, moved(-300));
    assert.ok(Number(await text(me, '#pv-rating')) < -300, 'the loser\'s rating went down');
    assert.match(await text(me, `#pv-record tr[data-opponent="${BOT}"]`), /0\s*1\s*0/);
    await playerPage(me, BOT, moved(24));
    assert.ok(Number(await text(me, '#pv-rating')) > 24, 'the engine\'s rating went up');
    await shot(me, '58-the-engine-s-page');
  } finally {
    await browser.close();
  }
});
