//! LEG-POOL: the cards were released on the date checked. Legion HQ's data has no release
//! dates, only `isUnreleased` ("Aug 2026", "Q4 2026") at its snapshot (2026-08-05): a card
//! flagged for a later month or quarter is illegal before it; within or after it the date is
//! unknown (unverified); before the snapshot the pool cannot be rebuilt (unverified). Source:
//! REG Legal Products L212; cards.json `isUnreleased`.

use crate::messages::{say, text};
use deckcheck_core::l10n::{self, number};
use deckcheck_core::wording::{is_are, names};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, NoteKind, Rule, Violation};
use serde::Serialize;

use super::Ctx;
use crate::catalog::before_release_window;

pub const CODE: Code = Code::new("LEG-POOL");

pub struct Pool;

/// Cards Legion HQ marks as released in a later month or quarter.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct NotReleasedYet {
    /// When Legion HQ says they come out: "Aug 2026", "Q4 2026".
    pub when: String,
}

impl Explain for NotReleasedYet {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "legion-not-released-yet",
            [
                ("cards", text(l10n::names(lang, cards))),
                ("count", number(cards.len() as u64)),
                ("when", text(self.when.as_str())),
            ],
        )
    }
}

impl Rule<Ctx<'_>> for Pool {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "a card was not released on the date checked",
        }]
    }
    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        let mut early: Vec<(String, Vec<CardRef>)> = Vec::new();
        let mut unsure = Vec::new();
        super::for_each_card(cx.army, |card, line| {
            let c = cx.card(card);
            let Some(when) = c.unreleased.as_deref() else {
                return;
            };
            let r = cx.card_ref(card, line);
            match before_release_window(when, cx.as_of) {
                Some(true) => match early.iter_mut().find(|(w, _)| w == when) {
                    Some((_, cards)) if !cards.contains(&r) => cards.push(r),
                    Some(_) => {}
                    None => early.push((when.to_string(), vec![r])),
                },
                _ if !unsure.contains(&r) => unsure.push(r),
                _ => {}
            }
        });
        for (when, cards) in early {
            let late = NotReleasedYet { when };
            out.violation(Violation::new(CODE, "REG Legal Products L212", late).cards(cards));
        }
        if !unsure.is_empty() {
            out.note(
                NoteKind::Unverified,
                Some("REG Legal Products L212"),
                format!(
                    "{} {} marked unreleased in Legion HQ's data of {} with no exact release date; whether {} legal on {} is not known.",
                    names(&unsure),
                    is_are(unsure.len()),
                    cx.data.army.snapshot,
                    if unsure.len() == 1 { "it is" } else { "they are" },
                    cx.as_of
                ),
            );
        }
        if cx.as_of < cx.data.army.snapshot {
            out.note(
                NoteKind::Unverified,
                Some("REG Legal Products L212"),
                format!(
                    "The card pool on {} cannot be rebuilt: Legion HQ's data (of {}) has no release dates, so whether every card was out then is not known.",
                    cx.as_of, cx.data.army.snapshot
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;
    use super::*;
    use jiff::civil::date;

    #[test]
    fn a_card_marked_for_q4_2026_is_illegal_before_october() {
        let link = "rebels/1000:1ab00,3ah000,1appl";
        let early = findings(link, "standard", date(2026, 9, 1));
        assert!(early.violations.iter().any(|v| v.code == CODE));
        let later = findings(link, "standard", TODAY);
        assert!(later.violations.iter().all(|v| v.code != CODE));
        assert!(later.notes.iter().any(|n| n.kind == NoteKind::Unverified));
    }
}
