//! LEG-MODE (deckcheck): the mode asked existed on the date checked (its first dated fact).
//! Source: the mode's dates in card_data/legion/modes.toml (REG v1.1 for Standard).

use crate::messages::{say, text};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use jiff::civil::Date;
use serde::Serialize;

use super::Ctx;

pub const CODE: Code = Code::new("LEG-MODE");

pub struct Mode;

/// A mode asked for before its first known date.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct NotPlayedYet {
    pub first: Date,
}

impl Explain for NotPlayedYet {
    fn message(&self, _cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "legion-not-played-yet",
            [("first", text(self.first.to_string()))],
        )
    }
}

impl Rule<Ctx<'_>> for Mode {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "the mode did not exist yet on the date checked",
        }]
    }

    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        let Some(first) = cx.mode.points.entries().first() else {
            return;
        };
        if cx.as_of < first.from {
            // The first date we have is the earliest source, not a proven start.
            out.violation(
                Violation::of(CODE, first, NotPlayedYet { first: first.from }).unconfirmed(
                    "The first date of a mode in our data is the earliest source we have; it may have been played before it.",
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;
    use jiff::civil::date;

    #[test]
    fn escalation_before_legion_hq_had_it_is_reported() {
        let f = findings("rebels/800:1ab00,3ah000", "escalation", date(2024, 1, 1));
        let v = f.violations.iter().find(|v| v.code == super::CODE).unwrap();
        assert!(!v.is_certain(), "the date is Legion HQ's, unconfirmed");
        let f = findings("rebels/800:1ab00,3ah000", "escalation", TODAY);
        assert!(f.violations.iter().all(|v| v.code != super::CODE));
    }
}
