//! Deleting an event, and retention (issue 27, item 3): the organizer deletes their event;
//! the operator's retention deletes events whose time is over; their data is gone.

use deckcheck_store::{Access, Op, Policy, Publish, Store, StoreError};
use jiff::SignedDuration;

use crate::helpers::*;

/// Rows left of an event, table by table.
async fn rows_of(db: &Db, event_id: &str) -> i64 {
    let url = match &db.location {
        deckcheck_store::Location::Sqlite(p) => format!("sqlite://{}", p.display()),
        deckcheck_store::Location::Postgres(u) => u.clone(),
    };
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    let mut n = 0;
    for table in [
        "events",
        "registrations",
        "list_versions",
        "tokens",
        "deck_checks",
        "deck_check_picks",
        "publication_lists",
    ] {
        let column = if table == "events" { "id" } else { "event_id" };
        let (count,): (i64,) =
            sqlx::query_as(&format!("SELECT COUNT(*) FROM {table} WHERE {column} = $1"))
                .bind(event_id)
                .fetch_one(&pool)
                .await
                .unwrap();
        n += count;
    }
    pool.close().await;
    n
}

/// An event with a player, a judge, a deck check, a pick, locked and published.
async fn full_event(db: &Db) -> deckcheck_store::Created {
    let created = create(db, new_event("open")).await;
    let a = register(db, &created, "Ada", "1", "2 Luke").await;
    let jo = judge(db, &created, "Jo").await;
    check(db, &jo, &a.player.id, "2 Luke", t(20)).await.unwrap();
    db.store.pick(&jo, None, true, t(21)).await.unwrap();
    lock(db, &created, t(30)).await;
    let org = organizer(db, &created).await;
    db.store
        .publish_lists(toy(), &org, Publish::All, t(40))
        .await
        .unwrap();
    created
}

#[tokio::test]
async fn the_organizer_deletes_their_event_and_nothing_of_it_is_left() {
    for db in every_backend().await {
        sqlx::any::install_default_drivers();
        let created = full_event(&db).await;
        let other = full_event(&db).await;
        let id = &created.event.id;
        assert!(rows_of(&db, id).await > 0);
        // A judge may not.
        let jo = judge_token(&db, &created, "Kim").await;
        assert!(matches!(
            db.store.authorize(id, Some(&jo), Op::Delete, t(50)).await,
            Err(StoreError::Forbidden { .. })
        ));
        let org = organizer(&db, &created).await;
        db.store.delete_event(&org, t(50)).await.unwrap();
        assert_eq!(rows_of(&db, id).await, 0, "{}", db.name);
        assert!(matches!(
            db.store.event(&Access::operator(id)).await,
            Err(StoreError::NoEvent(_))
        ));
        assert!(matches!(
            db.store
                .authorize(id, Some(&created.organizer_token), Op::Export, t(51))
                .await,
            Err(StoreError::Unauthorized)
        ));
        assert!(matches!(
            db.store.delete_event(&org, t(52)).await,
            Err(StoreError::NoEvent(_))
        ));
        // The other event is whole.
        assert_eq!(
            db.store
                .export(&Access::operator(&other.event.id))
                .await
                .unwrap()
                .registrations
                .len(),
            1
        );
    }
}

#[tokio::test]
async fn retention_deletes_the_events_whose_time_is_over_and_keeps_the_others() {
    for db in every_backend().await {
        sqlx::any::install_default_drivers();
        let store = Store::open(&db.location)
            .await
            .unwrap()
            .with_clock(deckcheck_store::Clock::Caller)
            .with_policy(Policy {
                retention: SignedDuration::from_hours(24 * 90),
                ..Policy::default()
            });
        let old = full_event(&db).await;
        let mut later = new_event("open");
        later.date = "2026-12-24".parse().unwrap();
        let kept = create(&db, later).await;
        // 2026-07-12's day is over at 2026-07-13T00:00Z; 90 days later is 2026-10-11.
        let before = "2026-10-10T23:59:59Z".parse().unwrap();
        assert!(store.purge(before).await.unwrap().is_empty());
        let after = "2026-10-11T00:00:00Z".parse().unwrap();
        assert_eq!(
            store.purge(after).await.unwrap(),
            vec![old.event.id.clone()]
        );
        assert_eq!(rows_of(&db, &old.event.id).await, 0, "{}", db.name);
        store
            .event(&Access::operator(&kept.event.id))
            .await
            .unwrap();
        assert!(store.purge(after).await.unwrap().is_empty(), "purged once");
        // The operator deletes an event at once too.
        store
            .delete_event(&Access::operator(&kept.event.id), after)
            .await
            .unwrap();
        assert!(store.events().await.unwrap().is_empty());
        assert_eq!(
            Policy::default().retention,
            SignedDuration::from_hours(24 * 180)
        );
        store.close().await;
    }
}
