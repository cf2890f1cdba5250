//! One client must not take the service down, and answers at the edges of HTTP say what was
//! wrong (issue 15, items 3 and 9): bodies that stall or trickle, memory held for bodies in
//! flight, what the HTTP layer refuses before a request reaches the service, 405 and HEAD,
//! the admin route's authentication.

use std::time::Duration;

use crate::support::*;

/// A request id as the service writes it.
fn has_request_id(answer: &Answer) -> bool {
    answer.header("x-request-id").is_some_and(|v| v.len() >= 16)
}

/// Every error the service itself gives: its status, JSON in the one error shape, and a
/// request id.
fn assert_api_error(answer: &Answer, status: u16, code: &str) {
    assert_eq!(answer.error().0, status, "{:?}", answer);
    assert_eq!(answer.error().1, code, "{:?}", answer);
    assert!(
        answer.json()["error"]["message"]
            .as_str()
            .is_some_and(|m| !m.is_empty())
    );
    assert!(has_request_id(answer), "{:?}", answer.headers);
}

const VALIDATE_HEAD: &str = "POST /v1/decks/validate?format=premier&as_of=2025-04-01 HTTP/1.1\r\n\
                             Host: localhost\r\nContent-Type: text/plain\r\nConnection: close\r\n";

/// Issue 15, item 3: a body that stops coming is a 408 `body-timeout` once the body timeout
/// has passed, not a connection held for minutes.
#[test]
fn a_stalled_body_is_a_408_after_the_body_timeout() {
    let server = Server::start(&[("DECKCHECK_BODY_TIMEOUT", "1")]);
    let head = format!("{VALIDATE_HEAD}Content-Length: 1000\r\n\r\n1 | Way");
    let answer = exchange(server.port, head.as_bytes(), &[], Duration::ZERO);
    assert_api_error(&answer, 408, "body-timeout");
    assert!(answer.took < Duration::from_secs(10), "{:?}", answer.took);
    assert_eq!(answer.json()["error"]["details"]["seconds"], 1);
    // A slow client is not a slow service: no log line for it (a crowd of them wrote
    // thousands).
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(server.request_lines(), Vec::<String>::new());
}

/// Issue 15, item 3: a body that trickles (a byte every 200 ms, each one in time) is bounded
/// by the time for the whole body, not by the time between bytes.
#[test]
fn a_trickling_body_is_a_408_after_the_body_timeout() {
    let server = Server::start(&[("DECKCHECK_BODY_TIMEOUT", "1")]);
    let head = format!("{VALIDATE_HEAD}Content-Length: 1000\r\n\r\n");
    let bytes: Vec<Vec<u8>> = (0..50).map(|_| b"x".to_vec()).collect();
    let answer = exchange(
        server.port,
        head.as_bytes(),
        &bytes,
        Duration::from_millis(200),
    );
    assert_api_error(&answer, 408, "body-timeout");
    assert!(answer.took < Duration::from_secs(8), "{:?}", answer.took);
}

/// Issue 15, item 3: the memory held for bodies still arriving is bounded over all
/// connections: past `DECKCHECK_BODY_MEMORY`, a body is a 503 `busy`, and the memory comes
/// back when those connections end.
#[test]
fn bodies_in_flight_past_the_memory_budget_are_a_503() {
    let server = Server::start(&[
        ("DECKCHECK_BODY_MEMORY", "1048576"),
        ("DECKCHECK_BATCH_BODY_LIMIT", "262144"),
        ("DECKCHECK_BODY_TIMEOUT", "30"),
    ]);
    // Each declares 256 KiB and sends 200 KB of it, then stalls; five of them pass 1 MiB.
    let head = format!("{VALIDATE_HEAD}Content-Length: 262144\r\n\r\n");
    let mut held = Vec::new();
    let mut busy = None;
    for _ in 0..8 {
        let mut stream = std::net::TcpStream::connect(("127.0.0.1", server.port)).unwrap();
        use std::io::Write;
        stream.write_all(head.as_bytes()).unwrap();
        let _ = stream.write_all(&vec![b'x'; 200_000]);
        stream
            .set_read_timeout(Some(Duration::from_millis(1500)))
            .unwrap();
        let mut peek = [0u8; 1];
        if stream.peek(&mut peek).is_ok_and(|n| n > 0) {
            busy = Some(read_answer(&mut stream, std::time::Instant::now()));
            break;
        }
        held.push(stream);
    }
    let busy = busy.expect("a body past the budget is answered at once");
    assert_api_error(&busy, 503, "busy");
    // Said once in the log, not once per refused request (the line is written beside the
    // answer, so it is waited for a moment).
    let waited = std::time::Instant::now();
    while server.request_lines().is_empty() && waited.elapsed() < Duration::from_secs(3) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let lines = server.request_lines();
    assert!(
        lines.len() == 1 && lines[0].contains("503 busy"),
        "{lines:#?}"
    );
    assert!(held.len() >= 3, "{} bodies were held first", held.len());
    drop(held);
    std::thread::sleep(Duration::from_millis(300));
    let after = server.post(
        "/v1/decks/validate?format=premier&as_of=2025-04-01",
        "text/plain",
        &vec![b'x'; 200_000],
    );
    assert_ne!(after.status, 503, "the memory came back");
}

/// Issue 15, item 9: what the HTTP layer refuses before a request reaches the service is
/// answered with its status and an empty body, and the connection is closed (README: "Limits").
#[test]
fn requests_refused_by_the_http_layer_get_their_status() {
    let server = Server::start(&[("DECKCHECK_HEADER_TIMEOUT", "1")]);
    let cases: Vec<(&str, Vec<u8>, u16)> = vec![
        (
            "a junk request line",
            b"\x00\x01junk junk\r\n\r\n".to_vec(),
            400,
        ),
        ("a request line of one word", b"HELLO\r\n\r\n".to_vec(), 400),
        (
            "a Content-Length that is not a number",
            b"POST /v1/decks/validate HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n".to_vec(),
            400,
        ),
        (
            "a negative Content-Length",
            b"POST /v1/decks/validate HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n".to_vec(),
            400,
        ),
        (
            "two different Content-Lengths",
            b"POST /v1/decks/validate HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nhello"
                .to_vec(),
            400,
        ),
        (
            "a URI of 70,000 bytes",
            format!("GET /health?{} HTTP/1.1\r\nHost: x\r\n\r\n", "a".repeat(70_000)).into_bytes(),
            400,
        ),
        (
            "a header of 200,000 bytes",
            format!(
                "GET /health HTTP/1.1\r\nHost: x\r\nX-Big: {}\r\n\r\n",
                "a".repeat(200_000)
            )
            .into_bytes(),
            431,
        ),
        (
            "200 headers",
            format!(
                "GET /health HTTP/1.1\r\nHost: x\r\n{}\r\n",
                (0..200).map(|i| format!("X-{i}: a\r\n")).collect::<String>()
            )
            .into_bytes(),
            431,
        ),
        (
            "headers that stop coming",
            b"GET /health HTTP/1.1\r\nHo".to_vec(),
            408,
        ),
    ];
    let mut failures = Vec::new();
    for (name, raw, status) in cases {
        let answer = exchange(server.port, &raw, &[], Duration::ZERO);
        if answer.status != status || answer.header("connection") != Some("close") {
            failures.push(format!(
                "{name}: {} {:?}",
                answer.status,
                answer.header("connection")
            ));
        }
        if answer.took > Duration::from_secs(10) {
            failures.push(format!("{name}: answered in {:?}", answer.took));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
    assert_eq!(server.get("/health").status, 200, "and the service goes on");
}

/// Issue 15, item 9: a query string of 8,000 bytes reaches the service and is refused in the
/// API's shape, echoing the parameter short.
#[test]
fn a_long_unknown_query_parameter_is_a_short_400() {
    let server = Server::start(&[]);
    let answer = server.get(&format!("/health?{}=1", "a".repeat(8000)));
    assert_api_error(&answer, 400, "bad-value");
    assert!(answer.body.len() < 2000, "{} bytes", answer.body.len());
}

/// Issue 15, item 9: a 405 names the methods the route takes in `Allow` and answers in the
/// API's error shape with a request id; HEAD is a GET without its body.
#[test]
fn a_405_says_allow_and_head_is_a_get_without_body() {
    let server = Server::start(&[]);
    for (method, path, allow) in [
        ("DELETE", "/health", "GET, HEAD"),
        ("PUT", "/v1/cards", "GET, HEAD"),
        ("GET", "/v1/decks/validate", "POST"),
        ("HEAD", "/v1/games/swu/decks/validate", "POST"),
    ] {
        let answer = server.send(&format!(
            "{method} {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
        ));
        assert_eq!(answer.status, 405, "{method} {path}");
        assert_eq!(answer.header("allow"), Some(allow), "{method} {path}");
        if method != "HEAD" {
            assert_api_error(&answer, 405, "method-not-allowed");
        }
    }
    for path in [
        "/health",
        "/v1/games",
        "/v1/cards?q=Waylay",
        "/openapi.json",
        "/",
    ] {
        let get = server.get(path);
        let head = server.send(&format!(
            "HEAD {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        ));
        assert_eq!((head.status, get.status), (200, 200), "HEAD {path}");
        assert!(head.body.is_empty(), "HEAD {path} has no body");
        assert!(has_request_id(&head), "HEAD {path}");
    }
    let missing = server.get("/v1/no-such-route");
    assert_api_error(&missing, 404, "not-found");
}

/// Issue 15, item 9: the bearer scheme is case-insensitive (RFC 7235); a refused admin
/// request is a 401 with `WWW-Authenticate`; without a token the admin route does not exist.
#[test]
fn the_admin_route_takes_the_bearer_scheme_in_any_case_and_says_how_to_authenticate() {
    let server = Server::start(&[("DECKCHECK_ADMIN_TOKEN", "s3cret-token")]);
    let reload = |authorization: Option<&str>| {
        let header = authorization
            .map(|a| format!("Authorization: {a}\r\n"))
            .unwrap_or_default();
        server.send(&format!(
            "POST /v1/admin/reload HTTP/1.1\r\nHost: x\r\nConnection: close\r\n{header}Content-Length: 0\r\n\r\n"
        ))
    };
    for scheme in ["Bearer", "bearer", "BEARER"] {
        let answer = reload(Some(&format!("{scheme} s3cret-token")));
        // 500 when some game (here every other game, which has no data) could not reload.
        assert!(
            matches!(answer.status, 200 | 500),
            "{scheme}: {}",
            answer.status
        );
        assert_ne!(answer.status, 401, "{scheme}");
    }
    for wrong in [
        None,
        Some("Bearer wrong"),
        Some("Basic czNjcmV0LXRva2Vu"),
        Some("s3cret-token"),
    ] {
        let answer = reload(wrong);
        assert_api_error(&answer, 401, "unauthorized");
        assert_eq!(
            answer.header("www-authenticate"),
            Some("Bearer realm=\"deckcheck admin\""),
            "{wrong:?}"
        );
    }
    let log = server.log.lock().unwrap().join("\n");
    assert!(!log.contains("s3cret-token"), "the token is never logged");
    drop(log);

    let closed = Server::start(&[]);
    let answer = closed.send(
        "POST /v1/admin/reload HTTP/1.1\r\nHost: x\r\nConnection: close\r\nAuthorization: Bearer x\r\nContent-Length: 0\r\n\r\n",
    );
    assert_api_error(&answer, 404, "not-found");
}
