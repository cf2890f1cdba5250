//! A format is data (issue 16): adding one is an entry in `card_data/swu/formats.toml`, with no
//! change to the rules, the CLI, the service or the page. Shown with a format added in a copy
//! of the legality data, on a hand-written catalog (this test needs no shared data).

use deckcheck_core::{AnyGame, DeckInput, Paths, ValidateRequest, Verdict};
use deckcheck_swu::Swu;

/// A format no one has made yet: Premier's numbers with a 60-card minimum and a 2-copy limit.
const HIGHLANDER: &str = r#"
[[format]]
id = "premier-60"
name = "Premier 60"
summary = "Premier with at least 60 cards and at most 2 copies of a card (a test format)."
available = [{ value = true, from = "2024-03-08", section = "TEST 1" }]
leaders = [{ value = 1, from = "2024-03-08", section = "TEST 1" }]
bases = [{ value = 1, from = "2024-03-08", section = "TEST 1" }]
min_main_deck = [{ value = 60, from = "2024-03-08", section = "TEST 2" }]
max_sideboard = [{ value = 10, from = "2024-03-08", section = "TEST 1" }]
max_copies = [{ value = 2, from = "2024-03-08", section = "TEST 3" }]
card_pool = [{ value = { kind = "all-released", set_kinds = ["main"] }, from = "2024-03-08", section = "TEST 4" }]
"#;

/// Two sets' worth of cards, in the swu-db API's shape.
fn catalog(dir: &std::path::Path) {
    let mut cards = vec![
        serde_json::json!({"Set": "SOR", "Number": "017", "Name": "Han Solo", "Subtitle": "Audacious Smuggler", "Type": "Leader", "Aspects": ["Cunning", "Heroism"], "Rarity": "Common", "Unique": true}),
        serde_json::json!({"Set": "SOR", "Number": "020", "Name": "Capital City", "Subtitle": "Coruscant", "Type": "Base", "Rarity": "Common"}),
    ];
    for n in 0..30 {
        cards.push(serde_json::json!({"Set": "SOR", "Number": format!("{}", 100 + n), "Name": format!("Trooper {n}"), "Type": "Unit", "Rarity": "Common"}));
    }
    let body = serde_json::json!({ "total_cards": cards.len(), "data": cards });
    std::fs::write(dir.join("SOR.json"), body.to_string()).unwrap();
}

fn deck() -> String {
    let mut text =
        String::from("Leader\n1 | Han Solo | Audacious Smuggler\nBase\n1 | Capital City\nDeck\n");
    for n in 0..17 {
        text.push_str(&format!("3 | Trooper {n}\n"));
    }
    text
}

fn request(format: &str) -> ValidateRequest {
    ValidateRequest {
        decks: vec![DeckInput {
            field: "deck".into(),
            text: deck(),
        }],
        formats: vec![format.into()],
        as_of: jiff::civil::date(2025, 1, 1),
        input_format: None,
        explain: false,
        player: None,
        uid: None,
        registration: false,
        options: serde_json::Map::new(),
    }
}

#[test]
fn a_format_added_to_the_data_is_listed_and_judged_with_no_code_change() {
    let cards = tempfile::tempdir().unwrap();
    catalog(cards.path());
    let data = tempfile::tempdir().unwrap();
    let swu_data = data.path().join("swu");
    std::fs::create_dir_all(&swu_data).unwrap();
    let embedded = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../card_data/swu");
    // Every file of the embedded data, the formats with one more.
    for entry in std::fs::read_dir(&embedded).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") && !path.ends_with("formats.toml") {
            std::fs::copy(&path, swu_data.join(path.file_name().unwrap())).unwrap();
        }
    }
    let formats = std::fs::read_to_string(embedded.join("formats.toml")).unwrap() + HIGHLANDER;
    std::fs::write(swu_data.join("formats.toml"), formats).unwrap();

    let swu = Swu::load(&Paths {
        cards: cards.path().to_path_buf(),
        card_data: Some(data.path().to_path_buf()),
    })
    .unwrap();
    let info = AnyGame::info(&swu);
    assert!(
        info.formats
            .iter()
            .any(|f| f.id == "premier-60" && f.name == "Premier 60")
    );

    // 51 cards, 3 of each: legal in Premier, not in the new format.
    assert!(swu.validate(&request("premier")).unwrap().legal);
    let answer = swu.validate(&request("premier-60")).unwrap();
    let report = &answer.reports[0].report;
    assert_eq!(report.verdict, Verdict::Illegal);
    let found: Vec<(&str, &str)> = report
        .violations
        .iter()
        .map(|v| (v.code.as_str(), v.section.as_str()))
        .collect();
    assert!(
        found.contains(&("main-deck-too-small", "TEST 2")),
        "{found:?}"
    );
    assert!(found.contains(&("too-many-copies", "TEST 3")), "{found:?}");
    assert!(
        report.violations[0].message().contains("Premier 60"),
        "{}",
        report.violations[0].message()
    );

    // "all" includes it, the day it can be played.
    let all = swu.validate(&request("all")).unwrap();
    assert!(all.summary.illegal.iter().any(|f| f == "premier-60"));
}
