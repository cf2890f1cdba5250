//! The database behind the store: SQLite (a file, the default) or PostgreSQL (a URL), through
//! sqlx's `Any` driver so both run the same SQL; migrations from `migrations/`, run forwards
//! at start-up; and [`Tx`], the only way to write.
//!
//! A write is one transaction that ends in COMMIT or ROLLBACK whatever happens, by
//! construction: [`Db::write`] runs the operation inside `BEGIN` … and commits it when it
//! succeeds, rolls it back when it fails; a transaction that ends any other way (a failed
//! COMMIT or ROLLBACK, a cancelled request, a panic) closes its connection instead of giving it
//! back to the pool, so the database forgets the transaction and the pool opens a fresh
//! connection. No connection ever goes back to the pool inside a transaction. (sqlx's own
//! transactions count their depth per connection: after SQLite rolled a transaction back by
//! itself on a full disk, the count stayed up and every later `BEGIN` on that connection failed
//! with "attempted to call begin_with at non-zero transaction depth" until a restart. `Tx`
//! sends BEGIN, COMMIT and ROLLBACK itself and keeps no such count.)
//!
//! A COMMIT that fails leaves the outcome unknown (the database may have written it before the
//! connection broke): that is [`StoreError::OutcomeUnknown`], never "nothing was changed", so
//! a client retries with the same `Idempotency-Key` and gets the first answer.
//!
//! Time: on PostgreSQL every deadline and every stamp is the database's clock, read in the
//! statement that takes the event's row ([`now_sql`], [`Clock::Database`]), so replicas whose
//! clocks differ decide alike; SQLite has one process and one clock, the caller's.
//!
//! SQLite is opened in WAL mode with `synchronous = FULL`, so a committed write survives the
//! process being killed (and the machine losing power); writes take the write lock when they
//! begin (`BEGIN IMMEDIATE`) and queue on an in-process lock first, so concurrent submissions
//! wait in turn instead of failing as busy. PostgreSQL takes several replicas: a write holds
//! its event's row (`FOR SHARE` for a list, `FOR UPDATE` for the lock and publishing) until it
//! commits, so the lock waits for submissions in flight and every later one sees it.

use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use jiff::Timestamp;
use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::migrate::Migrator;
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, AnyPool, Connection, Executor};
use tokio::sync::{Mutex, OwnedMutexGuard};

use crate::error::StoreError;
use crate::faults::Point;
#[cfg(feature = "faults")]
use crate::faults::{Failure, Faults};

/// The schema, embedded: forwards-only migrations shared by both backends.
pub static MIGRATOR: Migrator = sqlx::migrate!("./migrations");

/// How long a request waits for a connection before the store answers "unavailable".
const ACQUIRE_TIMEOUT: Duration = Duration::from_secs(5);
/// How long opening the store waits for the database's first answer.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// SQLite's largest page count (what `max_page_count` is set back to after a fault).
#[cfg(feature = "faults")]
const MAX_PAGES: u32 = 4_294_967_294;

/// Whose clock decides deadlines and stamps.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Clock {
    /// The database's (PostgreSQL: `clock_timestamp()` in the statement that holds the event's
    /// row): replicas whose clocks differ decide alike. The default. On SQLite, the one
    /// process's clock is the database's: the time a method is given.
    Database,
    /// The time each method is given, on either database: a test that plays an event's day in
    /// a second.
    Caller,
}

/// The database's clock as microseconds since the epoch, in a statement (`NULL` on SQLite,
/// where the caller's time is used).
pub fn now_sql(backend: Backend) -> &'static str {
    match backend {
        Backend::Postgres => "(EXTRACT(EPOCH FROM clock_timestamp()) * 1000000)::BIGINT",
        Backend::Sqlite => "CAST(NULL AS BIGINT)",
    }
}

/// Which database a store uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Where the store is.
#[derive(Clone)]
pub enum Location {
    /// An SQLite file (created, with its directory, when missing).
    Sqlite(PathBuf),
    /// A PostgreSQL URL (`postgres://user@host/db`).
    Postgres(String),
}

impl std::fmt::Debug for Location {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            // A URL may hold a password.
            Self::Postgres(_) => f.write_str("Postgres(…)"),
            Self::Sqlite(p) => write!(f, "Sqlite({})", p.display()),
        }
    }
}

impl Location {
    /// The store the settings name: `DECKCHECK_DATABASE_URL` when set (PostgreSQL), else
    /// `events.sqlite3` in the data directory.
    pub fn from_settings(database_url: Option<&str>, data_dir: &Path) -> Result<Self, StoreError> {
        match database_url {
            Some(url) if url.starts_with("postgres://") || url.starts_with("postgresql://") => {
                Ok(Self::Postgres(url.to_string()))
            }
            Some(url) => match url.strip_prefix("sqlite://") {
                Some(path) => Ok(Self::Sqlite(PathBuf::from(path))),
                None => Err(StoreError::invalid(
                    "DECKCHECK_DATABASE_URL",
                    "give a postgres://… URL (or sqlite://PATH); unset it to keep events in SQLite under the data directory",
                )),
            },
            None => Ok(Self::Sqlite(data_dir.join("events.sqlite3"))),
        }
    }

    pub fn backend(&self) -> Backend {
        match self {
            Self::Sqlite(_) => Backend::Sqlite,
            Self::Postgres(_) => Backend::Postgres,
        }
    }

    fn options(&self) -> Result<AnyConnectOptions, StoreError> {
        sqlx::any::install_default_drivers();
        let url = match self {
            Self::Postgres(url) => url.clone(),
            Self::Sqlite(path) => {
                writable(path)?;
                let text = path.to_str().ok_or_else(|| {
                    StoreError::invalid("data directory", "the path is not UTF-8")
                })?;
                if text.contains(['?', '#']) {
                    return Err(StoreError::invalid(
                        "data directory",
                        format!("{text} holds ? or #, which a database URL cannot"),
                    ));
                }
                format!("sqlite://{text}?mode=rwc")
            }
        };
        AnyConnectOptions::from_str(&url)
            .map_err(|e| StoreError::invalid("database URL", e.to_string()))
    }
}

/// Makes sure the database file's directory exists and can be written (SQLite writes its
/// journal beside the file), and the file itself if it exists: a read-only directory fails at
/// once, saying so, instead of as a pool timeout much later.
fn writable(file: &Path) -> Result<(), StoreError> {
    let dir = file
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let refused = |path: &Path, e: std::io::Error| match e.kind() {
        ErrorKind::ReadOnlyFilesystem | ErrorKind::PermissionDenied => StoreError::ReadOnly {
            path: path.to_path_buf(),
            cause: e.to_string(),
        },
        _ => StoreError::invalid(
            "data directory",
            format!("cannot use {}: {e}", path.display()),
        ),
    };
    std::fs::create_dir_all(dir).map_err(|e| refused(dir, e))?;
    let probe = dir.join(format!(".deckcheck-write-probe-{}", std::process::id()));
    std::fs::write(&probe, b"").map_err(|e| refused(dir, e))?;
    let _ = std::fs::remove_file(&probe);
    if file.exists() {
        std::fs::OpenOptions::new()
            .append(true)
            .open(file)
            .map_err(|e| refused(file, e))?;
    }
    Ok(())
}

/// A PostgreSQL URL whose host has no address fails now, naming the host: a name that does not
/// resolve is a setting to fix, not a server still starting.
async fn resolvable(url: &str) -> Result<(), StoreError> {
    use sqlx::postgres::PgConnectOptions;
    let Ok(options) = PgConnectOptions::from_str(url) else {
        return Ok(());
    };
    if options.get_socket().is_some() || options.get_host().starts_with('/') {
        return Ok(());
    }
    let host = options.get_host().to_string();
    match tokio::net::lookup_host((host.as_str(), options.get_port())).await {
        Ok(_) => Ok(()),
        Err(e) => Err(StoreError::Unusable {
            cause: format!("the host {host:?} has no address ({e})"),
        }),
    }
}

/// A connection refused by what the URL says (no such database or role, a password the server
/// refuses, a TLS setting it cannot meet) cannot work however long the service waits: it stops
/// the start at once, saying so. Anything else (a server still starting, one that refuses
/// connections now) may pass.
fn cannot_connect(e: sqlx::Error) -> StoreError {
    let fatal = match &e {
        sqlx::Error::Database(d) => {
            let code = d.code().unwrap_or_default();
            // 3D000 no such database; 28000 no such role (or not allowed by pg_hba);
            // 28P01 a password refused; 42501 no right to connect.
            ["3D000", "28000", "28P01", "42501"].contains(&code.as_ref())
        }
        sqlx::Error::Configuration(_) | sqlx::Error::Tls(_) => true,
        _ => false,
    };
    if fatal {
        StoreError::Unusable {
            cause: e.to_string(),
        }
    } else {
        e.into()
    }
}

/// The per-client limits' table holds nothing worth a write-ahead log: PostgreSQL keeps it
/// unlogged (no WAL, no fsync per request; emptied after a crash, which forgets some budgets).
async fn unlogged_limits(conn: &mut AnyConnection) -> Result<(), StoreError> {
    let (persistence,): (String,) = sqlx::query_as(
        "SELECT CAST(relpersistence AS TEXT) FROM pg_class WHERE relname = 'rate_limits' AND relkind = 'r' LIMIT 1",
    )
    .fetch_one(&mut *conn)
    .await?;
    if persistence == "p" {
        conn.execute("ALTER TABLE rate_limits SET UNLOGGED").await?;
    }
    Ok(())
}

fn decide(clock: Clock, given: Timestamp, from_database: Option<i64>) -> Timestamp {
    match (clock, from_database) {
        (Clock::Database, Some(us)) => Timestamp::from_microsecond(us).unwrap_or(given),
        _ => whole_micros(given),
    }
}

/// A time as stored: to the microsecond.
pub fn whole_micros(t: Timestamp) -> Timestamp {
    Timestamp::from_microsecond(t.as_microsecond()).unwrap_or(t)
}

/// What every SQLite connection is told first.
async fn prepare_sqlite(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    conn.execute("PRAGMA journal_mode = WAL").await?;
    conn.execute("PRAGMA synchronous = FULL").await?;
    conn.execute("PRAGMA busy_timeout = 10000").await?;
    conn.execute("PRAGMA foreign_keys = ON").await?;
    Ok(())
}

/// A connection pool to the store's database.
pub struct Db {
    pub(crate) pool: AnyPool,
    pub(crate) backend: Backend,
    options: AnyConnectOptions,
    pub(crate) clock: Clock,
    /// SQLite: writers of this process queue here, then hold the database's write lock.
    write_queue: Option<Arc<Mutex<()>>>,
    #[cfg(feature = "faults")]
    pub(crate) faults: Arc<Faults>,
}

impl Db {
    /// Opens the database, brings its schema up to date, and answers only once the database
    /// did: one connection first, so a database that cannot be reached fails now with its own
    /// error.
    pub async fn open(location: &Location) -> Result<Self, StoreError> {
        let db = Self::lazy(location)?;
        if let Location::Postgres(url) = location {
            resolvable(url).await?;
        }
        let mut conn =
            tokio::time::timeout(CONNECT_TIMEOUT, AnyConnection::connect_with(&db.options))
                .await
                .map_err(|_| {
                    StoreError::unavailable(format!(
                        "the database did not answer in {} s",
                        CONNECT_TIMEOUT.as_secs()
                    ))
                })?
                .map_err(cannot_connect)?;
        if db.backend == Backend::Sqlite {
            prepare_sqlite(&mut conn).await?;
        }
        let mut migrated = MIGRATOR.run(&mut conn).await.map_err(StoreError::from);
        if migrated.is_ok() && db.backend == Backend::Postgres {
            migrated = unlogged_limits(&mut conn).await;
        }
        let _ = conn.close().await;
        migrated?;
        Ok(db)
    }

    /// A pool that connects on first use (migrations not run).
    pub fn lazy(location: &Location) -> Result<Self, StoreError> {
        let backend = location.backend();
        let options = location.options()?;
        let pool = match backend {
            Backend::Sqlite => AnyPoolOptions::new()
                .max_connections(8)
                .acquire_timeout(ACQUIRE_TIMEOUT)
                .after_connect(|conn, _| Box::pin(prepare_sqlite(conn)))
                .connect_lazy_with(options.clone()),
            Backend::Postgres => AnyPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(ACQUIRE_TIMEOUT)
                .connect_lazy_with(options.clone()),
        };
        Ok(Self {
            pool,
            backend,
            options,
            clock: Clock::Database,
            write_queue: (backend == Backend::Sqlite).then(|| Arc::new(Mutex::new(()))),
            #[cfg(feature = "faults")]
            faults: Arc::new(Faults::from_env()?.unwrap_or_default()),
        })
    }

    /// The time that decides: the database's (`from_database`, read in a statement) when the
    /// store keeps its clock and the database has one, else the caller's.
    pub(crate) fn decide(&self, given: Timestamp, from_database: Option<i64>) -> Timestamp {
        decide(self.clock, given, from_database)
    }

    /// Applies every migration not applied yet, in order (never backwards).
    pub async fn migrate(&self) -> Result<(), StoreError> {
        MIGRATOR.run(&self.pool).await?;
        Ok(())
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }

    /// One trivial query, outside any transaction.
    pub(crate) async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// Runs `work` in one write transaction: committed when it succeeds, rolled back when it
    /// fails, the connection closed when neither can be done (see the module).
    pub(crate) async fn write<T>(
        &self,
        work: impl AsyncFnOnce(&mut Tx) -> Result<T, StoreError>,
    ) -> Result<T, StoreError> {
        let mut tx = self.begin().await?;
        match work(&mut tx).await {
            Ok(value) => {
                tx.commit().await?;
                Ok(value)
            }
            Err(e) => {
                tx.rollback().await;
                Err(e)
            }
        }
    }

    async fn begin(&self) -> Result<Tx, StoreError> {
        let turn = match &self.write_queue {
            Some(queue) => Some(Arc::clone(queue).lock_owned().await),
            None => None,
        };
        let conn = self.pool.acquire().await?;
        // Open from here: if BEGIN itself fails half-way, the connection is closed.
        let mut tx = Tx {
            conn,
            open: true,
            backend: self.backend,
            clock: self.clock,
            #[cfg(feature = "faults")]
            faults: Arc::clone(&self.faults),
            _turn: turn,
        };
        let begin = match self.backend {
            Backend::Sqlite => "BEGIN IMMEDIATE",
            Backend::Postgres => "BEGIN",
        };
        tx.conn.execute(begin).await?;
        #[cfg(feature = "faults")]
        if self.backend == Backend::Sqlite && self.faults.touched() {
            let pages = match self.faults.failure() {
                Some(Failure::Full) => 1,
                _ => MAX_PAGES,
            };
            let pragma = format!("PRAGMA max_page_count = {pages}");
            tx.conn.execute(pragma.as_str()).await?;
        }
        Ok(tx)
    }
}

/// A write transaction (and, on SQLite, this process's turn to write). Made only by
/// [`Db::write`], which ends it; dropped while still open, it closes its connection.
pub(crate) struct Tx {
    conn: PoolConnection<Any>,
    open: bool,
    backend: Backend,
    clock: Clock,
    #[cfg(feature = "faults")]
    faults: Arc<Faults>,
    _turn: Option<OwnedMutexGuard<()>>,
}

impl Tx {
    pub(crate) fn conn(&mut self) -> &mut AnyConnection {
        &mut self.conn
    }

    pub(crate) fn backend(&self) -> Backend {
        self.backend
    }

    /// The time that decides inside this transaction: the database's, read in the statement
    /// that took the event's row (`from_database`), or the caller's ([`Db::decide`]).
    pub(crate) fn decide(&self, given: Timestamp, from_database: Option<i64>) -> Timestamp {
        decide(self.clock, given, from_database)
    }

    /// The database's clock now, in a statement of its own (a write that holds no event's row:
    /// creating one); the caller's time on SQLite or with [`Clock::Caller`].
    pub(crate) async fn now(&mut self, given: Timestamp) -> Result<Timestamp, StoreError> {
        if self.clock == Clock::Caller || self.backend == Backend::Sqlite {
            return Ok(whole_micros(given));
        }
        let sql = format!("SELECT {}", now_sql(self.backend));
        let (us,): (Option<i64>,) = sqlx::query_as(&sql).fetch_one(self.conn()).await?;
        Ok(self.decide(given, us))
    }

    /// A point a test may hold the transaction at (the `faults` feature); nothing without it.
    pub(crate) async fn reached(&mut self, point: Point) {
        #[cfg(feature = "faults")]
        self.faults.reached(point).await;
        #[cfg(not(feature = "faults"))]
        let _ = point;
    }

    async fn commit(mut self) -> Result<(), StoreError> {
        #[cfg(feature = "faults")]
        match self.faults.failure() {
            Some(Failure::Io) => {
                return Err(StoreError::unavailable(
                    "an I/O error (injected by a test's fault hook)",
                ));
            }
            Some(Failure::Full) if self.backend == Backend::Postgres => {
                self.conn
                    .execute("SELECT pg_terminate_backend(pg_backend_pid())")
                    .await?;
            }
            _ => {}
        }
        // A COMMIT the database refused (SQLite's full disk, a PostgreSQL error) did not commit;
        // a connection to PostgreSQL lost once COMMIT was sent says nothing of whether it did.
        let backend = self.backend;
        self.conn.execute("COMMIT").await.map_err(|e| match e {
            sqlx::Error::Io(_)
            | sqlx::Error::Protocol(_)
            | sqlx::Error::Tls(_)
            | sqlx::Error::WorkerCrashed
                if backend == Backend::Postgres =>
            {
                StoreError::outcome_unknown(format!("the commit's answer was lost: {e}"))
            }
            e => e.into(),
        })?;
        self.open = false;
        #[cfg(feature = "faults")]
        if self.faults.failure() == Some(Failure::AfterCommit) {
            return Err(StoreError::outcome_unknown(
                "the answer was lost after the commit (injected by a test's fault hook)",
            ));
        }
        Ok(())
    }

    async fn rollback(mut self) {
        if self.conn.execute("ROLLBACK").await.is_ok() {
            self.open = false;
        }
    }
}

impl Drop for Tx {
    fn drop(&mut self) {
        if self.open {
            // The database rolls back what a closed connection left open.
            self.conn.close_on_drop();
        }
    }
}
