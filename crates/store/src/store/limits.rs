//! Per-client budgets kept in the database (issue 35 item 5): with several replicas on one
//! PostgreSQL, a client's budget is one row that every replica spends from, so two replicas
//! give no client twice its budget. Each budget is GCRA (the algorithm `governor` runs in one
//! process): a burst of `burst` at once, then one more every `period / burst`. One statement
//! per request (an upsert on the budget's row, on the database's clock); PostgreSQL keeps the
//! table unlogged, so a spend writes no WAL and waits for no disk.
//!
//! SQLite keeps one process: the service keeps its budgets in memory there (`governor`).

use std::time::Duration;

use jiff::Timestamp;
use sqlx::AnyPool;

use super::Store;
use crate::db::{Backend, Clock};
use crate::error::StoreError;
use crate::repo;

/// A budget: `burst` at once, refilled evenly over `period`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    pub burst: u32,
    pub period: Duration,
}

impl Budget {
    /// One more every `interval` µs, at most `tolerance` µs ahead of now.
    fn gcra(self) -> (i64, i64) {
        let burst = i64::from(self.burst.max(1));
        let interval = (self.period.as_micros() as i64 / burst).max(1);
        (interval, interval * burst)
    }
}

/// The store's budgets, shared by every replica: a handle the service keeps apart from the
/// store (its pool, shared).
#[derive(Clone)]
pub struct Budgets {
    pool: AnyPool,
    backend: Backend,
    clock: Clock,
}

impl Budgets {
    /// Spends one of `key`'s `budget` (the key names the budget and the client:
    /// `lookup:192.0.2.7`); `Ok(None)` when spent, else how long until one is back.
    pub async fn spend(
        &self,
        key: &str,
        budget: Budget,
        now: Timestamp,
    ) -> Result<Option<Duration>, StoreError> {
        let (interval, tolerance) = budget.gcra();
        // With the caller's clock (tests), the time given decides on PostgreSQL too.
        let database_clock = self.clock == Clock::Database;
        let wait = repo::spend(
            &self.pool,
            self.backend,
            database_clock,
            key,
            now,
            interval,
            tolerance,
        )
        .await?;
        Ok(wait.map(|us| Duration::from_micros(us.max(1) as u64)))
    }
}

impl Store {
    /// The budgets kept in this store's database, for the service's per-client limits.
    pub fn budgets(&self) -> Budgets {
        Budgets {
            pool: self.db().pool.clone(),
            backend: self.backend(),
            clock: self.db().clock,
        }
    }
}
