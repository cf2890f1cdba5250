//! The lock (CEG 3.3.3: after the time lists are due they cannot be altered) and what judges
//! may do after it (CPG 4.3: judges edit a list and note why).

use deckcheck_core::ErrorCode;
use deckcheck_store::{EventChanges, IllegalLists, ListVerdict, Role, Source, State, StoreError};

use crate::helpers::*;

#[tokio::test]
async fn after_the_organizer_locks_players_cannot_register_or_resubmit() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let s = register(&db, &created, "Ada", "1", "2 Luke").await;
        let me = access(
            &db,
            &created.event.id,
            s.token.as_ref().unwrap(),
            Role::Player,
        )
        .await;
        let locked = lock(&db, &created, t(100)).await;
        assert_eq!(locked.locked_at, Some(t(100)));
        // Locking again changes nothing.
        assert_eq!(lock(&db, &created, t(200)).await.locked_at, Some(t(100)));
        let err = db
            .store
            .resubmit(&toy(), &me, &list("2 Leia"), t(101))
            .await
            .unwrap_err();
        assert!(
            matches!(err, StoreError::Locked { since } if since == t(100)),
            "{err:?}"
        );
        let err = db
            .store
            .register(
                &toy(),
                &created.event.registration_code,
                "Bo",
                "2",
                &list("1 Han"),
                t(101),
            )
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::Locked { .. }));
        let err = db
            .store
            .configure(
                &organizer(&db, &created).await,
                EventChanges::default(),
                t(101),
            )
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::Locked { .. }));
    }
}

#[tokio::test]
async fn the_deadline_locks_by_itself() {
    for db in every_backend().await {
        let mut new = new_event("open");
        new.locks_at = Some(t(50));
        let created = create(&db, new).await;
        register(&db, &created, "Ada", "1", "2 Luke").await; // at t(10)
        let err = db
            .store
            .register(
                &toy(),
                &created.event.registration_code,
                "Bo",
                "2",
                &list("1 Han"),
                t(50),
            )
            .await
            .unwrap_err();
        assert!(
            matches!(err, StoreError::Locked { since } if since == t(50)),
            "{err:?}"
        );
        // The organizer may move the deadline while it is open.
        let moved = db
            .store
            .configure(
                &organizer(&db, &created).await,
                EventChanges {
                    locks_at: Some(None),
                    ..EventChanges::default()
                },
                t(20),
            )
            .await
            .unwrap();
        assert_eq!(moved.locks_at, None);
    }
}

#[tokio::test]
async fn after_the_lock_only_a_judge_amends_a_list_and_the_reason_is_kept() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let s = register(&db, &created, "Ada", "1", "2 Luke\n2 Leia").await;
        let org = organizer(&db, &created).await;
        let j = judge(&db, &created, "Jo Judge").await;
        // Before the lock the organizer may correct a list, with a reason.
        let fixed = db
            .store
            .amend(
                &toy(),
                &org,
                &s.player.id,
                &list("2 Luke\n1 Leia"),
                "typo at the desk",
                t(20),
            )
            .await
            .unwrap();
        assert_eq!(fixed.version, 2);
        lock(&db, &created, t(100)).await;
        let err = db
            .store
            .amend(&toy(), &org, &s.player.id, &list("2 Luke"), "late", t(101))
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::Forbidden { .. }), "{err:?}");
        let err = db
            .store
            .amend(&toy(), &j, &s.player.id, &list("2 Luke"), "  ", t(101))
            .await
            .unwrap_err();
        assert!(matches!(&err, StoreError::Invalid { field, .. } if field == "reason"));
        let amended = db
            .store
            .amend(
                &toy(),
                &j,
                &s.player.id,
                &list("2 Luke"),
                "CPG 4.3: Leia removed, not in the deck",
                t(102),
            )
            .await
            .unwrap();
        assert_eq!((amended.version, amended.state), (3, State::Accepted));
        let record = db
            .store
            .player(&Access::operator(&created.event.id), &s.player.id)
            .await
            .unwrap();
        let history: Vec<(Source, &str, Option<&str>)> = record
            .versions
            .iter()
            .map(|v| (v.source, v.actor.as_str(), v.reason.as_deref()))
            .collect();
        assert_eq!(
            history,
            [
                (Source::Player, "Ada", None),
                (Source::Organizer, "organizer", Some("typo at the desk")),
                (
                    Source::Judge,
                    "Jo Judge",
                    Some("CPG 4.3: Leia removed, not in the deck")
                ),
            ]
        );
    }
}

#[tokio::test]
async fn a_judge_resolves_a_pending_list_with_a_reason() {
    for db in every_backend().await {
        let mut new = new_event("open");
        new.illegal_lists = Some(IllegalLists::Pending);
        let created = create(&db, new).await;
        let s = register(&db, &created, "Ada", "1", "1 Luke\n1 Yoda").await;
        assert_eq!(
            (s.state, s.verdict),
            (State::Pending, ListVerdict::Unverified)
        );
        let j = judge(&db, &created, "Jo").await;
        let r = db
            .store
            .resolve(
                &j,
                &s.player.id,
                "Yoda is a promo the data lacks; checked by hand",
                t(30),
            )
            .await
            .unwrap();
        assert_eq!(
            (r.state, r.verdict, r.version),
            (State::Accepted, ListVerdict::Unverified, 2)
        );
        let err = db
            .store
            .resolve(&j, &s.player.id, "again", t(31))
            .await
            .unwrap_err();
        assert!(matches!(
            err,
            StoreError::Conflict {
                code: ErrorCode::NotPending,
                ..
            }
        ));
    }
}
