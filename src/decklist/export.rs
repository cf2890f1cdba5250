//! Writing a resolved deck back out: SWUDB JSON (the exchange format) and melee-style text, so
//! a list typed by hand becomes something every deck site reads. Both read back to the same deck.

use serde_json::{Map, Value, json};

use crate::catalog::{Catalog, PrintingId};
use crate::deck::{Deck, Zone};

/// Entries of a zone with the same printing merged, in first-seen order.
fn merged(deck: &Deck, zone: Zone) -> Vec<(PrintingId, u64)> {
    let mut out: Vec<(PrintingId, u64)> = Vec::new();
    for e in deck.in_zone(zone) {
        match out.iter_mut().find(|(p, _)| *p == e.printing) {
            Some((_, n)) => *n += u64::from(e.count),
            None => out.push((e.printing, u64::from(e.count))),
        }
    }
    out
}

/// SWUDB JSON: `leader`, `secondleader` (Twin Suns), `base`, `deck`, `sideboard`, with ids.
pub fn to_swudb_json(catalog: &Catalog, deck: &Deck) -> String {
    let entry = |(p, n): &(PrintingId, u64)| json!({ "id": catalog.printing_code(*p), "count": n });
    let mut root = Map::new();
    let mut meta = Map::new();
    if let Some(name) = &deck.name {
        meta.insert("name".into(), json!(name));
    }
    if let Some(player) = &deck.player {
        meta.insert("author".into(), json!(player));
    }
    if let Some(uid) = &deck.uid {
        meta.insert("uid".into(), json!(uid));
    }
    if !meta.is_empty() {
        root.insert("metadata".into(), Value::Object(meta));
    }
    // One leader entry per copy slot, as SWUDB writes a Twin Suns pair.
    let leaders: Vec<_> = merged(deck, Zone::Leader)
        .into_iter()
        .flat_map(|(p, n)| std::iter::repeat_n((p, 1), n as usize))
        .collect();
    let mut leader_fields = ["leader", "secondleader"].iter();
    for l in &leaders {
        match leader_fields.next() {
            Some(field) => {
                root.insert((*field).into(), entry(l));
            }
            None => break,
        }
    }
    if let Some(base) = merged(deck, Zone::Base).first() {
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
    serde_json::to_string_pretty(&Value::Object(root)).expect("JSON values serialize")
}

/// Melee.gg-style text: `Leaders`, `Base`, `Deck`, `Sideboard`, one `count | Title | Subtitle`
/// per line.
pub fn to_text(catalog: &Catalog, deck: &Deck) -> String {
    let mut out = String::new();
    if let Some(name) = &deck.name {
        out.push_str(&format!("Name: {name}\n"));
    }
    if let Some(player) = &deck.player {
        out.push_str(&format!("Player: {player}\n"));
    }
    if let Some(uid) = &deck.uid {
        out.push_str(&format!("UID: {uid}\n"));
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
