//! `spawn_app()`: the real application (`deckcheck_server::Application`) on a free loopback
//! port, built from loaded games as `serve` builds it; a `TestApp` with one helper per route.
//!
//! Two sets of data:
//! - the real catalogs of `../shared` ([`real_games`]): every game whose data is there, loaded
//!   once for the whole binary. Tests that need them are `#[ignore = "needs ../shared: …"]`
//!   (issue 26), run with `cargo test -- --include-ignored`;
//! - a hand-written SWU catalog (`fixtures/swu/`: Han Solo, two bases, Waylay, twenty invented
//!   "Filler Trooper" units), so that the service's routes, errors and hostile input are tested
//!   on a fresh clone too ([`fixture_games`]).

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use deckcheck_core::{AnyGame, Paths, Registry};
use deckcheck_server::games::{GAMES, Loaded, Unavailable};
use deckcheck_server::{Application, Settings};
use serde_json::Value;

/// The `shared/` directory: `DECKCHECK_SHARED`, else beside the repository.
pub fn shared_dir() -> PathBuf {
    match std::env::var_os("DECKCHECK_SHARED") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"),
    }
}

pub fn shared_swu() -> PathBuf {
    shared_dir().join("data/swu")
}

/// A game's real catalog: its variable (`DECKCHECK_CARDS`…), else its place in `shared/`.
pub fn real_catalog(game: &str) -> PathBuf {
    let spec = deckcheck_server::games::spec(game).expect("a game");
    if let Some(dir) = std::env::var_os(spec.env).filter(|d| !d.is_empty()) {
        return PathBuf::from(dir);
    }
    let data = shared_dir().join("data");
    match game {
        "swu" => data.join("swu/cards"),
        "lcg" => data.join("swlcg"),
        "ccg" => data.join("swccg"),
        "legion" => data.join("legion/legion-hq"),
        other => panic!("no shared data is known for {other}: add its directory here"),
    }
}

/// The hand-written SWU catalog.
pub fn fixture_cards() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/api/fixtures/swu")
}

fn load(game: &str, cards: &Path) -> Result<Arc<dyn AnyGame>, deckcheck_core::LoadError> {
    let spec = deckcheck_server::games::spec(game).expect("a game");
    (spec.load)(&Paths {
        cards: cards.to_path_buf(),
        card_data: None,
    })
}

/// Every game on its real data, loaded once. The tests that call it are
/// `#[ignore = "needs ../shared: …"]`; without the SWU catalog and decks it fails naming them.
/// Another game whose data is absent is listed as unavailable, as `serve` lists it.
pub fn real_games() -> &'static Loaded {
    real_games_if_there().unwrap_or_else(|| {
        panic!(
            "needs ../shared: no card catalog at {} or no decks at {} (put shared/ beside the repository, or set DECKCHECK_SHARED / DECKCHECK_CARDS)",
            real_catalog("swu").display(),
            deck_file("").display()
        )
    })
}

/// Every game on its real data, or `None` without the SWU catalog and decks: for the tests that
/// run on the hand-written catalog then (and on the real data too where it is there).
pub fn real_games_if_there() -> Option<&'static Loaded> {
    static LOADED: OnceLock<Option<Loaded>> = OnceLock::new();
    LOADED
        .get_or_init(|| {
            let swu = real_catalog("swu");
            if !swu.is_dir() || !deck_file("").is_dir() {
                return None;
            }
            let mut games = Vec::new();
            let mut unavailable = Vec::new();
            for spec in GAMES {
                let dir = real_catalog(spec.id);
                match load(spec.id, &dir) {
                    Ok(game) => games.push(game),
                    Err(e) if spec.id == "swu" => panic!("the real SWU catalog does not load: {e}"),
                    Err(reason) => unavailable.push(Unavailable {
                        id: spec.id,
                        name: spec.name,
                        reason: reason.to_string(),
                    }),
                }
            }
            Some(Loaded {
                registry: Registry::new(games),
                unavailable,
                notes: Vec::new(),
            })
        })
        .as_ref()
}

/// SWU on the hand-written catalog; the other games unavailable.
pub fn fixture_games() -> Loaded {
    static LOADED: OnceLock<Loaded> = OnceLock::new();
    LOADED
        .get_or_init(|| Loaded {
            registry: Registry::new(vec![
                load("swu", &fixture_cards()).expect("the fixture catalog loads"),
            ]),
            unavailable: GAMES
                .iter()
                .filter(|g| g.id != "swu")
                .map(|g| Unavailable {
                    id: g.id,
                    name: g.name,
                    reason: "not loaded in this test".into(),
                })
                .collect(),
            notes: Vec::new(),
        })
        .clone()
}

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
}

pub struct Answer {
    pub status: u16,
    pub body: Value,
    pub request_id: Option<String>,
}

/// The service's settings for a test: a free loopback port, one worker, every catalog named
/// (not read from the environment), everything else at its default.
pub fn settings(catalogs: &[(&str, PathBuf)]) -> Settings {
    let mut settings = Settings::parse_from(["--addr", "127.0.0.1:0", "--workers", "1"])
        .expect("the test settings parse");
    settings.admin_token = None;
    settings.card_data = None;
    // Never the environment's data directory: each app opens an event store of its own.
    settings.data_dir = None;
    settings.catalogs = catalogs
        .iter()
        .map(|(id, dir)| (id.to_string(), dir.clone()))
        .collect();
    settings
}

/// The real games' catalogs, for settings (a reload reads them again).
pub fn real_catalogs() -> Vec<(&'static str, PathBuf)> {
    GAMES.iter().map(|g| (g.id, real_catalog(g.id))).collect()
}

/// The application on the real data (the tests that call it need `../shared`).
pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

pub async fn spawn_app_with(configure: impl FnOnce(&mut Settings)) -> TestApp {
    let loaded = real_games().clone();
    let mut settings = settings(&real_catalogs());
    configure(&mut settings);
    spawn(settings, loaded)
}

/// The application on the real data if it is there, else `None`.
pub async fn spawn_app_if_there() -> Option<TestApp> {
    spawn_app_with_if_there(|_| {}).await
}

pub async fn spawn_app_with_if_there(configure: impl FnOnce(&mut Settings)) -> Option<TestApp> {
    real_games_if_there()?;
    Some(spawn_app_with(configure).await)
}

/// The application on the hand-written catalog.
pub async fn spawn_fixture_app() -> TestApp {
    spawn_fixture_app_with(|_| {}).await
}

pub async fn spawn_fixture_app_with(configure: impl FnOnce(&mut Settings)) -> TestApp {
    let mut settings = settings(&[("swu", fixture_cards())]);
    configure(&mut settings);
    spawn(settings, fixture_games())
}

/// Builds and starts the application; it serves once the test's runtime polls it.
pub fn spawn(mut settings: Settings, loaded: Loaded) -> TestApp {
    // An event store of the app's own, never the user's data directory (which another
    // build's migrations may have moved on); apps started at once do not migrate one file.
    settings
        .data_dir
        .get_or_insert_with(|| tempfile::tempdir().expect("a temporary directory").keep());
    serving(
        Application::build(settings, loaded)
            .expect("the app starts: its event store opens and it binds a free port"),
    )
}

/// An application built by the test, served.
pub fn serving(app: Application) -> TestApp {
    let address = format!("http://127.0.0.1:{}", app.port());
    actix_web::rt::spawn(app.run_until_stopped());
    TestApp {
        address,
        client: client(),
    }
}

/// The application on the real data (the tests that use it are ignored without `../shared`).
#[macro_export]
macro_rules! real_app {
    () => {
        $crate::helpers::spawn_app().await
    };
    ($configure:expr) => {
        $crate::helpers::spawn_app_with($configure).await
    };
}

/// An HTTP client for the tests (reqwest is built with rustls and no bundled provider).
pub fn client() -> reqwest::Client {
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::new()
}

impl TestApp {
    pub async fn answer(response: reqwest::Response) -> Answer {
        let status = response.status().as_u16();
        let request_id = response
            .headers()
            .get("x-request-id")
            .and_then(|v| v.to_str().ok())
            .map(str::to_string);
        let bytes = response.bytes().await.expect("a body");
        let body = serde_json::from_slice(&bytes).unwrap_or_else(|e| {
            panic!(
                "the body is JSON ({e}): {}",
                deckcheck_core::echo(&String::from_utf8_lossy(&bytes))
            )
        });
        Answer {
            status,
            body,
            request_id,
        }
    }

    pub async fn post(
        &self,
        path: &str,
        content_type: &str,
        body: impl Into<reqwest::Body>,
    ) -> Answer {
        let response = self
            .client
            .post(format!("{}{path}", self.address))
            .header("content-type", content_type)
            .body(body)
            .send()
            .await
            .expect("the request is answered");
        Self::answer(response).await
    }

    pub async fn validate(&self, request: &Value) -> Answer {
        self.post(
            "/v1/decks/validate",
            "application/json",
            request.to_string(),
        )
        .await
    }

    pub async fn validate_text(&self, query: &str, text: &str) -> Answer {
        self.post(
            &format!("/v1/decks/validate?{query}"),
            "text/plain",
            text.to_string(),
        )
        .await
    }

    pub async fn validate_batch(&self, request: &Value) -> Answer {
        self.post(
            "/v1/decks/validate-batch",
            "application/json",
            request.to_string(),
        )
        .await
    }

    pub async fn compare(&self, request: &Value) -> Answer {
        self.post("/v1/decks/compare", "application/json", request.to_string())
            .await
    }

    pub async fn get(&self, path: &str) -> Answer {
        let response = self
            .client
            .get(format!("{}{path}", self.address))
            .send()
            .await
            .expect("the request is answered");
        Self::answer(response).await
    }

    /// A JSON POST with an event's token (`Authorization: Bearer`).
    pub async fn post_as(&self, path: &str, token: &str, body: &Value) -> Answer {
        let response = self
            .client
            .post(format!("{}{path}", self.address))
            .bearer_auth(token)
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .expect("the request is answered");
        Self::answer(response).await
    }

    /// A GET with an event's token (`Authorization: Bearer`).
    pub async fn get_as(&self, path: &str, token: &str) -> Answer {
        let response = self
            .client
            .get(format!("{}{path}", self.address))
            .bearer_auth(token)
            .send()
            .await
            .expect("the request is answered");
        Self::answer(response).await
    }

    /// The catalog the default game answers from, as `/health` names it.
    pub async fn catalog(&self) -> String {
        let health = self.get("/health").await;
        health.body["games"][0]["catalog"]
            .as_str()
            .unwrap_or_else(|| panic!("{}", health.body))
            .to_string()
    }
}

pub fn deck_file(relative: &str) -> PathBuf {
    shared_swu().join("decks").join(relative)
}

/// A real deck file's text.
pub fn deck_text(relative: &str) -> String {
    std::fs::read_to_string(deck_file(relative)).unwrap()
}

pub fn wichita_json() -> Value {
    serde_json::from_str(&deck_text("tournament/wichita-pq-4th-han-solo.swudb.json")).unwrap()
}

pub fn wichita_text() -> String {
    deck_text("tournament/wichita-pq-4th-han-solo.melee.txt")
}

/// A Premier-legal deck of the hand-written catalog (on 2025-04-01), as text: 51 cards.
pub fn fixture_deck() -> String {
    let mut text = String::from(
        "Leader\n1 | Han Solo | Audacious Smuggler\nBase\n1 | Level 1313 | Coruscant\nDeck\n",
    );
    for i in 1..=17 {
        text.push_str(&format!("3 | Filler Trooper {i}\n"));
    }
    text
}

/// The verdicts of an answer's reports, format by format.
pub fn verdicts(answer: &Answer) -> Vec<(String, String)> {
    answer.body["reports"]
        .as_array()
        .unwrap_or_else(|| panic!("no reports: {}", answer.body))
        .iter()
        .map(|r| {
            (
                r["format"].as_str().unwrap().to_string(),
                r["verdict"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}
