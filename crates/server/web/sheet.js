// The printable deck-registration sheets (issue 30): one page per player, laid out from
// GET /v1/events/{event}/sheets (organizer or judge; ?player= for one) or
// GET /v1/events/{event}/me/sheet (the player). The address names the event, the role and,
// for one player, the player: /events/sheet#event=ev_…&role=organizer&player=pl_…. The
// organizer's and judge's tokens are the ones their pages keep in this browser; a player's comes
// in the fragment (never sent to the server in a URL) and is taken out of the address bar at
// once. Everything shown is built with text nodes. The browser prints (and makes the PDF).
'use strict';

(function () {
  const $ = (id) => document.getElementById(id);
  function el(tag, cls, ...children) {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    for (const c of children.flat()) {
      if (c === null || c === undefined || c === false) continue;
      node.append(c instanceof Node ? c : document.createTextNode(String(c)));
    }
    return node;
  }
  const fact = (label, value) => el('div', 'fact', el('dt', '', label), el('dd', '', value));
  // A registration time as a person reads it, in UTC (the same on every printer).
  function when(iso) {
    const m = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})/.exec(iso || '');
    return m ? `${m[1]} ${m[2]} UTC` : iso;
  }

  function line(l) {
    const li = el('li', 'card');
    li.append(el('span', 'n', l.count));
    if (l.number) li.append(el('span', 'num', l.number));
    li.append(el('span', 't', l.name));
    if (l.with && l.with.length) li.append(el('span', 'with', '+ ' + l.with.join(', ')));
    return li;
  }
  function deckPart(d, i, of) {
    const s = d.sheet;
    const box = el('section', 'deck');
    box.dataset.fingerprint = d.fingerprint || '';
    const title = s.title || (of > 1 ? `Deck ${i + 1}` : '');
    if (title) box.append(el('h3', 'deck-title', title));
    const cols = el('div', 'sections');
    for (const sec of s.sections) {
      const part = el('section', 'part ' + sec.id);
      part.append(el(title ? 'h4' : 'h3', '', sec.label + ' ', el('span', 'count', `(${sec.count})`)));
      const ul = el('ul');
      for (const l of sec.lines) ul.append(line(l));
      if (!sec.lines.length) ul.append(el('li', 'none', '—'));
      part.append(ul);
      cols.append(part);
    }
    box.append(cols);
    if (s.not_read && s.not_read.length) {
      box.append(el('p', 'not-read', `Not read as cards (${s.not_read.length}): ${s.not_read.join('; ')}`));
    }
    box.append(el('p', 'totals', s.totals.map((t) => `${t.label}: ${t.count}`).join(' · ')));
    box.append(el('p', 'fingerprint', 'Fingerprint: ',
      d.fingerprint ? el('strong', '', d.fingerprint) : 'none (an entry could not be read as a card)'));
    return box;
  }
  // How many lines a player's decks take: a long list is set in more columns and smaller type,
  // so the largest legal deck of each format (an 80-card Twin Suns list, a CCG deck with the
  // cards outside it, a full Legion army) still fits one page.
  function density(p) {
    const lines = p.decks.reduce((n, d) => n + d.sheet.sections.reduce((m, s) => m + s.lines.length + 1
      + s.lines.filter((l) => l.with && l.with.length).length, 0) + (d.sheet.not_read || []).length, 0);
    if (p.decks.length > 1) return lines > 110 ? ' several densest' : ' several';
    return lines > 72 ? ' densest' : lines > 44 ? ' dense' : '';
  }
  function sheet(event, p) {
    const a = el('article', 'sheet' + density(p));
    a.dataset.player = p.player_id;
    a.append(el('header', 'head',
      el('p', 'kind', `Deck registration sheet · ${event.game_name}`),
      el('h2', '', event.name),
      el('dl', 'facts', fact('Date', event.date), fact('Format', event.format_name)),
      el('dl', 'facts player', fact('Player', p.player), fact('UID', p.uid),
        fact('List', `version ${p.version}, registered ${when(p.registered_at)}`),
        fact('Status', `${p.state}, ${p.verdict}`))));
    if (p.problem) a.append(el('p', 'not-read', `This list could not be laid out whole: ${p.problem}`));
    p.decks.forEach((d, i) => a.append(deckPart(d, i, p.decks.length)));
    a.append(el('footer', 'sign',
      el('p', 'attest', 'I registered this list and will play these cards.'),
      el('div', 'lines', el('div', 'line', 'Player\u2019s signature'), el('div', 'line', 'Date'), el('div', 'line', 'Judge\u2019s initials'))));
    return a;
  }

  async function load() {
    const f = new URLSearchParams(location.hash.replace(/^#/, ''));
    const event = f.get('event') || '';
    const role = f.get('role') || 'organizer';
    const player = f.get('player');
    let token = f.get('token');
    if (token) {
      // A token in the address is read once and taken out of it.
      const rest = new URLSearchParams({ event, role });
      if (player) rest.set('player', player);
      history.replaceState(null, '', `${location.pathname}#${rest}`);
    } else {
      try { token = localStorage.getItem(`deckcheck:${role}:${event}`); } catch { token = null; }
    }
    if (!event || !token) throw new Error('Open the sheets from the organizer\u2019s, judge\u2019s or registration page of the event: this page needs its token.');
    const path = role === 'player'
      ? `/v1/events/${encodeURIComponent(event)}/me/sheet`
      : `/v1/events/${encodeURIComponent(event)}/sheets${player ? `?player=${encodeURIComponent(player)}` : ''}`;
    const res = await fetch(path, { headers: { Authorization: `Bearer ${token}`, accept: 'application/json' } });
    const data = await res.json().catch(() => null);
    if (!res.ok || !data || !Array.isArray(data.sheets)) {
      throw new Error((data && data.error && data.error.message) || `the server answered ${res.status}`);
    }
    document.title = `Sheets: ${data.event.name}`;
    $('sheets').replaceChildren(...data.sheets.map((p) => sheet(data.event, p)));
    $('status').textContent = `${data.event.name}: ${data.sheets.length} ${data.sheets.length === 1 ? 'sheet' : 'sheets'}, one per page.`;
    $('print').disabled = !data.sheets.length;
    document.body.dataset.sheets = String(data.sheets.length);
  }

  $('print').addEventListener('click', () => window.print());
  // Another event or player in the address: the page for it.
  window.addEventListener('hashchange', () => location.reload());
  load().catch((e) => {
    $('status').textContent = '';
    $('error').textContent = 'The sheets could not be shown: ' + e.message;
    $('error').hidden = false;
  }).finally(() => { document.body.dataset.ready = 'true'; });
})();
