// A judge's afternoon (issue 34) in Debian's headless Chromium, driven by playwright-core: a
// 40-player event run as people run it. Forty players register (three different lists, one
// list with a line that is not a card, kept pending); one withdraws from the registration page;
// the organizer removes a no-show from the organizer page; three judges, each in a browser of
// their own, deck-check 10% of the tables, switching players between checks; one check is a
// mismatch, one is voided; one amendment is given by link (links are off in this run: it is
// refused and nothing is stored) and then pasted; the organizer publishes with a pending list,
// answering the page's question. At 1280px and at 390px, with axe-core.
//
// It asserts: no check is recorded against a player it was not made for; no page ever shows
// the previous player's input; the published lists equal the registered ones line for line.
// Started by scripts/e2e.sh afternoon:
//   DECKCHECK_URL=http://127.0.0.1:PORT node afternoon.test.mjs
// Prints one line per check and, last, `e2e-afternoon: N passed, M failed`.
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { axeCheck } from './axe.mjs';
import { harness } from './harness.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const BASE = process.env.DECKCHECK_URL || 'http://127.0.0.1:8080';
const DECKS = process.env.DECKCHECK_DECKS || resolve(ROOT, '../shared/data/swu/decks');
const ARTIFACTS = join(HERE, 'artifacts');
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };
const LABEL = 'e2e-afternoon';

const LISTS = [
  readFileSync(join(DECKS, 'tournament/wichita-pq-4th-han-solo.melee.txt'), 'utf8'),
  readFileSync(join(DECKS, 'official-starters/sor-darth-vader.json'), 'utf8'),
  readFileSync(join(DECKS, 'official-starters/sor-luke-skywalker.json'), 'utf8'),
];
// The Wichita list with a line that is no card: kept pending, shown as written.
const MISSPELLED = LISTS[0].replace('3 | Cunning', '3 | Cunnning');

const { step, assert, finish } = harness(LABEL, { stepMs: 90_000, totalMs: 840_000 });

async function api(method, path, { token, body } = {}) {
  const headers = { accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(BASE + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw Object.assign(new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`), { status: res.status, body: json });
  return json;
}

/// One sheet line as the pages write it: `3 Waylay`, `1 Luke Skywalker + Upgrade`.
const lineText = (l) => [String(l.count), l.number, l.name].filter(Boolean).join(' ') + (l.with && l.with.length ? ` + ${l.with.join(' + ')}` : '');
/// Every line of a registered list, as its sheet lists it: each card, then each entry not read.
const sheetLines = (sheet) => sheet.decks.flatMap((d) => [...d.sheet.sections.flatMap((s) => s.lines.map(lineText)), ...(d.sheet.not_read || []).map((t) => t.trim())]);

mkdirSync(ARTIFACTS, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
});
const origin = new URL(BASE).origin;
const foreign = [], consoleErrors = [];
/// A person's own browser (their own storage: three judges' tokens do not mix).
async function person(viewport = DESKTOP) {
  const context = await browser.newContext({ viewport, locale: 'en-US', timezoneId: 'UTC', colorScheme: 'light' });
  context.setDefaultTimeout(20_000);
  const page = await context.newPage();
  page.on('request', (r) => { const u = r.url(); if (!u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:')) foreign.push(u); });
  // The refusals this afternoon asks for are answered 4xx; the browser logs each.
  page.on('console', (m) => { if (m.type() === 'error' && !/status of (403|409|422)/.test(m.text())) consoleErrors.push(m.text()); });
  page.on('pageerror', (e) => consoleErrors.push(String(e)));
  page.on('dialog', (d) => d.accept());
  return page;
}

/// No horizontal scrolling at the page's width.
async function fits(page, what) {
  const { scroll, width } = await page.evaluate(() => ({ scroll: document.scrollingElement.scrollWidth, width: window.innerWidth }));
  assert(scroll <= width + 1, `${what} is wider than the screen (${scroll} > ${width})`);
}
/// axe-core at 1280px and at 390px (where the page must also fit), back to the page's width.
async function everyWidth(page, label) {
  const was = page.viewportSize();
  try {
    await page.setViewportSize(DESKTOP);
    await axeCheck(page, `${label}, 1280px`);
    await page.setViewportSize(PHONE);
    await fits(page, label);
    await axeCheck(page, `${label}, 390px`);
  } finally {
    await page.setViewportSize(was);
  }
}

let event, code, org;
const players = []; // { id, name, uid, token, list }
const judges = [];
const made = []; // every deck check made in a judge's page: { judge, player, check }

/// The judge's page, showing `p`: what it shows of the player and of the last one.
async function shown(page) {
  return page.evaluate(() => ({
    player: document.getElementById('record').dataset.player || '',
    title: document.getElementById('player-title').textContent,
    presented: document.getElementById('presented').value,
    box: document.getElementById('box').value,
    note: document.getElementById('note').value,
    reason: document.getElementById('reason').value,
    voidReason: document.getElementById('void-reason').value,
    result: document.getElementById('check-result').hidden ? '' : document.getElementById('check-result').textContent,
    lines: [...document.querySelectorAll('#registered-sheet [data-line]')].map((l) => l.dataset.line),
  }));
}

/// Opens `p` on a judge's page and checks that nothing of the player shown before is left.
async function openOn(page, p) {
  await page.fill('#search', p.uid);
  await page.waitForFunction((id) => [...document.querySelectorAll('#players button')].some((b) => b.dataset.player === id), p.id);
  await page.click(`#players button[data-player="${p.id}"]`);
  await page.waitForFunction((id) => document.getElementById('record').dataset.player === id && document.querySelectorAll('#registered-sheet [data-line]').length > 0, p.id);
  const now = await shown(page);
  assert(now.title === p.name, `the page shows ${now.title}, not ${p.name}`);
  assert(!now.presented && !now.box && !now.note && !now.reason && !now.voidReason && !now.result,
    `the previous player's input is shown for ${p.name}: ${JSON.stringify({ ...now, lines: now.lines.length })}`);
  const expected = sheetLines((await api('GET', `/v1/events/${event}/sheets?player=${p.id}`, { token: org })).sheets[0]);
  assert(JSON.stringify(now.lines) === JSON.stringify(expected), `${p.name}'s list as shown is not their sheet: ${now.lines.slice(0, 3)} vs ${expected.slice(0, 3)}`);
}

/// A deck check in a judge's page of the player shown; the check it answered.
async function checkOn(page, judge, p, presented, note) {
  const before = await page.$$eval('#checks li[data-check]', (l) => l.length);
  await page.fill('#presented', presented);
  await page.fill('#note', note);
  await page.click('#deck-check button[type=submit]');
  await page.waitForFunction((n) => document.querySelectorAll('#checks li[data-check]').length > n, before);
  await page.waitForSelector(`#check-verdict[data-player="${p.id}"]`);
  const checks = (await api('GET', `/v1/events/${event}/players/${p.id}`, { token: org })).checks;
  const check = checks.find((c) => c.note === note);
  assert(check, `the check "${note}" is stored on ${p.name}`);
  made.push({ judge, player: p.id, check: check.id, note });
  return check;
}

try {
  await step('a 40-player event: created, forty lists registered (one kept pending), three judges', async () => {
    const c = await api('POST', '/v1/events', { body: { name: 'Afternoon Open', game: 'swu', format: 'premier', date: '2025-01-15', illegal_lists: 'pending' } });
    ({ id: event, registration_code: code } = c.event);
    org = c.organizer_token;
    for (let i = 1; i <= 40; i++) {
      const name = `Player ${String(i).padStart(2, '0')} Tester`;
      const uid = String(100000 + i);
      const list = i === 40 ? MISSPELLED : LISTS[i % LISTS.length];
      const r = await api('POST', `/v1/events/code/${code}/players`, { body: { player: name, uid, deck: list } });
      players.push({ id: r.player.id, name, uid, token: r.token, list, state: r.state });
    }
    assert(players[39].state === 'pending', `the misspelled list is pending: ${players[39].state}`);
    for (const name of ['Jo Judge', 'Kim Judge', 'Lee Judge']) {
      const j = await api('POST', `/v1/events/${event}/judges`, { token: org, body: { name } });
      judges.push({ name, token: j.token });
    }
  });

  await step('a player withdraws from the registration page before the lock', async () => {
    const page = await person(PHONE);
    const p = players[38];
    await page.goto(`${BASE}/events/register#event=${event}&token=${p.token}`);
    await page.waitForSelector('#history-box:not([hidden]) #withdraw');
    await page.click('#withdraw');
    await page.waitForFunction(() => document.getElementById('status').textContent.includes('withdrawn'));
    await fits(page, 'the registration page');
    const me = await fetch(`${BASE}/v1/events/${event}/me`, { headers: { Authorization: `Bearer ${p.token}` } });
    assert(me.status === 401, `the withdrawn player's token opens nothing: ${me.status}`);
    p.gone = true;
    await page.context().close();
  });

  const organizer = await person();
  await step('the organizer removes a no-show from the roster, with a reason, and locks', async () => {
    await organizer.goto(`${BASE}/events/organizer#event=${event}&token=${org}`);
    const p = players[37];
    await organizer.waitForSelector(`#roster tr[data-player="${p.id}"] button.edit`);
    await organizer.click(`#roster tr[data-player="${p.id}"] button.edit`);
    await organizer.fill('#edit-reason', 'did not show up for round 1');
    await everyWidth(organizer, 'organizer, correcting or removing a player');
    await organizer.click('#remove-player');
    await organizer.waitForFunction((id) => !document.querySelector(`#roster tr[data-player="${id}"]`), p.id);
    p.gone = true;
    const rows = await organizer.$$eval('#roster tbody tr', (r) => r.length);
    assert(rows === 38, `38 players on the roster: ${rows}`);
    await organizer.click('#lock');
    await organizer.waitForSelector('#locked');
  });

  const pages = [];
  await step('three judges open the event in their own browsers', async () => {
    for (const j of judges) {
      const page = await person();
      await page.goto(`${BASE}/events/judge#event=${event}&token=${j.token}`);
      await page.waitForSelector('#finder:not([hidden])');
      pages.push(page);
    }
  });

  // 19 tables of the 38 players left: 10% is two tables, four players; a judge switches
  // players between checks (typing a deck for one, then opening another first).
  await step('judge 1 starts typing one player\'s deck, opens another: nothing of the first is left; checks the second', async () => {
    const page = pages[0];
    const [a, b] = [players[0], players[1]];
    await openOn(page, a);
    await page.fill('#presented', a.list);
    await page.fill('#note', 'round 3, table 1');
    await page.$eval('#amend-box', (d) => { d.open = true; });
    await page.fill('#reason', 'half-typed');
    await openOn(page, b);
    const check = await checkOn(page, 'Jo Judge', b, b.list, 'round 3, table 1, seat 2');
    assert(check.verdict === 'match', `${b.name}'s own list matches: ${check.verdict}`);
    await page.screenshot({ path: join(ARTIFACTS, 'afternoon-judge-desktop.png'), fullPage: true });
  });

  await step('judge 1 goes back to the first player of the table: a clean page; a match', async () => {
    const page = pages[0];
    const a = players[0];
    await openOn(page, a);
    const check = await checkOn(page, 'Jo Judge', a, a.list, 'round 3, table 1, seat 1');
    assert(check.verdict === 'match', `${a.name}: ${check.verdict}`);
  });

  await step('judge 2 finds a card missing from the presented deck: a mismatch, on that player', async () => {
    const page = pages[1];
    const c = players[2]; // the Wichita list: one Waylay short
    await openOn(page, c);
    const check = await checkOn(page, 'Kim Judge', c, c.list.replace('3 | Waylay', '2 | Waylay'), 'round 3, table 2, seat 1');
    assert(check.verdict === 'mismatch', `${c.name}: ${check.verdict}`);
    await page.waitForSelector('#check-verdict[data-verdict="mismatch"]');
    await everyWidth(page, 'judge, a mismatch');
  });

  await step('judge 3 enters a check twice and voids the second, with a reason; it stays, marked', async () => {
    const page = pages[2];
    const d = players[3];
    await openOn(page, d);
    await checkOn(page, 'Lee Judge', d, d.list, 'round 3, table 2, seat 2');
    const twice = await checkOn(page, 'Lee Judge', d, d.list, 'round 3, table 2, seat 2 (again)');
    await page.selectOption('#void-check', twice.id);
    await page.fill('#void-reason', 'entered twice');
    await page.click('#void-form button[type=submit]');
    await page.waitForSelector(`#checks li[data-check="${twice.id}"][data-void="yes"]`);
    made.find((m) => m.check === twice.id).voided = true;
    await everyWidth(page, 'judge, a voided check');
    await page.setViewportSize(PHONE);
    await page.screenshot({ path: join(ARTIFACTS, 'afternoon-judge-phone.png'), fullPage: true });
    await page.setViewportSize(DESKTOP);
  });

  await step('an amendment by link: refused with words a person can act on, nothing stored; the list pasted instead', async () => {
    const page = pages[1];
    const p = players[4];
    await openOn(page, p);
    const before = (await api('GET', `/v1/events/${event}/players/${p.id}`, { token: org })).versions.length;
    await page.$eval('#amend-box', (d) => { d.open = true; });
    await page.fill('#amended', 'https://swudb.com/deck/AfternoonOpen5');
    await page.fill('#reason', 'CPG 4.3: the list from the player\'s link');
    await page.click('#amend button[type=submit]');
    await page.waitForSelector('#error:not([hidden])');
    const said = await page.textContent('#error');
    assert(/not read here/.test(said) && !/DECKCHECK_/.test(said), `the refusal: ${said}`);
    const after = (await api('GET', `/v1/events/${event}/players/${p.id}`, { token: org })).versions;
    assert(after.length === before && !after.some((v) => v.decks.some((d) => d.includes('swudb.com'))), 'no link was stored');
    await page.fill('#amended', p.list);
    await page.click('#amend button[type=submit]');
    await page.waitForFunction(() => document.getElementById('player-facts').textContent.includes('version 2'));
    // The amendment moved the list on: a check made against the version read before is stale.
    const stale = await fetch(`${BASE}/v1/events/${event}/players/${p.id}/deck-checks`, {
      method: 'POST', headers: { Authorization: `Bearer ${judges[1].token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ presented: p.list, version: 1 }),
    });
    assert(stale.status === 409 && (await stale.json()).error.code === 'stale-version', `a stale check: ${stale.status}`);
  });

  await step('a judge reads a pending list\'s reasons and its unread line as written, as the sheet lists it', async () => {
    const page = pages[2];
    const p = players[39];
    await openOn(page, p);
    await page.waitForSelector('#reasons-box:not([hidden]) #reasons li');
    const lines = (await shown(page)).lines;
    assert(lines.includes('3 | Cunnning'), `the line not read is shown as written: ${lines.slice(-3)}`);
    assert(await page.$eval('#registered-sheet .not-read', (e) => !!e), 'and marked');
    await everyWidth(page, 'judge, a pending list with its reasons');
  });

  await step('no check is recorded against a player it was not made for', async () => {
    const all = (await api('GET', `/v1/events/${event}/deck-checks`, { token: org })).checks;
    assert(all.length === made.length, `${all.length} checks stored, ${made.length} made`);
    for (const m of made) {
      const c = all.find((x) => x.id === m.check);
      assert(c && c.player_id === m.player, `check "${m.note}" is on ${c && c.player_id}, made for ${m.player}`);
      assert(!!c.void === !!m.voided, `check "${m.note}" void: ${!!c.void}`);
    }
    const checked = new Set(all.filter((c) => !c.void).map((c) => c.player_id));
    assert(checked.size === 4, `four players (two tables, 10% of 19) checked: ${checked.size}`);
  });

  await step('publishing asks what to do with the pending list; published marked pending', async () => {
    await organizer.reload();
    await organizer.waitForSelector('#roster tbody tr');
    await organizer.click('#publish-all');
    await organizer.waitForSelector('#pending-question:not([hidden])');
    const named = await organizer.$$eval('#pending-players li', (l) => l.map((x) => x.textContent));
    assert(named.length === 1 && named[0].includes(players[39].name), `the pending list is named: ${named}`);
    await everyWidth(organizer, 'organizer, publishing asks about pending lists');
    await organizer.click('#publish-include');
    await organizer.waitForFunction(() => /Published 38 lists \(1 marked pending/.test(document.getElementById('status').textContent));
    await organizer.screenshot({ path: join(ARTIFACTS, 'afternoon-organizer-published.png'), fullPage: true });
  });

  await step('the published lists equal the registered ones line for line; the gone are not there', async () => {
    const sheets = (await api('GET', `/v1/events/${event}/sheets`, { token: org })).sheets;
    const published = (await api('GET', `/v1/events/${event}/published?limit=1000`)).lists;
    assert(sheets.length === 38 && published.length === 38, `${sheets.length} sheets, ${published.length} published`);
    for (const gone of players.filter((p) => p.gone)) assert(!published.some((l) => l.player_id === gone.id), `${gone.name} is not published`);
    for (const s of sheets) {
      const l = published.find((x) => x.player_id === s.player_id);
      assert(l, `${s.player} is published`);
      const lines = l.decks.flatMap((d) => d.text.split('\n')).filter((t) => t && !/^.+ \(\d+\)$/.test(t) && !/^(Light|Dark) Side$/.test(t));
      assert(JSON.stringify(lines) === JSON.stringify(sheetLines(s)), `${s.player}: published ${lines.length} lines, registered ${sheetLines(s).length}: ${lines.find((x, i) => x !== sheetLines(s)[i])}`);
    }
    const pending = published.find((l) => l.player_id === players[39].id);
    assert(pending.standing === 'pending' && pending.decks[0].not_read[0] === '3 | Cunnning', 'the pending list, marked, its unread line as written');
  });

  await step('the published page finds any player on the server and marks the pending list (1280px, 390px)', async () => {
    const reader = await person();
    await reader.goto(`${BASE}/events/published#event=${event}`);
    await reader.waitForSelector('#lists > li');
    await reader.fill('#filter', 'Player 40');
    await reader.waitForFunction(() => document.querySelectorAll('#lists > li').length === 1 && document.querySelector('#lists > li').dataset.standing === 'pending');
    assert((await reader.textContent('#lists > li pre')).includes('3 | Cunnning'), 'the line as written');
    await everyWidth(reader, 'published lists, a pending list found by name');
    await reader.setViewportSize(PHONE);
    await reader.screenshot({ path: join(ARTIFACTS, 'afternoon-published-phone.png'), fullPage: true });
    await reader.context().close();
  });

  await step('the pages asked nothing of other hosts and logged no errors', async () => {
    assert(foreign.length === 0, `foreign requests: ${foreign.join(', ')}`);
    assert(consoleErrors.length === 0, `console errors: ${consoleErrors.join(' | ')}`);
  });
} finally {
  await browser.close().catch(() => {});
  finish();
}
