//! Twin Suns leaders may not combine Heroism and Villainy. The regulations (TR 2.3.1.2, and the
//! first event guide's 9.3.1) word it "both of which must share either the Heroism or Villainy
//! aspect"; the Comprehensive Rules (12.2.1A from 6.0) and the event guide of 2026-06-26 only
//! forbid one Heroism and one Villainy between the sides the leaders start the game on, so two
//! neutral leaders became legal. The wording in force on the date is applied and named.

use crate::messages::{aspect, say, text};
use deckcheck_core::l10n;
use deckcheck_core::{CardRef, CodeInfo, Explain, Findings, NoteKind, Rule, Violation};
use jiff::civil::Date;
use serde::Serialize;

use super::Context;
use super::codes::LEADER_ASPECTS;
use crate::catalog::{Aspect, Aspects, CardId};
use crate::data::LeaderAspectRule;
use crate::deck::Zone;

pub struct LeaderAspects;

/// The wording of the rule a pair fails.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Wording {
    /// Both leaders share Heroism or Villainy (the regulations, the first event guide).
    ShareHeroismOrVillainy,
    /// Not Heroism and Villainy between the sides the leaders start on (CR 12.2.1A, the guide
    /// of 2026-06-26).
    NotHeroismAndVillainy,
}

/// The side a leader whose text names it starts the game on, and that side's aspects.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub(crate) struct StartingSide {
    pub side: String,
    pub aspects: Vec<String>,
}

/// Twin Suns leaders that may not lead together.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct AspectsClash {
    pub date: Date,
    pub wording: Wording,
    /// The section of the wording in force (the violation's own).
    #[serde(skip)]
    pub rule: String,
    /// Leaders whose text names the side they start on.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub start: Vec<StartingSide>,
}

impl Explain for AspectsClash {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let leaders = l10n::and_list(lang, cards.iter().map(|c| l10n::card_name(lang, c)));
        let wording = match self.wording {
            Wording::ShareHeroismOrVillainy => "share-heroism-or-villainy",
            Wording::NotHeroismAndVillainy => "not-heroism-and-villainy",
        };
        let sides: Vec<String> = self
            .start
            .iter()
            .map(|s| {
                let aspects = s.aspects.iter().map(|a| aspect(lang, a));
                say(
                    lang,
                    "swu-starting-side",
                    [
                        ("side", text(s.side.as_str())),
                        ("aspects", text(l10n::and_list(lang, aspects))),
                    ],
                )
            })
            .collect();
        let start = if sides.is_empty() {
            String::new()
        } else {
            say(
                lang,
                "swu-aspects-start",
                [("sides", text(sides.join("; ")))],
            )
        };
        say(
            lang,
            "swu-aspects-clash",
            [
                ("leaders", text(leaders)),
                ("date", text(self.date.to_string())),
                ("rule", text(self.rule.as_str())),
                ("wording", text(wording)),
                ("start", text(start)),
            ],
        )
    }
}

/// Whether two leaders with these aspects pass each wording: (share, not both).
fn passes(a: &Aspects, b: &Aspects) -> (bool, bool) {
    let share = (a.contains(Aspect::Heroism) && b.contains(Aspect::Heroism))
        || (a.contains(Aspect::Villainy) && b.contains(Aspect::Villainy));
    let heroism = a.contains(Aspect::Heroism) || b.contains(Aspect::Heroism);
    let villainy = a.contains(Aspect::Villainy) || b.contains(Aspect::Villainy);
    (share, !(heroism && villainy))
}

/// What the rule of the day says about a pair: `Some(true)` allowed, `Some(false)` not, `None`
/// cannot be told (the two wordings disagree and which one was in force is not known).
fn allowed(rule: LeaderAspectRule, (share, not_both): (bool, bool)) -> Option<bool> {
    match rule {
        LeaderAspectRule::ShareHeroismOrVillainy => Some(share),
        LeaderAspectRule::NotHeroismAndVillainy => Some(not_both),
        LeaderAspectRule::EitherWording => (share == not_both).then_some(share),
    }
}

impl Rule<Context<'_>> for LeaderAspects {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: LEADER_ASPECTS,
            meaning: "Twin Suns leaders whose aspects may not be combined (Heroism with Villainy).",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let Some(rule) = ctx.at(&ctx.format.leader_aspects) else {
            return;
        };
        let decks = ctx.decks();
        for (i, deck) in decks.iter().enumerate() {
            let leaders: Vec<_> = deck.in_zone(Zone::Leader).collect();
            let [a, b] = leaders.as_slice() else {
                continue; // the leader count rule reports any other number
            };
            // Each leader by the side it starts the game on (CR 12.3.1), which for a leader
            // whose text names its starting side is card_data, not the card's printed union.
            let start = |card: CardId| {
                ctx.links
                    .start_side(card)
                    .map_or(&ctx.catalog.card(card).aspects, |s| &s.aspects)
            };
            let union = |card: CardId| &ctx.catalog.card(card).aspects;
            let by_start = allowed(rule.value, passes(start(a.card), start(b.card)));
            // Before the first rules text that names the starting side, a pair the two readings
            // judge differently cannot be told.
            let unsure_side = [a.card, b.card]
                .into_iter()
                .filter_map(|c| ctx.links.start_side(c))
                .find(|s| ctx.as_of < s.data.judged_from)
                .filter(|_| by_start != allowed(rule.value, passes(union(a.card), union(b.card))));
            let start: Vec<StartingSide> = [a.card, b.card]
                .into_iter()
                .filter_map(|c| ctx.links.start_side(c))
                .map(|s| StartingSide {
                    side: s.data.start_side.clone(),
                    aspects: s.aspects.iter().map(|a| format!("{a:?}")).collect(),
                })
                .collect();
            // An unsettled rule fails a pair only by the older wording.
            let wording = match rule.value {
                LeaderAspectRule::NotHeroismAndVillainy => Wording::NotHeroismAndVillainy,
                _ => Wording::ShareHeroismOrVillainy,
            };
            let violation = || {
                let clash = AspectsClash {
                    date: ctx.as_of,
                    wording,
                    rule: rule.section.clone(),
                    start: start.clone(),
                };
                // Where the day's wording is not known but both wordings forbid the pair, the
                // violation is certain: it does not rest on which one was in force (issue 36).
                let v = match by_start {
                    Some(false) if rule.value == LeaderAspectRule::EitherWording => {
                        Violation::new(LEADER_ASPECTS, rule.section.clone(), clash)
                    }
                    _ => Violation::of(LEADER_ASPECTS, rule, clash),
                };
                v.card(ctx.card_ref(deck, a.card))
                    .card(ctx.card_ref(deck, b.card))
            };
            match (by_start, unsure_side) {
                (Some(true), None) => {}
                (Some(false), None) => out.deck_violation(decks.len(), i, violation()),
                (Some(false), Some(side)) => out.deck_violation(
                    decks.len(),
                    i,
                    violation().unconfirmed(side.data.caveat_before.clone()),
                ),
                (Some(true), Some(side)) => out.note(
                    NoteKind::Unverified,
                    Some(&rule.section),
                    side.data.caveat_before.clone(),
                ),
                (None, _) => out.deck_violation(decks.len(), i, violation()),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::codes;
    use crate::rules::fixture::*;
    use deckcheck_core::Report;
    use jiff::civil::date;

    fn twin_suns(a: &str, b: &str, on: jiff::civil::Date) -> Report {
        let deck = DeckBuilder::new(catalog())
            .leader(a)
            .leader(b)
            .base("SOR_020")
            .singletons(50)
            .build();
        check_one(&deck, "twin-suns", on)
    }

    #[test]
    fn a_hero_and_a_villain_never_lead_together() {
        let r = twin_suns("SOR_017", "SOR_010", date(2024, 6, 1));
        let v = r
            .violations
            .iter()
            .find(|v| v.code == codes::LEADER_ASPECTS)
            .unwrap();
        assert_eq!(v.section, "TR 2.3.1.2");
        let r = twin_suns("SOR_017", "SOR_010", date(2026, 11, 22));
        let v = r
            .violations
            .iter()
            .find(|v| v.code == codes::LEADER_ASPECTS)
            .unwrap();
        assert_eq!(v.section, "CEG 9.3.1", "the event guide of 2026-06-26");
    }

    #[test]
    fn a_neutral_leader_needed_a_shared_aspect_under_the_regulations_but_not_under_the_2026_guide()
    {
        assert!(twin_suns("SOR_017", "LOF_001", date(2025, 8, 1)).has(codes::LEADER_ASPECTS));
        let now = twin_suns("SOR_017", "LOF_001", date(2026, 11, 22));
        assert!(!now.has(codes::LEADER_ASPECTS));
    }

    #[test]
    fn between_the_two_guides_a_pair_both_wordings_forbid_is_certain_and_one_they_split_is_not() {
        let on = date(2026, 5, 1);
        let clash = |r: &Report| {
            r.violations
                .iter()
                .find(|v| v.code == codes::LEADER_ASPECTS)
                .cloned()
                .unwrap()
        };
        // A hero and a villain: forbidden by either wording, so illegal whatever the day's was.
        let hero_villain = twin_suns("SOR_017", "SOR_010", on);
        assert!(clash(&hero_villain).is_certain());
        assert_eq!(hero_villain.verdict, deckcheck_core::Verdict::Illegal);
        // A neutral leader and a hero: only the older wording forbids it; uncertain, even when
        // another rule makes the deck illegal (its 50 cards are short of 80).
        let split = twin_suns("SOR_017", "LOF_001", on);
        let v = clash(&split);
        assert!(!v.is_certain() && v.caveat.is_some(), "{v:?}");
        assert!(split.violations.iter().any(|v| v.is_certain()));
        assert_eq!(split.verdict, deckcheck_core::Verdict::Illegal);
    }

    #[test]
    fn two_heroes_are_fine_under_either_wording() {
        assert!(!twin_suns("SOR_017", "SOR_005", date(2024, 6, 1)).has(codes::LEADER_ASPECTS));
        assert!(!twin_suns("SOR_017", "SOR_005", date(2026, 11, 22)).has(codes::LEADER_ASPECTS));
    }
}
