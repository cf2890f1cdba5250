//! CCG-JABBAS-PRIZE: a deck with Jabba's Prize (10_42) has Carbon Chamber Testing (7_296), the
//! Objective it comes from. Source: PEER GEMP DefaultSwccgFormat.validateDeck ("Deck contains
//! Jabba's Prize but not Carbon Chamber Testing").

use crate::messages::{say, text};
use deckcheck_core::l10n;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Context;
use crate::deck::Zone;

pub const CODE: Code = Code::new("CCG-JABBAS-PRIZE");
pub const SECTION: &str = "PEER GEMP DefaultSwccgFormat.validateDeck";

const PRIZE: &str = "Jabba's Prize";
const OBJECTIVE: &str = "Carbon Chamber Testing";

pub struct JabbasPrize;

/// Jabba's Prize without its Objective.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct PrizeWithoutTesting;

impl Explain for PrizeWithoutTesting {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "ccg-prize-without-testing",
            [("cards", text(l10n::titles_with_ids(lang, cards)))],
        )
    }
}

impl Rule<Context<'_>> for JabbasPrize {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "The deck has Jabba's Prize without Carbon Chamber Testing (GEMP's rule).",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let (prizes, objectives) = (
            ctx.catalog.by_gemp_title(PRIZE),
            ctx.catalog.by_gemp_title(OBJECTIVE),
        );
        for (i, _, tally) in ctx.each() {
            let prize: Vec<_> = tally
                .zone(Zone::Deck)
                .filter(|c| prizes.contains(&c.card))
                .collect();
            let testing = tally.zone(Zone::Deck).any(|c| objectives.contains(&c.card));
            if !prize.is_empty() && !testing {
                let cards = prize.iter().map(|c| ctx.card_ref(c)).collect();
                ctx.report(
                    out,
                    i,
                    Violation::new(CODE, SECTION, PrizeWithoutTesting).cards(cards),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{Fixture, today};
    use crate::catalog::Side;

    #[test]
    fn jabbas_prize_needs_carbon_chamber_testing() {
        let f = Fixture::new();
        let without = f.sixty(Side::Dark, &[("10_42", 1)]);
        let v = f.violations("open", today(), &[without], "CCG-JABBAS-PRIZE");
        assert!(
            v[0].message()
                .starts_with("Jabba's Prize (10_42, line 1) may only be"),
            "{}",
            v[0].message()
        );
        let with = f.sixty(Side::Dark, &[("10_42", 1), ("7_296", 1)]);
        assert!(
            f.violations("open", today(), &[with], "CCG-JABBAS-PRIZE")
                .is_empty()
        );
    }
}
