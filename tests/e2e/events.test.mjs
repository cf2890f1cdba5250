// End-to-end test of the event pages (issues 19, 27) in Debian's headless Chromium, driven by
// playwright-core, at desktop (1280px) and phone (390px) width: an organizer creates an event
// and a judge token, players register (a refused list first) and the registration page forgets
// each once they are done (keeping it is the player's explicit choice), the organizer locks,
// the judge finds a player and deck-checks them, the organizer reviews a pairing and publishes.
// Every page and view is checked by axe-core at both widths (no serious or critical finding)
// and for sideways scrolling at 390px. Started by scripts/e2e.sh events:
//   DECKCHECK_URL=http://127.0.0.1:PORT node events.test.mjs
// Prints one line per check and, last, `e2e-events: N passed, M failed`.
import { chromium } from 'playwright-core';
import { mkdtempSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { axeCheck } from './axe.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const BASE = process.env.DECKCHECK_URL || 'http://127.0.0.1:8080';
const DECKS = process.env.DECKCHECK_DECKS || resolve(ROOT, '../shared/data/swu/decks');
const CHROMIUM = process.env.CHROMIUM || '/usr/bin/chromium';
const ARTIFACTS = join(HERE, 'artifacts');
const STEP_MS = 30_000;
const TOTAL_MS = 300_000;
const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

const WICHITA = readFileSync(join(DECKS, 'tournament/wichita-pq-4th-han-solo.melee.txt'), 'utf8');
// One card that does not exist, one copy too many: refused with both reasons.
const BROKEN = WICHITA.replace('3 | Waylay', '4 | Waylay').replace('Cunning', 'Cunnning Plan of Nobody');

let passed = 0, failed = 0;
const hardStop = setTimeout(() => {
  console.log(`not ok - the whole run took longer than ${TOTAL_MS / 1000}s`);
  console.log(`e2e-events: ${passed} passed, ${failed + 1} failed`);
  process.exit(1);
}, TOTAL_MS);

function assert(cond, msg) { if (!cond) throw new Error(msg); }
async function step(name, fn) {
  let t;
  try {
    await Promise.race([fn(), new Promise((_, rej) => { t = setTimeout(() => rej(new Error(`timed out after ${STEP_MS / 1000}s`)), STEP_MS); })]);
    passed++;
    console.log(`ok - ${name}`);
  } catch (e) {
    failed++;
    console.log(`not ok - ${name}\n  ${String(e && e.stack || e).split('\n').slice(0, 4).join('\n  ')}`);
  } finally {
    clearTimeout(t);
  }
}

mkdirSync(ARTIFACTS, { recursive: true });
const profile = mkdtempSync(join(tmpdir(), 'deckcheck-e2e-events-'));
const context = await chromium.launchPersistentContext(profile, {
  executablePath: CHROMIUM,
  headless: true,
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  viewport: DESKTOP,
  locale: 'en-US',
  timezoneId: 'UTC',
  colorScheme: 'light',
  timeout: 30_000,
});
context.setDefaultTimeout(15_000);
const origin = new URL(BASE).origin;
const foreign = [], consoleErrors = [];
context.on('page', (p) => watch(p));
function watch(p) {
  p.on('request', (r) => { const u = r.url(); if (!u.startsWith(origin) && !u.startsWith('data:') && !u.startsWith('blob:')) foreign.push(u); });
  p.on('console', (m) => { if (m.type() === 'error' && !/the server responded with a status of (401|409|422)/.test(m.text())) consoleErrors.push(m.text()); });
  p.on('pageerror', (e) => consoleErrors.push(String(e)));
  p.on('dialog', (d) => d.accept());
}
const organizer = context.pages()[0] || await context.newPage();
watch(organizer);

/// No horizontal scrolling: everything fits the width (a table's cells too).
async function fits(page, what) {
  const { scroll, width, widest } = await page.evaluate(() => {
    const w = window.innerWidth;
    const over = [...document.querySelectorAll('body *')].filter((e) => e.getBoundingClientRect().right > w + 1);
    const last = over[over.length - 1];
    return { scroll: document.scrollingElement.scrollWidth, width: w, widest: last ? `${last.tagName.toLowerCase()}#${last.id}.${last.className}` : '' };
  });
  assert(scroll <= width + 1, `${what} is wider than the screen (${scroll} > ${width}; ${widest})`);
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

/// A disabled button looks disabled: faded and not a pointer, unlike an enabled one.
async function looksDisabled(page, selector) {
  const s = await page.$eval(selector, (b) => {
    const c = getComputedStyle(b);
    return { disabled: b.disabled, opacity: Number(c.opacity), cursor: c.cursor };
  });
  assert(s.disabled, `${selector} is disabled`);
  assert(s.opacity <= 0.6 && s.cursor === 'not-allowed', `${selector} does not look disabled: ${JSON.stringify(s)}`);
}

/// The background and text colours of an element and of its `.word`, as the browser draws them.
async function colours(page, selector) {
  return page.$eval(selector, (e) => {
    const word = e.querySelector('.word') || e;
    return { background: getComputedStyle(e).backgroundColor, word: getComputedStyle(word).color };
  });
}

let code = '', judgeLink = '', event = '', myLink = '', fingerprint = '';

async function register(page, name, uid, deck) {
  await page.goto(`${BASE}/events/register#code=${code}`);
  await page.waitForSelector('body.ready', { state: 'attached' });
  await page.waitForFunction(() => document.getElementById('event').textContent.includes('Wichita'));
  await page.fill('#player', name);
  await page.fill('#uid', uid);
  await page.fill('#deck', deck);
  await page.click('#submit');
}

try {
  await step('the organizer creates an event and gets the token once', async () => {
    const res = await organizer.goto(`${BASE}/events/organizer`);
    assert(res.ok(), `GET /events/organizer answered ${res.status()}`);
    assert((res.headers()['content-security-policy'] || '').includes("default-src 'self'"), 'no CSP');
    await organizer.waitForSelector('#create:not([hidden]) #game option[value="swu"]', { state: 'attached' });
    await organizer.fill('#name', 'Wichita PQ replay');
    await organizer.selectOption('#game', 'swu');
    await organizer.selectOption('#format', 'premier');
    await organizer.fill('#date', '2025-01-15');
    await organizer.click('#create button[type=submit]');
    await organizer.waitForSelector('#console:not([hidden]) #code');
    code = await organizer.textContent('#code');
    assert(/^[A-Z2-9]{8}$/.test(code), `code ${code}`);
    const token = await organizer.textContent('#organizer-token');
    assert(token.startsWith('dco_'), 'organizer token shown');
    // A date more than a year from today (the replayed event's, on most days it runs): the
    // answer's warning is shown.
    const far = Math.abs(Date.now() - Date.parse('2025-01-15T00:00:00Z')) > 366 * 86400e3;
    const warning = await organizer.$('#token-once .warning[data-code="date-far-from-today"]');
    assert(far === !!warning, `the far date is pointed out exactly when it is far (${far})`);
    if (warning) assert((await warning.textContent()).includes('2025-01-15'), 'the warning names the date');
    event = new URL(organizer.url()).hash.replace('#event=', '');
    assert(event.startsWith('ev_') && !organizer.url().includes('dco_'), 'the token is not left in the address');
    await organizer.fill('#judge-name', 'Jo Judge');
    await organizer.click('#issue-judge');
    judgeLink = await (await organizer.waitForSelector('#judge-link')).textContent();
    assert(judgeLink.includes('token=dcj_'), 'judge link');
    await organizer.screenshot({ path: join(ARTIFACTS, 'events-organizer-new.png'), fullPage: true });
  });

  await step('a service that keeps creation to its operator\'s key: the page asks for the key and sends it', async () => {
    const keyed = await context.newPage();
    const sent = [];
    // This run's service is open; a 401 as a keyed service gives it stands in for one.
    await keyed.route('**/v1/events', async (route) => {
      const auth = route.request().headers().authorization || '';
      sent.push(auth);
      if (auth !== 'Bearer operator-key') {
        await route.fulfill({ status: 401, contentType: 'application/json', headers: { 'www-authenticate': 'Bearer realm="deckcheck events"' },
          body: JSON.stringify({ error: { code: 'unauthorized', message: 'this service creates events only with its operator\'s key', field: 'authorization' } }) });
      } else {
        await route.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ error: { code: 'bad-value', message: 'stand-in: nothing created' } }) });
      }
    });
    await keyed.goto(`${BASE}/events/organizer`);
    await keyed.waitForSelector('#create:not([hidden]) #game option[value="swu"]', { state: 'attached' });
    assert(await keyed.$eval('#key-field', (f) => f.hidden), 'no key asked of an open service');
    await keyed.fill('#name', 'Keyed Cup');
    await keyed.click('#create button[type=submit]');
    await keyed.waitForSelector('#key-field:not([hidden])');
    assert((await keyed.textContent('#error')).includes('operator'), 'says why');
    await everyWidth(keyed, 'organizer, operator key asked');
    await keyed.fill('#create-key', 'operator-key');
    await keyed.click('#create button[type=submit]');
    await keyed.waitForFunction(() => document.getElementById('error').textContent.includes('stand-in'));
    assert(sent.length === 2 && sent[0] === '' && sent[1] === 'Bearer operator-key', `sent: ${JSON.stringify(sent)}`);
    await keyed.close();
  });

  await step('axe: the organizer page, new and with an event open, at 1280px and 390px', async () => {
    const fresh = await context.newPage();
    await fresh.goto(`${BASE}/events/organizer`);
    await fresh.waitForSelector('#create:not([hidden]) #game option[value="swu"]', { state: 'attached' });
    await everyWidth(fresh, 'organizer, new event');
    await fresh.close();
    await everyWidth(organizer, 'organizer, event open');
  });

  const player = await context.newPage();
  await step('axe: the registration page, clean, at 1280px and 390px', async () => {
    await player.goto(`${BASE}/events/register#code=${code}`);
    await player.waitForSelector('body.ready', { state: 'attached' });
    await player.waitForFunction(() => document.getElementById('event').textContent.includes('Wichita'));
    await everyWidth(player, 'registration, clean');
  });

  await step('a list that is not legal is refused with every reason, nothing stored', async () => {
    await register(player, 'Ada Lovelace', '1001', BROKEN);
    await player.waitForSelector('#verdict:not([hidden])[data-status="illegal"]');
    const problems = await player.$$eval('#problems li', (l) => l.map((x) => x.textContent));
    assert(problems.some((p) => p.includes('Cunnning')), 'the unknown card is listed');
    assert(problems.length >= 2, `every reason: ${problems.join(' | ')}`);
    assert(/Refused/.test(await player.textContent('#verdict .detail')), 'says refused');
    await everyWidth(player, 'registration, list refused');
  });

  await step('the same player registers a legal list and gets a private link', async () => {
    await player.fill('#deck', WICHITA);
    await player.click('#submit');
    await player.waitForSelector('#verdict[data-status="legal"]');
    myLink = await player.textContent('#my-link');
    assert(myLink.includes('token=dcp_'), 'a private link with the token');
    await player.waitForSelector('#history-box:not([hidden]) #history li');
    fingerprint = await player.textContent('#my-fingerprint');
    assert(/^[0-9A-HJKMNP-TV-Z]{10}$/.test(fingerprint), `the list's fingerprint is shown: ${fingerprint}`);
    const legal = await colours(player, '#verdict');
    assert(legal.background !== 'rgba(0, 0, 0, 0)' && legal.background !== 'rgb(255, 255, 255)', `the legal verdict is not styled: ${JSON.stringify(legal)}`);
    assert(!player.url().includes('dcp_'), 'the token is not left in the address');
    await player.screenshot({ path: join(ARTIFACTS, 'events-register-desktop.png'), fullPage: true });
    await everyWidth(player, 'registration, registered');
  });

  await step('a shared device: after Done the page forgets the player, and a reload shows a clean form', async () => {
    await player.click('#done');
    const clean = () => player.evaluate(() => ({
      player: document.getElementById('player').value, uid: document.getElementById('uid').value,
      deck: document.getElementById('deck').value, verdict: document.getElementById('verdict').hidden,
      history: document.getElementById('history-box').hidden, code: document.getElementById('code').value,
      stored: Object.keys(localStorage).filter((k) => k.startsWith('deckcheck:player:')),
    }));
    let now = await clean();
    assert(!now.player && !now.uid && !now.deck && now.verdict && now.history, `the form is not clean after Done: ${JSON.stringify(now)}`);
    assert(now.code === code && now.stored.length === 0, `Done keeps the event's code and nothing else: ${JSON.stringify(now)}`);
    await player.reload();
    await player.waitForSelector('body.ready', { state: 'attached' });
    await player.waitForFunction(() => document.getElementById('event').textContent.includes('Wichita'));
    now = await clean();
    assert(!now.player && !now.uid && !now.deck && now.verdict && now.history, `a reload shows the previous player: ${JSON.stringify(now)}`);
  });

  await step('a shared device: without Done, a reload does not show the previous player either', async () => {
    await register(player, 'Cy Borg', '1003', WICHITA);
    await player.waitForSelector('#verdict[data-status="legal"]');
    await player.waitForSelector('#history-box:not([hidden]) #history li');
    await player.reload();
    await player.waitForSelector('body.ready', { state: 'attached' });
    await player.waitForFunction(() => document.getElementById('event').textContent.includes('Wichita'));
    const left = await player.evaluate(() => [document.getElementById('player').value, document.getElementById('deck').value, document.getElementById('history-box').hidden]);
    assert(left[0] === '' && left[1] === '' && left[2] === true, `the previous player is still shown: ${JSON.stringify(left)}`);
  });

  await step('on their own device keeping the registration is the player\'s explicit choice, undone by Done', async () => {
    const own = await context.newPage();
    await own.goto(myLink);
    await own.waitForSelector('#history-box:not([hidden]) #history li');
    assert(!own.url().includes('dcp_'), 'the token is not left in the address');
    assert(!(await own.isChecked('#remember')), 'keeping is not the default');
    await own.check('#remember');
    await own.reload();
    await own.waitForSelector('#history-box:not([hidden]) #history li');
    assert(await own.inputValue('#player') === 'Ada Lovelace' && await own.isChecked('#remember'), 'kept on this device after a reload');
    await own.click('#done');
    await own.reload();
    await own.waitForSelector('body.ready', { state: 'attached' });
    assert(await own.inputValue('#player') === '' && await own.$eval('#history-box', (b) => b.hidden), 'forgotten after Done');
    await own.close();
  });

  await step('at phone width a second player registers, the page fitting the screen', async () => {
    const phone = await context.newPage();
    await phone.setViewportSize(PHONE);
    await register(phone, 'Bo Katan', '1002', WICHITA);
    await phone.waitForSelector('#verdict[data-status="legal"]');
    await phone.waitForSelector('#history-box:not([hidden]) #history li');
    await fits(phone, 'the registration page');
    await phone.screenshot({ path: join(ARTIFACTS, 'events-register-phone.png'), fullPage: true });
    await phone.close();
  });

  await step('the organizer sees the roster with verdicts and locks it; the Lock button then looks disabled', async () => {
    await organizer.reload();
    await organizer.waitForSelector('#roster tbody tr:nth-child(3)');
    const rows = await organizer.$$eval('#roster tbody tr', (r) => r.map((x) => x.textContent));
    assert(rows.length === 3 && rows.every((r) => r.includes('accepted') && r.includes('legal')), rows.join(' | '));
    await everyWidth(organizer, 'organizer, roster');
    await organizer.click('#lock');
    await organizer.waitForSelector('#locked');
    await looksDisabled(organizer, '#lock');
  });

  await step('at 390px the roster shows each player\'s state and verdict without scrolling sideways', async () => {
    await organizer.setViewportSize(PHONE);
    try {
      await fits(organizer, 'the organizer page');
      const cells = await organizer.$$eval('#roster tbody tr', (rows) => rows.map((r) => [...r.querySelectorAll('td.state, td.verdict-cell')].map((c) => {
        const b = c.getBoundingClientRect();
        return { text: c.textContent, left: b.left, right: b.right, shown: b.width > 0 && b.height > 0 };
      })));
      assert(cells.length === 3 && cells.every((r) => r.length === 2), `state and verdict cells: ${JSON.stringify(cells)}`);
      for (const [state, verdict] of cells) {
        for (const c of [state, verdict]) assert(c.shown && c.left >= 0 && c.right <= PHONE.width, `off screen: ${JSON.stringify(c)}`);
        assert(state.text === 'accepted' && verdict.text === 'legal', `${state.text} ${verdict.text}`);
      }
      await organizer.screenshot({ path: join(ARTIFACTS, 'events-organizer-roster-phone.png'), fullPage: true });
    } finally {
      await organizer.setViewportSize(DESKTOP);
    }
  });

  await step('after the lock the player can no longer change the list', async () => {
    await player.reload();
    await player.waitForSelector('body.ready', { state: 'attached' });
    await player.waitForFunction(() => document.getElementById('event').dataset.locked === 'yes');
    await looksDisabled(player, '#submit');
  });

  await step('the judge finds a player, reads the list and deck-checks it (phone width)', async () => {
    const judge = await context.newPage();
    await judge.setViewportSize(PHONE);
    await judge.goto(judgeLink);
    await judge.waitForSelector('#finder:not([hidden])');
    assert(!judge.url().includes('dcj_'), 'the token is not left in the address');
    await everyWidth(judge, 'judge, finder');
    await judge.fill('#search', 'lovel');
    await judge.waitForFunction(() => document.querySelectorAll('#players li').length === 1);
    await judge.click('#players button');
    await judge.waitForSelector('#record:not([hidden])');
    assert((await judge.textContent('#registered-list')).includes('Han Solo'), 'the registered list');
    assert(await judge.textContent('#registered-fingerprint') === fingerprint, 'the registered fingerprint is the player\'s');
    await judge.fill('#presented', WICHITA);
    await judge.fill('#note', 'round 1, table 4');
    await judge.click('#deck-check button[type=submit]');
    await judge.waitForSelector('#check-verdict[data-verdict="match"]');
    await judge.waitForSelector('#check-fingerprint[data-matches="yes"]');
    assert((await judge.textContent('#check-fingerprint')).includes(fingerprint), 'the same fingerprint is said');
    const match = await colours(judge, '#check-verdict');
    await judge.fill('#presented', WICHITA.replace('3 | Waylay', '2 | Waylay'));
    await judge.click('#deck-check button[type=submit]');
    await judge.waitForSelector('#check-verdict[data-verdict="mismatch"]');
    await judge.waitForSelector('#check-fingerprint[data-matches="no"]');
    // The Mismatch box is drawn as a mismatch (issue 27: it keyed on an attribute it did not
    // have): the page's colours for a bad verdict, not a match's, not none.
    const mismatch = await colours(judge, '#check-verdict');
    const bad = await judge.evaluate(() => {
      const probe = document.createElement('div');
      probe.style.background = 'var(--bad-bg)';
      probe.style.color = 'var(--bad)';
      document.body.append(probe);
      const c = getComputedStyle(probe);
      const out = { background: c.backgroundColor, word: c.color };
      probe.remove();
      return out;
    });
    assert(mismatch.background === bad.background && mismatch.word === bad.word, `the Mismatch box is not drawn as one: ${JSON.stringify({ mismatch, bad })}`);
    assert(match.background !== mismatch.background && match.background !== 'rgba(0, 0, 0, 0)', `the Match box: ${JSON.stringify(match)}`);
    await judge.waitForFunction(() => document.querySelectorAll('#checks li').length === 2);
    await fits(judge, 'the judge page');
    await judge.screenshot({ path: join(ARTIFACTS, 'events-judge-phone.png'), fullPage: true });
    await everyWidth(judge, 'judge, a player\'s record and deck checks');
    await judge.setViewportSize(DESKTOP);
    // The finder stays at the top of the page while the record beside it is scrolled.
    await judge.evaluate(() => window.scrollTo(0, document.scrollingElement.scrollHeight));
    const finder = await judge.$eval('#finder', (f) => ({ top: f.getBoundingClientRect().top + window.scrollY, scrolled: window.scrollY }));
    assert(finder.scrolled > 0 && finder.top < 200, `the finder floats down the page: ${JSON.stringify(finder)}`);
    await judge.evaluate(() => window.scrollTo(0, 0));
    await judge.screenshot({ path: join(ARTIFACTS, 'events-judge-desktop.png'), fullPage: true });
    await judge.click('#pick');
    await judge.waitForSelector('#picked li');
    await judge.close();
  });

  await step('a player who lost their token gets a new one from the organizer; the old link opens nothing', async () => {
    await organizer.reload();
    await organizer.waitForSelector('#tokens li[data-role="player"]', { state: 'attached' });
    await organizer.click('#tokens-box summary');
    await everyWidth(organizer, 'organizer, tokens');
    await organizer.click('#tokens li[data-role="player"] button[aria-label="New token for Ada Lovelace"]');
    const link = await (await organizer.waitForSelector('#new-token-link')).textContent();
    assert(link.includes('/events/register#event=') && link.includes('token=dcp_') && link !== myLink, `a new private link: ${link}`);
    const old = await context.newPage();
    await old.goto(myLink);
    await old.waitForSelector('#error:not([hidden])');
    assert(/token/i.test(await old.textContent('#error')), 'the old link is refused');
    await old.goto('about:blank');
    await old.goto(link);
    await old.waitForSelector('#history-box:not([hidden]) #history li');
    assert(await old.inputValue('#player') === 'Ada Lovelace', 'the new link opens the registration');
    await old.close();
  });

  await step('the organizer opens a top-cut review and publishes the lists', async () => {
    await organizer.reload();
    await organizer.waitForSelector('#roster tbody tr:nth-child(2)');
    const boxes = await organizer.$$('.pairing');
    await boxes[0].check();
    await boxes[1].check();
    await organizer.click('#review');
    await organizer.waitForSelector('#review-view:not([hidden]) pre');
    const lists = await organizer.$$eval('#review-view pre', (p) => p.map((x) => x.textContent));
    assert(lists.length === 2 && lists.every((l) => l.includes('Han Solo')), 'both lists');
    await everyWidth(organizer, 'organizer, review of a pairing');
    await organizer.click('#publish-all');
    await organizer.waitForFunction(() => document.getElementById('status').textContent.includes('Published 3'));
    const res = await organizer.request.get(`${BASE}/v1/events/${event}/published`);
    assert(res.ok(), 'the published lists are public');
    const body = await res.json();
    assert(body.lists.length === 3 && body.lists[0].decks[0].swudb.leader.id === 'SOR_017', 'SWUDB JSON of each list');
    await organizer.screenshot({ path: join(ARTIFACTS, 'events-organizer-desktop.png'), fullPage: true });
    await everyWidth(organizer, 'organizer, published');
    await organizer.setViewportSize(PHONE);
    await fits(organizer, 'the organizer page');
    await organizer.screenshot({ path: join(ARTIFACTS, 'events-organizer-phone.png'), fullPage: true });
    await organizer.setViewportSize(DESKTOP);
  });

  await step('the published lists are read on their own page, linked from the organizer\'s, at 1280px and 390px', async () => {
    const href = await organizer.getAttribute('#published-link', 'href');
    assert(href === `/events/published#event=${event}`, `the organizer page links the published lists: ${href}`);
    const reader = await context.newPage();
    const res = await reader.goto(`${BASE}${href}`);
    assert(res.ok() && (res.headers()['content-security-policy'] || '').includes("default-src 'self'"), 'the page, with its CSP');
    await reader.waitForSelector('#lists > li:nth-child(3)');
    const lists = await reader.$$eval('#lists > li', (l) => l.map((x) => ({ name: x.querySelector('h3').textContent, text: x.querySelector('pre').textContent, print: x.querySelector('.fingerprint').textContent })));
    assert(lists.length === 3 && lists.every((l) => l.text.includes('Han Solo') && /^[0-9A-Z]{10}$/.test(l.print)), `three readable lists with fingerprints: ${JSON.stringify(lists).slice(0, 400)}`);
    assert(lists.some((l) => l.name === 'Ada Lovelace' && l.print === fingerprint), 'Ada\'s list with her fingerprint');
    assert((await reader.textContent('#event-title')) === 'Wichita PQ replay', 'the event');
    assert(await reader.$eval('#more', (b) => b.hidden), 'no more pages for three lists');
    await reader.fill('#filter', 'bo kat');
    await reader.waitForFunction(() => [...document.querySelectorAll('#lists > li')].filter((l) => !l.hidden).length === 1);
    await reader.fill('#filter', '');
    await reader.screenshot({ path: join(ARTIFACTS, 'events-published-desktop.png'), fullPage: true });
    await everyWidth(reader, 'published lists');
    await reader.setViewportSize(PHONE);
    await reader.screenshot({ path: join(ARTIFACTS, 'events-published-phone.png'), fullPage: true });
    await reader.close();
  });

  await step('an organizer deletes an event from their page; its token opens nothing any more', async () => {
    const made = await organizer.request.post(`${BASE}/v1/events`, { data: { name: 'Short-lived Cup', game: 'swu', format: 'premier', date: '2025-01-15' } });
    assert(made.status() === 201, `created: ${made.status()}`);
    const { event: gone, organizer_token: token } = await made.json();
    const page = await context.newPage();
    await page.goto(`${BASE}/events/organizer#event=${gone.id}&token=${token}`);
    await page.waitForSelector('#console:not([hidden]) #delete');
    await page.click('#delete');
    await page.waitForFunction(() => document.getElementById('token-once').textContent.includes('deleted'));
    assert(await page.$eval('#console', (c) => c.hidden), 'the console is closed');
    const after = await page.request.get(`${BASE}/v1/events/${gone.id}`, { headers: { authorization: `Bearer ${token}` } });
    assert(after.status() === 401, `the deleted event's token: ${after.status()}`);
    await page.close();
  });

  await step('the pages asked nothing of other hosts and logged no errors', async () => {
    assert(foreign.length === 0, `foreign requests: ${foreign.join(', ')}`);
    assert(consoleErrors.length === 0, `console errors: ${consoleErrors.join(' | ')}`);
  });
} finally {
  await context.close();
  rmSync(profile, { recursive: true, force: true });
  clearTimeout(hardStop);
  console.log(`e2e-events: ${passed} passed, ${failed} failed`);
  process.exit(failed ? 1 : 0);
}
