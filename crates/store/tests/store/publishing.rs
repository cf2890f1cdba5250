//! Open decklist review in the top cut (CEG 5.10, TR 4.5.1) and publishing after the event
//! (CEG 10.2, TR 7.1): before that no list is visible.

use deckcheck_store::{Publish, StoreError};

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
                &created.event.id,
                [&a.player.id, &b.player.id],
            )
            .await
            .unwrap();
        assert_eq!((la.player.as_str(), lb.player.as_str()), ("Ada", "Bo"));
        assert_eq!(la.decks[0].text, "2 Luke\n");
        assert_eq!(la.decks[0].swudb.as_ref().unwrap()["deck"][0]["id"], "Luke");
        assert!(
            db.store
                .review(
                    toy().as_ref(),
                    &created.event.id,
                    [&a.player.id, &a.player.id]
                )
                .await
                .is_err()
        );
    }
}

#[tokio::test]
async fn lists_are_published_after_the_lock_all_or_the_top_n_in_order() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let id = &created.event.id;
        let a = register(&db, &created, "Ada", "1", "2 Luke").await;
        let b = register(&db, &created, "Bo", "2", "1 Han").await;
        register(&db, &created, "Cy", "3", "1 Leia").await;
        assert!(matches!(
            db.store.published(id, t(20)).await.unwrap_err(),
            StoreError::NoEvent(_)
        ));
        let err = db
            .store
            .publish(toy().as_ref(), id, Publish::All, t(20))
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::Conflict(_)), "{err:?}");
        db.store.lock(id, t(30)).await.unwrap();
        let top = db
            .store
            .publish(
                toy().as_ref(),
                id,
                Publish::Top(vec![b.player.id.clone(), a.player.id.clone()]),
                t(40),
            )
            .await
            .unwrap();
        let order: Vec<(&str, Option<i64>)> = top
            .lists
            .iter()
            .map(|l| (l.player.as_str(), l.place))
            .collect();
        assert_eq!(order, [("Bo", Some(1)), ("Ada", Some(2))]);
        let read = db.store.published(id, t(41)).await.unwrap();
        assert_eq!(read.lists, top.lists);
        assert!(read.event.published);
        let all = db
            .store
            .publish(toy().as_ref(), id, Publish::All, t(50))
            .await
            .unwrap();
        assert_eq!(all.lists.len(), 3);
        assert_eq!(db.store.published(id, t(51)).await.unwrap().lists.len(), 3);
        let err = db
            .store
            .publish(
                toy().as_ref(),
                id,
                Publish::Top(vec![a.player.id.clone(), a.player.id.clone()]),
                t(60),
            )
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::Invalid { .. }));
    }
}
