//! Leaders: exactly as many as the format asks (1; Twin Suns 2, CEG 9.3.1), and leader cards
//! only. A leader line that could not be read counts as a leader (its diagnostic says why).

use crate::messages::{comma_names, say, text, type_names};
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Timeline, Violation};
use serde::Serialize;

use super::Context;
use super::codes::{LEADER_COUNT, NOT_A_LEADER};
use crate::catalog::CardType;
use crate::deck::Zone;

pub struct Leaders;

/// A deck with another number of leaders (or bases: `bases.rs`) than its format's.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct SlotCount {
    pub format: String,
    /// What the slot holds: "leader", "base".
    #[serde(skip)]
    pub what: &'static str,
    #[serde(skip)]
    pub expected: u64,
    #[serde(skip)]
    pub actual: u64,
}

impl Explain for SlotCount {
    fn message(&self, _cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "swu-slot-count",
            [
                ("format", text(self.format.as_str())),
                ("what", text(self.what)),
                ("expected", number(self.expected)),
                ("actual", number(self.actual)),
            ],
        )
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        Some((self.expected, self.actual))
    }
}

/// Cards listed as leaders that are not leader cards.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct NotALeader {
    /// Their card types.
    pub types: Vec<CardType>,
}

impl Explain for NotALeader {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "swu-not-a-leader",
            [
                ("cards", text(comma_names(lang, cards))),
                ("count", number(cards.len() as u64)),
                ("types", text(type_names(lang, &self.types))),
            ],
        )
    }
}

impl Rule<Context<'_>> for Leaders {
    fn codes(&self) -> &'static [CodeInfo] {
        &[
            CodeInfo {
                code: LEADER_COUNT,
                meaning: "The deck has the wrong number of leaders (1; Twin Suns: 2 different leaders).",
            },
            CodeInfo {
                code: NOT_A_LEADER,
                meaning: "A card listed as the leader is not a leader card.",
            },
        ]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let slot = Slot {
            zone: Zone::Leader,
            card_type: CardType::Leader,
            what: "leader",
            count: LEADER_COUNT,
            not_of_type: NOT_A_LEADER,
        };
        judge_slot(ctx, out, &ctx.format.leaders, slot, |types| NotALeader {
            types,
        });
    }
}

/// A slot of a deck that holds one type of card, in a number the format sets, and the codes
/// of its two violations.
pub(super) struct Slot {
    pub zone: Zone,
    pub card_type: CardType,
    pub what: &'static str,
    pub count: Code,
    pub not_of_type: Code,
}

/// Judges one slot (the leaders here, the base in `bases.rs`) of every deck: the format's
/// number of cards, all of the slot's type. A line of the slot that could not be read counts.
pub(super) fn judge_slot<K: Explain>(
    ctx: &Context<'_>,
    out: &mut Findings,
    setting: &Timeline<u32>,
    slot: Slot,
    not_of_type: fn(Vec<CardType>) -> K,
) {
    let Some(rule) = ctx.at(setting) else {
        return;
    };
    let decks = ctx.decks();
    let expected = u64::from(rule.value);
    for (i, deck) in decks.iter().enumerate() {
        let actual = deck.count(slot.zone);
        let unread = deck.unresolved(slot.zone);
        if actual > expected || actual + unread < expected {
            let cards = deck
                .in_zone(slot.zone)
                .map(|e| ctx.card_ref(deck, e.card))
                .collect();
            let count = SlotCount {
                format: ctx.format.name.clone(),
                what: slot.what,
                expected,
                actual,
            };
            out.deck_violation(
                decks.len(),
                i,
                Violation::of(slot.count, rule, count).cards(cards),
            );
        }
        let wrong: Vec<_> = deck
            .in_zone(slot.zone)
            .filter(|e| ctx.catalog.card(e.card).card_type != slot.card_type)
            .collect();
        if !wrong.is_empty() {
            let types = wrong
                .iter()
                .map(|e| ctx.catalog.card(e.card).card_type)
                .collect();
            out.deck_violation(
                decks.len(),
                i,
                Violation::of(slot.not_of_type, rule, not_of_type(types))
                    .cards(wrong.iter().map(|e| ctx.card_ref(deck, e.card)).collect()),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::codes;
    use crate::rules::fixture::*;
    use jiff::civil::date;

    #[test]
    fn a_premier_deck_without_a_leader_is_illegal() {
        let deck = DeckBuilder::new(catalog())
            .base("SOR_020")
            .filler(50)
            .build();
        let report = check_one(&deck, "premier", date(2025, 1, 1));
        let v = report
            .violations
            .iter()
            .find(|v| v.code == codes::LEADER_COUNT)
            .unwrap();
        assert_eq!(
            (v.expected, v.actual, v.section.as_ref()),
            (Some(1), Some(0), "TR 2.3.1.1")
        );
    }

    #[test]
    fn a_twin_suns_deck_needs_two_leaders() {
        let deck = legal_premier().filler(80).build();
        let report = check_one(&deck, "twin-suns", date(2025, 6, 1));
        assert!(report.has(codes::LEADER_COUNT));
    }

    #[test]
    fn a_unit_in_the_leader_slot_is_not_a_leader() {
        let deck = DeckBuilder::new(catalog())
            .leader("SHD_213")
            .base("SOR_020")
            .filler(50)
            .build();
        let report = check_one(&deck, "premier", date(2025, 1, 1));
        assert!(report.has(codes::NOT_A_LEADER));
    }
}
