//! `deckcheck check` as a user runs it: exit codes 0/1/2, text and JSON output.

use std::io::Write;
use std::process::{Command, Output, Stdio};

use crate::helpers::{cards_dir, deck_file};

fn deckcheck(args: &[&str]) -> Output {
    run(args, None)
}

fn run(args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_deckcheck"))
        .args(args)
        .env("DECKCHECK_CARDS", cards_dir())
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("deckcheck runs");
    if let Some(input) = stdin {
        child.stdin.take().unwrap().write_all(input).unwrap();
    }
    drop(child.stdin.take());
    child.wait_with_output().unwrap()
}

fn wichita() -> String {
    deck_file("tournament/wichita-pq-4th-han-solo.swudb.json")
        .display()
        .to_string()
}

fn json(out: &Output) -> serde_json::Value {
    serde_json::from_slice(&out.stdout).unwrap_or_else(|e| {
        panic!(
            "stdout is JSON ({e}): {}",
            String::from_utf8_lossy(&out.stdout)
        )
    })
}

#[test]
fn a_legal_deck_exits_zero_and_says_legal() {
    let out = deckcheck(&["check", "--as-of", "2025-04-01", &wichita()]);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("Premier on 2025-04-01: LEGAL"));
}

#[test]
fn an_illegal_deck_exits_one_and_names_the_rule() {
    let out = deckcheck(&["check", "--as-of", "2025-05-01", &wichita()]);
    assert_eq!(out.status.code(), Some(1));
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.contains("card-suspended [TR 3.2.1] DJ | Blatant Thief"),
        "{text}"
    );
}

#[test]
fn json_output_has_the_verdict_format_date_and_violations() {
    let out = deckcheck(&[
        "check",
        "--json",
        "--as-of",
        "2025-05-01",
        "--format",
        "premier",
        &wichita(),
    ]);
    let v = json(&out);
    assert_eq!(v["legal"], false);
    assert_eq!(v["format"], "premier");
    assert_eq!(v["as_of"], "2025-05-01");
    assert_eq!(v["violations"][0]["code"], "card-suspended");
    assert_eq!(v["violations"][0]["section"], "TR 3.2.1");
    assert_eq!(v["violations"][0]["cards"][0]["id"], "SHD_213");
    assert!(v["catalog"].as_str().unwrap().starts_with("xxh3:"));
}

#[test]
fn format_all_answers_per_format() {
    let out = deckcheck(&[
        "check",
        "--json",
        "--format",
        "all",
        "--as-of",
        "2026-11-22",
        &wichita(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    let formats: Vec<_> = v["reports"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["format"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(formats, ["premier", "eternal", "twin-suns"]);
    assert_eq!(
        v["reports"][1]["legal"], true,
        "Eternal: {}",
        v["reports"][1]
    );
}

#[test]
fn standard_input_is_read_with_a_dash() {
    let text = std::fs::read(wichita()).unwrap();
    let out = run(&["check", "--as-of", "2025-04-01", "-"], Some(&text));
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn input_that_is_not_a_deck_exits_two_with_a_reason() {
    let out = run(&["check", "-"], Some(b"{\"leader\": "));
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("not valid JSON"));

    let out = run(&["check", "--json", "-"], Some(b"\xff\xfe"));
    assert_eq!(out.status.code(), Some(2));
    assert!(json(&out)["error"].as_str().unwrap().contains("UTF-8"));
}

#[test]
fn a_missing_catalog_exits_two_naming_the_path() {
    let out = Command::new(env!("CARGO_BIN_EXE_deckcheck"))
        .args(["check", "--cards", "/nonexistent/cards", &wichita()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("/nonexistent/cards"));
}

#[test]
fn a_bad_date_or_format_is_a_usage_error() {
    assert_eq!(
        deckcheck(&["check", "--as-of", "2025-13-40", &wichita()])
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        deckcheck(&["check", "--format", "standard", &wichita()])
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn a_broken_catalog_record_is_named_with_its_file_and_index() {
    let dir = std::env::temp_dir().join(format!("deckcheck-broken-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("SOR.json"),
        r#"{"total_cards": 2, "data": [{"Set":"SOR","Number":"1","Name":"A","Type":"Unit"},{"Set":"SOR","Number":"2","Type":"Unit"}]}"#,
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_deckcheck"))
        .args(["check", "--cards", dir.to_str().unwrap(), &wichita()])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains("SOR.json, record 1") && err.contains("Name"),
        "{err}"
    );
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn check_reads_melee_and_picklist_exports_too() {
    for format in ["melee.txt", "picklist.txt"] {
        let file = deck_file(&format!("tournament/wichita-pq-4th-han-solo.{format}"));
        let out = deckcheck(&["check", "--as-of", "2025-04-01", file.to_str().unwrap()]);
        assert_eq!(
            out.status.code(),
            Some(0),
            "{format}: {}",
            String::from_utf8_lossy(&out.stdout)
        );
    }
}

#[test]
fn a_misspelled_line_is_shown_with_its_suggestion_and_exit_one() {
    let text = b"Leaders\n1 | Han Solo | Audacious Smuggler\nBase\n1 | Level 1313\nDeck\n3 | Bounty Huntr Crew\n";
    let out = run(&["check", "--as-of", "2025-04-01", "-"], Some(text));
    assert_eq!(out.status.code(), Some(1));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("line 6 [unknown-card]")
            && stdout.contains("did you mean Bounty Hunter Crew"),
        "{stdout}"
    );
}

#[test]
fn convert_turns_a_typed_list_into_swudb_json() {
    let text = b"Leader\nHan Solo | Audacious Smuggler\nBase\nLevel 1313\nDeck\n3x Waylay\n";
    let out = run(&["convert", "--to", "swudb", "-"], Some(text));
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let v = json(&out);
    assert_eq!(v["leader"]["id"], "SOR_017");
    assert_eq!(v["base"]["id"], "TWI_029");
    assert_eq!(v["deck"][0]["count"], 3);

    let bad = run(&["convert", "-"], Some(b"Deck\n3 | Bounty Huntr Crew\n"));
    assert_eq!(
        bad.status.code(),
        Some(1),
        "unresolved lines are not written without --force"
    );

    // Two bases: SWUDB JSON has one field for a base, so the deck is refused, not cut down.
    let two_bases =
        b"Leader\nHan Solo | Audacious Smuggler\nBase\nLevel 1313\nEcho Base\nDeck\n3x Waylay\n";
    let refused = run(&["convert", "--to", "swudb", "-"], Some(two_bases));
    assert_eq!(refused.status.code(), Some(2));
    assert!(refused.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&refused.stderr);
    assert!(stderr.contains("2 base entries"), "{stderr}");
    let text = run(&["convert", "--to", "text", "-"], Some(two_bases));
    assert_eq!(text.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&text.stdout)
            .contains("Base\n1 | Level 1313 | Coruscant\n1 | Echo Base | Hoth\n"),
        "{}",
        String::from_utf8_lossy(&text.stdout)
    );
}

#[test]
fn diff_exits_zero_for_the_registered_deck_one_for_a_mismatch_and_two_for_unreadable_input() {
    let registered = wichita();
    let melee = deck_file("tournament/wichita-pq-4th-han-solo.melee.txt")
        .display()
        .to_string();
    let same = deckcheck(&["diff", "--as-of", "2025-04-01", &registered, &melee]);
    assert_eq!(
        same.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&same.stdout)
    );
    assert!(String::from_utf8_lossy(&same.stdout).starts_with("MATCH"));

    let dir = std::env::temp_dir().join(format!("deckcheck-diff-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let changed = dir.join("presented.txt");
    let text = std::fs::read_to_string(&melee)
        .unwrap()
        .replace("1 | Level 1313", "1 | Echo Base");
    std::fs::write(&changed, text).unwrap();
    let out = deckcheck(&[
        "diff",
        "--json",
        "--as-of",
        "2025-04-01",
        &registered,
        changed.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let v = json(&out);
    assert_eq!(v["verdict"], "mismatch");
    assert_eq!(v["findings"][0]["code"], "base-changed");

    let unreadable = dir.join("unreadable.txt");
    std::fs::write(&unreadable, "Deck\n3 | Not A Real Card At All\n").unwrap();
    let out = deckcheck(&["diff", &registered, unreadable.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).ok();
}
