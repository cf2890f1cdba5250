//! The name-resolution corpus (`tests/fixtures/name_resolution.toml`): what players type, and
//! what deckcheck must answer — resolved, ambiguous with exactly these candidates, or unknown
//! with the right card among the first three suggestions (issue 3).

use deckcheck_swu::catalog::CardId;
use deckcheck_swu::decklist::resolve::{Lookup, Resolution, Section, resolve_name};
use serde::Deserialize;

use crate::real;

#[derive(Deserialize)]
struct Corpus {
    case: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    why: String,
    section: String,
    title: String,
    subtitle: String,
    outcome: String,
    #[serde(default)]
    card: Option<String>,
    #[serde(default)]
    candidates: Vec<String>,
    #[serde(default)]
    expect_in_top3: Option<String>,
}

fn corpus() -> Corpus {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/fixtures/name_resolution.toml"
    ))
    .unwrap();
    toml::from_str(&text).unwrap()
}

#[test]
fn the_corpus_keeps_at_least_fifty_cases_in_known_sections() {
    let corpus = corpus();
    assert!(
        corpus.case.len() >= 50,
        "the corpus keeps at least 50 cases"
    );
    for case in &corpus.case {
        assert!(
            ["leader", "base", "deck"].contains(&case.section.as_str())
                && ["resolved", "ambiguous", "unknown"].contains(&case.outcome.as_str()),
            "{} / {:?}",
            case.section,
            case.title
        );
    }
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn every_case_of_the_corpus_resolves_as_specified() {
    let swu = real!();
    let catalog = swu.catalog();
    let name = |card: CardId| catalog.card(card).display_name().to_lowercase();
    let corpus = corpus();
    let lookup = Lookup::new(catalog);
    let mut failures = Vec::new();
    for case in &corpus.case {
        let section = match case.section.as_str() {
            "leader" => Section::Leader,
            "base" => Section::Base,
            "deck" => Section::Deck,
            other => panic!("unknown section {other}"),
        };
        let subtitle = Some(case.subtitle.as_str()).filter(|s| !s.is_empty());
        let got = resolve_name(&lookup, section, &case.title, subtitle, true);
        let ok = match (case.outcome.as_str(), &got) {
            ("resolved", Resolution::Resolved { card, .. }) => {
                Some(name(*card)) == case.card.as_ref().map(|c| c.to_lowercase())
            }
            ("ambiguous", Resolution::Ambiguous(cards)) => {
                let mut got: Vec<_> = cards.iter().map(|c| name(c.card)).collect();
                let mut want: Vec<_> = case.candidates.iter().map(|c| c.to_lowercase()).collect();
                got.sort();
                want.sort();
                got == want
            }
            ("unknown", Resolution::Unknown(suggestions)) => match &case.expect_in_top3 {
                Some(expected) => suggestions
                    .iter()
                    .take(3)
                    .any(|c| name(c.card) == expected.to_lowercase()),
                None => true,
            },
            _ => false,
        };
        if !ok {
            let shown = match &got {
                Resolution::Resolved { card, step, .. } => {
                    format!("resolved {} ({step:?})", name(*card))
                }
                Resolution::Ambiguous(c) => format!(
                    "ambiguous {:?}",
                    c.iter().map(|c| name(c.card)).collect::<Vec<_>>()
                ),
                Resolution::Unknown(c) => format!(
                    "unknown, suggesting {:?}",
                    c.iter().map(|c| name(c.card)).collect::<Vec<_>>()
                ),
            };
            failures.push(format!(
                "{} / {:?} | {:?} ({}): expected {}, got {shown}",
                case.section, case.title, case.subtitle, case.why, case.outcome
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases fail:\n{}",
        failures.len(),
        corpus.case.len(),
        failures.join("\n")
    );
}
