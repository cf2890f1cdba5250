//! When is this deck legal? (issue 23) The legal window of real decks, judged at every date
//! the SWU data changes something, on the real catalog (`DECKCHECK_CARDS` or
//! `../shared/data/swu/cards`; `#[ignore = "needs ../shared: …"]`, run with `--include-ignored`).

use std::path::PathBuf;

use deckcheck_core::{AnyGame, DeckInput, Paths, ValidateRequest, Verdict, Window};
use deckcheck_swu::Swu;
use jiff::civil::{Date, date};

fn shared() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data/swu")
}

fn swu() -> Swu {
    let cards = std::env::var_os("DECKCHECK_CARDS")
        .map(PathBuf::from)
        .unwrap_or_else(|| shared().join("cards"));
    assert!(
        cards.is_dir(),
        "needs ../shared: no SWU catalog at {} (set DECKCHECK_CARDS, or put the shared data beside the repository)",
        cards.display()
    );
    Swu::load(&Paths {
        cards,
        card_data: None,
    })
    .expect("the real catalog loads")
}

fn window(swu: &Swu, deck: &str, formats: &str) -> Window {
    let text = std::fs::read_to_string(shared().join("decks").join(deck)).unwrap();
    let request = ValidateRequest {
        decks: vec![DeckInput {
            field: deck.into(),
            text,
        }],
        formats: vec![formats.into()],
        as_of: date(2026, 11, 22),
        input_format: None,
        explain: false,
        player: None,
        uid: None,
        registration: false,
        options: serde_json::Map::new(),
    };
    AnyGame::window(swu, &request, None, Some(date(2026, 11, 22))).unwrap()
}

/// The format's intervals as (from, until, verdict).
fn intervals(w: &Window, format: &str) -> Vec<(Date, Option<Date>, Verdict)> {
    w.formats
        .iter()
        .find(|f| f.format == format)
        .unwrap()
        .intervals
        .iter()
        .map(|i| (i.from, i.until, i.verdict))
        .collect()
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn the_wichita_deck_is_legal_in_premier_from_twilight_until_djs_suspension() {
    let swu = swu();
    let w = window(
        &swu,
        "tournament/wichita-pq-4th-han-solo.swudb.json",
        "premier",
    );
    let premier = intervals(&w, "premier");
    let legal: Vec<_> = premier
        .iter()
        .filter(|(_, _, v)| *v == Verdict::Legal)
        .collect();
    assert_eq!(
        legal,
        [&(date(2024, 11, 8), Some(date(2025, 4, 11)), Verdict::Legal)],
        "{premier:?}"
    );
    let suspended = w.formats[0]
        .intervals
        .iter()
        .find(|i| i.from == date(2025, 4, 11))
        .unwrap();
    assert_eq!(suspended.verdict, Verdict::Illegal);
    assert_eq!(suspended.opened[0].code.as_str(), "card-suspended");
    assert!(
        suspended
            .changes
            .iter()
            .any(|c| c.starts_with("DJ | Blatant Thief is suspended")),
        "{:?}",
        suspended.changes
    );
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn the_spark_of_rebellion_starters_are_premier_legal_until_the_first_rotation_and_eternal_from_its_start()
 {
    let swu = swu();
    for deck in ["sor-darth-vader.json", "sor-luke-skywalker.json"] {
        let w = window(
            &swu,
            &format!("official-starters/{deck}"),
            "premier,eternal",
        );
        assert_eq!(
            intervals(&w, "premier"),
            [
                (date(2024, 3, 8), Some(date(2026, 3, 13)), Verdict::Legal),
                (date(2026, 3, 13), None, Verdict::Illegal),
            ],
            "{deck}"
        );
        let rotated = &w.formats[0].intervals[1];
        assert_eq!(
            rotated.opened.len(),
            1,
            "the rotated cards are one violation"
        );
        assert!(
            rotated.opened[0]
                .message()
                .contains("left Premier on 2026-03-13")
        );
        assert_eq!(
            intervals(&w, "eternal"),
            [(date(2026, 3, 13), None, Verdict::Legal)],
            "{deck}"
        );
    }
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn an_interval_starts_only_where_the_verdict_or_its_violations_change() {
    let swu = swu();
    let w = window(&swu, "official-starters/law-leia-organa.json", "premier");
    let premier = intervals(&w, "premier");
    for pair in premier.windows(2) {
        assert_eq!(pair[0].1, Some(pair[1].0), "intervals meet: {premier:?}");
    }
    assert_eq!(premier.last().unwrap().2, Verdict::Legal, "{premier:?}");
}
