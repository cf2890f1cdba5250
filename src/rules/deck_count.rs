//! A submission has as many decks as its format plays: Trilogy three (CR 9.3.1A), others one.

use super::{Code, Context, Findings, Rule, Violation};
use crate::deck::Deck;

pub struct DeckCount;

impl Rule for DeckCount {
    fn name(&self) -> &'static str {
        "number of decks"
    }

    fn check(&self, ctx: &Context<'_>, decks: &[Deck], out: &mut Findings) {
        let expected = ctx.def.decks as usize;
        if decks.len() != expected {
            let section = if expected == 3 {
                "CR 9.3.1A"
            } else {
                "CR 9.1.1"
            };
            out.violation(
                Violation::new(
                    Code::WrongNumberOfDecks,
                    section,
                    format!(
                        "{} is played with {expected} deck{}; {} were given.",
                        ctx.def.name,
                        if expected == 1 { "" } else { "s" },
                        decks.len()
                    ),
                )
                .numbers(expected as u64, decks.len() as u64),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::data::FormatId;
    use crate::rules::fixture::*;
    use crate::rules::{CheckOptions, Code, check};
    use jiff::civil::date;

    #[test]
    fn trilogy_needs_three_decks() {
        let deck = legal_premier().build();
        let options = CheckOptions::new(FormatId::Trilogy, date(2026, 11, 22));
        let report = check(checker(), &[deck], vec![], &options);
        let v = report
            .violations
            .iter()
            .find(|v| v.code == Code::WrongNumberOfDecks)
            .unwrap();
        assert_eq!((v.expected, v.actual), (Some(3), Some(1)));
    }
}
