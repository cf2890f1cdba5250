//! Twin Suns leaders may not combine Heroism and Villainy. The regulations (TR 2.3.1.2, and the
//! first event guide's 9.3.1) word it "both of which must share either the Heroism or Villainy
//! aspect"; the Comprehensive Rules (12.2.1A from 6.0) and the event guide of 2026-06-26 only
//! forbid one Heroism and one Villainy between the sides the leaders start the game on, so two
//! neutral leaders became legal. The wording in force on the date is applied and named.

use deckcheck_core::{Findings, Violation};

use super::codes::LEADER_ASPECTS;
use super::{Context, Rule};
use crate::catalog::{Aspect, Card};
use crate::data::LeaderAspectRule;
use crate::deck::Zone;

pub struct LeaderAspects;

fn message(v: &Violation) -> String {
    let names: Vec<String> = v.cards.iter().map(|c| c.name()).collect();
    format!(
        "{} cannot lead a Twin Suns deck together: on {} the rule in force ({}) says {}.",
        names.join(" and "),
        v.get("date"),
        v.section,
        v.get("wording")
    )
}

impl Rule for LeaderAspects {
    fn name(&self) -> &'static str {
        "twin suns leader aspects"
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
            let (ca, cb) = (ctx.catalog.card(a.card), ctx.catalog.card(b.card));
            let has = |c: &Card, x| c.aspects.contains(x);
            let (ok, wording) = match rule.value {
                LeaderAspectRule::ShareHeroismOrVillainy => (
                    (has(ca, Aspect::Heroism) && has(cb, Aspect::Heroism))
                        || (has(ca, Aspect::Villainy) && has(cb, Aspect::Villainy)),
                    "both leaders must share the Heroism or the Villainy aspect",
                ),
                LeaderAspectRule::NotHeroismAndVillainy => {
                    let heroism = has(ca, Aspect::Heroism) || has(cb, Aspect::Heroism);
                    let villainy = has(ca, Aspect::Villainy) || has(cb, Aspect::Villainy);
                    (
                        !(heroism && villainy),
                        "the leaders cannot have both the Heroism and the Villainy aspect between them",
                    )
                }
            };
            if ok {
                continue;
            }
            out.deck_violation(
                decks.len(),
                i,
                Violation::of(LEADER_ASPECTS, rule, message)
                    .card(ctx.card_ref(deck, a.card))
                    .card(ctx.card_ref(deck, b.card))
                    .with("date", ctx.as_of)
                    .with("wording", wording),
            );
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
        assert_eq!(v.section, "CR 12.2.1A");
    }

    #[test]
    fn a_neutral_leader_needed_a_shared_aspect_under_the_regulations_but_not_under_cr_v8() {
        assert!(twin_suns("SOR_017", "LOF_001", date(2025, 8, 1)).has(codes::LEADER_ASPECTS));
        let now = twin_suns("SOR_017", "LOF_001", date(2026, 11, 22));
        assert!(!now.has(codes::LEADER_ASPECTS));
    }

    #[test]
    fn two_heroes_are_fine_under_either_wording() {
        assert!(!twin_suns("SOR_017", "SOR_005", date(2024, 6, 1)).has(codes::LEADER_ASPECTS));
        assert!(!twin_suns("SOR_017", "SOR_005", date(2026, 11, 22)).has(codes::LEADER_ASPECTS));
    }
}
