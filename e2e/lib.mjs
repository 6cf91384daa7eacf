// Shared by the browser tests: Debian's Chromium through playwright-core, one browser context
// per person (two players and a spectator), screenshots under e2e/screenshots/.

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

export const BASE = process.env.TENGEN_URL;
export const SHOTS = join(dirname(fileURLToPath(import.meta.url)), 'screenshots');
mkdirSync(SHOTS, { recursive: true });

export const pt = (x, y) => `rect.pt[data-x="${x}"][data-y="${y}"]`;
export const stone = (x, y, color) => `circle[data-stone="${color}"][cx="${x}"][cy="${y}"]`;

/** A browser and `count` pages, each in its own context (its own localStorage). */
export async function people(count, viewport = { width: 1200, height: 820 }, options = {}) {
  assert.ok(BASE, 'TENGEN_URL is not set: run e2e/run.sh');
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
      '--autoplay-policy=no-user-gesture-required'],
  });
  const pages = [];
  for (let i = 0; i < count; i++) {
    const ctx = await browser.newContext({ viewport, ...options });
    const page = await ctx.newPage();
    page.on('pageerror', (e) => { throw e; });
    pages.push(page);
  }
  return { browser, pages };
}

export async function shot(page, name) {
  await page.screenshot({ path: join(SHOTS, name + '.png') });
}

/** Fills the form on `page` (at the home page) and creates the game; returns the invite. */
export async function createGame(page, { size = "9", color = "black", name = "Alice", more, rules, base = BASE } = {}) {
  await page.goto(base + '/');
  await page.check(`input[name="size"][value="${size}"]`);
  if (rules) await page.selectOption('select[name="rules"]', rules);
  await page.check(`input[name="color"][value="${color}"]`);
  if (more) await more(page); // further choices on the form
  await page.fill('input[name="name"]', name);
  await page.waitForFunction(() => /Komi/.test(document.getElementById('handicap-preview').textContent)
    && !document.getElementById('create-button').disabled);
  await page.click('#create-button');
  await page.waitForURL(/\/g\/[0-9a-f]{16}$/);
  await page.waitForSelector('#invite-box:not([hidden])');
  return page.inputValue('#invite-link');
}

/** Opens the invite on `page`, gives `name` and takes the seat. */
export async function joinGame(page, invite, name, color = 'White') {
  await page.goto(invite);
  await page.waitForSelector('#join-box:not([hidden])');
  if (name !== null) await page.fill('#join-name', name);
  await page.click('#join-button');
  await page.waitForFunction((c) => new RegExp(`you play ${c}`).test(document.getElementById('game-title').textContent), color);
}

export const gameId = (page) => new URL(page.url()).pathname.split('/').pop();

export async function statusIs(page, re) {
  await page.waitForFunction((src) => new RegExp(src).test(document.getElementById('status').textContent), re.source);
}

/**
 * A `tengen serve` of the test's own (TENGEN_BIN, set by run.sh), for tests that stop the
 * server: on `addr` (default a free port) with the database `db` (default a fresh one).
 * Resolves once it serves: `{ url, addr, db, stop }`.
 */
export async function ownServer({ addr = '127.0.0.1:0', db } = {}) {
  const bin = process.env.TENGEN_BIN;
  assert.ok(bin, 'TENGEN_BIN is not set: run e2e/run.sh');
  db ??= join(mkdtempSync(join(tmpdir(), 'tengen-e2e-')), 'own.db');
  const child = spawn(bin, ['serve', '--addr', addr, '--db', db], { stdio: ['ignore', 'pipe', 'pipe'] });
  let err = '';
  child.stderr.on('data', (d) => { err += d; });
  const url = await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
      const m = /http:\/\/[0-9.:]+/.exec(out);
      if (m) resolve(m[0]);
    });
    child.on('exit', (code) => reject(new Error(`tengen serve exited (${code}): ${err}`)));
  });
  const stop = () => new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) { resolve(); return; }
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
  return { url, addr: new URL(url).host, db, stop };
}
