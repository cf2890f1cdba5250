//! Issue 37 as a user meets it on the command line: `check` and `window` print in the language
//! of the POSIX locale (`LC_ALL`, `LC_MESSAGES`, `LANG`), or of `--lang`, which wins.

use std::io::Write as _;
use std::process::{Command, Output, Stdio};

use crate::{fixture_catalog, fixture_deck, stdout};

/// `deckcheck` on the hand-written catalog with the locale variables given (and no other).
fn in_locale(env: &[(&str, &str)], args: &[&str], stdin: &str) -> Output {
    let cards = fixture_catalog();
    let mut command = Command::new(env!("CARGO_BIN_EXE_deckcheck"));
    command
        .args(args)
        .env("DECKCHECK_CARDS", cards.path())
        .env_remove("DECKCHECK_CARD_DATA")
        .env_remove("LC_ALL")
        .env_remove("LC_MESSAGES")
        .env_remove("LANG");
    for (name, value) in env {
        command.env(name, value);
    }
    let mut child = command
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("deckcheck runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// The fixture deck with four copies of one card.
fn four_copies() -> String {
    fixture_deck().replacen("3 | Filler Trooper 1\n", "4 | Filler Trooper 1\n", 1)
}

const CHECK: &[&str] = &["check", "--as-of", "2025-04-01", "--format", "premier", "-"];

#[test]
fn check_prints_italian_under_an_italian_locale() {
    let out = in_locale(&[("LANG", "it_IT.UTF-8")], CHECK, &four_copies());
    assert_eq!(out.status.code(), Some(1));
    let text = stdout(&out);
    assert!(
        text.starts_with("-: Premier al 2025-04-01: NON LEGALE\n"),
        "{text}"
    );
    assert!(
        text.contains("4 copie di Filler Trooper 1 tra mazzo principale e sideboard"),
        "{text}"
    );
    assert!(text.contains("  dati delle carte "), "{text}");
}

#[test]
fn lc_all_wins_over_lc_messages_and_lang() {
    let env = [
        ("LANG", "it_IT.UTF-8"),
        ("LC_MESSAGES", "fr_FR.UTF-8"),
        ("LC_ALL", "de_DE.UTF-8"),
    ];
    let text = stdout(&in_locale(&env, CHECK, &four_copies()));
    assert!(
        text.starts_with("-: Premier am 2025-04-01: NICHT LEGAL\n"),
        "{text}"
    );
    assert!(text.contains("4 Exemplare von Filler Trooper 1"), "{text}");
}

#[test]
fn lang_given_on_the_command_line_wins_over_the_locale() {
    let mut args = CHECK.to_vec();
    args.splice(1..1, ["--lang", "es"]);
    let text = stdout(&in_locale(
        &[("LANG", "it_IT.UTF-8")],
        &args,
        &four_copies(),
    ));
    assert!(
        text.starts_with("-: Premier el 2025-04-01: ILEGAL\n"),
        "{text}"
    );
    assert!(text.contains("4 copias de Filler Trooper 1"), "{text}");
}

#[test]
fn json_answers_change_only_their_messages() {
    let mut args = CHECK.to_vec();
    args.insert(1, "--json");
    let english = stdout(&in_locale(&[("LANG", "C.UTF-8")], &args, &four_copies()));
    let french = stdout(&in_locale(
        &[("LANG", "fr_FR.UTF-8")],
        &args,
        &four_copies(),
    ));
    let (en, fr): (serde_json::Value, serde_json::Value) = (
        serde_json::from_str(&english).unwrap(),
        serde_json::from_str(&french).unwrap(),
    );
    assert_eq!(en["violations"][0]["code"], fr["violations"][0]["code"]);
    assert!(
        fr["violations"][0]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("4 exemplaires de Filler Trooper 1")),
        "{french}"
    );
    assert!(
        en["violations"][0]["message"]
            .as_str()
            .is_some_and(|m| m.starts_with("4 copies of Filler Trooper 1")),
        "{english}"
    );
}

#[test]
fn an_unknown_language_is_refused_naming_the_five() {
    let mut args = CHECK.to_vec();
    args.splice(1..1, ["--lang", "tlh"]);
    let out = in_locale(&[], &args, &four_copies());
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("en, de, fr, it and es"), "{err}");
}

#[test]
fn window_prints_its_intervals_in_the_language_asked() {
    let args = [
        "window",
        "--lang",
        "de",
        "--format",
        "premier",
        "--from",
        "2025-01-01",
        "--until",
        "2025-06-01",
        "-",
    ];
    let text = stdout(&in_locale(&[], &args, &four_copies()));
    assert!(text.contains("  ab 2025-01-01: nicht legal\n"), "{text}");
    assert!(text.contains("4 Exemplare von Filler Trooper 1"), "{text}");
}
