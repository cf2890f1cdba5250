//! A submission has as many decks as its format plays: Trilogy three (CEG 9.1.3; CR 9.3.1A),
//! others one.

use deckcheck_core::{Findings, Violation};

use super::codes::WRONG_NUMBER_OF_DECKS;
use super::{Context, Rule, plural};

pub struct DeckCount;

fn message(v: &Violation) -> String {
    let given = v.actual.unwrap_or(0);
    format!(
        "{} is played with {}; {} {} given.",
        v.get("format"),
        plural(v.expected.unwrap_or(0), "deck", "decks"),
        given,
        if given == 1 { "was" } else { "were" }
    )
}

impl Rule for DeckCount {
    fn name(&self) -> &'static str {
        "number of decks"
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let expected = ctx.format.decks as usize;
        let given = ctx.decks().len();
        if given != expected {
            let rule = if expected > 1 {
                "deck-count"
            } else {
                "deck-count-one"
            };
            out.violation(
                Violation::rendered(WRONG_NUMBER_OF_DECKS, ctx.cite(rule), message)
                    .with("format", &ctx.format.name)
                    .numbers(expected as u64, given as u64),
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
    fn trilogy_needs_three_decks() {
        let deck = legal_premier().build();
        let options = Check::new("trilogy", date(2026, 11, 22));
        let report = options.run(&[deck]);
        let v = report
            .violations
            .iter()
            .find(|v| v.code == codes::WRONG_NUMBER_OF_DECKS)
            .unwrap();
        assert_eq!((v.expected, v.actual), (Some(3), Some(1)));
    }
}
