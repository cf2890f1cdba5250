//! A first start with no catalog, against an upstream that does not answer: seconds, said as
//! it goes, and what to do (issue 15, item 7).

use std::io::{BufRead, BufReader};
use std::process::Stdio;
use std::time::{Duration, Instant};

use crate::support::*;

/// Runs `serve` to its end (it must end by itself) and returns its exit code, its stderr
/// lines with the time each came, and how long it ran.
fn serve_until_it_gives_up(
    home: &std::path::Path,
    env: &[(String, String)],
) -> (Option<i32>, Vec<(Duration, String)>, Duration) {
    let started = Instant::now();
    let mut child = deckcheck(home)
        .arg("serve")
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let lines: Vec<(Duration, String)> = BufReader::new(child.stderr.take().unwrap())
        .lines()
        .map_while(Result::ok)
        .map(|l| (started.elapsed(), l))
        .collect();
    let status = child.wait().unwrap();
    (status.code(), lines, started.elapsed())
}

/// Issue 15, item 7: the upstream accepts the connection and never answers. `serve` said
/// nothing for 2–3 minutes; now it says where it fetches from and how long it waits, gives up
/// within seconds, and says what to do.
#[test]
fn a_first_start_against_a_silent_upstream_gives_up_in_seconds_and_says_what_to_do() {
    let home = tempfile::tempdir().unwrap();
    let upstream = Upstream::silent();
    let mut env = service_env(home.path(), &home.path().join("data/cards"));
    env.retain(|(k, _)| k != "DECKCHECK_CARDS" && k != "DECKCHECK_UPSTREAM");
    env.push((
        "DECKCHECK_DATA_DIR".into(),
        home.path().join("data").display().to_string(),
    ));
    env.push(("DECKCHECK_UPSTREAM".into(), upstream.url.clone()));
    let (code, lines, took) = serve_until_it_gives_up(home.path(), &env);
    let text: Vec<&str> = lines.iter().map(|(_, l)| l.as_str()).collect();
    let text = text.join("\n");
    assert_eq!(code, Some(2), "{text}");
    assert!(
        took < Duration::from_secs(40),
        "gave up after {took:?}: {text}"
    );
    // `serve` listens first (liveness answers), then says at once where it fetches from.
    let (first_at, first) = lines
        .iter()
        .find(|(_, l)| l.contains(&upstream.url))
        .unwrap_or_else(|| panic!("no line names the upstream: {text}"));
    assert!(
        *first_at < Duration::from_secs(5),
        "the line that says where it fetches from comes at once: {first}"
    );
    assert!(
        text.contains("fetching sets"),
        "it says what it is waiting for: {text}"
    );
    // The last line of deckcheck's own (actix's workers may still say they stop after it).
    let last = &lines
        .iter()
        .rev()
        .find(|(_, l)| !l.contains("actix_server"))
        .unwrap()
        .1;
    for advice in ["DECKCHECK_CARDS", "deckcheck sync", "no answer within"] {
        assert!(
            last.contains(advice),
            "the last line says {advice:?}: {last}"
        );
    }

    // The failed first start left its lock behind; the next start still fetches (here from
    // an upstream that refuses at once) rather than trying to load an empty catalog.
    env.retain(|(k, _)| k != "DECKCHECK_UPSTREAM");
    env.push(("DECKCHECK_UPSTREAM".into(), "http://127.0.0.1:1".into()));
    let (code, lines, took) = serve_until_it_gives_up(home.path(), &env);
    let text: Vec<&str> = lines.iter().map(|(_, l)| l.as_str()).collect();
    let text = text.join("\n");
    assert_eq!(code, Some(2), "{text}");
    assert!(took < Duration::from_secs(20), "{took:?}");
    assert!(
        text.contains("fetching it from http://127.0.0.1:1") && text.contains("cannot connect"),
        "{text}"
    );
}

/// Issue 35, G13: a PostgreSQL URL naming a database or role that does not exist took 30 s to
/// fail and said "retry in 2 s". A URL that cannot work (no such database, role or host)
/// stops the start within 5 s, naming what is wrong and never the password.
#[test]
fn a_postgresql_url_that_cannot_work_stops_the_start_within_five_seconds_saying_why() {
    let Some(url) = std::env::var("DECKCHECK_TEST_DATABASE_URL")
        .ok()
        .filter(|u| !u.is_empty())
    else {
        eprintln!("PostgreSQL start-up not tested: DECKCHECK_TEST_DATABASE_URL is not set");
        return;
    };
    let with_password = url.replacen("://postgres@", "://postgres:not-to-be-logged@", 1);
    let no_database = format!(
        "{}/no_such_database_here",
        &with_password[..with_password.rfind('/').unwrap()]
    );
    let no_role = with_password.replacen("://postgres:", "://no_such_role:", 1);
    let no_host =
        "postgres://postgres:not-to-be-logged@no-such-host.invalid:5432/events".to_string();
    for (url, names) in [
        (no_database, "no_such_database_here"),
        (no_role, "no_such_role"),
        (no_host, "no-such-host.invalid"),
    ] {
        let home = tempfile::tempdir().unwrap();
        let cards = home.path().join("mirror");
        write_mirror(&cards, &SETS, "");
        let mut env = service_env(home.path(), &cards);
        env.push(("DECKCHECK_DATABASE_URL".into(), url));
        let (code, lines, took) = serve_until_it_gives_up(home.path(), &env);
        let said: String = lines
            .iter()
            .map(|(_, l)| l.as_str())
            .collect::<Vec<_>>()
            .join("\n");
        assert_ne!(code, Some(0), "{said}");
        assert!(took < Duration::from_secs(5), "{names}: {took:?}\n{said}");
        assert!(said.contains(names), "{names}: {said}");
        assert!(!said.contains("not-to-be-logged"), "the password: {said}");
        assert!(!said.contains("retry in"), "{said}");
    }
}
