//! What one player and one event can store is bounded (issue 35 item 1): one player re-sent a
//! legal list padded to 200 KB 300 times and the store grew by 63.5 MB; 2,000 plain
//! resubmissions were all stored. Now a list larger than its game takes is refused before it is
//! judged, the same list adds no version, a player has a budget of new lists an hour (the
//! answer says when the next is taken), an event has a storage quota, and a player's record is
//! paged.

use deckcheck_store::{Policy, Role, Store, StoreError};

use crate::helpers::*;

/// What the database holds on disk now: SQLite's file and its write-ahead log, or the
/// PostgreSQL database's size.
async fn store_size(db: &Db) -> u64 {
    match &db.location {
        deckcheck_store::Location::Sqlite(path) => {
            let size = |p: std::path::PathBuf| std::fs::metadata(p).map_or(0, |m| m.len());
            let wal = path.with_extension("sqlite3-wal");
            size(path.clone()) + size(wal)
        }
        deckcheck_store::Location::Postgres(url) => {
            use sqlx::Connection;
            let mut conn = sqlx::AnyConnection::connect(url).await.unwrap();
            let (n,): (i64,) = sqlx::query_as("SELECT pg_database_size(current_database())")
                .fetch_one(&mut conn)
                .await
                .unwrap();
            n as u64
        }
    }
}

/// A legal list of the test game padded with blank lines to about `bytes`.
fn padded(bytes: usize) -> String {
    let mut text = String::from("2 Luke\n2 Leia\n");
    while text.len() < bytes {
        text.push_str(&" ".repeat(99));
        text.push('\n');
    }
    text
}

/// An event that stores every list (one that is not legal as pending): any list is a write.
async fn pending_event(db: &Db) -> deckcheck_store::Created {
    let mut new = new_event("open");
    new.illegal_lists = Some(deckcheck_store::IllegalLists::Pending);
    create(db, new).await
}

async fn player(db: &Db, created: &deckcheck_store::Created, uid: &str) -> (Access, String) {
    let s = register(db, created, &format!("P{uid}"), uid, "2 Luke").await;
    let me = access(
        db,
        &created.event.id,
        s.token.as_deref().unwrap(),
        Role::Player,
    )
    .await;
    (me, s.player.id)
}

#[tokio::test]
async fn three_hundred_lists_padded_to_200_kb_grow_the_store_by_less_than_a_megabyte() {
    for db in every_backend().await {
        let created = pending_event(&db).await;
        let (me, _) = player(&db, &created, "1").await;
        let before = store_size(&db).await;
        let big = list(&padded(200 * 1024));
        for i in 0..300 {
            let err = db
                .store
                .resubmit(&toy(), &me, &big, t(20 + i))
                .await
                .unwrap_err();
            assert!(
                matches!(
                    err,
                    StoreError::ListTooLarge {
                        max_bytes: 16384,
                        max_lines: 400,
                        ..
                    }
                ),
                "{}: {err:?}",
                db.name
            );
        }
        let grown = store_size(&db).await.saturating_sub(before);
        assert!(
            grown < 1 << 20,
            "{}: the store grew by {grown} bytes",
            db.name
        );
        // Lines count too: 401 short lines are refused, 400 are taken.
        let lines = |n: usize| list(&"1 Luke\n".repeat(n));
        let err = db
            .store
            .resubmit(&toy(), &me, &lines(401), t(400))
            .await
            .unwrap_err();
        assert!(
            matches!(err, StoreError::ListTooLarge { lines: 401, .. }),
            "{err:?}"
        );
        let code = deckcheck_core::RequestError::from(err);
        assert_eq!((code.status(), code.field.as_deref()), (413, Some("deck")));
        db.store
            .resubmit(&toy(), &me, &lines(400), t(401))
            .await
            .unwrap();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_thousand_resubmissions_of_the_same_list_add_no_version() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let (me, id) = player(&db, &created, "1").await;
        for i in 0..2000 {
            // The same cards however they are written: the same fingerprint.
            let text = if i % 2 == 0 {
                "2 Luke"
            } else {
                "1 Luke\n1 Luke"
            };
            let s = db
                .store
                .resubmit(&toy(), &me, &list(text), t(20 + i))
                .await
                .unwrap();
            assert!(s.unchanged && s.version == 1, "{}: {i}", db.name);
        }
        let record = db.store.player(&me, &id).await.unwrap();
        assert_eq!(record.versions.len(), 1, "{}", db.name);
        let counts = db
            .store
            .counts(&Access::operator(&created.event.id))
            .await
            .unwrap();
        assert_eq!((counts.players, counts.versions), (1, 1));
    }
}

#[tokio::test]
async fn a_player_past_the_hours_budget_is_told_when_the_next_list_is_taken() {
    for db in every_backend().await {
        let created = pending_event(&db).await;
        // Registered at t(10): the first of the hour's ten lists.
        let (me, _) = player(&db, &created, "1").await;
        let lists = ["2 Leia", "2 Han", "2 Vader", "1 Luke", "1 Leia"];
        let mut sent = 1;
        for (i, text) in lists.iter().cycle().enumerate().take(9) {
            // Each differs from the one before it.
            let text = format!("{text}\n{} Han", i + 1);
            db.store
                .resubmit(&toy(), &me, &list(&text), t(100 + i as i64))
                .await
                .unwrap();
            sent += 1;
        }
        assert_eq!(sent, Policy::DEFAULT_LISTS_PER_HOUR);
        let err = db
            .store
            .resubmit(&toy(), &me, &list("2 Vader\n2 Han"), t(1000))
            .await
            .unwrap_err();
        // The first list (t(10)) leaves the hour at t(3610): 2,610 s after t(1000).
        assert!(
            matches!(
                err,
                StoreError::TooManyLists {
                    retry_after: 2610,
                    per_hour: 10
                }
            ),
            "{}: {err:?}",
            db.name
        );
        let answer = deckcheck_core::RequestError::from(err);
        assert_eq!((answer.status(), answer.retry_after()), (429, Some(2610)));
        // The same list as the current one is no new list: still answered.
        let same = db
            .store
            .resubmit(&toy(), &me, &list("1 Luke\n9 Han"), t(1001))
            .await
            .unwrap();
        assert!(same.unchanged, "{}", db.name);
        // After the hour, the next is taken.
        db.store
            .resubmit(&toy(), &me, &list("2 Vader\n2 Han"), t(3611))
            .await
            .unwrap();
    }
}

#[tokio::test]
async fn an_event_past_its_storage_quota_stores_nothing_more_and_says_why() {
    for db in every_backend().await {
        let store = Store::open(&db.location)
            .await
            .unwrap()
            .with_clock(deckcheck_store::Clock::Caller)
            .with_policy(Policy {
                event_quota: 40_000,
                ..Policy::default()
            });
        let db = Db {
            name: db.name,
            store: std::sync::Arc::new(store),
            location: db.location.clone(),
            _dir: None,
        };
        let created = create(&db, new_event("open")).await;
        let mut stored = 0;
        let mut refused = None;
        for i in 0..200 {
            match try_register(
                &db,
                &created,
                &format!("P{i}"),
                &i.to_string(),
                "2 Luke",
                t(10),
            )
            .await
            {
                Ok(_) => stored += 1,
                Err(e) => {
                    refused = Some(e);
                    break;
                }
            }
        }
        let err = refused.expect("the quota was never reached");
        assert!(
            matches!(err, StoreError::EventQuota { limit: 40_000 }),
            "{}: {err:?}",
            db.name
        );
        let answer = deckcheck_core::RequestError::from(err);
        assert_eq!(answer.status(), 409);
        let counts = db
            .store
            .counts(&Access::operator(&created.event.id))
            .await
            .unwrap();
        assert_eq!(
            counts.players, stored,
            "{}: nothing of the refused one",
            db.name
        );
        assert!(stored > 0);
    }
}

#[tokio::test]
async fn a_players_record_is_a_page_of_their_history_whatever_they_sent() {
    for db in every_backend().await {
        let store = Store::open(&db.location)
            .await
            .unwrap()
            .with_clock(deckcheck_store::Clock::Caller)
            .with_policy(Policy {
                lists_per_hour: 1000,
                ..Policy::default()
            });
        let db = Db {
            name: db.name,
            store: std::sync::Arc::new(store),
            location: db.location.clone(),
            _dir: None,
        };
        let created = pending_event(&db).await;
        let (me, id) = player(&db, &created, "1").await;
        // Registered with 2 Luke: 3 to 31 are 29 new lists.
        for i in 3..=31 {
            db.store
                .resubmit(&toy(), &me, &list(&format!("{i} Luke")), t(20 + i))
                .await
                .unwrap();
        }
        let numbers = |r: &deckcheck_store::PlayerRecord| {
            r.versions.iter().map(|v| v.version).collect::<Vec<_>>()
        };
        let record = db.store.player(&me, &id).await.unwrap();
        assert_eq!(record.registration.version, 30, "{}", db.name);
        assert_eq!(numbers(&record), (11..=30).collect::<Vec<_>>());
        let older = db
            .store
            .player_page(&me, &id, Some(11), Some(5))
            .await
            .unwrap();
        assert_eq!(numbers(&older), [6, 7, 8, 9, 10]);
        let first = db
            .store
            .player_page(&me, &id, Some(3), Some(100))
            .await
            .unwrap();
        assert_eq!(numbers(&first), [1, 2]);
        for bad in [0, 101] {
            assert!(matches!(
                db.store.player_page(&me, &id, None, Some(bad)).await,
                Err(StoreError::Invalid { .. })
            ));
        }
        // The export keeps every version (the event's quota bounds it).
        let export = db
            .store
            .export(&Access::operator(&created.event.id))
            .await
            .unwrap();
        assert_eq!(export.registrations[0].versions.len(), 30);
    }
}
