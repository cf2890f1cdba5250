//! A Legion HQ link (`https://legionhq2.com/list/<faction>/<maxPoints>:[<bf>:]<segments>`),
//! read as Legion HQ's `convertHashToList` reads it, but every bad segment is a diagnostic
//! instead of a silently dropped card. A unit segment is `<count><unit id>` then per slot
//! `0` or a 2-letter upgrade id, then `+1<counterpart id><slots>`; 2-letter segments are
//! command cards, then battle cards. Slot positions are not trusted: upgrades are matched
//! to slots by type counts (LEG-SLOT).

use deckcheck_core::input::MAX_COUNT;
use deckcheck_core::{
    Diagnostic, DiagnosticCode, ImportError, Imported, InputFormat, InputFormatInfo,
};

use crate::army::{self, Army, Counterpart, Placed, Source, Unit};
use crate::catalog::{Catalog, Ix, Kind};

pub struct Link;

/// Segments Legion HQ writes for counterparts in links of its first version; it skips them.
const OLD_COUNTERPARTS: [&str; 3] = ["1lw", "1ji", "1jj"];

impl InputFormat<Catalog, Army> for Link {
    fn info(&self) -> InputFormatInfo {
        InputFormatInfo {
            id: "legion-hq-link",
            name: "Legion HQ link",
            description: "A list link of Legion HQ: https://legionhq2.com/list/<faction>/<points>:[<battle force>:]<units, command cards, battle cards>",
        }
    }

    fn detect(&self, text: &str) -> bool {
        !text.starts_with('{')
            && !text.contains('\n')
            && (text.contains("/list/")
                || text
                    .split_once('/')
                    .is_some_and(|(f, _)| army::faction(f).is_some()))
    }

    fn read(&self, catalog: &Catalog, text: &str) -> Result<Imported<Army>, ImportError> {
        read(catalog, text)
    }
}

fn not_a_link(why: impl Into<String>) -> ImportError {
    ImportError::NotADeck(why.into())
}

/// Where a segment is in the link (`segment 5`): written out only when a diagnostic names it.
#[derive(Clone, Copy)]
struct Segment(usize);

impl std::fmt::Display for Segment {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "segment {}", self.0)
    }
}

impl From<Segment> for String {
    fn from(at: Segment) -> Self {
        at.to_string()
    }
}

fn read(catalog: &Catalog, text: &str) -> Result<Imported<Army>, ImportError> {
    let text = text.trim();
    let path = match text.find("/list/") {
        Some(at) => &text[at + "/list/".len()..],
        None => text,
    };
    // Up to a query or a fragment.
    let path = match path.bytes().position(|b| b == b'?' || b == b'#') {
        Some(end) => &path[..end],
        None => path,
    };
    // Only a link with escapes is decoded (a shared link has none).
    let path: std::borrow::Cow<'_, str> = if path.contains('%') {
        percent_encoding::percent_decode_str(path)
            .decode_utf8()
            .map_err(|_| not_a_link("the link's escapes are not UTF-8"))?
    } else {
        path.into()
    };
    let (faction_text, hash) = path
        .trim_end_matches('/')
        .split_once('/')
        .ok_or_else(|| not_a_link("a Legion HQ link has /list/<faction>/<list>"))?;
    let faction = army::faction(faction_text).ok_or_else(|| {
        not_a_link(format!(
            "unknown faction {:?}; a Legion HQ link names one of {}",
            deckcheck_core::echo(faction_text),
            army::FACTIONS.join(", ")
        ))
    })?;
    // `<maxPoints>:[<battle force>:]<segments>`: the segments are after the last colon.
    let (head, segments) = match hash.rsplit_once(':') {
        Some((head, segments)) => (Some(head), segments),
        None => (None, hash),
    };
    let count = segments.bytes().filter(|b| *b == b',').count() + 1;
    if count > super::MAX_ENTRIES {
        return Err(super::too_large(count, "segments"));
    }
    let mut imported: Imported<Army> = Imported::default();
    let army = &mut imported.deck;
    army.source = Source::Link;
    army.faction = Some(faction.to_string());
    army.units.reserve(count);

    if let Some(head) = head {
        let mut parts = head.split(':');
        let first = parts.next().unwrap_or_default();
        // The points, then the battle force's code; without points, the code comes first.
        let code = match first.parse::<u32>() {
            Ok(points) => {
                army.built_for = Some(points);
                parts.next()
            }
            Err(_) => Some(first),
        };
        if let Some(code) = code {
            match catalog.force_by_link(code) {
                Some(bf) => army.battle_force = Some(bf),
                None => imported.diagnostics.push(Diagnostic::error(
                    DiagnosticCode::new("unknown-battle-force"),
                    "battle force",
                    code,
                    format!(
                        "No battle force has the link code {:?}; the army is judged without one.",
                        deckcheck_core::echo(code)
                    ),
                )),
            }
        }
    }
    let army = &mut imported.deck;
    // Legion HQ's defaults for armies of a faction that only exists as battle forces.
    if army.battle_force.is_none() {
        army.battle_force = match faction {
            "mercenary" => catalog.force_by_name("Shadow Collective"),
            "mandalorians" => catalog.force_by_name("Mandalorian Clans"),
            _ => None,
        };
    } else if faction == "separatists"
        && army.battle_force.map(|b| catalog.force(b).name.as_str()) == Some("Echo Base Defenders")
    {
        army.battle_force = catalog.force_by_name("Separatist Invasion");
    }

    for (i, segment) in segments.split(',').enumerate() {
        let segment = segment.trim();
        let at = Segment(i + 1);
        let line = Some(i as u32 + 1);
        if segment.is_empty() || OLD_COUNTERPARTS.contains(&segment) {
            continue;
        }
        if segment.len() <= 2 {
            card_segment(catalog, &mut imported, segment, at, line);
        } else {
            unit_segment(catalog, &mut imported, segment, at, line);
        }
    }
    imported.deck.command_hand_given = !imported.deck.commands.is_empty();
    Ok(imported)
}

fn card_segment(
    catalog: &Catalog,
    imported: &mut Imported<Army>,
    segment: &str,
    at: Segment,
    line: Option<u32>,
) {
    let Some(card) = catalog.by_id(segment) else {
        imported.deck.unread += 1;
        imported.diagnostics.push(Diagnostic::error(
            DiagnosticCode::UNKNOWN_CARD,
            at,
            segment,
            format!("No card has the id {segment:?}."),
        ));
        return;
    };
    let placed = Placed {
        card: card.ix,
        line,
    };
    match card.kind {
        Kind::Command if card.id.as_ref() == "aa" => {}
        Kind::Command => imported.deck.commands.push(placed),
        Kind::Battle => imported.deck.battle.push(placed),
        other => {
            imported.deck.unread += 1;
            imported.diagnostics.push(Diagnostic::error(
                DiagnosticCode::MALFORMED_ENTRY,
                at,
                segment,
                format!(
                    "{} ({}) is {} card; a 2-letter segment is a command or battle card.",
                    card.full_name(),
                    card.id,
                    article(other)
                ),
            ));
        }
    }
}

/// "an upgrade", "a unit".
fn article(kind: Kind) -> String {
    match kind {
        Kind::Upgrade => "an upgrade".into(),
        other => format!("a {}", other.as_str()),
    }
}

/// `3ahed0dc0`, `1kg0000+1lw0`.
fn unit_segment(
    catalog: &Catalog,
    imported: &mut Imported<Army>,
    segment: &str,
    at: Segment,
    line: Option<u32>,
) {
    let (main, counterpart) = match segment.bytes().position(|b| b == b'+') {
        Some(plus) => (&segment[..plus], Some(&segment[plus + 1..])),
        None => (segment, None),
    };
    let digits = main.bytes().take_while(u8::is_ascii_digit).count();
    let count = match main[..digits].parse::<u64>() {
        Ok(0) => {
            imported.diagnostics.push(Diagnostic::warning(
                DiagnosticCode::ZERO_COUNT,
                at,
                segment,
                "A unit with a count of 0 is ignored.",
            ));
            return;
        }
        Ok(n) if n <= MAX_COUNT => n as u32,
        _ => {
            imported.deck.unread += 1;
            let message = if digits == 0 {
                "A unit segment starts with its count (e.g. 1ab0000)."
            } else {
                "The unit count is not a whole number from 1 to 1000."
            };
            imported.diagnostics.push(Diagnostic::error(
                DiagnosticCode::BAD_COUNT,
                at,
                segment,
                message,
            ));
            return;
        }
    };
    let Some((card, upgrades)) =
        card_with_slots(catalog, imported, &main[digits..], Kind::Unit, at, segment)
    else {
        return;
    };
    let counterpart = counterpart.and_then(|c| {
        // Legion HQ writes `+1<id><slots>`: one counterpart.
        let c = c.strip_prefix('1').unwrap_or(c);
        card_with_slots(catalog, imported, c, Kind::Counterpart, at, segment)
            .map(|(card, upgrades)| Counterpart { card, upgrades })
    });
    imported.deck.add_unit(Unit {
        card,
        count,
        upgrades,
        counterpart,
        line,
    });
}

/// `ah` + `ed0dc0` → the card and its upgrades; `None` when the card itself cannot be read.
fn card_with_slots(
    catalog: &Catalog,
    imported: &mut Imported<Army>,
    text: &str,
    kind: Kind,
    at: Segment,
    segment: &str,
) -> Option<(Ix, Vec<Ix>)> {
    let (id, mut slots) = match (text.get(..2), text.get(2..)) {
        (Some(id), Some(slots)) => (id, slots),
        _ => {
            imported.deck.unread += 1;
            imported.diagnostics.push(Diagnostic::error(
                DiagnosticCode::MALFORMED_ENTRY,
                at,
                segment,
                format!("Expected a 2-letter {} id here.", kind.as_str()),
            ));
            return None;
        }
    };
    let card = match catalog.by_id(id) {
        Some(c) if c.kind == kind => c,
        found => {
            imported.deck.unread += 1;
            let message = match found {
                Some(c) => format!(
                    "{} ({}) is {} card, not a {}.",
                    c.full_name(),
                    c.id,
                    article(c.kind),
                    kind.as_str()
                ),
                None => format!("No {} has the id {id:?}.", kind.as_str()),
            };
            let code = if found.is_some() {
                DiagnosticCode::MALFORMED_ENTRY
            } else {
                DiagnosticCode::UNKNOWN_CARD
            };
            imported
                .diagnostics
                .push(Diagnostic::error(code, at, segment, message));
            return None;
        }
    };
    let mut upgrades = Vec::new();
    while !slots.is_empty() {
        if let Some(rest) = slots.strip_prefix('0') {
            slots = rest;
            continue;
        }
        let Some(id) = slots.get(..2) else {
            imported.deck.unread += 1;
            imported.diagnostics.push(Diagnostic::error(
                DiagnosticCode::MALFORMED_ENTRY,
                at,
                segment,
                format!(
                    "The slots of {} end in {:?}, which is not an upgrade id.",
                    card.full_name(),
                    deckcheck_core::echo(slots)
                ),
            ));
            break;
        };
        slots = &slots[2..];
        match catalog.by_id(id) {
            Some(u) if u.kind == Kind::Upgrade => upgrades.push(u.ix),
            found => {
                imported.deck.unread += 1;
                let (code, message) = match found {
                    Some(u) => (
                        DiagnosticCode::MALFORMED_ENTRY,
                        format!(
                            "{} ({}) in a slot of {} is {} card, not an upgrade.",
                            u.full_name(),
                            u.id,
                            card.full_name(),
                            article(u.kind)
                        ),
                    ),
                    None => (
                        DiagnosticCode::UNKNOWN_CARD,
                        format!(
                            "No upgrade has the id {id:?} (a slot of {}).",
                            card.full_name()
                        ),
                    ),
                };
                imported
                    .diagnostics
                    .push(Diagnostic::error(code, at, segment, message));
            }
        }
    }
    Some((card.ix, upgrades))
}
