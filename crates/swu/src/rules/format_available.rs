//! A format can only be played from the day it exists (Eternal from 2026-03-13, Trilogy from
//! CR 5.0), and while it exists; the section is the one that brought the format in. Where no
//! published source fixes the first day (Trilogy between its announcement of 2025-06-18 and
//! CR 5.0 of 2025-07-04), that span's entry is unconfirmed: the answer is unverified and says
//! why. Before the format's first entry it surely did not exist: the violation cites the first
//! sure entry and its day.

use crate::messages::{say, text};
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
    fn message(&self, _cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let mut args = vec![
            ("format", text(self.format.as_str())),
            ("date", text(self.date.to_string())),
        ];
        match self.from {
            None => say(lang, "swu-not-available", args),
            Some(from) => {
                args.push(("from", text(from.to_string())));
                say(lang, "swu-not-available-yet", args)
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
                let entries = available.entries();
                let Some(first) = entries
                    .iter()
                    .find(|d| !d.confidence.leaves_unverified())
                    .or(entries.first())
                else {
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

    #[test]
    fn trilogy_between_its_announcement_and_its_rules_is_unverified_and_says_why() {
        // Three Premier decks sharing no leader, base or card: legal Trilogy once it exists.
        // (Data Vault asks for 60 cards.)
        let deck = |leader: &str, base: &str, first: u32, fillers: u32| {
            let mut b = DeckBuilder::new(catalog()).leader(leader).base(base);
            for n in first..first + fillers {
                b = b.main(&format!("SOR_{}", 301 + n), 3);
            }
            b.build()
        };
        let decks = [
            deck("SOR_017", "SOR_020", 0, 17),
            deck("SOR_005", "JTL_024", 17, 20),
            deck("SOR_010", "JTL_025", 37, 17),
        ];
        let legal = Check::new("trilogy", date(2025, 7, 4)).run(&decks);
        assert!(legal.legal, "{:#?}", legal.violations);
        let before = Check::new("trilogy", date(2025, 6, 17)).run(&decks);
        let v = &before.violations[0];
        assert_eq!(v.code, codes::FORMAT_NOT_AVAILABLE);
        assert!(
            v.is_certain(),
            "before the announcement it surely did not exist"
        );
        assert_eq!(v.section, "CR 9.3");
        assert_eq!(
            v.message(),
            "Trilogy did not exist yet on 2025-06-17; it can be played from 2025-07-04."
        );
        let between = Check::new("trilogy", date(2025, 7, 3)).run(&decks);
        assert!(!between.has(codes::FORMAT_NOT_AVAILABLE));
        assert_eq!(between.verdict, deckcheck_core::Verdict::Unverified);
        let note = &between.notes[0];
        assert_eq!(
            note.section.as_deref(),
            Some("Three Decks, One Duel (2025-06-18)")
        );
        assert!(note.message.contains("4 July 2025"), "{}", note.message);
    }
}
