//! LEG-BATTLE-DECK: the battle deck, when the list gives one: under AMG's rules exactly 3
//! primary, 3 secondary and 3 advantage cards, no card twice, Recon cards only in Recon and
//! only Recon cards there, faction cards only in their faction's army; before 2024-07-24 the
//! FFG objective/deployment/condition cards, which the data does not hold. Source: AMG 2.6.0
//! Building a Battle Deck; REG Player Materials L136 (FFG, 4/4/4).

use crate::messages::{each, say, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, NoteKind, Rule, Violation};
use serde::Serialize;

use super::Ctx;
use crate::army::Placed;
use crate::catalog::Kw;
use crate::data::BattleDeckStyle;

pub const CODE: Code = Code::new("LEG-BATTLE-DECK");

pub struct BattleDeck;

/// What is wrong with a battle deck.
#[derive(Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum DeckBreach {
    /// Not exactly the cards of a type the mode asks.
    Count {
        /// "primary", "secondary", "advantage".
        card_type: String,
        #[serde(skip)]
        per_type: u64,
        #[serde(skip)]
        count: u64,
    },
    /// A card twice.
    Twice,
    /// A card without the Recon keyword in a Recon battle deck.
    NotRecon,
    /// A Recon card outside Recon.
    ReconOutsideRecon,
    /// A card of another faction.
    OtherFaction,
}

impl Explain for DeckBreach {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let reason = match self {
            Self::Count {
                card_type,
                per_type,
                count,
            } => {
                let kind = say(
                    lang,
                    "legion-battle-type",
                    [("type", text(card_type.as_str()))],
                );
                return say(
                    lang,
                    "legion-battle-deck-count",
                    [
                        ("count", number(*count)),
                        ("type", text(kind)),
                        ("per_type", number(*per_type)),
                    ],
                );
            }
            Self::Twice => "twice",
            Self::NotRecon => "not-recon",
            Self::ReconOutsideRecon => "recon-outside-recon",
            Self::OtherFaction => "other-faction",
        };
        say(
            lang,
            "legion-battle-deck",
            [
                ("cards", text(l10n::names(lang, cards))),
                ("each", text(each(lang, cards.len()))),
                ("reason", text(reason)),
            ],
        )
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        match self {
            Self::Count {
                per_type, count, ..
            } => Some((*per_type, *count)),
            _ => None,
        }
    }
}

impl Rule<Ctx<'_>> for BattleDeck {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "the battle deck is not 3 primary, 3 secondary and 3 advantage cards the mode and army may use",
        }]
    }
    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        let Some(rule) = cx.mode.battle_deck.at(cx.as_of) else {
            return;
        };
        let cards = &cx.army.battle;
        if cards.is_empty() {
            out.note(
                NoteKind::Caveat,
                Some(&rule.section),
                "The list gives no battle deck; it was not checked.",
            );
            return;
        }
        if rule.value.style == BattleDeckStyle::Ffg {
            out.note(
                NoteKind::Unverified,
                Some(&rule.section),
                format!(
                    "On {} battle cards were FFG's objective, deployment and condition cards, four of each, which the card data does not hold; this battle deck cannot be checked.",
                    cx.as_of
                ),
            );
            return;
        }
        out.resting_on(rule);
        let per = u64::from(rule.value.per_type);
        const KINDS: [&str; 3] = ["primary", "secondary", "advantage"];
        let mut by_kind = [0u64; 3];
        for c in cards {
            let subtype = cx.card(c.card).subtype.as_str();
            if let Some(k) = KINDS.iter().position(|k| *k == subtype) {
                by_kind[k] += 1;
            }
        }
        for (kind, n) in KINDS.into_iter().zip(by_kind) {
            let of_kind = |c: &&Placed| cx.card(c.card).subtype == kind;
            if n != per {
                let of: Vec<CardRef> = cards
                    .iter()
                    .filter(of_kind)
                    .map(|c| cx.card_ref(c.card, c.line))
                    .collect();
                let count = DeckBreach::Count {
                    card_type: kind.to_string(),
                    per_type: per,
                    count: n,
                };
                let v = Violation::of(CODE, rule, count).cards(of);
                out.violation(if n < per { cx.minimum(v) } else { v });
            }
        }
        let mut twice = Vec::new();
        let mut wrong_mode = Vec::new();
        let mut wrong_faction = Vec::new();
        for (i, c) in cards.iter().enumerate() {
            let card = cx.card(c.card);
            let r = || cx.card_ref(c.card, c.line);
            if cards[..i].iter().any(|d| {
                let o = cx.card(d.card);
                o.folded_name == card.folded_name && o.subtype == card.subtype
            }) {
                let r = r();
                if !twice.contains(&r) {
                    twice.push(r);
                }
            }
            if card.has(Kw::Recon) != cx.mode.recon {
                wrong_mode.push(r());
            }
            if !card.faction.is_empty() && cx.faction.is_some_and(|f| f != card.faction) {
                wrong_faction.push(r());
            }
        }
        let mode = if cx.mode.recon {
            DeckBreach::NotRecon
        } else {
            DeckBreach::ReconOutsideRecon
        };
        for (list, breach) in [
            (twice, DeckBreach::Twice),
            (wrong_mode, mode),
            (wrong_faction, DeckBreach::OtherFaction),
        ] {
            if !list.is_empty() {
                out.violation(Violation::of(CODE, rule, breach).cards(list));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;
    use super::*;

    const UNITS: &str = "rebels/1000:1ab00,1ad00,3ah000";

    #[test]
    fn three_cards_of_each_type_are_legal_and_a_recon_card_in_standard_is_not() {
        assert!(codes_of(&BattleDeck, &format!("{UNITS},p1,p2,p3,s1,s2,s3,a1,a2,a3")).is_empty());
        assert_eq!(
            codes_of(&BattleDeck, &format!("{UNITS},p1,p3,pr,s1,s2,s3,a1,a2,a3")),
            ["LEG-BATTLE-DECK"]
        );
    }

    #[test]
    fn a_short_deck_and_another_factions_advantage_are_illegal() {
        assert_eq!(
            codes_of(&BattleDeck, &format!("{UNITS},p1,p2,s1,s2,s3,a1,a2,a3")),
            ["LEG-BATTLE-DECK"]
        );
        assert_eq!(
            codes_of(&BattleDeck, &format!("{UNITS},p1,p2,p3,s1,s2,s3,a1,a2,a4")),
            ["LEG-BATTLE-DECK"]
        );
    }
}
