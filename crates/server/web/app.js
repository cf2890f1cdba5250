// deckcheck's player page: validates the pasted list (or the deck a link names: the
// server fetches it) through the public API (POST /v1/games/{game}/decks/validate)
// and shows the verdict, the problems by line and the deck as read; then asks when the deck is legal in each format
// (POST /v1/games/{game}/decks/window) and draws one timeline row per format.
// The games and their formats come from GET /v1/games.
// Plain script, no framework, no build. Every text from the API or the player is
// inserted with textContent, never as HTML.
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  const deck = $('deck'), game = $('game'), format = $('format'), date = $('date'), file = $('file');
  const link = $('deck-link');
  const status = $('status'), errorBox = $('error'), hint = $('deck-hint');
  const DEBOUNCE_MS = 300, TIMEOUT_MS = 20000;
  const VERDICT = { legal: 'Legal', illegal: 'Not legal', unverified: 'Not verified' };
  const NUMBERS = ['no', 'one', 'two', 'three', 'four'];
  const SWU_HINT = hint.textContent;
  // Games by id, as GET /v1/games lists them; SWU's formats are in the page until it answers.
  let games = {}, timer = 0, seq = 0, inflight = null, last = null, focusVerdict = false;
  let windowCtl = null; // the timeline's request in flight

  // --- small DOM helpers ------------------------------------------------------
  function el(tag, cls, text) {
    const e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined && text !== null) e.textContent = String(text);
    return e;
  }
  function cardName(c) { return c.subtitle ? c.title + ' | ' + c.subtitle : c.title; }
  // The name as the list wrote it: in another language (c.written), else the English one.
  function writtenName(c) { return c.written ? c.written.name : cardName(c); }
  // A card written in another language, in that language (marked for screen readers), then
  // its English name: "Häuptling Chirpa | Kühner Ältester · Chief Chirpa | Defiant Elder".
  function bothNames(c, cls) {
    const span = el('span', cls);
    const w = el('span', 'written', c.written.name);
    w.lang = c.written.lang;
    span.append(w, el('span', 'english', ' · ' + cardName(c)));
    span.title = c.written.lang + ' · English: ' + cardName(c);
    return span;
  }
  function today() {
    const d = new Date();
    return new Date(d.getTime() - d.getTimezoneOffset() * 60000).toISOString().slice(0, 10);
  }
  function longDate(iso) {
    const d = new Date(iso + 'T12:00:00');
    return isNaN(d) ? iso : d.toLocaleDateString(undefined, { day: 'numeric', month: 'long', year: 'numeric' });
  }
  function shortDate(iso) {
    const d = new Date(iso + 'T12:00:00');
    return isNaN(d) ? iso : d.toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
  }
  function capital(s) { return s ? s.charAt(0).toUpperCase() + s.slice(1) : s; }
  function lineOf(at) { const m = /^line (\d+)$/.exec(at || ''); return m ? Number(m[1]) : 0; }
  function lines() { return deck.value.split('\n'); }
  function formatInfo(id) {
    const g = games[game.value];
    return g && g.formats ? g.formats.find((f) => f.id === id) : null;
  }
  function formatName(id) {
    const f = formatInfo(id);
    if (f) return f.name;
    const o = [...format.options].find((x) => x.value === id);
    return o ? o.textContent : id;
  }

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
    const fixed = (m ? m[1] + ' | ' : '') + writtenName(cand);
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
    // A link, when one is given, is the deck: the server fetches it (the list below waits).
    const url = link.value.trim();
    const text = url || deck.value;
    if (!text.trim()) { inflight = null; clear(); return; }
    // The chosen format (even one not played on the date: the answer says so), and every
    // format that can be played on the date.
    const body = { deck: text, format: [format.value, 'all'], explain: true };
    if (/^\d{4}-\d{2}-\d{2}$/.test(date.value)) body.as_of = date.value;
    const my = ++seq, ctl = new AbortController();
    inflight = ctl;
    const killer = setTimeout(() => ctl.abort(), TIMEOUT_MS);
    document.body.classList.add('busy');
    say('Checking…');
    try {
      const res = await fetch('/v1/games/' + encodeURIComponent(game.value) + '/decks/validate', {
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
      loadWindow(text, game.value);
    } catch (err) {
      if (my !== seq) return;
      // fetch rejects (TypeError) when the server cannot be reached at all.
      const unreachable = err instanceof TypeError || err.name === 'AbortError';
      const why = err.name === 'AbortError' ? 'the server did not answer in time' : err.message;
      showError(err instanceof TypeError ? 'Could not reach the deckcheck server (' + err.message + '). Check again in a moment.' : 'Could not check this deck: ' + why);
      markStale(unreachable);
      say('');
      if (focusVerdict) {
        focusVerdict = false;
        if ($('verdict').dataset.verdict) showVerdict();
        else errorBox.scrollIntoView({ block: 'nearest' });
      }
    } finally {
      clearTimeout(killer);
      if (my === seq) { inflight = null; document.body.classList.remove('busy'); }
    }
  }
  function clear() {
    seq++;
    if (windowCtl) { windowCtl.abort(); windowCtl = null; }
    showError('');
    say('');
    last = null;
    focusVerdict = false;
    document.body.classList.remove('busy');
    const v = $('verdict');
    for (const k of ['verdict', 'format', 'asOf']) delete v.dataset[k];
    $('verdict-word').textContent = '';
    $('verdict-detail').textContent = '';
    $('verdict-source').hidden = true;
    markStale(null);
    $('details').hidden = true;
    $('empty').hidden = false;
  }
  // A check that failed leaves the previous verdict in place, visibly out of date:
  // `unreachable` true when the server could not be reached, false for another failure,
  // null to clear the mark.
  function markStale(unreachable) {
    const v = $('verdict'), note = $('verdict-stale');
    const stale = unreachable !== null && !!v.dataset.verdict;
    v.classList.toggle('stale', stale);
    if (stale) v.dataset.stale = unreachable ? 'unreachable' : 'failed';
    else delete v.dataset.stale;
    note.textContent = !stale ? '' : unreachable
      ? 'Out of date: the server could not be reached. This verdict is from the previous check.'
      : 'Out of date: this verdict is from the previous check.';
    note.hidden = !stale;
  }
  // Bring the verdict into view (on a phone it starts below the list) and move focus to it.
  function showVerdict() {
    const v = $('verdict'), r = v.getBoundingClientRect();
    if (r.top < 0 || r.bottom > window.innerHeight) v.scrollIntoView({ block: 'start' });
    v.focus({ preventScroll: true });
  }

  // --- rendering ------------------------------------------------------------------
  // Where a deck given as a link came from, in words: the site and the deck's title.
  function renderSource(data) {
    const src = data.links && data.links.deck, p = $('verdict-source');
    p.textContent = src ? 'The deck ' + (src.title ? '“' + src.title + '” ' : '') + 'from ' + src.site : '';
    p.hidden = !src;
  }
  function render(data) {
    last = data;
    renderSource(data);
    const chosen = format.value;
    const rep = data.reports.find((r) => r.format === chosen) || data.reports[0];
    const answer = (data.decks || [])[0] || {};
    const sections = (answer.view && answer.view.sections) || [];
    const diagnostics = answer.diagnostics || [];
    const v = $('verdict');
    v.dataset.verdict = rep.verdict;
    v.dataset.format = rep.format;
    v.dataset.asOf = rep.as_of;
    $('verdict-word').textContent = VERDICT[rep.verdict] || rep.verdict;
    const nErr = rep.violations.length + diagnostics.filter((d) => d.severity === 'error').length;
    const counted = sections.filter((s) => s.id !== 'leader' && s.id !== 'base').map((s) => s.label + ' ' + s.count);
    $('verdict-detail').textContent = 'in ' + formatName(rep.format) + ' on ' + longDate(rep.as_of) +
      (nErr ? ' · ' + nErr + (nErr === 1 ? ' problem' : ' problems') : '') +
      (counted.length ? ' · ' + counted.join(', ') : '');

    markStale(null);

    renderOthers(data.reports.filter((r) => r !== rep), data.decks.length);
    renderProblems(rep, sections, diagnostics);
    renderDeck(sections, rep);
    markChosenRow();
    $('empty').hidden = true;
    $('details').hidden = false;
    if (focusVerdict) { focusVerdict = false; showVerdict(); }
  }

  // One compact line per other format, in words: why not, or what was not checked.
  function otherReason(r, decks) {
    const f = formatInfo(r.format);
    if (f && f.decks > decks) return 'needs ' + (NUMBERS[f.decks] || f.decks) + ' decks; this is ' + (NUMBERS[decks] || decks);
    if (r.violations.some((x) => x.code === 'format-not-available')) return 'not played yet on this date';
    if (r.violations.length) {
      const more = r.violations.length - 1;
      return r.violations[0].message + (more ? ' (+' + more + ' more)' : '');
    }
    if (r.verdict === 'unverified' && f && (f.needs || []).includes('pool')) return 'needs the opened pool to be judged';
    if (r.verdict === 'unverified') {
      const n = (r.notes || []).find((x) => x.kind === 'unverified');
      return n ? n.message : 'something in this deck could not be judged';
    }
    return '';
  }
  function renderOthers(reports, decks) {
    const ul = $('others');
    ul.replaceChildren();
    for (const r of reports) {
      const li = el('li', 'other ' + r.verdict);
      li.dataset.format = r.format;
      const b = el('button', 'linkish', formatName(r.format));
      b.type = 'button';
      b.title = 'Show the report for ' + b.textContent;
      b.addEventListener('click', () => { format.value = r.format; formatChanged(); });
      li.append(b, ' ', el('span', 'chip ' + r.verdict, VERDICT[r.verdict] || r.verdict));
      const why = otherReason(r, decks);
      if (why) li.append(' ', el('span', 'why', why));
      ul.append(li);
    }
  }

  // Map every card of the deck as read to the lines it was read from.
  function linesByCard(sections) {
    const m = new Map();
    for (const s of sections) {
      for (const c of s.lines || []) {
        if (!c.line) continue;
        for (const k of [c.id, cardName(c).toLowerCase()]) {
          if (!m.has(k)) m.set(k, []);
          if (!m.get(k).includes(c.line)) m.get(k).push(c.line);
        }
      }
    }
    return m;
  }

  function renderProblems(rep, sections, diagnostics) {
    const byCard = linesByCard(sections);
    const groups = new Map(); // line number (0 = the whole deck) -> items
    const add = (n, item) => { if (!groups.has(n)) groups.set(n, []); groups.get(n).push(item); };
    for (const v of rep.violations) {
      // Next to each line it comes from; a violation of many cards (a rotation) once, for the deck.
      const ls = new Set();
      const cards = v.cards || [];
      if (cards.length <= 3) {
        for (const c of cards) for (const n of byCard.get(c.id) || byCard.get(cardName(c).toLowerCase()) || []) ls.add(n);
      }
      if (ls.size) for (const n of ls) add(n, { kind: 'error', v });
      else add(0, { kind: 'error', v });
    }
    for (const d of diagnostics) add(lineOf(d.at), { kind: d.severity === 'error' ? 'error' : 'warning', d });
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
      if (n > 0 && last && last.links && last.links.deck) {
        // The lines of the deck the link gave, not of the list below: named, not selectable.
        const txt = (items.find((i) => i.d) || {}).d;
        where.append(el('span', 'lineno whole', 'Line ' + n), ' ', el('code', 'text', txt ? txt.text : ''));
      } else if (n > 0) {
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
    wrap.append(message(capital(text), '', d.severity === 'error' ? 'bad' : 'info'));
    if (d.candidates && d.candidates.length && !(last && last.links && last.links.deck)) {
      const fixes = el('div', 'fixes');
      fixes.append(el('span', 'label', 'Replace with'));
      for (const c of d.candidates) {
        const b = el('button', 'fix');
        if (c.written) b.append(bothNames(c, 'names'));
        else b.textContent = cardName(c);
        b.type = 'button';
        b.dataset.id = c.id;
        b.title = 'Replace line ' + lineOf(d.at) + ' with ' + writtenName(c);
        b.addEventListener('click', () => applyFix(d, c));
        fixes.append(b);
      }
      wrap.append(fixes);
    }
    return wrap;
  }
  function noteItem(n) { return message(n.message, n.section, 'info'); }

  // The deck as read, section by section, as the game names them.
  function renderDeck(sections, rep) {
    const flagged = new Set();
    for (const v of rep.violations) for (const c of v.cards || []) flagged.add(c.id);
    const box = $('deckview');
    box.replaceChildren();
    for (const s of sections) {
      const sec = el('section', 'zone ' + s.id);
      const h = el('h3', '', capital(s.label) + ' ');
      h.append(el('span', 'count', s.count));
      sec.append(h);
      const ul = el('ul');
      for (const c of s.lines || []) {
        const li = el('li', flagged.has(c.id) ? 'flagged' : '');
        li.dataset.id = c.id;
        li.append(el('span', 'n', c.count));
        if (c.written) {
          li.dataset.lang = c.written.lang;
          li.append(bothNames(c, 't'));
        } else {
          li.append(el('span', 't', c.title));
          if (c.subtitle) li.append(el('span', 's', ' | ' + c.subtitle));
        }
        if (c.attached && c.attached.length) li.append(el('span', 's', ' + ' + c.attached.map(cardName).join(', ')));
        if (c.line) li.title = 'line ' + c.line + ' · ' + c.id;
        ul.append(li);
      }
      if (!(s.lines || []).length) ul.append(el('li', 'none', 'none'));
      sec.append(ul);
      box.append(sec);
    }
  }

  // --- when the deck is legal: one timeline row per format -------------------------
  // Asked after each verdict; it is a slower question (the deck is judged on every date the
  // data changes something), so it never holds the verdict up and its failure only leaves a note.
  function timelineNote(text) {
    const n = $('timeline-note');
    n.textContent = text;
    n.hidden = !text;
  }
  async function loadWindow(text, gameId) {
    if (windowCtl) windowCtl.abort();
    const ctl = new AbortController();
    windowCtl = ctl;
    const killer = setTimeout(() => ctl.abort(), TIMEOUT_MS);
    $('timeline').setAttribute('aria-busy', 'true');
    timelineNote('Working out when this deck is legal…');
    try {
      const res = await fetch('/v1/games/' + encodeURIComponent(gameId) + '/decks/window', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ deck: text, format: 'all' }),
        signal: ctl.signal,
      });
      const data = await res.json().catch(() => null);
      if (ctl !== windowCtl) return;
      if (!res.ok || !data || !Array.isArray(data.formats)) {
        const e = data && data.error;
        throw new Error(e ? e.message : 'the server answered ' + res.status);
      }
      renderTimeline(data);
      timelineNote(data.formats.length ? '' : 'No format has dated changes for this deck.');
    } catch (err) {
      if (ctl !== windowCtl) return; // a newer check asked again
      $('timeline-rows').replaceChildren();
      const why = err.name === 'AbortError' ? 'the server did not answer in time'
        : err instanceof TypeError ? 'the server could not be reached' : err.message;
      timelineNote('The timeline could not be shown (' + why + '); the verdict above stands.');
    } finally {
      clearTimeout(killer);
      if (ctl === windowCtl) { windowCtl = null; $('timeline').removeAttribute('aria-busy'); }
    }
  }
  const DAY_MS = 86400000;
  function days(a, b) { return Math.max(0, (Date.parse(b) - Date.parse(a)) / DAY_MS); }
  function addDays(iso, n) { return new Date(Date.parse(iso) + n * DAY_MS).toISOString().slice(0, 10); }
  // Why an interval starts, in one short line: what breaks the rules from that day; else the
  // change of that day that ended a broken rule ("… is released" names the set the closed
  // violation was waiting for); else what the data says changed (a format's first day).
  function opening(iv) {
    const first = (xs) => xs[0] + (xs.length > 1 ? ' (+' + (xs.length - 1) + ' more)' : '');
    const changes = iv.changes || [], closed = (iv.closed || []).map((c) => c.replace(/^[a-z0-9-]+: /, ''));
    if (iv.opened && iv.opened.length) return first(iv.opened.map((x) => x.message));
    if (closed.length) {
      const subject = (c) => c.split(/ (?:is|are) /)[0];
      const why = changes.find((c) => closed.some((m) => m.includes(subject(c))));
      return why || 'no longer the case: ' + first(closed);
    }
    return changes.length ? first(changes) : '';
  }
  function intervalText(iv, reason) {
    const word = VERDICT[iv.verdict] || iv.verdict;
    return word + ' from ' + iv.from + (iv.until ? ' until ' + iv.until : ' on') + (reason ? ': ' + reason : '');
  }
  function renderTimeline(data) {
    const ul = $('timeline-rows');
    ul.replaceChildren();
    // The bar spans the window, plus a little room for the open-ended last interval.
    const start = data.from, end = addDays(data.until, 60);
    for (const fw of data.formats) {
      const ivs = fw.intervals || [];
      if (!ivs.length) continue;
      // A row folds: its name and bar always shown, its intervals in words for the chosen
      // format (or when opened), so six formats stay short on a phone.
      const li = el('li', 'tl-row');
      li.dataset.format = fw.format;
      const row = el('details'), summary = el('summary');
      summary.append(el('span', 'tl-name', formatName(fw.format)));
      const bar = el('span', 'tl-bar');
      bar.setAttribute('aria-hidden', 'true'); // the list below says the same in words
      const list = el('ol', 'tl-list');
      // Rows share one time axis: a format that starts later starts further right.
      if (ivs[0].from > start) {
        const gap = el('span', 'tl-gap');
        gap.style.flexGrow = String(days(start, ivs[0].from));
        bar.append(gap);
      }
      for (const iv of ivs) {
        const reason = opening(iv);
        const text = intervalText(iv, reason);
        const seg = el('span', 'tl-seg ' + iv.verdict);
        seg.style.flexGrow = String(Math.max(1, days(iv.from < start ? start : iv.from, iv.until || end)));
        seg.title = text;
        bar.append(seg);
        const item = el('li', 'tl-item ' + iv.verdict);
        item.dataset.verdict = iv.verdict;
        item.dataset.from = iv.from;
        if (iv.until) item.dataset.until = iv.until;
        const head = el('span', 'tl-when');
        head.append(el('span', 'chip ' + iv.verdict, VERDICT[iv.verdict] || iv.verdict), ' ');
        const from = el('time', '', shortDate(iv.from));
        from.dateTime = iv.from;
        head.append(from, iv.until ? ' – ' : ' onwards');
        if (iv.until) {
          const until = el('time', '', shortDate(iv.until));
          until.dateTime = iv.until;
          head.append(until);
        }
        item.append(head);
        item.setAttribute('aria-label', text);
        item.title = text;
        if (reason) item.append(' ', el('span', 'tl-why', reason));
        if (iv.boundary) item.append(' ', el('span', 'tl-why', iv.boundary));
        list.append(item);
      }
      summary.append(bar);
      row.append(summary, list);
      li.append(row);
      ul.append(li);
    }
    markChosenRow();
  }
  // The chosen format's row is marked and open; rows the player opened stay open.
  function markChosenRow() {
    for (const r of $('timeline-rows').children) {
      const chosen = r.dataset.format === format.value;
      r.classList.toggle('chosen', chosen);
      if (chosen) r.firstChild.open = true;
    }
  }

  // --- input: typing, game, format, date, files ---------------------------------------
  function formatChanged() {
    const f = formatInfo(format.value);
    $('format-summary').textContent = f ? f.summary || '' : '';
    if (last && last.reports.some((r) => r.format === format.value) && !inflight) render(last);
    else check();
  }
  // The chosen game's formats in the format menu, and its input formats in the hint.
  function showGame() {
    const g = games[game.value];
    if (!g) return;
    const keep = format.value;
    format.replaceChildren();
    for (const f of g.formats) {
      const o = el('option', '', f.name);
      o.value = f.id;
      format.append(o);
    }
    if (g.formats.some((f) => f.id === keep)) format.value = keep;
    hint.textContent = g.id === 'swu' ? SWU_HINT :
      'Paste a list (' + (g.inputs || []).map((i) => i.name).join(', ') + ') or drop a file here. It is checked as you type.';
    deck.placeholder = g.id === 'swu' ? deck.placeholder : '';
    const f = formatInfo(format.value);
    $('format-summary').textContent = f ? f.summary || '' : '';
  }
  function gameChanged() {
    showGame();
    last = null;
    check();
  }
  async function loadFile(f) {
    if (!f) return;
    if (f.size > 1024 * 1024) { showError('That file is too large to be a deck list.'); return; }
    deck.value = await f.text();
    check();
  }

  date.value = today();
  deck.addEventListener('input', schedule);
  link.addEventListener('input', schedule);
  date.addEventListener('change', check);
  format.addEventListener('change', formatChanged);
  game.addEventListener('change', gameChanged);
  $('check').addEventListener('submit', (e) => { e.preventDefault(); focusVerdict = true; check(); });
  file.addEventListener('change', () => { loadFile(file.files[0]); file.value = ''; });
  deck.addEventListener('dragover', (e) => { e.preventDefault(); deck.classList.add('drop'); });
  deck.addEventListener('dragleave', () => deck.classList.remove('drop'));
  deck.addEventListener('drop', (e) => {
    deck.classList.remove('drop');
    const f = e.dataTransfer && e.dataTransfer.files[0];
    if (f) { e.preventDefault(); loadFile(f); }
  });

  fetch('/v1/games').then((r) => (r.ok ? r.json() : null)).then((d) => {
    if (!d || !Array.isArray(d.games) || !d.games.length) return;
    const keep = game.value;
    games = {};
    game.replaceChildren();
    for (const g of d.games) {
      games[g.id] = g;
      const o = el('option', '', g.name);
      o.value = g.id;
      game.append(o);
    }
    game.value = games[keep] ? keep : d.games[0].id;
    game.disabled = d.games.length < 2;
    showGame();
    if (last) render(last);
  }).catch(() => {});
  if (deck.value.trim() || link.value.trim()) check();
})();
