//! Issue 36, item 5, as a table of dated cases on the real data: Star Wars CCG Classic on a
//! date when the Players Committee's Classic, as GEMP plays it (its format file since at least
//! 2020-06-15), bans Defensive Shields: a deck with a shield outside it is not legal, the icon
//! rule citing its source; the 2006 guide's list is the reading of the guide's own day, and
//! `classic-2006` on any day; between the two the switch date is unknown, so the answer is
//! unverified with the reason, never legal on the older reading.

use deckcheck_core::{Game, Imported, Report};

use crate::helpers::read_deck;
use crate::real;

/// A Dark deck whose only card any Classic bans is Battle Order, a Defensive Shield outside it.
const SHIELD: &str = "battle-order.txt";
const GEMP: &str = "PEER GEMP swccgFormats.json (classic bannedIcons)";
const GUIDE: &str = "REG Classic Format Ban List L308-313";

/// A format on a date: the verdict, every violation code with whether it is certain, and a
/// section the answer cites (a violation's or a note's; "" for a legal answer citing nothing).
type Case = (
    &'static str,
    &'static str,
    &'static str,
    &'static [(&'static str, bool)],
    &'static str,
);

fn cases() -> Vec<Case> {
    #[rustfmt::skip]
    let table: Vec<Case> = vec![
        // Today, and on GEMP's first known file: the PC's Classic bans the shield.
        ("classic", "2026-11-22", "illegal", &[("CCG-ICON", true)], GEMP),
        ("classic", "2020-06-15", "illegal", &[("CCG-ICON", true)], GEMP),
        ("classic-gemp", "2026-11-22", "illegal", &[("CCG-ICON", true)], GEMP),
        // Between the guide and GEMP's file: whether shields were banned is not known.
        ("classic", "2020-06-14", "unverified", &[("CCG-ICON", false)], GEMP),
        ("classic", "2010-01-01", "unverified", &[("CCG-ICON", false)], GEMP),
        // The guide's own day: its list, which does not name shields.
        ("classic", "2006-07-03", "legal", &[], ""),
        // The guide's list on any date, saying today's Classic bans the shield.
        ("classic-2006", "2026-11-22", "legal", &[], GUIDE),
        ("classic-2006", "2010-01-01", "legal", &[], GUIDE),
        ("open", "2026-11-22", "legal", &[], ""),
    ];
    table
}

fn cited(report: &Report) -> Vec<String> {
    let mut sections: Vec<String> = report
        .violations
        .iter()
        .map(|v| v.section.to_string())
        .collect();
    sections.extend(report.notes.iter().filter_map(|n| n.section.clone()));
    sections
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn the_dated_cases_of_issue_36_item_5_judge_classic_by_the_reading_in_force() {
    let game = real!();
    let imported: Imported<_> = game.import(&read_deck(SHIELD), None).unwrap();
    let mut failures = Vec::new();
    for (format, date, verdict, want, cites) in cases() {
        let as_of: jiff::civil::Date = date.parse().unwrap();
        let report = game
            .report(
                std::slice::from_ref(&imported.deck),
                imported.unreadable(),
                format,
                as_of,
                false,
            )
            .unwrap();
        let got: Vec<(&str, bool)> = report
            .violations
            .iter()
            .map(|v| (v.code.as_str(), v.is_certain()))
            .collect();
        let sections = cited(&report);
        if report.verdict.as_str() != verdict
            || got != want
            || !(cites.is_empty() || sections.iter().any(|s| s == cites))
        {
            failures.push(format!(
                "{format} on {date}: expected {verdict} {want:?} citing {cites:?}; got {} {got:?} citing {sections:?}: {:?}",
                report.verdict.as_str(),
                report.violations.iter().map(|v| v.message()).collect::<Vec<_>>()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[ignore = "needs ../shared: the CCG data (../shared/data/swccg)"]
fn the_unknown_switch_date_is_said_in_the_answer() {
    let game = real!();
    let imported: Imported<_> = game.import(&read_deck(SHIELD), None).unwrap();
    let report = game
        .report(
            std::slice::from_ref(&imported.deck),
            0,
            "classic",
            jiff::civil::date(2015, 1, 1),
            false,
        )
        .unwrap();
    let v = &report.violations[0];
    assert_eq!(
        v.message(),
        "1 card with a Defensive Shield icon is not legal: Battle Order (13_54, line 54)."
    );
    let why = v.caveat.as_deref().unwrap();
    assert!(
        why.contains("bans them by 15 June 2020; when that ban began is not known")
            && why.contains("classic-2006"),
        "{why}"
    );
}
