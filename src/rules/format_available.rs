//! A format can only be played from the day it exists (Eternal from 2026-03-13, CR 9.2.2D).

use super::{Code, Context, Findings, Rule, Violation};
use crate::deck::Deck;

pub struct FormatAvailable;

impl Rule for FormatAvailable {
    fn name(&self) -> &'static str {
        "format available"
    }

    fn check(&self, ctx: &Context<'_>, _decks: &[Deck], out: &mut Findings) {
        let first = &ctx.def.available.0[0];
        match ctx.at(&ctx.def.available) {
            Some(fact) => out.note_if_unconfirmed(fact),
            None => out.violation(
                Violation::new(
                    Code::FormatNotAvailable,
                    first.section.clone(),
                    format!(
                        "{} did not exist yet on {}; it can be played from {}.",
                        ctx.def.name, ctx.as_of, first.from
                    ),
                )
                .caveat(first.confidence, first.notes.as_deref()),
            ),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::data::FormatId;
    use crate::rules::Code;
    use crate::rules::fixture::*;
    use jiff::civil::date;

    #[test]
    fn eternal_cannot_be_played_before_a_lawless_time_released() {
        let deck = legal_premier().build();
        let before = check_one(&deck, FormatId::Eternal, date(2026, 3, 12));
        assert!(before.has(Code::FormatNotAvailable));
        let on = check_one(&deck, FormatId::Eternal, date(2026, 3, 13));
        assert!(!on.has(Code::FormatNotAvailable));
    }
}
