//! Issue 28: an unknown card is `unverified` in every game, with did-you-mean. A deck naming an
//! OCTGN id the card data lacks (`decks/unknown-card.o8d`, or the same with a misspelled name)
//! judged on dates around the card data's products: the verdict, each violation with the section
//! it cites, and the cards the diagnostic suggests.

use deckcheck_core::Verdict::{self, Illegal, Unverified};
use jiff::civil::{Date, date};

use crate::support::{TODAY, deck_file, game, validate};

/// The deck file with its unknown card written with a misspelled name of a real card.
fn misspelled() -> String {
    deck_file("unknown-card.o8d").replace(">Carbonite Chamber Guard<", ">Luke Skywalkr<")
}

fn unknown() -> String {
    deck_file("unknown-card.o8d")
}

/// The deck file with one copy of an objective fewer: nine sets, one of them without its
/// objective; illegal whatever the unknown card is.
fn nine_sets() -> String {
    deck_file("unknown-card.o8d").replace(
        "<card qty=\"2\" id=\"ff4fb461-8060-457a-9c16-000000000137\">In You Must Go</card>",
        "<card qty=\"1\" id=\"ff4fb461-8060-457a-9c16-000000000137\">In You Must Go</card>",
    )
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn the_dated_cases_of_issue_28_for_an_unknown_card_cite_the_section_in_force() {
    let game = game();
    type Case = (
        Date,
        fn() -> String,
        Verdict,
        &'static [(&'static str, &'static str)],
        &'static [&'static str],
    );
    const SECTION: &str = "REG Authorized Cards L692-697";
    #[rustfmt::skip]
    let cases: [Case; 5] = [
        // Today: the id is in no product of the data; the name comes close to no card.
        (TODAY, unknown, Unverified, &[("LCG-UNKNOWN", SECTION)], &[]),
        // The same id written with a card's name a keystroke away: did-you-mean names it.
        (TODAY, misspelled, Unverified, &[("LCG-UNKNOWN", SECTION)], &["Luke Skywalker"]),
        // Before every product of the data was out (2018-04-03) and on that day: unverified.
        (date(2013, 4, 1), unknown, Unverified, &[("LCG-UNKNOWN", SECTION)], &[]),
        (date(2018, 4, 3), misspelled, Unverified, &[("LCG-UNKNOWN", SECTION)], &["Luke Skywalker"]),
        // A rule the deck breaks for certain makes it illegal; the unknown card stays unverified.
        (TODAY, nine_sets, Illegal, &[
            ("LCG-UNKNOWN", SECTION),
            ("LCG-POD", "CR p.7 Objective Sets; REG Deck Check Procedure L95-97"),
            ("LCG-MIN-10", "REG Deck Requirements and Size Limits L72-74; CR p.28 Deck Customizing Rules"),
        ], &[]),
    ];
    let mut failures = Vec::new();
    for (on, text, verdict, violations, suggested) in cases {
        let answer = validate(game, &[&text()], on);
        let report = &answer.reports[0].report;
        let got: Vec<(&str, &str)> = report
            .violations
            .iter()
            .map(|v| (v.code.as_str(), v.section.as_str()))
            .collect();
        let unknown = report
            .violations
            .iter()
            .find(|v| v.code.as_str() == "LCG-UNKNOWN");
        let candidates: Vec<&str> = answer.decks[0]
            .diagnostics
            .iter()
            .flat_map(|d| d.candidates.iter().map(|c| &*c.title))
            .collect();
        if report.verdict != verdict
            || got != violations
            || unknown.is_none_or(|v| v.is_certain())
            || !suggested.iter().all(|s| candidates.contains(s))
        {
            failures.push(format!(
                "{on}: expected {verdict:?} {violations:?} suggesting {suggested:?}; got {:?} {got:?} suggesting {candidates:?}",
                report.verdict
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
