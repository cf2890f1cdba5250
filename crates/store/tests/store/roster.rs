//! Issue 34: the roster can be corrected and every correction is kept (a removal, a withdrawal,
//! a name or UID corrected); one UID per event by its normal form; deck checks made against the
//! list they name, voided with a reason and kept; publishing that asks what to do with pending
//! lists, publishes every line of each list and answers a summary; the published lists
//! searched by name across every page.

use deckcheck_store::{
    Access, ChangeKind, Correction, PendingChoice, Publish, Role, Standing, StoreError,
};

use crate::helpers::*;

/// An event that keeps lists that are not legal as pending.
fn pending_event() -> deckcheck_store::NewEvent {
    serde_json::from_value(serde_json::json!({
        "name": "Store Showdown",
        "game": "toy",
        "format": "open",
        "date": "2026-07-12",
        "illegal_lists": "pending",
    }))
    .unwrap()
}

#[tokio::test]
async fn a_removed_registration_leaves_the_roster_frees_its_uid_and_stays_in_the_history_and_the_export()
 {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let id = &created.event.id;
        // Someone registers first under Ada's UID.
        let squatter = register(&db, &created, "Not Ada", "777", "2 Luke").await;
        let err = try_register(&db, &created, "Ada", "777", "2 Leia", t(11))
            .await
            .unwrap_err();
        assert!(
            matches!(err, StoreError::AlreadyRegistered { .. }),
            "{err:?}"
        );
        let org = organizer(&db, &created).await;
        let removed = db
            .store
            .remove(
                &org,
                &squatter.player.id,
                "registered under another player's UID",
                t(20),
            )
            .await
            .unwrap();
        assert_eq!(removed.removed_at, Some(t(20)));
        // Off the roster and its counts; its token opens nothing; writes on it are refused.
        assert!(db.store.roster(&org).await.unwrap().is_empty());
        assert_eq!(db.store.counts(&org).await.unwrap().players, 0);
        let token = squatter.token.as_deref().unwrap();
        assert!(matches!(
            db.store
                .authorize(id, Some(token), deckcheck_store::Op::ReadOwnList, t(21))
                .await,
            Err(StoreError::Unauthorized)
        ));
        let j = judge(&db, &created, "Jo").await;
        let err = db
            .store
            .deck_check(
                &toy(),
                &j,
                &squatter.player.id,
                1,
                "2 Luke",
                None,
                0,
                None,
                t(22),
            )
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::Removed { .. }), "{err:?}");
        let err = db
            .store
            .remove(&org, &squatter.player.id, "again", t(23))
            .await
            .unwrap_err();
        assert_eq!(err.code().as_str(), "player-removed");
        // The UID is free again: the real Ada registers.
        let ada = register(&db, &created, "Ada", "777", "2 Leia").await;
        let roster = db.store.roster(&org).await.unwrap();
        assert_eq!(roster.len(), 1);
        assert_eq!(roster[0].id, ada.player.id);
        // The removed entry is read with its history, and exported.
        let record = db.store.player(&org, &squatter.player.id).await.unwrap();
        assert_eq!(record.versions.len(), 1);
        assert_eq!(record.changes.len(), 1);
        let change = &record.changes[0];
        assert_eq!(
            (change.kind, change.actor.as_str(), change.reason.as_deref()),
            (
                ChangeKind::Removed,
                "organizer",
                Some("registered under another player's UID")
            )
        );
        assert_eq!(
            (change.player_before.as_str(), change.uid_before.as_str()),
            ("Not Ada", "777")
        );
        let export = db.store.export(&Access::operator(id)).await.unwrap();
        assert_eq!(export.registrations.len(), 2);
        let exported = |pid: &str| export.registrations.iter().find(|r| r.id == pid).unwrap();
        assert_eq!(exported(&squatter.player.id).removed_at, Some(t(20)));
        assert_eq!(exported(&ada.player.id).removed_at, None);
        assert_eq!(export.roster_changes.len(), 1);
        // And it survives a restore: the export of the import is the same document, the UID
        // still Ada's.
        let other = sqlite().await;
        other.store.import(&export).await.unwrap();
        assert_eq!(
            other.store.export(&Access::operator(id)).await.unwrap(),
            export,
            "{}",
            db.name
        );
        // Removed entries are not published.
        lock(&db, &created, t(40)).await;
        let summary = db
            .store
            .publish(toy(), &org, Publish::All, PendingChoice::Ask, t(50))
            .await
            .unwrap();
        assert_eq!(summary.published, 1);
        let published = db.store.published(id, t(51)).await.unwrap();
        assert_eq!(published.lists.len(), 1);
        assert_eq!(published.lists[0].player, "Ada");
    }
}

#[tokio::test]
async fn a_player_withdraws_before_the_lock_and_may_register_again_but_not_after_the_lock() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let id = &created.event.id;
        let ada = register(&db, &created, "Ada", "1", "2 Luke").await;
        let me = access(&db, id, ada.token.as_deref().unwrap(), Role::Player).await;
        let gone = db.store.withdraw(&me, t(20)).await.unwrap();
        assert_eq!(gone.removed_at, Some(t(20)));
        let org = organizer(&db, &created).await;
        assert!(db.store.roster(&org).await.unwrap().is_empty());
        let changes = db.store.roster_changes(&org).await.unwrap();
        assert_eq!(
            (changes[0].kind, changes[0].actor.as_str()),
            (ChangeKind::Withdrawn, "Ada")
        );
        // Again, with the same UID; then the lock: no withdrawing after it.
        let again = register(&db, &created, "Ada", "1", "2 Leia").await;
        lock(&db, &created, t(40)).await;
        let me = access(&db, id, again.token.as_deref().unwrap(), Role::Player).await;
        let err = db.store.withdraw(&me, t(50)).await.unwrap_err();
        assert!(matches!(err, StoreError::Locked { .. }), "{err:?}");
        assert_eq!(db.store.roster(&org).await.unwrap().len(), 1);
    }
}

#[tokio::test]
async fn the_organizer_corrects_a_name_and_a_uid_and_the_history_keeps_both() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let ada = register(&db, &created, "Ada Lovelce", "1001", "2 Luke").await;
        register(&db, &created, "Bo", "2002", "2 Leia").await;
        let org = organizer(&db, &created).await;
        let fixed = db
            .store
            .correct(
                &org,
                &ada.player.id,
                Correction {
                    player: Some("Ada Lovelace".into()),
                    uid: Some("1010".into()),
                },
                "typos on the paper sheet",
                t(20),
            )
            .await
            .unwrap();
        assert_eq!(
            (fixed.player.as_str(), fixed.uid.as_str()),
            ("Ada Lovelace", "1010")
        );
        // Bo's UID, in another form, is Bo's.
        let err = db
            .store
            .correct(
                &org,
                &ada.player.id,
                Correction {
                    player: None,
                    uid: Some(" ２００２ ".into()),
                },
                "wrong",
                t(21),
            )
            .await
            .unwrap_err();
        assert!(
            matches!(err, StoreError::AlreadyRegistered { .. }),
            "{err:?}"
        );
        // The old UID is free; the new one is taken.
        register(&db, &created, "Cy", "1001", "2 Han").await;
        let err = try_register(&db, &created, "Dee", "1010", "2 Han", t(30))
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::AlreadyRegistered { .. }));
        let record = db.store.player(&org, &ada.player.id).await.unwrap();
        assert_eq!(record.registration.player, "Ada Lovelace");
        let c = &record.changes[..];
        assert_eq!(c.len(), 1);
        assert_eq!(
            (
                c[0].kind,
                c[0].player_before.as_str(),
                c[0].uid_before.as_str(),
                c[0].player_after.as_str(),
                c[0].uid_after.as_str(),
                c[0].reason.as_deref()
            ),
            (
                ChangeKind::Corrected,
                "Ada Lovelce",
                "1001",
                "Ada Lovelace",
                "1010",
                Some("typos on the paper sheet")
            )
        );
        // A judge may not correct the roster; nobody may after publishing.
        let j = judge(&db, &created, "Jo").await;
        let err = db
            .store
            .correct(
                &j,
                &ada.player.id,
                Correction {
                    player: Some("X".into()),
                    uid: None,
                },
                "r",
                t(40),
            )
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::Forbidden { .. }), "{err:?}");
        lock(&db, &created, t(50)).await;
        db.store
            .publish(toy(), &org, Publish::All, PendingChoice::Ask, t(60))
            .await
            .unwrap();
        let err = db
            .store
            .remove(&org, &ada.player.id, "late", t(70))
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::Published { .. }), "{err:?}");
    }
}

#[tokio::test]
async fn uids_that_differ_only_in_form_register_once() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let first = register(&db, &created, "Ada", "123456", "2 Luke").await;
        for (i, uid) in [
            "123 456",
            "１２３４５６",
            "123456\u{200B}",
            "\u{FEFF}123\u{00AD}456",
        ]
        .into_iter()
        .enumerate()
        {
            let err = try_register(&db, &created, "Twin", uid, "2 Luke", t(20 + i as i64))
                .await
                .unwrap_err();
            assert!(
                matches!(err, StoreError::AlreadyRegistered { .. }),
                "{uid:?}: {err:?}"
            );
        }
        // Shown as the player typed it.
        assert_eq!(first.player.uid, "123456");
        let wide = register(&db, &created, "Bo", "ＡＢ－１", "2 Leia").await;
        assert_eq!(wide.player.uid, "ＡＢ－１");
        assert!(
            try_register(&db, &created, "Bo2", "ab-1", "2 Leia", t(40))
                .await
                .is_err()
        );
    }
}

#[tokio::test]
async fn a_deck_check_names_the_version_it_was_made_against_and_a_stale_one_is_refused() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let ada = register(&db, &created, "Ada", "1", "2 Luke").await;
        let j = judge(&db, &created, "Jo").await;
        db.store
            .amend(
                &toy(),
                &j,
                &ada.player.id,
                &list("2 Leia"),
                "CPG 4.3: a typo",
                t(20),
            )
            .await
            .unwrap();
        // The judge was shown version 1; the list is at 2 now.
        let err = db
            .store
            .deck_check(
                &toy(),
                &j,
                &ada.player.id,
                1,
                "2 Luke",
                None,
                0,
                None,
                t(30),
            )
            .await
            .unwrap_err();
        assert!(
            matches!(
                err,
                StoreError::StaleVersion {
                    asked: 1,
                    current: 2
                }
            ),
            "{err:?}"
        );
        assert_eq!(err.code().as_str(), "stale-version");
        assert!(db.store.deck_checks(&j).await.unwrap().is_empty());
        let checked = db
            .store
            .deck_check(
                &toy(),
                &j,
                &ada.player.id,
                2,
                "2 Leia",
                None,
                0,
                None,
                t(31),
            )
            .await
            .unwrap();
        assert_eq!(checked.version, 2);
    }
}

#[tokio::test]
async fn a_voided_deck_check_stays_in_the_history_marked_and_no_longer_counts() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let ada = register(&db, &created, "Ada", "1", "2 Luke").await;
        let ivy = register(&db, &created, "Ivy", "2", "2 Leia").await;
        let j = judge(&db, &created, "Jo").await;
        // Ada's deck checked as Ivy's: a mismatch on the wrong player.
        let wrong = check(&db, &j, &ivy.player.id, "2 Luke", t(20))
            .await
            .unwrap();
        assert_eq!(wrong.verdict, deckcheck_store::CheckVerdict::Mismatch);
        let voided = db
            .store
            .void_check(&j, &wrong.id, "made on the wrong player", t(30))
            .await
            .unwrap();
        let void = voided.void.as_ref().unwrap();
        assert_eq!(
            (void.at, void.by.as_str(), void.reason.as_str()),
            (t(30), "Jo", "made on the wrong player")
        );
        let err = db
            .store
            .void_check(&j, &wrong.id, "again", t(31))
            .await
            .unwrap_err();
        assert_eq!(err.code().as_str(), "already-voided");
        let err = db
            .store
            .void_check(&j, "dc_nothing", "x", t(31))
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::NoCheck(_)));
        // Kept beside the others, marked; not counted; Ivy can be picked again.
        let record = db.store.player(&j, &ivy.player.id).await.unwrap();
        assert_eq!(record.checks.len(), 1);
        assert_eq!(
            record.checks[0].void.as_ref().unwrap().reason,
            "made on the wrong player"
        );
        assert_eq!(record.registration.checks, 0);
        assert_eq!(db.store.counts(&j).await.unwrap().checks, 0);
        check(&db, &j, &ada.player.id, "2 Luke", t(40))
            .await
            .unwrap();
        let picked = db.store.pick(&j, Some(1.0), false, t(50)).await.unwrap();
        assert_eq!(
            picked.iter().map(|r| r.player.as_str()).collect::<Vec<_>>(),
            ["Ivy"]
        );
        // The export keeps the void.
        let export = db
            .store
            .export(&Access::operator(&created.event.id))
            .await
            .unwrap();
        assert!(export.deck_checks.iter().any(|c| c.void.is_some()));
    }
}

#[tokio::test]
async fn publishing_with_a_pending_list_asks_then_withholds_or_includes_it_marked() {
    for db in every_backend().await {
        for choice in [PendingChoice::Withhold, PendingChoice::Include] {
            let created = create(&db, pending_event()).await;
            let id = &created.event.id;
            register(&db, &created, "Ada", "1", "2 Luke").await;
            let bo = register(&db, &created, "Bo", "2", "3 Luke").await;
            assert_eq!(bo.state, deckcheck_store::State::Pending);
            lock(&db, &created, t(40)).await;
            let org = organizer(&db, &created).await;
            let err = db
                .store
                .publish(toy(), &org, Publish::All, PendingChoice::Ask, t(50))
                .await
                .unwrap_err();
            let StoreError::PendingLists { players } = &err else {
                panic!("{err:?}");
            };
            assert_eq!(
                players
                    .iter()
                    .map(|p| p.player.as_str())
                    .collect::<Vec<_>>(),
                ["Bo"]
            );
            assert_eq!(err.code().as_str(), "pending-lists");
            // Nothing was published.
            assert!(db.store.published(id, t(51)).await.is_err());
            let summary = db
                .store
                .publish(toy(), &org, Publish::All, choice, t(60))
                .await
                .unwrap();
            let published = db.store.published(id, t(61)).await.unwrap();
            let bo_list = published.lists.iter().find(|l| l.player == "Bo").unwrap();
            match choice {
                PendingChoice::Withhold => {
                    assert_eq!((summary.published, summary.marked_pending), (1, 0));
                    assert_eq!(summary.withheld[0].player, "Bo");
                    assert_eq!(bo_list.standing, Some(Standing::Withheld));
                    assert!(bo_list.decks.is_empty());
                }
                _ => {
                    assert_eq!((summary.published, summary.marked_pending), (2, 1));
                    assert!(summary.withheld.is_empty());
                    assert_eq!(bo_list.standing, Some(Standing::Pending));
                    assert_eq!(bo_list.decks[0].text, "Main deck (3)\n3 Luke\n");
                }
            }
            let ada_list = published.lists.iter().find(|l| l.player == "Ada").unwrap();
            assert_eq!(ada_list.standing, None);
            // The summary's entity tag is the snapshot's.
            assert_eq!(summary.etag, db.store.published_etag(id).await.unwrap());
        }
    }
}

#[tokio::test]
async fn a_published_list_is_every_line_of_the_registered_one_what_was_not_read_shown_as_written() {
    for db in every_backend().await {
        let created = create(&db, pending_event()).await;
        let id = &created.event.id;
        register(&db, &created, "Ada", "1", "2 Luke\n3 | Cunnning\n1 Leia").await;
        lock(&db, &created, t(40)).await;
        let org = organizer(&db, &created).await;
        db.store
            .publish(toy(), &org, Publish::All, PendingChoice::Include, t(50))
            .await
            .unwrap();
        let deck = &db.store.published(id, t(51)).await.unwrap().lists[0].decks[0];
        assert_eq!(deck.not_read, ["3 | Cunnning"]);
        assert_eq!(
            deck.text,
            "Main deck (3)\n2 Luke\n1 Leia\n\nNot read as cards (1)\n3 | Cunnning\n"
        );
        assert!(
            deck.swudb.is_none(),
            "no SWUDB JSON for a list not read whole"
        );
    }
}

#[tokio::test]
async fn the_published_lists_are_searched_by_name_across_every_page() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let id = &created.event.id;
        for (i, name) in ["Ada", "Bo Katan", "Cy", "Zoë Bokassa"]
            .into_iter()
            .enumerate()
        {
            register_at(&db, &created, name, "2 Luke", t(10 + i as i64)).await;
        }
        lock(&db, &created, t(40)).await;
        let org = organizer(&db, &created).await;
        db.store
            .publish(toy(), &org, Publish::All, PendingChoice::Ask, t(50))
            .await
            .unwrap();
        // A page of one list holds one of the two; the search finds both, over every list.
        let page = db
            .store
            .published_page(id, 0, Some(1), Some("KA"), t(60))
            .await
            .unwrap();
        assert_eq!(page.total, 2);
        assert_eq!(page.lists[0].player, "Bo Katan");
        let next = db
            .store
            .published_page(id, 1, Some(1), Some(" ka "), t(60))
            .await
            .unwrap();
        assert_eq!(next.lists[0].player, "Zoë Bokassa");
        let none = db
            .store
            .published_page(id, 0, None, Some("nobody"), t(60))
            .await
            .unwrap();
        assert_eq!((none.total, none.lists.len()), (0, 0));
        let accents = db
            .store
            .published_page(id, 0, None, Some("zoe"), t(60))
            .await
            .unwrap();
        assert_eq!(accents.total, 1);
    }
}
