//! A bounded HTTP/1.1 responder on 127.0.0.1, one thread per connection, stopped on drop: it
//! answers each request by a route, and records what it was asked.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use deckcheck_core::sync::HttpLimits;
use deckcheck_fetch::HttpFetch;

/// What the mock answers to one request.
#[derive(Clone)]
pub enum Reply {
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

/// The answer to a path and its If-None-Match.
pub type Route = Arc<dyn Fn(&str, Option<&str>) -> Reply + Send + Sync>;

/// Requests the mock saw: path and If-None-Match.
pub type Seen = Arc<Mutex<Vec<(String, Option<String>)>>>;

pub struct MockUpstream {
    pub base: String,
    stop: Arc<AtomicBool>,
    pub seen: Seen,
}

impl MockUpstream {
    pub fn start(route: Route) -> Self {
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

    /// Every file of a directory at its path, 404 for the others and for those `hidden`.
    pub fn dir(dir: PathBuf, hidden: &'static [&'static str]) -> Self {
        Self::start(Arc::new(move |path, _| {
            let path = path.trim_start_matches('/');
            if hidden.contains(&path) || path.contains("..") {
                return Reply::Status(404);
            }
            match std::fs::read(dir.join(path)) {
                Ok(body) => Reply::Ok { body, etag: None },
                Err(_) => Reply::Status(404),
            }
        }))
    }

    /// The HTTP upstream at this mock, with bounds short enough for a test.
    pub fn fetch(&self, game: &str) -> HttpFetch {
        let limits = HttpLimits {
            connect: Duration::from_secs(2),
            request: Duration::from_secs(2),
            attempts: 2,
            backoff: Duration::from_millis(20),
        };
        HttpFetch::new(&self.base, limits, game).unwrap()
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
