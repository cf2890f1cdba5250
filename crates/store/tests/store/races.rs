//! One winner per race (issue 35 item 2): two token operations sent together, 30 pairs of
//! each (rotation, judge reissue, player reissue, revocation, operator recovery), on both
//! backends. Exactly one answers with a new token (or revokes), the other is
//! `token-changed` and changed nothing, and exactly one token works afterwards.

use std::sync::Arc;

use deckcheck_store::{Issued, Op, Role, StoreError};
use tokio::sync::Barrier;

use crate::helpers::*;

const PAIRS: usize = 30;

/// Runs `a` and `b` at once (released together): their answers.
async fn together<T: Send + 'static>(
    a: impl Future<Output = T> + Send + 'static,
    b: impl Future<Output = T> + Send + 'static,
) -> (T, T) {
    let barrier = Arc::new(Barrier::new(2));
    let (ba, bb) = (Arc::clone(&barrier), barrier);
    let a = tokio::spawn(async move {
        ba.wait().await;
        a.await
    });
    let b = tokio::spawn(async move {
        bb.wait().await;
        b.await
    });
    (a.await.unwrap(), b.await.unwrap())
}

/// One of the two answers won (its token), the other lost with `token-changed`.
fn one_winner(
    db: &Db,
    what: &str,
    a: Result<Issued, StoreError>,
    b: Result<Issued, StoreError>,
) -> Issued {
    match (a, b) {
        (Ok(won), Err(StoreError::TokenChanged { .. }))
        | (Err(StoreError::TokenChanged { .. }), Ok(won)) => won,
        (a, b) => panic!("{}: {what}: not one winner: {a:?} / {b:?}", db.name),
    }
}

async fn works(db: &Db, event: &str, token: &str, op: Op) -> bool {
    db.store
        .authorize(event, Some(token), op, t(100))
        .await
        .is_ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn of_two_rotations_sent_together_one_wins_and_one_organizer_token_works() {
    for db in every_backend().await {
        for _ in 0..PAIRS {
            let created = create(&db, new_event("open")).await;
            let org = organizer(&db, &created).await;
            let (s1, s2, o1, o2) = (
                Arc::clone(&db.store),
                Arc::clone(&db.store),
                org.clone(),
                org.clone(),
            );
            let (a, b) = together(
                async move { s1.rotate_organizer_token(&o1, t(5)).await },
                async move { s2.rotate_organizer_token(&o2, t(5)).await },
            )
            .await;
            let won = one_winner(&db, "rotation", a, b);
            let id = &created.event.id;
            assert!(works(&db, id, &won.token, Op::Lock).await, "{}", db.name);
            assert!(!works(&db, id, &created.organizer_token, Op::Lock).await);
            // A late loser is told the same: the token it presents was rotated.
            let late = db
                .store
                .authorize(
                    id,
                    Some(&created.organizer_token),
                    Op::RotateOrganizer,
                    t(6),
                )
                .await;
            assert!(
                matches!(late, Err(StoreError::TokenChanged { .. })),
                "{}: {late:?}",
                db.name
            );
            let live: Vec<_> = db
                .store
                .tokens(&access(&db, id, &won.token, Role::Organizer).await)
                .await
                .unwrap()
                .into_iter()
                .filter(|t| t.role == Role::Organizer)
                .collect();
            assert_eq!(live.len(), 1, "{}: one organizer token", db.name);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn of_two_reissues_of_a_judge_token_sent_together_one_wins() {
    for db in every_backend().await {
        for _ in 0..PAIRS {
            let created = create(&db, new_event("open")).await;
            let org = organizer(&db, &created).await;
            let jo = db.store.issue_judge(&org, "Jo", t(1)).await.unwrap();
            let (s1, s2, o1, o2, j1, j2) = (
                Arc::clone(&db.store),
                Arc::clone(&db.store),
                org.clone(),
                org.clone(),
                jo.id.clone(),
                jo.id.clone(),
            );
            let (a, b) = together(
                async move { s1.reissue_judge_token(&o1, &j1, t(5)).await },
                async move { s2.reissue_judge_token(&o2, &j2, t(5)).await },
            )
            .await;
            let won = one_winner(&db, "judge reissue", a, b);
            let id = &created.event.id;
            assert!(works(&db, id, &won.token, Op::DeckCheck).await);
            assert!(!works(&db, id, &jo.token, Op::DeckCheck).await);
            let judges = db
                .store
                .tokens(&org)
                .await
                .unwrap()
                .into_iter()
                .filter(|t| t.role == Role::Judge)
                .count();
            assert_eq!(judges, 1, "{}: one judge token", db.name);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn of_two_new_tokens_for_a_player_sent_together_one_wins() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let org = organizer(&db, &created).await;
        for i in 0..PAIRS {
            let s = register(&db, &created, &format!("P{i}"), &format!("u{i}"), "2 Luke").await;
            let (s1, s2, o1, o2, p1, p2) = (
                Arc::clone(&db.store),
                Arc::clone(&db.store),
                org.clone(),
                org.clone(),
                s.player.id.clone(),
                s.player.id.clone(),
            );
            let (a, b) = together(
                async move { s1.reissue_player_token(&o1, &p1, t(5)).await },
                async move { s2.reissue_player_token(&o2, &p2, t(5)).await },
            )
            .await;
            let won = one_winner(&db, "player token", a, b);
            let id = &created.event.id;
            assert!(works(&db, id, &won.token, Op::Resubmit).await);
            assert!(!works(&db, id, s.token.as_deref().unwrap(), Op::Resubmit).await);
            let theirs = db
                .store
                .tokens(&org)
                .await
                .unwrap()
                .into_iter()
                .filter(|t| t.player_id.as_deref() == Some(s.player.id.as_str()))
                .count();
            assert_eq!(theirs, 1, "{}: one token of the player", db.name);
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn of_two_revocations_of_a_token_sent_together_one_revokes_and_the_other_is_told() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let org = organizer(&db, &created).await;
        for i in 0..PAIRS {
            let jo = db
                .store
                .issue_judge(&org, &format!("Jo {i}"), t(1))
                .await
                .unwrap();
            let (s1, s2, o1, o2, j1, j2) = (
                Arc::clone(&db.store),
                Arc::clone(&db.store),
                org.clone(),
                org.clone(),
                jo.id.clone(),
                jo.id.clone(),
            );
            let (a, b) = together(
                async move { s1.revoke_token(&o1, &j1, t(5)).await },
                async move { s2.revoke_token(&o2, &j2, t(5)).await },
            )
            .await;
            match (&a, &b) {
                (Ok(()), Err(StoreError::TokenChanged { .. }))
                | (Err(StoreError::TokenChanged { .. }), Ok(())) => {}
                _ => panic!("{}: revocation: {a:?} / {b:?}", db.name),
            }
            assert!(!works(&db, &created.event.id, &jo.token, Op::DeckCheck).await);
        }
        // A token that never was is still no token (404), not a changed one.
        assert!(matches!(
            db.store.revoke_token(&org, "tk_nothing", t(9)).await,
            Err(StoreError::NoToken(_))
        ));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn of_two_recoveries_by_the_operator_sent_together_one_wins() {
    for db in every_backend().await {
        for _ in 0..PAIRS {
            let created = create(&db, new_event("open")).await;
            let (s1, s2) = (Arc::clone(&db.store), Arc::clone(&db.store));
            let (e1, e2) = (created.event.id.clone(), created.event.id.clone());
            let (a, b) = together(
                async move { s1.recover_organizer(&e1, t(5)).await },
                async move { s2.recover_organizer(&e2, t(5)).await },
            )
            .await;
            let won = one_winner(&db, "recovery", a, b);
            assert!(works(&db, &created.event.id, &won.token, Op::Lock).await);
        }
    }
}
