//! Tokens (issue 19, item 6): checked against the event of the route and the role; one
//! event's tokens open nothing of another; only hashes are stored.

use deckcheck_store::{Role, StoreError};

use crate::helpers::*;

#[tokio::test]
async fn a_token_of_another_event_or_none_opens_nothing() {
    for db in every_backend().await {
        let a = create(&db, new_event("open")).await;
        let b = create(&db, new_event("open")).await;
        let pa = register(&db, &a, "Ada", "1", "1 Luke").await.token.unwrap();
        let jb = judge_token(&db, &b, "Jo").await;
        for token in [
            Some(b.organizer_token.as_str()),
            Some(jb.as_str()),
            Some("dco_guess"),
            Some(""),
            None,
        ] {
            let err = db
                .store
                .authorize(&a.event.id, token, Op::ReadPublished, t(2))
                .await
                .unwrap_err();
            assert!(
                matches!(err, StoreError::Unauthorized),
                "{token:?}: {err:?}"
            );
        }
        let err = db
            .store
            .authorize(&b.event.id, Some(&pa), Op::ReadPublished, t(2))
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::Unauthorized));
    }
}

#[tokio::test]
async fn a_token_opens_only_what_its_role_may_do() {
    for db in every_backend().await {
        let a = create(&db, new_event("open")).await;
        let pa = register(&db, &a, "Ada", "1", "1 Luke").await.token.unwrap();
        let ja = judge_token(&db, &a, "Jo").await;
        let err = db
            .store
            .authorize(&a.event.id, Some(&pa), Op::Lock, t(2))
            .await
            .unwrap_err();
        assert_eq!(
            err.to_string(),
            "a player token cannot lock the event; it needs a organizer token"
        );
        let err = db
            .store
            .authorize(&a.event.id, Some(&ja), Op::Lock, t(2))
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::Forbidden { role: "judge", .. }));
        let j = db
            .store
            .authorize(&a.event.id, Some(&ja), Op::DeckCheck, t(2))
            .await
            .unwrap();
        assert_eq!((j.role, j.label.as_str()), (Role::Judge, "Jo"));
    }
}

#[tokio::test]
async fn tokens_are_stored_as_hashes_only() {
    for db in every_backend().await {
        let a = create(&db, new_event("open")).await;
        let pa = register(&db, &a, "Ada", "1", "1 Luke").await.token.unwrap();
        let ja = judge_token(&db, &a, "Jo").await;
        let export = serde_json::to_string(
            &db.store
                .export(&Access::operator(&a.event.id))
                .await
                .unwrap(),
        )
        .unwrap();
        for token in [&a.organizer_token, &pa, &ja] {
            assert!(!export.contains(&token[4..]), "a token is stored in clear");
            assert!(export.contains(&deckcheck_store::token::hash(token)));
        }
    }
}
