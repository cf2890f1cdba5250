//! Tokens with a lifecycle (issue 27, item 6): the organizer revokes and reissues judges' and
//! players' tokens and rotates their own; the operator recovers an event's organizer access;
//! tokens expire a set time after the event's day; only hashes are stored.

use deckcheck_core::ErrorCode;
use deckcheck_store::{Op, Policy, Role, Store, StoreError};
use jiff::SignedDuration;

use crate::helpers::*;

async fn opens(db: &Db, event: &str, token: &str, op: Op) -> Result<Role, StoreError> {
    db.store
        .authorize(event, Some(token), op, t(100))
        .await
        .map(|a| a.role)
}

#[tokio::test]
async fn a_revoked_judge_token_opens_nothing_and_a_reissued_one_speaks_for_the_same_judge() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let id = &created.event.id;
        let org = organizer(&db, &created).await;
        let jo = db.store.issue_judge(&org, "Jo", t(1)).await.unwrap();
        let kim = db.store.issue_judge(&org, "Kim", t(1)).await.unwrap();
        assert_eq!(
            opens(&db, id, &jo.token, Op::DeckCheck).await.unwrap(),
            Role::Judge
        );
        let listed = db.store.tokens(&org).await.unwrap();
        assert_eq!(listed.len(), 3, "the organizer's and two judges'");
        let listed_text = serde_json::to_string(&listed).unwrap();
        assert!(!listed_text.contains(&jo.token[4..]), "a token is listed");

        db.store.revoke_token(&org, &kim.id, t(2)).await.unwrap();
        assert!(matches!(
            opens(&db, id, &kim.token, Op::DeckCheck).await,
            Err(StoreError::Unauthorized)
        ));
        let again = db
            .store
            .reissue_judge_token(&org, &jo.id, t(3))
            .await
            .unwrap();
        assert_ne!(again.token, jo.token);
        assert!(matches!(
            opens(&db, id, &jo.token, Op::DeckCheck).await,
            Err(StoreError::Unauthorized)
        ));
        let judge = db
            .store
            .authorize(id, Some(&again.token), Op::DeckCheck, t(100))
            .await
            .unwrap();
        assert_eq!((judge.role, judge.label.as_str()), (Role::Judge, "Jo"));

        // The organizer's token is rotated, not revoked; an unknown id is no token.
        let organizer_token = db
            .store
            .tokens(&org)
            .await
            .unwrap()
            .into_iter()
            .find(|t| t.role == Role::Organizer)
            .unwrap();
        assert!(matches!(
            db.store.revoke_token(&org, &organizer_token.id, t(4)).await,
            Err(StoreError::Unprocessable {
                code: ErrorCode::OrganizerToken,
                ..
            })
        ));
        assert!(matches!(
            db.store.revoke_token(&org, "tk_nothing", t(4)).await,
            Err(StoreError::NoToken(_))
        ));
    }
}

#[tokio::test]
async fn a_player_who_lost_their_token_gets_a_new_one_from_the_organizer() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let id = &created.event.id;
        let org = organizer(&db, &created).await;
        // The registration was stored but its answer (and token) never reached the player:
        // registering again is refused, and the organizer reissues the token.
        let lost = register(&db, &created, "Ada", "1", "2 Luke").await;
        let again = try_register(&db, &created, "Ada", "1", "2 Luke", t(11))
            .await
            .unwrap_err();
        assert!(matches!(again, StoreError::AlreadyRegistered { .. }));
        let issued = db
            .store
            .reissue_player_token(&org, &lost.player.id, t(12))
            .await
            .unwrap();
        assert_eq!(issued.player_id.as_deref(), Some(lost.player.id.as_str()));
        assert!(matches!(
            opens(&db, id, lost.token.as_ref().unwrap(), Op::Resubmit).await,
            Err(StoreError::Unauthorized)
        ));
        let me = db
            .store
            .authorize(id, Some(&issued.token), Op::Resubmit, t(13))
            .await
            .unwrap();
        let s = db
            .store
            .resubmit(&toy(), &me, &list("2 Leia"), t(14))
            .await
            .unwrap();
        assert_eq!((s.player.id, s.version), (lost.player.id.clone(), 2));
        assert!(matches!(
            db.store
                .reissue_player_token(&org, "pl_nobody", t(15))
                .await,
            Err(StoreError::NoPlayer(_))
        ));
    }
}

#[tokio::test]
async fn the_organizer_rotates_their_token_and_the_operator_recovers_a_lost_one() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let id = &created.event.id;
        let org = organizer(&db, &created).await;
        let rotated = db.store.rotate_organizer_token(&org, t(5)).await.unwrap();
        assert!(matches!(
            opens(&db, id, &created.organizer_token, Op::Lock).await,
            Err(StoreError::Unauthorized)
        ));
        assert_eq!(
            opens(&db, id, &rotated.token, Op::Lock).await.unwrap(),
            Role::Organizer
        );
        // Lost: the operator gives the event a new organizer token; the old one stops. (Within
        // ten seconds of the rotation it would be taken as sent with it: see `races`.)
        let recovered = db.store.recover_organizer(id, t(16)).await.unwrap();
        assert!(matches!(
            opens(&db, id, &rotated.token, Op::Lock).await,
            Err(StoreError::Unauthorized)
        ));
        assert_eq!(
            opens(&db, id, &recovered.token, Op::Lock).await.unwrap(),
            Role::Organizer
        );
        // A judge manages no token.
        let now_org = db
            .store
            .authorize(id, Some(&recovered.token), Op::IssueJudge, t(7))
            .await
            .unwrap();
        let jo = db
            .store
            .issue_judge(&now_org, "Jo", t(7))
            .await
            .unwrap()
            .token;
        assert!(matches!(
            opens(&db, id, &jo, Op::ManageTokens).await,
            Err(StoreError::Forbidden { role: "judge", .. })
        ));
        assert!(matches!(
            db.store.recover_organizer("ev_nothing", t(7)).await,
            Err(StoreError::NoEvent(_))
        ));
    }
}

#[tokio::test]
async fn tokens_expire_the_set_time_after_the_event_s_day() {
    for db in every_backend().await {
        let store = Store::open(&db.location)
            .await
            .unwrap()
            .with_clock(deckcheck_store::Clock::Caller)
            .with_policy(Policy {
                token_lifetime: SignedDuration::from_hours(48),
                ..Policy::default()
            });
        // The event's day is 2026-07-12; its day is over at midnight UTC after it.
        let created = store
            .create_event(toy().as_ref(), new_event("open"), t(0))
            .await
            .unwrap();
        let id = &created.event.id;
        let over = "2026-07-13T00:00:00Z".parse::<jiff::Timestamp>().unwrap();
        let expiry = over + SignedDuration::from_hours(48);
        let at = |ts: jiff::Timestamp| {
            let store = &store;
            let token = created.organizer_token.clone();
            async move { store.authorize(id, Some(&token), Op::Export, ts).await }
        };
        at(expiry - SignedDuration::from_secs(1)).await.unwrap();
        assert!(matches!(
            at(expiry).await,
            Err(StoreError::TokenExpired { at }) if at == expiry
        ));
        // A token issued after the event (a player's, reissued) lives the lifetime from then.
        let late = expiry + SignedDuration::from_hours(24);
        let org = deckcheck_store::Access::operator(id);
        let issued = store.recover_organizer(&org.event_id, late).await.unwrap();
        assert_eq!(issued.expires_at, late + SignedDuration::from_hours(48));
        store
            .authorize(id, Some(&issued.token), Op::Export, late)
            .await
            .unwrap();
        store.close().await;
    }
}
