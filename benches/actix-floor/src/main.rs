//! A bare actix-web 4 server, the floor the service's instructions per request are compared
//! with (`scripts/instructions.sh`, issue 33 item 5): `GET /` answers "ok"; `POST /` parses its
//! body into a `serde_json::Value` and answers a small JSON object. One worker, on the address
//! given as the first argument, else `ACTIX_FLOOR_ADDR`, else 127.0.0.1:8081.

use actix_web::web::Bytes;
use actix_web::{App, HttpResponse, HttpServer, web};
use serde_json::{Value, json};

/// The least a GET can do: a fixed answer.
async fn ok() -> &'static str {
    "ok"
}

/// The least a JSON POST can do: parse the whole body, and answer with something read from it
/// (so the parse cannot be left out). A body that is not JSON (a file posted as text) is
/// answered 200 all the same, saying so: the floor of reading it.
async fn parse(body: Bytes) -> HttpResponse {
    match serde_json::from_slice::<Value>(&body) {
        Ok(value) => {
            let fields = value.as_object().map_or(0, |o| o.len());
            HttpResponse::Ok().json(json!({ "parsed": true, "fields": fields }))
        }
        Err(e) => HttpResponse::Ok().json(json!({ "parsed": false, "error": e.to_string() })),
    }
}

#[actix_web::main]
async fn main() -> std::io::Result<()> {
    let addr = std::env::args()
        .nth(1)
        .or_else(|| std::env::var("ACTIX_FLOOR_ADDR").ok())
        .unwrap_or_else(|| "127.0.0.1:8081".to_string());
    HttpServer::new(|| {
        App::new()
            .route("/", web::get().to(ok))
            .route("/", web::post().to(parse))
    })
    .workers(1)
    .bind(&addr)?
    .run()
    .await
}
