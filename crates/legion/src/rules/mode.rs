//! LEG-MODE (deckcheck): the mode asked existed on the date checked (its first dated fact).
//! Source: the mode's dates in card_data/legion/modes.toml (REG v1.1 for Standard).

use deckcheck_core::{Code, Confidence, Findings, Violation};

use super::{Ctx, Rule};

pub const CODE: Code = Code::new("LEG-MODE");

pub struct Mode;

fn message(v: &Violation) -> String {
    format!(
        "This mode was not played yet on this date: its first known date is {}.",
        Some(v.get("detail"))
            .filter(|d| !d.is_empty())
            .unwrap_or("later")
    )
}

impl Rule for Mode {
    fn code(&self) -> Code {
        CODE
    }
    fn meaning(&self) -> &'static str {
        "the mode did not exist yet on the date checked"
    }
    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        let Some(first) = cx.mode.points.entries().first() else {
            return;
        };
        if cx.as_of < first.from {
            // The first date we have is the earliest source, not a proven start.
            let mut v =
                Violation::rendered_of(CODE, first, message).with("detail", first.from.to_string());
            v.confidence = Confidence::Unconfirmed;
            v.caveat = Some(
                "The first date of a mode in our data is the earliest source we have; it may have been played before it."
                    .into(),
            );
            out.violation(v);
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
