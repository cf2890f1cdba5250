//! The database behind the store: SQLite (a file, the default) or PostgreSQL (a URL), through
//! sqlx's `Any` driver so both run the same SQL; migrations from `migrations/`, run forwards
//! at start-up.
//!
//! SQLite is opened in WAL mode with `synchronous = FULL`, so a committed write survives the
//! process being killed (and the machine losing power); writes take the write lock when they
//! begin (`BEGIN IMMEDIATE`) and queue on an in-process lock first, so concurrent submissions
//! wait in turn instead of failing as busy. PostgreSQL takes several replicas: a submission
//! holds a share lock on its event's row (`FOR SHARE`) for its transaction, so the organizer's
//! lock waits for submissions in flight and every later one sees it.

use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::migrate::Migrator;
use sqlx::{Any, AnyPool, Executor, Transaction};

use crate::error::StoreError;

/// The schema, embedded: forwards-only migrations shared by both backends.
pub static MIGRATOR: Migrator = sqlx::migrate!("./migrations");

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
                if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                    std::fs::create_dir_all(dir).map_err(|e| {
                        StoreError::invalid(
                            "data directory",
                            format!("cannot create {}: {e}", dir.display()),
                        )
                    })?;
                }
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
        Ok(AnyConnectOptions::from_str(&url)?)
    }
}

/// A connection pool to the store's database.
pub struct Db {
    pub(crate) pool: AnyPool,
    pub(crate) backend: Backend,
    /// SQLite: writers of this process queue here, then hold the database's write lock.
    write_queue: Option<tokio::sync::Mutex<()>>,
}

/// A write transaction (and, on SQLite, this process's turn to write).
pub struct Write<'a> {
    pub tx: Transaction<'static, Any>,
    _turn: Option<tokio::sync::MutexGuard<'a, ()>>,
}

impl Db {
    /// Opens the database and brings its schema up to date.
    pub async fn open(location: &Location) -> Result<Self, StoreError> {
        let db = Self::lazy(location)?;
        db.migrate().await?;
        Ok(db)
    }

    /// A pool that connects on first use (migrations not run).
    pub fn lazy(location: &Location) -> Result<Self, StoreError> {
        let backend = location.backend();
        let options = location.options()?;
        let pool = match backend {
            Backend::Sqlite => AnyPoolOptions::new()
                .max_connections(4)
                .acquire_timeout(Duration::from_secs(30))
                .after_connect(|conn, _| {
                    Box::pin(async move {
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = FULL").await?;
                        conn.execute("PRAGMA busy_timeout = 10000").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                        Ok(())
                    })
                })
                .connect_lazy_with(options),
            Backend::Postgres => AnyPoolOptions::new()
                .max_connections(16)
                .acquire_timeout(Duration::from_secs(30))
                .connect_lazy_with(options),
        };
        Ok(Self {
            pool,
            backend,
            write_queue: (backend == Backend::Sqlite).then(|| tokio::sync::Mutex::new(())),
        })
    }

    /// Applies every migration not applied yet, in order (never backwards).
    pub async fn migrate(&self) -> Result<(), StoreError> {
        MIGRATOR.run(&self.pool).await?;
        Ok(())
    }

    /// Starts a write transaction.
    pub async fn write(&self) -> Result<Write<'_>, StoreError> {
        let turn = match &self.write_queue {
            Some(q) => Some(q.lock().await),
            None => None,
        };
        let tx = match self.backend {
            Backend::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await?,
            Backend::Postgres => self.pool.begin().await?,
        };
        Ok(Write { tx, _turn: turn })
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
}

impl Write<'_> {
    pub async fn commit(self) -> Result<(), StoreError> {
        self.tx.commit().await?;
        Ok(())
    }
}
