//! The schema (issue 19, item 1): migrations run at start-up, forwards only, from an empty
//! database and from the previous schema, on both backends.

use deckcheck_store::{Location, MIGRATOR, Publish, Store, StoreError};
use sqlx::migrate::Migrator;

use crate::helpers::*;

async fn applied(location: &Location) -> Vec<i64> {
    let url = match location {
        Location::Sqlite(p) => format!("sqlite://{}", p.display()),
        Location::Postgres(u) => u.clone(),
    };
    let pool = sqlx::AnyPool::connect(&url).await.unwrap();
    let rows: Vec<(i64,)> = sqlx::query_as("SELECT version FROM _sqlx_migrations ORDER BY version")
        .fetch_all(&pool)
        .await
        .unwrap();
    pool.close().await;
    rows.into_iter().map(|r| r.0).collect()
}

#[tokio::test]
async fn an_empty_database_gets_every_migration_and_opening_again_changes_nothing() {
    for db in every_backend().await {
        let all: Vec<i64> = MIGRATOR.iter().map(|m| m.version).collect();
        assert_eq!(all, [1, 2, 3, 4, 5, 6]);
        assert_eq!(applied(&db.location).await, all, "{}", db.name);
        db.store.close().await;
        let again = Store::open(&db.location)
            .await
            .unwrap()
            .with_clock(deckcheck_store::Clock::Caller);
        assert!(again.events().await.unwrap().is_empty());
        assert_eq!(applied(&db.location).await, all);
    }
}

/// The organizer token of the event at the first schema.
const OLD_TOKEN: &str = "dco_old";

/// A database at the first schema, with an event, its organizer's token and a registration.
async fn previous_schema(url: &str) {
    let dir = tempfile::tempdir().unwrap();
    let first = MIGRATOR.iter().next().unwrap();
    std::fs::write(
        dir.path().join(format!(
            "{:04}_{}.sql",
            first.version,
            first.description.replace(' ', "_")
        )),
        first.sql.as_ref(),
    )
    .unwrap();
    let old = Migrator::new(dir.path()).await.unwrap();
    let pool = sqlx::AnyPool::connect(url).await.unwrap();
    old.run(&pool).await.unwrap();
    for sql in [
        "INSERT INTO events (id, name, game, format, event_date, tier, illegal_lists, options, registration_code, locks_at, locked_at, created_at) VALUES ('ev_old', 'Old Cup', 'toy', 'open', '2026-07-12', 'competitive', 'refuse', '{}', 'OLDCODE2', NULL, 1780000100000000, 1780000000000000)",
        "INSERT INTO registrations (id, event_id, player, uid, uid_key, version, state, verdict, created_at, updated_at) VALUES ('pl_old', 'ev_old', 'Ada', 'U1', 'u1', 1, 'accepted', 'legal', 1780000010000000, 1780000010000000)",
        "INSERT INTO list_versions (registration_id, version, event_id, at, source, actor, reason, decks, input_format, pool, verdict, state, cards, report) VALUES ('pl_old', 1, 'ev_old', 1780000010000000, 'player', 'Ada', NULL, '[\"2 Luke\"]', NULL, NULL, 'legal', 'accepted', '[]', '{}')",
        // A UID in full-width digits with a space, keyed as it was before issue 34 (trimmed and
        // lowercased): its normal form is 123456.
        "INSERT INTO registrations (id, event_id, player, uid, uid_key, version, state, verdict, created_at, updated_at) VALUES ('pl_wide', 'ev_old', 'Ivy', '１２３ ４５６', '１２３ ４５６', 1, 'accepted', 'legal', 1780000020000000, 1780000020000000)",
        "INSERT INTO list_versions (registration_id, version, event_id, at, source, actor, reason, decks, input_format, pool, verdict, state, cards, report) VALUES ('pl_wide', 1, 'ev_old', 1780000020000000, 'player', 'Ivy', NULL, '[\"2 Leia\"]', NULL, NULL, 'legal', 'accepted', '[]', '{}')",
    ] {
        sqlx::query(sql).execute(&pool).await.unwrap();
    }
    sqlx::query("INSERT INTO tokens (hash, event_id, role, registration_id, label, created_at) VALUES ($1, 'ev_old', 'organizer', NULL, 'organizer', 1780000000000000)")
        .bind(deckcheck_store::token::hash(OLD_TOKEN))
        .execute(&pool)
        .await
        .unwrap();
    pool.close().await;
}

#[tokio::test]
async fn a_database_at_the_previous_schema_is_brought_forward_with_its_data() {
    sqlx::any::install_default_drivers();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("events.sqlite3");
    let mut locations = vec![Location::Sqlite(path.clone())];
    std::fs::File::create(&path).unwrap();
    if let Some(url) = fresh_postgres_url().await {
        locations.push(Location::Postgres(url));
    }
    for location in locations {
        let url = match &location {
            Location::Sqlite(p) => format!("sqlite://{}", p.display()),
            Location::Postgres(u) => u.clone(),
        };
        previous_schema(&url).await;
        assert_eq!(applied(&location).await, [1]);
        let store = Store::open(&location)
            .await
            .unwrap()
            .with_clock(deckcheck_store::Clock::Caller);
        assert_eq!(applied(&location).await, [1, 2, 3, 4, 5, 6]);
        let event = store.event(&Access::operator("ev_old")).await.unwrap();
        assert_eq!((event.name.as_str(), event.published_at), ("Old Cup", None));
        let old_version = &store
            .player(&Access::operator("ev_old"), "pl_old")
            .await
            .unwrap()
            .versions[0];
        assert_eq!(old_version.decks, ["2 Luke"]);
        // The event's numbers are on its row now, counted once by the migration (issue 35): Ada
        // and Ivy, each with one accepted list.
        let counts = store.counts(&Access::operator("ev_old")).await.unwrap();
        assert_eq!(
            (
                counts.players,
                counts.accepted,
                counts.pending,
                counts.versions
            ),
            (2, 2, 0, 2)
        );
        // A version stored before fingerprints were kept is shown without them.
        assert!(old_version.fingerprints.is_empty());
        // What the new migrations bring works on the old data: the old token has an id and
        // opens the event; the event is published.
        let org = store
            .authorize("ev_old", Some(OLD_TOKEN), Op::Export, t(500))
            .await
            .unwrap();
        assert_eq!(
            org.token_id(),
            Some(deckcheck_store::token::id_of(&deckcheck_store::token::hash(OLD_TOKEN)).as_str())
        );
        // A judge's deck check of such a version computes the registered deck's fingerprint
        // from its text, as the comparison reads it again.
        let jo = store.issue_judge(&org, "Jo", t(400)).await.unwrap();
        let jo = store
            .authorize("ev_old", Some(&jo.token), Op::Resolve, t(400))
            .await
            .unwrap();
        let checked = store
            .deck_check(&toy(), &jo, "pl_old", 1, "2 Luke", None, 0, None, t(400))
            .await
            .unwrap();
        assert_eq!(
            checked.fingerprint.matches,
            Some(true),
            "{:?}",
            checked.fingerprint
        );
        // The old UID was given its normal form's key when the store opened: the same id in
        // another form is refused.
        let err = store
            .correct(
                &org,
                "pl_old",
                deckcheck_store::Correction {
                    player: None,
                    uid: Some("123456".into()),
                },
                "typo",
                t(450),
            )
            .await
            .unwrap_err();
        assert!(
            matches!(&err, StoreError::AlreadyRegistered { uid } if uid == "123456"),
            "{err:?}"
        );
        let published = store
            .publish_lists(toy(), &org, Publish::All, t(500))
            .await
            .unwrap();
        assert_eq!(published.lists[0].decks[0].text, "Main deck (2)\n2 Luke\n");
        assert_eq!(published.lists[0].decks[0].fingerprint, None);
        assert_eq!(published.lists[1].player, "Ivy");
    }
}
