//! A running service and a typed client for the event routes.

use std::path::PathBuf;

use deckcheck_server::settings::Settings;
use deckcheck_server::{Application, games};
use reqwest::{Client, Method, Response};
use serde_json::{Value, json};

pub const PG_ENV: &str = "DECKCHECK_TEST_DATABASE_URL";

/// The real SWU data (CI and the README set DECKCHECK_CARDS; else ../shared beside the repo).
/// The tests that use it are `#[ignore = "needs ../shared: …"]`.
pub fn swu_cards() -> PathBuf {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../..");
    let path = std::env::var_os("DECKCHECK_CARDS")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join("shared/data/swu/cards"));
    assert!(
        path.is_dir(),
        "needs ../shared: no SWU card data at {} (set DECKCHECK_CARDS)",
        path.display()
    );
    path
}

pub fn decks_dir() -> PathBuf {
    swu_cards().join("../decks")
}

pub fn wichita() -> String {
    std::fs::read_to_string(decks_dir().join("tournament/wichita-pq-4th-han-solo.melee.txt"))
        .unwrap()
}

pub fn wichita_swudb() -> String {
    std::fs::read_to_string(decks_dir().join("tournament/wichita-pq-4th-han-solo.swudb.json"))
        .unwrap()
}

/// The Wichita list was legal in Premier in its season.
pub const DAY: &str = "2025-01-15";

pub struct TestApp {
    pub base: String,
    pub client: Client,
    pub backend: &'static str,
    /// The running service's state (its store's fault hooks).
    pub state: actix_web::web::Data<deckcheck_server::AppState>,
    _dir: tempfile::TempDir,
}

/// A PostgreSQL database for one test, or `None` (said once) when no server is configured.
pub async fn pg_database() -> Option<String> {
    static SKIP: std::sync::Once = std::sync::Once::new();
    let Some(url) = std::env::var(PG_ENV).ok().filter(|u| !u.is_empty()) else {
        SKIP.call_once(|| {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "PostgreSQL service tests skipped: {PG_ENV} is not set; SQLite ran"
            );
        });
        return None;
    };
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut admin = sqlx::AnyConnection::connect(&url).await.unwrap();
    let name = format!(
        "dc_srv_{}",
        deckcheck_store::token::new_id("x").trim_start_matches("x_")
    );
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .await
        .unwrap();
    let (base, query) = url
        .split_once('?')
        .map_or((url.as_str(), ""), |(b, q)| (b, q));
    let slash = base.rfind('/').unwrap();
    Some(if query.is_empty() {
        format!("{}/{name}", &base[..slash])
    } else {
        format!("{}/{name}?{query}", &base[..slash])
    })
}

/// The SWU game, loaded once for the whole test binary.
pub fn swu(cards: &std::path::Path) -> std::sync::Arc<dyn deckcheck_core::AnyGame> {
    static GAME: std::sync::OnceLock<std::sync::Arc<dyn deckcheck_core::AnyGame>> =
        std::sync::OnceLock::new();
    GAME.get_or_init(|| {
        (deckcheck_swu::SPEC.load)(&deckcheck_core::Paths {
            cards: cards.to_path_buf(),
            card_data: None,
        })
        .unwrap()
    })
    .clone()
}

/// Another game on its real data (its variable, else `../shared`), loaded once; the tests that
/// use it are `#[ignore = "needs ../shared: …"]`.
pub fn other_game(
    spec: &'static deckcheck_core::GameSpec,
) -> std::sync::Arc<dyn deckcheck_core::AnyGame> {
    use std::sync::{Arc, Mutex, OnceLock};
    type Loaded = Vec<(&'static str, Arc<dyn deckcheck_core::AnyGame>)>;
    static GAMES: OnceLock<Mutex<Loaded>> = OnceLock::new();
    let mut games = GAMES.get_or_init(Default::default).lock().unwrap();
    if let Some((_, game)) = games.iter().find(|(id, _)| *id == spec.id) {
        return game.clone();
    }
    let shared = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared/data");
    let dir = std::env::var_os(spec.env)
        .filter(|d| !d.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| match spec.id {
            "legion" => shared.join("legion/legion-hq"),
            other => shared.join(format!("sw{other}")),
        });
    assert!(
        dir.is_dir(),
        "needs ../shared: no {} card data at {} (set {})",
        spec.id,
        dir.display(),
        spec.env
    );
    let game = (spec.load)(&deckcheck_core::Paths {
        cards: dir,
        card_data: None,
    })
    .unwrap();
    games.push((spec.id, game.clone()));
    game
}

pub async fn spawn(extra: &[&str], database_url: Option<String>) -> TestApp {
    spawn_with(extra, database_url, Vec::new()).await
}

/// The service with SWU and the other games given.
pub async fn spawn_with(
    extra: &[&str],
    database_url: Option<String>,
    others: Vec<std::sync::Arc<dyn deckcheck_core::AnyGame>>,
) -> TestApp {
    let cards = swu_cards();
    let dir = tempfile::tempdir().unwrap();
    let mut args: Vec<String> = vec![
        "--addr".into(),
        "127.0.0.1:0".into(),
        "--data-dir".into(),
        dir.path().display().to_string(),
        "--workers".into(),
        "2".into(),
    ];
    args.extend(extra.iter().map(|s| s.to_string()));
    let backend = if let Some(url) = database_url {
        args.extend(["--database-url".to_string(), url]);
        "postgres"
    } else {
        "sqlite"
    };
    let settings = Settings::parse_from(args).unwrap();
    let loaded = games::Loaded {
        registry: deckcheck_core::Registry::new(
            std::iter::once(swu(&cards)).chain(others).collect(),
        ),
        unavailable: Vec::new(),
        notes: Vec::new(),
    };
    let app = Application::build(settings, loaded).unwrap();
    let base = format!("http://127.0.0.1:{}", app.port());
    let state = app.state();
    // reqwest is built without a TLS provider of its own; plain HTTP still wants one installed.
    let _ = rustls::crypto::ring::default_provider().install_default();
    actix_web::rt::spawn(app.run_until_stopped());
    TestApp {
        base,
        client: Client::new(),
        backend,
        state,
        _dir: dir,
    }
}

/// The service on SQLite, and on PostgreSQL when there is one.
pub async fn every_backend(extra: &[&str]) -> Vec<TestApp> {
    let mut out = Vec::new();
    out.push(spawn(extra, None).await);
    if let Some(url) = pg_database().await {
        out.push(spawn(extra, Some(url)).await);
    }
    out
}

pub struct Answer {
    pub status: u16,
    pub body: Value,
}

impl TestApp {
    pub async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        body: Option<Value>,
    ) -> Answer {
        let mut req = self.client.request(method, format!("{}{path}", self.base));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = body {
            req = req.json(&b);
        }
        let res: Response = req.send().await.unwrap();
        let status = res.status().as_u16();
        let text = res.text().await.unwrap();
        Answer {
            status,
            body: serde_json::from_str(&text).unwrap_or(Value::String(text)),
        }
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Answer {
        self.call(Method::GET, path, token, None).await
    }

    pub async fn post(&self, path: &str, token: Option<&str>, body: Value) -> Answer {
        self.call(Method::POST, path, token, Some(body)).await
    }

    /// Creates an event; its id, code and organizer token.
    pub async fn event(&self) -> (String, String, String) {
        let a = self
            .post(
                "/v1/events",
                None,
                json!({"name": "Wichita PQ", "game": "swu", "format": "premier", "date": DAY}),
            )
            .await;
        assert_eq!(a.status, 201, "{}", a.body);
        (
            a.body["event"]["id"].as_str().unwrap().to_string(),
            a.body["event"]["registration_code"]
                .as_str()
                .unwrap()
                .to_string(),
            a.body["organizer_token"].as_str().unwrap().to_string(),
        )
    }

    /// Registers a player with the Wichita list; their id and token.
    pub async fn player(&self, code: &str, name: &str, uid: &str) -> (String, String) {
        let a = self
            .post(
                &format!("/v1/events/code/{code}/players"),
                None,
                json!({"player": name, "uid": uid, "deck": wichita()}),
            )
            .await;
        assert_eq!(a.status, 201, "{}", a.body);
        (
            a.body["player"]["id"].as_str().unwrap().to_string(),
            a.body["token"].as_str().unwrap().to_string(),
        )
    }

    pub async fn judge(&self, event: &str, organizer: &str) -> String {
        let a = self
            .post(
                &format!("/v1/events/{event}/judges"),
                Some(organizer),
                json!({"name": "Jo Judge"}),
            )
            .await;
        assert_eq!(a.status, 201, "{}", a.body);
        a.body["token"].as_str().unwrap().to_string()
    }
}
