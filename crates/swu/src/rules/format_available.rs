//! A format can only be played from the day it exists (Eternal from 2026-03-13, Trilogy from
//! CR 5.0), and while it exists; the section is the one that brought the format in.

use deckcheck_core::{CardRef, CodeInfo, Explain, Findings, Rule, Violation};
use jiff::civil::Date;
use serde::Serialize;

use super::Context;
use super::codes::FORMAT_NOT_AVAILABLE;

pub struct FormatAvailable;

/// A format asked for on a day it was not played.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct NotAvailable {
    pub format: String,
    pub date: Date,
    /// The first day it was played, when that came after the date checked.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<Date>,
}

impl Explain for NotAvailable {
    fn message(&self, _cards: &[CardRef]) -> String {
        let (format, date) = (&self.format, self.date);
        match self.from {
            None => format!("{format} is not played on {date}."),
            Some(from) => {
                format!("{format} did not exist yet on {date}; it can be played from {from}.")
            }
        }
    }
}

impl Rule<Context<'_>> for FormatAvailable {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: FORMAT_NOT_AVAILABLE,
            meaning: "The format did not exist yet on the date checked (Eternal before 2026-03-13).",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let available = &ctx.format.available;
        let data = |from| NotAvailable {
            format: ctx.format.name.clone(),
            date: ctx.as_of,
            from,
        };
        match ctx.at(available) {
            Some(fact) if fact.value => out.resting_on(fact),
            Some(fact) => out.violation(Violation::of(FORMAT_NOT_AVAILABLE, fact, data(None))),
            None => {
                let Some(first) = available.entries().first() else {
                    return;
                };
                out.violation(Violation::of(
                    FORMAT_NOT_AVAILABLE,
                    first,
                    data(Some(first.from)),
                ));
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
