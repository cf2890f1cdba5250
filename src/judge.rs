//! Deck checks: is the presented deck the registered one?
//!
//! Cards are compared by copy identity (a Hyperspace printing or a reprint of a registered card
//! is that card). Between games of a best-of-three match a player may exchange cards between
//! main deck and sideboard as long as the main deck stays at or above its minimum and the
//! sideboard is the same size or smaller than registered (TR 4.6.2 in v1.4, 4.5.2 in v1.3);
//! anything else is a mismatch with the registered list (TR 3.1.3). Extra cards in the deck box
//! count as sideboard at competitive events, except Common bases used as tokens (TR 3.1.2, v1.4).

use std::collections::BTreeMap;

use jiff::civil::Date;
use serde::Serialize;

use crate::catalog::{CardId, CardType, Rarity};
use crate::checker::Checker;
use crate::data::{ExceptionKind, FormatId};
use crate::deck::{Deck, Zone};
use crate::rules::CardRef;

/// The answer of a deck check.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// The presented deck is the registered one, card for card.
    Match,
    /// Cards were exchanged between main deck and sideboard within the rules.
    LegalSideboarding,
    /// The presented deck is not the registered one.
    Mismatch,
}

/// One difference, with the section that judges it.
#[derive(Debug, Clone, Serialize)]
pub struct Finding {
    pub code: &'static str,
    pub section: &'static str,
    pub message: String,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cards: Vec<CardRef>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub registered: Option<u64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub presented: Option<u64>,
    /// Whether this finding alone makes the deck a mismatch.
    pub mismatch: bool,
}

#[derive(Debug, Clone, Serialize)]
pub struct Comparison {
    pub verdict: Verdict,
    pub format: FormatId,
    pub as_of: Date,
    pub registered: Counts,
    pub presented: Counts,
    pub findings: Vec<Finding>,
    pub catalog: String,
}

#[derive(Debug, Clone, Copy, Serialize)]
pub struct Counts {
    pub main: u64,
    pub sideboard: u64,
}

/// Copies per card and zone.
fn tally(deck: &Deck) -> BTreeMap<(CardId, Zone), u64> {
    let mut t = BTreeMap::new();
    for e in &deck.entries {
        *t.entry((e.card, e.zone)).or_insert(0) += u64::from(e.count);
    }
    t
}

/// Compares a presented deck (plus any other cards found in the deck box) with the registered
/// list, for a format on a date.
pub fn compare(
    checker: &Checker,
    registered: &Deck,
    presented: &Deck,
    deck_box: Option<&Deck>,
    format: FormatId,
    as_of: Date,
) -> Comparison {
    let catalog = &checker.catalog;
    let card_ref = |card: CardId, deck: &Deck| CardRef::new(catalog, card, deck.printing_of(card));
    let mut findings = Vec::new();

    // Deck box extras count as sideboard, except Common bases (used as tokens).
    let mut presented = presented.clone();
    if let Some(extra) = deck_box {
        for e in &extra.entries {
            let card = catalog.card(e.card);
            let common_base = card.card_type == CardType::Base
                && card
                    .printings
                    .iter()
                    .any(|p| catalog.printing(*p).rarity == Rarity::Common);
            if common_base {
                continue;
            }
            presented.entries.push(crate::deck::DeckEntry {
                zone: Zone::Sideboard,
                ..e.clone()
            });
            findings.push(Finding {
                code: "deck-box-extra",
                section: "TR 3.1.2",
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

    let reg = tally(registered);
    let pres = tally(&presented);
    let count =
        |t: &BTreeMap<(CardId, Zone), u64>, card, zone| t.get(&(card, zone)).copied().unwrap_or(0);

    // Leader and base: the same cards, by identity.
    for (zone, code, what) in [
        (Zone::Leader, "leader-changed", "leader"),
        (Zone::Base, "base-changed", "base"),
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
                section: "TR 3.1.3",
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
            if registered.printing_of(card).is_some() {
                v.push(card_ref(card, registered));
            }
            if let Some(p) = presented.printing_of(card)
                && Some(p) != registered.printing_of(card)
            {
                v.push(card_ref(card, &presented));
            }
            v
        };
        let (r_total, p_total) = (rm + rs, pm + ps);
        if p_total < r_total {
            findings.push(Finding {
                code: "card-missing",
                section: "TR 3.1.3",
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
                code: "card-extra",
                section: "TR 3.1.3",
                message: format!(
                    "{name}: {r_total} registered, {p_total} presented ({} too many).",
                    p_total - r_total
                ),
                cards: refs(),
                registered: Some(r_total),
                presented: Some(p_total),
                mismatch: true,
            });
        } else if pm != rm {
            moves = true;
            let (from, to, n) = if pm > rm {
                ("sideboard", "main deck", pm - rm)
            } else {
                ("main deck", "sideboard", rm - pm)
            };
            findings.push(Finding {
                code: "card-moved",
                section: "TR 4.6.2",
                message: format!("{name}: {n} moved from the {from} to the {to}."),
                cards: refs(),
                registered: Some(rm),
                presented: Some(pm),
                mismatch: false,
            });
        }
    }

    let registered_counts = Counts {
        main: registered.count(Zone::Main),
        sideboard: registered.count(Zone::Sideboard),
    };
    let presented_counts = Counts {
        main: presented.count(Zone::Main),
        sideboard: presented.count(Zone::Sideboard),
    };

    // Exchanges are judged by the sizes they leave (TR 4.6.2); limited decks may be rebuilt
    // between games (TR 2.3.2), so only their minimum applies.
    if moves
        || presented_counts.sideboard != registered_counts.sideboard
        || presented_counts.main != registered_counts.main
    {
        let def = checker.data.formats.get(format);
        let mut minimum = def
            .min_main_deck
            .at(as_of)
            .map_or(0, |d| i64::from(d.value));
        for base in presented.in_zone(Zone::Base) {
            for ex in checker.links.exceptions(&checker.data, base.card) {
                if ex.kind == ExceptionKind::MinDeckSizeDelta {
                    minimum += i64::from(ex.value);
                }
            }
        }
        let minimum = minimum.max(0) as u64;
        if presented_counts.main < minimum {
            findings.push(Finding {
                code: "main-deck-below-minimum",
                section: "TR 4.6.2",
                message: format!(
                    "After the exchanges the main deck has {} cards; it must keep at least {minimum}.",
                    presented_counts.main
                ),
                cards: vec![],
                registered: Some(registered_counts.main),
                presented: Some(presented_counts.main),
                mismatch: true,
            });
        }
        if !format.is_limited() && presented_counts.sideboard > registered_counts.sideboard {
            findings.push(Finding {
                code: "sideboard-larger-than-registered",
                section: "TR 4.6.2",
                message: format!(
                    "The sideboard has {} cards; after exchanges it may hold no more than the {} registered.",
                    presented_counts.sideboard, registered_counts.sideboard
                ),
                cards: vec![],
                registered: Some(registered_counts.sideboard),
                presented: Some(presented_counts.sideboard),
                mismatch: true,
            });
        }
    }

    let verdict = if findings.iter().any(|f| f.mismatch) {
        Verdict::Mismatch
    } else if moves {
        Verdict::LegalSideboarding
    } else {
        Verdict::Match
    };
    Comparison {
        verdict,
        format,
        as_of,
        registered: registered_counts,
        presented: presented_counts,
        findings,
        catalog: catalog.version().to_string(),
    }
}
