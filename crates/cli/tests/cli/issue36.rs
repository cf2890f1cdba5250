//! Issue 36 as a user meets it on the command line: `legal` is `null` when the verdict is
//! unverified (item 4), an uncertain violation is marked `?` beside the certain `x` ones of an
//! illegal deck (item 3), and lists saved in other encodings (item 6).

use crate::{cards_dir, fixture_catalog, fixture_deck, json, real, run_with, stderr, stdout};

/// `deckcheck check --json` on the hand-written catalog, the list on standard input.
fn check_json(cards: &std::path::Path, text: &str, format: &str) -> serde_json::Value {
    let out = run_with(
        cards,
        &[
            "check",
            "--json",
            "--as-of",
            "2025-04-01",
            "--format",
            format,
            "-",
        ],
        Some(text.as_bytes()),
    );
    json(&out)
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn legal_is_null_when_the_verdict_is_unverified_false_when_illegal() {
    let cards = fixture_catalog();
    let unknown = fixture_deck().replace(
        "3 | Filler Trooper 1\n",
        "2 | Filler Trooper 1\n1 | Filler Trooper 99\n",
    );
    let one = check_json(cards.path(), &unknown, "premier");
    assert_eq!(one["verdict"], "unverified");
    assert!(one["legal"].is_null(), "{one}");

    // Several formats: legal in Premier, Sealed needs a pool: not known, so null at the top
    // and in Sealed's report, true in Premier's.
    let both = check_json(cards.path(), &fixture_deck(), "premier,sealed");
    assert!(both["legal"].is_null(), "{both}");
    assert_eq!(both["reports"][0]["legal"], true);
    assert!(both["reports"][1]["legal"].is_null(), "{both}");

    // An illegal format among them: false, whatever the other's is.
    let four = fixture_deck().replace("3 | Filler Trooper 1\n", "4 | Filler Trooper 1\n");
    let illegal = check_json(cards.path(), &four, "premier,sealed");
    assert_eq!(illegal["legal"], false, "{illegal}");
    assert_eq!(illegal["reports"][0]["legal"], false);
}

/// A Twin Suns list on the real catalog: DJ | Need a Lift? (neither Heroism nor Villainy) and
/// Leia Organa (Heroism), `cards` Spark of Rebellion commons.
fn twin_suns(cards: usize) -> String {
    let all: Vec<serde_json::Value> = serde_json::from_slice(
        &std::fs::read(cards_dir().join("all_cards.json")).expect("all_cards.json"),
    )
    .unwrap();
    let mut seen = Vec::new();
    let mut text = String::from("Leaders\n1 | SEC_018\n1 | SOR_009\nBase\n1 | SOR_020\nDeck\n");
    for r in &all {
        let kind = r["Type"].as_str().unwrap_or_default();
        let name = (r["Name"].as_str(), r["Subtitle"].as_str());
        if r["Set"] == "SOR"
            && r["Rarity"] == "Common"
            && r["VariantType"] == "Normal"
            && matches!(kind, "Unit" | "Event" | "Upgrade")
            && !seen.contains(&name)
            && seen.len() < cards
        {
            seen.push(name);
            text.push_str(&format!("1 | SOR_{}\n", r["Number"].as_str().unwrap()));
        }
    }
    text
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn an_uncertain_violation_is_marked_as_such_beside_the_certain_ones() {
    real();
    let out = run_with(
        &cards_dir(),
        &[
            "check",
            "--as-of",
            "2026-05-01",
            "--format",
            "twin-suns",
            "-",
        ],
        Some(twin_suns(79).as_bytes()),
    );
    let text = stdout(&out);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains(": ILLEGAL"), "{text}");
    assert!(
        text.contains("  x main-deck-too-small [CEG 9.3.1]"),
        "{text}"
    );
    assert!(text.contains("  ? leader-aspects [CEG 9.3.1]"), "{text}");
    // Without the certain one: unverified, exit 3, the same mark.
    let out = run_with(
        &cards_dir(),
        &[
            "check",
            "--as-of",
            "2026-05-01",
            "--format",
            "twin-suns",
            "-",
        ],
        Some(twin_suns(80).as_bytes()),
    );
    assert_eq!(out.status.code(), Some(3), "{}", stdout(&out));
    assert!(
        stdout(&out).contains("  ? leader-aspects"),
        "{}",
        stdout(&out)
    );
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_list_saved_as_windows_1252_is_read_with_a_note_and_bytes_that_cannot_be_text_are_named() {
    let cards = fixture_catalog();
    let dir = tempfile::tempdir().unwrap();
    // German headers and a comment with ä and ß, as Windows saves them: not UTF-8.
    let text = fixture_deck()
        .replace("Leader\n", "# Gr\u{f6}\u{df}ere Liste\nAnf\u{fc}hrer\n")
        .replace("Base\n", "Basis\n");
    let bytes: Vec<u8> = text
        .chars()
        .map(|c| u8::try_from(u32::from(c)).unwrap())
        .collect();
    assert!(std::str::from_utf8(&bytes).is_err());
    let file = dir.path().join("liste.txt");
    std::fs::write(&file, &bytes).unwrap();
    let path = file.to_str().unwrap();
    let out = run_with(
        cards.path(),
        &["check", "--as-of", "2025-04-01", path],
        None,
    );
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    assert!(stdout(&out).contains("LEGAL"), "{}", stdout(&out));
    assert!(
        stderr(&out).contains("liste.txt: The list is not UTF-8; it was read as Windows-1252"),
        "{}",
        stderr(&out)
    );

    // A byte Windows-1252 does not define either: exit 2, the line and the byte named.
    let mut broken = bytes.clone();
    let at = broken.iter().position(|b| *b == 0xFC).unwrap();
    broken[at] = 0x81;
    std::fs::write(&file, &broken).unwrap();
    let out = run_with(
        cards.path(),
        &["check", "--as-of", "2025-04-01", path],
        None,
    );
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(
        stderr(&out)
            .contains("line 2, column 4 (byte 19): byte 0x81 is neither UTF-8 nor Windows-1252"),
        "{}",
        stderr(&out)
    );
}
