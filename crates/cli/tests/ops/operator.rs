//! What an operator reads (issue 29): one start line naming the event store (SQLite's file,
//! PostgreSQL's host and database, never a password) and each game's data; logs without
//! terminal escapes when written to a file; an error said once.

use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::support::*;

/// The "deckcheck ready" line of a service, as JSON.
fn ready_line(server: &Server) -> serde_json::Value {
    server
        .logged_soon("deckcheck ready")
        .unwrap_or_else(|| panic!("no start line: {}", server.log.lock().unwrap().join("\n")))
}

#[test]
fn the_start_line_names_the_sqlite_store_and_each_games_data() {
    let server = Server::start(&[]);
    let line = ready_line(&server);
    let fields = &line["fields"];
    assert_eq!(fields["store"], "sqlite", "{line}");
    let file = server.home.path().join("xdg/deckcheck/events.sqlite3");
    assert_eq!(
        fields["store_location"],
        file.display().to_string(),
        "{line}"
    );
    let games = fields["games"].as_str().unwrap();
    assert!(
        games.starts_with("swu xxh3:") && games.contains("(27 cards)"),
        "{games}"
    );
    assert!(games.contains("lcg unavailable"), "{games}");
    assert_eq!(line["level"], "INFO");
    // Before it, the service listened: liveness answered while the data loaded.
    assert!(server.logged("deckcheck serving").is_some());
}

#[test]
fn the_start_line_names_the_postgres_host_and_database_never_the_password() {
    let Some(url) = std::env::var("DECKCHECK_TEST_DATABASE_URL")
        .ok()
        .filter(|u| !u.is_empty())
    else {
        eprintln!("PostgreSQL start line not tested: DECKCHECK_TEST_DATABASE_URL is not set");
        return;
    };
    // A password the throwaway cluster does not ask for (trust): it must never be shown.
    let with_password = url.replacen("://postgres@", "://postgres:not-to-be-logged@", 1);
    assert_ne!(
        with_password, url,
        "the test URL names the postgres user: {url}"
    );
    let server = Server::start(&[("DECKCHECK_DATABASE_URL", with_password.as_str())]);
    let line = ready_line(&server);
    assert_eq!(line["fields"]["store"], "postgres", "{line}");
    let (host_port, database) = url
        .split_once('@')
        .and_then(|(_, rest)| rest.split_once('/'))
        .unwrap();
    let database = database.split('?').next().unwrap();
    assert_eq!(
        line["fields"]["store_location"],
        format!("{host_port}/{database}"),
        "{line}"
    );
    let ready = server.get("/ready").json();
    assert_eq!(ready["store"]["backend"], "postgres");
    let everything = server.log.lock().unwrap().join("\n") + &ready.to_string();
    assert!(!everything.contains("not-to-be-logged"), "{everything}");
}

#[test]
fn a_text_log_written_to_a_file_has_no_terminal_escapes() {
    let home = tempfile::tempdir().unwrap();
    let cards = home.path().join("mirror");
    write_mirror(&cards, &SETS, "");
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let log = home.path().join("deckcheck.log");
    let mut child = deckcheck(home.path())
        .arg("serve")
        .envs(service_env(home.path(), &cards))
        .env("DECKCHECK_ADDR", format!("127.0.0.1:{port}"))
        .env("DECKCHECK_LOG_FORMAT", "text")
        .env("DECKCHECK_ACCESS_LOG", "all")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(std::fs::File::create(&log).unwrap())
        .spawn()
        .unwrap();
    let started = Instant::now();
    let text = loop {
        let text = std::fs::read_to_string(&log).unwrap_or_default();
        if text.contains("deckcheck ready") || started.elapsed() > Duration::from_secs(60) {
            break text;
        }
        std::thread::sleep(Duration::from_millis(50));
    };
    let answer = exchange(
        port,
        b"GET /v1/no-such-route HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
        &[],
        Duration::ZERO,
    );
    assert_eq!(answer.status, 404);
    std::thread::sleep(Duration::from_millis(300));
    let _ = child.kill();
    let _ = child.wait();
    let bytes = std::fs::read(&log).unwrap();
    let text = format!("{text}{}", String::from_utf8_lossy(&bytes));
    assert!(text.contains("deckcheck ready"), "{text}");
    assert!(
        text.contains("/v1/no-such-route"),
        "the access line: {text}"
    );
    assert!(
        !bytes.contains(&0x1b),
        "an escape byte in the log file: {text}"
    );
}

#[test]
fn an_error_is_said_once() {
    // Issue 29: `events create --format premeir` said its message twice on one line.
    let home = tempfile::tempdir().unwrap();
    let cards = home.path().join("mirror");
    write_mirror(&cards, &SETS, "");
    let output = run(deckcheck(home.path()).args([
        "events",
        "create",
        "--name",
        "Store showdown",
        "--date",
        "2026-01-10",
        "--format",
        "premeir",
        "--cards",
        cards.to_str().unwrap(),
    ]));
    let text = stderr(&output);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert_eq!(
        text.matches("unknown format \"premeir\"").count(),
        1,
        "{text}"
    );
    assert_eq!(text.lines().count(), 1, "{text}");
}
