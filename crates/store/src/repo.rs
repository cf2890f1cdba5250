//! The thin repository: every SQL statement of the store, each row read into a typed row
//! (`sqlx::FromRow`) and checked into the model (stored names parsed, JSON columns read into
//! their types), nothing else. No rule lives here: the operations in `store/` decide, with
//! [`crate::lifecycle`], and call these inside one [`crate::db::Tx`] per write.
//!
//! One SQL for SQLite and PostgreSQL: times are BIGINT microseconds (UTC), JSON is TEXT. The
//! differences: how a write holds its event's row ([`RowLock`]), and the database's clock read
//! beside the event ([`now_sql`]: PostgreSQL's, `NULL` on SQLite).

use jiff::Timestamp;
use jiff::civil::Date;
use serde_json::Value;
use sqlx::{Any, AnyConnection, Executor, FromRow};

pub use crate::db::whole_micros;
use crate::db::{Backend, Tx, now_sql};
use crate::error::StoreError;
use crate::model::*;

fn micros(t: Timestamp) -> i64 {
    t.as_microsecond()
}

fn time(column: &str, us: i64) -> Result<Timestamp, StoreError> {
    Timestamp::from_microsecond(us).map_err(|e| StoreError::Corrupt(format!("{column}: {e}")))
}

fn time_opt(column: &str, us: Option<i64>) -> Result<Option<Timestamp>, StoreError> {
    us.map(|us| time(column, us)).transpose()
}

fn json<T: serde::de::DeserializeOwned>(column: &str, text: &str) -> Result<T, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Corrupt(format!("{column}: {e}")))
}

fn to_json(value: &impl serde::Serialize) -> Result<String, StoreError> {
    serde_json::to_string(value).map_err(|e| StoreError::Corrupt(e.to_string()))
}

fn count(column: &str, n: i64) -> Result<u64, StoreError> {
    u64::try_from(n).map_err(|e| StoreError::Corrupt(format!("{column}: {e}")))
}

/// Whether an insert hit a unique constraint (a code or UID taken, an import clash).
pub enum Inserted {
    Yes,
    Taken,
}

fn inserted(
    result: Result<sqlx::any::AnyQueryResult, sqlx::Error>,
) -> Result<Inserted, StoreError> {
    match result {
        Ok(_) => Ok(Inserted::Yes),
        Err(sqlx::Error::Database(d)) if d.is_unique_violation() => Ok(Inserted::Taken),
        Err(e) => Err(e.into()),
    }
}

// ---- events ----

const EVENT_COLUMNS: &str = "id, name, game, format, event_date, tier, illegal_lists, options, registration_code, locks_at, locked_at, published_at, published_lists, created_at, players, stored_bytes";

/// The event's columns and the database's clock, as one row is read.
fn event_select(backend: Backend) -> String {
    format!(
        "SELECT {EVENT_COLUMNS}, {} AS db_now FROM events",
        now_sql(backend)
    )
}

#[derive(FromRow)]
struct EventRow {
    id: String,
    name: String,
    game: String,
    format: String,
    event_date: String,
    tier: String,
    illegal_lists: String,
    options: String,
    registration_code: String,
    locks_at: Option<i64>,
    locked_at: Option<i64>,
    published_at: Option<i64>,
    published_lists: Option<i64>,
    created_at: i64,
    players: i64,
    stored_bytes: i64,
    db_now: Option<i64>,
}

/// An event as stored, with what only the store needs.
pub struct StoredEvent {
    pub event: Event,
    /// Lists in the published snapshot.
    pub published_lists: u64,
    /// Its players and the bytes its lists hold, kept on its row.
    pub players: u64,
    pub stored_bytes: u64,
    /// The database's clock when the row was read (PostgreSQL; `None` on SQLite).
    pub db_now: Option<i64>,
}

impl TryFrom<EventRow> for StoredEvent {
    type Error = StoreError;

    fn try_from(r: EventRow) -> Result<Self, StoreError> {
        Ok(Self {
            event: Event {
                date: r
                    .event_date
                    .parse::<Date>()
                    .map_err(|e| StoreError::Corrupt(format!("event_date: {e}")))?,
                tier: Tier::parse("tier", &r.tier)?,
                illegal_lists: IllegalLists::parse("illegal_lists", &r.illegal_lists)?,
                options: json("options", &r.options)?,
                locks_at: time_opt("locks_at", r.locks_at)?,
                locked_at: time_opt("locked_at", r.locked_at)?,
                published_at: time_opt("published_at", r.published_at)?,
                created_at: time("created_at", r.created_at)?,
                id: r.id,
                name: r.name,
                game: r.game,
                format: r.format,
                registration_code: r.registration_code,
            },
            published_lists: count("published_lists", r.published_lists.unwrap_or(0))?,
            players: count("players", r.players)?,
            stored_bytes: count("stored_bytes", r.stored_bytes)?,
            db_now: r.db_now,
        })
    }
}

fn events_from(rows: Vec<EventRow>) -> Result<Vec<Event>, StoreError> {
    rows.into_iter()
        .map(|r| StoredEvent::try_from(r).map(|s| s.event))
        .collect()
}

pub async fn insert_event(conn: &mut AnyConnection, e: &Event) -> Result<Inserted, StoreError> {
    inserted(
        sqlx::query("INSERT INTO events (id, name, game, format, event_date, tier, illegal_lists, options, registration_code, locks_at, locked_at, published_at, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)")
            .bind(&e.id)
            .bind(&e.name)
            .bind(&e.game)
            .bind(&e.format)
            .bind(e.date.to_string())
            .bind(e.tier.as_str())
            .bind(e.illegal_lists.as_str())
            .bind(to_json(&e.options)?)
            .bind(&e.registration_code)
            .bind(e.locks_at.map(micros))
            .bind(e.locked_at.map(micros))
            .bind(e.published_at.map(micros))
            .bind(micros(e.created_at))
            .execute(conn)
            .await,
    )
}

pub async fn stored_event<'c>(
    db: impl Executor<'c, Database = Any>,
    backend: Backend,
    id: &str,
) -> Result<Option<StoredEvent>, StoreError> {
    let sql = format!("{} WHERE id = $1", event_select(backend));
    sqlx::query_as::<_, EventRow>(&sql)
        .bind(id)
        .fetch_optional(db)
        .await?
        .map(StoredEvent::try_from)
        .transpose()
}

pub async fn event_by_code<'c>(
    db: impl Executor<'c, Database = Any>,
    backend: Backend,
    code: &str,
) -> Result<Option<StoredEvent>, StoreError> {
    let sql = format!("{} WHERE registration_code = $1", event_select(backend));
    sqlx::query_as::<_, EventRow>(&sql)
        .bind(code)
        .fetch_optional(db)
        .await?
        .map(StoredEvent::try_from)
        .transpose()
}

pub async fn events<'c>(
    db: impl Executor<'c, Database = Any>,
    backend: Backend,
) -> Result<Vec<Event>, StoreError> {
    let sql = format!("{} ORDER BY created_at DESC, id", event_select(backend));
    events_from(sqlx::query_as::<_, EventRow>(&sql).fetch_all(db).await?)
}

/// How a write holds its event's row until it commits (PostgreSQL; SQLite's writes are one at
/// a time already).
#[derive(Clone, Copy)]
pub enum RowLock {
    /// Written beside the event, many at once (a deck check, a pick), but none while the event
    /// is being locked or published.
    Share,
    /// What changes the event's numbers or its tokens (a list, a token): one at a time per
    /// event, so the numbers on its row and a token's state are read and written in turn;
    /// never while the event is being locked or published.
    Write,
    /// The event itself changes (lock, settings, publishing): waits for lists in flight.
    Update,
}

/// The event inside a write, its row held as `lock` says, with the database's clock read in
/// the same statement.
pub async fn event_for_write(
    tx: &mut Tx,
    id: &str,
    lock: RowLock,
) -> Result<StoredEvent, StoreError> {
    let suffix = match (tx.backend(), lock) {
        (Backend::Sqlite, _) => "",
        (Backend::Postgres, RowLock::Share) => " FOR SHARE",
        (Backend::Postgres, RowLock::Write) => " FOR NO KEY UPDATE",
        (Backend::Postgres, RowLock::Update) => " FOR UPDATE",
    };
    let sql = format!("{} WHERE id = $1{suffix}", event_select(tx.backend()));
    sqlx::query_as::<_, EventRow>(&sql)
        .bind(id)
        .fetch_optional(tx.conn())
        .await?
        .map(StoredEvent::try_from)
        .transpose()?
        .ok_or_else(|| StoreError::NoEvent(id.to_string()))
}

/// What a write changes of the event's numbers.
#[derive(Debug, Clone, Copy, Default)]
pub struct CountDelta {
    pub players: i64,
    pub accepted: i64,
    pub pending: i64,
    pub versions: i64,
    pub stored_bytes: i64,
}

impl CountDelta {
    /// A list stored in `state`, moving its registration from `before` (none: a new one).
    pub fn list(before: Option<State>, after: State, bytes: u64) -> Self {
        let mut d = Self {
            players: i64::from(before.is_none()),
            versions: 1,
            stored_bytes: bytes as i64,
            ..Self::default()
        };
        let mut count = |state: State, n: i64| match state {
            State::Accepted => d.accepted += n,
            State::Pending => d.pending += n,
        };
        if let Some(before) = before {
            count(before, -1);
        }
        count(after, 1);
        d
    }

    /// A registration in `state` taken off the roster (its versions stay stored).
    pub fn removal(state: State) -> Self {
        let mut d = Self {
            players: -1,
            ..Self::default()
        };
        match state {
            State::Accepted => d.accepted = -1,
            State::Pending => d.pending = -1,
        }
        d
    }
}

/// Changes the event's numbers (inside the write that changes what they count).
pub async fn add_counts(
    conn: &mut AnyConnection,
    id: &str,
    d: CountDelta,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE events SET players = players + $2, accepted = accepted + $3, pending = pending + $4, versions = versions + $5, stored_bytes = stored_bytes + $6 WHERE id = $1")
        .bind(id)
        .bind(d.players)
        .bind(d.accepted)
        .bind(d.pending)
        .bind(d.versions)
        .bind(d.stored_bytes)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn update_settings(conn: &mut AnyConnection, e: &Event) -> Result<(), StoreError> {
    sqlx::query("UPDATE events SET name = $2, locks_at = $3, illegal_lists = $4 WHERE id = $1")
        .bind(&e.id)
        .bind(&e.name)
        .bind(e.locks_at.map(micros))
        .bind(e.illegal_lists.as_str())
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_locked(
    conn: &mut AnyConnection,
    id: &str,
    at: Timestamp,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE events SET locked_at = $2 WHERE id = $1 AND locked_at IS NULL")
        .bind(id)
        .bind(micros(at))
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn set_published(
    conn: &mut AnyConnection,
    id: &str,
    at: Timestamp,
    lists: u64,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE events SET published_at = $2, published_lists = $3 WHERE id = $1")
        .bind(id)
        .bind(micros(at))
        .bind(lists as i64)
        .execute(conn)
        .await?;
    Ok(())
}

/// The latest time any list of the event was written at.
pub async fn latest_list_time(
    conn: &mut AnyConnection,
    event_id: &str,
) -> Result<Option<Timestamp>, StoreError> {
    let (latest,): (Option<i64>,) =
        sqlx::query_as("SELECT MAX(at) FROM list_versions WHERE event_id = $1")
            .bind(event_id)
            .fetch_one(conn)
            .await?;
    time_opt("at", latest)
}

/// Deletes an event and everything of it.
pub async fn delete_event(conn: &mut AnyConnection, id: &str) -> Result<bool, StoreError> {
    for table in [
        "tokens",
        "deck_check_picks",
        "deck_checks",
        "publication_lists",
        "roster_changes",
        "list_versions",
        "registrations",
    ] {
        sqlx::query(&format!("DELETE FROM {table} WHERE event_id = $1"))
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    let gone = sqlx::query("DELETE FROM events WHERE id = $1")
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(gone.rows_affected() > 0)
}

// ---- registrations ----

const REGISTRATION_COLUMNS: &str = "r.id, r.player, r.uid, r.version, r.state, r.verdict, r.created_at, r.updated_at, (SELECT COUNT(*) FROM deck_checks c WHERE c.registration_id = r.id AND c.voided_at IS NULL) AS checks, r.removed_at";

#[derive(FromRow)]
struct RegistrationRow {
    id: String,
    player: String,
    uid: String,
    version: i64,
    state: String,
    verdict: String,
    created_at: i64,
    updated_at: i64,
    checks: i64,
    removed_at: Option<i64>,
}

impl TryFrom<RegistrationRow> for Registration {
    type Error = StoreError;

    fn try_from(r: RegistrationRow) -> Result<Self, StoreError> {
        Ok(Self {
            state: State::parse("state", &r.state)?,
            verdict: ListVerdict::parse("verdict", &r.verdict)?,
            created_at: time("created_at", r.created_at)?,
            updated_at: time("updated_at", r.updated_at)?,
            removed_at: time_opt("removed_at", r.removed_at)?,
            id: r.id,
            player: r.player,
            uid: r.uid,
            version: r.version,
            checks: r.checks,
        })
    }
}

pub async fn registration<'c>(
    db: impl Executor<'c, Database = Any>,
    event_id: &str,
    id: &str,
) -> Result<Option<Registration>, StoreError> {
    let sql = format!(
        "SELECT {REGISTRATION_COLUMNS} FROM registrations r WHERE r.event_id = $1 AND r.id = $2"
    );
    sqlx::query_as::<_, RegistrationRow>(&sql)
        .bind(event_id)
        .bind(id)
        .fetch_optional(db)
        .await?
        .map(Registration::try_from)
        .transpose()
}

pub async fn roster<'c>(
    db: impl Executor<'c, Database = Any>,
    event_id: &str,
) -> Result<Vec<Registration>, StoreError> {
    let sql = format!(
        "SELECT {REGISTRATION_COLUMNS} FROM registrations r WHERE r.event_id = $1 AND r.removed_at IS NULL ORDER BY r.created_at, r.id"
    );
    sqlx::query_as::<_, RegistrationRow>(&sql)
        .bind(event_id)
        .fetch_all(db)
        .await?
        .into_iter()
        .map(Registration::try_from)
        .collect()
}

pub async fn uid_taken<'c>(
    db: impl Executor<'c, Database = Any>,
    event_id: &str,
    uid_key: &str,
) -> Result<bool, StoreError> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT id FROM registrations WHERE event_id = $1 AND uid_key = $2")
            .bind(event_id)
            .bind(uid_key)
            .fetch_optional(db)
            .await?;
    Ok(row.is_some())
}

pub async fn insert_registration(
    conn: &mut AnyConnection,
    event_id: &str,
    r: &Registration,
    uid_key: &str,
) -> Result<Inserted, StoreError> {
    inserted(
        sqlx::query("INSERT INTO registrations (id, event_id, player, uid, uid_key, version, state, verdict, created_at, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)")
            .bind(&r.id)
            .bind(event_id)
            .bind(&r.player)
            .bind(&r.uid)
            .bind(uid_key)
            .bind(r.version)
            .bind(r.state.as_str())
            .bind(r.verdict.as_str())
            .bind(micros(r.created_at))
            .bind(micros(r.updated_at))
            .execute(conn)
            .await,
    )
}

/// Moves a registration to its next version; the new number, or `None` for no such player.
pub async fn next_version(
    conn: &mut AnyConnection,
    event_id: &str,
    id: &str,
    state: State,
    verdict: ListVerdict,
    at: Timestamp,
) -> Result<Option<i64>, StoreError> {
    let row: Option<(i64,)> = sqlx::query_as("UPDATE registrations SET version = version + 1, state = $3, verdict = $4, updated_at = $5 WHERE event_id = $1 AND id = $2 AND removed_at IS NULL RETURNING version")
        .bind(event_id)
        .bind(id)
        .bind(state.as_str())
        .bind(verdict.as_str())
        .bind(micros(at))
        .fetch_optional(conn)
        .await?;
    Ok(row.map(|(v,)| v))
}

/// The event's numbers: those kept on its row, and its deck checks and picks (counted: a
/// judge's work, never written by the thousand).
pub async fn counts<'c>(
    db: impl Executor<'c, Database = Any>,
    event_id: &str,
) -> Result<Counts, StoreError> {
    let row: Option<(i64, i64, i64, i64, i64, i64)> = sqlx::query_as(
        "SELECT players, accepted, pending, versions,
                (SELECT COUNT(*) FROM deck_checks WHERE event_id = $1 AND voided_at IS NULL),
                (SELECT COUNT(*) FROM deck_check_picks WHERE event_id = $1)
         FROM events WHERE id = $1",
    )
    .bind(event_id)
    .fetch_optional(db)
    .await?;
    let (players, accepted, pending, versions, checks, picks) =
        row.ok_or_else(|| StoreError::NoEvent(event_id.to_string()))?;
    Ok(Counts {
        players: count("players", players)?,
        accepted: count("accepted", accepted)?,
        pending: count("pending", pending)?,
        versions: count("versions", versions)?,
        checks: count("checks", checks)?,
        picks: count("picks", picks)?,
    })
}

/// A registration's current list, as publishing reads it (not its report, which can be large).
#[derive(FromRow)]
struct CurrentRow {
    id: String,
    player: String,
    version: i64,
    state: String,
    verdict: String,
    decks: String,
    input_format: Option<String>,
    fingerprints: Option<String>,
}

/// A registration's current list: what is published of it.
pub struct CurrentList {
    pub registration_id: String,
    pub player: String,
    pub version: i64,
    pub state: State,
    pub verdict: ListVerdict,
    pub decks: Vec<String>,
    pub input_format: Option<String>,
    pub fingerprints: Vec<Option<String>>,
}

/// Every registration's current list, in registration order, in one query.
pub async fn current_lists<'c>(
    db: impl Executor<'c, Database = Any>,
    event_id: &str,
) -> Result<Vec<CurrentList>, StoreError> {
    sqlx::query_as::<_, CurrentRow>("SELECT r.id, r.player, r.version, r.state, r.verdict, v.decks, v.input_format, v.fingerprints FROM registrations r JOIN list_versions v ON v.registration_id = r.id AND v.version = r.version WHERE r.event_id = $1 AND r.removed_at IS NULL ORDER BY r.created_at, r.id")
        .bind(event_id)
        .fetch_all(db)
        .await?
        .into_iter()
        .map(|r| {
            Ok(CurrentList {
                state: State::parse("state", &r.state)?,
                verdict: ListVerdict::parse("verdict", &r.verdict)?,
                decks: json("decks", &r.decks)?,
                fingerprints: r
                    .fingerprints
                    .map(|f| json("fingerprints", &f))
                    .transpose()?
                    .unwrap_or_default(),
                registration_id: r.id,
                player: r.player,
                version: r.version,
                input_format: r.input_format,
            })
        })
        .collect()
}

/// Each registration's current version number, inside a write (what publishing checks it
/// rendered).
pub async fn current_versions(
    conn: &mut AnyConnection,
    event_id: &str,
) -> Result<std::collections::HashMap<String, i64>, StoreError> {
    let rows: Vec<(String, i64)> = sqlx::query_as(
        "SELECT id, version FROM registrations WHERE event_id = $1 AND removed_at IS NULL",
    )
    .bind(event_id)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().collect())
}

// ---- list versions ----

const VERSION_COLUMNS: &str = "version, at, source, actor, reason, decks, input_format, pool, verdict, state, cards, report, fingerprints";

#[derive(FromRow)]
struct VersionRow {
    version: i64,
    at: i64,
    source: String,
    actor: String,
    reason: Option<String>,
    decks: String,
    input_format: Option<String>,
    pool: Option<String>,
    verdict: String,
    state: String,
    cards: String,
    report: String,
    /// NULL for a version stored before fingerprints were kept (migration 0004).
    fingerprints: Option<String>,
}

impl TryFrom<VersionRow> for ListVersion {
    type Error = StoreError;

    fn try_from(r: VersionRow) -> Result<Self, StoreError> {
        Ok(Self {
            version: r.version,
            at: time("at", r.at)?,
            source: Source::parse("source", &r.source)?,
            actor: r.actor,
            reason: r.reason,
            decks: json("decks", &r.decks)?,
            input_format: r.input_format,
            pool: r.pool,
            verdict: ListVerdict::parse("verdict", &r.verdict)?,
            state: State::parse("state", &r.state)?,
            cards: json("cards", &r.cards)?,
            report: json::<Value>("report", &r.report)?,
            fingerprints: r
                .fingerprints
                .map(|f| json("fingerprints", &f))
                .transpose()?
                .unwrap_or_default(),
        })
    }
}

pub async fn versions<'c>(
    db: impl Executor<'c, Database = Any>,
    registration_id: &str,
) -> Result<Vec<ListVersion>, StoreError> {
    let sql = format!(
        "SELECT {VERSION_COLUMNS} FROM list_versions WHERE registration_id = $1 ORDER BY version"
    );
    sqlx::query_as::<_, VersionRow>(&sql)
        .bind(registration_id)
        .fetch_all(db)
        .await?
        .into_iter()
        .map(ListVersion::try_from)
        .collect()
}

/// A page of a registration's versions: at most `limit` of those numbered below `before`
/// (all: `None`), the newest of them, oldest first.
pub async fn versions_page<'c>(
    db: impl Executor<'c, Database = Any>,
    registration_id: &str,
    before: Option<i64>,
    limit: u64,
) -> Result<Vec<ListVersion>, StoreError> {
    let sql = format!(
        "SELECT {VERSION_COLUMNS} FROM list_versions WHERE registration_id = $1 AND version < $2 ORDER BY version DESC LIMIT $3"
    );
    let mut page = sqlx::query_as::<_, VersionRow>(&sql)
        .bind(registration_id)
        .bind(before.unwrap_or(i64::MAX))
        .bind(limit.min(i64::MAX as u64) as i64)
        .fetch_all(db)
        .await?
        .into_iter()
        .map(ListVersion::try_from)
        .collect::<Result<Vec<_>, _>>()?;
    page.reverse();
    Ok(page)
}

/// How many lists the player sent themself since `since` (registration included), and when the
/// first of them was.
pub async fn player_lists_since(
    conn: &mut AnyConnection,
    registration_id: &str,
    since: Timestamp,
) -> Result<(u64, Option<Timestamp>), StoreError> {
    let (n, first): (i64, Option<i64>) = sqlx::query_as(
        "SELECT COUNT(*), MIN(at) FROM list_versions WHERE registration_id = $1 AND source = 'player' AND at > $2",
    )
    .bind(registration_id)
    .bind(micros(since))
    .fetch_one(conn)
    .await?;
    Ok((count("lists", n)?, time_opt("at", first)?))
}

pub async fn version<'c>(
    db: impl Executor<'c, Database = Any>,
    registration_id: &str,
    number: i64,
) -> Result<Option<ListVersion>, StoreError> {
    let sql = format!(
        "SELECT {VERSION_COLUMNS} FROM list_versions WHERE registration_id = $1 AND version = $2"
    );
    sqlx::query_as::<_, VersionRow>(&sql)
        .bind(registration_id)
        .bind(number)
        .fetch_optional(db)
        .await?
        .map(ListVersion::try_from)
        .transpose()
}

/// Appends a version (versions are never updated or deleted but with their event); the bytes it
/// stores (texts, printing ids, report: what the event's quota counts).
pub async fn insert_version(
    conn: &mut AnyConnection,
    event_id: &str,
    registration_id: &str,
    v: &ListVersion,
) -> Result<u64, StoreError> {
    let decks = to_json(&v.decks)?;
    let cards = to_json(&v.cards)?;
    let report = to_json(&v.report)?;
    let bytes =
        (decks.len() + cards.len() + report.len() + v.pool.as_deref().map_or(0, str::len)) as u64;
    sqlx::query("INSERT INTO list_versions (registration_id, version, event_id, at, source, actor, reason, decks, input_format, pool, verdict, state, cards, report, fingerprints) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)")
        .bind(registration_id)
        .bind(v.version)
        .bind(event_id)
        .bind(micros(v.at))
        .bind(v.source.as_str())
        .bind(&v.actor)
        .bind(v.reason.as_deref())
        .bind(decks)
        .bind(v.input_format.as_deref())
        .bind(v.pool.as_deref())
        .bind(v.verdict.as_str())
        .bind(v.state.as_str())
        .bind(cards)
        .bind(report)
        // A version restored from an export made before fingerprints stays without them.
        .bind(if v.fingerprints.is_empty() {
            None
        } else {
            Some(to_json(&v.fingerprints)?)
        })
        .execute(conn)
        .await?;
    Ok(bytes)
}

// ---- tokens ----

/// A token as stored: its hash, never the token.
#[derive(Debug, Clone, FromRow)]
pub struct TokenRow {
    pub hash: String,
    pub id: String,
    pub event_id: String,
    pub role: String,
    pub registration_id: Option<String>,
    pub label: String,
    pub created_at: i64,
    /// When it stopped working (a tombstone), if it did.
    pub revoked_at: Option<i64>,
    /// The token that took its place (a rotation, a reissue).
    pub replaced_by: Option<String>,
}

impl TokenRow {
    /// When it stopped working, if it did.
    pub fn retired(&self) -> Result<Option<Timestamp>, StoreError> {
        time_opt("revoked_at", self.revoked_at)
    }

    pub fn role(&self) -> Result<Role, StoreError> {
        Role::parse("role", &self.role)
    }

    pub fn created(&self) -> Result<Timestamp, StoreError> {
        time("created_at", self.created_at)
    }

    pub fn new(
        hash: String,
        event_id: &str,
        role: Role,
        player: Option<&str>,
        label: &str,
        at: Timestamp,
    ) -> Self {
        Self {
            id: crate::token::id_of(&hash),
            hash,
            event_id: event_id.to_string(),
            role: role.as_str().to_string(),
            registration_id: player.map(str::to_string),
            label: label.to_string(),
            created_at: micros(at),
            revoked_at: None,
            replaced_by: None,
        }
    }
}

const TOKEN_COLUMNS: &str =
    "hash, id, event_id, role, registration_id, label, created_at, revoked_at, replaced_by";

#[derive(FromRow)]
struct TokenAt {
    #[sqlx(flatten)]
    token: TokenRow,
    db_now: Option<i64>,
}

/// A token by its hash (live or not), and the database's clock (PostgreSQL).
pub async fn token_by_hash<'c>(
    db: impl Executor<'c, Database = Any>,
    backend: Backend,
    hash: &str,
) -> Result<Option<(TokenRow, Option<i64>)>, StoreError> {
    let sql = format!(
        "SELECT {TOKEN_COLUMNS}, {} AS db_now FROM tokens WHERE hash = $1",
        now_sql(backend)
    );
    Ok(sqlx::query_as::<_, TokenAt>(&sql)
        .bind(hash)
        .fetch_optional(db)
        .await?
        .map(|t| (t.token, t.db_now)))
}

pub async fn token_by_id<'c>(
    db: impl Executor<'c, Database = Any>,
    event_id: &str,
    id: &str,
) -> Result<Option<TokenRow>, StoreError> {
    let sql = format!("SELECT {TOKEN_COLUMNS} FROM tokens WHERE event_id = $1 AND id = $2");
    Ok(sqlx::query_as::<_, TokenRow>(&sql)
        .bind(event_id)
        .bind(id)
        .fetch_optional(db)
        .await?)
}

/// The event's live tokens (those that open it).
pub async fn tokens<'c>(
    db: impl Executor<'c, Database = Any>,
    event_id: &str,
) -> Result<Vec<TokenRow>, StoreError> {
    let sql = format!(
        "SELECT {TOKEN_COLUMNS} FROM tokens WHERE event_id = $1 AND revoked_at IS NULL ORDER BY created_at, hash"
    );
    Ok(sqlx::query_as::<_, TokenRow>(&sql)
        .bind(event_id)
        .fetch_all(db)
        .await?)
}

pub async fn insert_token(conn: &mut AnyConnection, t: &TokenRow) -> Result<Inserted, StoreError> {
    inserted(
        sqlx::query("INSERT INTO tokens (hash, id, event_id, role, registration_id, label, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7)")
            .bind(&t.hash)
            .bind(&t.id)
            .bind(&t.event_id)
            .bind(&t.role)
            .bind(t.registration_id.as_deref())
            .bind(&t.label)
            .bind(t.created_at)
            .execute(conn)
            .await,
    )
}

/// Which of an event's tokens to retire.
pub enum Tokens<'a> {
    One(&'a str),
    OfPlayer(&'a str),
    OfRole(Role),
}

/// The ids of the live tokens `which` names.
pub async fn live_tokens<'c>(
    db: impl Executor<'c, Database = Any>,
    event_id: &str,
    which: Tokens<'_>,
) -> Result<std::collections::BTreeSet<String>, StoreError> {
    let (column, value) = token_filter(&which);
    let rows: Vec<(String,)> = sqlx::query_as(&format!(
        "SELECT id FROM tokens WHERE event_id = $1 AND {column} = $2 AND revoked_at IS NULL"
    ))
    .bind(event_id)
    .bind(value)
    .fetch_all(db)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

fn token_filter<'a>(which: &Tokens<'a>) -> (&'static str, &'a str) {
    match which {
        Tokens::One(id) => ("id", id),
        Tokens::OfPlayer(id) => ("registration_id", id),
        Tokens::OfRole(role) => ("role", role.as_str()),
    }
}

/// Whether the token `id` took another's place (a rotation, a reissue, a recovery).
pub async fn replaced_any(
    conn: &mut AnyConnection,
    event_id: &str,
    id: &str,
) -> Result<bool, StoreError> {
    let row: Option<(String,)> =
        sqlx::query_as("SELECT id FROM tokens WHERE event_id = $1 AND replaced_by = $2 LIMIT 1")
            .bind(event_id)
            .bind(id)
            .fetch_optional(conn)
            .await?;
    Ok(row.is_some())
}

/// Retires the live tokens `which` names at `at` (they open nothing any more; their rows stay
/// as tombstones), `replaced_by` the token that takes their place; the ids retired, in one
/// statement (what two operations at once decide on: the second finds none left).
pub async fn retire_tokens(
    conn: &mut AnyConnection,
    event_id: &str,
    which: Tokens<'_>,
    at: Timestamp,
    replaced_by: Option<&str>,
) -> Result<std::collections::BTreeSet<String>, StoreError> {
    let (column, value) = token_filter(&which);
    let rows: Vec<(String,)> = sqlx::query_as(&format!(
        "UPDATE tokens SET revoked_at = $3, replaced_by = $4 WHERE event_id = $1 AND {column} = $2 AND revoked_at IS NULL RETURNING id"
    ))
    .bind(event_id)
    .bind(value)
    .bind(micros(at))
    .bind(replaced_by)
    .fetch_all(conn)
    .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

// ---- deck checks and picks ----

const CHECK_COLUMNS: &str = "id, registration_id, version, deck_index, judge, at, verdict, presented, deck_box, note, comparison, registered_fingerprint, presented_fingerprint, voided_at, voided_by, void_reason";

#[derive(FromRow)]
struct CheckRow {
    id: String,
    registration_id: String,
    version: i64,
    deck_index: i64,
    judge: String,
    at: i64,
    verdict: String,
    presented: String,
    deck_box: Option<String>,
    note: Option<String>,
    comparison: String,
    registered_fingerprint: Option<String>,
    presented_fingerprint: Option<String>,
    voided_at: Option<i64>,
    voided_by: Option<String>,
    void_reason: Option<String>,
}

impl TryFrom<CheckRow> for DeckCheck {
    type Error = StoreError;

    fn try_from(r: CheckRow) -> Result<Self, StoreError> {
        Ok(Self {
            at: time("at", r.at)?,
            verdict: CheckVerdict::parse("verdict", &r.verdict)?,
            comparison: json::<Value>("comparison", &r.comparison)?,
            fingerprint: FingerprintMatch::of(r.registered_fingerprint, r.presented_fingerprint),
            void: match (r.voided_at, r.voided_by, r.void_reason) {
                (Some(at), Some(by), Some(reason)) => Some(CheckVoid {
                    at: time("voided_at", at)?,
                    by,
                    reason,
                }),
                (None, None, None) => None,
                _ => {
                    return Err(StoreError::Corrupt(format!(
                        "deck check {}: a void without its time, judge or reason",
                        r.id
                    )));
                }
            },
            id: r.id,
            player_id: r.registration_id,
            version: r.version,
            deck_index: r.deck_index,
            judge: r.judge,
            presented: r.presented,
            deck_box: r.deck_box,
            note: r.note,
        })
    }
}

pub async fn checks<'c>(
    db: impl Executor<'c, Database = Any>,
    event_id: &str,
    player: Option<&str>,
) -> Result<Vec<DeckCheck>, StoreError> {
    let filter = if player.is_some() {
        " AND registration_id = $2"
    } else {
        ""
    };
    let sql = format!(
        "SELECT {CHECK_COLUMNS} FROM deck_checks WHERE event_id = $1{filter} ORDER BY at, id"
    );
    let mut query = sqlx::query_as::<_, CheckRow>(&sql).bind(event_id);
    if let Some(p) = player {
        query = query.bind(p);
    }
    query
        .fetch_all(db)
        .await?
        .into_iter()
        .map(DeckCheck::try_from)
        .collect()
}

pub async fn insert_check(
    conn: &mut AnyConnection,
    event_id: &str,
    c: &DeckCheck,
) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO deck_checks (id, event_id, registration_id, version, deck_index, judge, at, verdict, presented, deck_box, note, comparison, registered_fingerprint, presented_fingerprint, voided_at, voided_by, void_reason) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)")
        .bind(&c.id)
        .bind(event_id)
        .bind(&c.player_id)
        .bind(c.version)
        .bind(c.deck_index)
        .bind(&c.judge)
        .bind(micros(c.at))
        .bind(c.verdict.as_str())
        .bind(&c.presented)
        .bind(c.deck_box.as_deref())
        .bind(c.note.as_deref())
        .bind(to_json(&c.comparison)?)
        .bind(c.fingerprint.registered.as_deref())
        .bind(c.fingerprint.presented.as_deref())
        .bind(c.void.as_ref().map(|v| micros(v.at)))
        .bind(c.void.as_ref().map(|v| v.by.as_str()))
        .bind(c.void.as_ref().map(|v| v.reason.as_str()))
        .execute(conn)
        .await?;
    Ok(())
}

#[derive(FromRow)]
struct PickRow {
    registration_id: String,
    at: i64,
    picked_by: String,
}

pub async fn picks<'c>(
    db: impl Executor<'c, Database = Any>,
    event_id: &str,
) -> Result<Vec<Pick>, StoreError> {
    sqlx::query_as::<_, PickRow>("SELECT registration_id, at, picked_by FROM deck_check_picks WHERE event_id = $1 ORDER BY at, registration_id")
        .bind(event_id)
        .fetch_all(db)
        .await?
        .into_iter()
        .map(|r| {
            Ok(Pick {
                at: time("at", r.at)?,
                player_id: r.registration_id,
                picked_by: r.picked_by,
            })
        })
        .collect()
}

/// Players picked or checked before.
pub async fn seen_players(
    conn: &mut AnyConnection,
    event_id: &str,
) -> Result<std::collections::BTreeSet<String>, StoreError> {
    let rows: Vec<(String,)> = sqlx::query_as("SELECT registration_id FROM deck_check_picks WHERE event_id = $1 UNION SELECT registration_id FROM deck_checks WHERE event_id = $1 AND voided_at IS NULL")
        .bind(event_id)
        .fetch_all(conn)
        .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

pub async fn insert_pick(
    conn: &mut AnyConnection,
    event_id: &str,
    p: &Pick,
) -> Result<(), StoreError> {
    // A player picked again in the same microsecond is one pick.
    sqlx::query("INSERT INTO deck_check_picks (event_id, registration_id, at, picked_by) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING")
        .bind(event_id)
        .bind(&p.player_id)
        .bind(micros(p.at))
        .bind(&p.picked_by)
        .execute(conn)
        .await?;
    Ok(())
}

// ---- the published snapshot ----

#[derive(FromRow)]
struct PublishedRow {
    player_id: String,
    player: String,
    place: Option<i64>,
    version: i64,
    decks: String,
    standing: Option<String>,
}

/// Writes one list of the snapshot at its position (1, 2, 3…).
pub async fn insert_published(
    conn: &mut AnyConnection,
    event_id: &str,
    position: u64,
    l: &ShownList,
) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO publication_lists (event_id, position, player_id, player, place, version, decks, standing) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)")
        .bind(event_id)
        .bind(position as i64)
        .bind(&l.player_id)
        .bind(&l.player)
        .bind(l.place)
        .bind(l.version)
        .bind(to_json(&l.decks)?)
        .bind(l.standing.map(Stored::as_str))
        .execute(conn)
        .await?;
    Ok(())
}

/// The snapshot's lists from `offset`, at most `limit` of them, in order, their decks as
/// written at publishing.
pub async fn published<'c>(
    db: impl Executor<'c, Database = Any>,
    event_id: &str,
    offset: u64,
    limit: u64,
) -> Result<Vec<PublishedList>, StoreError> {
    sqlx::query_as::<_, PublishedRow>("SELECT player_id, player, place, version, decks, standing FROM publication_lists WHERE event_id = $1 AND position > $2 AND position <= $3 ORDER BY position")
        .bind(event_id)
        .bind(offset as i64)
        .bind(offset.saturating_add(limit).min(i64::MAX as u64) as i64)
        .fetch_all(db)
        .await?
        .into_iter()
        .map(|r| {
            Ok(PublishedList {
                standing: r
                    .standing
                    .map(|t| Standing::parse("standing", &t))
                    .transpose()?,
                decks: serde_json::value::RawValue::from_string(r.decks)
                    .map_err(|e| StoreError::Corrupt(format!("decks: {e}")))?,
                player_id: r.player_id,
                player: r.player,
                place: r.place,
                version: r.version,
            })
        })
        .collect()
}

/// The snapshot's lists, read into their types.
pub async fn published_lists<'c>(
    db: impl Executor<'c, Database = Any>,
    event_id: &str,
) -> Result<Vec<ShownList>, StoreError> {
    published(db, event_id, 0, u64::MAX)
        .await?
        .into_iter()
        .map(|l| {
            Ok(ShownList {
                standing: l.standing,
                decks: json("decks", l.decks.get())?,
                player_id: l.player_id,
                player: l.player,
                place: l.place,
                version: l.version,
            })
        })
        .collect()
}

// ---- idempotent writes ----

/// The answer a request with an `Idempotency-Key` got, as stored (sealed).
#[derive(Debug, Clone, FromRow)]
pub struct IdempotentRow {
    pub id: String,
    pub request: String,
    pub status: i64,
    pub answer: String,
    pub created_at: i64,
}

#[derive(FromRow)]
struct IdempotentAt {
    #[sqlx(flatten)]
    row: IdempotentRow,
    db_now: Option<i64>,
}

/// Writes a request's answer, in the transaction of what it did; `Taken` when a request with
/// the same key got there first.
pub async fn insert_idempotent(
    conn: &mut AnyConnection,
    row: &IdempotentRow,
) -> Result<Inserted, StoreError> {
    inserted(
        sqlx::query("INSERT INTO idempotency_keys (id, request, status, answer, created_at) VALUES ($1, $2, $3, $4, $5)")
            .bind(&row.id)
            .bind(&row.request)
            .bind(row.status)
            .bind(&row.answer)
            .bind(row.created_at)
            .execute(conn)
            .await,
    )
}

/// The answer stored under `id`, if any, and the database's clock (PostgreSQL).
pub async fn idempotent<'c>(
    db: impl Executor<'c, Database = Any>,
    backend: Backend,
    id: &str,
) -> Result<Option<(IdempotentRow, Option<i64>)>, StoreError> {
    let sql = format!(
        "SELECT id, request, status, answer, created_at, {} AS db_now FROM idempotency_keys WHERE id = $1",
        now_sql(backend)
    );
    Ok(sqlx::query_as::<_, IdempotentAt>(&sql)
        .bind(id)
        .fetch_optional(db)
        .await?
        .map(|r| (r.row, r.db_now)))
}

/// Forgets the answers written before `before`; how many.
pub async fn forget_answers<'c>(
    db: impl Executor<'c, Database = Any>,
    before: Timestamp,
) -> Result<u64, StoreError> {
    let done = sqlx::query("DELETE FROM idempotency_keys WHERE created_at < $1")
        .bind(micros(before))
        .execute(db)
        .await?;
    Ok(done.rows_affected())
}

/// Forgets the budgets refilled before `before` (a client not seen since); how many.
pub async fn forget_budgets<'c>(
    db: impl Executor<'c, Database = Any>,
    before: Timestamp,
) -> Result<u64, StoreError> {
    let done = sqlx::query("DELETE FROM rate_limits WHERE tat < $1")
        .bind(micros(before))
        .execute(db)
        .await?;
    Ok(done.rows_affected())
}

// ---- per-client limits (GCRA) ----

/// Spends one of `key`'s budget in one statement: its theoretical arrival time moves on by
/// `interval` (µs) unless that would put it more than `tolerance` (µs) ahead of now. `Ok(None)`
/// when spent; else `Some(µs to wait)`. Now is the database's clock (`database_clock`, on
/// PostgreSQL), else `now`.
pub async fn spend<'c>(
    db: impl Executor<'c, Database = Any> + Copy,
    backend: Backend,
    database_clock: bool,
    key: &str,
    now: Timestamp,
    interval: i64,
    tolerance: i64,
) -> Result<Option<i64>, StoreError> {
    let database_clock = database_clock && backend == Backend::Postgres;
    let greatest = match backend {
        Backend::Postgres => "GREATEST",
        Backend::Sqlite => "MAX",
    };
    let clock = if database_clock {
        now_sql(backend)
    } else {
        "CAST($4 AS BIGINT)"
    };
    // EXCLUDED.tat is now + interval: a new row is allowed always (tolerance >= interval).
    let sql = format!(
        "INSERT INTO rate_limits (key, tat) SELECT $1, c.now + $2 FROM (SELECT {clock} AS now) c WHERE true \
         ON CONFLICT (key) DO UPDATE SET tat = {greatest}(rate_limits.tat, EXCLUDED.tat - $2) + $2 \
         WHERE {greatest}(rate_limits.tat, EXCLUDED.tat - $2) + $2 - (EXCLUDED.tat - $2) <= $3 \
         RETURNING tat"
    );
    let mut query = sqlx::query_as::<_, (i64,)>(&sql)
        .bind(key)
        .bind(interval)
        .bind(tolerance);
    if !database_clock {
        query = query.bind(micros(now));
    }
    if query.fetch_optional(db).await?.is_some() {
        return Ok(None);
    }
    let sql = format!(
        "SELECT tat, {} AS now FROM rate_limits WHERE key = $1",
        if database_clock {
            now_sql(backend)
        } else {
            "CAST($2 AS BIGINT)"
        }
    );
    let mut query = sqlx::query_as::<_, (i64, i64)>(&sql).bind(key);
    if !database_clock {
        query = query.bind(micros(now));
    }
    let row = query.fetch_optional(db).await?;
    Ok(Some(row.map_or(interval, |(tat, now)| {
        (tat + interval - now - tolerance).max(1)
    })))
}

// ---- organizer keys ----

/// An organizer key as stored: its hash, never the key.
#[derive(Debug, Clone, FromRow)]
pub struct KeyRow {
    pub id: String,
    pub hash: String,
    pub name: String,
    pub created_at: i64,
    pub revoked_at: Option<i64>,
    pub events: i64,
}

impl KeyRow {
    pub fn info(&self) -> Result<OrganizerKey, StoreError> {
        Ok(OrganizerKey {
            id: self.id.clone(),
            name: self.name.clone(),
            created_at: time("created_at", self.created_at)?,
            revoked_at: time_opt("revoked_at", self.revoked_at)?,
            events: count("events", self.events)?,
        })
    }
}

const KEY_COLUMNS: &str = "id, hash, name, created_at, revoked_at, events";

pub async fn insert_key(conn: &mut AnyConnection, k: &KeyRow) -> Result<Inserted, StoreError> {
    inserted(
        sqlx::query("INSERT INTO organizer_keys (id, hash, name, created_at, revoked_at, events) VALUES ($1, $2, $3, $4, NULL, 0)")
            .bind(&k.id)
            .bind(&k.hash)
            .bind(&k.name)
            .bind(k.created_at)
            .execute(conn)
            .await,
    )
}

pub async fn keys<'c>(db: impl Executor<'c, Database = Any>) -> Result<Vec<KeyRow>, StoreError> {
    let sql = format!("SELECT {KEY_COLUMNS} FROM organizer_keys ORDER BY created_at, id");
    Ok(sqlx::query_as::<_, KeyRow>(&sql).fetch_all(db).await?)
}

pub async fn key_by_hash<'c>(
    db: impl Executor<'c, Database = Any>,
    hash: &str,
) -> Result<Option<KeyRow>, StoreError> {
    let sql = format!("SELECT {KEY_COLUMNS} FROM organizer_keys WHERE hash = $1");
    Ok(sqlx::query_as::<_, KeyRow>(&sql)
        .bind(hash)
        .fetch_optional(db)
        .await?)
}

pub async fn key_by_id<'c>(
    db: impl Executor<'c, Database = Any>,
    id: &str,
) -> Result<Option<KeyRow>, StoreError> {
    let sql = format!("SELECT {KEY_COLUMNS} FROM organizer_keys WHERE id = $1");
    Ok(sqlx::query_as::<_, KeyRow>(&sql)
        .bind(id)
        .fetch_optional(db)
        .await?)
}

/// Revokes a live key at `at`; whether it was live.
pub async fn revoke_key(
    conn: &mut AnyConnection,
    id: &str,
    at: Timestamp,
) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "UPDATE organizer_keys SET revoked_at = $2 WHERE id = $1 AND revoked_at IS NULL",
    )
    .bind(id)
    .bind(micros(at))
    .execute(conn)
    .await?;
    Ok(done.rows_affected() > 0)
}

/// Counts an event created with a key.
pub async fn key_created_event(conn: &mut AnyConnection, id: &str) -> Result<(), StoreError> {
    sqlx::query("UPDATE organizer_keys SET events = events + 1 WHERE id = $1")
        .bind(id)
        .execute(conn)
        .await?;
    Ok(())
}

/// The positions and names of the snapshot's lists (no decks): what a search of the published
/// lists by name reads, to find any player of any page.
pub async fn published_names<'c>(
    db: impl Executor<'c, Database = Any>,
    event_id: &str,
) -> Result<Vec<(u64, String)>, StoreError> {
    let rows: Vec<(i64, String)> = sqlx::query_as(
        "SELECT position, player FROM publication_lists WHERE event_id = $1 ORDER BY position",
    )
    .bind(event_id)
    .fetch_all(db)
    .await?;
    rows.into_iter()
        .map(|(p, name)| Ok((count("position", p)?, name)))
        .collect()
}

/// The snapshot's lists at these positions, in order.
pub async fn published_at<'c>(
    db: impl Executor<'c, Database = Any> + Copy,
    event_id: &str,
    positions: &[u64],
) -> Result<Vec<PublishedList>, StoreError> {
    let mut out = Vec::with_capacity(positions.len());
    for p in positions {
        out.extend(published(db, event_id, p - 1, 1).await?);
    }
    Ok(out)
}

// ---- the roster's corrections (issue 34) ----

/// Every registration of the event, removed ones too (the export).
pub async fn every_registration<'c>(
    db: impl Executor<'c, Database = Any>,
    event_id: &str,
) -> Result<Vec<Registration>, StoreError> {
    let sql = format!(
        "SELECT {REGISTRATION_COLUMNS} FROM registrations r WHERE r.event_id = $1 ORDER BY r.created_at, r.id"
    );
    sqlx::query_as::<_, RegistrationRow>(&sql)
        .bind(event_id)
        .fetch_all(db)
        .await?
        .into_iter()
        .map(Registration::try_from)
        .collect()
}

/// A registration inside a write: its name, UID, version and whether it was removed.
pub async fn registration_for_write(
    conn: &mut AnyConnection,
    event_id: &str,
    id: &str,
) -> Result<Option<Registration>, StoreError> {
    let sql = format!(
        "SELECT {REGISTRATION_COLUMNS} FROM registrations r WHERE r.event_id = $1 AND r.id = $2"
    );
    sqlx::query_as::<_, RegistrationRow>(&sql)
        .bind(event_id)
        .bind(id)
        .fetch_optional(conn)
        .await?
        .map(Registration::try_from)
        .transpose()
}

/// The key a removed registration's UID is set to: no UID's normal form holds a space, so the
/// UID is free again.
pub fn removed_key(id: &str) -> String {
    format!("removed {id}")
}

/// Takes a registration off the roster: it keeps its rows; its UID is free again.
pub async fn mark_removed(
    conn: &mut AnyConnection,
    event_id: &str,
    id: &str,
    at: Timestamp,
) -> Result<bool, StoreError> {
    let done = sqlx::query("UPDATE registrations SET removed_at = $3, uid_key = $4, updated_at = $3 WHERE event_id = $1 AND id = $2 AND removed_at IS NULL")
        .bind(event_id)
        .bind(id)
        .bind(micros(at))
        .bind(removed_key(id))
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// A registration's name and UID (and the UID's key): [`Inserted::Taken`] when another
/// registration of the event holds the key.
pub async fn rename(
    conn: &mut AnyConnection,
    event_id: &str,
    id: &str,
    player: &str,
    uid: &str,
    uid_key: &str,
    at: Timestamp,
) -> Result<Inserted, StoreError> {
    inserted(
        sqlx::query("UPDATE registrations SET player = $3, uid = $4, uid_key = $5, uid_form = 1, updated_at = $6 WHERE event_id = $1 AND id = $2 AND removed_at IS NULL")
            .bind(event_id)
            .bind(id)
            .bind(player)
            .bind(uid)
            .bind(uid_key)
            .bind(micros(at))
            .execute(conn)
            .await,
    )
}

/// A player's tokens say their name (the organizer's list of tokens).
pub async fn relabel_player_tokens(
    conn: &mut AnyConnection,
    event_id: &str,
    id: &str,
    label: &str,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE tokens SET label = $3 WHERE event_id = $1 AND registration_id = $2")
        .bind(event_id)
        .bind(id)
        .bind(label)
        .execute(conn)
        .await?;
    Ok(())
}

pub async fn insert_change(
    conn: &mut AnyConnection,
    event_id: &str,
    c: &RosterChange,
) -> Result<(), StoreError> {
    sqlx::query("INSERT INTO roster_changes (event_id, registration_id, at, kind, actor, reason, player_before, uid_before, player_after, uid_after) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)")
        .bind(event_id)
        .bind(&c.player_id)
        .bind(micros(c.at))
        .bind(c.kind.as_str())
        .bind(&c.actor)
        .bind(c.reason.as_deref())
        .bind(&c.player_before)
        .bind(&c.uid_before)
        .bind(&c.player_after)
        .bind(&c.uid_after)
        .execute(conn)
        .await?;
    Ok(())
}

#[derive(FromRow)]
struct ChangeRow {
    registration_id: String,
    at: i64,
    kind: String,
    actor: String,
    reason: Option<String>,
    player_before: String,
    uid_before: String,
    player_after: String,
    uid_after: String,
}

/// The roster's changes, oldest first: one player's, or the event's.
pub async fn changes<'c>(
    db: impl Executor<'c, Database = Any>,
    event_id: &str,
    player: Option<&str>,
) -> Result<Vec<RosterChange>, StoreError> {
    let filter = if player.is_some() {
        " AND registration_id = $2"
    } else {
        ""
    };
    let sql = format!(
        "SELECT registration_id, at, kind, actor, reason, player_before, uid_before, player_after, uid_after FROM roster_changes WHERE event_id = $1{filter} ORDER BY at, registration_id"
    );
    let mut query = sqlx::query_as::<_, ChangeRow>(&sql).bind(event_id);
    if let Some(p) = player {
        query = query.bind(p);
    }
    query
        .fetch_all(db)
        .await?
        .into_iter()
        .map(|r| {
            Ok(RosterChange {
                at: time("at", r.at)?,
                kind: ChangeKind::parse("kind", &r.kind)?,
                player_id: r.registration_id,
                actor: r.actor,
                reason: r.reason,
                player_before: r.player_before,
                uid_before: r.uid_before,
                player_after: r.player_after,
                uid_after: r.uid_after,
            })
        })
        .collect()
}

/// One deck check of the event, inside a write.
pub async fn check_for_write(
    conn: &mut AnyConnection,
    event_id: &str,
    id: &str,
) -> Result<Option<DeckCheck>, StoreError> {
    let sql = format!("SELECT {CHECK_COLUMNS} FROM deck_checks WHERE event_id = $1 AND id = $2");
    sqlx::query_as::<_, CheckRow>(&sql)
        .bind(event_id)
        .bind(id)
        .fetch_optional(conn)
        .await?
        .map(DeckCheck::try_from)
        .transpose()
}

/// Marks a deck check void (once).
pub async fn void_check(
    conn: &mut AnyConnection,
    event_id: &str,
    id: &str,
    void: &CheckVoid,
) -> Result<bool, StoreError> {
    let done = sqlx::query("UPDATE deck_checks SET voided_at = $3, voided_by = $4, void_reason = $5 WHERE event_id = $1 AND id = $2 AND voided_at IS NULL")
        .bind(event_id)
        .bind(id)
        .bind(micros(void.at))
        .bind(&void.by)
        .bind(&void.reason)
        .execute(conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Registrations whose UID key is of the form before issue 34 (`uid_form` 0): their id, event,
/// UID.
pub async fn old_uid_keys<'c>(
    db: impl Executor<'c, Database = Any>,
) -> Result<Vec<(String, String, String)>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT id, event_id, uid FROM registrations WHERE uid_form = 0 AND removed_at IS NULL ORDER BY created_at, id",
    )
    .fetch_all(db)
    .await?)
}

/// Sets a registration's UID key to its normal form: [`Inserted::Taken`] when another
/// registration of the event holds it.
pub async fn set_uid_key(
    conn: &mut AnyConnection,
    id: &str,
    key: &str,
    form: i64,
) -> Result<Inserted, StoreError> {
    inserted(
        sqlx::query("UPDATE registrations SET uid_key = $2, uid_form = $3 WHERE id = $1")
            .bind(id)
            .bind(key)
            .bind(form)
            .execute(conn)
            .await,
    )
}

/// Marks which form a registration's UID key holds (2: its normal form is another's).
pub async fn set_uid_form(conn: &mut AnyConnection, id: &str, form: i64) -> Result<(), StoreError> {
    sqlx::query("UPDATE registrations SET uid_form = $2 WHERE id = $1")
        .bind(id)
        .bind(form)
        .execute(conn)
        .await?;
    Ok(())
}

/// A removed registration's key, restored from an export: its UID stays free.
pub async fn set_removed(
    conn: &mut AnyConnection,
    id: &str,
    at: Timestamp,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE registrations SET removed_at = $2, uid_key = $3 WHERE id = $1")
        .bind(id)
        .bind(micros(at))
        .bind(removed_key(id))
        .execute(conn)
        .await?;
    Ok(())
}
