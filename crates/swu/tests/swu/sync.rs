//! Card data sync (issue 5): a mock upstream on loopback serving the real raw API responses
//! byte for byte, the faults that must leave the old catalog in place, conditional requests,
//! and the local mirror CI syncs from.

use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use deckcheck_core::Paths;
use deckcheck_core::sync::{
    CatalogDir, DirFetch, HttpFetch, HttpLimits, SyncError, SyncOptions, Synced, sync,
};
use deckcheck_swu::Swu;
use deckcheck_swu::catalog::{identity_key, load_dir};
use deckcheck_swu::sync::SwuDb;

use crate::helpers::shared_swu;
use crate::real;

/// The six raw API responses stored byte for byte in `../shared`.
fn raw_dir() -> PathBuf {
    shared_swu().join("cards/swu-db-2026-10-08")
}

fn raw_sets() -> BTreeMap<String, Vec<u8>> {
    ["ASH", "HMW", "TS26", "IC27", "P25", "P26"]
        .iter()
        .map(|code| {
            (
                code.to_string(),
                std::fs::read(raw_dir().join(format!("{code}.json"))).unwrap(),
            )
        })
        .collect()
}

/// What the mock answers to one request.
#[derive(Clone)]
pub(crate) enum Reply {
    Ok {
        body: Vec<u8>,
        etag: Option<String>,
    },
    NotModified,
    Status(u16),
    /// Promises more bytes than it sends, then closes.
    Truncated(Vec<u8>),
    /// Answers nothing for this long.
    Hang(Duration),
}

pub(crate) type Route = Arc<dyn Fn(&str, Option<&str>) -> Reply + Send + Sync>;

/// Requests the mock saw: path and If-None-Match.
type Seen = Arc<Mutex<Vec<(String, Option<String>)>>>;

/// A bounded HTTP/1.1 responder on 127.0.0.1: one thread per connection, stopped on drop.
pub(crate) struct MockUpstream {
    base: String,
    stop: Arc<AtomicBool>,
    seen: Seen,
}

impl MockUpstream {
    pub(crate) fn start(route: Route) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let base = format!("http://{}", listener.local_addr().unwrap());
        let stop = Arc::new(AtomicBool::new(false));
        let seen = Arc::new(Mutex::new(Vec::new()));
        let (stop2, seen2) = (stop.clone(), seen.clone());
        std::thread::spawn(move || {
            for stream in listener.incoming() {
                if stop2.load(Ordering::SeqCst) {
                    break;
                }
                let Ok(stream) = stream else { continue };
                let (route, seen) = (route.clone(), seen2.clone());
                std::thread::spawn(move || serve(stream, &route, &seen));
            }
        });
        Self { base, stop, seen }
    }

    /// A mock serving `sets` in the API's shape and each set's bytes, with ETags.
    fn of(sets: BTreeMap<String, Vec<u8>>) -> Self {
        Self::with(sets, |_, reply| reply)
    }

    /// Like [`of`], with a hook that may replace any answer.
    fn with(
        sets: BTreeMap<String, Vec<u8>>,
        hook: impl Fn(&str, Reply) -> Reply + Send + Sync + 'static,
    ) -> Self {
        let list: Vec<_> = sets
            .keys()
            .map(|c| serde_json::json!({ "setId": c, "fullName": c }))
            .collect();
        let list = serde_json::to_vec(&list).unwrap();
        Self::start(Arc::new(move |path, if_none_match| {
            let reply = match path.strip_prefix("/cards/") {
                _ if path == "/sets" => Reply::Ok {
                    body: list.clone(),
                    etag: None,
                },
                Some(code) => match sets.get(code) {
                    Some(body) => {
                        let etag = format!("\"{code}-{}\"", body.len());
                        if if_none_match == Some(etag.as_str()) {
                            Reply::NotModified
                        } else {
                            Reply::Ok {
                                body: body.clone(),
                                etag: Some(etag),
                            }
                        }
                    }
                    None => Reply::Status(404),
                },
                None => Reply::Status(404),
            };
            hook(path, reply)
        }))
    }

    /// The paths asked for, in order.
    pub(crate) fn paths(&self) -> Vec<String> {
        self.seen
            .lock()
            .unwrap()
            .iter()
            .map(|(p, _)| p.clone())
            .collect()
    }

    pub(crate) fn base(&self) -> String {
        self.base.clone()
    }

    pub(crate) fn fetch(&self) -> HttpFetch {
        let limits = HttpLimits {
            connect: Duration::from_secs(2),
            request: Duration::from_secs(2),
            attempts: 2,
            backoff: Duration::from_millis(20),
        };
        HttpFetch::new(&self.base, limits, "swu").unwrap()
    }
}

impl Drop for MockUpstream {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        let _ = TcpStream::connect(self.base.trim_start_matches("http://"));
    }
}

fn serve(stream: TcpStream, route: &Route, seen: &Seen) {
    let mut reader = BufReader::new(stream.try_clone().unwrap());
    let mut line = String::new();
    if reader.read_line(&mut line).is_err() {
        return;
    }
    let path = line.split_whitespace().nth(1).unwrap_or("/").to_string();
    let mut if_none_match = None;
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).unwrap_or(0) == 0 || header == "\r\n" {
            break;
        }
        if let Some((name, value)) = header.split_once(':')
            && name.eq_ignore_ascii_case("if-none-match")
        {
            if_none_match = Some(value.trim().to_string());
        }
    }
    seen.lock()
        .unwrap()
        .push((path.clone(), if_none_match.clone()));
    let mut stream = stream;
    let head = |status: &str, len: usize, extra: &str| {
        format!(
            "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {len}\r\nconnection: close\r\n{extra}\r\n"
        )
    };
    let _ = match route(&path, if_none_match.as_deref()) {
        Reply::Ok { body, etag } => {
            let extra = etag.map(|e| format!("etag: {e}\r\n")).unwrap_or_default();
            stream
                .write_all(head("200 OK", body.len(), &extra).as_bytes())
                .and_then(|_| stream.write_all(&body))
        }
        Reply::NotModified => {
            stream.write_all(b"HTTP/1.1 304 Not Modified\r\nconnection: close\r\n\r\n")
        }
        Reply::Status(code) => stream
            .write_all(head(&format!("{code} Error"), 2, "").as_bytes())
            .and_then(|_| stream.write_all(b"{}")),
        Reply::Truncated(body) => {
            let half = &body[..body.len() / 2];
            stream
                .write_all(head("200 OK", body.len(), "").as_bytes())
                .and_then(|_| stream.write_all(half))
        }
        Reply::Hang(time) => {
            std::thread::sleep(time);
            Ok(())
        }
    };
    let _ = stream.flush();
    let _ = stream.shutdown(std::net::Shutdown::Both);
    let _ = reader.read(&mut [0u8; 1]);
}

fn run(fetch: &dyn deckcheck_core::sync::Fetch, root: &Path) -> Result<Synced, SyncError> {
    sync(&SwuDb, fetch, root, &SyncOptions::default())
}

/// Every file of a directory with its bytes.
fn snapshot(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            (
                p.file_name().unwrap().to_string_lossy().to_string(),
                std::fs::read(&p).unwrap(),
            )
        })
        .collect()
}

/// (printing id, copy identity) of every printing: what a catalog holds. (The identity, not
/// the title as first read: which printing's spelling wins depends on load order.)
fn contents(dir: &Path) -> Vec<(String, String)> {
    let catalog = load_dir(dir, &|_| None).unwrap();
    let mut all: Vec<_> = catalog
        .printings()
        .iter()
        .map(|p| {
            let card = catalog.card(p.card);
            (
                p.code.to_string(),
                identity_key(&card.title, card.subtitle.as_deref()),
            )
        })
        .collect();
    all.sort();
    all
}

/// Asserts two catalogs hold the same, naming the first difference only.
fn assert_same(a: &[(String, String)], b: &[(String, String)]) {
    assert_eq!(a.len(), b.len(), "printing counts differ");
    if let Some((x, y)) = a.iter().zip(b).find(|(x, y)| x != y) {
        panic!("first difference: {x:?} vs {y:?}");
    }
}

fn load(root: &Path) -> Swu {
    Swu::load(&Paths {
        cards: root.to_path_buf(),
        card_data: None,
    })
    .expect("the synced catalog loads")
}

#[test]
fn a_sync_from_the_mock_upstream_gives_the_catalog_the_raw_responses_give() {
    real!();
    let mock = MockUpstream::of(raw_sets());
    let root = tempfile::tempdir().unwrap();
    let synced = run(&mock.fetch(), root.path()).unwrap();
    assert_eq!(
        synced.manifest.items.len(),
        6,
        "{:?}",
        synced.manifest.items
    );
    assert_eq!(CatalogDir::new(root.path()).current(), synced.dir);
    for (code, bytes) in raw_sets() {
        assert_eq!(
            std::fs::read(synced.dir.join(format!("{code}.json"))).unwrap(),
            bytes,
            "{code} is stored byte for byte"
        );
    }
    assert_same(&contents(&synced.dir), &contents(&raw_dir()));
    let seen = mock.seen.lock().unwrap();
    assert!(seen.iter().any(|(p, _)| p == "/sets"));
}

#[test]
fn a_second_sync_asks_conditionally_and_keeps_what_did_not_change() {
    real!();
    let mock = MockUpstream::of(raw_sets());
    let root = tempfile::tempdir().unwrap();
    run(&mock.fetch(), root.path()).unwrap();
    let again = run(&mock.fetch(), root.path()).unwrap();
    let sets: Vec<_> = again
        .manifest
        .files
        .iter()
        .filter(|(_, f)| f.upstream.starts_with("cards/"))
        .collect();
    assert_eq!(sets.len(), 6, "{:?}", again.manifest.files);
    assert!(sets.iter().all(|(_, f)| f.unchanged), "{sets:?}");
    let conditional = mock
        .seen
        .lock()
        .unwrap()
        .iter()
        .filter(|(_, inm)| inm.is_some())
        .count();
    assert_eq!(conditional, 6, "every set was asked with If-None-Match");
    assert_same(&contents(&again.dir), &contents(&raw_dir()));
}

/// Every fault leaves the previous catalog byte for byte, and says what failed.
#[test]
fn every_upstream_fault_leaves_the_previous_catalog_in_place() {
    real!();
    let root = tempfile::tempdir().unwrap();
    let dest = root.path().join("cards");
    let first = run(&MockUpstream::of(raw_sets()).fetch(), &dest).unwrap();
    let before = snapshot(&first.dir);
    let version = load(&dest).catalog().version().to_string();

    let hmw = raw_sets()["HMW"].clone();
    let half_of_hmw = {
        let v: serde_json::Value = serde_json::from_slice(&hmw).unwrap();
        let data: Vec<_> = v["data"]
            .as_array()
            .unwrap()
            .iter()
            .take(400)
            .cloned()
            .collect();
        serde_json::to_vec(&serde_json::json!({ "total_cards": data.len(), "data": data })).unwrap()
    };
    type Hook = Box<dyn Fn(&str, Reply) -> Reply + Send + Sync>;
    type Fault = (&'static str, Hook, &'static str);
    let on_hmw = |reply: Reply| -> Hook {
        Box::new(move |p, r| if p == "/cards/HMW" { reply.clone() } else { r })
    };
    let faults: Vec<Fault> = vec![
        ("HTTP 500", on_hmw(Reply::Status(500)), "HTTP 500"),
        (
            "timeout",
            on_hmw(Reply::Hang(Duration::from_secs(4))),
            "no answer within",
        ),
        (
            "truncated body",
            on_hmw(Reply::Truncated(hmw.clone())),
            "HMW",
        ),
        (
            // A set answered empty is dropped as a preview set; losing it is refused.
            "empty set",
            on_hmw(Reply::Ok {
                body: br#"{"total_cards": 0, "data": []}"#.to_vec(),
                etag: None,
            }),
            "no longer has an item that the current catalog holds (HMW)",
        ),
        ("one set missing", on_hmw(Reply::Status(404)), "HTTP 404"),
        (
            "a set shrinking by half",
            on_hmw(Reply::Ok {
                body: half_of_hmw,
                etag: None,
            }),
            "shrank from 954 to 400",
        ),
        (
            "a set list that is not JSON",
            Box::new(|p, r| {
                if p == "/sets" {
                    Reply::Ok {
                        body: b"<html>busy</html>".to_vec(),
                        etag: None,
                    }
                } else {
                    r
                }
            }),
            "sets: ",
        ),
    ];
    for (name, hook, says) in faults {
        let mock = MockUpstream::with(raw_sets(), hook);
        let error = run(&mock.fetch(), &dest).expect_err(name);
        assert!(error.to_string().contains(says), "{name}: {error}");
        let current = CatalogDir::new(&dest).current();
        assert_eq!(current, first.dir, "{name}: another version is current");
        assert_eq!(snapshot(&current), before, "{name}: the catalog changed");
        // A reload finds the same data, intact.
        assert_eq!(
            load(&dest).catalog().version().to_string(),
            version,
            "{name}"
        );
    }
    let staging: Vec<_> = std::fs::read_dir(&dest)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.starts_with(".staging"))
        .collect();
    assert!(
        staging.is_empty(),
        "no staging directory is left behind: {staging:?}"
    );
}

#[test]
fn the_local_mirror_syncs_through_the_same_path_to_the_same_catalog() {
    real!();
    let root = tempfile::tempdir().unwrap();
    let mirror = shared_swu().join("cards");
    let synced = run(&DirFetch::new(&mirror).unwrap(), root.path()).unwrap();
    assert_eq!(
        synced.manifest.items.len(),
        14,
        "{:?}",
        synced.manifest.items
    );
    assert_same(&contents(&synced.dir), &contents(&mirror));
    let version = load(root.path()).catalog().version().to_string();
    assert!(
        version.contains('@'),
        "the version names the sync time: {version}"
    );
}
