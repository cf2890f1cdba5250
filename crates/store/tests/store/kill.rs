//! `kill -9` inside a write (issue 27, item 10): a process killed inside the lock's
//! transaction, or half-way through publishing, leaves the event as it was before that write
//! (open, or locked and not published), every list whole, and the write can be done again.
//! The fault hook (`DECKCHECK_STORE_FAULTS=pause=lock:FILE`) holds the write at that point in a
//! child process (this test binary, running `a_child_holding_a_write`), which is then killed.

use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use deckcheck_store::faults::FAULTS_ENV;
use deckcheck_store::{Location, Publish, Store, StoreError};

use crate::helpers::*;

/// What the child does: `lock|publish;location;event;organizer token`.
const CHILD: &str = "DECKCHECK_STORE_KILL_CHILD";

#[tokio::test]
#[ignore = "run in a child process by the kill tests"]
async fn a_child_holding_a_write() {
    let Ok(spec) = std::env::var(CHILD) else {
        return;
    };
    let [what, location, event, token]: [&str; 4] =
        spec.splitn(4, ';').collect::<Vec<_>>().try_into().unwrap();
    let location = if location.starts_with("postgres") {
        Location::Postgres(location.to_string())
    } else {
        Location::Sqlite(location.into())
    };
    // The store reads its fault hook from the environment, as the service's would.
    let store = Store::open(&location)
        .await
        .unwrap()
        .with_clock(deckcheck_store::Clock::Caller);
    let org = store
        .authorize(event, Some(token), Op::Export, t(100))
        .await
        .unwrap();
    match what {
        "lock" => drop(store.lock(&org, t(100)).await),
        _ => drop(store.publish_lists(toy(), &org, Publish::All, t(200)).await),
    }
    panic!("the write finished: it should have been killed first");
}

/// Runs the child until it holds its write at `point`, then kills it (SIGKILL).
fn kill_inside(db: &Db, point: &str, event: &str, token: &str) {
    let dir = tempfile::tempdir().unwrap();
    let marker = dir.path().join(point);
    let location = match &db.location {
        Location::Sqlite(p) => p.display().to_string(),
        Location::Postgres(u) => u.clone(),
    };
    let mut child = Command::new(std::env::current_exe().unwrap())
        .args([
            "--exact",
            "kill::a_child_holding_a_write",
            "--ignored",
            "--test-threads=1",
        ])
        .env(CHILD, format!("{point};{location};{event};{token}"))
        .env(FAULTS_ENV, format!("pause={point}:{}", marker.display()))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !Path::new(&marker).exists() {
        if let Some(status) = child.try_wait().unwrap() {
            panic!("the child ended ({status}) before its write reached {point}");
        }
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "the child never reached {point}"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
    child.kill().unwrap();
    child.wait().unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_killed_inside_the_lock_s_transaction_leaves_the_event_open() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        for i in 0..5 {
            register_at(&db, &created, &format!("P{i}"), "2 Luke", t(10 + i)).await;
        }
        let before = db
            .store
            .export(&Access::operator(&created.event.id))
            .await
            .unwrap();
        kill_inside(&db, "lock", &created.event.id, &created.organizer_token);
        let after = db
            .store
            .export(&Access::operator(&created.event.id))
            .await
            .unwrap();
        assert_eq!(after, before, "{}", db.name);
        assert_eq!(after.event.locked_at, None);
        register_at(&db, &created, "Late", "1 Han", t(120)).await;
        assert_eq!(lock(&db, &created, t(130)).await.locked_at, Some(t(130)));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_process_killed_half_way_through_publishing_publishes_nothing() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        for i in 0..6 {
            register_at(&db, &created, &format!("P{i}"), "2 Luke", t(10 + i)).await;
        }
        lock(&db, &created, t(50)).await;
        let before = db
            .store
            .export(&Access::operator(&created.event.id))
            .await
            .unwrap();
        kill_inside(&db, "publish", &created.event.id, &created.organizer_token);
        assert_eq!(
            db.store
                .export(&Access::operator(&created.event.id))
                .await
                .unwrap(),
            before,
            "{}",
            db.name
        );
        assert!(matches!(
            db.store
                .published_page(&created.event.id, 0, None, None, t(300))
                .await,
            Err(StoreError::NoEvent(_))
        ));
        let org = organizer(&db, &created).await;
        let published = db
            .store
            .publish_lists(toy(), &org, Publish::All, t(300))
            .await
            .unwrap();
        assert_eq!(published.lists.len(), 6);
        assert_eq!(
            db.store
                .published(&created.event.id, t(301))
                .await
                .unwrap()
                .lists,
            published.lists
        );
    }
}
