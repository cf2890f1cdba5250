//! Twin Suns leaders may not combine Heroism and Villainy. The regulations (TR 2.3.1.2, v1.3 and
//! v1.4) word it "both of which must share either the Heroism or Villainy aspect"; the
//! Comprehensive Rules v8.0 (CR 12.2.1A) only forbid one Heroism and one Villainy, so two
//! neutral leaders became legal. The wording in force on the date is applied and named.

use super::{Code, Context, Findings, Rule, Violation};
use crate::catalog::Aspect;
use crate::data::LeaderAspectRule;
use crate::deck::{Deck, Zone};

pub struct LeaderAspects;

impl Rule for LeaderAspects {
    fn name(&self) -> &'static str {
        "twin suns leader aspects"
    }

    fn check(&self, ctx: &Context<'_>, decks: &[Deck], out: &mut Findings) {
        let Some(rule) = ctx.at(&ctx.def.leader_aspects) else {
            return;
        };
        for (i, deck) in decks.iter().enumerate() {
            let leaders: Vec<_> = deck.in_zone(Zone::Leader).collect();
            let [a, b] = leaders.as_slice() else {
                continue; // the leader count rule reports any other number
            };
            let (ca, cb) = (ctx.catalog.card(a.card), ctx.catalog.card(b.card));
            let has = |c: &crate::catalog::Card, x| c.aspects.contains(x);
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
            out.note_if_unconfirmed(rule);
            out.deck_violation(
                decks,
                i,
                Violation::new(
                    Code::LeaderAspects,
                    rule.section.clone(),
                    format!(
                        "{} and {} cannot lead a Twin Suns deck together: on {} the rule in force ({}) says {wording}.",
                        ca.display_name(),
                        cb.display_name(),
                        ctx.as_of,
                        rule.section
                    ),
                )
                .card(ctx.card_ref(deck, a.card))
                .card(ctx.card_ref(deck, b.card))
                .caveat(rule.confidence, rule.notes.as_deref()),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::data::FormatId;
    use crate::rules::fixture::*;
    use crate::rules::{Code, Report};
    use jiff::civil::date;

    fn twin_suns(a: &str, b: &str, on: jiff::civil::Date) -> Report {
        let deck = DeckBuilder::new(catalog())
            .leader(a)
            .leader(b)
            .base("SOR_020")
            .singletons(50)
            .build();
        check_one(&deck, FormatId::TwinSuns, on)
    }

    #[test]
    fn a_hero_and_a_villain_never_lead_together() {
        let r = twin_suns("SOR_017", "SOR_010", date(2024, 6, 1));
        let v = r
            .violations
            .iter()
            .find(|v| v.code == Code::LeaderAspects)
            .unwrap();
        assert_eq!(v.section, "TR 2.3.1.2");
        let r = twin_suns("SOR_017", "SOR_010", date(2026, 11, 22));
        let v = r
            .violations
            .iter()
            .find(|v| v.code == Code::LeaderAspects)
            .unwrap();
        assert_eq!(v.section, "CR 12.2.1A");
    }

    #[test]
    fn a_neutral_leader_needed_a_shared_aspect_under_the_regulations_but_not_under_cr_v8() {
        assert!(twin_suns("SOR_017", "LOF_001", date(2025, 8, 1)).has(Code::LeaderAspects));
        let now = twin_suns("SOR_017", "LOF_001", date(2026, 11, 22));
        assert!(!now.has(Code::LeaderAspects));
    }

    #[test]
    fn two_heroes_are_fine_under_either_wording() {
        assert!(!twin_suns("SOR_017", "SOR_005", date(2024, 6, 1)).has(Code::LeaderAspects));
        assert!(!twin_suns("SOR_017", "SOR_005", date(2026, 11, 22)).has(Code::LeaderAspects));
    }
}
