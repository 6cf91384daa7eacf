// Addresses that lead nowhere, and a server that goes away. An unknown game's address
// answers 404 with a page that says so and links home (it showed an empty board and
// "Connection lost — reconnecting…" forever). A game whose server is killed says that the
// server cannot be reached, not that the clock keeps running there, and that the
// opponent's connection is not known (it still said "● online"); the page plays on when
// the server is back on the same address and database.

import { test } from 'node:test';
import assert from 'node:assert/strict';
import { BASE, pt, stone, people, shot, createGame, joinGame, ownServer, statusIs } from './lib.mjs';

test("an unknown game's address answers 404 with a page that says so and links home", { timeout: 60_000 }, async () => {
  const { browser, pages: [page] } = await people(1);
  try {
    // A mistyped invitation: the id of no game, with an invite.
    const answer = await page.goto(BASE + '/g/0123456789abcdef#invite=0123');
    assert.equal(answer.status(), 404);
    assert.match(await page.textContent('h1'), /No such game/);
    assert.equal(await page.locator('#board').count(), 0, 'a board for a game that does not exist');
    assert.equal(await page.locator('#pass-button').count(), 0, 'game buttons for no game');
    assert.doesNotMatch(await page.textContent('body'), /reconnecting/i);
    await shot(page, '60-unknown-game');
    await page.click('#home-link');
    await page.waitForSelector('#home:not([hidden])');
    // Not an id at all.
    assert.equal((await page.goto(BASE + '/g/not-a-game')).status(), 404);
    // A game that exists is still its page.
    const created = await (await fetch(BASE + '/api/games', {
      method: 'POST', headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ size: 9, rules: 'aga', opponent: { kind: 'person' } }),
    })).json();
    const real = await page.goto(`${BASE}/g/${created.id}`);
    assert.equal(real.status(), 200);
    await page.waitForSelector('#board rect.pt');
  } finally {
    await browser.close();
  }
});

test('a game whose server is down says the server cannot be reached and the opponent is not known', { timeout: 120_000 }, async () => {
  let server = await ownServer();
  const { browser, pages: [alice, bob] } = await people(2);
  try {
    const invite = await createGame(alice, { base: server.url, name: 'Alice' });
    await joinGame(bob, invite, 'Bob');
    await alice.waitForFunction(() => document.querySelector('#player-white .conn').textContent === '● online');
    await alice.click(pt(2, 2));
    await bob.waitForSelector(stone(2, 2, 'black'));

    await server.stop();
    await alice.waitForSelector('#banner:not([hidden])');
    const said = await alice.textContent('#banner');
    assert.match(said, /server cannot be reached/, said);
    assert.doesNotMatch(said, /keeps running/, said);
    const white = await alice.textContent('#player-white .conn');
    assert.doesNotMatch(white, /online/, `the opponent still shows ${white}`);
    assert.match(white, /not known/);
    assert.equal(await alice.isDisabled('#resign-button'), true, 'Resign is offered with no server');
    await shot(alice, '61-server-unreachable');

    // Back on the same address and database: both pages reconnect by themselves.
    server = await ownServer({ addr: server.addr, db: server.db });
    await alice.waitForSelector('#banner', { state: 'hidden', timeout: 20_000 });
    await alice.waitForFunction(() => document.querySelector('#player-white .conn').textContent === '● online', null, { timeout: 20_000 });
    await bob.waitForSelector('#banner', { state: 'hidden', timeout: 20_000 });
    await statusIs(bob, /Your move/);
    await bob.click(pt(6, 6));
    await alice.waitForSelector(stone(6, 6, 'white'));
  } finally {
    await browser.close();
    await server.stop();
  }
});
