//! The event store under `deckcheck serve` as an operator meets it (issue 27, items 3, 4 and
//! 10): a read-only data directory stops the start within two seconds saying so, and is not
//! blamed on the address; a store that does not answer yet at start is tried again; a store
//! that cannot write answers 503 with `Retry-After`; the running service purges events past
//! their retention; and the service killed (`kill -9`)
//! inside the lock's transaction or in the middle of publishing, held there by the store's
//! fault hook (`DECKCHECK_STORE_FAULTS=pause=lock:FILE`, `pause=publish:FILE`), loses nothing
//! it acknowledged, and the lock or the publishing is done again after the restart (on SQLite,
//! and on PostgreSQL too when `DECKCHECK_TEST_DATABASE_URL` names a server).

use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use crate::support::*;

/// The day of the test events: the hand-made catalog's sets are out, and it is in the past.
const DAY: &str = "2025-04-01";

/// A request with a bearer token and a JSON body (or none), as written on the wire.
fn request(method: &str, path: &str, token: Option<&str>, body: Option<&Value>) -> Vec<u8> {
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut head = format!("{method} {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n");
    if let Some(token) = token {
        head.push_str(&format!("Authorization: Bearer {token}\r\n"));
    }
    if !body.is_empty() {
        head.push_str("Content-Type: application/json\r\n");
    }
    head.push_str(&format!("Content-Length: {}\r\n\r\n{body}", body.len()));
    head.into_bytes()
}

fn call(
    server: &Server,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> Answer {
    exchange(
        server.port,
        &request(method, path, token, body.as_ref()),
        &[],
        Duration::ZERO,
    )
}

/// A player registers the hand-made deck.
fn register(server: &Server, code: &str, player: &str, uid: &str) -> Answer {
    call(
        server,
        "POST",
        &format!("/v1/events/code/{code}/players"),
        None,
        Some(json!({"player": player, "uid": uid, "deck": fixture_deck()})),
    )
}

/// The organizer locks the event.
fn lock(server: &Server, event: &str, organizer: &str) {
    let locked = call(
        server,
        "POST",
        &format!("/v1/events/{event}/lock"),
        Some(organizer),
        Some(json!({})),
    );
    assert_eq!(
        locked.status,
        200,
        "{}",
        String::from_utf8_lossy(&locked.body)
    );
}

/// An event of `players` registered players on `server`: its id, code and organizer token.
fn event_with_players(server: &Server, players: usize) -> (String, String, String) {
    let created = call(
        server,
        "POST",
        "/v1/events",
        None,
        Some(json!({"name": "Kill Cup", "game": "swu", "format": "premier", "date": DAY})),
    );
    assert_eq!(
        created.status,
        201,
        "{}",
        String::from_utf8_lossy(&created.body)
    );
    let created = created.json();
    let id = created["event"]["id"].as_str().unwrap().to_string();
    let code = created["event"]["registration_code"]
        .as_str()
        .unwrap()
        .to_string();
    let organizer = created["organizer_token"].as_str().unwrap().to_string();
    for i in 0..players {
        let registered = register(
            server,
            &code,
            &format!("Player {i}"),
            &format!("{}", 1000 + i),
        );
        assert_eq!(
            registered.status,
            201,
            "{}",
            String::from_utf8_lossy(&registered.body)
        );
    }
    (id, code, organizer)
}

/// The ids of the event's players, as its organizer reads them.
fn roster(server: &Server, event: &str, organizer: &str) -> Vec<String> {
    let answer = call(
        server,
        "GET",
        &format!("/v1/events/{event}/players"),
        Some(organizer),
        None,
    );
    assert_eq!(answer.status, 200);
    answer.json()["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap().to_string())
        .collect()
}

/// A service on the hand-made catalog with its event store in `data` (kept across restarts),
/// and `extra` settings.
fn serve(data: &Path, extra: &[(&str, &str)]) -> Server {
    let mut env = vec![("DECKCHECK_DATA_DIR", data.to_str().unwrap())];
    env.extend_from_slice(extra);
    Server::start(&env)
}

/// Where the services of a kill test keep their events, across restarts: SQLite in a data
/// directory of the test's own, or the PostgreSQL database `DECKCHECK_TEST_DATABASE_URL`
/// names (the events of each test are its own).
struct Events {
    data: tempfile::TempDir,
    database_url: Option<String>,
}

impl Events {
    fn sqlite() -> Self {
        Self {
            data: tempfile::tempdir().unwrap(),
            database_url: None,
        }
    }

    /// `None`, saying so, without a PostgreSQL server to test on.
    fn postgres() -> Option<Self> {
        let url = std::env::var("DECKCHECK_TEST_DATABASE_URL")
            .ok()
            .filter(|u| !u.is_empty());
        if url.is_none() {
            let _ = writeln!(
                std::io::stderr(),
                "PostgreSQL kill test skipped: DECKCHECK_TEST_DATABASE_URL is not set; SQLite ran"
            );
        }
        Some(Self {
            database_url: Some(url?),
            ..Self::sqlite()
        })
    }

    /// A fault hook's marker file.
    fn marker(&self, name: &str) -> PathBuf {
        self.data.path().join(name)
    }

    fn serve(&self, extra: &[(&str, &str)]) -> Server {
        let mut env: Vec<(&str, &str)> = extra.to_vec();
        if let Some(url) = &self.database_url {
            env.push(("DECKCHECK_DATABASE_URL", url));
        }
        serve(self.data.path(), &env)
    }
}

/// Sends a request that the service will hold (at a fault hook's pause) on a thread of its
/// own; what it gets, if anything, comes back through the handle.
fn send_held(port: u16, raw: Vec<u8>) -> std::thread::JoinHandle<Option<String>> {
    std::thread::spawn(move || {
        let mut stream = TcpStream::connect(("127.0.0.1", port)).ok()?;
        stream
            .set_read_timeout(Some(Duration::from_secs(120)))
            .ok()?;
        stream.write_all(&raw).ok()?;
        let mut answer = Vec::new();
        let _ = stream.read_to_end(&mut answer);
        (!answer.is_empty()).then(|| String::from_utf8_lossy(&answer).into_owned())
    })
}

/// Waits for a fault hook's marker: the write is held inside its transaction.
fn wait_for(marker: &Path) {
    let started = Instant::now();
    while !marker.exists() {
        assert!(
            started.elapsed() < Duration::from_secs(60),
            "the write never reached the pause ({})",
            marker.display()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Sends `raw` (a write the fault hook holds at `marker`), kills the service with SIGKILL
/// while the write is held inside its transaction, checks that it was never acknowledged, and
/// starts the service again on the same store, without the fault hook.
fn kill_while_held(server: Server, events: &Events, marker: &Path, raw: Vec<u8>) -> Server {
    let held = send_held(server.port, raw);
    wait_for(marker);
    drop(server); // SIGKILL, the transaction open
    let answer = held.join().unwrap();
    assert!(
        answer.is_none(),
        "the write was never acknowledged: {answer:?}"
    );
    events.serve(&[])
}

/// The event as its organizer reads it.
fn event_info(server: &Server, event: &str, organizer: &str) -> Value {
    call(
        server,
        "GET",
        &format!("/v1/events/{event}"),
        Some(organizer),
        None,
    )
    .json()
}

/// Issue 27, item 10: `kill -9` inside the lock's transaction (the event marked locked, not
/// committed). After the restart every acknowledged registration is there, the event is open
/// (the lock was never acknowledged), and locking it again works.
fn kill_inside_the_locks_transaction(events: Events) {
    let marker = events.marker("lock-reached");
    let fault = format!("pause=lock:{}", marker.display());
    let server = events.serve(&[("DECKCHECK_STORE_FAULTS", &fault)]);
    let (event, code, organizer) = event_with_players(&server, 6);
    let registered = roster(&server, &event, &organizer);
    assert_eq!(registered.len(), 6);

    let locking = request(
        "POST",
        &format!("/v1/events/{event}/lock"),
        Some(&organizer),
        Some(&json!({})),
    );
    let server = kill_while_held(server, &events, &marker, locking);
    assert_eq!(
        roster(&server, &event, &organizer),
        registered,
        "nothing acknowledged is lost"
    );
    let info = event_info(&server, &event, &organizer);
    assert_eq!(info["locked"], false, "the lock did not commit: {info}");
    let late = register(&server, &code, "Late Player", "2000");
    assert_eq!(
        late.status,
        201,
        "still open after the restart: {}",
        String::from_utf8_lossy(&late.body)
    );
    lock(&server, &event, &organizer);
    let refused = register(&server, &code, "Later Player", "2001");
    assert_eq!(refused.error().1, "event-locked");
    assert_eq!(roster(&server, &event, &organizer).len(), 7);
}

#[test]
fn a_service_killed_inside_the_locks_transaction_loses_nothing_and_locks_again_on_sqlite() {
    kill_inside_the_locks_transaction(Events::sqlite());
}

#[test]
fn a_service_killed_inside_the_locks_transaction_loses_nothing_and_locks_again_on_postgres() {
    if let Some(events) = Events::postgres() {
        kill_inside_the_locks_transaction(events);
    }
}

/// Issue 27, item 10: `kill -9` in the middle of publishing (half of the lists written, not
/// committed). After the restart nothing is published and nothing is lost; publishing again
/// publishes every list.
fn kill_while_publishing(events: Events) {
    let marker = events.marker("publish-reached");
    let fault = format!("pause=publish:{}", marker.display());
    let server = events.serve(&[("DECKCHECK_STORE_FAULTS", &fault)]);
    let (event, _, organizer) = event_with_players(&server, 6);
    let registered = roster(&server, &event, &organizer);
    lock(&server, &event, &organizer);

    let publish = request(
        "POST",
        &format!("/v1/events/{event}/publish"),
        Some(&organizer),
        Some(&json!({"players": "all"})),
    );
    let server = kill_while_held(server, &events, &marker, publish);
    assert_eq!(
        roster(&server, &event, &organizer),
        registered,
        "nothing acknowledged is lost"
    );
    let info = event_info(&server, &event, &organizer);
    assert_eq!(info["locked"], true, "the lock stays: {info}");
    assert!(
        info["event"]["published_at"].is_null(),
        "nothing was published: {info}"
    );
    assert_eq!(
        call(
            &server,
            "GET",
            &format!("/v1/events/{event}/published"),
            None,
            None
        )
        .status,
        404,
        "no half of a publishing is shown"
    );
    let published = call(
        &server,
        "POST",
        &format!("/v1/events/{event}/publish"),
        Some(&organizer),
        Some(json!({"players": "all"})),
    );
    assert_eq!(
        published.status,
        200,
        "{}",
        String::from_utf8_lossy(&published.body)
    );
    let shown = call(
        &server,
        "GET",
        &format!("/v1/events/{event}/published"),
        None,
        None,
    );
    assert_eq!(shown.status, 200);
    assert_eq!(shown.json()["lists"].as_array().unwrap().len(), 6);
}

#[test]
fn a_service_killed_while_publishing_loses_nothing_and_publishes_again_on_sqlite() {
    kill_while_publishing(Events::sqlite());
}

#[test]
fn a_service_killed_while_publishing_loses_nothing_and_publishes_again_on_postgres() {
    if let Some(events) = Events::postgres() {
        kill_while_publishing(events);
    }
}

/// Issue 27, item 4: a write the store cannot make is a 503 that says when to retry.
#[test]
fn a_write_the_store_cannot_make_is_a_503_with_retry_after() {
    let data = tempfile::tempdir().unwrap();
    let server = serve(data.path(), &[("DECKCHECK_STORE_FAULTS", "fail=io")]);
    let answer = call(
        &server,
        "POST",
        "/v1/events",
        None,
        Some(json!({"name": "Cup", "game": "swu", "format": "premier", "date": DAY})),
    );
    assert_eq!(answer.error().0, 503);
    assert_eq!(answer.error().1, "store-unavailable");
    let wait: u64 = answer
        .header("retry-after")
        .expect("a 503 of the store says when to retry")
        .parse()
        .unwrap();
    assert_eq!(answer.json()["error"]["details"]["retry_after"], wait);
    assert!((1..=60).contains(&wait), "{wait}");
}

/// A tmpfs mounted read-only on a temporary directory (as root), or a directory without
/// write permission (as anyone else); `None` where neither makes a read-only directory.
struct ReadOnlyDir {
    dir: tempfile::TempDir,
    mounted: bool,
}

impl ReadOnlyDir {
    fn new() -> Option<Self> {
        let dir = tempfile::tempdir().unwrap();
        let mounted = Command::new("mount")
            .args(["-t", "tmpfs", "-o", "ro,size=64k", "tmpfs"])
            .arg(dir.path())
            .output()
            .is_ok_and(|o| o.status.success());
        if !mounted {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o555)).unwrap();
        }
        // Root writes through permissions: then only the mount makes it read-only.
        if std::fs::write(dir.path().join("probe"), b"").is_ok() {
            let _ = writeln!(
                std::io::stderr(),
                "a read-only data directory test was skipped: no read-only directory can be made here"
            );
            return None;
        }
        Some(Self { dir, mounted })
    }
}

impl Drop for ReadOnlyDir {
    fn drop(&mut self) {
        if self.mounted {
            let _ = Command::new("umount")
                .arg("-l")
                .arg(self.dir.path())
                .status();
        } else {
            use std::os::unix::fs::PermissionsExt;
            let _ =
                std::fs::set_permissions(self.dir.path(), std::fs::Permissions::from_mode(0o755));
        }
    }
}

/// Issue 27, item 4: a read-only data directory took ~30 s to fail, with "pool timed out",
/// and the failure was put down to the address ("cannot listen on …"). It stops the start
/// within 2 s, saying read-only and what to do, before the catalogs load.
#[test]
fn a_read_only_data_directory_stops_the_start_within_two_seconds_saying_read_only() {
    let Some(read_only) = ReadOnlyDir::new() else {
        return;
    };
    let home = tempfile::tempdir().unwrap();
    let cards = home.path().join("mirror");
    write_mirror(&cards, &SETS, "");
    let started = Instant::now();
    let out = deckcheck(home.path())
        .arg("serve")
        .envs(service_env(home.path(), &cards))
        .env("DECKCHECK_DATA_DIR", read_only.dir.path())
        .stdin(Stdio::null())
        .output()
        .unwrap();
    let took = started.elapsed();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(took < Duration::from_secs(2), "took {took:?}: {stderr}");
    assert!(stderr.contains("read-only"), "{stderr}");
    assert!(
        stderr.contains("DECKCHECK_DATA_DIR"),
        "says what to set: {stderr}"
    );
    assert!(
        !stderr.contains("cannot listen"),
        "not the address's fault: {stderr}"
    );
    assert!(
        !stderr.contains("card data loaded"),
        "before the catalogs load: {stderr}"
    );
}

/// Issue 27, item 3: the running service deletes events past their retention by itself.
/// An event whose day and creation are long past is restored into the store of a service
/// that purges every second; it is gone within seconds, and an event of today stays.
#[test]
fn the_running_service_purges_events_past_their_retention() {
    let data = tempfile::tempdir().unwrap();
    let server = serve(
        data.path(),
        &[
            ("DECKCHECK_RETENTION_DAYS", "1"),
            ("DECKCHECK_PURGE_INTERVAL", "1"),
        ],
    );
    let (_, code, _) = event_with_players(&server, 1);
    // An old event: exported from another store, its creation moved back, restored into the
    // running service's store with the binary's own command.
    let other = tempfile::tempdir().unwrap();
    let events = |dir: &Path, args: &[&str]| {
        let out = deckcheck(other.path())
            .env("DECKCHECK_DATA_DIR", dir)
            .env("DECKCHECK_CARDS", server.home.path().join("mirror"))
            .arg("events")
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "events {args:?}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    };
    let created: Value = serde_json::from_str(&events(
        other.path(),
        &[
            "create", "--name", "Old Cup", "--format", "premier", "--date", DAY, "--json",
        ],
    ))
    .unwrap();
    let old = created["event"]["id"].as_str().unwrap();
    let old_code = created["event"]["registration_code"].as_str().unwrap();
    let file = other.path().join("old.json");
    events(other.path(), &["export", old, "-o", file.to_str().unwrap()]);
    let mut export: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    export["event"]["created_at"] = json!("2025-03-01T10:00:00Z");
    std::fs::write(&file, export.to_string()).unwrap();
    events(data.path(), &["import", file.to_str().unwrap()]);

    let started = Instant::now();
    while call(
        &server,
        "GET",
        &format!("/v1/events/code/{old_code}"),
        None,
        None,
    )
    .status
        != 404
    {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the event past its retention was not purged"
        );
        std::thread::sleep(Duration::from_millis(200));
    }
    assert!(
        server
            .request_lines()
            .iter()
            .any(|l| l.contains("events past their retention deleted") && l.contains(old)),
        "the purge is logged with the events it deleted"
    );
    // The event created today (its day long past, but created now) is kept.
    assert_eq!(
        call(
            &server,
            "GET",
            &format!("/v1/events/code/{code}"),
            None,
            None
        )
        .status,
        200
    );
}

/// A store that does not answer yet at start (a database server starting beside the service,
/// a machine so loaded that the first connection takes longer than the store waits) is tried
/// again, saying so, instead of stopping the start at the first try.
#[test]
fn a_store_that_does_not_answer_at_start_is_tried_again_saying_so() {
    use std::io::{BufRead, BufReader};
    let home = tempfile::tempdir().unwrap();
    let cards = home.path().join("mirror");
    write_mirror(&cards, &SETS, "");
    let started = Instant::now();
    let mut child = deckcheck(home.path())
        .arg("serve")
        .envs(service_env(home.path(), &cards))
        // Port 1 refuses at once: a database that is not up yet.
        .env(
            "DECKCHECK_DATABASE_URL",
            "postgres://deckcheck@127.0.0.1:1/events",
        )
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stderr.take().unwrap()).lines();
    let mut seen = Vec::new();
    let retried = loop {
        let Some(Ok(line)) = lines.next() else {
            break false;
        };
        seen.push(line.clone());
        if line.contains("did not answer at start; trying again") {
            break true;
        }
    };
    let _ = child.kill();
    let _ = child.wait();
    assert!(retried, "{}", seen.join("\n"));
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "said at once, not after a timeout: {:?}",
        started.elapsed()
    );
}
