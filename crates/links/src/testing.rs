//! Tests only (feature `testing`): a local HTTPS server standing in for the deck sites, and
//! the test network a [`Links`] of [`Links::for_tests`] sees. The server answers recorded
//! answers by host and path, with a certificate (rcgen) for every site's host that only the test
//! client trusts. The client's test network sends the sites' hosts here; everything else it
//! resolves from a table, so nothing leaves the machine. Used by this crate's tests and by the
//! service's (its deck routes, through HTTP).

use std::collections::HashMap;
use std::convert::Infallible;
use std::net::{IpAddr, SocketAddr};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use crate::{Allowlist, LinkSettings, Links};
use http_body_util::combinators::UnsyncBoxBody;
use http_body_util::{BodyExt, Full, StreamBody};
use hyper::body::{Bytes, Frame, Incoming};
use hyper::{Request, Response};
use hyper_util::rt::TokioIo;
use tokio::net::TcpListener;
use tokio_rustls::TlsAcceptor;
use tokio_rustls::rustls::pki_types::{CertificateDer, PrivateKeyDer, PrivatePkcs8KeyDer};
use tokio_rustls::rustls::{self, ServerConfig};

/// The network a [`Links`] of [`Links::for_tests`] sees.
#[derive(Debug, Default, Clone)]
pub struct TestNetwork {
    /// Hosts sent to the local test server, whatever DNS says (the only addresses exempt from
    /// the private-address check).
    pub local: HashMap<String, SocketAddr>,
    /// The DNS: every other name answers these addresses (checked as any answer is), or none.
    pub dns: HashMap<String, Vec<IpAddr>>,
    /// Certificates (DER) trusted instead of the system's roots.
    pub roots: Vec<Vec<u8>>,
}

/// What the server answers at one host and path.
#[derive(Clone)]
pub enum Reply {
    /// A whole answer (with its Content-Length).
    Body {
        status: u16,
        content_type: &'static str,
        body: Vec<u8>,
    },
    /// 302 to this location.
    Redirect(String),
    /// The headers only after this long.
    Late(Duration),
    /// A body without Content-Length, of this many bytes, in 8 KiB chunks.
    Chunked(usize),
    /// A body that never ends: a byte every 50 ms.
    Trickle,
}

impl Reply {
    pub fn json(body: &str) -> Self {
        Self::Body {
            status: 200,
            content_type: "application/json",
            body: body.into(),
        }
    }

    pub fn html(body: &str) -> Self {
        Self::Body {
            status: 200,
            content_type: "text/html; charset=utf-8",
            body: body.into(),
        }
    }

    pub fn status(status: u16) -> Self {
        Self::Body {
            status,
            content_type: "text/plain",
            body: b"no".to_vec(),
        }
    }
}

type Body = UnsyncBoxBody<Bytes, Infallible>;

#[derive(Default)]
struct State {
    routes: HashMap<String, Reply>,
    /// Every request received, as `host/path?query`.
    seen: Vec<String>,
}

pub struct Upstream {
    pub addr: SocketAddr,
    cert: Vec<u8>,
    state: Arc<Mutex<State>>,
}

/// The hosts the certificate names: every host of the default allowlist, and one more that an
/// operator could add.
pub const EXTRA_HOST: &str = "decks.example.org";

impl Upstream {
    pub async fn start() -> Self {
        let mut names: Vec<String> = Allowlist::default().hosts().map(str::to_string).collect();
        names.push(EXTRA_HOST.into());
        let key = rcgen::generate_simple_self_signed(names).expect("a certificate");
        let cert = key.cert.der().to_vec();
        let private =
            PrivateKeyDer::Pkcs8(PrivatePkcs8KeyDer::from(key.signing_key.serialize_der()));
        let config =
            ServerConfig::builder_with_provider(Arc::new(rustls::crypto::ring::default_provider()))
                .with_safe_default_protocol_versions()
                .expect("TLS versions")
                .with_no_client_auth()
                .with_single_cert(vec![CertificateDer::from(cert.clone())], private)
                .expect("the server's certificate");
        let acceptor = TlsAcceptor::from(Arc::new(config));
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let addr = listener.local_addr().expect("its address");
        let state = Arc::new(Mutex::new(State::default()));
        let shared = state.clone();
        tokio::spawn(async move {
            while let Ok((tcp, _)) = listener.accept().await {
                let acceptor = acceptor.clone();
                let state = shared.clone();
                tokio::spawn(async move {
                    let Ok(tls) = acceptor.accept(tcp).await else {
                        return;
                    };
                    let service = hyper::service::service_fn(move |req| {
                        let state = state.clone();
                        async move { Ok::<_, Infallible>(answer(&state, req).await) }
                    });
                    let _ = hyper::server::conn::http1::Builder::new()
                        .serve_connection(TokioIo::new(tls), service)
                        .await;
                });
            }
        });
        Self { addr, cert, state }
    }

    /// Answers `reply` at `at`, written `host/path?query`.
    pub fn route(&self, at: &str, reply: Reply) -> &Self {
        self.state
            .lock()
            .expect("the state")
            .routes
            .insert(at.to_string(), reply);
        self
    }

    /// The requests received so far, as `host/path?query`.
    pub fn seen(&self) -> Vec<String> {
        self.state.lock().expect("the state").seen.clone()
    }

    /// A client whose `hosts` reach this server, whose DNS answers `dns` for other names, and
    /// that trusts this server's certificate alone.
    pub fn links(&self, settings: LinkSettings, hosts: &[&str], dns: &[(&str, &str)]) -> Links {
        Links::for_tests(settings, self.network(hosts, dns)).expect("a test client")
    }

    pub fn network(&self, hosts: &[&str], dns: &[(&str, &str)]) -> TestNetwork {
        TestNetwork {
            local: hosts.iter().map(|h| (h.to_string(), self.addr)).collect(),
            dns: dns
                .iter()
                .map(|(h, ip)| {
                    (
                        h.to_string(),
                        vec![ip.parse::<IpAddr>().expect("an address")],
                    )
                })
                .collect(),
            roots: vec![self.cert.clone()],
        }
    }
}

/// Settings for tests: the default allowlist, a short time limit.
pub fn settings() -> LinkSettings {
    LinkSettings {
        timeout: Duration::from_secs(3),
        ..LinkSettings::default()
    }
}

async fn answer(state: &Mutex<State>, req: Request<Incoming>) -> Response<Body> {
    let host = req
        .headers()
        .get(hyper::header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or_default()
        .split(':')
        .next()
        .unwrap_or_default()
        .to_string();
    let path = req
        .uri()
        .path_and_query()
        .map(|p| p.as_str().to_string())
        .unwrap_or_default();
    let at = format!("{host}{path}");
    let reply = {
        let mut state = state.lock().expect("the state");
        state.seen.push(at.clone());
        state.routes.get(&at).cloned()
    };
    let full = |bytes: Vec<u8>| Full::new(Bytes::from(bytes)).boxed_unsync();
    let response = Response::builder();
    let built = match reply {
        None => response.status(404).body(full(b"no route".to_vec())),
        Some(Reply::Body {
            status,
            content_type,
            body,
        }) => response
            .status(status)
            .header("content-type", content_type)
            .body(full(body)),
        Some(Reply::Redirect(location)) => response
            .status(302)
            .header("location", location)
            .body(full(Vec::new())),
        Some(Reply::Late(after)) => {
            tokio::time::sleep(after).await;
            response.status(200).body(full(b"{}".to_vec()))
        }
        Some(Reply::Chunked(size)) => {
            let chunks = (0..size.div_ceil(8192)).map(move |i| {
                let len = 8192.min(size - i * 8192);
                Ok(Frame::data(Bytes::from(vec![b' '; len])))
            });
            let stream = futures_util::stream::iter(chunks);
            response
                .status(200)
                .body(StreamBody::new(stream).boxed_unsync())
        }
        Some(Reply::Trickle) => {
            let stream = futures_util::stream::unfold((), |()| async {
                tokio::time::sleep(Duration::from_millis(50)).await;
                Some((Ok(Frame::data(Bytes::from_static(b" "))), ()))
            });
            response
                .status(200)
                .body(StreamBody::new(stream).boxed_unsync())
        }
    };
    built.expect("a response")
}
