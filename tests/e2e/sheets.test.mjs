// End-to-end test of the printable deck-registration sheets (issue 30, item 1) in Debian's
// headless Chromium, driven by playwright-core: a 3-player event is made through the API, its
// whole-event sheet (/events/sheet, the organizer's token) is printed to PDF at A4 and at US
// Letter, and each PDF is read back with poppler's pdftotext, page by page: one player per
// page, every card, section count and total of that player's list, the fingerprint and the
// signature line, nothing of another player. Nothing is cut: the PDF has three pages, and in
// print layout each sheet is no wider and no taller than the printable area of the paper. The
// first A4 page, rasterized (pdftoppm), is docs/sheet.png. Also: the organizer's page links
// to the sheets, the player's own sheet opens with their token, axe-core finds nothing serious.
// Started by scripts/e2e.sh sheets:
//   DECKCHECK_URL=http://127.0.0.1:PORT node sheets.test.mjs
// Prints one line per check and, last, `e2e-sheets: N passed, M failed`.
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { axeCheck } from './axe.mjs';
import { harness, launch } from './harness.mjs';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const BASE = process.env.DECKCHECK_URL || 'http://127.0.0.1:8080';
const DECKS = process.env.DECKCHECK_DECKS || resolve(ROOT, '../shared/data/swu/decks');
const ARTIFACTS = join(HERE, 'artifacts');
const STEP_MS = 60_000;
const TOTAL_MS = 300_000;
const LABEL = 'e2e-sheets';

// Three players, three real lists: a tournament list as melee.gg text, two starter decks as
// SWUDB JSON.
const PLAYERS = [
  { player: 'Ada Lovelace', uid: '1001', deck: readFileSync(join(DECKS, 'tournament/wichita-pq-4th-han-solo.melee.txt'), 'utf8') },
  { player: 'Grace Hopper', uid: '1002', deck: readFileSync(join(DECKS, 'official-starters/sor-darth-vader.json'), 'utf8') },
  { player: 'Alan Turing', uid: '1003', deck: readFileSync(join(DECKS, 'official-starters/sor-luke-skywalker.json'), 'utf8') },
];
// The printable area of each paper at the page's 12 mm margins, in CSS pixels (96 per inch).
const MM = 96 / 25.4;
const PAPERS = [
  { format: 'A4', width: (210 - 24) * MM, height: (297 - 24) * MM },
  { format: 'Letter', width: (215.9 - 24) * MM, height: (279.4 - 24) * MM },
];

const { step, assert, finish } = harness(LABEL, { stepMs: STEP_MS, totalMs: TOTAL_MS });

async function api(method, path, { token, body } = {}) {
  const headers = { accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(BASE + path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

// Text as pdftotext gives it and as a sheet writes it, compared without line breaks and runs
// of spaces (a long name wraps in its column).
const squash = (s) => s.replace(/\s+/g, ' ').trim();
function pdfPages(file) {
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  return Number(/^Pages:\s+(\d+)/m.exec(info)[1]);
}
function pageText(file, n) {
  return squash(execFileSync('pdftotext', ['-f', String(n), '-l', String(n), '-enc', 'UTF-8', file, '-'], { encoding: 'utf8' }));
}

mkdirSync(ARTIFACTS, { recursive: true });
const { context, page, close } = await launch('e2e-sheets', { viewport: { width: 1000, height: 900 }, timeout: 20_000 });
const origin = new URL(BASE).origin;
const foreign = [], consoleErrors = [];
function watch(p) {
  p.on('request', (r) => { const u = r.url(); if (!u.startsWith(origin) && !u.startsWith('data:')) foreign.push(u); });
  p.on('console', (m) => { if (m.type() === 'error') consoleErrors.push(m.text()); });
  p.on('pageerror', (e) => consoleErrors.push(String(e)));
}
context.on('page', watch);
watch(page);

let event, organizer, sheets, playerToken;
try {
  await step('a 3-player event: created, three lists registered through the API', async () => {
    const c = await api('POST', '/v1/events', { body: { name: 'Sheet Test Showdown', game: 'swu', format: 'premier', date: '2025-04-01', illegal_lists: 'pending' } });
    event = c.event.id;
    organizer = c.organizer_token;
    for (const p of PLAYERS) {
      const r = await api('POST', `/v1/events/code/${c.event.registration_code}/players`, { body: p });
      p.id = r.player.id;
      playerToken = playerToken || r.token;
    }
    sheets = await api('GET', `/v1/events/${event}/sheets`, { token: organizer });
    assert(sheets.sheets.length === 3, `sheets: ${sheets.sheets.length}`);
  });

  await step('the organizer\'s page links to the whole event\'s sheets and to each player\'s', async () => {
    await page.goto(`${BASE}/events/organizer#event=${encodeURIComponent(event)}&token=${encodeURIComponent(organizer)}`);
    await page.waitForSelector('#console:not([hidden]) #roster tbody tr');
    const all = await page.getAttribute('#print-sheets', 'href');
    assert(all === `/events/sheet#event=${event}&role=organizer`, `link: ${all}`);
    const one = await page.getAttribute(`#roster tr[data-player="${PLAYERS[1].id}"] a.sheet-link`, 'href');
    assert(one === `/events/sheet#event=${event}&role=organizer&player=${PLAYERS[1].id}`, `player link: ${one}`);
    // The sheet page opens from that link with the token this browser keeps.
    await page.goto(BASE + all);
    await page.waitForSelector('body[data-ready="true"]');
    assert(await page.getAttribute('body', 'data-sheets') === '3', `shown: ${await page.textContent('#status')}`);
    const shown = await page.$$eval('.sheet .head .player', (ps) => ps.map((p) => p.textContent));
    PLAYERS.forEach((p, i) => assert(shown[i].includes(p.player) && shown[i].includes(p.uid), `sheet ${i}: ${shown[i]}`));
    await axeCheck(page, 'sheets');
  });

  for (const paper of PAPERS) {
    await step(`printed at ${paper.format}: one player per page, every card and total, nothing cut`, async () => {
      await page.emulateMedia({ media: 'print' });
      await page.setViewportSize({ width: Math.floor(paper.width), height: Math.floor(paper.height) });
      const boxes = await page.$$eval('.sheet', (ss) => ss.map((s) => ({ h: s.getBoundingClientRect().height, w: s.scrollWidth, cw: s.clientWidth })));
      boxes.forEach((b, i) => {
        assert(b.w <= b.cw + 1, `sheet ${i} is wider than the paper: ${b.w} > ${b.cw}`);
        assert(b.h <= paper.height, `sheet ${i} is taller than one ${paper.format} page: ${Math.round(b.h)} > ${Math.round(paper.height)} px`);
      });
      const file = join(ARTIFACTS, `sheets-${paper.format}.pdf`);
      await page.pdf({ path: file, format: paper.format, printBackground: true });
      await page.emulateMedia({ media: null });
      const pages = pdfPages(file);
      assert(pages === 3, `${pages} pages for 3 players`);
      sheets.sheets.forEach((s, i) => {
        const text = pageText(file, i + 1);
        const missing = [];
        const want = (t) => { if (!text.includes(squash(String(t)))) missing.push(t); };
        want('Sheet Test Showdown');
        want('2025-04-01');
        want('Premier');
        want(s.player);
        want(s.uid);
        want(`version ${s.version}, registered`);
        for (const d of s.decks) {
          for (const sec of d.sheet.sections) {
            want(`${sec.label} (${sec.count})`);
            for (const l of sec.lines) want(l.name);
          }
          for (const t of d.sheet.totals) want(`${t.label}: ${t.count}`);
          want(`Fingerprint: ${d.fingerprint}`);
        }
        want('Player\u2019s signature');
        want('Judge\u2019s initials');
        assert(!missing.length, `page ${i + 1} (${s.player}) lacks: ${missing.join(' / ')}\n  page text: ${text.slice(0, 400)}`);
        for (const other of sheets.sheets.filter((o) => o !== s)) {
          assert(!text.includes(other.player), `page ${i + 1} also holds ${other.player}`);
        }
      });
      if (paper.format === 'A4') {
        execFileSync('pdftoppm', ['-png', '-r', '80', '-f', '1', '-l', '1', '-singlefile', file, join(ARTIFACTS, 'sheet')]);
        copyFileSync(join(ARTIFACTS, 'sheet.png'), join(ROOT, 'docs/sheet.png'));
      }
    });
  }

  await step('every game\'s sheet fits one page at A4 and at US Letter (a CCG and an LCG pair, a CCG deck with a card outside it, a Legion army)', async () => {
    const R = join(ROOT, 'crates');
    const games = [
      ['ccg', 'classic', { decks: ['bhbm-dark.xml', 'ebo-light.xml'].map((f) => readFileSync(join(R, 'ccg/tests/ccg/decks', f), 'utf8')) }],
      // A deck of 60 with a card outside it (issue 34: the largest lists of each format).
      ['ccg', 'classic', { deck: readFileSync(join(R, 'ccg/tests/ccg/decks/emperors-prize-outside.xml'), 'utf8') }],
      ['lcg', 'standard', { decks: ['jedi-ten-sets.o8d', 'sith-ten-sets.o8d'].map((f) => readFileSync(join(R, 'lcg/tests/lcg/decks', f), 'utf8')) }],
      ['legion', 'standard', { deck: 'https://legionhq2.com/list/rebels/1000:1ab0000,1ad0000,3ahed0dc0,1aieh000,1gv00000,1ae000,2ak00000,2ao00,1he00,1ap000,cr,cq,vo,ck,bj,ch,Ag,Ah,Ai,Aa,Ab,Ac,yu,yv,yw' }],
    ];
    for (const [game, format, list] of games) {
      const c = await api('POST', '/v1/events', { body: { name: `${game} sheet`, game, format, date: '2026-11-22', illegal_lists: 'pending' } });
      await api('POST', `/v1/events/code/${c.event.registration_code}/players`, { body: { player: 'Pat Player', uid: '7', ...list } });
      await page.goto(`${BASE}/events/sheet#event=${c.event.id}&role=organizer&token=${encodeURIComponent(c.organizer_token)}`);
      await page.waitForSelector('body[data-ready="true"]');
      assert(await page.getAttribute('body', 'data-sheets') === '1', `${game}: ${await page.textContent('#error')}`);
      for (const paper of PAPERS) {
        await page.emulateMedia({ media: 'print' });
        await page.setViewportSize({ width: Math.floor(paper.width), height: Math.floor(paper.height) });
        const h = await page.$eval('.sheet', (s) => s.getBoundingClientRect().height);
        assert(h <= paper.height, `${game} at ${paper.format}: ${Math.round(h)} > ${Math.round(paper.height)} px`);
        const file = join(ARTIFACTS, `sheet-${game}-${paper.format}.pdf`);
        await page.pdf({ path: file, format: paper.format, printBackground: true });
        await page.emulateMedia({ media: null });
        assert(pdfPages(file) === 1, `${game} at ${paper.format}: ${pdfPages(file)} pages`);
        const text = pageText(file, 1);
        assert(text.includes('Pat Player') && text.includes('Judge\u2019s initials'), `${game} at ${paper.format}: ${text.slice(0, 300)}`);
      }
      await page.goto('about:blank');
    }
    await page.setViewportSize({ width: 1000, height: 900 });
  });

  await step('the largest list of a format fits one page at A4 and US Letter: an 80-card Twin Suns list', async () => {
    // Two leaders, a base and 80 different cards, one copy each (Twin Suns is singleton): 83
    // lines, the longest sheet Star Wars: Unlimited makes. Built from Spark of Rebellion's
    // numbering (leaders 1-18, bases 19-30), kept pending whatever its verdict.
    const id = (n) => `SOR_${String(n).padStart(3, '0')}`;
    const deck = {
      metadata: { name: 'Eighty', author: 'e2e' },
      leader: { id: id(5), count: 1 },
      secondleader: { id: id(6), count: 1 },
      base: { id: id(22), count: 1 },
      deck: Array.from({ length: 80 }, (_, i) => ({ id: id(31 + i), count: 1 })),
      sideboard: [],
    };
    const c = await api('POST', '/v1/events', { body: { name: 'Twin Suns sheet', game: 'swu', format: 'twin-suns', date: '2025-04-01', illegal_lists: 'pending' } });
    await api('POST', `/v1/events/code/${c.event.registration_code}/players`, { body: { player: 'Pat Player', uid: '7', deck: JSON.stringify(deck) } });
    const data = await api('GET', `/v1/events/${c.event.id}/sheets`, { token: c.organizer_token });
    const lines = data.sheets[0].decks[0].sheet.sections.reduce((n, s) => n + s.lines.length, 0);
    assert(lines >= 83, `83 lines: ${lines}`);
    await page.goto(`${BASE}/events/sheet#event=${c.event.id}&role=organizer&token=${encodeURIComponent(c.organizer_token)}`);
    await page.waitForSelector('body[data-ready="true"]');
    for (const paper of PAPERS) {
      await page.emulateMedia({ media: 'print' });
      await page.setViewportSize({ width: Math.floor(paper.width), height: Math.floor(paper.height) });
      const file = join(ARTIFACTS, `sheet-twin-suns-${paper.format}.pdf`);
      await page.pdf({ path: file, format: paper.format, printBackground: true });
      await page.emulateMedia({ media: null });
      assert(pdfPages(file) === 1, `Twin Suns at ${paper.format}: ${pdfPages(file)} pages`);
      const text = pageText(file, 1);
      const missing = data.sheets[0].decks[0].sheet.sections.flatMap((s) => s.lines.map((l) => l.name)).filter((n) => !text.includes(squash(n)));
      assert(!missing.length, `Twin Suns at ${paper.format} lacks: ${missing.slice(0, 5).join(' / ')}`);
      assert(text.includes('Pat Player') && text.includes('Judge\u2019s initials'), `the player and the signature on the one page at ${paper.format}`);
    }
    await page.setViewportSize({ width: 1000, height: 900 });
  });

  await step('one player\'s sheet by its id (judge), and a player\'s own with their token', async () => {
    await page.setViewportSize({ width: 1000, height: 900 });
    const judge = await api('POST', `/v1/events/${event}/judges`, { token: organizer, body: { name: 'Jo Judge' } });
    await page.goto(`${BASE}/events/sheet#event=${event}&role=judge&player=${PLAYERS[2].id}&token=${encodeURIComponent(judge.token)}`);
    await page.waitForSelector('body[data-ready="true"]');
    assert(await page.getAttribute('body', 'data-sheets') === '1', 'one sheet');
    assert((await page.textContent('.sheet .player')).includes('Alan Turing'), 'the player asked');
    assert(!page.url().includes('token='), `the token stays in the address: ${page.url()}`);
    await page.goto(`${BASE}/events/sheet#event=${event}&role=player&token=${encodeURIComponent(playerToken)}`);
    await page.waitForSelector('body[data-ready="true"]');
    assert((await page.textContent('.sheet .player')).includes('Ada Lovelace'), 'the player\'s own');
  });

  await step('without a token the page says how to open it', async () => {
    await page.goto(`${BASE}/events/sheet#event=ev_nothing&role=organizer`);
    await page.waitForSelector('body[data-ready="true"]');
    assert(/organizer.s, judge.s or registration page/.test(await page.textContent('#error')), await page.textContent('#error'));
  });

  await step('no console errors (CSP included) and no request to another host', async () => {
    assert(!foreign.length, `requests to other hosts: ${foreign.join(', ')}`);
    assert(!consoleErrors.length, `console errors: ${consoleErrors.join(' | ')}`);
  });
} finally {
  await close();
}
finish();
