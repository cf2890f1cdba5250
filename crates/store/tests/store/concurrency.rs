//! Many players at once (issue 19, items 7 and 9): every acknowledged submission is stored,
//! and the organizer's lock, racing submissions, leaves none half-written.

use std::sync::Arc;

use deckcheck_store::{Created, StoreError};

use crate::helpers::*;

async fn burst(
    db: &Db,
    created: &Arc<Created>,
    n: usize,
    lock_at: Option<usize>,
) -> Vec<Result<String, StoreError>> {
    let mut tasks = Vec::new();
    for i in 0..n {
        let store = Arc::clone(&db.store);
        let created = Arc::clone(created);
        if lock_at == Some(i) {
            let s = Arc::clone(&db.store);
            let org = organizer(db, &created).await;
            tasks.push(tokio::spawn(async move {
                s.lock(&org, t(60)).await.map(|_| "lock".to_string())
            }));
        }
        tasks.push(tokio::spawn(async move {
            store
                .register(
                    &toy(),
                    &created.event.registration_code,
                    &format!("P{i}"),
                    &format!("u{i}"),
                    &list("2 Luke\n1 Han"),
                    t(50),
                )
                .await
                .map(|s| s.player.id)
        }));
    }
    let mut out = Vec::new();
    for t in tasks {
        out.push(t.await.unwrap());
    }
    out
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_hundred_players_registering_at_once_are_all_stored() {
    for db in every_backend().await {
        let created = Arc::new(create(&db, new_event("open")).await);
        let results = burst(&db, &created, 200, None).await;
        let ids: Vec<String> = results.into_iter().map(|r| r.unwrap()).collect();
        let roster = db
            .store
            .roster(&Access::operator(&created.event.id))
            .await
            .unwrap();
        assert_eq!(roster.len(), 200, "{}", db.name);
        for id in ids {
            assert!(roster.iter().any(|r| r.id == id));
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_lock_racing_submissions_keeps_every_acknowledged_one_and_refuses_the_rest() {
    for db in every_backend().await {
        let created = Arc::new(create(&db, new_event("open")).await);
        let results = burst(&db, &created, 100, Some(50)).await;
        let roster = db
            .store
            .roster(&Access::operator(&created.event.id))
            .await
            .unwrap();
        let mut acknowledged = 0;
        for r in &results {
            match r {
                Ok(id) if id == "lock" => {}
                Ok(id) => {
                    acknowledged += 1;
                    assert!(
                        roster.iter().any(|p| &p.id == id),
                        "an acknowledged submission is lost"
                    );
                }
                Err(StoreError::Locked { .. }) => {}
                Err(e) => panic!("{}: {e}", db.name),
            }
        }
        assert_eq!(roster.len(), acknowledged, "{}", db.name);
        for p in &roster {
            let record = db
                .store
                .player(&Access::operator(&created.event.id), &p.id)
                .await
                .unwrap();
            assert_eq!(record.versions.len(), 1);
        }
    }
}
