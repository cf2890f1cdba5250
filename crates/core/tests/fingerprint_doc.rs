//! `docs/fingerprint.md`, the specification another tool follows: each worked example's
//! canonical form hashes to the fingerprint printed under it, and every game has one.

use deckcheck_core::Fingerprint;
use deckcheck_core::fingerprint::SCHEME;

const PAGE: &str = include_str!("../../../docs/fingerprint.md");

/// Each worked example of the page: its canonical form (the text of a `canonical` block, every
/// line ended by `\n`) and the fingerprint printed after it.
fn examples() -> Vec<(&'static str, &'static str)> {
    let mut out = Vec::new();
    let mut rest = PAGE;
    while let Some(start) = rest.find("```canonical\n") {
        let body = &rest[start + "```canonical\n".len()..];
        let end = body.find("```").expect("a canonical block is closed");
        let after = &body[end..];
        let label = "Fingerprint: `";
        let at = after
            .find(label)
            .expect("a fingerprint follows each canonical form");
        let printed = after[at + label.len()..].split('`').next().unwrap();
        out.push((&body[..end], printed));
        rest = &after[at + label.len()..];
    }
    out
}

#[test]
fn every_canonical_form_of_the_page_hashes_to_the_fingerprint_printed_under_it() {
    let examples = examples();
    assert!(!examples.is_empty(), "the page has worked examples");
    for (canonical, printed) in examples {
        assert_eq!(Fingerprint::of(canonical).as_str(), printed, "{canonical}");
    }
}

#[test]
fn the_page_works_an_example_of_every_game() {
    let games: Vec<&str> = examples()
        .iter()
        .map(|(canonical, _)| canonical.lines().next().unwrap())
        .collect();
    let expected: Vec<String> = ["swu", "lcg", "ccg", "legion"]
        .iter()
        .map(|g| format!("{SCHEME} {g}"))
        .collect();
    assert_eq!(games, expected);
}
