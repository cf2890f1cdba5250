//! Deck checks: is the presented deck the registered one?
//!
//! Cards are compared by copy identity (a Hyperspace printing or a reprint of a registered card
//! is that card). Between games of a match a player may exchange cards between main deck and
//! sideboard as long as the main deck stays at or above its minimum and the sideboard holds no
//! more cards than it did at the start (CEG 6.4; TR 4.5.2 before); anything else is a deck that
//! does not match the registered list (CEG CPG 4.2; TR 3.1.3). Extra cards in the deck box count
//! as sideboard at competitive events, except Common bases used as tokens (CEG 3.3.2; TR 3.1.2
//! from v1.4). A presented list with no sideboard section (a picklist) can only be compared as
//! a whole, and the answer says so.

use std::collections::BTreeMap;

use deckcheck_core::{CardRef, Comparison, ComparisonVerdict, Finding, FindingCode, Imported};
use jiff::civil::Date;

use crate::Swu;
use crate::catalog::{CardId, CardType, Rarity};
use crate::data::{ExceptionKind, FormatDef};
use crate::deck::{Deck, DeckEntry, Zone};

/// Copies per card and zone.
fn tally(deck: &Deck) -> BTreeMap<(CardId, Zone), u64> {
    let mut t = BTreeMap::new();
    for e in deck.entries() {
        *t.entry((e.card, e.zone)).or_insert(0) += u64::from(e.count);
    }
    t
}

/// Compares a presented deck (plus any other cards found in the deck box) with the registered
/// list, for a format on a date.
pub fn compare(
    swu: &Swu,
    registered: &Deck,
    presented: &Imported<Deck>,
    deck_box: Option<&Deck>,
    format: &FormatDef,
    as_of: Date,
) -> Comparison {
    let catalog = swu.catalog();
    let data = swu.data();
    let card_ref = |card: CardId, deck: &Deck| match deck.first_entry(card) {
        Some(e) => catalog.card_ref(card, Some(e.printing)).at_line(e.line),
        None => catalog.card_ref(card, None),
    };
    let mut findings = Vec::new();
    let mut notes = Vec::new();
    let merged_sections = presented.format == "picklist";

    // Deck box extras count as sideboard from TR v1.4 (2025-07-11), except Common bases (used
    // as tokens) and, from the CEG of 2026-06-26, leader cards at constructed events.
    let mut presented = presented.deck.clone();
    let deck_box_rule = data.in_force("deck-box", as_of);
    let leaders_exempt = data.in_force("deck-box-leaders", as_of).is_some() && !format.is_limited();
    if let Some(extra) = deck_box {
        if deck_box_rule.is_none() {
            notes.push(format!(
                "On {as_of} no rule counted other cards in the deck box as sideboard (that rule starts with the Tournament Regulations of 11 July 2025): the cards found with the deck were not counted."
            ));
        }
        for e in extra.entries().iter().filter(|_| deck_box_rule.is_some()) {
            let card = catalog.card(e.card);
            let common_base = card.card_type == CardType::Base
                && card
                    .printings
                    .iter()
                    .any(|p| catalog.printing(*p).rarity == Rarity::Common);
            if common_base || (leaders_exempt && card.card_type == CardType::Leader) {
                continue;
            }
            presented.push(DeckEntry {
                zone: Zone::Sideboard,
                ..e.clone()
            });
            findings.push(Finding {
                code: FindingCode::DeckBoxExtra,
                section: data.cite("deck-box", as_of).to_string(),
                message: format!(
                    "{} ×{} found in the deck box counts as sideboard at a competitive event.",
                    card.display_name(),
                    e.count
                ),
                cards: vec![card_ref(e.card, extra)],
                registered: None,
                presented: Some(u64::from(e.count)),
                mismatch: false,
            });
        }
    }

    let deck_check = data.cite("deck-check", as_of).to_string();
    let sideboarding = data.cite("sideboarding", as_of).to_string();
    let reg = tally(registered);
    let pres = tally(&presented);
    let count =
        |t: &BTreeMap<(CardId, Zone), u64>, card, zone| t.get(&(card, zone)).copied().unwrap_or(0);

    // Leader and base: the same cards, by identity.
    for (zone, code, what) in [
        (Zone::Leader, FindingCode::LeaderChanged, "leader"),
        (Zone::Base, FindingCode::BaseChanged, "base"),
    ] {
        let of = |t: &BTreeMap<(CardId, Zone), u64>| {
            t.iter()
                .filter(|((_, z), _)| *z == zone)
                .map(|((c, _), n)| (*c, *n))
                .collect::<Vec<_>>()
        };
        let (r, p) = (of(&reg), of(&pres));
        if r != p {
            let names = |v: &[(CardId, u64)]| {
                v.iter()
                    .map(|(c, _)| catalog.card(*c).display_name())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let mut cards: Vec<CardRef> = r.iter().map(|(c, _)| card_ref(*c, registered)).collect();
            cards.extend(p.iter().map(|(c, _)| card_ref(*c, &presented)));
            findings.push(Finding {
                code,
                section: deck_check.clone(),
                message: format!(
                    "The {what} is {} but the registered list has {}.",
                    if p.is_empty() {
                        "missing".to_string()
                    } else {
                        names(&p)
                    },
                    if r.is_empty() {
                        "none".to_string()
                    } else {
                        names(&r)
                    }
                ),
                cards,
                registered: Some(r.iter().map(|(_, n)| n).sum()),
                presented: Some(p.iter().map(|(_, n)| n).sum()),
                mismatch: true,
            });
        }
    }

    // Units, events, upgrades: missing, extra, or moved between main deck and sideboard.
    let mut cards: Vec<CardId> = reg
        .keys()
        .chain(pres.keys())
        .filter(|(_, z)| matches!(z, Zone::Main | Zone::Sideboard))
        .map(|(c, _)| *c)
        .collect();
    cards.sort_unstable();
    cards.dedup();
    let mut moves = false;
    for card in cards {
        let (rm, rs) = (
            count(&reg, card, Zone::Main),
            count(&reg, card, Zone::Sideboard),
        );
        let (pm, ps) = (
            count(&pres, card, Zone::Main),
            count(&pres, card, Zone::Sideboard),
        );
        let name = catalog.card(card).display_name();
        let refs = || {
            let mut v = Vec::new();
            if registered.first_entry(card).is_some() {
                v.push(card_ref(card, registered));
            }
            if let Some(p) = presented.first_entry(card)
                && registered
                    .first_entry(card)
                    .is_none_or(|r| r.printing != p.printing)
            {
                v.push(card_ref(card, &presented));
            }
            v
        };
        let (r_total, p_total) = (rm + rs, pm + ps);
        if p_total < r_total {
            findings.push(Finding {
                code: FindingCode::CardMissing,
                section: deck_check.clone(),
                message: format!(
                    "{name}: {r_total} registered, {p_total} presented ({} missing).",
                    r_total - p_total
                ),
                cards: refs(),
                registered: Some(r_total),
                presented: Some(p_total),
                mismatch: true,
            });
        } else if p_total > r_total {
            findings.push(Finding {
                code: FindingCode::CardExtra,
                section: deck_check.clone(),
                message: format!(
                    "{name}: {r_total} registered, {p_total} presented ({} too many).",
                    p_total - r_total
                ),
                cards: refs(),
                registered: Some(r_total),
                presented: Some(p_total),
                mismatch: true,
            });
        } else if pm != rm && !merged_sections {
            moves = true;
            let (from, to, n) = if pm > rm {
                ("sideboard", "main deck", pm - rm)
            } else {
                ("main deck", "sideboard", rm - pm)
            };
            findings.push(Finding {
                code: FindingCode::CardMoved,
                section: sideboarding.clone(),
                message: format!("{name}: {n} moved from the {from} to the {to}."),
                cards: refs(),
                registered: Some(rm),
                presented: Some(pm),
                mismatch: false,
            });
        }
    }

    let counts = |deck: &Deck| -> BTreeMap<&'static str, u64> {
        [Zone::Main, Zone::Sideboard]
            .into_iter()
            .map(|z| (z.id(), deck.count(z)))
            .collect()
    };
    let (registered_counts, presented_counts) = (counts(registered), counts(&presented));
    let (reg_main, reg_side) = (
        registered.count(Zone::Main),
        registered.count(Zone::Sideboard),
    );
    let (pres_main, pres_side) = (
        presented.count(Zone::Main),
        presented.count(Zone::Sideboard),
    );

    if merged_sections {
        notes.push(
            "The presented list is a picklist, which has no sideboard section: the cards were compared as a whole, and whether cards were exchanged with the sideboard cannot be told from it.".to_string(),
        );
    } else if moves || pres_side != reg_side || pres_main != reg_main {
        // Exchanges are judged by the sizes they leave; limited decks may be rebuilt between
        // games, so only their minimum applies.
        let mut minimum = format
            .min_main_deck
            .at(as_of)
            .map_or(0, |d| i64::from(d.value));
        for base in presented.in_zone(Zone::Base) {
            for ex in swu.links().exceptions(base.card) {
                if ex.kind == ExceptionKind::MinDeckSizeDelta {
                    minimum += i64::from(ex.value);
                }
            }
        }
        let minimum = minimum.max(0) as u64;
        if pres_main < minimum {
            findings.push(Finding {
                code: FindingCode::MainDeckBelowMinimum,
                section: sideboarding.clone(),
                message: format!(
                    "After the exchanges the main deck has {}; it must keep at least {minimum}.",
                    deckcheck_core::wording::plural(pres_main, "card", "cards")
                ),
                cards: vec![],
                registered: Some(reg_main),
                presented: Some(pres_main),
                mismatch: true,
            });
        }
        if !format.is_limited() && pres_side > reg_side {
            findings.push(Finding {
                code: FindingCode::SideboardLargerThanRegistered,
                section: sideboarding.clone(),
                message: format!(
                    "The sideboard has {}; after exchanges it may hold no more than the {reg_side} registered.",
                    deckcheck_core::wording::plural(pres_side, "card", "cards")
                ),
                cards: vec![],
                registered: Some(reg_side),
                presented: Some(pres_side),
                mismatch: true,
            });
        }
    }

    let verdict = if findings.iter().any(|f| f.mismatch) {
        ComparisonVerdict::Mismatch
    } else if moves {
        ComparisonVerdict::LegalSideboarding
    } else {
        ComparisonVerdict::Match
    };
    Comparison {
        verdict,
        game: "swu",
        format: format.id.clone(),
        as_of,
        registered: registered_counts,
        presented: presented_counts,
        findings,
        notes,
        catalog: catalog.version().clone(),
        links: Default::default(),
    }
}
