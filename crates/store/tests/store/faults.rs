//! A failed write never poisons the store (issue 27, item 4): with a full disk, an I/O error or
//! a database server gone in the middle of a transaction, writes answer "unavailable, retry";
//! nothing acknowledged is lost; the next write after the fault clears succeeds without
//! opening the store again. A write cancelled inside its transaction leaves nothing of itself.
//! A read-only data directory fails at start, at once, saying so.

use std::sync::Arc;
use std::time::{Duration, Instant};

use deckcheck_store::faults::{Failure, Point};
use deckcheck_store::{Created, IllegalLists, Location, Store, StoreError, Submission};

use crate::helpers::*;
use crate::mounts::Tmpfs;

/// An event that stores every list (illegal ones as pending), so any list is a write.
async fn pending_event(db: &Db) -> Created {
    let mut new = new_event("open");
    new.illegal_lists = Some(IllegalLists::Pending);
    create(db, new).await
}

/// A list big enough that storing it needs new pages of the database (about 5.6 KB, within
/// the game's 400 lines: each line padded).
fn big_list(n: usize) -> Submission {
    let lines = ["1 Luke", "1 Leia", "1 Han", "1 Vader"].map(|card| format!("{card:<27}\n"));
    list(&lines.concat().repeat(50 + n % 7))
}

async fn try_register(store: &Store, created: &Created, i: usize) -> Result<String, StoreError> {
    store
        .register(
            &toy(),
            &created.event.registration_code,
            &format!("P{i}"),
            &format!("uid-{i}"),
            &big_list(i),
            t(10 + i as i64),
        )
        .await
        .map(|s| s.player.id)
}

/// Every acknowledged registration is on the roster, and the roster holds nothing else.
async fn nothing_acknowledged_is_lost(db: &Db, created: &Created, acknowledged: &[String]) {
    let roster = db
        .store
        .roster(&Access::operator(&created.event.id))
        .await
        .unwrap();
    let mut stored: Vec<&str> = roster.iter().map(|r| r.id.as_str()).collect();
    let mut acked: Vec<&str> = acknowledged.iter().map(String::as_str).collect();
    stored.sort();
    acked.sort();
    assert_eq!(stored, acked, "{}", db.name);
    let counts = db
        .store
        .counts(&Access::operator(&created.event.id))
        .await
        .unwrap();
    assert_eq!(counts.players as usize, acknowledged.len());
    assert_eq!(counts.versions, counts.players, "one version each");
}

#[tokio::test]
async fn a_write_that_fails_with_an_io_error_answers_unavailable_and_the_next_one_succeeds() {
    for db in every_backend().await {
        let created = pending_event(&db).await;
        let first = try_register(&db.store, &created, 0).await.unwrap();
        db.store.faults().fail_writes(Some(Failure::Io));
        // Far more failures than the pool has connections: none is left poisoned.
        for i in 1..40 {
            let err = try_register(&db.store, &created, i).await.unwrap_err();
            assert!(
                matches!(err, StoreError::Unavailable { retry_after: 2, .. }),
                "{}: {err:?}",
                db.name
            );
        }
        db.store.faults().fail_writes(None);
        let mut acknowledged = vec![first];
        for i in 40..60 {
            acknowledged.push(try_register(&db.store, &created, i).await.unwrap());
        }
        nothing_acknowledged_is_lost(&db, &created, &acknowledged).await;
        lock(&db, &created, t(100)).await;
    }
}

#[tokio::test]
async fn a_full_database_answers_unavailable_and_writes_succeed_again_once_it_clears() {
    for db in every_backend().await {
        let created = pending_event(&db).await;
        let mut acknowledged = vec![try_register(&db.store, &created, 0).await.unwrap()];
        db.store.faults().fail_writes(Some(Failure::Full));
        let mut refused = 0;
        for i in 1..30 {
            match try_register(&db.store, &created, i).await {
                // SQLite takes what fits in the pages it has; PostgreSQL's connection is gone.
                Ok(id) => acknowledged.push(id),
                Err(StoreError::Unavailable { .. }) => refused += 1,
                Err(e) => panic!("{}: {e:?}", db.name),
            }
        }
        assert!(refused > 0, "{}: the fault refused nothing", db.name);
        db.store.faults().fail_writes(None);
        for i in 30..50 {
            acknowledged.push(try_register(&db.store, &created, i).await.unwrap());
        }
        nothing_acknowledged_is_lost(&db, &created, &acknowledged).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn a_fault_in_the_middle_of_a_burst_loses_nothing_acknowledged() {
    for db in every_backend().await {
        let created = Arc::new(pending_event(&db).await);
        let mut tasks = Vec::new();
        for i in 0..120 {
            let store = Arc::clone(&db.store);
            let created = Arc::clone(&created);
            if i == 30 {
                db.store.faults().fail_writes(Some(Failure::Full));
            }
            if i == 70 {
                db.store.faults().fail_writes(Some(Failure::Io));
            }
            if i == 90 {
                db.store.faults().fail_writes(None);
            }
            tasks.push(tokio::spawn(async move {
                try_register(&store, &created, i).await
            }));
            tokio::task::yield_now().await;
        }
        db.store.faults().fail_writes(None);
        let mut acknowledged = Vec::new();
        for task in tasks {
            match task.await.unwrap() {
                Ok(id) => acknowledged.push(id),
                Err(StoreError::Unavailable { .. }) => {}
                Err(e) => panic!("{}: {e:?}", db.name),
            }
        }
        nothing_acknowledged_is_lost(&db, &created, &acknowledged).await;
        // The next write succeeds, on every connection.
        for i in 200..216 {
            try_register(&db.store, &created, i).await.unwrap();
        }
    }
}

/// Waits until a paused write wrote its marker.
async fn reached(marker: &std::path::Path) {
    let start = Instant::now();
    while !marker.exists() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "the write never reached its pause"
        );
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

#[tokio::test]
async fn a_lock_cancelled_inside_its_transaction_leaves_the_event_open() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        register(&db, &created, "Ada", "1", "2 Luke").await;
        let dir = tempfile::tempdir().unwrap();
        let marker = dir.path().join("lock");
        db.store.faults().pause_at(Point::Lock, marker.clone());
        let org = organizer(&db, &created).await;
        let store = Arc::clone(&db.store);
        let task = tokio::spawn(async move { store.lock(&org, t(100)).await });
        reached(&marker).await;
        task.abort();
        assert!(task.await.unwrap_err().is_cancelled());
        // Nothing of the lock is kept: the event is open, a player registers.
        let event = db
            .store
            .event(&Access::operator(&created.event.id))
            .await
            .unwrap();
        assert_eq!(event.locked_at, None, "{}", db.name);
        register(&db, &created, "Bo", "2", "1 Han").await;
        assert_eq!(lock(&db, &created, t(110)).await.locked_at, Some(t(110)));
    }
}

#[tokio::test]
async fn publishing_cancelled_half_way_publishes_nothing_and_can_be_done_again() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        for i in 0..6 {
            register_at(&db, &created, &format!("P{i}"), "1 Luke", t(10 + i)).await;
        }
        lock(&db, &created, t(50)).await;
        let dir = tempfile::tempdir().unwrap();
        let marker = dir.path().join("publish");
        db.store.faults().pause_at(Point::Publish, marker.clone());
        let org = organizer(&db, &created).await;
        let (store, org2) = (Arc::clone(&db.store), org.clone());
        let task = tokio::spawn(async move {
            store
                .publish_lists(toy(), &org2, deckcheck_store::Publish::All, t(60))
                .await
        });
        reached(&marker).await;
        task.abort();
        assert!(task.await.unwrap_err().is_cancelled());
        assert!(matches!(
            db.store.published(&created.event.id, t(61)).await,
            Err(StoreError::NoEvent(_))
        ));
        let published = db
            .store
            .publish_lists(toy(), &org, deckcheck_store::Publish::All, t(70))
            .await
            .unwrap();
        assert_eq!(published.lists.len(), 6, "{}", db.name);
        let read = db.store.published(&created.event.id, t(71)).await.unwrap();
        assert_eq!(read.lists, published.lists);
    }
}

#[tokio::test]
async fn a_read_only_data_directory_fails_at_start_at_once_saying_read_only() {
    let Some(mount) = Tmpfs::mount("ro,size=64k") else {
        return;
    };
    let start = Instant::now();
    let err = match Store::open(&Location::Sqlite(mount.path().join("events.sqlite3"))).await {
        Ok(_) => panic!("a store opened on a read-only directory"),
        Err(e) => e,
    };
    assert!(
        start.elapsed() < Duration::from_secs(2),
        "{:?}",
        start.elapsed()
    );
    assert!(matches!(err, StoreError::ReadOnly { .. }), "{err:?}");
    assert!(err.to_string().contains("read-only"), "{err}");
}

#[tokio::test]
async fn on_a_full_disk_writes_answer_unavailable_and_succeed_once_it_has_room_again() {
    let Some(mount) = Tmpfs::mount("size=1m") else {
        return;
    };
    let location = Location::Sqlite(mount.path().join("events.sqlite3"));
    let db = Db {
        name: "sqlite on a full disk",
        store: Arc::new(
            Store::open(&location)
                .await
                .unwrap()
                .with_clock(deckcheck_store::Clock::Caller),
        ),
        location,
        _dir: None,
    };
    let created = pending_event(&db).await;
    let mut acknowledged = Vec::new();
    let mut refused = 0;
    for i in 0..400 {
        match try_register(&db.store, &created, i).await {
            Ok(id) => acknowledged.push(id),
            Err(StoreError::Unavailable { .. }) => {
                refused += 1;
                if refused == 10 {
                    break;
                }
            }
            Err(e) => panic!("{e:?}"),
        }
    }
    assert!(refused == 10, "the disk never filled");
    mount.resize("size=50m");
    // The same store, not opened again: the next writes succeed.
    for i in 1000..1010 {
        acknowledged.push(try_register(&db.store, &created, i).await.unwrap());
    }
    nothing_acknowledged_is_lost(&db, &created, &acknowledged).await;
    db.store.close().await;
}

/// A PostgreSQL cluster of this test's own (`scripts/postgres.sh`), to stop and start again.
struct Cluster {
    url: String,
    dir: String,
    bin: String,
}

impl Cluster {
    const SCRIPT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scripts/postgres.sh");

    /// Only where the other PostgreSQL tests run (a server is configured, so the package is
    /// installed).
    fn start() -> Option<Self> {
        std::env::var(PG_ENV).ok().filter(|u| !u.is_empty())?;
        let out = std::process::Command::new("bash")
            .args([Self::SCRIPT, "start"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        let var = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(&format!("export {name}=")))
                .unwrap()
                .to_string()
        };
        let bin = std::fs::read_dir("/usr/lib/postgresql")
            .unwrap()
            .map(|e| e.unwrap().path().join("bin"))
            .max()
            .unwrap();
        Some(Self {
            url: var(PG_ENV),
            dir: var("PGDEMO_DIR"),
            bin: bin.display().to_string(),
        })
    }

    fn pg_ctl(&self, args: &[&str]) {
        let data = format!("{}/data", self.dir);
        let mut command = if is_root() {
            let mut c = std::process::Command::new("runuser");
            c.args(["-u", "postgres", "--", &format!("{}/pg_ctl", self.bin)]);
            c
        } else {
            std::process::Command::new(format!("{}/pg_ctl", self.bin))
        };
        let out = command
            .args(["-D", &data, "-w", "-t", "60"])
            .args(args)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// Stopped at once, as a crash would (`-m immediate`).
    fn stop(&self) {
        self.pg_ctl(&["-m", "immediate", "stop"]);
    }

    fn start_again(&self) {
        let port = self
            .url
            .rsplit(':')
            .next()
            .unwrap()
            .split('/')
            .next()
            .unwrap();
        let options = format!(
            "-c listen_addresses=127.0.0.1 -c port={port} -c unix_socket_directories={} -c max_connections=200",
            self.dir
        );
        self.pg_ctl(&[
            "-l",
            &format!("{}/server.log", self.dir),
            "-o",
            &options,
            "start",
        ]);
    }
}

fn is_root() -> bool {
    std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

impl Drop for Cluster {
    fn drop(&mut self) {
        let _ = std::process::Command::new("bash")
            .args([Self::SCRIPT, "stop", &self.dir])
            .output();
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn postgresql_stopped_in_the_middle_of_a_burst_loses_nothing_acknowledged_and_comes_back() {
    let Some(cluster) = Cluster::start() else {
        return;
    };
    let location = Location::Postgres(cluster.url.clone());
    let db = Db {
        name: "postgres stopped",
        store: Arc::new(
            Store::open(&location)
                .await
                .unwrap()
                .with_clock(deckcheck_store::Clock::Caller),
        ),
        location,
        _dir: None,
    };
    let created = Arc::new(pending_event(&db).await);
    let mut tasks = Vec::new();
    // Down for longer than a request waits for a connection (5 s): those sent early in the
    // outage are refused, those sent late wait for the server and are stored.
    for i in 0..200 {
        if i == 40 {
            cluster.stop();
        }
        if i == 160 {
            cluster.start_again();
        }
        let (store, created) = (Arc::clone(&db.store), Arc::clone(&created));
        tasks.push(tokio::spawn(async move {
            try_register(&store, &created, i).await
        }));
        let pause = if (40..160).contains(&i) { 50 } else { 5 };
        tokio::time::sleep(Duration::from_millis(pause)).await;
    }
    let (mut acknowledged, mut unavailable) = (Vec::new(), Vec::new());
    for (i, task) in tasks.into_iter().enumerate() {
        match task.await.unwrap() {
            Ok(id) => acknowledged.push(id),
            // Refused, or in doubt: the commit's answer was lost with the server.
            Err(StoreError::Unavailable { .. } | StoreError::OutcomeUnknown { .. }) => {
                unavailable.push(format!("uid-{i}"))
            }
            Err(e) => panic!("{e:?}"),
        }
    }
    assert!(!unavailable.is_empty(), "the stop refused nothing");
    // The same store, not opened again: the next writes succeed.
    for i in 1000..1010 {
        acknowledged.push(try_register(&db.store, &created, i).await.unwrap());
    }
    // A commit the server made as it stopped may have lost its answer: that write is stored
    // though its request answered "outcome unknown, retry" (the client's retry, under its
    // Idempotency-Key, then finds it). Nothing acknowledged is missing, nothing stored was
    // not asked for, and nothing is stored twice.
    let roster = db
        .store
        .roster(&Access::operator(&created.event.id))
        .await
        .unwrap();
    let stored: std::collections::BTreeSet<&str> = roster.iter().map(|r| r.id.as_str()).collect();
    let players: std::collections::BTreeSet<&str> = roster.iter().map(|r| r.uid.as_str()).collect();
    assert_eq!(players.len(), roster.len(), "nobody stored twice");
    for id in &acknowledged {
        assert!(stored.contains(id.as_str()), "acknowledged {id} is lost");
    }
    for r in roster.iter().filter(|r| !acknowledged.contains(&r.id)) {
        assert!(
            unavailable.contains(&r.uid),
            "{} ({}) is stored but was neither acknowledged nor in doubt",
            r.id,
            r.uid
        );
    }
    let counts = db
        .store
        .counts(&Access::operator(&created.event.id))
        .await
        .unwrap();
    assert_eq!(counts.players as usize, roster.len());
    assert_eq!(counts.versions, counts.players, "one version each");
    db.store.close().await;
}
