//! The real `deckcheck` binary, run as an operator runs it: `serve` on a free loopback port
//! with a clean environment (only what a test sets), `sync` and `check` as commands; a small
//! SWU catalog written by hand; an HTTP client that sends bytes as written (so that a test can
//! send what no client library would); and a fake upstream.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Output, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

pub const BIN: &str = env!("CARGO_BIN_EXE_deckcheck");

/// How long a start-up may take (a debug build on a busy 2-core machine).
const START: Duration = Duration::from_secs(60);

/// A command with nothing of the caller's environment but `PATH`: CI sets `DECKCHECK_CARDS`
/// and friends, and a test must see only what it sets.
pub fn deckcheck(home: &Path) -> Command {
    deckcheck_under(home, &[])
}

/// [`deckcheck`], run by `wrapper` (a program and its arguments, the binary after them): a
/// replica under `faketime`.
pub fn deckcheck_under(home: &Path, wrapper: &[&str]) -> Command {
    let mut command = match wrapper.split_first() {
        Some((program, args)) => {
            let mut c = Command::new(program);
            c.args(args).arg(BIN);
            c
        }
        None => Command::new(BIN),
    };
    command
        .env_clear()
        .env("PATH", std::env::var_os("PATH").unwrap_or_default())
        .env("HOME", home)
        .env("XDG_DATA_HOME", home.join("xdg"));
    command
}

/// One record of the swu-db API.
fn card(set: &str, number: u32, name: &str, subtitle: Option<&str>, ty: &str) -> Value {
    json!({
        "Set": set,
        "Number": format!("{number:03}"),
        "Name": name,
        "Subtitle": subtitle,
        "Type": ty,
        "Aspects": ["Cunning", "Heroism"],
        "Rarity": "Common",
        "Unique": subtitle.is_some(),
        "VariantType": "Normal",
    })
}

/// The records of one set of the hand-made catalog. `variant` changes every name (the same
/// number of cards), so that two variants are two different catalogs of the same shape.
pub fn set_records(set: &str, variant: &str) -> Vec<Value> {
    let mut records = Vec::new();
    if set == "SOR" {
        records.push(card(
            set,
            1,
            &format!("Fixture{variant} Leader"),
            Some("Of the Tests"),
            "Leader",
        ));
        records.push(card(
            set,
            20,
            &format!("Fixture{variant} Base"),
            None,
            "Base",
        ));
        records.push(card(set, 222, "Waylay", None, "Event"));
    }
    for i in 1..=8 {
        records.push(card(
            set,
            100 + i,
            &format!("{set} Trooper{variant} {i}"),
            None,
            "Unit",
        ));
    }
    records
}

pub const SETS: [&str; 3] = ["SOR", "SHD", "TWI"];

/// A deck of the hand-made catalog: a leader, a base and 50 units.
pub fn fixture_deck() -> String {
    let mut text =
        String::from("Leader\n1 | Fixture Leader | Of the Tests\nBase\n1 | Fixture Base\nDeck\n");
    for set in SETS {
        for i in 1..=8 {
            text.push_str(&format!("2 | {set} Trooper {i}\n"));
        }
    }
    text.push_str("2 | Waylay\n");
    text
}

/// One set's file as the API answers it.
pub fn set_file(set: &str, variant: &str) -> Vec<u8> {
    let records = set_records(set, variant);
    serde_json::to_vec(&json!({ "total_cards": records.len(), "data": records })).unwrap()
}

/// A mirror of the API's answers: one file per set.
pub fn write_mirror(dir: &Path, sets: &[&str], variant: &str) {
    std::fs::create_dir_all(dir).unwrap();
    for set in sets {
        std::fs::write(dir.join(format!("{set}.json")), set_file(set, variant)).unwrap();
    }
}

/// A directory that holds something but no card data: a game pointed at it is listed as
/// unavailable at once (never fetched from its public upstream during a test).
pub fn no_data(home: &Path) -> PathBuf {
    let dir = home.join("no-data");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("README"), "not card data").unwrap();
    dir
}

/// The environment of a service on the hand-made catalog at `cards`, the other games
/// unavailable.
pub fn service_env(home: &Path, cards: &Path) -> Vec<(String, String)> {
    let none = no_data(home).display().to_string();
    vec![
        ("DECKCHECK_ADDR".into(), "127.0.0.1:0".into()),
        ("DECKCHECK_LOG_FORMAT".into(), "json".into()),
        ("DECKCHECK_WORKERS".into(), "2".into()),
        ("DECKCHECK_CARDS".into(), cards.display().to_string()),
        ("DECKCHECK_LCG_CARDS".into(), none.clone()),
        ("DECKCHECK_CCG_CARDS".into(), none.clone()),
        ("DECKCHECK_LEGION_CARDS".into(), none),
        // Nothing is fetched in a test unless it says so: this port refuses at once.
        ("DECKCHECK_UPSTREAM".into(), "http://127.0.0.1:1".into()),
    ]
}

/// A running `deckcheck serve`, stopped when dropped.
pub struct Server {
    pub port: u16,
    child: Child,
    /// Every line it wrote on stderr so far.
    pub log: Arc<Mutex<Vec<String>>>,
    pub home: tempfile::TempDir,
}

impl Server {
    /// A service on the hand-made catalog (a mirror of three sets), with `extra` settings.
    pub fn start(extra: &[(&str, &str)]) -> Server {
        let home = tempfile::tempdir().unwrap();
        let cards = home.path().join("mirror");
        write_mirror(&cards, &SETS, "");
        let mut env = service_env(home.path(), &cards);
        env.extend(extra.iter().map(|(k, v)| (k.to_string(), v.to_string())));
        Server::start_with(home, &env)
    }

    /// A service with exactly this environment (and `PATH`, `HOME`).
    pub fn start_with(home: tempfile::TempDir, env: &[(String, String)]) -> Server {
        Server::start_in(home, env, None)
    }

    /// [`Server::start_with`], run in the directory `cwd` (where `cargo run` would be).
    pub fn start_in(
        home: tempfile::TempDir,
        env: &[(String, String)],
        cwd: Option<&Path>,
    ) -> Server {
        Server::start_under(home, env, cwd, &[])
    }

    /// [`Server::start_in`], run by `wrapper` ([`deckcheck_under`]).
    pub fn start_under(
        home: tempfile::TempDir,
        env: &[(String, String)],
        cwd: Option<&Path>,
        wrapper: &[&str],
    ) -> Server {
        let mut command = deckcheck_under(home.path(), wrapper);
        if let Some(dir) = cwd {
            command.current_dir(dir);
        }
        command
            .arg("serve")
            .envs(env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::piped());
        let mut child = command.spawn().expect("deckcheck serve starts");
        let log = Arc::new(Mutex::new(Vec::new()));
        let (tx, rx) = std::sync::mpsc::channel();
        let stderr = child.stderr.take().unwrap();
        let lines = Arc::clone(&log);
        std::thread::spawn(move || {
            for line in BufReader::new(stderr).lines() {
                let Ok(line) = line else { break };
                if let Some(port) = serving_port(&line) {
                    let _ = tx.send(port);
                }
                lines.lock().unwrap().push(line);
            }
        });
        let port = match rx.recv_timeout(START) {
            Ok(port) => port,
            Err(_) => {
                let _ = child.kill();
                panic!(
                    "deckcheck serve did not start: {}",
                    log.lock().unwrap().join("\n")
                );
            }
        };
        let server = Server {
            port,
            child,
            log,
            home,
        };
        server.wait_until_ready();
        server
    }

    /// Waits until `/ready` answers 200: `serve` listens first and loads its data after.
    pub fn wait_until_ready(&self) {
        let started = Instant::now();
        while self.get("/ready").status != 200 {
            assert!(
                started.elapsed() < START,
                "deckcheck serve was not ready: {}",
                self.log.lock().unwrap().join("\n")
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// The JSON line whose message is `message`, if it was logged.
    pub fn logged(&self, message: &str) -> Option<Value> {
        self.log
            .lock()
            .unwrap()
            .iter()
            .filter_map(|l| serde_json::from_str::<Value>(l).ok())
            .find(|v| v["fields"]["message"] == message)
    }

    /// The first line logged with `message`, waiting up to 10 s for it: `/ready` may answer
    /// before the line that says so has been read from the server's output.
    pub fn logged_soon(&self, message: &str) -> Option<Value> {
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
        loop {
            if let Some(line) = self.logged(message) {
                return Some(line);
            }
            if std::time::Instant::now() > deadline {
                return None;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }

    pub fn get(&self, path: &str) -> Answer {
        self.send(&format!(
            "GET {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n"
        ))
    }

    /// A POST with a body and its length.
    pub fn post(&self, path: &str, content_type: &str, body: &[u8]) -> Answer {
        self.post_with(path, content_type, body, &[])
    }

    pub fn post_with(
        &self,
        path: &str,
        content_type: &str,
        body: &[u8],
        headers: &[(&str, &str)],
    ) -> Answer {
        let mut head = format!(
            "POST {path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\
             Content-Type: {content_type}\r\nContent-Length: {}\r\n",
            body.len()
        );
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        let mut bytes = head.into_bytes();
        bytes.extend_from_slice(body);
        exchange(self.port, &bytes, &[], Duration::ZERO)
    }

    pub fn post_json(&self, path: &str, body: &Value) -> Answer {
        self.post(path, "application/json", body.to_string().as_bytes())
    }

    /// Sends `raw` as it is and reads the answer.
    pub fn send(&self, raw: &str) -> Answer {
        exchange(self.port, raw.as_bytes(), &[], Duration::ZERO)
    }

    /// The lines logged since start-up that came from requests (the access log and any
    /// event logged while a request was served), but for the readiness checks of
    /// [`Server::wait_until_ready`].
    pub fn request_lines(&self) -> Vec<String> {
        self.log
            .lock()
            .unwrap()
            .iter()
            .filter(|l| !is_start_up(l) && !is_readiness_check(l))
            .cloned()
            .collect()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The port of the "deckcheck serving" line (JSON logs).
fn serving_port(line: &str) -> Option<u16> {
    let v: Value = serde_json::from_str(line).ok()?;
    (v["fields"]["message"] == "deckcheck serving")
        .then(|| v["fields"]["port"].as_u64())
        .flatten()
        .map(|p| p as u16)
}

/// Lines a start-up writes whatever the requests: the service ready, games unavailable,
/// actix's worker lines.
fn is_start_up(line: &str) -> bool {
    let v: Value = serde_json::from_str(line).unwrap_or_default();
    let target = v["target"].as_str().unwrap_or_default();
    let message = v["fields"]["message"].as_str().unwrap_or_default();
    target.starts_with("actix_server")
        || matches!(
            message,
            "deckcheck ready" | "game unavailable" | "deckcheck serving"
        )
}

/// The access line of a `GET /ready`.
fn is_readiness_check(line: &str) -> bool {
    let v: Value = serde_json::from_str(line).unwrap_or_default();
    v["target"] == "access" && v["fields"]["path"] == "/ready"
}

/// An answer as it came on the wire.
#[derive(Debug)]
pub struct Answer {
    pub status: u16,
    /// Header names in lower case.
    pub headers: BTreeMap<String, String>,
    pub body: Vec<u8>,
    /// How long from the first byte sent to the answer.
    pub took: Duration,
}

impl Answer {
    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "the body of a {} is JSON ({e}): {:?}",
                self.status,
                String::from_utf8_lossy(&self.body)
            )
        })
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.get(name).map(String::as_str)
    }

    /// `(status, error.code, error.field)` of an error answer.
    pub fn error(&self) -> (u16, String, Option<String>) {
        let body = self.json();
        let error = &body["error"];
        (
            self.status,
            error["code"].as_str().unwrap_or("?").to_string(),
            error["field"].as_str().map(str::to_string),
        )
    }
}

/// Connects, sends `head`, then each of `pieces` after `pause`, and reads one answer (the
/// server may answer and close before everything was sent: that is what some tests want).
pub fn exchange(port: u16, head: &[u8], pieces: &[Vec<u8>], pause: Duration) -> Answer {
    let mut stream = TcpStream::connect(("127.0.0.1", port)).expect("the service accepts");
    stream
        .set_read_timeout(Some(Duration::from_secs(60)))
        .unwrap();
    let started = Instant::now();
    // A refused request may be answered and closed before it was sent whole: the answer is
    // what counts, so a failed write is not a failure.
    let _ = stream.write_all(head);
    for piece in pieces {
        std::thread::sleep(pause);
        if stream.write_all(piece).is_err() {
            break;
        }
    }
    read_answer(&mut stream, started)
}

/// Reads one HTTP/1.1 answer: the head, then as many body bytes as it says.
pub fn read_answer(stream: &mut TcpStream, started: Instant) -> Answer {
    let mut bytes = Vec::new();
    let mut buf = [0u8; 16 * 1024];
    let end = loop {
        if let Some(end) = bytes.windows(4).position(|w| w == b"\r\n\r\n") {
            break end;
        }
        match stream.read(&mut buf) {
            Ok(0) => panic!(
                "the connection closed before an answer: {:?}",
                String::from_utf8_lossy(&bytes)
            ),
            Ok(n) => bytes.extend_from_slice(&buf[..n]),
            Err(e) => panic!("no answer ({e}): {:?}", String::from_utf8_lossy(&bytes)),
        }
    };
    let took = started.elapsed();
    let head = String::from_utf8_lossy(&bytes[..end]).into_owned();
    let mut lines = head.split("\r\n");
    let status = lines
        .next()
        .and_then(|l| l.split(' ').nth(1))
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("a status line: {head:?}"));
    let headers: BTreeMap<String, String> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let length: usize = headers
        .get("content-length")
        .and_then(|v| v.parse().ok())
        .unwrap_or(0);
    let mut body = bytes[end + 4..].to_vec();
    while body.len() < length {
        match stream.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => body.extend_from_slice(&buf[..n]),
        }
    }
    Answer {
        status,
        headers,
        body,
        took,
    }
}

/// A fake upstream on a free port: answers the files it holds (by path), 404 otherwise; or,
/// when silent, accepts connections and never answers.
pub struct Upstream {
    pub url: String,
    pub files: Arc<Mutex<BTreeMap<String, Vec<u8>>>>,
}

impl Upstream {
    pub fn serving(files: BTreeMap<String, Vec<u8>>) -> Upstream {
        Upstream::start(files, false)
    }

    pub fn silent() -> Upstream {
        Upstream::start(BTreeMap::new(), true)
    }

    fn start(files: BTreeMap<String, Vec<u8>>, silent: bool) -> Upstream {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        let files = Arc::new(Mutex::new(files));
        let shared = Arc::clone(&files);
        std::thread::spawn(move || {
            let mut held = Vec::new();
            for stream in listener.incoming() {
                let Ok(mut stream) = stream else { continue };
                if silent {
                    held.push(stream);
                    continue;
                }
                let files = Arc::clone(&shared);
                std::thread::spawn(move || answer_upstream(&mut stream, &files));
            }
        });
        Upstream { url, files }
    }
}

fn answer_upstream(stream: &mut TcpStream, files: &Mutex<BTreeMap<String, Vec<u8>>>) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut line = String::new();
    if reader.read_line(&mut line).is_err() {
        return;
    }
    let path = line.split(' ').nth(1).unwrap_or("/").to_string();
    loop {
        let mut header = String::new();
        match reader.read_line(&mut header) {
            Ok(0) | Err(_) => return,
            Ok(_) if header == "\r\n" => break,
            Ok(_) => {}
        }
    }
    let body = files.lock().unwrap().get(&path).cloned();
    let answer = match body {
        Some(body) => {
            let mut a = format!(
                "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n",
                body.len()
            )
            .into_bytes();
            a.extend_from_slice(&body);
            a
        }
        None => {
            b"HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\nConnection: close\r\n\r\n".to_vec()
        }
    };
    let _ = stream.write_all(&answer);
}

/// The upstream's files for the hand-made catalog: the set list and each set.
pub fn upstream_files(sets: &[&str], variant: &str) -> BTreeMap<String, Vec<u8>> {
    let mut files = BTreeMap::new();
    let list: Vec<Value> = sets.iter().map(|s| json!({ "setId": s })).collect();
    files.insert("/sets".into(), serde_json::to_vec(&list).unwrap());
    for set in sets {
        files.insert(format!("/cards/{set}"), set_file(set, variant));
    }
    files
}

/// Runs a command to its end; panics if it cannot be run.
pub fn run(command: &mut Command) -> Output {
    command.output().expect("deckcheck runs")
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}
