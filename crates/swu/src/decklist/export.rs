//! Writing a resolved deck back out: SWUDB JSON (the exchange format) and melee-style text, so
//! a list typed by hand becomes something every deck site reads. Both read back to the same deck;
//! what SWUDB JSON cannot hold (a fourth leader, a second base) is refused, never dropped.

use serde_json::{Map, Value, json};

use deckcheck_core::input::MAX_COUNT;

use crate::catalog::{Catalog, PrintingId};
use crate::deck::{Deck, Zone};

/// A deck SWUDB JSON has no place for.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("SWUDB JSON cannot hold this deck: {0}; write it as text instead")]
pub struct ExportError(pub String);

/// Entries of a zone with the same printing merged, in first-seen order, each at most
/// `MAX_COUNT` copies (more become several entries, as every reader takes at most that per line).
fn merged(deck: &Deck, zone: Zone) -> Vec<(PrintingId, u64)> {
    let mut totals: Vec<(PrintingId, u64)> = Vec::new();
    for e in deck.in_zone(zone) {
        match totals.iter_mut().find(|(p, _)| *p == e.printing) {
            Some((_, n)) => *n += u64::from(e.count),
            None => totals.push((e.printing, u64::from(e.count))),
        }
    }
    let mut out = Vec::with_capacity(totals.len());
    for (p, mut n) in totals {
        while n > MAX_COUNT {
            out.push((p, MAX_COUNT));
            n -= MAX_COUNT;
        }
        out.push((p, n));
    }
    out
}

/// The fields SWUDB JSON has for leaders: SWUDB's pair, and SWUBase's name for the second, which
/// deckcheck also reads, for a third.
const LEADER_FIELDS: [&str; 3] = ["leader", "secondleader", "leader2"];

/// SWUDB JSON: `leader`, `secondleader` (Twin Suns), `base`, `deck`, `sideboard`, with ids.
/// Refused when the leaders or the base take more entries than the format has fields for.
pub fn to_swudb_json(catalog: &Catalog, deck: &Deck) -> Result<String, ExportError> {
    let entry = |(p, n): &(PrintingId, u64)| json!({ "id": catalog.printing(*p).code, "count": n });
    let names = |entries: &[(PrintingId, u64)]| {
        entries
            .iter()
            .map(|(p, n)| format!("{n}x {}", catalog.printing(*p).code))
            .collect::<Vec<_>>()
            .join(", ")
    };
    let leaders = merged(deck, Zone::Leader);
    if leaders.len() > LEADER_FIELDS.len() {
        return Err(ExportError(format!(
            "{} leader entries ({}), and it has fields for {}",
            leaders.len(),
            names(&leaders),
            LEADER_FIELDS.len()
        )));
    }
    let bases = merged(deck, Zone::Base);
    if bases.len() > 1 {
        return Err(ExportError(format!(
            "{} base entries ({}), and it has one field",
            bases.len(),
            names(&bases)
        )));
    }
    let mut root = Map::new();
    let mut meta = Map::new();
    if let Some(name) = deck.name() {
        meta.insert("name".into(), json!(name));
    }
    if let Some(author) = deck.author() {
        meta.insert("author".into(), json!(author));
    }
    if let Some(player) = deck.player() {
        meta.insert("player".into(), json!(player));
    }
    if let Some(uid) = deck.uid() {
        meta.insert("uid".into(), json!(uid));
    }
    if !meta.is_empty() {
        root.insert("metadata".into(), Value::Object(meta));
    }
    for (field, l) in LEADER_FIELDS.iter().zip(&leaders) {
        root.insert((*field).into(), entry(l));
    }
    if let Some(base) = bases.first() {
        root.insert("base".into(), entry(base));
    }
    root.insert(
        "deck".into(),
        merged(deck, Zone::Main).iter().map(entry).collect(),
    );
    root.insert(
        "sideboard".into(),
        merged(deck, Zone::Sideboard).iter().map(entry).collect(),
    );
    Ok(serde_json::to_string_pretty(&Value::Object(root)).expect("JSON values serialize"))
}

/// A metadata value on one line: line breaks and other control characters would start lines of
/// their own, which the reader would take for cards or headers.
fn one_line(value: &str) -> String {
    value
        .split(char::is_control)
        .filter(|part| !part.trim().is_empty())
        .map(str::trim)
        .collect::<Vec<_>>()
        .join(" ")
}

/// Melee.gg-style text: `Leaders`, `Base`, `Deck`, `Sideboard`, one `count | Title | Subtitle`
/// per line.
pub fn to_text(catalog: &Catalog, deck: &Deck) -> String {
    let mut out = String::new();
    for (label, value) in [
        ("Name", deck.name()),
        ("Author", deck.author()),
        ("Player", deck.player()),
        ("UID", deck.uid()),
    ] {
        if let Some(value) = value {
            out.push_str(&format!("{label}: {}\n", one_line(value)));
        }
    }
    for (zone, header) in [
        (Zone::Leader, "Leaders"),
        (Zone::Base, "Base"),
        (Zone::Main, "Deck"),
        (Zone::Sideboard, "Sideboard"),
    ] {
        let entries = merged(deck, zone);
        if entries.is_empty() {
            continue;
        }
        if !out.is_empty() {
            out.push('\n');
        }
        out.push_str(header);
        out.push('\n');
        for (p, n) in entries {
            let card = catalog.card(catalog.printing(p).card);
            out.push_str(&format!("{n} | {}\n", card.display_name()));
        }
    }
    out
}
