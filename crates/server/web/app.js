// deckcheck's player page: validates the pasted list through the public API
// (POST /v1/decks/validate) and shows the verdict, the problems by line and the
// deck as read. Plain script, no framework, no build. Every text from the API or
// the player is inserted with textContent, never as HTML.
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const deck = $('deck'), format = $('format'), date = $('date'), file = $('file');
  const status = $('status'), errorBox = $('error');
  const NAMES = { premier: 'Premier', eternal: 'Eternal', 'twin-suns': 'Twin Suns', trilogy: 'Trilogy', sealed: 'Sealed', draft: 'Draft' };
  const DEBOUNCE_MS = 300, TIMEOUT_MS = 20000;
  let summaries = {}, timer = 0, seq = 0, inflight = null, last = null, focusVerdict = false;

  // --- small DOM helpers ------------------------------------------------------
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function cardName(c) { return c.subtitle ? c.title + ' | ' + c.subtitle : c.title; }
  function today() {
    const d = new Date();
    return new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().slice(0, 10);
  }
  function longDate(iso) {
    const d = new Date(iso + 'T12:00:00');
    return isNaN(d) ? iso : d.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
  }
  function lineOf(at) { const m = /^line (\d+)$/.exec(at || ''); return m ? Number(m[1]) : 0; }
  function lines() { return deck.value.split('\n'); }

  // --- the textarea: select a line, replace a line -----------------------------
  function lineRange(n) {
    const ls = lines();
    let start = 0;
    for (let i = 0; i < n - 1 && i < ls.length; i++) start += ls[i].length + 1;
    return [start, start + (ls[n - 1] || '').length];
  }
  function selectLine(n) {
    const [a, b] = lineRange(n);
    deck.focus();
    deck.setSelectionRange(a, b);
    const lh = parseFloat(getComputedStyle(deck).lineHeight) || 20;
    deck.scrollTop = Math.max(0, (n - 3) * lh);
  }
  // Replace the line a diagnostic came from with the chosen card, keeping its count.
  function applyFix(d, cand) {
    const ls = lines(), want = d.text.trim();
    let i = lineOf(d.at) - 1;
    if (!ls[i] || ls[i].trim() !== want) i = ls.findIndex((l) => l.trim() === want);
    if (i < 0) { say('That line has changed since it was checked; checking again.'); check(); return; }
    const m = /^\s*(\d+)\s*[x×]?\s*(?:\||\s)/i.exec(ls[i]);
    const fixed = (m ? m[1] + ' | ' : '') + cardName(cand);
    const [a, b] = lineRange(i + 1);
    deck.setRangeText(fixed, a, b, 'end');
    say('Line ' + (i + 1) + ' now reads “' + fixed + '”.');
    focusVerdict = true;
    check();
  }

  // --- talking to the API -------------------------------------------------------
  function say(text) { status.textContent = text; }
  function showError(text) {
    errorBox.textContent = text;
    errorBox.hidden = !text;
  }
  function schedule() {
    clearTimeout(timer);
    timer = setTimeout(check, DEBOUNCE_MS);
  }
  async function check() {
    clearTimeout(timer);
    if (inflight) inflight.abort();
    const text = deck.value;
    if (!text.trim()) { inflight = null; clear(); return; }
    const body = { deck: text, format: 'all', explain: true };
    if (/^\d{4}-\d{2}-\d{2}$/.test(date.value)) body.as_of = date.value;
    const my = ++seq, ctl = new AbortController();
    inflight = ctl;
    const killer = setTimeout(() => ctl.abort(), TIMEOUT_MS);
    document.body.classList.add('busy');
    say('Checking…');
    try {
      const res = await fetch('/v1/decks/validate', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
        signal: ctl.signal,
      });
      const data = await res.json().catch(() => null);
      if (my !== seq) return;
      if (!res.ok || !data || !Array.isArray(data.reports)) {
        const e = data && data.error;
        throw new Error(e ? e.message : 'the server answered ' + res.status + ' ' + res.statusText);
      }
      showError('');
      render(data);
      say('');
    } catch (err) {
      if (my !== seq) return;
      const why = err.name === 'AbortError' ? 'the server did not answer in time' : err.message;
      showError(err instanceof TypeError ? 'Could not reach the deckcheck server (' + err.message + '). Check again in a moment.' : 'Could not check this deck: ' + why);
      say('');
    } finally {
      clearTimeout(killer);
      if (my === seq) { inflight = null; document.body.classList.remove('busy'); }
    }
  }
  function clear() {
    seq++;
    showError('');
    say('');
    last = null;
    document.body.classList.remove('busy');
    $('report').hidden = true;
    $('empty').hidden = false;
  }

  // --- rendering ------------------------------------------------------------------
  const VERDICT = { legal: 'Legal', illegal: 'Not legal', incomplete: 'Not verified' };

  function render(data) {
    last = data;
    const chosen = format.value;
    const rep = data.reports.find((r) => r.format === chosen) || data.reports[0];
    const view = (data.decks || [])[0] || { leaders: [], bases: [], main: [], sideboard: [] };
    const v = $('verdict');
    v.dataset.status = rep.status;
    v.dataset.format = rep.format;
    v.dataset.asOf = rep.as_of;
    $('verdict-word').textContent = VERDICT[rep.status] || rep.status;
    const nErr = rep.violations.length + (rep.diagnostics || []).filter((d) => d.severity === 'error').length;
    $('verdict-detail').textContent = 'in ' + (NAMES[rep.format] || rep.format) + ' on ' + longDate(rep.as_of) +
      (nErr ? ' · ' + nErr + (nErr === 1 ? ' problem' : ' problems') : '') +
      ' · main deck ' + (view.main_count || 0) + ', sideboard ' + (view.sideboard_count || 0);

    renderOthers(data.reports.filter((r) => r !== rep));
    renderProblems(rep, view);
    renderDeck(view, rep);
    $('empty').hidden = true;
    $('report').hidden = false;
    if (focusVerdict) { focusVerdict = false; v.focus(); }
  }

  // One compact line per other format, in words: why not, or what was not checked.
  function otherReason(r) {
    const codes = r.violations.map((x) => x.code);
    if (r.format === 'trilogy' && codes.includes('wrong-number-of-decks')) return 'needs three decks; this is one';
    const na = r.violations.find((x) => x.code === 'format-not-available');
    if (na) return 'not played yet on this date';
    if (r.violations.length) {
      const more = r.violations.length - 1;
      return r.violations[0].message + (more ? ' (+' + more + ' more)' : '');
    }
    if (r.status === 'incomplete') return 'a line of the list could not be read';
    if ((r.format === 'sealed' || r.format === 'draft') && r.notes && r.notes.length) return 'as a deck; limited also needs the opened pool, not checked here';
    return '';
  }
  function renderOthers(reports) {
    const ul = $('others');
    ul.replaceChildren();
    for (const r of reports) {
      const li = el('li', 'other ' + r.status);
      li.dataset.format = r.format;
      const b = el('button', 'linkish', NAMES[r.format] || r.format);
      b.type = 'button';
      b.title = 'Show the report for ' + b.textContent;
      b.addEventListener('click', () => { format.value = r.format; formatChanged(); });
      li.append(b, ' ', el('span', 'chip ' + r.status, VERDICT[r.status] || r.status));
      const why = otherReason(r);
      if (why) li.append(' ', el('span', 'why', why));
      ul.append(li);
    }
  }

  // Map every card of the deck view to the lines it was read from.
  function linesByCard(view) {
    const m = new Map();
    for (const zone of ['leaders', 'bases', 'main', 'sideboard']) {
      for (const c of view[zone] || []) {
        if (!c.line) continue;
        for (const k of [c.id, cardName(c).toLowerCase()]) {
          if (!m.has(k)) m.set(k, []);
          if (!m.get(k).includes(c.line)) m.get(k).push(c.line);
        }
      }
    }
    return m;
  }

  function renderProblems(rep, view) {
    const byCard = linesByCard(view);
    const groups = new Map(); // line number (0 = the whole deck) -> items
    const add = (n, item) => { if (!groups.has(n)) groups.set(n, []); groups.get(n).push(item); };
    for (const v of rep.violations) {
      const ls = new Set();
      for (const c of v.cards || []) for (const n of byCard.get(c.id) || byCard.get(cardName(c).toLowerCase()) || []) ls.add(n);
      if (ls.size) for (const n of ls) add(n, { kind: 'error', v });
      else add(0, { kind: 'error', v });
    }
    for (const d of rep.diagnostics || []) add(lineOf(d.at), { kind: d.severity === 'error' ? 'error' : 'warning', d });
    for (const n of rep.notes || []) add(0, { kind: 'note', note: n });

    const ol = $('problems');
    ol.replaceChildren();
    const ls = lines();
    const order = [...groups.keys()].sort((a, b) => a - b);
    let errors = 0;
    for (const n of order) {
      const items = groups.get(n);
      const li = el('li', 'problem' + (items.some((i) => i.kind === 'error') ? ' error' : ' mild'));
      li.dataset.line = String(n);
      const where = el('div', 'where');
      if (n > 0) {
        const go = el('button', 'lineno', 'Line ' + n);
        go.type = 'button';
        go.title = 'Select line ' + n + ' in the list';
        go.addEventListener('click', () => selectLine(n));
        const txt = (items.find((i) => i.d) || {}).d;
        where.append(go, ' ', el('code', 'text', txt ? txt.text : (ls[n - 1] || '').trim()));
      } else {
        const atd = items.find((i) => i.d && i.d.at);
        where.append(el('span', 'lineno whole', atd && !/^line /.test(atd.d.at) ? atd.d.at : 'Whole deck'));
      }
      li.append(where);
      for (const it of items) {
        if (it.kind === 'error') errors++;
        li.append(it.v ? violationItem(it.v) : it.d ? diagnosticItem(it.d) : noteItem(it.note));
      }
      ol.append(li);
    }
    $('problems-title').textContent = errors ? (errors === 1 ? 'Problem' : 'Problems') : 'No problems';
    if (!order.length) ol.append(el('li', 'none', 'Every line was read and nothing breaks the rules of this format.'));
  }
  function message(text, section, cls) {
    const p = el('p', 'msg ' + (cls || ''));
    p.append(el('span', '', text));
    if (section) p.append(' ', el('span', 'section', section));
    return p;
  }
  function violationItem(v) {
    const p = message(v.message, v.section, 'bad');
    p.dataset.code = v.code;
    if (v.unconfirmed) p.append(el('span', 'unconfirmed', ' Unconfirmed: ' + v.unconfirmed));
    return p;
  }
  function diagnosticItem(d) {
    const wrap = el('div', 'diag');
    wrap.dataset.code = d.code;
    // The line is shown beside it: drop the message's own "line N: " / "line N was ".
    const text = d.message.replace(/^line \d+(?::\s*|\s+was\s+)/, '');
    wrap.append(message(text.charAt(0).toUpperCase() + text.slice(1), '', d.severity === 'error' ? 'bad' : 'info'));
    if (d.candidates && d.candidates.length) {
      const fixes = el('div', 'fixes');
      fixes.append(el('span', 'label', 'Replace with'));
      for (const c of d.candidates) {
        const b = el('button', 'fix', cardName(c));
        b.type = 'button';
        b.dataset.id = c.id;
        b.title = 'Replace line ' + lineOf(d.at) + ' with ' + cardName(c);
        b.addEventListener('click', () => applyFix(d, c));
        fixes.append(b);
      }
      wrap.append(fixes);
    }
    return wrap;
  }
  function noteItem(n) { return message(n.message, n.section, 'info'); }

  function renderDeck(view, rep) {
    const flagged = new Set();
    for (const v of rep.violations) for (const c of v.cards || []) flagged.add(c.id);
    const box = $('deckview');
    box.replaceChildren();
    const zones = [
      ['leaders', view.leaders.length > 1 ? 'Leaders' : 'Leader'],
      ['bases', 'Base'],
      ['main', 'Main deck'],
      ['sideboard', 'Sideboard'],
    ];
    for (const [zone, title] of zones) {
      const cards = view[zone] || [];
      const total = zone === 'main' ? view.main_count : zone === 'sideboard' ? view.sideboard_count : cards.reduce((s, c) => s + c.count, 0);
      const sec = el('section', 'zone ' + zone);
      const h = el('h3', '', title + ' ');
      h.append(el('span', 'count', total || 0));
      sec.append(h);
      const ul = el('ul');
      for (const c of cards) {
        const li = el('li', flagged.has(c.id) ? 'flagged' : '');
        li.dataset.id = c.id;
        li.append(el('span', 'n', c.count), el('span', 't', c.title));
        if (c.subtitle) li.append(el('span', 's', ' | ' + c.subtitle));
        if (c.line) li.title = 'line ' + c.line + ' · ' + c.id;
        ul.append(li);
      }
      if (!cards.length) ul.append(el('li', 'none', 'none'));
      sec.append(ul);
      box.append(sec);
    }
  }

  // --- input: typing, format, date, files ----------------------------------------------
  function formatChanged() {
    $('format-summary').textContent = summaries[format.value] || '';
    if (last && last.reports.some((r) => r.format === format.value) && !inflight) render(last);
    else check();
  }
  async function loadFile(f) {
    if (!f) return;
    if (f.size > 1024 * 1024) { showError('That file is too large to be a deck list.'); return; }
    deck.value = await f.text();
    check();
  }

  date.value = today();
  deck.addEventListener('input', schedule);
  date.addEventListener('change', check);
  format.addEventListener('change', formatChanged);
  $('check').addEventListener('submit', (e) => { e.preventDefault(); check(); });
  file.addEventListener('change', () => { loadFile(file.files[0]); file.value = ''; });
  deck.addEventListener('dragover', (e) => { e.preventDefault(); deck.classList.add('drop'); });
  deck.addEventListener('dragleave', () => deck.classList.remove('drop'));
  deck.addEventListener('drop', (e) => {
    deck.classList.remove('drop');
    const f = e.dataTransfer && e.dataTransfer.files[0];
    if (f) { e.preventDefault(); loadFile(f); }
  });

  fetch('/v1/formats').then((r) => (r.ok ? r.json() : null)).then((d) => {
    if (!d || !d.formats) return;
    for (const [k, f] of Object.entries(d.formats)) { summaries[k] = f.summary || ''; if (f.name) NAMES[k] = f.name; }
    $('format-summary').textContent = summaries[format.value] || '';
  }).catch(() => {});
  if (deck.value.trim()) check();
})();
