//! Issue 28, item 4, as Legion sees it: an unknown card is `unverified` in every game, with
//! did-you-mean. Armies naming a card Legion HQ's data lacks (a misspelled name, an unknown id)
//! judged on dates around the rules' changes: the verdict, each violation with the section it
//! cites, the sections of the notes, and the cards the diagnostic suggests.

use deckcheck_core::Verdict::{self, Illegal, Unverified};
use jiff::civil::{Date, date};

use super::common::{TODAY, any, game, request};
use super::dates::UNITS;
use super::inputs::TTS;

/// The Tabletop Simulator army with Tauntaun Riders misspelled.
fn misspelled() -> String {
    TTS.replacen("\"Tauntaun Riders\"", "\"Tauntan Riders\"", 1)
}

/// The 1,000-point link army with a unit id Legion HQ does not have.
fn unknown_id() -> String {
    format!("{UNITS},1zz00")
}

/// One dated case: the list, the mode, the date; the verdict, every violation with its section,
/// the sections the notes cite, and a card the diagnostics suggest.
type Case = (
    fn() -> String,
    &'static str,
    Date,
    Verdict,
    &'static [(&'static str, &'static str)],
    &'static [&'static str],
    Option<&'static str>,
);

const POOL: &str = "REG Legal Products L212";

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn the_dated_cases_of_issue_28_for_an_unknown_card_cite_the_section_in_force() {
    let g = game();
    #[rustfmt::skip]
    let cases: [Case; 4] = [
        // Today: a name a keystroke from a unit's, with did-you-mean; nothing else is wrong.
        (misspelled, "standard", TODAY, Unverified, &[], &[], Some("Tauntaun Riders")),
        // Before Legion HQ's snapshot (2026-08-05) the pool cannot be rebuilt either.
        (misspelled, "standard", date(2026, 6, 1), Unverified, &[], &[POOL], Some("Tauntaun Riders")),
        // An id the data lacks: unverified, never illegal for that alone.
        (unknown_id, "standard", TODAY, Unverified, &[], &[], None),
        // Rules the army breaks for certain make it illegal; the unknown card stays a diagnostic
        // (the regulations of 2018: 800 points and their rank table, before 2024-07-24).
        (unknown_id, "standard", date(2023, 8, 1), Illegal, &[
            ("LEG-POINTS", "REG Army Building L140"),
            ("LEG-RANK", "REG Army Building L140 (Rules Reference rank table)"),
        ], &[POOL], None),
    ];
    let mut failures = Vec::new();
    for (list, mode, on, verdict, violations, notes, suggested) in cases {
        let answer = any(g).validate(&request(&list(), &[mode], on)).unwrap();
        let report = &answer.reports[0].report;
        let got: Vec<(&str, &str)> = report
            .violations
            .iter()
            .map(|v| (v.code.as_str(), v.section.as_str()))
            .collect();
        let cited: Vec<&str> = report
            .notes
            .iter()
            .filter_map(|n| n.section.as_deref())
            .collect();
        let candidates: Vec<&str> = answer.decks[0]
            .diagnostics
            .iter()
            .flat_map(|d| d.candidates.iter().map(|c| &*c.title))
            .collect();
        if report.verdict != verdict
            || got != violations
            || !notes.iter().all(|n| cited.contains(n))
            || answer.decks[0].diagnostics.is_empty()
            || suggested.is_some_and(|s| !candidates.contains(&s))
        {
            failures.push(format!(
                "{mode} on {on}: expected {verdict:?} {violations:?} noting {notes:?} suggesting {suggested:?}; got {:?} {got:?} noting {cited:?} suggesting {candidates:?}",
                report.verdict
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
