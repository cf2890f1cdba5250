//! The stores the tests run on: SQLite in a temporary directory always, and PostgreSQL (a new
//! database on the server `DECKCHECK_TEST_DATABASE_URL` names) when that is set. Without it
//! the PostgreSQL half is skipped, and the run says so once.

use std::sync::{Arc, Once};

use deckcheck_core::AnyGame;
use deckcheck_store::{
    Created, DeckCheck, Location, NewEvent, Publication, Publish, Role, Store, StoreError,
    Submission, Submitted,
};
use jiff::Timestamp;
use jiff::civil::date;

pub use crate::toy::game;
pub use deckcheck_store::{Access, Op};

pub struct Db {
    pub name: &'static str,
    pub store: Arc<Store>,
    pub location: Location,
    pub _dir: Option<tempfile::TempDir>,
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

/// A PostgreSQL store on the times the tests give (they play an event's day in a second);
/// the database's own clock is tried in `clock`.
pub async fn postgres() -> Option<Db> {
    let url = fresh_postgres_url().await?;
    let location = Location::Postgres(url);
    Some(Db {
        name: "postgres",
        store: Arc::new(
            Store::open(&location)
                .await
                .unwrap()
                .with_clock(deckcheck_store::Clock::Caller),
        ),
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
    try_register(db, created, name, uid, text, t(10))
        .await
        .unwrap()
}

/// A player registers at `at`: the store's answer.
pub async fn try_register(
    db: &Db,
    created: &Created,
    name: &str,
    uid: &str,
    text: &str,
    at: Timestamp,
) -> Result<Submitted, StoreError> {
    db.store
        .register(
            &game(),
            &created.event.registration_code,
            name,
            uid,
            &list(text),
            at,
        )
        .await
}

/// The organizer publishes these players' lists, in finishing order.
pub async fn publish_top(
    db: &Db,
    org: &Access,
    players: &[&str],
    at: Timestamp,
) -> Result<Publication, StoreError> {
    let top = players.iter().map(|p| p.to_string()).collect();
    db.store
        .publish_lists(game(), org, Publish::Top(top), at)
        .await
}

/// A judge's deck check of the player's first deck, with no box and no note.
pub async fn check(
    db: &Db,
    judge: &Access,
    player: &str,
    presented: &str,
    at: Timestamp,
) -> Result<DeckCheck, StoreError> {
    db.store
        .deck_check(
            &game(),
            judge,
            player,
            version_of(db, judge, player).await,
            presented,
            None,
            0,
            None,
            at,
        )
        .await
}

/// A player registers at `at` (their name is their UID).
pub async fn register_at(
    db: &Db,
    created: &Created,
    name: &str,
    text: &str,
    at: Timestamp,
) -> Submitted {
    try_register(db, created, name, name, text, at)
        .await
        .unwrap()
}

/// An operation only `role` may do: what a test authorizes a token of that role for.
pub fn op_of(role: Role) -> Op {
    match role {
        Role::Organizer => Op::Export,
        Role::Judge => Op::Resolve,
        Role::Player => Op::ReadOwnList,
    }
}

pub async fn access(db: &Db, event: &str, token: &str, role: Role) -> Access {
    db.store
        .authorize(event, Some(token), op_of(role), t(2))
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
    let org = organizer(db, created).await;
    let issued = db.store.issue_judge(&org, name, t(1)).await.unwrap();
    access(db, &created.event.id, &issued.token, Role::Judge).await
}

pub fn toy() -> Arc<dyn AnyGame> {
    game()
}

pub fn day() -> jiff::civil::Date {
    date(2026, 7, 12)
}

/// A judge token of the event (the organizer issues it).
pub async fn judge_token(db: &Db, created: &Created, name: &str) -> String {
    let org = organizer(db, created).await;
    db.store.issue_judge(&org, name, t(1)).await.unwrap().token
}

/// The organizer locks the event at `at`.
pub async fn lock(db: &Db, created: &Created, at: Timestamp) -> deckcheck_store::Event {
    let org = organizer(db, created).await;
    db.store.lock(&org, at).await.unwrap()
}

/// The version of a player's list a judge sees now (what a deck check names).
pub async fn version_of(db: &Db, judge: &Access, player: &str) -> i64 {
    db.store
        .player(judge, player)
        .await
        .map(|r| r.registration.version)
        .unwrap_or(1)
}

/// Publishing as the tests before issue 34 read it: every list chosen published (a pending one
/// too, marked), read back from the snapshot.
pub trait PublishLists {
    async fn publish_lists(
        &self,
        game: std::sync::Arc<dyn deckcheck_core::AnyGame>,
        org: &Access,
        which: Publish,
        at: Timestamp,
    ) -> Result<Publication, StoreError>;
}

impl PublishLists for deckcheck_store::Store {
    async fn publish_lists(
        &self,
        game: std::sync::Arc<dyn deckcheck_core::AnyGame>,
        org: &Access,
        which: Publish,
        at: Timestamp,
    ) -> Result<Publication, StoreError> {
        self.publish(
            game,
            org,
            which,
            deckcheck_store::PendingChoice::Include,
            at,
        )
        .await?;
        self.published(&org.event_id, at).await
    }
}
