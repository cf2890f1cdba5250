// The event pages (registration, organizer, judge, published lists): plain DOM over the same API as everyone
// else (/v1/events/...). Organizer and judge tokens are kept in this browser (localStorage),
// per event and role; a player's token only when the player asks ("keep my registration on
// this device"): registration often happens on a shared device, which must forget the player
// once they are done. A link may carry a token in its fragment (#event=…&token=…), never sent
// to the server in a URL. Everything shown is built with text nodes: nothing from the server
// is read as HTML.
'use strict';

const $ = (id) => document.getElementById(id);

function el(tag, attrs, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === null || v === undefined || v === false) continue;
    if (k === 'class') node.className = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v === true ? '' : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    node.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return node;
}

function fragment() {
  return new URLSearchParams(location.hash.replace(/^#/, ''));
}

const store = {
  key: (event, role) => `deckcheck:${role}:${event}`,
  get(event, role) { try { return localStorage.getItem(this.key(event, role)); } catch { return null; } },
  set(event, role, token) { try { localStorage.setItem(this.key(event, role), token); } catch { /* private mode */ } },
  remove(event, role) { try { localStorage.removeItem(this.key(event, role)); } catch { /* private mode */ } },
};

/// Reads an event id and token from the fragment and takes the token out of the address bar;
/// keeps the token in this browser when `keep` (else it lives in the page alone). Without a
/// token in the fragment, the one kept for the event, if any.
function takeToken(role, { keep = true } = {}) {
  const f = fragment();
  const event = f.get('event');
  const token = f.get('token');
  if (event && token) {
    if (keep) store.set(event, role, token);
    history.replaceState(null, '', keep ? `${location.pathname}#event=${encodeURIComponent(event)}` : location.pathname);
    return { event, token, kept: keep };
  }
  const stored = event ? store.get(event, role) : null;
  return { event, token: stored, kept: !!stored };
}

/// Where an event's printable deck-registration sheets are (/events/sheet): every player's, or
/// one player's; a player's own with their token in the fragment (the page takes it out of the
/// address at once).
function sheetLink(event, role, { player, token } = {}) {
  const f = new URLSearchParams({ event, role });
  if (player) f.set('player', player);
  if (token) f.set('token', token);
  return `/events/sheet#${f}`;
}

class ApiError extends Error {
  constructor(status, body) {
    super((body && body.error && body.error.message) || `HTTP ${status}`);
    this.status = status;
    this.body = body;
  }
}

// Writes a client may retry carry an Idempotency-Key (issue 35): the same write sent again
// after an answer that never came (or a 503) reuses its key and gets the first answer, token
// and all; a write answered for good forgets it, so the next one is new.
const writeKeys = new Map();
function idempotencyKey(method, path, body) {
  const retried = /^\/v1\/events(\/code\/[^/]+\/players|\/[^/]+\/(me\/lists|publish|players\/[^/]+\/(lists|deck-checks)))?$/;
  if (method !== 'POST' || !retried.test(path)) return null;
  const id = `${path}\n${JSON.stringify(body ?? null)}`;
  if (!writeKeys.has(id)) {
    const b = crypto.getRandomValues(new Uint8Array(16));
    writeKeys.set(id, Array.from(b, (x) => x.toString(16).padStart(2, '0')).join(''));
  }
  return { id, key: writeKeys.get(id), done: (status) => { if (status < 500) writeKeys.delete(id); } };
}

async function api(method, path, { token, body } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const write = idempotencyKey(method, path, body);
  if (write) headers['Idempotency-Key'] = write.key;
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  if (write) write.done(res.status);
  const text = await res.text();
  let json = null;
  try { json = text ? JSON.parse(text) : null; } catch { json = { error: { message: text } }; }
  if (!res.ok) throw new ApiError(res.status, json);
  return json;
}

function showError(e) {
  const box = $('error');
  if (!box) return;
  if (!e) { box.hidden = true; box.textContent = ''; return; }
  box.hidden = false;
  box.textContent = e.message || String(e);
}

function status(text) {
  const s = $('status');
  if (s) s.textContent = text || '';
}

function when(t) {
  if (!t) return '';
  const d = new Date(t);
  return Number.isNaN(d.getTime()) ? t : d.toLocaleString();
}

/// The readable page of an event's published lists.
function publishedUrl(event) {
  return `/events/published#event=${encodeURIComponent(event)}`;
}

/// A list's fingerprints, as said beside it: `64VBV1V1HF`, one per deck.
function fingerprints(prints) {
  if (!prints || !prints.length) return 'none (stored before fingerprints)';
  return prints.map((f) => f || 'none (an entry is not a card)').join(' · ');
}

// ---- a validate report, as the player page shows it ----

function verdictOf(report) {
  if (!report) return 'unverified';
  if (report.legal) return 'legal';
  return report.summary && report.summary.illegal && report.summary.illegal.length ? 'illegal' : 'unverified';
}

const WORDS = { legal: 'Legal', illegal: 'Not legal', unverified: 'Cannot be judged yet' };

function showReport(report, stateText) {
  const v = $('verdict');
  const status = verdictOf(report);
  v.hidden = false;
  // data-status for the event pages' tests; data-verdict is what the shared style colours.
  v.dataset.status = status;
  v.dataset.verdict = status;
  v.querySelector('.word').textContent = WORDS[status];
  v.querySelector('.detail').textContent = stateText || '';
  const list = $('problems');
  list.replaceChildren();
  for (const deck of report.decks || []) {
    for (const d of deck.diagnostics || []) {
      if (d.severity !== 'error' && d.code === 'resolved-loosely') continue;
      list.append(el('li', { class: `problem ${d.severity === 'error' ? 'error' : 'mild'}` },
        el('div', { class: 'where' }, el('span', { class: 'lineno' }, d.at || ''), el('code', { class: 'text' }, d.text || '')),
        el('p', { class: 'msg' }, d.message)));
    }
  }
  for (const r of report.reports || []) {
    for (const x of r.violations || []) {
      list.append(el('li', { class: 'problem error', 'data-code': x.code },
        el('div', { class: 'where' }, el('span', { class: 'section' }, x.section || ''), el('span', { class: 'text' }, x.code)),
        el('p', { class: 'msg' }, x.message)));
    }
    for (const n of r.notes || []) {
      list.append(el('li', { class: 'problem mild' }, el('p', { class: 'msg info' }, n.message)));
    }
  }
  if (!list.children.length && status === 'legal') list.append(el('li', { class: 'none' }, 'Nothing to fix.'));
}

/// A list's reasons, as the player page shows them: each error of an entry (with its line), each
/// rule broken (with its section), each note.
function reasonsOf(report) {
  const out = [];
  for (const deck of (report && report.decks) || []) {
    for (const d of deck.diagnostics || []) {
      if (d.severity !== 'error') continue;
      out.push(el('li', { class: 'problem error' },
        el('div', { class: 'where' }, el('span', { class: 'lineno' }, d.at || ''), el('code', { class: 'text' }, d.text || '')),
        el('p', { class: 'msg' }, d.message)));
    }
  }
  for (const r of (report && report.reports) || []) {
    for (const x of r.violations || []) {
      out.push(el('li', { class: 'problem error', 'data-code': x.code },
        el('div', { class: 'where' }, el('span', { class: 'section' }, x.section || ''), el('span', { class: 'text' }, x.code)),
        el('p', { class: 'msg' }, x.message)));
    }
    for (const n of r.notes || []) out.push(el('li', { class: 'problem mild' }, el('p', { class: 'msg info' }, n.message)));
  }
  return out;
}

/// A list as its sheet lists it: each section with its count, one card a line in the sheet's
/// order, the entries that are not cards as written and marked.
function sheetView(sheet) {
  const box = el('div', { class: 'sheet-decks' });
  for (const [i, d] of ((sheet && sheet.decks) || []).entries()) {
    const s = d.sheet;
    const deck = el('div', { class: 'sheet-deck' });
    if (s.title || sheet.decks.length > 1) deck.append(el('h4', {}, s.title || `Deck ${i + 1}`));
    for (const sec of s.sections) {
      if (!sec.lines.length) continue;
      deck.append(el('p', { class: 'sheet-section' }, `${sec.label} (${sec.count})`),
        el('ul', { class: 'sheet-lines' }, ...sec.lines.map((l) => el('li', { 'data-line': lineText(l) }, lineText(l)))));
    }
    if (s.not_read && s.not_read.length) {
      deck.append(el('p', { class: 'sheet-section not-read' }, `Not read as cards (${s.not_read.length})`),
        el('ul', { class: 'sheet-lines' }, ...s.not_read.map((t) => el('li', { class: 'not-read', 'data-line': t.trim() }, t.trim(), ' ', el('span', { class: 'mark' }, '(not read as a card)')))));
    }
    box.append(deck);
  }
  if (sheet && sheet.problem) box.append(el('p', { class: 'not-read' }, `Could not be laid out whole: ${sheet.problem}`));
  return box;
}

/// One line of a sheet as text: `3 Waylay`, `1 #005 The Rebel Alliance`, `1 Luke + Upgrade`.
function lineText(l) {
  return [String(l.count), l.number, l.name].filter(Boolean).join(' ') + (l.with && l.with.length ? ` + ${l.with.join(' + ')}` : '');
}

function readFile(input, target) {
  input.addEventListener('change', async () => {
    const f = input.files && input.files[0];
    if (!f) return;
    target.value = await f.text();
    input.value = '';
  });
}

// ---- registration ----

async function registerPage() {
  const f = fragment();
  let current = null; // the event, once found
  let token = null;
  if (f.get('code')) $('code').value = f.get('code');
  readFile($('file'), $('deck'));

  const listBody = () => {
    const deck = $('deck').value;
    const pool = $('pool').value.trim();
    const body = { deck };
    if (pool) body.pool = pool;
    return body;
  };

  function showEvent(e) {
    current = e;
    const due = e.locks_at ? ` · lists due ${when(e.locks_at)}` : '';
    $('event').textContent = `${e.name} · ${e.game.toUpperCase()} ${e.format} · ${e.date}${due}${e.locked ? ' · LOCKED: lists can no longer be changed' : ''}`;
    $('event').dataset.locked = e.locked ? 'yes' : 'no';
    $('submit').disabled = !!e.locked;
  }

  async function findByCode() {
    showError(null);
    const code = $('code').value.trim();
    if (!code) return null;
    try {
      const e = await api('GET', `/v1/events/code/${encodeURIComponent(code)}`);
      showEvent(e);
      return e;
    } catch (e) {
      $('event').textContent = '';
      showError(e.status === 404 ? new Error('No event has this code. Check it with the organizer.') : e);
      return null;
    }
  }

  async function showMine() {
    const me = await api('GET', `/v1/events/${encodeURIComponent(current.id)}/me`, { token });
    showEvent(me.event);
    $('player').value = me.player.player;
    $('uid').value = me.player.uid;
    $('player').readOnly = $('uid').readOnly = true;
    const last = me.versions[me.versions.length - 1];
    if (!$('deck').value) $('deck').value = last.decks[0] || '';
    showReport(last.report, stateText(me.player.state, me.player.version));
    const h = $('history');
    h.replaceChildren(...me.versions.map((v) => el('li', {},
      `Version ${v.version}, ${when(v.at)}, by ${v.source === 'player' ? 'you' : `${v.source} ${v.actor}`}: `,
      el('span', { class: `v-${v.verdict}` }, v.verdict),
      v.reason ? ` (${v.reason})` : '',
      el('br'), 'Fingerprint ', el('code', { class: 'fingerprint' }, fingerprints(v.fingerprints)))));
    $('my-fingerprint').textContent = fingerprints(last.fingerprints);
    $('history-box').hidden = false;
    $('print-mine').href = sheetLink(current.id, 'player', { token });
    $('withdraw').disabled = !!me.event.locked;
  }

  function stateText(state, version) {
    return state === 'accepted'
      ? `Registered (version ${version}).`
      : `Stored as pending (version ${version}): a judge will look at it.`;
  }

  /// Keeps the player's token in this browser, or forgets it, as the box says; the address
  /// then names the registration only when it is kept (a reload of a shared device's page
  /// shows a clean form).
  function keepOrForget() {
    if (!token || !current) return;
    if ($('remember').checked) {
      store.set(current.id, 'player', token);
      history.replaceState(null, '', `${location.pathname}#event=${encodeURIComponent(current.id)}`);
    } else {
      store.remove(current.id, 'player');
      const code = $('code').value.trim();
      history.replaceState(null, '', code ? `${location.pathname}#code=${encodeURIComponent(code)}` : location.pathname);
    }
  }
  $('remember').addEventListener('change', keepOrForget);

  /// "Done": this device forgets the player; the form is clean for the next one (the event's
  /// code stays).
  function forget() {
    if (current && current.id) store.remove(current.id, 'player');
    token = null;
    $('remember').checked = false;
    for (const id of ['player', 'uid', 'deck', 'pool']) $(id).value = '';
    $('player').readOnly = $('uid').readOnly = false;
    for (const id of ['registered', 'verdict', 'history-box']) $(id).hidden = true;
    $('print-mine').removeAttribute('href'); // it held the player's token
    $('problems').replaceChildren();
    $('history').replaceChildren();
    showError(null);
    const code = $('code').value.trim();
    history.replaceState(null, '', code ? `${location.pathname}#code=${encodeURIComponent(code)}` : location.pathname);
    status('Done: this device no longer holds your registration.');
    $(code ? 'player' : 'code').focus();
  }
  $('done').addEventListener('click', forget);

  // A player takes back their registration before the lock (their token stops working).
  $('withdraw').addEventListener('click', async () => {
    if (!token || !current) return;
    showError(null);
    if (!confirm('Withdraw your registration from this event? Your list leaves the event; you may register again until the lists are locked.')) return;
    try {
      await api('POST', `/v1/events/${encodeURIComponent(current.id)}/me/withdraw`, { token, body: {} });
      forget();
      status('Your registration is withdrawn.');
    } catch (e) { showError(e); }
  });

  // A returning player: their event and token from the link, or from this browser if they
  // asked it to keep them.
  const kept = takeToken('player', { keep: false });
  if (kept.event && kept.token) {
    token = kept.token;
    current = { id: kept.event };
    $('remember').checked = kept.kept;
    try {
      await showMine();
    } catch (e) {
      if (e.status === 401) {
        // Revoked, replaced by a new one, or expired: this device forgets it.
        store.remove(kept.event, 'player');
        token = null;
        showError(new Error(e.body && e.body.error && e.body.error.code === 'token-expired'
          ? 'This link has expired: ask the organizer for a new one.'
          : 'This link no longer opens a registration (its token was revoked or replaced): ask the organizer for a new one.'));
      } else {
        showError(e);
      }
    }
  } else if ($('code').value) {
    await findByCode();
  }

  $('find').addEventListener('click', findByCode);

  $('check').addEventListener('click', async () => {
    showError(null);
    const e = current && current.game ? current : await findByCode();
    if (!e) return;
    status('Checking…');
    try {
      const body = {
        deck: $('deck').value, format: e.format, as_of: e.date, competitive: true,
        player: $('player').value.trim() || undefined, uid: $('uid').value.trim() || undefined,
      };
      if ($('pool').value.trim()) body.pool = $('pool').value.trim();
      const report = await api('POST', `/v1/games/${e.game}/decks/validate`, { body });
      showReport(report, 'Checked only: not submitted yet.');
      status('');
    } catch (err) { status(''); showError(err); }
  });

  $('register').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    showError(null);
    $('registered').hidden = true;
    status('Submitting…');
    try {
      if (token && current) {
        const s = await api('POST', `/v1/events/${encodeURIComponent(current.id)}/me/lists`, { token, body: listBody() });
        showReport(s.report, stateText(s.state, s.version));
        await showMine();
      } else {
        const code = $('code').value.trim();
        const body = { player: $('player').value, uid: $('uid').value, ...listBody() };
        const s = await api('POST', `/v1/events/code/${encodeURIComponent(code)}/players`, { body });
        token = s.token;
        current = s.event;
        keepOrForget();
        showReport(s.report, stateText(s.state, s.version));
        const link = `${location.origin}/events/register#event=${encodeURIComponent(s.event.id)}&token=${encodeURIComponent(s.token)}`;
        const box = $('registered');
        box.replaceChildren(
          el('p', {}, $('remember').checked
            ? 'Your list is registered, and this device keeps it (you asked). To change it from another device until the event locks, keep this private link:'
            : 'Your list is registered. This device forgets it when you press Done or reload the page: to change your list until the event locks, keep this private link:'),
          el('p', {}, el('code', { id: 'my-link' }, link)));
        box.hidden = false;
        await showMine();
      }
      status('');
    } catch (e) {
      status('');
      if (e.body && e.body.error && e.body.error.code === 'list-refused') {
        showReport(e.body.error.details.report, 'Refused: fix what is listed and submit again. Nothing was stored.');
      } else {
        showError(e);
      }
    }
  });
}

// ---- organizer ----

async function organizerPage() {
  const kept = takeToken('organizer');
  let event = kept.event;
  let token = kept.token;

  async function fillGames() {
    const answer = await api('GET', '/v1/games');
    const games = answer.games || answer;
    const game = $('game');
    game.replaceChildren(...games.map((g) => el('option', { value: g.id }, g.name)));
    const formats = () => {
      const g = games.find((x) => x.id === game.value) || games[0];
      $('format').replaceChildren(...g.formats.map((f) => el('option', { value: f.id }, f.name)));
    };
    game.addEventListener('change', formats);
    formats();
    $('date').value = new Date().toISOString().slice(0, 10);
  }


  $('create').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    showError(null);
    try {
      const body = { name: $('name').value, game: $('game').value, format: $('format').value, date: $('date').value, tier: $('tier').value, illegal_lists: $('illegal').value };
      if ($('locks-at').value) body.locks_at = new Date($('locks-at').value).toISOString();
      // A service whose operator keeps creation to those given a key asks for it (401).
      const key = $('create-key').value.trim();
      const c = await api('POST', '/v1/events', { body, token: key || undefined });
      event = c.event.id;
      token = c.organizer_token;
      store.set(event, 'organizer', token);
      history.replaceState(null, '', `${location.pathname}#event=${encodeURIComponent(event)}`);
      $('create').hidden = $('login').hidden = true;
      const once = $('token-once');
      once.replaceChildren(
        el('p', {}, 'Your organizer token, shown once. This browser keeps it; write it down to open the event elsewhere:'),
        el('p', {}, el('code', { id: 'organizer-token' }, token)),
        ...(c.warnings || []).map((w) => el('p', { class: 'warning', 'data-code': w.code }, el('strong', {}, 'Check: '), w.message)));
      once.hidden = false;
      await openConsole();
    } catch (e) {
      showError(e);
      if (e.status === 401) { $('key-field').hidden = false; $('create-key').focus(); }
    }
  });

  $('login').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    event = $('login-event').value.trim();
    token = $('login-token').value.trim();
    store.set(event, 'organizer', token);
    history.replaceState(null, '', `${location.pathname}#event=${encodeURIComponent(event)}`);
    $('login').hidden = $('create').hidden = true;
    await openConsole();
  });

  async function openConsole() {
    showError(null);
    try {
      const info = await api('GET', `/v1/events/${encodeURIComponent(event)}`, { token });
      const e = info.event;
      $('console').hidden = false;
      $('event-title').textContent = e.name;
      const reg = `${location.origin}/events/register#code=${e.registration_code}`;
      $('event-facts').replaceChildren(
        `${e.game.toUpperCase()} ${e.format} · ${e.date} · ${e.tier} · code `, el('strong', { id: 'code' }, e.registration_code),
        ` · ${info.players} players (${info.pending} pending) · `,
        info.locked ? el('strong', { id: 'locked' }, 'locked') : (e.locks_at ? `lists due ${when(e.locks_at)}` : 'open until you lock it'),
        ...(e.published_at ? [' · published: ', el('a', { id: 'published-link', href: publishedUrl(e.id) }, 'the published lists')] : []),
        el('br'), 'Players register at ', el('a', { href: reg }, reg));
      $('lock').disabled = info.locked;
      $('print-sheets').href = sheetLink(event, 'organizer');
      await loadRoster();
      await loadTokens();
    } catch (e) {
      showError(e);
      if (e.status === 401) { $('login').hidden = false; $('login-event').value = event; }
    }
  }

  async function loadRoster() {
    const r = await api('GET', `/v1/events/${encodeURIComponent(event)}/players`, { token });
    const body = $('roster').querySelector('tbody');
    // Each cell says what it is (data-label): on a phone a row is a card, not a line.
    body.replaceChildren(...r.players.map((p) => el('tr', { 'data-player': p.id },
      el('td', { class: 'pick' }, el('input', { type: 'checkbox', class: 'pairing', value: p.id, 'aria-label': `Review ${p.player}` })),
      el('td', { class: 'name' }, p.player, ' ', el('a', { class: 'sheet-link', href: sheetLink(event, 'organizer', { player: p.id }), target: '_blank', rel: 'noopener', 'aria-label': `Print the sheet of ${p.player}` }, 'sheet')),
      el('td', { 'data-label': 'UID' }, p.uid),
      el('td', { class: `state state-${p.state}`, 'data-label': 'State' }, p.state),
      el('td', { class: `verdict-cell v-${p.verdict}`, 'data-label': 'Verdict' }, p.verdict),
      el('td', { 'data-label': 'Version' }, p.version), el('td', { 'data-label': 'Checks' }, p.checks),
      el('td', { 'data-label': 'Place' }, el('input', { type: 'number', min: '1', class: 'place', 'data-id': p.id, 'aria-label': `Place of ${p.player}` })),
      el('td', { 'data-label': 'Change' }, el('button', { type: 'button', class: 'edit', 'aria-label': `Correct or remove ${p.player}`, onclick: () => editPlayer(p) }, 'Correct or remove')))));
  }

  // Correcting a name or UID, removing an entry: each with its reason, kept in the history.
  let editing = null;
  function editPlayer(p) {
    editing = p;
    $('edit-title').textContent = `${p.player} · ${p.uid}`;
    $('edit-name').value = p.player;
    $('edit-uid').value = p.uid;
    $('edit-reason').value = '';
    $('edit-player').hidden = false;
    $('edit-name').focus();
  }
  function closeEdit() { editing = null; $('edit-player').hidden = true; }
  $('edit-cancel').addEventListener('click', closeEdit);
  $('edit-player').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    if (!editing) return;
    showError(null);
    const body = { reason: $('edit-reason').value };
    if ($('edit-name').value.trim() !== editing.player) body.name = $('edit-name').value;
    if ($('edit-uid').value.trim() !== editing.uid) body.uid = $('edit-uid').value;
    try {
      const r = await api('POST', `/v1/events/${encodeURIComponent(event)}/players/${encodeURIComponent(editing.id)}/correct`, { token, body });
      closeEdit();
      await loadRoster();
      status(`Corrected: ${r.player} · ${r.uid}.`);
    } catch (e) { showError(e); }
  });
  $('remove-player').addEventListener('click', async () => {
    if (!editing) return;
    showError(null);
    const p = editing;
    if (!confirm(`Remove ${p.player} (${p.uid}) from the event? The entry leaves the roster, the sheets and the published lists; the removal is kept in the history.`)) return;
    try {
      await api('POST', `/v1/events/${encodeURIComponent(event)}/players/${encodeURIComponent(p.id)}/remove`, { token, body: { reason: $('edit-reason').value } });
      closeEdit();
      await openConsole();
      status(`${p.player} is removed from the event.`);
    } catch (e) { showError(e); }
  });

  $('lock').addEventListener('click', async () => {
    if (!confirm('Lock every list now? Players can no longer change them; only judges can.')) return;
    try { await api('POST', `/v1/events/${encodeURIComponent(event)}/lock`, { token, body: {} }); await openConsole(); status('Locked.'); } catch (e) { showError(e); }
  });

  $('issue-judge').addEventListener('click', async () => {
    showError(null);
    try {
      const j = await api('POST', `/v1/events/${encodeURIComponent(event)}/judges`, { token, body: { name: $('judge-name').value } });
      const link = `${location.origin}/events/judge#event=${encodeURIComponent(event)}&token=${encodeURIComponent(j.token)}`;
      const box = $('judge-token');
      box.replaceChildren(el('p', {}, `Judge token for ${j.judge} (shown once). Give this private link to the judge:`), el('p', {}, el('code', { id: 'judge-link' }, link)));
      box.hidden = false;
    } catch (e) { showError(e); }
  });

  $('export').addEventListener('click', async () => {
    try {
      const x = await api('GET', `/v1/events/${encodeURIComponent(event)}/export`, { token });
      const blob = new Blob([JSON.stringify(x, null, 2)], { type: 'application/json' });
      const a = el('a', { href: URL.createObjectURL(blob), download: `${event}.json` });
      document.body.append(a); a.click(); a.remove();
      status('Exported.');
    } catch (e) { showError(e); }
  });

  // A list that scrolls is a region a keyboard can reach.
  function listView(title, shown) {
    return el('div', { class: 'result' }, el('h3', {}, title),
      ...shown.decks.map((d, i) => el('pre', { class: 'list', tabindex: '0', role: 'region', 'aria-label': shown.decks.length > 1 ? `${title}: deck ${i + 1}` : `${title}: list` }, d.text)));
  }

  $('review').addEventListener('click', async () => {
    showError(null);
    const ticked = [...document.querySelectorAll('.pairing:checked')].map((c) => c.value);
    if (ticked.length !== 2) { showError(new Error('Tick the two players of the pairing.')); return; }
    try {
      const r = await api('GET', `/v1/events/${encodeURIComponent(event)}/review?a=${encodeURIComponent(ticked[0])}&b=${encodeURIComponent(ticked[1])}`, { token });
      const view = $('review-view');
      view.replaceChildren(listView(r.a.player, r.a), listView(r.b.player, r.b));
      view.hidden = false;
      view.scrollIntoView({ block: 'nearest' });
    } catch (e) { showError(e); }
  });

  // Publishing is a decision: with lists pending, the page asks what to do with them, as the
  // service does (409 pending-lists), and says what was done.
  let asking = null;
  async function publish(players, pending) {
    showError(null);
    $('pending-question').hidden = true;
    try {
      const body = { players };
      if (pending) body.pending = pending;
      const p = await api('POST', `/v1/events/${encodeURIComponent(event)}/publish`, { token, body });
      asking = null;
      await openConsole();
      const withheld = p.withheld.length ? `; ${p.withheld.length} withheld (${p.withheld.map((w) => w.player).join(', ')})` : '';
      $('status').replaceChildren(`Published ${p.published} lists (${p.marked_pending} marked pending${withheld}): `, el('a', { href: publishedUrl(event) }, 'read them'), '.');
    } catch (e) {
      if (e.body && e.body.error && e.body.error.code === 'pending-lists') {
        asking = players;
        $('pending-players').replaceChildren(...e.body.error.details.players.map((p) => el('li', { 'data-player': p.player_id }, `${p.player} (${p.verdict})`)));
        $('pending-question').hidden = false;
        $('publish-withhold').focus();
      } else {
        showError(e);
      }
    }
  }
  $('publish-withhold').addEventListener('click', () => asking && publish(asking, 'withhold'));
  $('publish-include').addEventListener('click', () => asking && publish(asking, 'include'));
  $('publish-cancel').addEventListener('click', () => { asking = null; $('pending-question').hidden = true; status('Nothing was published.'); });

  // Tokens: a judge's or player's is revoked or reissued (a player who lost theirs gets a new
  // one here), the organizer's is rotated; a new token is shown once, as a private link.
  const PAGE_OF = { judge: 'judge', player: 'register', organizer: 'organizer' };
  function showLink(what, issued) {
    const link = `${location.origin}/events/${PAGE_OF[issued.role]}#event=${encodeURIComponent(event)}&token=${encodeURIComponent(issued.token)}`;
    const box = $('token-link');
    box.replaceChildren(el('p', {}, `${what} (shown once). Give this private link to ${issued.label === 'organizer' ? 'whoever runs the event' : issued.label}:`), el('p', {}, el('code', { id: 'new-token-link' }, link)));
    box.hidden = false;
  }

  async function tokenAction(t, action) {
    showError(null);
    const base = `/v1/events/${encodeURIComponent(event)}`;
    try {
      if (action === 'revoke') {
        if (!confirm(`Revoke ${t.label}'s token? It opens nothing any more.`)) return;
        await api('POST', `${base}/tokens/${encodeURIComponent(t.id)}/revoke`, { token });
        status(`${t.label}'s token is revoked.`);
      } else if (action === 'reissue') {
        const path = t.role === 'player' ? `${base}/players/${encodeURIComponent(t.player_id)}/token` : `${base}/tokens/${encodeURIComponent(t.id)}/reissue`;
        const issued = await api('POST', path, { token });
        showLink(`A new token for ${issued.label}; the old one no longer works`, issued);
      } else if (action === 'rotate') {
        if (!confirm('Replace your organizer token? The old one stops working everywhere.')) return;
        const issued = await api('POST', `${base}/organizer-token`, { token });
        token = issued.token;
        store.set(event, 'organizer', token);
        showLink('Your new organizer token: this browser keeps it', issued);
      }
      await loadTokens();
    } catch (e) { showError(e); }
  }

  async function loadTokens() {
    const r = await api('GET', `/v1/events/${encodeURIComponent(event)}/tokens`, { token });
    $('tokens').replaceChildren(...r.tokens.map((t) => el('li', { 'data-token': t.id, 'data-role': t.role },
      el('span', { class: 'who' }, el('strong', {}, t.label), ` · ${t.role} · until ${when(t.expires_at)}`),
      el('span', { class: 'actions' }, ...(t.role === 'organizer'
        ? [el('button', { type: 'button', onclick: () => tokenAction(t, 'rotate') }, 'Replace')]
        : [el('button', { type: 'button', onclick: () => tokenAction(t, 'reissue'), 'aria-label': `New token for ${t.label}` }, 'New token'),
          el('button', { type: 'button', onclick: () => tokenAction(t, 'revoke'), 'aria-label': `Revoke ${t.label}'s token` }, 'Revoke')])))));
  }

  $('delete').addEventListener('click', async () => {
    showError(null);
    if (!confirm('Delete this event and everything of it (every list, check and token)? This cannot be undone.')) return;
    try {
      await api('POST', `/v1/events/${encodeURIComponent(event)}/delete`, { token });
      store.remove(event, 'organizer');
      $('console').hidden = true;
      history.replaceState(null, '', location.pathname);
      const gone = $('token-once');
      gone.replaceChildren(el('p', {}, 'The event is deleted.'));
      $('console').before(gone);
      gone.hidden = false;
    } catch (e) { showError(e); }
  });
  $('publish-all').addEventListener('click', () => publish('all'));
  $('publish-top').addEventListener('click', () => {
    const placed = [...document.querySelectorAll('.place')].filter((i) => i.value).sort((a, b) => Number(a.value) - Number(b.value)).map((i) => i.dataset.id);
    if (!placed.length) { showError(new Error('Give the places of the players to publish.')); return; }
    publish(placed);
  });

  // Started last: everything above is defined by now.
  if (!event) {
    $('create').hidden = false;
    $('login').hidden = false;
    try { await fillGames(); } catch (e) { showError(e); }
  } else if (!token) {
    $('login').hidden = false;
    $('login-event').value = event;
  } else {
    await openConsole();
  }
}

// ---- judge ----

async function judgePage() {
  const kept = takeToken('judge');
  let event = kept.event;
  let token = kept.token;
  let player = null;

  $('login').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    event = $('login-event').value.trim();
    token = $('login-token').value.trim();
    store.set(event, 'judge', token);
    history.replaceState(null, '', `${location.pathname}#event=${encodeURIComponent(event)}`);
    await openFinder();
  });

  async function openFinder() {
    showError(null);
    try {
      const info = await api('GET', `/v1/events/${encodeURIComponent(event)}`, { token });
      $('login').hidden = true;
      $('finder').hidden = false;
      $('event-title').textContent = `${info.event.name} (${info.players} players${info.locked ? ', locked' : ''}) · ${info.you}`;
      $('print-sheets').href = sheetLink(event, 'judge');
      await search();
    } catch (e) {
      showError(e);
      $('login').hidden = false;
    }
  }

  const playerButton = (p) => el('li', {}, el('button', { type: 'button', 'data-player': p.id, onclick: () => openPlayer(p.id) },
    `${p.player} · ${p.uid} · `, el('span', { class: `state-${p.state}` }, p.state), ' · ', el('span', { class: `v-${p.verdict}` }, p.verdict),
    p.checks ? ` · ${p.checks} check(s)` : ''));

  async function search() {
    const q = $('search').value.trim();
    const r = await api('GET', `/v1/events/${encodeURIComponent(event)}/players${q ? `?q=${encodeURIComponent(q)}` : ''}`, { token });
    $('players').replaceChildren(...r.players.map(playerButton));
  }
  let timer = null;
  $('search').addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(() => search().catch(showError), 200); });

  $('pick').addEventListener('click', async () => {
    try {
      const r = await api('POST', `/v1/events/${encodeURIComponent(event)}/deck-checks/pick`, { token, body: {} });
      $('picked').replaceChildren(...(r.picked.length ? r.picked.map(playerButton) : [el('li', {}, 'Every player has been picked or checked already.')]));
    } catch (e) { showError(e); }
  });

  /// What the fingerprints say of a check: the same list, another one, or not known.
  function fingerprintSays(f) {
    if (!f || f.matches === null || f.matches === undefined) return 'fingerprints not compared (one is not known)';
    return f.matches ? `same fingerprint ${f.presented}` : `fingerprint ${f.presented}, registered ${f.registered}`;
  }

  function checkLine(c) {
    return el('li', { 'data-verdict': c.verdict, 'data-check': c.id, 'data-void': c.void ? 'yes' : 'no', class: c.void ? 'void' : null },
      c.void ? el('strong', { class: 'void-mark' }, `VOID (${c.void.by}, ${when(c.void.at)}: ${c.void.reason}) `) : '',
      `${when(c.at)} · ${c.judge} · version ${c.version} · `, el('strong', {}, c.verdict), ` · ${fingerprintSays(c.fingerprint)}`, c.note ? ` · ${c.note}` : '',
      ...(c.comparison.findings || []).map((f) => el('div', { class: 'msg' }, f.message)));
  }

  /// Everything shown or typed for a player, gone: the page holds one player at a time.
  function clearPlayer() {
    player = null;
    for (const id of ['presented', 'box', 'note', 'amended', 'reason', 'void-reason']) $(id).value = '';
    for (const id of ['player-title', 'check-against']) $(id).textContent = '';
    for (const id of ['player-facts', 'registered-sheet', 'reasons', 'checks', 'history', 'check-result', 'void-check']) $(id).replaceChildren();
    $('registered-list').textContent = '';
    $('registered-text-box').open = false;
    for (const id of ['check-result', 'removed-note', 'reasons-box']) $(id).hidden = true;
    $('print-sheet').removeAttribute('href');
  }

  let opening = 0; // which openPlayer call is the latest: an older answer is dropped

  async function openPlayer(id) {
    showError(null);
    const mine = ++opening;
    const same = player && player.registration.id === id;
    if (!same) clearPlayer();
    try {
      const r = await api('GET', `/v1/events/${encodeURIComponent(event)}/players/${encodeURIComponent(id)}`, { token });
      if (mine !== opening) return; // another player was opened meanwhile
      player = r;
      const reg = r.registration;
      const last = r.versions[r.versions.length - 1];
      $('record').hidden = false;
      $('record').dataset.player = reg.id;
      $('player-title').textContent = reg.player;
      $('player-facts').replaceChildren(`UID ${reg.uid} · version ${reg.version} · `, el('span', { class: `state-${reg.state}` }, reg.state), ' · ', el('span', { class: `v-${reg.verdict}` }, reg.verdict),
        el('br'), 'Fingerprint ', el('code', { id: 'registered-fingerprint', class: 'fingerprint' }, fingerprints(last.fingerprints)));
      $('registered-sheet').replaceChildren(sheetView(r.sheet));
      $('registered-list').textContent = last.decks.join('\n\n');
      const reasons = reg.state === 'pending' ? reasonsOf(last.report) : [];
      $('reasons').replaceChildren(...reasons);
      $('reasons-box').hidden = !reasons.length;
      $('check-against').textContent = `Against version ${reg.version} of ${reg.player}'s list.`;
      $('print-sheet').href = sheetLink(event, 'judge', { player: reg.id });
      if (!same) $('amended').value = last.decks[0] || '';
      const removed = r.changes.find((c) => c.kind === 'removed' || c.kind === 'withdrawn');
      $('removed-note').hidden = !reg.removed_at;
      if (reg.removed_at) $('removed-note').textContent = `${removed && removed.kind === 'withdrawn' ? 'Withdrawn by the player' : 'Removed from the event'} ${when(reg.removed_at)}${removed && removed.reason ? `: ${removed.reason}` : ''}. Kept in the history only.`;
      for (const f of ['deck-check', 'amend', 'void-form']) for (const c of $(f).elements) c.disabled = !!reg.removed_at;
      $('resolve').disabled = reg.state !== 'pending' || !!reg.removed_at;
      $('checks').replaceChildren(...(r.checks.length ? r.checks.map(checkLine) : [el('li', {}, 'None yet.')]));
      const open = r.checks.filter((c) => !c.void);
      $('void-check').replaceChildren(...open.map((c) => el('option', { value: c.id }, `${when(c.at)} · ${c.judge} · ${c.verdict}${c.note ? ` · ${c.note}` : ''}`)));
      $('void-form').hidden = !open.length;
      $('history').replaceChildren(
        ...r.versions.map((v) => el('li', {}, `Version ${v.version}, ${when(v.at)}, ${v.source} ${v.actor}: ${v.verdict}, ${v.state}`, v.reason ? ` (${v.reason})` : '',
          ' · fingerprint ', el('code', { class: 'fingerprint' }, fingerprints(v.fingerprints)))),
        ...r.changes.map((c) => el('li', { 'data-change': c.kind }, `${when(c.at)}: ${c.kind} by ${c.actor}`,
          c.kind === 'corrected' ? ` (${c.player_before} · ${c.uid_before} → ${c.player_after} · ${c.uid_after})` : '', c.reason ? `: ${c.reason}` : '')));
      if (!same) $('record').focus();
    } catch (e) { if (mine === opening) showError(e); }
  }

  $('deck-check').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    if (!player) return;
    showError(null);
    // The check is for the player shown now, against the version shown: the server refuses it
    // if the list changed since.
    const target = player.registration;
    try {
      const body = { presented: $('presented').value, note: $('note').value || undefined, version: target.version };
      if ($('box').value.trim()) body.box = $('box').value;
      const c = await api('POST', `/v1/events/${encodeURIComponent(event)}/players/${encodeURIComponent(target.id)}/deck-checks`, { token, body });
      if (!player || player.registration.id !== target.id) return; // another player was opened meanwhile
      const out = $('check-result');
      const f = c.fingerprint || {};
      // Styled by data-verdict (match, legal-sideboarding, mismatch: events.css).
      out.replaceChildren(el('div', { class: 'verdict', id: 'check-verdict', 'data-verdict': c.verdict, 'data-player': c.player_id },
        el('p', { class: 'word' }, c.verdict === 'match' ? 'Match' : c.verdict === 'mismatch' ? 'Mismatch' : 'Legal sideboarding'),
        el('p', { class: 'detail' }, `${(c.comparison.findings || []).length} difference(s) with version ${c.version}`),
        el('p', { class: 'detail', id: 'check-fingerprint', 'data-matches': f.matches === true ? 'yes' : f.matches === false ? 'no' : 'unknown' },
          f.matches === true ? 'The presented deck has the registered fingerprint ' : f.matches === false ? 'The presented deck\'s fingerprint is not the registered one: ' : 'Fingerprints not compared: ',
          el('code', {}, f.presented || '?'), f.matches === true ? '' : [' presented, ', el('code', {}, f.registered || '?'), ' registered'])),
      el('ol', { class: 'problems' }, ...(c.comparison.findings || []).map((f) => el('li', { class: `problem ${f.mismatch ? 'error' : 'mild'}` }, el('p', { class: 'msg' }, f.message)))));
      out.hidden = false;
      await openPlayer(target.id);
      $('check-result').hidden = false;
    } catch (e) {
      if (e.body && e.body.error && e.body.error.code === 'stale-version') {
        showError(new Error(`${target.player}'s list changed since it was shown (now version ${e.body.error.details.current}): it is shown again; check against it.`));
        await openPlayer(target.id);
      } else {
        showError(e);
      }
    }
  });

  $('void-form').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    if (!player || !$('void-check').value) return;
    showError(null);
    const target = player.registration.id;
    try {
      await api('POST', `/v1/events/${encodeURIComponent(event)}/deck-checks/${encodeURIComponent($('void-check').value)}/void`, { token, body: { reason: $('void-reason').value } });
      $('void-reason').value = '';
      await openPlayer(target);
    } catch (e) { showError(e); }
  });

  $('amend').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    if (!player) return;
    showError(null);
    const target = player.registration.id;
    try {
      await api('POST', `/v1/events/${encodeURIComponent(event)}/players/${encodeURIComponent(target)}/lists`, { token, body: { deck: $('amended').value, reason: $('reason').value } });
      $('reason').value = '';
      await openPlayer(target);
    } catch (e) { showError(e); }
  });

  $('resolve').addEventListener('click', async () => {
    if (!player) return;
    showError(null);
    const target = player.registration.id;
    try {
      await api('POST', `/v1/events/${encodeURIComponent(event)}/players/${encodeURIComponent(target)}/resolve`, { token, body: { reason: $('reason').value } });
      $('reason').value = '';
      await openPlayer(target);
    } catch (e) { showError(e); }
  });

  // Started last: everything above is defined by now.
  if (!event || !token) {
    $('login').hidden = false;
    if (event) $('login-event').value = event;
  } else {
    await openFinder();
  }
}

// ---- published lists ----

/// The lists an organizer published, a page at a time, for anyone with the link.
async function publishedPage() {
  const PAGE = 100;
  let event = fragment().get('event');
  let offset = 0;
  let total = 0;

  function deckName(shown, i) {
    return shown.decks.length > 1 ? `Deck ${i + 1} of ${shown.decks.length}` : 'List';
  }

  // A list that scrolls is a region a keyboard can reach.
  const STANDING = { pending: 'pending: published as registered, not accepted by a judge', withheld: 'withheld: pending, left out by the organizer' };
  function listItem(shown) {
    return el('li', { class: 'result', 'data-player': shown.player_id, 'data-standing': shown.standing || 'accepted' },
      el('h3', {}, shown.place ? `${shown.place}. ${shown.player}` : shown.player),
      shown.standing ? el('p', { class: `standing standing-${shown.standing}` }, STANDING[shown.standing] || shown.standing) : '',
      ...shown.decks.map((d, i) => el('div', { class: 'deck' },
        d.not_read && d.not_read.length ? el('p', { class: 'not-read' }, `${d.not_read.length} line(s) not read as cards, shown as written under “Not read as cards”`) : '',
        el('p', { class: 'event-line' }, `${deckName(shown, i)} · version ${shown.version} · fingerprint `, el('code', { class: 'fingerprint' }, d.fingerprint || 'none')),
        el('pre', { class: 'list', tabindex: '0', role: 'region', 'aria-label': `${shown.player}: ${deckName(shown, i).toLowerCase()}` }, d.text))));
  }

  // The search is the server's, over every list published (not only those shown).
  let query = '';
  let searching = 0;
  let timer = null;
  $('filter').addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      query = $('filter').value.trim();
      offset = 0;
      $('lists').replaceChildren();
      more();
    }, 200);
  });

  async function more() {
    showError(null);
    const mine = ++searching;
    try {
      const q = query ? `&q=${encodeURIComponent(query)}` : '';
      const page = await api('GET', `/v1/events/${encodeURIComponent(event)}/published?offset=${offset}&limit=${PAGE}${q}`);
      if (mine !== searching) return; // a newer search answered first
      if (offset === 0) {
        const e = page.event;
        document.title = `deckcheck: ${e.name}, published lists`;
        $('event-title').textContent = e.name;
        $('event-facts').textContent = `${e.game.toUpperCase()} ${e.format} · ${e.date} · ${page.total} lists published ${when(page.published_at)}`;
        $('lists-box').hidden = false;
        $('open').hidden = true;
      }
      $('lists').append(...page.lists.map(listItem));
      offset += page.lists.length;
      total = page.total;
      $('more').hidden = offset >= total;
      status(query ? `${offset} of ${total} lists found for “${query}”.` : `${offset} of ${total} lists shown.`);
    } catch (e) {
      showError(e.status === 404 ? new Error('No lists are published for this event (yet).') : e);
      $('open').hidden = false;
    }
  }
  $('more').addEventListener('click', more);

  $('open').addEventListener('submit', async (ev) => {
    ev.preventDefault();
    event = $('open-event').value.trim();
    if (!event) return;
    history.replaceState(null, '', `${location.pathname}#event=${encodeURIComponent(event)}`);
    offset = 0;
    $('lists').replaceChildren();
    await more();
  });

  if (event) {
    $('open-event').value = event;
    await more();
  } else {
    $('open').hidden = false;
  }
}

const PAGES = { register: registerPage, organizer: organizerPage, judge: judgePage, published: publishedPage };
document.addEventListener('DOMContentLoaded', () => {
  const page = PAGES[document.body.dataset.page];
  if (page) page().catch(showError).finally(() => document.body.classList.add('ready'));
});
