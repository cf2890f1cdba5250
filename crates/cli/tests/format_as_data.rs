//! A format added to the legality data is served by the command line as it is, with no change
//! to the CLI (issue 16): `deckcheck check --card-data DIR --format <new format>`.

use std::process::Command;

fn setup() -> (tempfile::TempDir, tempfile::TempDir, std::path::PathBuf) {
    let cards = tempfile::tempdir().unwrap();
    let mut records = vec![
        serde_json::json!({"Set": "SOR", "Number": "017", "Name": "Han Solo", "Subtitle": "Audacious Smuggler", "Type": "Leader", "Aspects": ["Cunning", "Heroism"], "Rarity": "Common", "Unique": true}),
        serde_json::json!({"Set": "SOR", "Number": "020", "Name": "Capital City", "Subtitle": "Coruscant", "Type": "Base", "Rarity": "Common"}),
    ];
    for n in 0..20 {
        records.push(serde_json::json!({"Set": "SOR", "Number": format!("{}", 100 + n), "Name": format!("Trooper {n}"), "Type": "Unit", "Rarity": "Common"}));
    }
    let body = serde_json::json!({ "total_cards": records.len(), "data": records });
    std::fs::write(cards.path().join("SOR.json"), body.to_string()).unwrap();

    let data = tempfile::tempdir().unwrap();
    let swu = data.path().join("swu");
    std::fs::create_dir_all(&swu).unwrap();
    let embedded = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../card_data/swu");
    // Every file of the embedded data, the formats with one more.
    for entry in std::fs::read_dir(&embedded).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "toml") && !path.ends_with("formats.toml") {
            std::fs::copy(&path, swu.join(path.file_name().unwrap())).unwrap();
        }
    }
    let formats = std::fs::read_to_string(embedded.join("formats.toml")).unwrap()
        + r#"
[[format]]
id = "premier-60"
name = "Premier 60"
summary = "Premier with at least 60 cards (a test format)."
available = [{ value = true, from = "2024-03-08", section = "TEST 1" }]
leaders = [{ value = 1, from = "2024-03-08", section = "TEST 1" }]
bases = [{ value = 1, from = "2024-03-08", section = "TEST 1" }]
min_main_deck = [{ value = 60, from = "2024-03-08", section = "TEST 2" }]
card_pool = [{ value = { kind = "all-released", set_kinds = ["main"] }, from = "2024-03-08", section = "TEST 1" }]
"#;
    std::fs::write(swu.join("formats.toml"), formats).unwrap();

    let mut list =
        String::from("Leader\n1 | Han Solo | Audacious Smuggler\nBase\n1 | Capital City\nDeck\n");
    for n in 0..17 {
        list.push_str(&format!("3 | Trooper {n}\n"));
    }
    let file = cards.path().join("deck.txt");
    std::fs::write(&file, list).unwrap();
    (cards, data, file)
}

#[test]
fn the_command_line_checks_a_format_that_exists_only_in_the_data() {
    let (cards, data, deck) = setup();
    let out = Command::new(env!("CARGO_BIN_EXE_deckcheck"))
        .args([
            "check",
            "--format",
            "premier-60",
            "--as-of",
            "2025-01-01",
            "--json",
        ])
        .arg("--cards")
        .arg(cards.path())
        .arg("--card-data")
        .arg(data.path())
        .arg(&deck)
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(1),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["format"], "premier-60");
    assert_eq!(answer["verdict"], "illegal");
    assert_eq!(answer["violations"][0]["code"], "main-deck-too-small");
    assert_eq!(answer["violations"][0]["section"], "TEST 2");
}
