//! Issue 28, item 5: a reader that closes the pipe (`deckcheck window … | head`) ends the output
//! quietly. Every subcommand that writes to standard output is run with its standard output a
//! pipe whose reading end is already closed: none panics (exit 101 before), none says anything on
//! standard error, and each exits with the code of its answer.

use std::io::Write as _;
use std::process::{Command, Stdio};

use super::{fixture_catalog, fixture_deck};

/// Runs `deckcheck` with its standard output a pipe nobody reads; returns its exit code and what
/// it wrote to standard error.
fn into_closed_pipe(cards: &std::path::Path, args: &[&str], stdin: &str) -> (Option<i32>, String) {
    let (reader, writer) = std::io::pipe().unwrap();
    drop(reader);
    let mut child = Command::new(env!("CARGO_BIN_EXE_deckcheck"))
        .args(args)
        .env("DECKCHECK_CARDS", cards)
        .env_remove("DECKCHECK_CARD_DATA")
        .stdin(Stdio::piped())
        .stdout(writer)
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(stdin.as_bytes())
        .unwrap();
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn no_subcommand_panics_when_its_reader_has_gone_and_each_keeps_its_exit_code() {
    let cards = fixture_catalog();
    let deck = fixture_deck();
    let deck_file = cards.path().join("deck.txt");
    std::fs::write(&deck_file, &deck).unwrap();
    let deck_path = deck_file.to_str().unwrap();
    let synced = tempfile::tempdir().unwrap();
    let mirror = cards.path().to_str().unwrap();
    let to = synced.path().join("cards");
    let store = synced.path().to_str().unwrap();
    let cases: [(&[&str], i32); 12] = [
        (&["window", "-"], 0),
        (&["window", "--json", "-"], 0),
        (&["diff", deck_path, "-"], 0),
        (&["diff", "--json", deck_path, "-"], 0),
        (&["check", "--as-of", "2025-04-01", "-"], 0),
        (&["check", "--as-of", "2025-04-01", "--json", "-"], 0),
        // Illegal on the day before Level 1313's set: the answer's code, not a crash.
        (&["check", "--as-of", "2024-01-01", "-"], 1),
        (&["convert", "-"], 0),
        (&["sync", "--from", mirror, "--to", to.to_str().unwrap()], 0),
        (&["fingerprint", "-"], 0),
        (&["fingerprint", "--json", "-"], 0),
        (
            &[
                "events",
                "create",
                "--data-dir",
                store,
                "--name",
                "Club Night",
                "--format",
                "premier",
                "--date",
                "2025-04-01",
            ],
            0,
        ),
    ];
    for (args, code) in cases {
        let (status, stderr) = into_closed_pipe(cards.path(), args, &deck);
        assert_eq!(status, Some(code), "deckcheck {args:?}: {stderr}");
        // Quietly: no panic, no error about the pipe (a sync's progress lines are its own).
        let said: Vec<&str> = stderr
            .lines()
            .filter(|l| {
                l.contains("panicked")
                    || l.to_lowercase().contains("pipe")
                    || l.contains("failed")
                    || l.contains("cannot write")
            })
            .collect();
        assert!(said.is_empty(), "deckcheck {args:?} said: {stderr}");
    }
}
