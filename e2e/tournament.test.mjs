// A tournament in the browser: an administrator creates five members and makes one a
// tournament director (`tengen admin make-director`); the director creates a 4-player
// McMahon tournament on 9×9, adds the four by name, pairs round 1 and starts it. The two
// games are played on the server: each player's page is taken to their game, and Black
// resigns in both. Their results reach the tournament page by themselves; the director pairs
// and starts round 2 and enters its two results; the standings show two rounds' wins, and
// the crosstable and the `.h9` agree. Screenshots go to e2e/screenshots/.
//
// Needs TENGEN_URL, TENGEN_BIN and TENGEN_DB (e2e/run.sh sets them).

import { execFileSync } from 'node:child_process';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, people, shot } from './lib.mjs';

const run = Date.now().toString(36).slice(-6);
const PASSWORD = 'correct horse battery';
const PLAYERS = [['Ana', '2k'], ['Ben', '3k'], ['Cho', '5k'], ['Dov', '6k']].map(([n, r]) => [`${n}${run}`, r]);
const DIRECTOR = `Td${run}`;

/** An account made by the club's administrator (`tengen admin create-account`, the password
 *  on standard input: the page's registrations are throttled per address, and every test
 *  browser is 127.0.0.1), then logged in on `page`. */
async function memberByAdmin(page, name, rank) {
  execFileSync(process.env.TENGEN_BIN,
    ['admin', '--db', process.env.TENGEN_DB, 'create-account', name, '--rank', rank],
    { input: PASSWORD + '\n', encoding: 'utf8' });
  await page.goto(BASE + '/');
  const res = await page.request.post(BASE + '/api/session', { data: { name, password: PASSWORD } });
  assert.equal(res.status(), 200, await res.text());
  await page.goto(BASE + '/');
  await page.waitForSelector('#club-member:not([hidden])');
}

/** The rows of the standings as text cells. */
const standings = (page) => page.$$eval('#tv-standings tr', (rows) => rows.map((r) => [...r.cells].map((c) => c.textContent)));

test('a director runs a 4-player McMahon tournament: games on the server, results entered, standings', { timeout: 180_000 }, async () => {
  const { browser, pages } = await people(5);
  const [director, ...players] = pages;
  try {
    await memberByAdmin(director, DIRECTOR, '1k');
    for (let i = 0; i < 4; i++) await memberByAdmin(players[i], ...PLAYERS[i]);
    const said = execFileSync(process.env.TENGEN_BIN,
      ['admin', '--db', process.env.TENGEN_DB, 'make-director', DIRECTOR], { encoding: 'utf8' });
    assert.match(said, /tournament director/);

    // 1. The director creates the tournament.
    await director.goto(`${BASE}/#/tournaments`);
    await director.reload();
    await director.waitForSelector('#new-tournament:not([hidden])');
    await director.click('#new-tournament summary');
    const form = '#new-tournament-form';
    await director.fill(`${form} input[name="name"]`, `Club Cup ${run}`);
    await director.fill(`${form} input[name="place"]`, 'Helsinki');
    await director.fill(`${form} input[name="country"]`, 'fi');
    await director.selectOption(`${form} select[name="size"]`, '9');
    await director.fill(`${form} input[name="rounds"]`, '2');
    await director.selectOption(`${form} select[name="bar"]`, '1k');
    await shot(director, '60-tournament-new');
    await director.click('#create-tournament');
    await director.waitForFunction((n) => document.getElementById('tv-name').textContent === n, `Club Cup ${run}`);
    assert.match(director.url(), /#\/tournaments\/[0-9a-f]{16}$/);
    const tid = director.url().split('/').pop();

    // 2. Four members by name; a name that is nobody is refused, naming the field.
    await director.fill('#tv-add-player input[name="member"]', `Nobody${run}`);
    await director.click('#tv-add-player button[type="submit"]');
    await director.waitForFunction(() => /^Member: no member named/.test(document.getElementById('tv-error').textContent));
    for (const [name] of PLAYERS) {
      await director.fill('#tv-add-player input[name="member"]', name);
      await director.click('#tv-add-player button[type="submit"]');
      await director.waitForFunction((n) => document.getElementById('tv-players').textContent.includes(n), name);
    }
    assert.equal(await director.$$eval('#tv-players tr', (r) => r.length), 4);

    // 3. Round 1 paired (a draft that says what it costs), then started.
    await director.click('#tv-pair');
    await director.waitForSelector('.round[data-round="1"] .tv-start');
    assert.match(await director.textContent('.round[data-round="1"] .tv-notes'), /This pairing/);
    await shot(director, '61-tournament-draft');
    await director.click('.round[data-round="1"] .tv-start');
    await director.waitForFunction(() => document.querySelectorAll('.round[data-round="1"] a[href^="/g/"]').length === 2);

    // 4. Each player is taken to their game; Black resigns in both.
    for (const p of players) await p.waitForURL(/\/g\/[0-9a-f]{16}$/, { timeout: 20_000 });
    for (const p of players) await p.waitForSelector('#resign-button:not([hidden])');
    const blacks = [];
    for (const p of players) {
      await p.waitForFunction(() => myColor() !== null);
      const mine = await p.evaluate(() => myColor());
      if (mine === 'black') blacks.push(p);
    }
    assert.equal(blacks.length, 2, 'two games, two Blacks');
    for (const b of blacks) {
      await b.click('#resign-button');
      await b.click('#confirm-yes');
      await b.waitForFunction(() => /Black resigned: White wins\./.test(document.getElementById('end-sentence').textContent));
    }

    // 5. The results arrive on the tournament page by themselves.
    await director.waitForFunction(() => [...document.querySelectorAll('.round[data-round="1"] select.tv-result')]
      .filter((s) => s.value === 'white_wins').length === 2, null, { timeout: 20_000 });

    // 6. Round 2: paired, started, its two results entered by the director.
    await director.click('#tv-pair');
    await director.waitForSelector('.round[data-round="2"] .tv-start');
    await director.click('.round[data-round="2"] .tv-start');
    await director.waitForSelector('.round[data-round="2"] select.tv-result');
    for (const board of [1, 2]) {
      await director.selectOption(`.round[data-round="2"] tbody tr:nth-child(${board}) select.tv-result`, 'black_wins');
      await director.waitForFunction((b) => document.querySelector(`.round[data-round="2"] tbody tr:nth-child(${b}) select.tv-result`).value === 'black_wins', board);
    }
    await director.waitForFunction(() => document.querySelectorAll('#tv-standings tr').length === 4
      && !document.getElementById('tv-standings').textContent.includes('?'));
    // Every player has two rounds in the crosstable, and the wins add up to four games' worth.
    const rows = await standings(director);
    const wins = rows.map((r) => Number(r[3]));
    assert.equal(wins.reduce((a, b) => a + b, 0), 4, JSON.stringify(rows));
    for (const r of rows) assert.match(r.slice(-2).join(' '), /^\d[+-]\/[wb]\d \d[+-]\/[wb]\d$/, JSON.stringify(r));
    await shot(director, '62-tournament-standings');

    // 7. The .h9 for the EGF lists the four with both rounds.
    const h9 = await (await director.request.get(`${BASE}/api/tournaments/${tid}/results.h9`)).text();
    assert.match(h9, new RegExp(`; EV\\[Club Cup ${run}\\]`));
    for (const [name] of PLAYERS) assert.ok(h9.includes(name), h9);

    // 8. A player sees the standings but cannot direct.
    await players[0].goto(`${BASE}/#/tournaments/${tid}`);
    await players[0].waitForFunction(() => document.querySelectorAll('#tv-standings tr').length === 4);
    assert.equal(await players[0].isVisible('#tv-director'), false);
  } finally {
    await browser.close();
  }
});
