//! `deckcheck events export` / `import`: an event as one JSON document and back.

use deckcheck_core::ErrorCode;
use deckcheck_store::{Publish, Role, StoreError};

use crate::helpers::*;

#[tokio::test]
async fn an_exported_event_imports_into_an_empty_store_and_exports_the_same() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let id = &created.event.id;
        let a = register(&db, &created, "Ada", "1", "2 Luke").await;
        let me = access(&db, id, a.token.as_ref().unwrap(), Role::Player).await;
        db.store
            .resubmit(&toy(), &me, &list("2 Leia"), t(20))
            .await
            .unwrap();
        let j = judge(&db, &created, "Jo").await;
        db.store
            .deck_check(
                &toy(),
                &j,
                &a.player.id,
                2,
                "2 Leia",
                None,
                0,
                Some("r1"),
                t(30),
            )
            .await
            .unwrap();
        db.store.pick(&j, None, false, t(31)).await.unwrap();
        lock(&db, &created, t(40)).await;
        let org = organizer(&db, &created).await;
        db.store
            .publish_lists(toy(), &org, Publish::All, t(50))
            .await
            .unwrap();
        let export = db.store.export(&Access::operator(id)).await.unwrap();
        let text = serde_json::to_string_pretty(&export).unwrap();

        let other = sqlite().await;
        let back: deckcheck_store::EventExport = serde_json::from_str(&text).unwrap();
        other.store.import(&back).await.unwrap();
        let again = other.store.export(&Access::operator(id)).await.unwrap();
        assert_eq!(
            serde_json::to_string_pretty(&again).unwrap(),
            text,
            "{}",
            db.name
        );
        // The tokens work on the restored store.
        other
            .store
            .authorize(id, Some(&created.organizer_token), Op::Export, t(60))
            .await
            .unwrap();
        // Importing twice is refused, naming the clash.
        let err = other.store.import(&back).await.unwrap_err();
        assert!(
            matches!(
                err,
                StoreError::Conflict {
                    code: ErrorCode::EventExists,
                    ..
                }
            ),
            "{err:?}"
        );
    }
}

#[tokio::test]
async fn an_export_of_another_kind_or_with_gaps_in_a_history_is_refused() {
    let db = sqlite().await;
    let created = create(&db, new_event("open")).await;
    register(&db, &created, "Ada", "1", "2 Luke").await;
    let mut export = db
        .store
        .export(&Access::operator(&created.event.id))
        .await
        .unwrap();
    let fresh = sqlite().await;
    let mut wrong = export.clone();
    wrong.format = "something/9".into();
    assert!(matches!(
        fresh.store.import(&wrong).await.unwrap_err(),
        StoreError::Invalid { .. }
    ));
    export.registrations[0].versions[0].version = 2;
    assert!(matches!(
        fresh.store.import(&export).await.unwrap_err(),
        StoreError::Invalid { .. }
    ));
    assert!(
        fresh.store.events().await.unwrap().is_empty(),
        "nothing of a refused import is kept"
    );
}
