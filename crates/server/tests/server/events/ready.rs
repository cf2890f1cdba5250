//! `/ready` follows the event store (issue 29): 503 whenever PostgreSQL stops answering, 200
//! again when it answers, with nothing restarted. The store is reached through a TCP proxy the
//! test can cut, as a network fault or a stopped server would.

use std::io::{Read, Write};
use std::net::{Shutdown, SocketAddr, TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use super::helpers::*;

/// A TCP proxy to `upstream` that can be cut (every connection closed, new ones refused at
/// once) and restored.
struct Proxy {
    port: u16,
    cut: Arc<AtomicBool>,
    open: Arc<Mutex<Vec<TcpStream>>>,
}

impl Proxy {
    fn to(upstream: SocketAddr) -> Proxy {
        let listener = TcpListener::bind("127.0.0.1:0").unwrap();
        let port = listener.local_addr().unwrap().port();
        let cut = Arc::new(AtomicBool::new(false));
        let open = Arc::new(Mutex::new(Vec::new()));
        let (is_cut, streams) = (Arc::clone(&cut), Arc::clone(&open));
        std::thread::spawn(move || {
            for client in listener.incoming() {
                let Ok(client) = client else { continue };
                if is_cut.load(Ordering::SeqCst) {
                    continue;
                }
                let Ok(server) = TcpStream::connect(upstream) else {
                    continue;
                };
                let mut streams = streams.lock().unwrap();
                streams.push(client.try_clone().unwrap());
                streams.push(server.try_clone().unwrap());
                pipe(client.try_clone().unwrap(), server.try_clone().unwrap());
                pipe(server, client);
            }
        });
        Proxy { port, cut, open }
    }

    fn cut(&self) {
        self.cut.store(true, Ordering::SeqCst);
        for stream in self.open.lock().unwrap().drain(..) {
            let _ = stream.shutdown(Shutdown::Both);
        }
    }

    fn restore(&self) {
        self.cut.store(false, Ordering::SeqCst);
    }
}

/// Copies `from` into `to` until either closes.
fn pipe(mut from: TcpStream, mut to: TcpStream) {
    std::thread::spawn(move || {
        let mut buf = [0u8; 16 * 1024];
        while let Ok(n) = from.read(&mut buf) {
            if n == 0 || to.write_all(&buf[..n]).is_err() {
                break;
            }
        }
        let _ = to.shutdown(Shutdown::Both);
    });
}

/// `/ready`'s status, asked until it is `want` (at most 20 s).
async fn ready_becomes(app: &TestApp, want: u16) -> serde_json::Value {
    let started = Instant::now();
    loop {
        let ready = app.get("/ready", None).await;
        if ready.status == want || started.elapsed() > Duration::from_secs(20) {
            assert_eq!(ready.status, want, "{}", ready.body);
            return ready.body;
        }
        actix_web::rt::time::sleep(Duration::from_millis(100)).await;
    }
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn readiness_follows_postgres_out_and_back() {
    let Some(url) = pg_database().await else {
        return;
    };
    let (prefix, rest) = url.split_once('@').unwrap();
    let (host_port, database) = rest.split_once('/').unwrap();
    let upstream: SocketAddr = host_port.parse().unwrap();
    let proxy = Proxy::to(upstream);
    let through = format!("{prefix}@127.0.0.1:{}/{database}", proxy.port);
    let app = spawn(&[], Some(through)).await;

    let up = ready_becomes(&app, 200).await;
    assert_eq!(up["store"]["backend"], "postgres");
    assert_eq!(up["store"]["answers"], true);

    proxy.cut();
    let down = ready_becomes(&app, 503).await;
    assert_eq!(down["waiting_for"], serde_json::json!(["store"]));
    assert_eq!(down["store"]["answers"], false);
    // The process is alive all along: nothing to restart.
    assert_eq!(app.get("/health/live", None).await.status, 200);

    proxy.restore();
    ready_becomes(&app, 200).await;
}
