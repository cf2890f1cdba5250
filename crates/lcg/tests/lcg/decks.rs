//! Every deck file of `decks/` and its verdict, on the real catalog: each rule id illegal, and
//! legal decks that every rule passes. OCTGN's Core Set starter decks (db0/Star-Wars-LCG-OCTGN
//! `o8g/Decks/Core-Starter-*.o8d`, written here as they are there) have eight objective sets:
//! illegal by LCG-MIN-10 only.

use deckcheck_core::{NoteKind, Verdict};
use jiff::civil::{Date, date};

use crate::support::{TODAY, codes, deck_file, game, validate};

struct Case {
    file: &'static str,
    as_of: Date,
    verdict: Verdict,
    codes: &'static [&'static str],
}

const fn case(file: &'static str, verdict: Verdict, codes: &'static [&'static str]) -> Case {
    Case {
        file,
        as_of: TODAY,
        verdict,
        codes,
    }
}

use Verdict::{Illegal, Legal, Unverified};

const CASES: &[Case] = &[
    case("core-starter-jedi.o8d", Illegal, &["LCG-MIN-10"]),
    case("core-starter-rebel-alliance.o8d", Illegal, &["LCG-MIN-10"]),
    case("core-starter-sith.o8d", Illegal, &["LCG-MIN-10"]),
    case("core-starter-imperial-navy.o8d", Illegal, &["LCG-MIN-10"]),
    case("jedi-ten-sets.o8d", Legal, &[]),
    case("jedi-ten-sets-bom-crlf.o8d", Legal, &[]),
    case("sith-ten-sets.o8d", Legal, &[]),
    case("smugglers-and-spies.txt", Legal, &[]),
    case("scum-and-villainy.txt", Legal, &[]),
    case("pods-forgiving.txt", Legal, &[]),
    case("restricted-one-of-each-group.txt", Legal, &[]),
    case("guardians-of-justice.txt", Legal, &[]),
    case("mission.txt", Legal, &[]),
    case("darkness-and-light.txt", Legal, &[]),
    case("no-affiliation.o8d", Illegal, &["LCG-AFFILIATION"]),
    case("two-affiliations.txt", Illegal, &["LCG-AFFILIATION"]),
    case("dark-set-in-light-deck.txt", Illegal, &["LCG-SIDE"]),
    case("pod-missing-card.o8d", Illegal, &["LCG-POD"]),
    case("pod-added-card.o8d", Illegal, &["LCG-POD"]),
    case("orphan-card.o8d", Illegal, &["LCG-POD"]),
    case("challenge-deck-card.o8d", Illegal, &["LCG-NOT-IN-POD"]),
    case("three-copies.txt", Illegal, &["LCG-COPIES"]),
    case("limit-one-twice.txt", Illegal, &["LCG-COPIES"]),
    case("gamor-run-twice.txt", Illegal, &["LCG-ERRATA"]),
    case("affiliation-only.txt", Illegal, &["LCG-AFFILIATION-ONLY"]),
    case(
        "restricted-groups.txt",
        Illegal,
        &["LCG-RESTRICTED", "LCG-RESTRICTED"],
    ),
    case(
        "guardians-wrong-counts.txt",
        Illegal,
        &["LCG-ALT-AFFILIATION", "LCG-ALT-AFFILIATION"],
    ),
    case(
        "guardians-third-affiliation.txt",
        Illegal,
        &["LCG-ALT-AFFILIATION", "LCG-ALT-AFFILIATION"],
    ),
    case("mission-in-objective-deck.o8d", Illegal, &["LCG-MISSION"]),
    case("objective-in-command-deck.o8d", Illegal, &["LCG-SECTION"]),
    case("unknown-card.o8d", Unverified, &["LCG-UNKNOWN"]),
    case("typo.txt", Unverified, &["LCG-MIN-10"]),
    Case {
        file: "darkness-and-light.txt",
        as_of: date(2014, 8, 1),
        verdict: Illegal,
        codes: &["LCG-POOL"],
    },
    Case {
        file: "gamor-run-twice.txt",
        as_of: date(2014, 10, 5),
        verdict: Unverified,
        codes: &[],
    },
];

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn every_deck_file_gets_its_verdict_and_exactly_its_violations() {
    let game = game();
    let mut failures = Vec::new();
    for case in CASES {
        let answer = validate(game, &[&deck_file(case.file)], case.as_of);
        let report = &answer.reports[0].report;
        let got = codes(&answer);
        if report.verdict != case.verdict || got != case.codes {
            failures.push(format!(
                "{} on {}: {:?} {:?}, expected {:?} {:?}\n  {:#?}\n  {:#?}",
                case.file,
                case.as_of,
                report.verdict,
                got,
                case.verdict,
                case.codes,
                report.violations,
                answer.decks[0].diagnostics
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn every_rule_id_is_broken_by_a_deck_file_or_pair() {
    let game = game();
    let mut seen: Vec<&str> = CASES.iter().flat_map(|c| c.codes.iter().copied()).collect();
    seen.push("LCG-PAIR"); // two_light_side_decks_are_not_a_registration
    for code in &game.info().codes {
        assert!(
            seen.contains(&code.code.as_str()),
            "{} has no deck",
            code.code
        );
    }
    assert!(CASES.iter().filter(|c| c.verdict == Legal).count() >= 8);
    assert!(CASES.len() >= 30);
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn octgns_starter_decks_fail_only_for_having_eight_objective_sets() {
    let game = game();
    for file in [
        "core-starter-jedi.o8d",
        "core-starter-rebel-alliance.o8d",
        "core-starter-sith.o8d",
        "core-starter-imperial-navy.o8d",
    ] {
        let answer = validate(game, &[&deck_file(file)], TODAY);
        let report = &answer.reports[0].report;
        assert!(answer.decks[0].diagnostics.is_empty(), "{file}");
        assert_eq!(report.violations.len(), 1, "{file}");
        let v = serde_json::to_value(&report.violations[0]).unwrap();
        assert_eq!(v["code"], "LCG-MIN-10");
        assert_eq!(
            v["message"],
            "This deck has 8 objective sets; a deck has at least 10 (there is no maximum)."
        );
        assert_eq!(
            (v["expected"].as_u64(), v["actual"].as_u64()),
            (Some(10), Some(8))
        );
        let view = answer.decks[0].view.as_ref().unwrap();
        let counts: Vec<u64> = view.sections.iter().map(|s| s.count).collect();
        assert_eq!(
            counts,
            [1, 8, 40],
            "{file}: affiliation, objectives, command cards"
        );
    }
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn a_light_and_a_dark_deck_are_judged_together_as_a_registration() {
    let game = game();
    let answer = validate(
        game,
        &[
            &deck_file("jedi-ten-sets.o8d"),
            &deck_file("sith-ten-sets.o8d"),
        ],
        TODAY,
    );
    assert_eq!(answer.reports.len(), 1);
    assert_eq!(answer.reports[0].decks, [0, 1]);
    assert!(answer.legal, "{:#?}", answer.reports);
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn two_light_side_decks_are_not_a_registration() {
    let game = game();
    let answer = validate(
        game,
        &[
            &deck_file("jedi-ten-sets.o8d"),
            &deck_file("smugglers-and-spies.txt"),
        ],
        TODAY,
    );
    assert_eq!(codes(&answer), ["LCG-PAIR"]);
    let v = serde_json::to_value(&answer.reports[0].report.violations[0]).unwrap();
    assert_eq!(
        v["message"],
        "Both decks are light side decks; a registration is one light side deck and one dark side deck."
    );
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn a_violation_in_a_pair_names_its_deck() {
    let game = game();
    let answer = validate(
        game,
        &[
            &deck_file("core-starter-sith.o8d"),
            &deck_file("jedi-ten-sets.o8d"),
        ],
        TODAY,
    );
    let v = &answer.reports[0].report.violations[0];
    assert_eq!((v.code.as_str(), v.deck), ("LCG-MIN-10", Some(1)));
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn a_misspelled_title_gets_did_you_mean_and_leaves_the_deck_unverified() {
    let game = game();
    let answer = validate(game, &[&deck_file("typo.txt")], TODAY);
    let d = &answer.decks[0].diagnostics[0];
    assert_eq!(
        (d.code.as_str(), d.at.as_str()),
        ("unknown-card", "line 12")
    );
    assert!(
        d.message.starts_with(
            "no objective set is called \"The Defence of Cloud Citty\". Did you mean The Defense of Cloud City (73)"
        ),
        "{}",
        d.message
    );
    assert_eq!(&*d.candidates[0].title, "The Defense of Cloud City");
    let report = &answer.reports[0].report;
    assert_eq!(report.verdict, Verdict::Unverified);
    assert!(
        report.violations[0].caveat.is_some(),
        "MIN-10 is not certain"
    );
}

#[test]
#[ignore = "needs ../shared: the LCG data (../shared/data/swlcg)"]
fn the_2v2_format_says_once_that_team_limits_are_not_checked() {
    let game = game();
    let mut r = crate::support::request(&[&deck_file("jedi-ten-sets.o8d")], "2v2", TODAY);
    r.formats = vec!["2v2".into()];
    let answer = game.validate(&r).unwrap();
    let report = &answer.reports[0].report;
    assert_eq!(report.verdict, Verdict::Legal);
    let coverage: Vec<&str> = report
        .notes
        .iter()
        .filter(|n| n.kind == NoteKind::Coverage)
        .map(|n| n.message.as_str())
        .collect();
    assert_eq!(coverage.len(), 2, "{coverage:?}");
    assert!(coverage[0].starts_with("The team deckbuilding limits of 2v2"));
}
