//! Text lists: one card per line as `3x Title` (or `3 Title`, `Title x3`, `Title`), under optional
//! headers. Category headers (`CHARACTER`, `Effects (6)`, `DEFENSIVE SHIELD:`) only group lines;
//! an outside header (`Outside the deck`, `Cards outside deck`, `Outside:`) puts the lines after
//! it outside the deck, and `Deck:` back into it. A title may carry its blueprint id to say
//! which card it is (`Alter (12_145)`), and an id alone is read as one. GEMP's "Deck list" page
//! (`/deck/html`: `<h1>name</h1>…<br/>CHARACTER<br/>3x Title<br/>`) is read as it is.

use deckcheck_core::input::{InputFormat, InputFormatInfo};
use deckcheck_core::{Diagnostic, DiagnosticCode, ImportError, Imported};

use super::{At, BadCount, Builder, MAX_ENTRIES, read_count, too_many};
use crate::catalog::Catalog;
use crate::deck::{Deck, Zone};

pub struct TextList;

/// Headers that group cards by category; they do not change the zone.
const CATEGORIES: &[&str] = &[
    "admiral's order",
    "admirals order",
    "character",
    "creature",
    "defensive shield",
    "device",
    "effect",
    "epic event",
    "game aid",
    "interrupt",
    "jedi test",
    "location",
    "objective",
    "podracer",
    "site",
    "starship",
    "system",
    "vehicle",
    "weapon",
];

/// Headers that start the cards outside the deck.
const OUTSIDE: &[&str] = &[
    "outside",
    "outside deck",
    "outside the deck",
    "outside of deck",
    "outside of the deck",
    "cards outside deck",
    "cards outside the deck",
    "cards outside of deck",
    "out of deck",
];

/// Headers that start (or return to) the deck itself.
const DECK: &[&str] = &[
    "deck",
    "main deck",
    "the deck",
    "dark side",
    "light side",
    "dark side deck",
    "light side deck",
    "dark deck",
    "light deck",
    "cards in deck",
];

enum Header {
    Zone(Zone),
    Category,
}

/// A header line, whatever its case, plural, trailing colon or card count (`Effects (6):`).
fn header(line: &str) -> Option<Header> {
    let mut t = line.trim().trim_end_matches(':').trim().to_lowercase();
    if let Some(open) = t.rfind('(')
        && t.ends_with(')')
        && t[open + 1..t.len() - 1]
            .trim()
            .bytes()
            .all(|b| b.is_ascii_digit())
    {
        t.truncate(open);
    }
    let t = t.trim().trim_end_matches(':').trim();
    if OUTSIDE.contains(&t) {
        return Some(Header::Zone(Zone::Outside));
    }
    if DECK.contains(&t) {
        return Some(Header::Zone(Zone::Deck));
    }
    let singular = t
        .strip_suffix("es")
        .filter(|s| s.ends_with("ss") || s.ends_with("ch"));
    let singular = singular.or_else(|| t.strip_suffix('s')).unwrap_or(t);
    (CATEGORIES.contains(&t) || CATEGORIES.contains(&singular)).then_some(Header::Category)
}

/// GEMP's "Deck list" HTML as text lines: `<br/>` and block ends become line breaks, tags go.
fn html_to_text(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('>') else {
            rest = "";
            break;
        };
        let tag = rest[open + 1..open + close].trim().to_ascii_lowercase();
        if tag.starts_with("br")
            || tag.starts_with("/h")
            || tag.starts_with("/p")
            || tag.starts_with("/div")
            || tag.starts_with("h1")
        {
            out.push('\n');
        }
        rest = &rest[open + close + 1..];
    }
    out.push_str(rest);
    out.replace("&amp;", "&")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&apos;", "'")
}

impl InputFormat<Catalog, Deck> for TextList {
    fn info(&self) -> InputFormatInfo {
        InputFormatInfo {
            id: "text",
            name: "Text list",
            description: "One card per line as `3x Title` (ids accepted, `Title (12_145)` says which card a shared title is), category headers, and an `Outside the deck:` header for the cards kept outside; GEMP's Deck list page as it is.",
        }
    }

    fn detect(&self, _text: &str) -> bool {
        true
    }

    fn read(&self, catalog: &Catalog, text: &str) -> Result<Imported<Deck>, ImportError> {
        let head = text
            .get(..text.floor_char_boundary(200))
            .unwrap_or_default()
            .to_ascii_lowercase();
        let converted;
        let (text, html) =
            if head.starts_with("<html") || head.starts_with("<body") || head.contains("<br") {
                converted = html_to_text(text);
                (converted.as_str(), true)
            } else {
                (text, false)
            };
        let lines = text.lines().count();
        if lines > MAX_ENTRIES {
            return Err(too_many("lines", lines));
        }
        let mut builder = Builder::new(catalog);
        let mut zone = Zone::Deck;
        let mut named = false;
        for (i, raw) in text.lines().enumerate() {
            let line_no = i as u32 + 1;
            let at = At::Line(line_no);
            let line = raw.trim();
            // A list bullet (`- 3x Alter`), not a sign (`-1 Alter`).
            let line = line
                .strip_prefix("- ")
                .or_else(|| line.strip_prefix("* "))
                .unwrap_or(line)
                .trim();
            let line = line.trim_start_matches('\u{feff}').trim();
            if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
                continue;
            }
            if html && !named {
                // GEMP's page starts with the deck's name as its heading.
                named = true;
                if header(line).is_none()
                    && read_count(line.split_whitespace().next().unwrap_or("")) == Ok(None)
                {
                    builder.name(Some(deckcheck_core::echo(line)));
                    continue;
                }
            }
            let (count, title) = match split_count(line) {
                Err(bad) => {
                    builder.diagnostic(
                        Diagnostic::error(
                            DiagnosticCode::BAD_COUNT,
                            at.to_string(),
                            raw,
                            bad.to_string(),
                        )
                        .in_zone(zone.id()),
                    );
                    builder.unknown(zone, at, raw);
                    continue;
                }
                Ok((None, _)) => {
                    if let Some(h) = header(line) {
                        if let Header::Zone(z) = h {
                            zone = z;
                        }
                        continue;
                    }
                    builder.diagnostic(
                        Diagnostic::warning(
                            DiagnosticCode::NO_COUNT,
                            at.to_string(),
                            raw,
                            "no count was written; one copy was assumed.",
                        )
                        .in_zone(zone.id()),
                    );
                    (1, line)
                }
                Ok((Some(n), title)) => (n, title),
            };
            if count == 0 {
                builder.diagnostic(
                    Diagnostic::warning(
                        DiagnosticCode::ZERO_COUNT,
                        at.to_string(),
                        raw,
                        "a count of 0: the line was ignored.",
                    )
                    .in_zone(zone.id()),
                );
                continue;
            }
            if title.is_empty() {
                builder.diagnostic(
                    Diagnostic::error(
                        DiagnosticCode::MALFORMED_ENTRY,
                        at.to_string(),
                        raw,
                        "a count without a card title.",
                    )
                    .in_zone(zone.id()),
                );
                builder.unknown(zone, at, raw);
                continue;
            }
            builder.by_title(zone, count, at, title);
        }
        if builder.entries() == 0 {
            return Err(ImportError::NotADeck(
                "no card line was found (lines such as `3x Emperor Palpatine`)".into(),
            ));
        }
        Ok(builder.finish())
    }
}

/// `3x Title`, `3 x Title`, `x3 Title`, `Title x3` → (count, title); `Ok((None, line))` when no
/// count is written; `Err` for a count out of range (`-1 Alter`, `99999x Alter`).
fn split_count(line: &str) -> Result<(Option<u32>, &str), BadCount> {
    let (first, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
    if let Some(n) = read_count(first)? {
        let rest = rest.trim_start();
        let rest = rest
            .strip_prefix(['x', 'X', '×'])
            .filter(|r| r.starts_with(char::is_whitespace))
            .unwrap_or(rest);
        return Ok((Some(n), rest.trim()));
    }
    if let Some((title, last)) = line.rsplit_once(char::is_whitespace)
        && (last.starts_with(['x', 'X', '×']) || last.ends_with(['x', 'X', '×']))
        && let Some(n) = read_count(last)?
    {
        return Ok((Some(n), title.trim()));
    }
    Ok((None, line))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_read_before_or_after_the_title() {
        assert_eq!(split_count("3x Alter"), Ok((Some(3), "Alter")));
        assert_eq!(split_count("3 x Alter"), Ok((Some(3), "Alter")));
        assert_eq!(split_count("3 Alter"), Ok((Some(3), "Alter")));
        assert_eq!(split_count("Alter x2"), Ok((Some(2), "Alter")));
        assert_eq!(split_count("4-LOM"), Ok((None, "4-LOM")));
        assert_eq!(split_count("1x 3,720 To 1"), Ok((Some(1), "3,720 To 1")));
        assert!(split_count("-1 Alter").is_err());
        assert!(split_count("4294967297x Alter").is_err());
    }

    #[test]
    fn headers_group_lines_and_an_outside_header_changes_the_zone() {
        assert!(matches!(header("CHARACTER"), Some(Header::Category)));
        assert!(matches!(header("Effects (6):"), Some(Header::Category)));
        assert!(matches!(
            header("Defensive Shields"),
            Some(Header::Category)
        ));
        assert!(matches!(
            header("Outside the deck:"),
            Some(Header::Zone(Zone::Outside))
        ));
        assert!(matches!(header("Deck:"), Some(Header::Zone(Zone::Deck))));
        assert!(header("Alter").is_none());
    }

    #[test]
    fn gemps_deck_list_page_becomes_lines() {
        let text = html_to_text(
            "<html><body><h1>My &amp; Deck</h1><br/><b>Deck:</b><br/>CHARACTER<br/>3x Emperor Palpatine<br/></body></html>",
        );
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty())
            .collect();
        assert_eq!(
            lines,
            ["My & Deck", "Deck:", "CHARACTER", "3x Emperor Palpatine"]
        );
    }
}
