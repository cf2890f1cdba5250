//! The stores the tests run on: SQLite in a temporary directory always, and PostgreSQL (a new
//! database on the server `DECKCHECK_TEST_DATABASE_URL` names) when that is set. Without it
//! the PostgreSQL half is skipped, and the run says so once.

use std::sync::{Arc, Once};

use deckcheck_core::AnyGame;
use deckcheck_store::{Access, Created, Location, NewEvent, Role, Store, Submission, Submitted};
use jiff::Timestamp;
use jiff::civil::date;

pub use crate::toy::game;

pub struct Db {
    pub name: &'static str,
    pub store: Arc<Store>,
    pub location: Location,
    _dir: Option<tempfile::TempDir>,
}

pub const PG_ENV: &str = "DECKCHECK_TEST_DATABASE_URL";

pub async fn sqlite() -> Db {
    let dir = tempfile::tempdir().unwrap();
    let location = Location::Sqlite(dir.path().join("events.sqlite3"));
    Db {
        name: "sqlite",
        store: Arc::new(Store::open(&location).await.unwrap()),
        location,
        _dir: Some(dir),
    }
}

/// A URL of a new, empty PostgreSQL database, or `None` (said once) when none is configured.
pub async fn fresh_postgres_url() -> Option<String> {
    static SKIP: Once = Once::new();
    let Some(url) = std::env::var(PG_ENV).ok().filter(|u| !u.is_empty()) else {
        // Written past the test harness's capture, so a plain `cargo test` shows it.
        SKIP.call_once(|| {
            use std::io::Write;
            let _ = writeln!(
                std::io::stderr(),
                "PostgreSQL store tests skipped: {PG_ENV} is not set (scripts/postgres.sh starts a server); SQLite ran"
            );
        });
        return None;
    };
    use sqlx::Connection;
    sqlx::any::install_default_drivers();
    let mut admin = sqlx::AnyConnection::connect(&url).await.unwrap();
    let name = format!(
        "dc_test_{}",
        deckcheck_store::token::new_id("db").trim_start_matches("db_")
    );
    sqlx::query(&format!("CREATE DATABASE {name}"))
        .execute(&mut admin)
        .await
        .unwrap();
    admin.close().await.unwrap();
    let (base, query) = url
        .split_once('?')
        .map_or((url.as_str(), ""), |(b, q)| (b, q));
    let slash = base
        .rfind('/')
        .filter(|i| *i > "postgres://".len())
        .unwrap_or(base.len());
    let mut out = format!("{}/{name}", &base[..slash]);
    if !query.is_empty() {
        out = format!("{out}?{query}");
    }
    Some(out)
}

pub async fn postgres() -> Option<Db> {
    let url = fresh_postgres_url().await?;
    let location = Location::Postgres(url);
    Some(Db {
        name: "postgres",
        store: Arc::new(Store::open(&location).await.unwrap()),
        location,
        _dir: None,
    })
}

/// SQLite, and PostgreSQL when there is one.
pub async fn every_backend() -> Vec<Db> {
    let mut out = vec![sqlite().await];
    out.extend(postgres().await);
    out
}

pub fn t(seconds: i64) -> Timestamp {
    Timestamp::from_second(1_780_000_000 + seconds).unwrap()
}

pub fn new_event(format: &str) -> NewEvent {
    serde_json::from_value(serde_json::json!({
        "name": "Store Showdown",
        "game": "toy",
        "format": format,
        "date": "2026-07-12",
    }))
    .unwrap()
}

pub async fn create(db: &Db, new: NewEvent) -> Created {
    db.store
        .create_event(game().as_ref(), new, t(0))
        .await
        .unwrap()
}

pub fn list(text: &str) -> Submission {
    Submission {
        decks: vec![text.to_string()],
        ..Submission::default()
    }
}

pub async fn register(db: &Db, created: &Created, name: &str, uid: &str, text: &str) -> Submitted {
    db.store
        .register(
            game().as_ref(),
            &created.event.registration_code,
            name,
            uid,
            &list(text),
            t(10),
        )
        .await
        .unwrap()
}

pub async fn access(db: &Db, event: &str, token: &str, role: Role) -> Access {
    db.store
        .authorize(event, Some(token), &[role], "test")
        .await
        .unwrap()
}

pub async fn organizer(db: &Db, created: &Created) -> Access {
    access(
        db,
        &created.event.id,
        &created.organizer_token,
        Role::Organizer,
    )
    .await
}

pub async fn judge(db: &Db, created: &Created, name: &str) -> Access {
    let token = db
        .store
        .issue_judge(&created.event.id, name, t(1))
        .await
        .unwrap();
    access(db, &created.event.id, &token, Role::Judge).await
}

pub fn toy() -> Arc<dyn AnyGame> {
    game()
}

pub fn day() -> jiff::civil::Date {
    date(2026, 7, 12)
}
