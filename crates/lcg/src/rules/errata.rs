//! LCG-ERRATA: errata that change how many copies of a set a deck may hold, from the date the
//! FAQ gave them: *Along the Gamor Run* (set 109, card 0552) "Should also have the text: 'Limit
//! 1 per objective deck.'" since FAQ v2.2 (2014-10-06). The card data keeps the printed card
//! (`isLimitedToObjectiveDeck: false`); the overlay is `card_data/lcg/errata.toml`.
//! Source: FAQ v5.0 p.2 Card Errata.

use crate::messages::{say, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use jiff::civil::Date;
use serde::Serialize;

use super::Judging;

pub const CODE: Code = Code::new("LCG-ERRATA");

pub struct Errata;

/// An objective set in a deck more times than its errata allow.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct OverErrata {
    /// The day the errata came into force.
    pub since: Date,
    #[serde(skip)]
    pub limit: u64,
    #[serde(skip)]
    pub copies: u64,
}

impl Explain for OverErrata {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "lcg-over-errata",
            [
                (
                    "titles",
                    text(l10n::and_list(lang, cards.iter().map(|c| &c.title))),
                ),
                ("copies", number(self.copies)),
                ("since", text(self.since.to_string())),
                ("limit", number(self.limit)),
            ],
        )
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        Some((self.limit, self.copies))
    }
}

impl Rule<Judging<'_>> for Errata {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "An objective set is in a deck more often than its errata allows (Along the Gamor Run: Limit 1 since FAQ v2.2).",
        }]
    }

    fn check(&self, j: &Judging<'_>, out: &mut Findings) {
        let ctx = j.ctx;
        for erratum in ctx.data.errata.iter().filter(|e| e.from <= ctx.as_of) {
            for deck in &j.decks {
                let copies = deck.objectives_of(erratum.value.set);
                if copies > erratum.value.limit
                    && let Some(r) = deck.set_ref(ctx.catalog, erratum.value.set)
                {
                    let over = OverErrata {
                        since: erratum.from,
                        limit: erratum.value.limit,
                        copies,
                    };
                    deck.report(out, Violation::of(CODE, erratum, over).card(r));
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;
    use jiff::civil::date;

    fn gamor_twice() -> crate::deck::Deck {
        deck("aff-jedi", &[(109, 2), (2, 2), (3, 2), (4, 2), (5, 2)])
    }

    #[test]
    fn the_errata_makes_a_second_copy_of_set_109_illegal() {
        let f = run(&gamor_twice());
        assert_eq!(codes(&f), ["LCG-ERRATA"], "not LCG-COPIES as well");
        assert_eq!(
            f.violations[0].message(),
            "Objective 109 is in this deck 2 times; by its errata (in force since 2014-10-06) it reads \"Limit 1 per objective deck.\""
        );
        assert_eq!(
            f.violations[0].section,
            "FAQ v2.2 Card Errata (FAQ v5.0 p.2)"
        );
    }

    #[test]
    fn before_the_errata_two_copies_were_allowed() {
        let f = run_on(&[&gamor_twice()], "standard", date(2014, 10, 5));
        assert!(!codes(&f).contains(&"LCG-ERRATA"));
        assert!(!codes(&f).contains(&"LCG-COPIES"));
    }

    #[test]
    fn three_copies_of_set_109_are_reported_once() {
        let deck = deck("aff-jedi", &[(109, 3), (2, 2), (3, 2), (4, 2), (5, 1)]);
        assert_eq!(codes(&run(&deck)), ["LCG-ERRATA"]);
    }
}
