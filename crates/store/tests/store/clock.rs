//! One clock for the lock (issue 27, item 7): a registration commits only if the event is not
//! locked when it commits, and no accepted registration is stamped after the lock, on both
//! backends. Times are the real clock, read when each request arrives, then a little work
//! before the write, as the service does (without the lock's stamp after the latest list, a
//! registration was stamped after the lock in the first rounds).

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use deckcheck_store::StoreError;
use jiff::Timestamp;

use crate::helpers::*;

const ROUNDS: usize = 20;
const PLAYERS: usize = 300;
const LOCK_AT: usize = 150;

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_lock_in_the_middle_of_a_burst_comes_after_every_registration_it_accepted() {
    for db in every_backend().await {
        for round in 0..ROUNDS {
            let created = Arc::new(create(&db, new_event("open")).await);
            let org = organizer(&db, &created).await;
            let locked = Arc::new(AtomicBool::new(false));
            let mut tasks = Vec::new();
            let mut lock_task = None;
            for i in 0..PLAYERS {
                if i == LOCK_AT {
                    let (store, org, locked) =
                        (Arc::clone(&db.store), org.clone(), Arc::clone(&locked));
                    lock_task = Some(tokio::spawn(async move {
                        let arrived = Timestamp::now();
                        tokio::time::sleep(Duration::from_micros(500)).await;
                        let event = store.lock(&org, arrived).await.unwrap();
                        locked.store(true, Ordering::SeqCst);
                        event
                    }));
                }
                let (store, created, locked) = (
                    Arc::clone(&db.store),
                    Arc::clone(&created),
                    Arc::clone(&locked),
                );
                tasks.push(tokio::spawn(async move {
                    // Whether the lock had answered before this registration was sent.
                    let after_lock = locked.load(Ordering::SeqCst);
                    // The service reads the clock when a request arrives, then reads its body
                    // and checks the list before it writes.
                    let arrived = Timestamp::now();
                    tokio::time::sleep(Duration::from_micros(
                        deckcheck_store::token::random_below(3000) as u64,
                    ))
                    .await;
                    let result = store
                        .register(
                            &toy(),
                            &created.event.registration_code,
                            &format!("P{i}"),
                            &format!("u{i}"),
                            &list("2 Luke\n1 Han"),
                            arrived,
                        )
                        .await;
                    (after_lock, result)
                }));
            }
            let event = lock_task.unwrap().await.unwrap();
            let locked_at = event.locked_at.unwrap();
            let mut accepted = 0;
            for task in tasks {
                match task.await.unwrap() {
                    (true, Ok(s)) => panic!(
                        "{} round {round}: {} registered after the lock had answered",
                        db.name, s.player.id
                    ),
                    (_, Ok(_)) => accepted += 1,
                    (_, Err(StoreError::Locked { .. })) => {}
                    (_, Err(e)) => panic!("{} round {round}: {e:?}", db.name),
                }
            }
            let roster = db
                .store
                .roster(&Access::operator(&created.event.id))
                .await
                .unwrap();
            assert_eq!(roster.len(), accepted, "{} round {round}", db.name);
            for r in &roster {
                assert!(
                    r.created_at < locked_at,
                    "{} round {round}: {} stamped {} after the lock at {locked_at}",
                    db.name,
                    r.id,
                    r.created_at
                );
            }
        }
    }
}
