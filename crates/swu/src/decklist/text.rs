//! Deck lists as people type and paste them: melee.gg exports (`3 | Title | Subtitle` under
//! `Leaders`/`Base`/`Deck`/`Sideboard`), and the loose forms deck sites and players use —
//! `3x Title - Subtitle`, `Title, Subtitle x3`, `3 Title (SET) 123`, `1 Title [SOR-005]`,
//! `3xSOR_193` — with any capitalisation, blank lines, `#` and `//` comments, CRLF, a byte-order
//! mark and typographic quotes. Lines before any section header are placed by card type.
//!
//! Lists pasted from chats and posts carry decoration, which is not part of a card's name:
//! bullets (`-`, `*`, `•`, `+`), quotes (`>`), Markdown emphasis and code (`**`, `__`, `` ` ``),
//! Markdown headers (`## Deck`), and inline labels (`Leader: Han Solo - Audacious Smuggler`,
//! `Base: Level 1313`), which place that one line and leave the running section as it was.

use std::borrow::Cow;

use deckcheck_core::input::{InputFormat, MAX_COUNT, MAX_LINES, MAX_SUGGESTED};
use deckcheck_core::{
    Diagnostic, DiagnosticCode, ImportError, Imported, InputFormatInfo, Severity, echo,
};

use super::resolve::{
    Lookup, Resolution, Section, Step, numbering_note, resolve_id, resolve_name, title_is_unique,
};
use crate::catalog::{CardType, Catalog, Fit, Lang, printing_key};
use crate::deck::{Deck, DeckEntry, Zone};

pub struct Text;

impl<'a> InputFormat<Lookup<'a>, Deck> for Text {
    fn info(&self) -> InputFormatInfo {
        InputFormatInfo {
            id: "text",
            name: "Text list",
            description: "melee.gg exports and lists as people type them: `3x Title - Subtitle`, `Title | Subtitle x3`, `3 Title (SET) 123`, section headers, comments.",
        }
    }

    fn detect(&self, _text: &str) -> bool {
        true
    }

    fn read(&self, lookup: &Lookup<'a>, text: &str) -> Result<Imported<Deck>, ImportError> {
        read_text(lookup, text)
    }
}

/// What one line is.
#[derive(Debug, PartialEq)]
enum Line<'a> {
    Blank,
    Comment,
    Header(Zone),
    Meta(MetaField, &'a str),
    /// A card line; with an inline label (`Base: Level 1313`), the zone that line is in.
    Card(CardLine<'a>, Option<Zone>),
}

#[derive(Debug, PartialEq, Clone, Copy)]
enum MetaField {
    Name,
    Player,
    /// Who made the list (a deck site's author): not necessarily the player.
    Author,
    Uid,
}

#[derive(Debug, PartialEq)]
struct CardLine<'a> {
    /// `None`: no count written. `Err`: a count that is not a number of cards.
    count: Option<Result<u64, &'a str>>,
    /// The name text, without count; may hold an explicit `|` subtitle.
    name: &'a str,
    /// A printing id found on the line.
    id: Option<String>,
}

/// Reads a text deck list (any date: every card may be suggested).
pub fn parse_text(catalog: &Catalog, text: &str) -> Result<Imported<Deck>, ImportError> {
    read_text(&Lookup::new(catalog), text)
}

/// Reads a text deck list against a catalog, for an event's date if the lookup has one.
pub fn read_text(lookup: &Lookup<'_>, text: &str) -> Result<Imported<Deck>, ImportError> {
    let text = text.trim_start_matches('\u{feff}');
    if text.trim().is_empty() {
        return Err(ImportError::Empty);
    }
    let mut imported: Imported<Deck> = Imported::default();
    let mut zone: Option<Zone> = None;
    let mut unknown_lines = 0usize;
    let mut card_lines = 0usize;
    for (index, raw) in text.lines().enumerate() {
        if index >= MAX_LINES {
            return Err(ImportError::TooLarge(format!(
                "more than {MAX_LINES} lines; a deck list has at most a few dozen"
            )));
        }
        let number = index as u32 + 1;
        let line = raw.trim_end_matches('\r');
        let plain = undecorate(line);
        match classify(&plain) {
            Line::Blank | Line::Comment => {}
            Line::Header(z) => zone = Some(z),
            Line::Meta(field, value) => {
                let value = Some(value.trim().to_string()).filter(|v| !v.is_empty());
                match field {
                    MetaField::Name => imported.deck.set_name(value),
                    MetaField::Player => imported.deck.set_player(value),
                    MetaField::Author => imported.deck.set_author(value),
                    MetaField::Uid => imported.deck.set_uid(value),
                }
            }
            Line::Card(card, labelled) => {
                card_lines += 1;
                let suggest = unknown_lines < MAX_SUGGESTED;
                let zone = labelled.or(zone);
                if !read_card_line(lookup, number, line, zone, card, suggest, &mut imported) {
                    unknown_lines += 1;
                }
            }
        }
    }
    if card_lines == 0 {
        return Err(ImportError::NotADeck("no card lines found".into()));
    }
    Ok(imported)
}

/// Resolves one card line into the deck or a diagnostic. Returns false when the card is unknown.
fn read_card_line(
    lookup: &Lookup<'_>,
    number: u32,
    text: &str,
    zone: Option<Zone>,
    line: CardLine<'_>,
    suggest: bool,
    out: &mut Imported<Deck>,
) -> bool {
    // Written out only when a diagnostic needs it: most lines are clean.
    let at = LineAt(number);
    let catalog = lookup.catalog;
    let diagnostic = |code, severity, message: String| {
        let d = Diagnostic::new(code, severity, at.to_string(), text, message);
        match zone {
            Some(zone) => d.in_zone(zone.id()),
            None => d,
        }
    };
    let count = match line.count {
        None => None,
        Some(Ok(0)) => {
            out.diagnostics.push(diagnostic(
                DiagnosticCode::ZERO_COUNT,
                Severity::Warning,
                format!("{at} has a count of 0 and was left out."),
            ));
            return true;
        }
        Some(Ok(n)) if n <= MAX_COUNT => Some(n as u32),
        Some(Ok(n)) => {
            out.diagnostics.push(diagnostic(
                DiagnosticCode::BAD_COUNT,
                Severity::Error,
                format!("{at} claims {n} copies; a count must be from 1 to {MAX_COUNT}."),
            ));
            return true;
        }
        Some(Err(bad)) => {
            out.diagnostics.push(diagnostic(
                DiagnosticCode::BAD_COUNT,
                Severity::Error,
                format!(
                    "{at} has count {}; a count must be a whole number from 1 to {MAX_COUNT}.",
                    echo(bad)
                ),
            ));
            return true;
        }
    };

    // A line outside any section with more than one copy is a deck card, never a leader or a
    // base: what it may be read as, or offered as, follows.
    let section = match (zone, count) {
        (None, Some(n)) if n > 1 => Section::Deck,
        _ => Section::of_zone(zone),
    };
    let (title, subtitle) = match line.name.split_once('|') {
        Some((t, s)) => (t.trim(), Some(s.trim())),
        None => (line.name.trim(), None),
    };
    let by_id = line.id.as_deref().and_then(|id| resolve_id(catalog, id));
    let mut umlauted = false;
    let resolution = match by_id {
        Some(r) => {
            // The id decides; a name that says otherwise is pointed out, not silently dropped.
            if let (Resolution::Resolved { card, .. }, false) = (&r, title.is_empty())
                && let Resolution::Resolved { card: named, .. } =
                    resolve_name(lookup, section, title, subtitle, false)
                && named != *card
            {
                let mut d = diagnostic(
                    DiagnosticCode::ID_NAME_MISMATCH,
                    Severity::Warning,
                    format!(
                        "{at}: the id {} is {}, but the line names {}; the id was used.",
                        line.id.as_deref().unwrap_or_default(),
                        catalog.card(*card).display_name(),
                        catalog.card(named).display_name()
                    ),
                );
                if lookup.offers(named) {
                    d.candidates.push(catalog.card_ref(named, None));
                }
                out.diagnostics.push(d);
            }
            r
        }
        None if title.is_empty() => {
            out.deck
                .add_unresolved(zone.unwrap_or(Zone::Main), count.unwrap_or(1));
            out.diagnostics.push(diagnostic(
                DiagnosticCode::UNKNOWN_CARD,
                Severity::Error,
                format!(
                    "{at}: no card has the id {}.",
                    line.id.as_deref().unwrap_or_default()
                ),
            ));
            return false;
        }
        None => {
            let first = resolve_name(lookup, section, title, subtitle, suggest);
            let (t, st) = (umlauts(title), subtitle.and_then(umlauts));
            // German typed without umlauts ("Haeuptling" for "Häuptling"): read loosely
            // (issue 36), with a warning below, as a name without its accents is.
            if matches!(first, Resolution::Unknown(_)) && (t.is_some() || st.is_some()) {
                let t = t.unwrap_or_else(|| title.to_string());
                let st = st.or_else(|| subtitle.map(str::to_string));
                match resolve_name(lookup, section, &t, st.as_deref(), false) {
                    resolved @ Resolution::Resolved { .. } => {
                        umlauted = true;
                        resolved
                    }
                    _ => first,
                }
            } else {
                first
            }
        }
    };

    match resolution {
        Resolution::Resolved {
            card,
            printing,
            step,
            name,
        } => {
            let card_type = catalog.card(card).card_type;
            let zone = zone.unwrap_or(match card_type {
                CardType::Leader => Zone::Leader,
                CardType::Base => Zone::Base,
                _ => Zone::Main,
            });
            let fit = Fit { card, name };
            let understood = || catalog.card_ref_as(fit, Some(printing));
            if step == Step::Id
                && catalog.printing(printing).numbered.is_some()
                && let Some(mut d) = numbering_note(catalog, printing, &at.to_string(), text)
            {
                d.zone = Some(zone.id());
                out.diagnostics.push(d);
            }
            // A base written by its title alone, as melee.gg writes bases, is no guess when no
            // other card has that title.
            let plain_base = step == Step::TitleAlone
                && card_type == CardType::Base
                && title_is_unique(catalog, title);
            if (umlauted || matches!(step, Step::Normalised | Step::TitleAlone)) && !plain_base {
                let understood = understood();
                // Only one of its kind by the event's date, where later cards share the title.
                let of_kind = catalog
                    .title_fits(title)
                    .iter()
                    .filter(|f| section.accepts(catalog.card(f.card).card_type))
                    .count();
                let how = match (step, lookup.on) {
                    _ if umlauted => {
                        "reading ae, oe and ue as ä, ö and ü, ignoring case, punctuation and accents"
                            .to_string()
                    }
                    (Step::TitleAlone, Some(on)) if of_kind > 1 => {
                        format!("by its title alone (the only one of its kind released by {on})")
                    }
                    (Step::TitleAlone, _) => {
                        "by its title alone (the only one of its kind)".to_string()
                    }
                    _ => "ignoring case, punctuation and accents".to_string(),
                };
                let mut d = diagnostic(
                    DiagnosticCode::RESOLVED_LOOSELY,
                    Severity::Warning,
                    format!("{at} was read as {} {how}.", as_written(&understood)),
                );
                d.zone = Some(zone.id());
                d.understood = Some(understood);
                out.diagnostics.push(d);
            }
            let count = count.unwrap_or_else(|| {
                if matches!(zone, Zone::Main | Zone::Sideboard) {
                    let understood = understood();
                    let mut d = diagnostic(
                        DiagnosticCode::NO_COUNT,
                        Severity::Warning,
                        format!(
                            "{at} gives no count; it was read as 1 {}.",
                            understood.name()
                        ),
                    );
                    d.zone = Some(zone.id());
                    d.understood = Some(understood);
                    out.diagnostics.push(d);
                }
                1
            });
            out.deck.push_written(
                DeckEntry {
                    zone,
                    card,
                    printing,
                    count,
                    line: Some(number),
                },
                catalog.written(name),
            );
            true
        }
        Resolution::Ambiguous(fits) => {
            out.deck
                .add_unresolved(zone.unwrap_or(Zone::Main), count.unwrap_or(1));
            let on = lookup
                .on
                .map(|d| format!(" released by {d}"))
                .unwrap_or_default();
            let mut d = diagnostic(
                DiagnosticCode::AMBIGUOUS_CARD,
                Severity::Error,
                format!(
                    "{at}: \"{}\" could be any of {} cards{on}{}; write the subtitle (or the set and number) to say which.",
                    echo(title),
                    fits.len(),
                    in_languages(catalog, &fits)
                ),
            );
            d.candidates = fits.iter().map(|f| catalog.card_ref_as(*f, None)).collect();
            out.diagnostics.push(d);
            true
        }
        Resolution::Unknown(suggestions) => {
            out.deck
                .add_unresolved(zone.unwrap_or(Zone::Main), count.unwrap_or(1));
            let name = match subtitle {
                Some(s) => format!("{title} | {s}"),
                None => title.to_string(),
            };
            let mut message = format!("{at}: no card is called \"{}\"", echo(&name));
            if let Some(first) = suggestions.first() {
                message.push_str(&format!(
                    "; did you mean {}?",
                    as_written(&catalog.card_ref_as(*first, None))
                ));
            } else {
                message.push('.');
            }
            let mut d = diagnostic(DiagnosticCode::UNKNOWN_CARD, Severity::Error, message);
            d.candidates = suggestions
                .iter()
                .map(|f| catalog.card_ref_as(*f, None))
                .collect();
            out.diagnostics.push(d);
            false
        }
    }
}

/// A card as a message names it: its English name, after the name it was written by in another
/// language (`Häuptling Chirpa | Kühner Ältester (German: Chief Chirpa | Defiant Elder)`).
/// A name with German umlauts typed the way a keyboard without them does, `ae`, `oe`, `ue` (and
/// their capitals), written back as `ä`, `ö`, `ü`: `None` when it has none. Only tried on a name
/// that fits no card as written, so an English "Rogue" or "Blue" is never touched.
fn umlauts(name: &str) -> Option<String> {
    let mut out = String::with_capacity(name.len());
    let mut chars = name.chars().peekable();
    let mut changed = false;
    while let Some(c) = chars.next() {
        let umlaut = match (c, chars.peek()) {
            ('a', Some('e')) => Some('ä'),
            ('o', Some('e')) => Some('ö'),
            ('u', Some('e')) => Some('ü'),
            ('A', Some('e' | 'E')) => Some('Ä'),
            ('O', Some('e' | 'E')) => Some('Ö'),
            ('U', Some('e' | 'E')) => Some('Ü'),
            _ => None,
        };
        match umlaut {
            Some(u) => {
                chars.next();
                out.push(u);
                changed = true;
            }
            None => out.push(c),
        }
    }
    changed.then_some(out)
}

pub(crate) fn as_written(card: &deckcheck_core::CardRef) -> String {
    match &card.written {
        Some(w) => format!(
            "{} ({}: {})",
            w.name,
            Lang::parse(w.lang).map_or(w.lang, Lang::name),
            card.name()
        ),
        None => card.name(),
    }
}

/// `, in English and German` when the cards an ambiguous name fits are fitted in several
/// languages (or one other than English); nothing when all are English.
pub(crate) fn in_languages(catalog: &Catalog, fits: &[Fit]) -> String {
    let mut langs: Vec<&str> = fits
        .iter()
        .map(|f| f.name.map_or("English", |n| catalog.local().lang(n).name()))
        .collect();
    langs.dedup();
    langs.sort_unstable();
    langs.dedup();
    match langs.as_slice() {
        [] | ["English"] => String::new(),
        [one] => format!(" by their {one} names"),
        [init @ .., last] => format!(" by their names in {} and {last}", init.join(", ")),
    }
}

/// `line 14`, formatted only when shown.
#[derive(Clone, Copy)]
struct LineAt(u32);

impl std::fmt::Display for LineAt {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}", self.0)
    }
}

/// A line without the decoration of chats and posts: leading bullets and quote marks,
/// Markdown emphasis and code marks. Card names have none of them.
fn undecorate(line: &str) -> Cow<'_, str> {
    let mut rest = line.trim();
    loop {
        let before = rest;
        for mark in ["> ", "- ", "* ", "• ", "+ ", "– ", "· ", "▪ "] {
            if let Some(r) = rest.strip_prefix(mark) {
                rest = r.trim_start();
            }
        }
        if rest.len() > 1 && ["•", "·", "▪", ">"].iter().any(|m| rest.starts_with(m)) {
            // A bullet written flush against the text: "•3x Card".
            let m = rest.chars().next().map_or(0, char::len_utf8);
            rest = rest[m..].trim_start();
        }
        if rest == before {
            break;
        }
    }
    // A rule, a bare bullet or a code fence: no card.
    if rest.chars().all(|c| "-*•+>·▪–_~=`".contains(c)) {
        return Cow::Borrowed("");
    }
    if rest.contains("**") || rest.contains("__") || rest.contains('`') {
        Cow::Owned(rest.replace("**", "").replace("__", "").replace('`', ""))
    } else {
        Cow::Borrowed(rest)
    }
}

/// Says what a line is, without looking anything up.
fn classify(line: &str) -> Line<'_> {
    let trimmed = line.trim();
    if trimmed.is_empty() {
        return Line::Blank;
    }
    if trimmed.starts_with('#') {
        // A Markdown header names a section ("## Deck"); any other "#" line is a comment.
        return match header(trimmed.trim_start_matches('#').trim()) {
            Some(zone) => Line::Header(zone),
            None => Line::Comment,
        };
    }
    if trimmed.starts_with("//") {
        return Line::Comment;
    }
    if let Some(zone) = header(trimmed) {
        return Line::Header(zone);
    }
    if let Some((key, value)) = trimmed.split_once(':') {
        let field = match key.trim().to_ascii_lowercase().as_str() {
            "name" | "deck name" | "title" => Some(MetaField::Name),
            "player" | "player name" => Some(MetaField::Player),
            "author" | "created by" => Some(MetaField::Author),
            "uid" | "player uid" => Some(MetaField::Uid),
            _ => None,
        };
        if let Some(field) = field {
            return Line::Meta(field, value);
        }
        // An inline label: "Leader: Han Solo - Audacious Smuggler", "Base: Level 1313".
        if let Some(zone) = header(key.trim())
            && !value.trim().is_empty()
        {
            return Line::Card(card_line(value.trim()), Some(zone));
        }
    }
    Line::Card(card_line(trimmed), None)
}

/// A section header: `Leaders`, `Base:`, `Main Deck (50)`, `Sideboard - 10` …, and the same in
/// the other languages of the game, as its official sites and melee.gg print them (issue 36:
/// `Anführer`, `Basis`, `Chef`, `Réserve`, `Mazzo`, `Mazo`, …), matched without case or accents.
fn header(line: &str) -> Option<Zone> {
    // Folded (no case, no accents): English, then German, French, Italian and Spanish.
    const HEADERS: [(&str, Zone); 34] = [
        ("leader", Zone::Leader),
        ("leaders", Zone::Leader),
        ("base", Zone::Base),
        ("bases", Zone::Base),
        ("deck", Zone::Main),
        ("main", Zone::Main),
        ("main deck", Zone::Main),
        ("maindeck", Zone::Main),
        ("mainboard", Zone::Main),
        ("draw deck", Zone::Main),
        ("units", Zone::Main),
        ("events", Zone::Main),
        ("upgrades", Zone::Main),
        ("sideboard", Zone::Sideboard),
        ("side", Zone::Sideboard),
        ("side deck", Zone::Sideboard),
        ("sidedeck", Zone::Sideboard),
        // German: Anführer, Basis, Deck, Sideboard (the Tournament Regulations' own words).
        ("anfuhrer", Zone::Leader),
        ("anfuehrer", Zone::Leader),
        ("basis", Zone::Base),
        ("basen", Zone::Base),
        ("hauptdeck", Zone::Main),
        // French: Chef, Base, Deck, Réserve.
        ("chef", Zone::Leader),
        ("chefs", Zone::Leader),
        ("deck principal", Zone::Main),
        ("reserve", Zone::Sideboard),
        // Italian: Leader, Base, Mazzo, Sideboard.
        ("basi", Zone::Base),
        ("mazzo", Zone::Main),
        ("mazzo principale", Zone::Main),
        // Spanish: Líder, Base, Mazo; the sideboard as Spanish card games call it.
        ("lider", Zone::Leader),
        ("lideres", Zone::Leader),
        ("mazo", Zone::Main),
        ("mazo principal", Zone::Main),
        ("banquillo", Zone::Sideboard),
    ];
    if line.len() > 24 || line.starts_with(|c: char| c.is_ascii_digit()) {
        return None;
    }
    let mut word = line.trim_end_matches(':').trim();
    // Drop a trailing count: "Deck (50)", "Sideboard - 10", "Units 24".
    if let Some(open) = word.rfind('(')
        && word.ends_with(')')
    {
        word = word[..open].trim();
    }
    word = word.trim_end_matches(|c: char| c.is_ascii_digit() || c == '-' || c == ' ' || c == ':');
    let folded;
    let word = if word.is_ascii() {
        word
    } else {
        folded = deckcheck_core::text::loose_fold(word);
        folded.as_str()
    };
    HEADERS
        .iter()
        .find(|(name, _)| name.eq_ignore_ascii_case(word))
        .map(|(_, zone)| *zone)
}

/// Splits a card line into count, name and id.
fn card_line(line: &str) -> CardLine<'_> {
    let (mut count, mut rest) = leading_count(line);
    if count.is_none()
        && let Some((c, before)) = trailing_count(rest)
    {
        count = Some(c);
        rest = before;
    }
    let rest = rest.trim().trim_start_matches('|').trim();
    let (name, id) = find_id(rest);
    CardLine { count, name, id }
}

/// `3 Title`, `3x Title`, `3 | Title`, `3xSOR_193`, `-1 Title`.
fn leading_count(line: &str) -> (Option<Result<u64, &str>>, &str) {
    let negative = line.starts_with('-') && line[1..].starts_with(|c: char| c.is_ascii_digit());
    let body = if negative { &line[1..] } else { line };
    let digits = body.len() - body.trim_start_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return (None, line);
    }
    let after = &body[digits..];
    let (after, had_x) = match after.strip_prefix(['x', 'X', '×']) {
        Some(a) => (a, true),
        None => (after, false),
    };
    let separated = after.is_empty() || after.starts_with(|c: char| c.is_whitespace() || c == '|');
    if !(separated || had_x && !after.is_empty()) {
        return (None, line);
    }
    // "3 x Title": the x may stand apart from the number.
    let spaced = after.trim_start();
    let after = match spaced.strip_prefix(['x', 'X', '×']) {
        Some(a) if !had_x && a.starts_with(char::is_whitespace) => a,
        _ => after,
    };
    let number = &line[..line.len() - body.len() + digits];
    let count = if negative {
        Err(number)
    } else {
        number.parse::<u64>().map_err(|_| number)
    };
    (Some(count), after)
}

/// `Title x3`, `Title, Subtitle ×3`, `Title (x3)`.
fn trailing_count(line: &str) -> Option<(Result<u64, &str>, &str)> {
    let line = line.trim_end();
    let inner = line.strip_suffix(')').unwrap_or(line);
    let digits = inner.len() - inner.trim_end_matches(|c: char| c.is_ascii_digit()).len();
    if digits == 0 {
        return None;
    }
    let number = &inner[inner.len() - digits..];
    let before = inner[..inner.len() - digits].trim_end();
    let before = before.strip_suffix(['x', 'X', '×'])?;
    let before = before.strip_suffix('(').unwrap_or(before);
    if !(before.is_empty() || before.ends_with(|c: char| c.is_whitespace() || c == ',')) {
        return None;
    }
    let name = before.trim_end().trim_end_matches(',').trim_end();
    Some((number.parse::<u64>().map_err(|_| number), name))
}

/// A printing id on the line: the whole name (`SOR_193`), a bracket (`[SOR-005]`, `(SOR 005)`),
/// or `(SET) 123`. Returns the name without it.
fn find_id(name: &str) -> (&str, Option<String>) {
    if looks_like_id(name) {
        return ("", printing_key(name).map(|k| k.to_string()));
    }
    for (open, close) in [('[', ']'), ('(', ')')] {
        if name.ends_with(close)
            && let Some(start) = name.rfind(open)
        {
            let inner = &name[start + 1..name.len() - 1];
            if looks_like_id(inner) {
                return (
                    name[..start].trim(),
                    printing_key(inner).map(|k| k.to_string()),
                );
            }
        }
    }
    // `Title (SET) 123`
    if let Some((before, number)) = name.rsplit_once(char::is_whitespace)
        && number.chars().any(|c| c.is_ascii_digit())
        && number.chars().all(|c| c.is_ascii_alphanumeric())
        && let Some(before) = before.trim_end().strip_suffix(')')
        && let Some(start) = before.rfind('(')
    {
        let set = &before[start + 1..];
        if !set.is_empty() && set.len() <= 8 && set.chars().all(|c| c.is_ascii_alphanumeric()) {
            return (
                before[..start].trim(),
                printing_key(&format!("{set}_{number}")).map(|k| k.to_string()),
            );
        }
    }
    (name, None)
}

/// `SOR_005`, `SOR-005`, `sor 5`: letters-and-digits set code, a separator, a number.
fn looks_like_id(text: &str) -> bool {
    let text = text.trim();
    let Some(split) = text.find(['_', '-', ' ']) else {
        return false;
    };
    let (set, number) = (&text[..split], &text[split + 1..]);
    // Set codes start with a letter and are short; numbers have a digit ("T01" tokens).
    set.len() >= 2
        && set.len() <= 8
        && set.starts_with(|c: char| c.is_ascii_alphabetic())
        && set
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit())
        && !number.is_empty()
        && number.len() <= 5
        && number.chars().all(|c| c.is_ascii_alphanumeric())
        && number.chars().any(|c| c.is_ascii_digit())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn card(line: &str) -> (Option<Result<u64, &str>>, &str, Option<String>) {
        match classify(line) {
            Line::Card(c, _) => (c.count, c.name, c.id),
            other => panic!("{line:?} is {other:?}"),
        }
    }

    #[test]
    fn counts_are_read_wherever_people_write_them() {
        assert_eq!(
            card("3 | Han Solo | Reluctant Hero"),
            (Some(Ok(3)), "Han Solo | Reluctant Hero", None)
        );
        assert_eq!(
            card("3x Battlefield Marine"),
            (Some(Ok(3)), "Battlefield Marine", None)
        );
        assert_eq!(
            card("3 x Battlefield Marine"),
            (Some(Ok(3)), "Battlefield Marine", None)
        );
        assert_eq!(
            card("Luke Skywalker, Faithful Friend x3"),
            (Some(Ok(3)), "Luke Skywalker, Faithful Friend", None)
        );
        assert_eq!(
            card("Battlefield Marine ×2"),
            (Some(Ok(2)), "Battlefield Marine", None)
        );
        assert_eq!(card("3xSOR_193"), (Some(Ok(3)), "", Some("SOR_193".into())));
        assert_eq!(
            card("-1 Battlefield Marine"),
            (Some(Err("-1")), "Battlefield Marine", None)
        );
        assert_eq!(
            card("18446744073709551616 Battlefield Marine").0,
            Some(Err("18446744073709551616"))
        );
    }

    #[test]
    fn names_that_start_or_end_with_digits_are_not_counts() {
        assert_eq!(
            card("21B Surgical Droid"),
            (None, "21B Surgical Droid", None)
        );
        assert_eq!(card("1 | Level 1313"), (Some(Ok(1)), "Level 1313", None));
        assert_eq!(card("0-0-0 | Wanted"), (None, "0-0-0 | Wanted", None));
        assert_eq!(card("2 IG-88 | Ruthless Bounty Hunter").0, Some(Ok(2)));
    }

    #[test]
    fn ids_are_found_in_brackets_and_after_a_set_in_parentheses() {
        assert_eq!(
            card("1 Luke Skywalker, Faithful Friend [SOR-005]"),
            (
                Some(Ok(1)),
                "Luke Skywalker, Faithful Friend",
                Some("SOR_5".into())
            )
        );
        assert_eq!(
            card("3 Battlefield Marine (SOR) 95"),
            (Some(Ok(3)), "Battlefield Marine", Some("SOR_95".into()))
        );
        assert_eq!(card("2 SOR_095").2, Some("SOR_95".into()));
    }

    #[test]
    fn decoration_from_chats_and_posts_is_not_part_of_a_line() {
        for (pasted, plain) in [
            ("- 3x Battlefield Marine", "3x Battlefield Marine"),
            ("* 3 Battlefield Marine", "3 Battlefield Marine"),
            ("• Battlefield Marine x3", "Battlefield Marine x3"),
            ("> `3x Battlefield Marine`", "3x Battlefield Marine"),
            ("**Leader:** Han Solo", "Leader: Han Solo"),
            ("> __Deck__", "Deck"),
            ("```", ""),
            ("---", ""),
            ("-1 Battlefield Marine", "-1 Battlefield Marine"),
            ("21B Surgical Droid", "21B Surgical Droid"),
        ] {
            assert_eq!(undecorate(pasted), plain, "{pasted}");
        }
    }

    #[test]
    fn an_inline_label_places_its_line_and_a_markdown_header_is_a_header() {
        match classify("Leader: Han Solo - Audacious Smuggler") {
            Line::Card(c, Some(Zone::Leader)) => {
                assert_eq!(c.name, "Han Solo - Audacious Smuggler")
            }
            other => panic!("{other:?}"),
        }
        assert!(matches!(
            classify("Base: Level 1313"),
            Line::Card(_, Some(Zone::Base))
        ));
        assert_eq!(classify("## Sideboard"), Line::Header(Zone::Sideboard));
        assert_eq!(classify("## my notes"), Line::Comment);
        assert_eq!(
            classify("Author: aces"),
            Line::Meta(MetaField::Author, " aces")
        );
    }

    #[test]
    fn section_headers_in_the_five_languages_are_headers() {
        for (line, zone) in [
            ("Anführer", Zone::Leader),
            ("ANFUEHRER", Zone::Leader),
            ("Basis (1)", Zone::Base),
            ("Chef", Zone::Leader),
            ("Líder", Zone::Leader),
            ("Leader", Zone::Leader),
            ("Base:", Zone::Base),
            ("Mazzo (50)", Zone::Main),
            ("Mazo", Zone::Main),
            ("Deck", Zone::Main),
            ("Sideboard - 10", Zone::Sideboard),
            ("Réserve", Zone::Sideboard),
            ("## Réserve", Zone::Sideboard),
        ] {
            assert_eq!(classify(line), Line::Header(zone), "{line}");
        }
        assert!(matches!(classify("Chef Chirpa"), Line::Card(..)));
    }

    #[test]
    fn umlauts_typed_as_two_letters_are_written_back() {
        assert_eq!(umlauts("Haeuptling").as_deref(), Some("Häuptling"));
        assert_eq!(
            umlauts("Kuehner AELTESTER").as_deref(),
            Some("Kühner ÄLTESTER")
        );
        assert_eq!(umlauts("groesseren").as_deref(), Some("grösseren"));
        assert_eq!(umlauts("Han Solo"), None);
    }

    #[test]
    fn headers_comments_and_metadata_are_told_apart_from_cards() {
        assert_eq!(classify("Leaders"), Line::Header(Zone::Leader));
        assert_eq!(classify("Main Deck (50):"), Line::Header(Zone::Main));
        assert_eq!(classify("MainDeck"), Line::Header(Zone::Main));
        assert_eq!(classify("SIDEBOARD"), Line::Header(Zone::Sideboard));
        assert_eq!(classify("# my notes"), Line::Comment);
        assert_eq!(classify("   "), Line::Blank);
        assert_eq!(
            classify("Player: Ada Lovelace"),
            Line::Meta(MetaField::Player, " Ada Lovelace")
        );
    }
}
