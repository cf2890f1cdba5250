//! `deckcheck` as a user runs it: the built binary, its exit codes (0 legal, 1 illegal, 2
//! unusable input or data, 3 unverified), its text and `--json` output, bad input — issue 3, 6, 16.
//!
//! The real-catalog tests read `../shared` (or `DECKCHECK_SHARED`, `DECKCHECK_CARDS`); they are
//! `#[ignore = "needs ../shared: …"]`, run with `cargo test -- --include-ignored`. The rest run on a hand-written catalog
//! written to a temporary directory.
//!
//! - `events`: `deckcheck events` (create, lock, roster, export, import) and the service killed
//!   with SIGKILL in a burst of registrations, losing none it acknowledged (issue 19, item 7)
//! - `fingerprint`: `deckcheck fingerprint`: one fingerprint per list of cards however written,
//!   a real deck of each game pinned, the worked examples of `docs/fingerprint.md` (issue 30,
//!   item 2)
//! - `games`: `deckcheck check --game legion|ccg|lcg` on real lists, legal (exit 0) and
//!   illegal (exit 1, the rule's code in `--json`) (issues 20-22)
//! - `issue36`: `legal` null when unverified, uncertain violations marked `?`, lists saved in
//!   other encodings (issue 36, items 3, 4, 6)
//! - `languages`: a German list synced, checked and converted (issue 28, item 1)
//! - `links`: deck links where a command takes a file: refusals named by site and setting,
//!   a Legion HQ link checked without a fetch (issue 30, item 3)
//! - `pipes`: every subcommand writing into a closed pipe exits quietly (issue 28, item 5)

mod events;
mod fingerprint;
mod games;
mod issue36;
mod languages;
mod links;
mod pipes;
mod speaks;

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// The `shared/` directory: `DECKCHECK_SHARED`, else beside the repository.
fn shared_dir() -> PathBuf {
    match std::env::var_os("DECKCHECK_SHARED") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"),
    }
}

fn cards_dir() -> PathBuf {
    match std::env::var_os("DECKCHECK_CARDS") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => shared_dir().join("data/swu/cards"),
    }
}

fn deck_file(relative: &str) -> PathBuf {
    shared_dir().join("data/swu/decks").join(relative)
}

/// The real catalog and decks of `../shared`, which the tests that call this need: they are
/// `#[ignore = "needs ../shared: …"]`, run by `cargo test -- --include-ignored` (CI does).
fn real() {
    assert!(
        cards_dir().is_dir() && deck_file("").is_dir(),
        "needs ../shared: no card catalog at {} or no decks at {} (put shared/ beside the repository, or set DECKCHECK_SHARED / DECKCHECK_CARDS)",
        cards_dir().display(),
        deck_file("").display()
    );
}

macro_rules! real {
    () => {
        real()
    };
}

/// The binary with the real catalog.
fn deckcheck(args: &[&str]) -> Output {
    run(args, None)
}

fn run(args: &[&str], stdin: Option<&[u8]>) -> Output {
    run_with(&cards_dir(), args, stdin)
}

/// The binary with `cards` as the SWU catalog and nothing else from the environment's data, in
/// English whatever the locale of the machine running the tests (issue 37).
fn run_with(cards: &Path, args: &[&str], stdin: Option<&[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_deckcheck"))
        .args(args)
        .env("DECKCHECK_CARDS", cards)
        .env_remove("DECKCHECK_CARD_DATA")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG")
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

fn stdout(out: &Output) -> String {
    String::from_utf8_lossy(&out.stdout).into_owned()
}

fn stderr(out: &Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

/// A hand-written SWU catalog (swu-db's format) in a temporary directory: Han Solo, a base,
/// Waylay and twenty invented units.
fn fixture_catalog() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let card = |set: &str, number: String, name: String, subtitle: Option<&str>, kind: &str| {
        serde_json::json!({
            "Set": set, "Number": number, "Name": name, "Subtitle": subtitle, "Type": kind,
            "Aspects": ["Cunning"], "Rarity": "Common", "Unique": subtitle.is_some(),
            "VariantType": "Normal",
        })
    };
    let mut sor = vec![
        card(
            "SOR",
            "017".into(),
            "Han Solo".into(),
            Some("Audacious Smuggler"),
            "Leader",
        ),
        card(
            "SOR",
            "183".into(),
            "Bounty Hunter Crew".into(),
            None,
            "Unit",
        ),
        card(
            "SOR",
            "020".into(),
            "Capital City".into(),
            Some("Coruscant"),
            "Base",
        ),
    ];
    for i in 1..=20 {
        sor.push(card(
            "SOR",
            format!("{}", 300 + i),
            format!("Filler Trooper {i}"),
            None,
            "Unit",
        ));
    }
    let twi = vec![
        card(
            "TWI",
            "029".into(),
            "Level 1313".into(),
            Some("Coruscant"),
            "Base",
        ),
        card("TWI", "226".into(), "Waylay".into(), None, "Event"),
    ];
    for (set, cards) in [("SOR", sor), ("TWI", twi)] {
        let body = serde_json::json!({ "total_cards": cards.len(), "data": cards });
        std::fs::write(dir.path().join(format!("{set}.json")), body.to_string()).unwrap();
    }
    dir
}

/// A Premier-legal deck of the fixture catalog on 2025-04-01.
fn fixture_deck() -> String {
    let mut text = String::from(
        "Leader\n1 | Han Solo | Audacious Smuggler\nBase\n1 | Level 1313 | Coruscant\nDeck\n",
    );
    for i in 1..=17 {
        text.push_str(&format!("3 | Filler Trooper {i}\n"));
    }
    text
}

// On the hand-written catalog: exit codes and errors.

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn every_verdict_has_its_exit_code() {
    let cards = fixture_catalog();
    let check = |text: &str, extra: &[&str]| {
        let mut args = vec!["check", "--as-of", "2025-04-01"];
        args.extend_from_slice(extra);
        args.push("-");
        run_with(cards.path(), &args, Some(text.as_bytes()))
    };
    let legal = check(&fixture_deck(), &[]);
    assert_eq!(legal.status.code(), Some(0), "{}", stdout(&legal));
    assert!(
        stdout(&legal).contains("-: Premier on 2025-04-01: LEGAL"),
        "{}",
        stdout(&legal)
    );

    let illegal = check(
        &fixture_deck().replace("3 | Filler Trooper 1\n", "4 | Filler Trooper 1\n"),
        &[],
    );
    assert_eq!(illegal.status.code(), Some(1), "{}", stdout(&illegal));
    assert!(
        stdout(&illegal).contains("x too-many-copies [TR 2.3.1.1]"),
        "{}",
        stdout(&illegal)
    );

    // Issue 16: an unknown card is one diagnostic and "cannot be judged", never "too small".
    let unknown = check(
        &fixture_deck().replace(
            "3 | Filler Trooper 1\n",
            "2 | Filler Trooper 1\n1 | Filler Trooper 99\n",
        ),
        &[],
    );
    assert_eq!(unknown.status.code(), Some(3), "{}", stdout(&unknown));
    assert!(
        stdout(&unknown).contains("UNVERIFIED"),
        "{}",
        stdout(&unknown)
    );
    assert!(
        !stdout(&unknown).contains("main-deck-too-small"),
        "{}",
        stdout(&unknown)
    );

    // A limited format checked without the pool cannot be judged either.
    let sealed = check(&fixture_deck(), &["--format", "sealed"]);
    assert_eq!(sealed.status.code(), Some(3), "{}", stdout(&sealed));

    let unusable = check("   \n", &[]);
    assert_eq!(unusable.status.code(), Some(2), "{}", stderr(&unusable));
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn input_that_is_not_a_deck_exits_two_with_a_reason() {
    let cards = fixture_catalog();
    let out = run_with(cards.path(), &["check", "-"], Some(b"{\"leader\": "));
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("not valid JSON"), "{}", stderr(&out));

    // Bytes that are no text as UTF-8 nor Windows-1252 (issue 36: others are read as the
    // latter, with a note; `\xff\xfe` is now UTF-16's byte-order mark).
    let out = run_with(cards.path(), &["check", "--json", "-"], Some(b"\x81\x8d"));
    assert_eq!(out.status.code(), Some(2));
    assert!(
        json(&out)["error"].as_str().unwrap().contains("UTF-8"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn a_missing_catalog_exits_two_naming_the_path() {
    let out = Command::new(env!("CARGO_BIN_EXE_deckcheck"))
        .args(["check", "--cards", "/nonexistent/cards", "deck.txt"])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("/nonexistent/cards"),
        "{}",
        stderr(&out)
    );
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_bad_date_format_or_game_is_a_usage_error() {
    let cards = fixture_catalog();
    let deck = cards.path().join("deck.txt");
    std::fs::write(&deck, fixture_deck()).unwrap();
    let deck = deck.to_str().unwrap();
    for args in [
        vec!["check", "--as-of", "2025-13-40", deck],
        vec!["check", "--format", "standard", deck],
        vec!["check", "--game", "chess", deck],
        vec!["diff", "--format", "all", deck, deck],
    ] {
        let out = run_with(cards.path(), &args, None);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", stderr(&out));
        assert!(!stderr(&out).is_empty(), "{args:?}");
    }
}

#[test]
fn a_broken_catalog_record_is_named_with_its_file_and_index() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(
        dir.path().join("SOR.json"),
        r#"{"total_cards": 2, "data": [{"Set":"SOR","Number":"1","Name":"A","Type":"Unit"},{"Set":"SOR","Number":"2","Type":"Unit"}]}"#,
    )
    .unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_deckcheck"))
        .args(["check", "--cards", dir.path().to_str().unwrap(), "deck.txt"])
        .output()
        .unwrap();
    let err = stderr(&out);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        err.contains("SOR.json, record 1") && err.contains("Name"),
        "{err}"
    );
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn convert_turns_a_typed_list_into_swudb_json_and_refuses_what_it_cannot_hold() {
    let cards = fixture_catalog();
    let convert = |args: &[&str], text: &[u8]| {
        let mut all = vec!["convert"];
        all.extend_from_slice(args);
        all.push("-");
        run_with(cards.path(), &all, Some(text))
    };
    let text = b"Leader\nHan Solo | Audacious Smuggler\nBase\nLevel 1313\nDeck\n3x Waylay\n";
    let out = convert(&["--to", "swudb"], text);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = json(&out);
    assert_eq!(v["leader"]["id"], "SOR_017");
    assert_eq!(v["base"]["id"], "TWI_029");
    assert_eq!(v["deck"][0]["count"], 3);

    let bad = convert(&[], b"Deck\n3 | Bounty Huntr Crew\n");
    assert_eq!(
        bad.status.code(),
        Some(1),
        "unresolved lines are not written without --force"
    );
    assert!(
        stderr(&bad).contains("Bounty Hunter Crew"),
        "{}",
        stderr(&bad)
    );

    // Two bases: SWUDB JSON has one field for a base, so the deck is refused, not cut down.
    let two_bases =
        b"Leader\nHan Solo | Audacious Smuggler\nBase\nLevel 1313\nCapital City\nDeck\n3x Waylay\n";
    let refused = convert(&["--to", "swudb"], two_bases);
    assert_eq!(refused.status.code(), Some(2), "{}", stdout(&refused));
    assert!(refused.stdout.is_empty());
    assert!(
        stderr(&refused).contains("2 base entries"),
        "{}",
        stderr(&refused)
    );
    let text = convert(&["--to", "text"], two_bases);
    assert_eq!(text.status.code(), Some(0), "{}", stderr(&text));
    assert!(
        stdout(&text).contains("Base\n1 | Level 1313 | Coruscant\n1 | Capital City | Coruscant\n"),
        "{}",
        stdout(&text)
    );
}

// On the real catalog.

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_legal_deck_exits_zero_and_says_legal() {
    real!();
    let out = deckcheck(&["check", "--as-of", "2025-04-01", &wichita()]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stdout(&out).contains("Premier on 2025-04-01: LEGAL"));
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn an_illegal_deck_exits_one_and_names_the_rule() {
    real!();
    let out = deckcheck(&["check", "--as-of", "2025-05-01", &wichita()]);
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.contains(
            "card-suspended [FFG's announcement, as Wargamer reported it (2025-04-09)] DJ | Blatant Thief"
        ),
        "{text}"
    );
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn json_output_has_the_verdict_format_date_and_violations() {
    real!();
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
    assert_eq!(v["verdict"], "illegal");
    assert_eq!(v["format"], "premier");
    assert_eq!(v["as_of"], "2025-05-01");
    assert_eq!(v["violations"][0]["code"], "card-suspended");
    // Issue 28: a suspension is cited by its announcement; TR 3.2.1 is where the list lives.
    assert_eq!(
        v["violations"][0]["section"],
        "FFG's announcement, as Wargamer reported it (2025-04-09)"
    );
    assert_eq!(v["violations"][0]["data"]["list"], "TR 3.2.1");
    assert_eq!(v["violations"][0]["cards"][0]["id"], "SHD_213");
    assert_eq!(v["files"], serde_json::json!([wichita()]));
    assert!(v["catalog"].as_str().unwrap().starts_with("xxh3:"));
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn format_all_answers_every_format_available_on_the_date() {
    real!();
    let out = deckcheck(&[
        "check",
        "--json",
        "--format",
        "all",
        "--as-of",
        "2026-11-22",
        &wichita(),
    ]);
    // With `all` the deck is legal when some format takes it (here Eternal): exit 0.
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
    let v = json(&out);
    let formats: Vec<_> = v["reports"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["format"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(
        formats,
        [
            "premier",
            "eternal",
            "twin-suns",
            "trilogy",
            "sealed",
            "draft"
        ]
    );
    assert_eq!(
        v["reports"][1]["verdict"], "legal",
        "Eternal: {}",
        v["reports"][1]
    );
    assert_eq!(v["summary"]["illegal"][0], "premier");
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn standard_input_is_read_with_a_dash() {
    real!();
    let text = std::fs::read(wichita()).unwrap();
    let out = run(&["check", "--as-of", "2025-04-01", "-"], Some(&text));
    assert_eq!(out.status.code(), Some(0), "{}", stdout(&out));
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn check_reads_melee_and_picklist_exports_too() {
    real!();
    for format in ["melee.txt", "picklist.txt"] {
        let file = deck_file(&format!("tournament/wichita-pq-4th-han-solo.{format}"));
        let out = deckcheck(&["check", "--as-of", "2025-04-01", file.to_str().unwrap()]);
        assert_eq!(out.status.code(), Some(0), "{format}: {}", stdout(&out));
    }
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_misspelled_line_is_shown_with_its_suggestion_and_exit_one() {
    real!();
    let text = b"Leaders\n1 | Han Solo | Audacious Smuggler\nBase\n1 | Level 1313\nDeck\n3 | Bounty Huntr Crew\n";
    let out = run(&["check", "--as-of", "2025-04-01", "-"], Some(text));
    assert_eq!(out.status.code(), Some(1), "{}", stdout(&out));
    let stdout = stdout(&out);
    assert!(
        stdout.contains("line 6 [unknown-card]")
            && stdout.contains("did you mean Bounty Hunter Crew"),
        "{stdout}"
    );
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn convert_writes_a_second_base_as_text() {
    real!();
    let two_bases =
        b"Leader\nHan Solo | Audacious Smuggler\nBase\nLevel 1313\nEcho Base\nDeck\n3x Waylay\n";
    let refused = run(&["convert", "--to", "swudb", "-"], Some(two_bases));
    assert_eq!(refused.status.code(), Some(2));
    assert!(refused.stdout.is_empty());
    assert!(
        stderr(&refused).contains("2 base entries"),
        "{}",
        stderr(&refused)
    );
    let text = run(&["convert", "--to", "text", "-"], Some(two_bases));
    assert_eq!(text.status.code(), Some(0));
    assert!(
        stdout(&text).contains("Base\n1 | Level 1313 | Coruscant\n1 | Echo Base | Hoth\n"),
        "{}",
        stdout(&text)
    );
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn diff_exits_zero_for_the_registered_deck_one_for_a_mismatch_and_two_for_unreadable_input() {
    real!();
    let registered = wichita();
    let melee = deck_file("tournament/wichita-pq-4th-han-solo.melee.txt")
        .display()
        .to_string();
    let same = deckcheck(&["diff", "--as-of", "2025-04-01", &registered, &melee]);
    assert_eq!(same.status.code(), Some(0), "{}", stdout(&same));
    assert!(stdout(&same).starts_with("MATCH"));

    let dir = tempfile::tempdir().unwrap();
    let changed = dir.path().join("presented.txt");
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
    assert_eq!(
        v["registered"],
        serde_json::json!({ "main": 50, "sideboard": 10 })
    );

    let unreadable = dir.path().join("unreadable.txt");
    std::fs::write(&unreadable, "Deck\n3 | Not A Real Card At All\n").unwrap();
    let out = deckcheck(&["diff", &registered, unreadable.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn window_says_when_the_wichita_deck_was_premier_legal() {
    real!();
    let out = deckcheck(&[
        "window",
        "--json",
        "--format",
        "premier",
        "--from",
        "2025-01-01",
        "--until",
        "2025-12-31",
        &wichita(),
    ]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let v = json(&out);
    let intervals = v["formats"][0]["intervals"].as_array().unwrap();
    let verdict_on = |date: &str| {
        intervals
            .iter()
            .rfind(|i| i["from"].as_str().unwrap() <= date)
            .map(|i| i["verdict"].as_str().unwrap().to_string())
    };
    assert_eq!(verdict_on("2025-04-01").as_deref(), Some("legal"), "{v}");
    assert_eq!(verdict_on("2025-05-01").as_deref(), Some("illegal"), "{v}");
}
