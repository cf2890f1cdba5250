//! Item 5: "where can I play this?" (`format = all`): the formats that exist on the date, each
//! legal, illegal with why, or unverified; those that cannot be judged without a pool say so in
//! `summary.needs`, and the top-level `legal` answers for the formats that could be judged.

use deckcheck_core::Verdict;
use jiff::civil::date;

use super::support::*;

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn all_asks_every_format_that_exists_on_the_date() {
    let game = game();
    let answer = validate(game, &wichita("swudb.json"), "all", date(2025, 1, 15));
    let formats: Vec<&str> = answer
        .reports
        .iter()
        .map(|j| j.report.format.as_str())
        .collect();
    // No Eternal (2026-03-13) and no Trilogy (2025-07-04) yet.
    assert_eq!(formats, ["premier", "twin-suns", "sealed", "draft"]);
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_premier_deck_is_playable_where_it_is_legal_and_the_pool_formats_say_they_need_one() {
    // Regression for issue 18, item 5: the top-level answer to `all` was never true.
    let game = game();
    let answer = validate(game, &wichita("swudb.json"), "all", date(2025, 1, 15));
    let s = &answer.summary;
    assert_eq!(s.legal, ["premier"]);
    assert_eq!(s.illegal, ["twin-suns"]);
    assert_eq!(s.unverified, ["sealed", "draft"]);
    assert_eq!(
        s.needs.get("sealed").map(Vec::as_slice),
        Some(&["pool"][..])
    );
    assert_eq!(s.needs.get("draft").map(Vec::as_slice), Some(&["pool"][..]));
    assert!(answer.legal, "playable in Premier");
    let twin = answer
        .reports
        .iter()
        .find(|j| j.report.format == "twin-suns")
        .unwrap();
    assert!(
        twin.report
            .violations
            .iter()
            .any(|v| v.code.as_str() == "leader-count"),
        "illegal with why"
    );
    let sealed = answer
        .reports
        .iter()
        .find(|j| j.report.format == "sealed")
        .unwrap();
    assert_eq!(
        sealed.report.verdict,
        Verdict::Unverified,
        "never legal without a pool"
    );
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_rotated_deck_is_still_playable_in_eternal_and_twin_suns_formats_it_fits() {
    let game = game();
    let answer = validate(game, &wichita("swudb.json"), "all", date(2026, 11, 22));
    assert_eq!(answer.summary.legal, ["eternal"]);
    assert!(answer.summary.illegal.contains(&"premier".to_string()));
    assert!(answer.legal);
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn named_formats_are_each_held_against_the_deck() {
    let game = game();
    let named = game
        .validate(&request(
            &[&wichita("swudb.json")],
            &["premier,sealed"],
            date(2025, 1, 15),
        ))
        .unwrap();
    assert!(
        !named.legal,
        "sealed was named and cannot be judged without a pool"
    );
    let premier = validate(game, &wichita("swudb.json"), "premier", date(2025, 1, 15));
    assert!(premier.legal);
}
