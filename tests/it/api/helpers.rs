//! `spawn_app()`: the real application on a free port, with the real catalog; a `TestApp` with
//! one helper per endpoint.

use deckcheck::http::Application;
use deckcheck::settings::Settings;
use serde_json::Value;

use crate::helpers::CHECKER;

pub struct TestApp {
    pub address: String,
    pub client: reqwest::Client,
}

pub struct Answer {
    pub status: u16,
    pub body: Value,
    pub request_id: Option<String>,
}

pub async fn spawn_app() -> TestApp {
    spawn_app_with(|_| {}).await
}

pub async fn spawn_app_with(configure: impl FnOnce(&mut Settings)) -> TestApp {
    let mut settings = Settings {
        addr: "127.0.0.1:0".parse().unwrap(),
        workers: Some(1),
        ..Settings::default()
    };
    configure(&mut settings);
    let app = Application::build(settings, CHECKER.clone()).expect("the app binds a free port");
    let address = format!("http://127.0.0.1:{}", app.port());
    actix_web::rt::spawn(app.run_until_stopped());
    TestApp {
        address,
        client: client(),
    }
}

/// An HTTP client for the tests (reqwest is built with rustls and no bundled provider).
pub fn client() -> reqwest::Client {
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::new()
}

impl TestApp {
    async fn answer(response: reqwest::Response) -> Answer {
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
                String::from_utf8_lossy(&bytes)
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

    pub async fn get(&self, path: &str) -> Answer {
        let response = self
            .client
            .get(format!("{}{path}", self.address))
            .send()
            .await
            .expect("the request is answered");
        Self::answer(response).await
    }
}

/// A real deck file's text.
pub fn deck_text(relative: &str) -> String {
    std::fs::read_to_string(crate::helpers::deck_file(relative)).unwrap()
}

pub fn wichita_json() -> Value {
    serde_json::from_str(&deck_text("tournament/wichita-pq-4th-han-solo.swudb.json")).unwrap()
}
