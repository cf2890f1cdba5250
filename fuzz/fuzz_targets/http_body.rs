//! Request bodies of the deck routes, through the real application:
//! `deckcheck_server::Application` (the real routes, limits and error shape, every game whose data
//! is there) is started once on a loopback port in this process, and each input is one HTTP
//! request to it. A panic in a handler aborts the process (libFuzzer's
//! panic hook), so it is kept as a crash like any other.
//!
//! Input: the first byte chooses the route and content type (low 3 bits) and the query string
//! (next 3 bits); the rest is the body, as is.
//!
//! Every answer must be: not a 5xx; JSON; an error in the one error shape
//! (`{"error": {"code", "message", ...}}`) for a 4xx; a consistent report for a 200.
#![no_main]

mod common;

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::sync::LazyLock;
use std::time::Duration;

use deckcheck_server::games::GAMES;
use deckcheck_server::loading::load_all;
use deckcheck_server::{Application, Settings};
use libfuzzer_sys::fuzz_target;
use serde_json::Value;

static SERVER: LazyLock<SocketAddr> = LazyLock::new(|| {
    let mut settings = Settings::parse_from(["--addr", "127.0.0.1:0", "--workers", "1"])
        .expect("the settings parse");
    settings.catalogs = GAMES
        .iter()
        .map(|g| (g.id.to_string(), common::catalog_dir(g.id)))
        .collect();
    let loaded = load_all(&settings, None).expect("the real SWU catalog loads");
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        actix_web::rt::System::new().block_on(async move {
            let app = Application::build(settings, loaded).expect("the app binds a free port");
            tx.send(app.port()).unwrap();
            app.run_until_stopped().await.expect("the app serves");
        });
    });
    let port = rx.recv().expect("the app started");
    SocketAddr::from(([127, 0, 0, 1], port))
});

const ROUTES: [(&str, Option<&str>); 8] = [
    ("/v1/decks/validate", Some("application/json")),
    ("/v1/decks/validate", Some("text/plain")),
    ("/v1/decks/validate", None),
    ("/v1/decks/validate-batch", Some("application/json")),
    ("/v1/decks/compare", Some("application/json")),
    ("/v1/decks/validate", Some("application/vnd.deck+json")),
    ("/v1/decks/window", Some("application/json")),
    ("/v1/games/swu/decks/validate", Some("text/plain")),
];

const QUERIES: [&str; 8] = [
    "",
    "?format=all",
    "?format=all&explain=true&as_of=2025-07-11",
    "?input_format=text&format=premier,eternal",
    "?input_format=picklist&format=sealed",
    "?input_format=swudb-json&format=trilogy&trilogy_pool=eternal",
    "?as_of=2024-03-08&format=twin-suns",
    "?competitive=true&format=draft&event_set=SOR",
];

/// One request, `Connection: close`; the answer's status and body.
fn request(path: &str, content_type: Option<&str>, body: &[u8]) -> (u16, Vec<u8>) {
    let mut stream = TcpStream::connect(*SERVER).expect("the app accepts");
    stream
        .set_read_timeout(Some(Duration::from_secs(20)))
        .unwrap();
    let mut head = format!(
        "POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if let Some(t) = content_type {
        head.push_str(&format!("Content-Type: {t}\r\n"));
    }
    head.push_str("\r\n");
    stream.write_all(head.as_bytes()).unwrap();
    // The app may answer (413) and close before reading the whole body.
    let _ = stream.write_all(body);
    let mut answer = Vec::new();
    if let Err(e) = stream.read_to_end(&mut answer) {
        assert!(
            e.kind() != std::io::ErrorKind::WouldBlock && e.kind() != std::io::ErrorKind::TimedOut,
            "no answer within 20 s: {path}"
        );
        // A reset after a complete answer (unread body) is fine; a missing answer is not.
    }
    let split = answer
        .windows(4)
        .position(|w| w == b"\r\n\r\n")
        .unwrap_or_else(|| {
            panic!(
                "no complete answer to {path}: {:?}",
                String::from_utf8_lossy(&answer)
            )
        });
    let head = String::from_utf8_lossy(&answer[..split]).to_ascii_lowercase();
    let status: u16 = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .expect("a status line");
    let mut body = answer[split + 4..].to_vec();
    if head.contains("transfer-encoding: chunked") {
        body = dechunk(&body);
    }
    (status, body)
}

fn dechunk(mut data: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    loop {
        let Some(eol) = data.windows(2).position(|w| w == b"\r\n") else {
            return out;
        };
        let size = std::str::from_utf8(&data[..eol])
            .ok()
            .and_then(|s| usize::from_str_radix(s.split(';').next()?.trim(), 16).ok())
            .expect("a chunk size");
        if size == 0 {
            return out;
        }
        out.extend_from_slice(&data[eol + 2..eol + 2 + size]);
        data = &data[eol + 2 + size + 2..];
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&selector, body)) = data.split_first() else {
        return;
    };
    let (path, content_type) = ROUTES[usize::from(selector & 7)];
    let query = QUERIES[usize::from((selector >> 3) & 7)];
    let (status, answer) = request(&format!("{path}{query}"), content_type, body);
    assert!(
        status < 500,
        "{status} for {path}{query}: {}",
        String::from_utf8_lossy(&answer)
    );
    let json: Value = serde_json::from_slice(&answer).unwrap_or_else(|e| {
        panic!(
            "{status} is not JSON ({e}): {}",
            String::from_utf8_lossy(&answer)
        )
    });
    if status >= 400 {
        let error = &json["error"];
        assert!(
            error["code"].as_str().is_some_and(|c| !c.is_empty())
                && error["message"].as_str().is_some_and(|m| !m.is_empty()),
            "{status} without the error shape: {json}"
        );
        return;
    }
    assert_eq!(status, 200, "{json}");
    if path.ends_with("/decks/validate") {
        let reports = json["reports"].as_array().expect("reports");
        let count = |key: &str| json["summary"][key].as_array().map_or(0, Vec::len);
        // Legal in every format asked is legal; legal means some format takes the deck (with
        // `all`, one is enough: "where can I play this?").
        let everywhere = count("illegal") == 0 && count("unverified") == 0 && count("legal") > 0;
        assert!(
            (!everywhere || json["legal"] == true) && (json["legal"] != true || count("legal") > 0),
            "legal is not the summary's: {json}"
        );
        for r in reports {
            let verdict = r["verdict"].as_str().expect("a verdict");
            assert!(["legal", "illegal", "unverified"].contains(&verdict), "{r}");
            let violations = r["violations"].as_array().expect("violations").len();
            if verdict == "illegal" {
                assert!(violations > 0, "illegal without a violation: {r}");
            }
            assert_eq!(verdict == "legal", r["legal"] == true, "{r}");
        }
    } else if path == "/v1/decks/validate-batch" {
        let results = json["results"].as_array().expect("results").len();
        assert_eq!(json["summary"]["entries"], results, "{json}");
        let s = &json["summary"];
        let n = |key: &str| s[key].as_u64().unwrap();
        assert_eq!(
            n("legal") + n("illegal") + n("unverified") + n("unreadable"),
            results as u64,
            "{json}"
        );
    }
});
