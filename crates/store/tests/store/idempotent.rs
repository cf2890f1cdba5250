//! A write's answer kept with it (issue 35 item 3): with PostgreSQL dropping during a commit,
//! 2 of 88 registrations refused with "nothing was changed" had been stored, and the retry got
//! `already-registered` and no token. Now the answer a request with an `Idempotency-Key` got is
//! written in the write's own transaction: the store failing between the commit and the answer
//! (the fault hook) says the outcome is unknown, and the same request sent again gets that
//! answer, the token in it; the same key with another request is told apart.

use std::sync::Arc;

use deckcheck_store::faults::Failure;
use deckcheck_store::idempotency::{self, Answer, Found, Request};
use deckcheck_store::{Op, StoreError, Submitted};
use jiff::SignedDuration;

use crate::helpers::*;

/// How the service answers a registration: its status and body (here, the token alone).
fn answer_of(s: &Submitted) -> Answer {
    Answer {
        status: 201,
        body: s.token.clone().unwrap_or_default().into_bytes(),
    }
}

fn make() -> idempotency::Make {
    Box::new(|any| any.downcast_ref::<Submitted>().map(answer_of))
}

async fn register_with(
    db: &Db,
    created: &deckcheck_store::Created,
    request: Request,
    uid: &str,
) -> (Result<Submitted, StoreError>, Option<Answer>) {
    let work = try_register(db, created, "Ada", uid, "2 Luke", t(10));
    idempotency::recorded(request, make(), work).await
}

#[tokio::test]
async fn a_registration_whose_answer_was_lost_after_the_commit_is_answered_again_with_its_token() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let scope = format!(
            "POST /v1/events/code/{}/players",
            created.event.registration_code
        );
        let request = Request::new(&scope, "key-123", b"the body");
        db.store.faults().fail_writes(Some(Failure::AfterCommit));
        let (first, _) = register_with(&db, &created, request.clone(), "1").await;
        db.store.faults().fail_writes(None);
        let err = first.unwrap_err();
        assert!(
            matches!(err, StoreError::OutcomeUnknown { .. }),
            "{}: {err:?}",
            db.name
        );
        let said = deckcheck_core::RequestError::from(err);
        assert_eq!(
            (said.status(), said.code.as_str()),
            (503, "outcome-unknown")
        );
        assert!(
            said.message
                .contains("the outcome is unknown; retry with the same Idempotency-Key")
        );
        assert!(!said.message.contains("nothing was changed"));
        // The retry finds the first answer: the token works, one registration was made.
        let Found::Same(answer) = db.store.idempotent(&request, t(20)).await.unwrap() else {
            panic!("{}: the answer was not kept", db.name);
        };
        assert_eq!(answer.status, 201);
        let token = String::from_utf8(answer.body).unwrap();
        assert!(token.starts_with("dcp_"), "{token}");
        db.store
            .authorize(&created.event.id, Some(&token), Op::Resubmit, t(21))
            .await
            .unwrap();
        let counts = db
            .store
            .counts(&Access::operator(&created.event.id))
            .await
            .unwrap();
        assert_eq!(counts.players, 1, "{}", db.name);
        // The same key with another request: told apart. Another key: nothing kept.
        let other = Request::new(&scope, "key-123", b"another body");
        assert_eq!(
            db.store.idempotent(&other, t(20)).await.unwrap(),
            Found::Other
        );
        let fresh = Request::new(&scope, "key-456", b"the body");
        assert_eq!(
            db.store.idempotent(&fresh, t(20)).await.unwrap(),
            Found::Nothing
        );
        // Kept 24 hours, then forgotten.
        let later = t(20).checked_add(SignedDuration::from_hours(25)).unwrap();
        assert_eq!(
            db.store.idempotent(&request, later).await.unwrap(),
            Found::Nothing
        );
    }
}

#[tokio::test]
async fn an_answer_is_kept_only_when_the_write_commits() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let request = Request::new("POST x", "key-1", b"body");
        db.store.faults().fail_writes(Some(Failure::Io));
        let (first, kept) = register_with(&db, &created, request.clone(), "1").await;
        db.store.faults().fail_writes(None);
        assert!(
            matches!(first, Err(StoreError::Unavailable { .. })),
            "{first:?}"
        );
        assert!(kept.is_none());
        assert_eq!(
            db.store.idempotent(&request, t(20)).await.unwrap(),
            Found::Nothing
        );
        // Sent again: it is done now, and answered as the write made it.
        let (again, kept) = register_with(&db, &created, request.clone(), "1").await;
        let again = again.unwrap();
        assert_eq!(kept, Some(answer_of(&again)));
        assert_eq!(
            db.store.idempotent(&request, t(20)).await.unwrap(),
            Found::Same(answer_of(&again))
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn two_requests_with_the_same_key_at_once_write_once() {
    for db in every_backend().await {
        let created = Arc::new(create(&db, new_event("open")).await);
        let request = Request::new("POST y", "key-9", b"body");
        let mut tasks = Vec::new();
        for _ in 0..2 {
            let (store, created, request) =
                (Arc::clone(&db.store), Arc::clone(&created), request.clone());
            tasks.push(tokio::spawn(async move {
                let (game, deck) = (toy(), list("2 Luke"));
                let work = store.register(
                    &game,
                    &created.event.registration_code,
                    "Ada",
                    "1",
                    &deck,
                    t(10),
                );
                idempotency::recorded(request, make(), work).await.0
            }));
        }
        let mut ok = 0;
        for task in tasks {
            match task.await.unwrap() {
                Ok(_) => ok += 1,
                // The other one: its UID was taken, or the key was answered first.
                Err(StoreError::AlreadyRegistered { .. }) => {}
                Err(StoreError::Conflict {
                    code: deckcheck_core::ErrorCode::IdempotencyKeyInUse,
                    ..
                }) => {}
                Err(e) => panic!("{}: {e:?}", db.name),
            }
        }
        assert_eq!(ok, 1, "{}", db.name);
        assert!(matches!(
            db.store.idempotent(&request, t(20)).await.unwrap(),
            Found::Same(_)
        ));
    }
}
