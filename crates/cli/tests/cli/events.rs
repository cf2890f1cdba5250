//! The event store through the real binary: the organizer's commands, and `deckcheck serve`
//! killed (SIGKILL) during a burst of registrations, restarted, with every acknowledged
//! registration there, on SQLite and (with `DECKCHECK_TEST_DATABASE_URL`) PostgreSQL.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

const BIN: &str = env!("CARGO_BIN_EXE_deckcheck");

fn shared() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data")
}

/// The SWU catalog (DECKCHECK_CARDS, else ../shared); the tests that call this are
/// `#[ignore = "needs ../shared: …"]`.
fn swu_cards() -> PathBuf {
    let path = std::env::var_os("DECKCHECK_CARDS")
        .map(PathBuf::from)
        .unwrap_or_else(|| shared().join("swu/cards"));
    assert!(
        path.is_dir(),
        "needs ../shared: no SWU card data at {} (set DECKCHECK_CARDS)",
        path.display()
    );
    path
}

fn wichita(cards: &Path) -> String {
    std::fs::read_to_string(cards.join("../decks/tournament/wichita-pq-4th-han-solo.melee.txt"))
        .unwrap()
}

/// A `deckcheck` command with the event store and catalogs of this test, nothing else.
fn deckcheck(data_dir: &Path, cards: &Path, database_url: Option<&str>) -> Command {
    let mut cmd = Command::new(BIN);
    cmd.env("DECKCHECK_DATA_DIR", data_dir)
        .env("DECKCHECK_CARDS", cards)
        .env_remove("DECKCHECK_DATABASE_URL");
    // The other games from ../shared when there (else they are listed as unavailable).
    for (var, dir) in [
        ("DECKCHECK_LCG_CARDS", "swlcg"),
        ("DECKCHECK_CCG_CARDS", "swccg"),
        ("DECKCHECK_LEGION_CARDS", "legion/legion-hq"),
    ] {
        let path = shared().join(dir);
        cmd.env(
            var,
            if path.is_dir() {
                path
            } else {
                data_dir.join("none")
            },
        );
    }
    if let Some(url) = database_url {
        cmd.env("DECKCHECK_DATABASE_URL", url);
    }
    cmd
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

fn client() -> reqwest::blocking::Client {
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::blocking::Client::builder()
        .timeout(Duration::from_secs(30))
        .build()
        .unwrap()
}

struct Server {
    child: Child,
    base: String,
}

impl Server {
    fn start(data_dir: &Path, cards: &Path, database_url: Option<&str>, port: u16) -> Self {
        let child = deckcheck(data_dir, cards, database_url)
            .args(["serve", "--workers", "2"])
            .env("DECKCHECK_ADDR", format!("127.0.0.1:{port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let base = format!("http://127.0.0.1:{port}");
        let c = client();
        let started = Instant::now();
        while c
            .get(format!("{base}/ready"))
            .send()
            .map(|r| !r.status().is_success())
            .unwrap_or(true)
        {
            assert!(
                started.elapsed() < Duration::from_secs(120),
                "the service did not start"
            );
            std::thread::sleep(Duration::from_millis(100));
        }
        Self { child, base }
    }

    /// SIGKILL: no shutdown, no flush, nothing.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn postgres_database() -> Option<String> {
    let url = std::env::var("DECKCHECK_TEST_DATABASE_URL")
        .ok()
        .filter(|u| !u.is_empty());
    if url.is_none() {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "PostgreSQL kill test skipped: DECKCHECK_TEST_DATABASE_URL is not set; SQLite ran"
        );
    }
    url
}

fn kill_during_a_burst(database_url: Option<&str>) {
    let cards = swu_cards();
    let dir = tempfile::tempdir().unwrap();
    let port = free_port();
    let server = Server::start(dir.path(), &cards, database_url, port);
    let c = client();
    let created: Value = c
        .post(format!("{}/v1/events", server.base))
        .json(
            &json!({"name": "Kill Cup", "game": "swu", "format": "premier", "date": "2025-01-15"}),
        )
        .send()
        .unwrap()
        .json()
        .unwrap();
    let event = created["event"]["id"].as_str().unwrap().to_string();
    let code = created["event"]["registration_code"]
        .as_str()
        .unwrap()
        .to_string();
    let organizer = created["organizer_token"].as_str().unwrap().to_string();
    let deck = wichita(&cards);
    let acknowledged = Arc::new(Mutex::new(Vec::<String>::new()));
    let stop = Arc::new(AtomicBool::new(false));
    let mut threads = Vec::new();
    for t in 0..8 {
        let (ack, stop, base, code, deck) = (
            acknowledged.clone(),
            stop.clone(),
            server.base.clone(),
            code.clone(),
            deck.clone(),
        );
        threads.push(std::thread::spawn(move || {
            let c = client();
            for i in 0.. {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let sent = c
                    .post(format!("{base}/v1/events/code/{code}/players"))
                    .json(&json!({"player": format!("Player {t}-{i}"), "uid": format!("{t}-{i}"), "deck": deck}))
                    .send();
                match sent {
                    Ok(r) if r.status().as_u16() == 201 => {
                        let body: Value = r.json().unwrap();
                        ack.lock().unwrap().push(body["player"]["id"].as_str().unwrap().to_string());
                    }
                    Ok(r) => panic!("a registration was answered {}", r.status()),
                    // The service is gone: whatever was not answered was not acknowledged.
                    Err(_) => break,
                }
            }
        }));
    }
    // Kill once registrations are flowing.
    let started = Instant::now();
    while acknowledged.lock().unwrap().len() < 150 && started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(20));
    }
    server.kill();
    stop.store(true, Ordering::Relaxed);
    for t in threads {
        t.join().unwrap();
    }
    let acknowledged = acknowledged.lock().unwrap().clone();
    assert!(acknowledged.len() >= 150, "the burst did not get going");

    let server = Server::start(dir.path(), &cards, database_url, port);
    let roster: Value = c
        .get(format!("{}/v1/events/{event}/players", server.base))
        .bearer_auth(&organizer)
        .send()
        .unwrap()
        .json()
        .unwrap();
    let stored: Vec<&str> = roster["players"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["id"].as_str().unwrap())
        .collect();
    for id in &acknowledged {
        assert!(
            stored.contains(&id.as_str()),
            "acknowledged registration {id} was lost"
        );
    }
    // At most the requests in flight at the kill were stored without being answered.
    assert!(
        stored.len() <= acknowledged.len() + 8,
        "{} stored, {} acknowledged",
        stored.len(),
        acknowledged.len()
    );
    use std::io::Write;
    let _ = writeln!(
        std::io::stderr(),
        "kill test ({}): {} acknowledged, {} stored after SIGKILL and restart",
        if database_url.is_some() {
            "postgres"
        } else {
            "sqlite"
        },
        acknowledged.len(),
        stored.len()
    );
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_service_killed_during_a_burst_of_registrations_loses_none_it_acknowledged_on_sqlite() {
    kill_during_a_burst(None);
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_service_killed_during_a_burst_of_registrations_loses_none_it_acknowledged_on_postgres() {
    if let Some(url) = postgres_database() {
        kill_during_a_burst(Some(&url));
    }
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn the_organizers_commands_create_lock_list_export_and_import_an_event() {
    let cards = swu_cards();
    let dir = tempfile::tempdir().unwrap();
    let run = |args: &[&str]| {
        let out = deckcheck(dir.path(), &cards, None)
            .args(args)
            .output()
            .unwrap();
        (
            out.status.code().unwrap_or(-1),
            String::from_utf8_lossy(&out.stdout).into_owned(),
            String::from_utf8_lossy(&out.stderr).into_owned(),
        )
    };
    let (code, out, err) = run(&[
        "events",
        "create",
        "--name",
        "Club Night",
        "--format",
        "premier",
        "--date",
        "2025-01-15",
        "--json",
    ]);
    assert_eq!(code, 0, "{err}");
    let created: Value = serde_json::from_str(&out).unwrap();
    let event = created["event"]["id"].as_str().unwrap();
    assert!(
        created["organizer_token"]
            .as_str()
            .unwrap()
            .starts_with("dco_")
    );
    let (code, out, _) = run(&["events", "roster", event]);
    assert_eq!(code, 0);
    assert!(
        out.contains("Club Night") && out.contains("0 players"),
        "{out}"
    );
    let (code, out, _) = run(&["events", "lock", event]);
    assert_eq!(code, 0);
    assert!(out.contains("locked at"), "{out}");
    let file = dir.path().join("backup.json");
    let (code, _, err) = run(&["events", "export", event, "-o", file.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let export: Value = serde_json::from_str(&std::fs::read_to_string(&file).unwrap()).unwrap();
    assert_eq!(export["format"], "deckcheck-event/1");
    assert!(export["event"]["locked_at"].is_string());
    // Into another store, and once only.
    let other = tempfile::tempdir().unwrap();
    let import = |d: &Path| {
        deckcheck(d, &cards, None)
            .args(["events", "import", file.to_str().unwrap()])
            .output()
            .unwrap()
    };
    let out = import(other.path());
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let out = import(other.path());
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("already"));
    let (code, _, err) = run(&["events", "lock", "ev_nope"]);
    assert_eq!(code, 2);
    assert!(err.contains("no event"), "{err}");
}
