//! On PostgreSQL the database's clock decides (issue 35 item 5): a replica 10 s slow accepted
//! lists 9.8 s after `locks_at`, stamped as on time, and a lock on a replica after lists from
//! a fast one was stamped 9.9 s in the future. Here the store is given a time 10 s ahead and 10 s
//! behind (as a replica whose clock is off would read it) and must decide as the database's
//! clock says: no list accepted after `locks_at`, no stamp in the future. SQLite has one
//! process and one clock (the caller's), so this is PostgreSQL's alone.

use std::sync::Arc;
use std::time::Duration;

use deckcheck_store::{Clock, Location, Store, StoreError};
use jiff::{SignedDuration, Timestamp};

use crate::helpers::*;

/// A PostgreSQL store deciding on the database's clock (the service's), if there is a server.
async fn on_database_clock() -> Option<Db> {
    let url = fresh_postgres_url().await?;
    let location = Location::Postgres(url);
    Some(Db {
        name: "postgres (database clock)",
        store: Arc::new(
            Store::open(&location)
                .await
                .unwrap()
                .with_clock(Clock::Database),
        ),
        location,
        _dir: None,
    })
}

fn off_by(seconds: i64) -> Timestamp {
    Timestamp::now()
        .checked_add(SignedDuration::from_secs(seconds))
        .unwrap()
}

#[tokio::test]
async fn replicas_ten_seconds_off_decide_the_deadline_and_stamp_as_the_database_says() {
    let Some(db) = on_database_clock().await else {
        return;
    };
    for skew in [10, -10] {
        // Lists are due in 3 s by the database's clock; a replica 10 s fast would have said
        // the deadline is past already.
        let locks_at = Timestamp::now()
            .checked_add(SignedDuration::from_secs(3))
            .unwrap();
        let mut new = new_event("open");
        new.locks_at = Some(locks_at);
        let created = db
            .store
            .create_event(toy().as_ref(), new, off_by(skew))
            .await
            .unwrap();
        assert!(
            created.event.created_at <= Timestamp::now(),
            "{skew}: created in the future"
        );
        let early = try_register(&db, &created, "Ada", "1", "2 Luke", off_by(skew))
            .await
            .unwrap();
        let stamp = early.player.created_at;
        assert!(
            stamp < locks_at && stamp <= Timestamp::now(),
            "{skew}: {stamp}"
        );
        // Past the deadline by the database: refused, whatever the replica's clock says.
        tokio::time::sleep(Duration::from_millis(3200)).await;
        let late = try_register(&db, &created, "Bo", "2", "2 Luke", off_by(skew)).await;
        assert!(
            matches!(late, Err(StoreError::Locked { .. })),
            "{skew}: {late:?}"
        );
        // The organizer's lock is stamped now by the database, never ahead of it.
        let org = organizer(&db, &created).await;
        let event = db.store.lock(&org, off_by(skew)).await.unwrap();
        let now = Timestamp::now();
        let locked_at = event.locked_at.unwrap();
        assert!(
            locked_at <= now && locked_at > stamp,
            "{skew}: locked at {locked_at}, now {now}"
        );
        // Tokens expire on the database's clock too: a token read 10 s off still opens.
        db.store
            .authorize(
                &created.event.id,
                Some(&created.organizer_token),
                deckcheck_store::Op::Export,
                off_by(skew),
            )
            .await
            .unwrap();
    }
}

#[tokio::test]
async fn a_deadline_the_database_says_is_past_is_refused_whatever_the_replica_says() {
    let Some(db) = on_database_clock().await else {
        return;
    };
    // A replica 10 s slow would take a deadline 5 s ago as ahead: the database refuses it.
    let mut new = new_event("open");
    new.locks_at = Some(off_by(-5));
    let err = db
        .store
        .create_event(toy().as_ref(), new, off_by(-10))
        .await
        .unwrap_err();
    assert!(
        matches!(
            err,
            StoreError::Unprocessable {
                code: deckcheck_core::ErrorCode::LocksAtPast,
                ..
            }
        ),
        "{err:?}"
    );
}
