//! A format can only be played from the day it exists (Eternal from 2026-03-13, Trilogy from
//! CR 5.0), and while it exists; the section is the one that brought the format in.

use deckcheck_core::{Findings, Violation};

use super::codes::FORMAT_NOT_AVAILABLE;
use super::{Context, Rule};

pub struct FormatAvailable;

fn message(v: &Violation) -> String {
    match v.get("from") {
        "" => format!("{} is not played on {}.", v.get("format"), v.get("date")),
        from => format!(
            "{} did not exist yet on {}; it can be played from {from}.",
            v.get("format"),
            v.get("date")
        ),
    }
}

impl Rule for FormatAvailable {
    fn name(&self) -> &'static str {
        "format available"
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let available = &ctx.format.available;
        match ctx.at(available) {
            Some(fact) if fact.value => out.resting_on(fact),
            Some(fact) => out.violation(
                Violation::rendered_of(FORMAT_NOT_AVAILABLE, fact, message)
                    .with("format", &ctx.format.name)
                    .with("date", ctx.as_of),
            ),
            None => {
                let Some(first) = available.entries().first() else {
                    return;
                };
                out.violation(
                    Violation::rendered_of(FORMAT_NOT_AVAILABLE, first, message)
                        .with("format", &ctx.format.name)
                        .with("date", ctx.as_of)
                        .with("from", first.from),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::codes;
    use crate::rules::fixture::*;
    use jiff::civil::date;

    #[test]
    fn eternal_cannot_be_played_before_a_lawless_time_released() {
        let deck = legal_premier().build();
        let before = check_one(&deck, "eternal", date(2026, 3, 12));
        assert!(before.has(codes::FORMAT_NOT_AVAILABLE));
        let on = check_one(&deck, "eternal", date(2026, 3, 13));
        assert!(!on.has(codes::FORMAT_NOT_AVAILABLE));
    }
}
