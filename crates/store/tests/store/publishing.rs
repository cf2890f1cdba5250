//! Open decklist review in the top cut (CEG 5.10, TR 4.5.1) and publishing after the event
//! (CEG 10.2, TR 7.1): before that no list is visible.

use deckcheck_store::{Publish, Role, StoreError};

use crate::helpers::*;

#[tokio::test]
async fn the_organizer_opens_two_players_lists_for_a_pairing() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let a = register(&db, &created, "Ada", "1", "2 luke").await;
        let b = register(&db, &created, "Bo", "2", "1 Han").await;
        let [la, lb] = db
            .store
            .review(
                toy().as_ref(),
                &organizer(&db, &created).await,
                [&a.player.id, &b.player.id],
            )
            .await
            .unwrap();
        assert_eq!((la.player.as_str(), lb.player.as_str()), ("Ada", "Bo"));
        assert_eq!(la.decks[0].text, "Main deck (2)\n2 Luke\n");
        let swudb: serde_json::Value =
            serde_json::from_str(la.decks[0].swudb.as_ref().unwrap().get()).unwrap();
        assert_eq!(swudb["deck"][0]["id"], "Luke");
        assert!(
            db.store
                .review(
                    toy().as_ref(),
                    &organizer(&db, &created).await,
                    [&a.player.id, &a.player.id]
                )
                .await
                .is_err()
        );
    }
}

#[tokio::test]
async fn lists_are_published_after_the_lock_the_top_n_in_finishing_order() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let id = &created.event.id;
        let org = organizer(&db, &created).await;
        let a = register(&db, &created, "Ada", "1", "2 Luke").await;
        let b = register(&db, &created, "Bo", "2", "1 Han").await;
        register(&db, &created, "Cy", "3", "1 Leia").await;
        assert!(matches!(
            db.store.published(id, t(20)).await.unwrap_err(),
            StoreError::NoEvent(_)
        ));
        let err = db
            .store
            .publish_lists(toy(), &org, Publish::All, t(20))
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::NotLocked), "{err:?}");
        lock(&db, &created, t(30)).await;
        let err = publish_top(&db, &org, &[&a.player.id, &a.player.id], t(35))
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::Invalid { .. }));
        let top = publish_top(&db, &org, &[&b.player.id, &a.player.id], t(40))
            .await
            .unwrap();
        let order: Vec<(&str, Option<i64>)> = top
            .lists
            .iter()
            .map(|l| (l.player.as_str(), l.place))
            .collect();
        assert_eq!(order, [("Bo", Some(1)), ("Ada", Some(2))]);
        assert_eq!(top.published_at, t(40));
        let read = db.store.published(id, t(41)).await.unwrap();
        assert_eq!(read.lists, top.lists);
        assert_eq!(read.published_at, t(40));
        assert!(read.event.published);
    }
}

#[tokio::test]
async fn all_lists_are_published_in_registration_order() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let org = organizer(&db, &created).await;
        for (i, name) in ["Ada", "Bo", "Cy"].iter().enumerate() {
            register_at(&db, &created, name, "1 Luke", t(10 + i as i64)).await;
        }
        lock(&db, &created, t(30)).await;
        let all = db
            .store
            .publish_lists(toy(), &org, Publish::All, t(50))
            .await
            .unwrap();
        let names: Vec<&str> = all.lists.iter().map(|l| l.player.as_str()).collect();
        assert_eq!(names, ["Ada", "Bo", "Cy"]);
        assert!(all.lists.iter().all(|l| l.place.is_none()));
        let read = db.store.published(&created.event.id, t(51)).await.unwrap();
        assert_eq!(read.lists, all.lists);
    }
}

#[tokio::test]
async fn once_published_nothing_of_the_event_changes() {
    for db in every_backend().await {
        let mut new = new_event("open");
        new.illegal_lists = Some(deckcheck_store::IllegalLists::Pending);
        let created = create(&db, new).await;
        let id = &created.event.id;
        let org = organizer(&db, &created).await;
        let a = register(&db, &created, "Ada", "1", "2 Luke").await;
        let pending = register(&db, &created, "Bo", "2", "3 Han").await;
        let me = access(&db, id, a.token.as_ref().unwrap(), Role::Player).await;
        let jo = judge(&db, &created, "Jo").await;
        lock(&db, &created, t(30)).await;
        db.store
            .publish_lists(toy(), &org, Publish::All, t(40))
            .await
            .unwrap();
        let before = db.store.export(&Access::operator(id)).await.unwrap();
        let published = |e: StoreError| matches!(e, StoreError::Published { at } if at == t(40));

        // F3: a judge amending a published list to an illegal one.
        let err = db
            .store
            .amend(&toy(), &jo, &a.player.id, &list("4 Vader"), "late", t(50))
            .await
            .unwrap_err();
        assert!(published(err));
        let err = db
            .store
            .resolve(&jo, &pending.player.id, "fine", t(50))
            .await
            .unwrap_err();
        assert!(published(err));
        let err = db
            .store
            .resubmit(&toy(), &me, &list("1 Leia"), t(50))
            .await
            .unwrap_err();
        assert!(published(err));
        let err = try_register(&db, &created, "Cy", "3", "1 Leia", t(50))
            .await
            .unwrap_err();
        assert!(published(err));
        let err = check(&db, &jo, &a.player.id, "2 Luke", t(50))
            .await
            .unwrap_err();
        assert!(published(err));
        assert!(published(
            db.store.pick(&jo, None, false, t(50)).await.unwrap_err()
        ));
        assert!(published(db.store.lock(&org, t(50)).await.unwrap_err()));
        let err = db
            .store
            .configure(&org, deckcheck_store::EventChanges::default(), t(50))
            .await
            .unwrap_err();
        assert!(published(err));
        // Publishing again (F3: it replaced the published lists).
        let err = publish_top(&db, &org, &[&a.player.id], t(60))
            .await
            .unwrap_err();
        assert_eq!(err.code(), "published");
        assert!(published(err), "publishing twice");

        assert_eq!(
            db.store.export(&Access::operator(id)).await.unwrap(),
            before,
            "{}",
            db.name
        );
        // Tokens are still managed: a judge's is revoked after the event.
        db.store
            .revoke_token(&org, jo.token_id().unwrap(), t(70))
            .await
            .unwrap();
    }
}

#[tokio::test]
async fn the_published_snapshot_is_read_a_page_at_a_time_under_one_entity_tag() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let id = &created.event.id;
        let org = organizer(&db, &created).await;
        for i in 0..25 {
            register_at(&db, &created, &format!("P{i:02}"), "1 Luke", t(10 + i)).await;
        }
        assert!(matches!(
            db.store.published_page(id, 0, None, None, t(40)).await,
            Err(StoreError::NoEvent(_))
        ));
        lock(&db, &created, t(50)).await;
        let all = db
            .store
            .publish_lists(toy(), &org, Publish::All, t(60))
            .await
            .unwrap();
        let mut read = Vec::new();
        let mut tags = std::collections::BTreeSet::new();
        for offset in [0, 10, 20] {
            let page = db
                .store
                .published_page(id, offset, Some(10), None, t(70))
                .await
                .unwrap();
            assert_eq!((page.total, page.offset), (25, offset));
            assert_eq!(page.published_at, t(60));
            tags.insert(page.etag.clone());
            read.extend(page.lists);
        }
        assert_eq!(
            serde_json::to_value(&read).unwrap(),
            serde_json::to_value(&all.lists).unwrap(),
            "{}",
            db.name
        );
        assert_eq!(tags.len(), 1);
        assert_eq!(
            db.store.published_etag(id).await.unwrap(),
            *tags.first().unwrap()
        );
        let past = db
            .store
            .published_page(id, 30, None, None, t(70))
            .await
            .unwrap();
        assert!(past.lists.is_empty());
        for limit in [0, 1001] {
            assert!(matches!(
                db.store
                    .published_page(id, 0, Some(limit), None, t(70))
                    .await,
                Err(StoreError::Invalid { .. })
            ));
        }
    }
}
