//! Settings are checked before the service starts, each refusal naming its variable and what
//! it allows; `serve --help` lists them all with their defaults; the other commands read the
//! data directories as `serve` does (issue 15, item 8).

use crate::support::*;

/// Issue 15, item 8: `DECKCHECK_WORKERS=0` made actix panic (exit 101). Every value out of
/// range stops the start-up with exit 2 and a message naming the variable and its range.
#[test]
fn a_setting_out_of_range_stops_the_start_naming_the_variable_and_the_range() {
    let home = tempfile::tempdir().unwrap();
    let cases: &[(&str, &str, &str)] = &[
        ("DECKCHECK_WORKERS", "0", "1..=512"),
        ("DECKCHECK_WORKERS", "513", "1..=512"),
        ("DECKCHECK_WORKERS", "many", "invalid digit"),
        ("DECKCHECK_BODY_LIMIT", "0", "1..=67108864"),
        ("DECKCHECK_BATCH_BODY_LIMIT", "0", "1..=1073741824"),
        ("DECKCHECK_BATCH_LIMIT", "0", "1..=100000"),
        ("DECKCHECK_BODY_TIMEOUT", "0", "1..=600"),
        ("DECKCHECK_HEADER_TIMEOUT", "0", "1..=600"),
        ("DECKCHECK_MAX_CONNECTIONS", "0", "1..=65535"),
        ("DECKCHECK_BODY_MEMORY", "1000", "1048576..="),
        ("DECKCHECK_ADDR", "localhost", "socket address"),
        ("DECKCHECK_LOG_FORMAT", "xml", "text, json"),
        ("DECKCHECK_ACCESS_LOG", "some", "errors, all, off"),
        ("DECKCHECK_ADMIN_TOKEN", " ", "empty"),
    ];
    let mut failures = Vec::new();
    for (variable, value, allowed) in cases {
        let out = run(deckcheck(home.path()).arg("serve").env(variable, value));
        let message = stderr(&out);
        if out.status.code() != Some(2)
            || !message.contains(variable)
            || !message.contains(allowed)
            || message.contains("panicked")
        {
            failures.push(format!(
                "{variable}={value:?}: exit {:?}: {message}",
                out.status.code()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// Issue 15, item 8: settings that must agree are checked together: a memory budget for
/// bodies smaller than the largest body could never receive it.
#[test]
fn a_body_memory_smaller_than_a_body_limit_is_refused() {
    let home = tempfile::tempdir().unwrap();
    let out = run(deckcheck(home.path())
        .arg("serve")
        .env("DECKCHECK_BODY_MEMORY", "2000000"));
    let message = stderr(&out);
    assert_eq!(out.status.code(), Some(2), "{message}");
    assert!(
        message.contains("DECKCHECK_BODY_MEMORY") && message.contains("DECKCHECK_BATCH_BODY_LIMIT"),
        "{message}"
    );
}

/// Issue 15, item 8: `serve --help` names every setting's variable and its default.
#[test]
fn serve_help_lists_every_setting_with_its_default() {
    let home = tempfile::tempdir().unwrap();
    let out = run(deckcheck(home.path()).args(["serve", "--help"]));
    assert!(out.status.success());
    let help = String::from_utf8_lossy(&out.stdout);
    for (variable, default) in [
        ("DECKCHECK_ADDR", "127.0.0.1:8080"),
        ("DECKCHECK_DATA_DIR", "$XDG_DATA_HOME/deckcheck"),
        ("DECKCHECK_CARD_DATA", "the embedded copy"),
        ("DECKCHECK_BODY_LIMIT", "262144"),
        ("DECKCHECK_BATCH_BODY_LIMIT", "16777216"),
        ("DECKCHECK_BATCH_LIMIT", "5000"),
        ("DECKCHECK_BODY_TIMEOUT", "10"),
        ("DECKCHECK_HEADER_TIMEOUT", "5"),
        ("DECKCHECK_BODY_MEMORY", "67108864"),
        ("DECKCHECK_MAX_CONNECTIONS", "1024"),
        ("DECKCHECK_WORKERS", "one per core"),
        ("DECKCHECK_LOG_FORMAT", "text"),
        ("DECKCHECK_ACCESS_LOG", "errors"),
        ("DECKCHECK_ADMIN_TOKEN", "unset"),
        ("DECKCHECK_METRICS_ADDR", "on DECKCHECK_ADDR"),
        ("DECKCHECK_METRICS_AUTH", "none"),
        ("DECKCHECK_LOOKUP_RATE", "300"),
        ("DECKCHECK_CREATE_RATE", "10"),
        ("DECKCHECK_CREATE_DAILY_CAP", "500"),
        ("DECKCHECK_RETENTION_DAYS", "180"),
        ("DECKCHECK_PURGE_INTERVAL", "3600"),
        ("DECKCHECK_UPSTREAM", "https://api.swu-db.com"),
        ("DECKCHECK_CARDS", "<data dir>/cards"),
        ("DECKCHECK_LCG_CARDS", "<data dir>/swlcg"),
        ("DECKCHECK_CCG_CARDS", "<data dir>/swccg"),
        ("DECKCHECK_LEGION_CARDS", "<data dir>/legion"),
        ("RUST_LOG", "info"),
    ] {
        // The setting's own entry (`[env: VAR=]`), not another's text that names it.
        let at = help
            .find(&format!("[env: {variable}="))
            .or_else(|| help.find(variable))
            .unwrap_or_else(|| panic!("{variable} is listed:\n{help}"));
        // The default is said in the setting's own entry (clap separates entries with an
        // empty line) or, for the lines after the flags, on the variable's own line.
        let start = help[..at].rfind("\n\n").map_or(0, |i| i + 2);
        let end = help[at..].find("\n\n").map_or(help.len(), |i| at + i);
        let line_end = help[at..].find('\n').map_or(help.len(), |i| at + i);
        let line_start = help[..at].rfind('\n').map_or(0, |i| i + 1);
        let entry = if help[line_start..line_end]
            .trim_start()
            .starts_with(variable)
        {
            &help[line_start..line_end]
        } else {
            &help[start..end]
        };
        assert!(
            entry.contains(default),
            "{variable}: its default {default:?} is said:\n{entry}"
        );
    }
}

/// Issue 15, item 8: `check` reads `DECKCHECK_CARDS` and `DECKCHECK_CARD_DATA` as `serve`
/// does.
#[test]
fn check_reads_the_catalog_and_data_variables_as_serve_does() {
    let home = tempfile::tempdir().unwrap();
    let mirror = home.path().join("mirror");
    write_mirror(&mirror, &SETS, "");
    let deck = home.path().join("deck.txt");
    std::fs::write(&deck, "1 | Waylay\n").unwrap();
    let checked = run(deckcheck(home.path())
        .args([
            "check",
            "--json",
            "--format",
            "premier",
            "--as-of",
            "2025-04-01",
        ])
        .arg(&deck)
        .env("DECKCHECK_CARDS", &mirror));
    let answer: serde_json::Value = serde_json::from_slice(&checked.stdout)
        .unwrap_or_else(|e| panic!("{e}: {}", stderr(&checked)));
    assert_eq!(answer["format"], "premier", "{answer}");
    assert!(
        answer["diagnostics"].as_array().unwrap().is_empty(),
        "{answer}"
    );

    let missing = home.path().join("no-such-card-data");
    let refused = run(deckcheck(home.path())
        .args(["check", "--format", "premier"])
        .arg(&deck)
        .env("DECKCHECK_CARDS", &mirror)
        .env("DECKCHECK_CARD_DATA", &missing));
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        stderr(&refused).contains("no-such-card-data"),
        "{}",
        stderr(&refused)
    );

    let nowhere = run(deckcheck(home.path())
        .args(["check", "--format", "premier"])
        .arg(&deck)
        .env("DECKCHECK_CARDS", home.path().join("nothing-here")));
    assert_eq!(nowhere.status.code(), Some(2));
    assert!(
        stderr(&nowhere).contains("nothing-here") && stderr(&nowhere).contains("DECKCHECK_CARDS"),
        "{}",
        stderr(&nowhere)
    );
}
