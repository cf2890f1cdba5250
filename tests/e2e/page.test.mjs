// End-to-end test of the player page (`GET /`) in Debian's headless Chromium, driven by
// playwright-core. Started by scripts/e2e.sh, which runs the server and passes its address:
//   DECKCHECK_URL=http://127.0.0.1:PORT node page.test.mjs
// Prints one line per check and, last, `e2e: N passed, M failed`.
import { mkdirSync, readFileSync, copyFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { axeCheck } from './axe.mjs';
import { harness, launch } from './harness.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const BASE = process.env.DECKCHECK_URL || 'http://127.0.0.1:8080';
const DECKS = process.env.DECKCHECK_DECKS || resolve(ROOT, '../shared/data/swu/decks');
const ARTIFACTS = join(HERE, 'artifacts');
const STEP_MS = 30_000; // one check
const TOTAL_MS = 240_000; // the whole run

const WICHITA = readFileSync(join(DECKS, 'tournament/wichita-pq-4th-han-solo.melee.txt'), 'utf8');
// A Legion HQ link (crates/legion/tests/legion/inputs.rs).
const LEGION_LINK = 'https://legionhq2.com/list/rebels/1000:1ab0000,1ad0000,3ahed0dc0,1aieh000,1gv00000,1ae000,2ak00000,2ao00,1he00,1ap000,cr,cq,vo,ck,bj,ch,Ag,Ah,Ai,Aa,Ab,Ac,yu,yv,yw';
const WICHITA_JSON = join(DECKS, 'tournament/wichita-pq-4th-han-solo.swudb.json');
// Issue 28: a German list built from the official card database's sample (shared/data/swu/
// localized, which scripts/e2e.sh syncs the names from): an English leader and base, and three
// of each of the 20 Homeworlds cards of the sample by their German names.
const LOCALIZED = JSON.parse(readFileSync(resolve(DECKS, '../localized/names.index.json'), 'utf8'));
const GERMAN_LIST = ['Leader', '1 | Darth Vader | Dark Lord of the Sith', 'Base', '1 | Dagobah Swamp', 'Deck']
  .concat(LOCALIZED.cards.filter((c) => c.deckcheckId.startsWith('HMWP_')).map((c) => {
    const de = c.names.de;
    return '3 | ' + de.title + (de.subtitle ? ' | ' + de.subtitle : '');
  })).join('\n');
const PHONE = { width: 390, height: 844 }, DESKTOP = { width: 1000, height: 900 }, WIDE = { width: 1280, height: 900 };

const { step, assert, finish } = harness('e2e', { stepMs: STEP_MS, totalMs: TOTAL_MS });

// Wait until the page shows the report for this format and date, and return its verdict.
async function verdictFor(page, format, asOf) {
  const sel = `#verdict[data-format="${format}"][data-as-of="${asOf}"]`;
  await page.waitForSelector(`#report:not([hidden]) ${sel}`, { timeout: 15_000 });
  await page.waitForFunction(() => !document.body.classList.contains('busy'), null, { timeout: 15_000 });
  return page.$eval(sel, (v) => ({ status: v.dataset.verdict, word: v.querySelector('.word').textContent, detail: v.querySelector('.detail').textContent }));
}
// Wait until the timeline of the last check has arrived (or failed).
async function timelineDone(page) {
  await page.waitForFunction(() => {
    const t = document.getElementById('timeline');
    return t.getAttribute('aria-busy') !== 'true' && !document.body.classList.contains('busy');
  }, null, { timeout: 20_000 });
}
const noSideScroll = (page) => page.evaluate(() => [document.scrollingElement.scrollWidth, window.innerWidth]);
const lineOfTextarea = (page, n) => page.$eval('#deck', (t, n) => t.value.split('\n')[n - 1], n);

mkdirSync(ARTIFACTS, { recursive: true });
const { context, page, close } = await launch('e2e', { viewport: { width: 1000, height: 900 }, timeout: 15_000 });

// Everything the page asks for, and every console error (CSP violations show up there).
const origin = new URL(BASE).origin;
const foreign = [], consoleErrors = [];
page.on('request', (r) => { const u = r.url(); if (!u.startsWith(origin) && !u.startsWith('data:')) foreign.push(u); });
page.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
page.on('pageerror', (e) => consoleErrors.push(String(e)));

try {
  await step('the page loads from the binary, with its script, and asks nothing of other hosts', async () => {
    const res = await page.goto(BASE + '/', { waitUntil: 'load' });
    assert(res.ok(), `GET / answered ${res.status()}`);
    assert((res.headers()['content-security-policy'] || '').includes("default-src 'self'"), 'no CSP on /');
    assert(await page.$('textarea#deck'), 'no deck textarea');
    const date = await page.inputValue('#date');
    assert(/^\d{4}-\d{2}-\d{2}$/.test(date), `event date not set to today by default: "${date}"`);
    assert(await page.inputValue('#format') === 'premier', 'Premier is not the default format');
    await page.waitForFunction(() => document.getElementById('format-summary').textContent.length > 0);
    // The games, from GET /v1/games: Star Wars: Unlimited first and chosen.
    await page.waitForFunction(() => document.getElementById('game').options.length > 1);
    const games = await page.$$eval('#game option', (os) => os.map((o) => o.value));
    assert(games.join() === 'swu,lcg,ccg,legion', `games: ${games}`);
    assert(await page.inputValue('#game') === 'swu', 'Star Wars: Unlimited is not the default game');
  });

  await step('Wichita melee export, Premier, 2025-04-01: legal', async () => {
    await page.fill('#date', '2025-04-01');
    await page.selectOption('#format', 'premier');
    await page.fill('#deck', WICHITA); // fires input like a paste; the page checks as you type
    const v = await verdictFor(page, 'premier', '2025-04-01');
    assert(v.status === 'legal', `status ${v.status}`);
    assert(v.word === 'Legal', `verdict says "${v.word}"`);
    assert(v.detail.includes('main deck 50, sideboard 10'), `detail: ${v.detail}`);
    // The deck as read, section by section.
    const leader = await page.textContent('#deckview .leader li');
    assert(leader.includes('Han Solo') && leader.includes('Audacious Smuggler'), `leader: ${leader}`);
    assert((await page.textContent('#deckview .base li')).includes('Level 1313'), 'base not shown');
    assert((await page.textContent('#deckview .main h3 .count')) === '50', 'main deck count');
    assert((await page.textContent('#deckview .sideboard h3 .count')) === '10', 'sideboard count');
    // A compact line for every other format played on that date, in order (no Eternal or
    // Trilogy yet in April 2025).
    const others = await page.$$eval('#others li', (ls) => ls.map((l) => l.dataset.format));
    assert(others.join() === 'twin-suns,sealed,draft', `other formats: ${others}`);
    assert((await page.textContent('#others li[data-format="sealed"]')).includes('pool'), 'sealed line does not mention the pool');
  });

  await step('issue 23: under the verdict, a timeline per format: Premier legal until 2025-04-11, not legal from then (DJ suspended)', async () => {
    await timelineDone(page);
    const rows = await page.$$eval('#timeline-rows .tl-row', (rs) => rs.map((r) => r.dataset.format));
    assert(rows.includes('premier') && rows.includes('eternal'), `timeline rows: ${rows}`);
    const premier = await page.$$eval('#timeline-rows .tl-row[data-format="premier"] .tl-item', (is) => is.map((i) => ({
      verdict: i.dataset.verdict, from: i.dataset.from, until: i.dataset.until, text: i.textContent, label: i.getAttribute('aria-label'),
    })));
    const legal = premier.find((i) => i.verdict === 'legal' && i.until === '2025-04-11');
    const illegal = premier.find((i) => i.verdict === 'illegal' && i.from === '2025-04-11');
    assert(legal, `no legal Premier segment ending 2025-04-11: ${JSON.stringify(premier)}`);
    assert(illegal, `no illegal Premier segment from 2025-04-11: ${JSON.stringify(premier)}`);
    // In words, not colour alone: the verdict, the dates and why it opens.
    assert(illegal.text.includes('Not legal') && /DJ/.test(illegal.text) && /suspended/.test(illegal.text), `illegal segment text: ${illegal.text}`);
    assert(illegal.label.startsWith('Not legal from 2025-04-11') && /suspended/.test(illegal.label), `illegal segment label: ${illegal.label}`);
    assert(legal.label.includes('until 2025-04-11'), `legal segment label: ${legal.label}`);
    // The bar has one coloured segment per interval.
    const segs = await page.$$eval('#timeline-rows .tl-row[data-format="premier"] .tl-bar .tl-seg', (ss) => ss.map((x) => x.className));
    assert(segs.length === premier.length && segs.every((c, i) => c.includes(premier[i].verdict)), `bar segments: ${segs}`);
    assert(await page.$eval('#timeline-rows .tl-row[data-format="premier"]', (r) => r.classList.contains('chosen')), 'the chosen format is not marked');
    // Compact: the chosen format's row is open, the others fold to their name and bar.
    const open = await page.$$eval('#timeline-rows .tl-row details', (ds) => ds.map((d) => d.parentElement.dataset.format + ':' + d.open));
    assert(open.includes('premier:true') && open.includes('eternal:false'), `open rows: ${open}`);
  });

  await step('issue 18: axe-core finds no serious or critical violation with a verdict shown (desktop)', async () => {
    await axeCheck(page, 'desktop, legal verdict');
  });

  await step('issue 27: axe-core finds no serious or critical violation at 1280px', async () => {
    await page.setViewportSize(WIDE);
    try {
      await axeCheck(page, '1280px, legal verdict');
    } finally {
      await page.setViewportSize(DESKTOP);
    }
  });

  await step('2026-11-22: every format is listed; Trilogy needs three decks; rotated out of Premier, legal in Eternal', async () => {
    await page.fill('#date', '2026-11-22');
    const v = await verdictFor(page, 'premier', '2026-11-22');
    assert(v.status === 'illegal', `Premier after the rotation: ${v.status}`);
    assert((await page.textContent('#problems')).includes('left Premier'), 'no rotation in the problems');
    const others = await page.$$eval('#others li', (ls) => ls.map((l) => l.dataset.format));
    assert(others.join() === 'eternal,twin-suns,trilogy,sealed,draft', `other formats: ${others}`);
    assert((await page.textContent('#others li[data-format="trilogy"]')).includes('three decks'), 'trilogy line does not say it needs three decks');
    assert((await page.$eval('#others li[data-format="eternal"] .chip', (c) => c.textContent)) === 'Legal', 'not legal in Eternal');
  });

  await step('2025-05-01: DJ | Blatant Thief suspended, cited by the announcement of 2025-04-09 (the list in TR 3.2.1), shown next to line 13', async () => {
    await page.fill('#date', '2025-05-01');
    const v = await verdictFor(page, 'premier', '2025-05-01');
    assert(v.status === 'illegal' && v.word === 'Not legal', `verdict ${v.status} "${v.word}"`);
    const item = page.locator('#problems li.problem[data-line="13"]');
    await item.waitFor();
    const text = await item.textContent();
    assert(text.includes('Line 13'), `no line number: ${text}`);
    assert(text.includes('3 | DJ | Blatant Thief'), `the line is not quoted: ${text}`);
    assert(text.includes('suspended') && text.includes('TR 3.2.1'), `no suspension with its section: ${text}`);
    // Issue 28: a suspension is cited by the announcement that made it.
    assert(text.includes('(2025-04-09)'), `the suspension does not cite its announcement: ${text}`);
    assert(await item.locator('[data-code="card-suspended"]').count() === 1, 'no card-suspended item');
    assert(await page.$('#deckview li.flagged[data-id="SHD_213"]'), 'DJ not flagged in the deck view');
    await page.$eval('#deck', (t) => { t.blur(); t.scrollTop = 0; });
    await page.$eval('#date', (d) => d.blur());
    await page.screenshot({ path: join(ARTIFACTS, 'page.png') });
    copyFileSync(join(ARTIFACTS, 'page.png'), join(ROOT, 'docs/page.png'));
  });

  await step('clicking "Line 13" selects that line in the list', async () => {
    await page.click('#problems li[data-line="13"] button.lineno');
    const sel = await page.$eval('#deck', (t) => t.value.slice(t.selectionStart, t.selectionEnd));
    assert(sel === '3 | DJ | Blatant Thief', `selected "${sel}"`);
    assert(await page.evaluate(() => document.activeElement.id) === 'deck', 'focus is not in the list');
  });

  await step('a misspelled line gets a suggestion button; clicking it fixes the line and the verdict', async () => {
    await page.fill('#date', '2025-04-01');
    await verdictFor(page, 'premier', '2025-04-01');
    // Type the mistake into line 17 as a player would: select the line, type over it.
    assert(await lineOfTextarea(page, 17) === '3 | Waylay', 'line 17 is not Waylay');
    await page.$eval('#deck', (t) => { const s = t.value.indexOf('3 | Waylay'); t.focus(); t.setSelectionRange(s, s + '3 | Waylay'.length); });
    await page.keyboard.type('3 | Waylya');
    const fix = page.locator('#problems li[data-line="17"] button.fix', { hasText: 'Waylay' });
    await fix.waitFor();
    const v = await verdictFor(page, 'premier', '2025-04-01');
    assert(v.status !== 'legal', `still legal with a misspelled line: ${v.status}`);
    const item = await page.textContent('#problems li[data-line="17"]');
    assert(item.includes('3 | Waylya') && item.includes('Replace with'), `line 17 item: ${item}`);
    await page.locator('#problems li[data-line="17"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'page-suggestion.png') });
    await fix.first().click();
    await page.waitForFunction(() => document.getElementById('deck').value.split('\n')[16] === '3 | Waylay');
    await page.waitForSelector('#verdict[data-verdict="legal"][data-as-of="2025-04-01"]');
    assert(!(await page.$('#problems li[data-line="17"]')), 'the problem on line 17 is still shown');
    assert((await page.textContent('#verdict .word')) === 'Legal', 'verdict did not update to Legal');
  });

  await step('keyboard only: the form is in tab order and a suggestion is a real button used with Enter', async () => {
    // The form: list, format, date, Check.
    await page.focus('#deck');
    // (a date input is one tab stop per part: day, month, year)
    const order = [];
    for (let i = 0; i < 8 && order[order.length - 1] !== 'submit'; i++) {
      await page.keyboard.press('Tab');
      const id = await page.evaluate(() => document.activeElement.id);
      if (order[order.length - 1] !== id) order.push(id);
    }
    assert(order.join() === 'format,date,submit', `tab order after the list: ${order}`);
    // Misspell another line (Bounty Hunter Crew instead of Cunning, line 20), then reach the suggestion by Tab.
    await page.$eval('#deck', (t) => { const s = t.value.indexOf('3 | Cunning'); t.focus(); t.setSelectionRange(s, s + '3 | Cunning'.length); });
    await page.keyboard.type('3 | Bounty Huntr Crew');
    const fix = page.locator('#problems li[data-line="20"] button.fix').first();
    await fix.waitFor();
    assert(await fix.evaluate((b) => b.tagName === 'BUTTON' && b.type === 'button' && b.tabIndex === 0), 'the suggestion is not a focusable <button>');
    assert((await fix.textContent()) === 'Bounty Hunter Crew', `first suggestion: ${await fix.textContent()}`);
    await page.focus('#deck');
    let reached = false;
    for (let i = 0; i < 60 && !reached; i++) {
      await page.keyboard.press('Tab');
      reached = await fix.evaluate((b) => document.activeElement === b);
    }
    assert(reached, 'Tab never reached the suggestion button');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.getElementById('deck').value.split('\n')[19] === '3 | Bounty Hunter Crew');
    await page.waitForSelector('#verdict[data-verdict="legal"][data-as-of="2025-04-01"]');
    assert(await page.evaluate(() => document.activeElement.id) === 'verdict', 'focus did not move to the new verdict');
  });

  await step('changing the format shows that format\'s report without retyping', async () => {
    await page.selectOption('#format', 'twin-suns');
    const v = await verdictFor(page, 'twin-suns', '2025-04-01');
    assert(v.status === 'illegal', `Twin Suns: ${v.status}`);
    assert((await page.textContent('#problems')).includes('TR 2.3.1.2'), 'no Twin Suns section');
    await page.selectOption('#format', 'premier');
    await verdictFor(page, 'premier', '2025-04-01');
  });

  await step('a SWUDB JSON file opened (or dropped) is checked too', async () => {
    await page.fill('#date', '2025-05-01');
    await page.setInputFiles('#file', WICHITA_JSON);
    await page.waitForFunction(() => document.getElementById('deck').value.trimStart().startsWith('{'));
    const v = await verdictFor(page, 'premier', '2025-05-01');
    assert(v.status === 'illegal', `JSON deck: ${v.status}`);
    assert((await page.textContent('#problems')).includes('TR 3.2.1'), 'no suspension for the JSON deck');
  });

  await step('network and API errors are shown in the page', async () => {
    await page.route('**/v1/games/*/decks/validate', (r) => r.abort('connectionrefused'));
    await page.click('#submit');
    await page.waitForSelector('#error:not([hidden])');
    assert(/could not reach/i.test(await page.textContent('#error')), `network error: ${await page.textContent('#error')}`);
    await page.unroute('**/v1/games/*/decks/validate');
    await page.route('**/v1/games/*/decks/validate', (r) => r.fulfill({ status: 422, contentType: 'application/json', body: JSON.stringify({ error: { code: 'unreadable-deck', message: 'deck cannot be read as a deck list: test' } }) }));
    await page.click('#submit');
    await page.waitForFunction(() => document.getElementById('error').textContent.includes('cannot be read'));
    await page.unroute('**/v1/games/*/decks/validate');
    await page.fill('#deck', WICHITA);
    await page.waitForSelector('#error', { state: 'hidden' }); // a good answer clears the error
    const v = await verdictFor(page, 'premier', '2025-05-01');
    assert(v.status === 'illegal', `after the errors: ${v.status}`);
  });

  await step('another game: its formats in the menu, its list checked at its own route', async () => {
    const asked = [];
    const seen = (r) => { if (r.method() === 'POST') asked.push(new URL(r.url()).pathname); };
    page.on('request', seen);
    await page.fill('#deck', '');
    await page.selectOption('#game', 'legion');
    const formats = await page.$$eval('#format option', (os) => os.map((o) => o.value));
    assert(formats.length > 0 && !formats.includes('premier'), `Legion formats: ${formats}`);
    await page.fill('#deck', LEGION_LINK);
    await page.waitForSelector(`#report:not([hidden]) #verdict[data-format="${formats[0]}"]`);
    await page.waitForFunction(() => !document.body.classList.contains('busy'));
    assert(asked.some((p) => p === '/v1/games/legion/decks/validate'), `requests: ${asked}`);
    const units = await page.$eval('#deckview section h3 .count', (c) => Number(c.textContent));
    assert(units > 0, `the link was not read: ${await page.textContent('#deckview')}`);
    page.off('request', seen);
    await page.screenshot({ path: join(ARTIFACTS, 'page-legion.png') });
    // Back to Unlimited: Premier and the Wichita deck again.
    await page.selectOption('#game', 'swu');
    assert(await page.inputValue('#format') === 'premier', 'Premier is not chosen again');
    await page.fill('#deck', WICHITA);
    const v = await verdictFor(page, 'premier', '2025-05-01');
    assert(v.status === 'illegal', `back to Unlimited: ${v.status}`);
  });

  await step('issue 28: a German list is read, each card shown as written and by its English name', async () => {
    await page.fill('#deck', GERMAN_LIST);
    await page.fill('#date', '2026-11-01');
    await page.selectOption('#format', 'eternal');
    // The answer for this list (the previous list's answer for the new date may come first).
    await page.waitForSelector('#deckview li[data-lang="de"]');
    const v = await verdictFor(page, 'eternal', '2026-11-01');
    assert(v.status === 'legal', `German list in Eternal: ${v.status} ${await page.textContent('#problems')}`);
    const german = await page.$$eval('#deckview li[data-lang="de"]', (ls) => ls.map((l) => ({
      written: l.querySelector('.written').textContent, lang: l.querySelector('.written').lang, english: l.querySelector('.english').textContent,
    })));
    assert(german.length === 20, `cards shown as German: ${german.length}`);
    const chirpa = german.find((c) => c.written === 'Häuptling Chirpa | Kühner Ältester');
    assert(chirpa && chirpa.lang === 'de' && chirpa.english.includes('Chief Chirpa | Defiant Elder'), `Chief Chirpa: ${JSON.stringify(chirpa)}`);
    // The English leader is shown as it is.
    const leader = await page.$eval('#deckview .leader li', (l) => ({ text: l.textContent, lang: l.dataset.lang }));
    assert(leader.text.includes('Darth Vader') && !leader.lang, `leader: ${JSON.stringify(leader)}`);
    // The report names the section that lets a deck hold cards in any language.
    assert((await page.textContent('#problems')).includes('CEG 4.1.1'), 'no note citing CEG 4.1.1');
    await page.locator('#deckview').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'page-german.png') });
    await axeCheck(page, 'desktop, German list');
  });

  await step('issue 28: a misspelled German name gets its German suggestion, and the fix keeps the list German', async () => {
    const n = GERMAN_LIST.split('\n').findIndex((l) => l.includes('Häuptling Chirpa')) + 1;
    await page.fill('#deck', GERMAN_LIST.replace('Häuptling Chirpa | Kühner Ältester', 'Hauptling Chirpo | Kuhner Altester'));
    const fix = page.locator(`#problems li[data-line="${n}"] button.fix`).first();
    await fix.waitFor();
    const label = await fix.textContent();
    assert(label.includes('Häuptling Chirpa | Kühner Ältester') && label.includes('Chief Chirpa'), `first suggestion: ${label}`);
    await fix.click();
    await page.waitForFunction((n) => document.getElementById('deck').value.split('\n')[n - 1] === '3 | Häuptling Chirpa | Kühner Ältester', n);
    await page.waitForSelector('#verdict[data-verdict="legal"][data-as-of="2026-11-01"]');
    // Back to the Wichita deck in Premier for the steps that follow.
    await page.selectOption('#format', 'premier');
    await page.fill('#date', '2025-05-01');
    await page.fill('#deck', WICHITA);
    await verdictFor(page, 'premier', '2025-05-01');
  });

  await step('issue 30: a deck link in its own field: the verdict names the site; a host the server does not fetch from is said', async () => {
    await page.selectOption('#game', 'legion');
    const formats = await page.$$eval('#format option', (os) => os.map((o) => o.value));
    // Legion HQ links carry the list: the server reads it without fetching anything.
    await page.fill('#deck-link', LEGION_LINK);
    await page.waitForSelector(`#report:not([hidden]) #verdict[data-format="${formats[0]}"]`);
    await page.waitForFunction(() => !document.getElementById('verdict-source').hidden);
    const source = await page.textContent('#verdict-source');
    assert(source === 'The deck from Legion HQ', `source: ${source}`);
    await page.fill('#deck-link', 'https://decks.invalid/my-deck.json');
    await page.waitForFunction(() => document.getElementById('error').textContent.includes('decks.invalid'));
    const error = await page.textContent('#error');
    assert(error.includes('links from this site are not read here'), `error: ${error}`);
    // Cleared, the link gives way to the pasted list again.
    await page.fill('#deck-link', '');
    await page.selectOption('#game', 'swu');
    await page.waitForSelector('#error', { state: 'hidden' });
    const v = await verdictFor(page, 'premier', '2025-05-01');
    assert(v.status === 'illegal', `the pasted list again: ${v.status}`);
    assert(await page.$eval('#verdict-source', (p) => p.hidden), 'a pasted list names no site');
  });

  await step('readable on a 390px phone: nothing wider than the screen', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(200);
    const w = await page.evaluate(() => document.documentElement.scrollWidth);
    assert(w <= 390, `page is ${w}px wide`);
    await page.locator('#result').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(ARTIFACTS, 'page-phone.png') });
  });

  await step('issue 18: on a 390px phone, Check brings the verdict into view, focuses it, and it is announced', async () => {
    await page.setViewportSize(PHONE);
    const live = await page.$eval('#verdict', (v) => [v.getAttribute('aria-live'), v.getAttribute('role'), v.tabIndex]);
    assert(live[0] === 'polite' && live[1] === 'status' && live[2] === -1, `verdict region: aria-live=${live[0]} role=${live[1]} tabindex=${live[2]}`);
    await page.evaluate(() => window.scrollTo(0, 0));
    const below = await page.$eval('#verdict', (v) => v.getBoundingClientRect().top >= window.innerHeight);
    assert(below, 'the verdict is not below the fold at the top of the page: this check proves nothing');
    await page.fill('#date', '2025-04-01');
    await page.click('#submit');
    await verdictFor(page, 'premier', '2025-04-01');
    await page.waitForFunction(() => document.activeElement && document.activeElement.id === 'verdict');
    const r = await page.$eval('#verdict', (v) => { const b = v.getBoundingClientRect(); return { top: b.top, bottom: b.bottom, h: window.innerHeight }; });
    assert(r.top >= 0 && r.bottom <= r.h, `the verdict is not in view after Check: ${JSON.stringify(r)}`);
    await timelineDone(page);
    const [sw, iw] = await noSideScroll(page);
    assert(sw <= iw, `the page scrolls sideways at 390px: ${sw} > ${iw}`);
    await page.screenshot({ path: join(ARTIFACTS, 'page-phone-verdict.png') });
  });

  await step('issue 23: at 390px the timeline fits (no sideways scroll); axe finds nothing serious at phone width', async () => {
    await page.$$eval('#timeline-rows details', (ds) => ds.forEach((d) => { d.open = true; }));
    await page.locator('#timeline').scrollIntoViewIfNeeded();
    assert(await page.$$eval('#timeline-rows .tl-row', (rs) => rs.length) > 0, 'no timeline rows');
    const widest = await page.$$eval('#timeline-rows .tl-row, #timeline-rows .tl-item', (es) => Math.max(...es.map((e) => e.getBoundingClientRect().right)));
    const [sw, iw] = await noSideScroll(page);
    assert(sw <= iw && widest <= iw, `timeline wider than the screen: scrollWidth ${sw}, widest ${widest}, screen ${iw}`);
    await page.screenshot({ path: join(ARTIFACTS, 'page-phone-timeline.png') });
    await axeCheck(page, 'phone, legal verdict and timeline');
  });

  await step('issue 18: server unreachable: the previous verdict stays, dimmed and marked as from the previous check', async () => {
    const before = await page.$eval('#verdict .word', (w) => [w.textContent, getComputedStyle(w).color]);
    await page.route('**/v1/games/*/decks/validate', (r) => r.abort());
    try {
      await page.fill('#date', '2025-05-01');
      await page.click('#submit');
      await page.waitForSelector('#verdict.stale[data-stale="unreachable"]');
    } finally {
      await page.unroute('**/v1/games/*/decks/validate');
    }
    const v = await page.$eval('#verdict', (v) => ({
      verdict: v.dataset.verdict, asOf: v.dataset.asOf, word: v.querySelector('.word').textContent,
      color: getComputedStyle(v.querySelector('.word')).color, note: v.querySelector('.stale-note').textContent,
      noteShown: !v.querySelector('.stale-note').hidden,
    }));
    assert(v.verdict === 'legal' && v.asOf === '2025-04-01' && v.word === before[0], `the previous verdict did not stay: ${JSON.stringify(v)}`);
    assert(v.color !== before[1], `the stale verdict is not dimmed (colour ${v.color})`);
    assert(v.noteShown && /could not be reached/.test(v.note) && /previous check/.test(v.note), `stale note: "${v.note}"`);
    assert(await page.evaluate(() => document.activeElement.id) === 'verdict', 'focus did not move to the stale verdict');
    await page.screenshot({ path: join(ARTIFACTS, 'page-phone-stale.png') });
    // Reachable again: the new verdict replaces it, no longer stale.
    await page.click('#submit');
    await verdictFor(page, 'premier', '2025-05-01');
    assert(!(await page.$('#verdict.stale')) && await page.$eval('#verdict-stale', (n) => n.hidden), 'still marked stale after a good answer');
    await timelineDone(page);
  });

  await step('issue 23: a failed timeline request leaves the verdict in place, with a short note', async () => {
    await page.route('**/v1/games/*/decks/window', (r) => r.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ error: { code: 'internal', message: 'test failure' } }) }));
    try {
      await page.fill('#date', '2025-04-01');
      await verdictFor(page, 'premier', '2025-04-01');
      await page.waitForFunction(() => /could not be shown/.test(document.getElementById('timeline-note').textContent));
    } finally {
      await page.unroute('**/v1/games/*/decks/window');
    }
    assert(await page.isVisible('#verdict .word') && (await page.textContent('#verdict .word')) === 'Legal', 'the verdict is hidden after the timeline failed');
    assert(await page.$$eval('#timeline-rows .tl-row', (rs) => rs.length) === 0, 'rows of an older timeline are still shown');
    assert(await page.isHidden('#error'), 'a timeline failure shows as the verdict\'s error');
    await page.setViewportSize(DESKTOP);
  });

  await step('no console errors (CSP violations included) and no request to another host', async () => {
    // The aborted/422 requests of the error check log console errors by design; ignore those.
    const real = consoleErrors.filter((e) => !/Failed to load resource|ERR_CONNECTION_REFUSED|422/.test(e));
    assert(real.length === 0, `console errors: ${real.join(' | ')}`);
    assert(foreign.length === 0, `requests to other hosts: ${foreign.join(' ')}`);
  });
} finally {
  await close();
}
finish();
