//! Registration (CEG 3.3.3): a list is checked when submitted and the answer is the validate
//! report; a list that is not legal is refused with every reason, or stored as pending by the
//! organizer's setting, never accepted silently; every version is kept.

use deckcheck_store::{
    IllegalLists, ListVerdict, Role, Source, State, StoreError, Submission, Tier,
};

use crate::helpers::*;

#[tokio::test]
async fn a_legal_list_is_registered_and_the_player_gets_a_token_once() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let s = register(&db, &created, "Ada Lovelace", "1234-5678", "2 Luke\n2 Leia").await;
        assert_eq!(
            (s.state, s.verdict, s.version),
            (State::Accepted, ListVerdict::Legal, 1),
            "{}",
            db.name
        );
        assert!(s.report.legal);
        let token = s.token.expect("a token on registration");
        assert!(token.starts_with("dcp_"));
        let me = access(&db, &created.event.id, &token, Role::Player).await;
        assert_eq!(me.registration_id.as_deref(), Some(s.player.id.as_str()));
        let record = db
            .store
            .player(&Access::operator(&created.event.id), &s.player.id)
            .await
            .unwrap();
        assert_eq!(record.versions.len(), 1);
        let v = &record.versions[0];
        assert_eq!(
            (v.source, v.actor.as_str()),
            (Source::Player, "Ada Lovelace")
        );
        assert_eq!(v.decks, ["2 Luke\n2 Leia"]);
        // Printing ids, never catalog indices.
        assert_eq!(
            serde_json::to_value(&v.cards).unwrap(),
            serde_json::json!([{"main": [["Luke", 2], ["Leia", 2]]}])
        );
        assert_eq!(v.report["legal"], true);
    }
}

#[tokio::test]
async fn an_illegal_list_is_refused_with_every_reason_and_nothing_is_stored() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let err = db
            .store
            .register(
                &toy(),
                &created.event.registration_code,
                "Ada",
                "1",
                &list("3 Luke\n3 Han\n1 Yoda"),
                t(5),
            )
            .await
            .unwrap_err();
        let StoreError::Refused { verdict, report } = err else {
            panic!("{err:?}")
        };
        assert_eq!(verdict, deckcheck_core::Verdict::Illegal);
        let json = serde_json::to_value(&report).unwrap();
        assert_eq!(
            json["reports"][0]["violations"][0]["code"], "too-many-copies",
            "{json}"
        );
        assert_eq!(json["decks"][0]["diagnostics"][0]["code"], "unknown-card");
        assert!(
            db.store
                .roster(&Access::operator(&created.event.id))
                .await
                .unwrap()
                .is_empty()
        );
    }
}

#[tokio::test]
async fn an_unverified_list_is_refused_too() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let err = db
            .store
            .register(
                &toy(),
                &created.event.registration_code,
                "Ada",
                "1",
                &list("1 Luke\n1 Yoda"),
                t(5),
            )
            .await
            .unwrap_err();
        assert!(
            matches!(
                err,
                StoreError::Refused {
                    verdict: deckcheck_core::Verdict::Unverified,
                    ..
                }
            ),
            "{err:?}"
        );
    }
}

#[tokio::test]
async fn under_the_pending_setting_a_list_that_is_not_legal_waits_for_a_judge() {
    for db in every_backend().await {
        let mut new = new_event("open");
        new.illegal_lists = Some(IllegalLists::Pending);
        let created = create(&db, new).await;
        let s = register(&db, &created, "Ada", "1", "3 Luke").await;
        assert_eq!((s.state, s.verdict), (State::Pending, ListVerdict::Illegal));
        assert!(!s.report.legal);
        let roster = db
            .store
            .roster(&Access::operator(&created.event.id))
            .await
            .unwrap();
        assert_eq!(roster[0].state, State::Pending);
    }
}

#[tokio::test]
async fn a_player_may_resubmit_until_the_lock_and_every_version_is_kept() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let first = register(&db, &created, "Ada", "1", "2 Luke").await;
        let me = access(
            &db,
            &created.event.id,
            first.token.as_ref().unwrap(),
            Role::Player,
        )
        .await;
        let second = db
            .store
            .resubmit(&toy(), &me, &list("2 Leia"), t(20))
            .await
            .unwrap();
        assert_eq!((second.version, second.token.as_deref()), (2, None));
        // A refused resubmission keeps the list registered before.
        let err = db
            .store
            .resubmit(&toy(), &me, &list("5 Han"), t(30))
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::Refused { .. }));
        let record = db
            .store
            .player(&Access::operator(&created.event.id), &first.player.id)
            .await
            .unwrap();
        assert_eq!(record.registration.version, 2);
        let texts: Vec<&str> = record
            .versions
            .iter()
            .map(|v| v.decks[0].as_str())
            .collect();
        assert_eq!(texts, ["2 Luke", "2 Leia"]);
        assert_eq!(record.versions[1].at, t(20));
    }
}

#[tokio::test]
async fn one_uid_registers_once_per_event_whatever_its_case() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        register(&db, &created, "Ada", "ab-12", "2 Luke").await;
        let err = db
            .store
            .register(
                &toy(),
                &created.event.registration_code,
                "Someone",
                " AB-12 ",
                &list("2 Han"),
                t(11),
            )
            .await
            .unwrap_err();
        assert!(
            matches!(err, StoreError::AlreadyRegistered { .. }),
            "{err:?}"
        );
        // Another event takes the same UID.
        let other = create(&db, new_event("open")).await;
        register(&db, &other, "Ada", "ab-12", "2 Luke").await;
    }
}

#[tokio::test]
async fn the_code_is_read_in_any_case_and_an_unknown_code_is_no_event() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let code = created.event.registration_code.to_lowercase();
        let spaced = format!("{}-{}", &code[..4], &code[4..]);
        assert_eq!(
            db.store.event_by_code(&spaced).await.unwrap().id,
            created.event.id
        );
        let err = db.store.event_by_code("ZZZZZZZZ").await.unwrap_err();
        assert!(matches!(err, StoreError::NoEvent(_)));
    }
}

#[tokio::test]
async fn names_uids_and_formats_that_cannot_be_used_are_refused_naming_the_field() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let code = &created.event.registration_code;
        for (name, uid, field) in [
            ("", "1", "player"),
            ("Ada", " ", "uid"),
            ("A\u{7}da", "1", "player"),
        ] {
            let err = db
                .store
                .register(&toy(), code, name, uid, &list("1 Luke"), t(1))
                .await
                .unwrap_err();
            assert!(
                matches!(&err, StoreError::Invalid { field: f, .. } if f == field),
                "{err:?}"
            );
        }
        let err = db
            .store
            .register(&toy(), code, "Ada", "1", &Submission::default(), t(1))
            .await
            .unwrap_err();
        assert!(
            matches!(&err, StoreError::Request(e) if e.field.as_deref() == Some("deck")),
            "{err:?}"
        );
        let err = db
            .store
            .create_event(toy().as_ref(), new_event("standard"), t(0))
            .await
            .unwrap_err();
        assert!(
            matches!(&err, StoreError::Request(e) if e.code == "unknown-format"),
            "{err:?}"
        );
        let mut bad = new_event("open");
        bad.options = Some(serde_json::from_value(serde_json::json!({"shuffle": true})).unwrap());
        let err = db
            .store
            .create_event(toy().as_ref(), bad, t(0))
            .await
            .unwrap_err();
        assert!(
            matches!(&err, StoreError::Invalid { field, .. } if field == "options.shuffle"),
            "{err:?}"
        );
    }
}

#[tokio::test]
async fn an_event_created_with_four_fields_is_competitive_refuses_illegal_lists_and_locks_by_hand()
{
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let e = &created.event;
        assert_eq!(
            (e.tier, e.illegal_lists, e.locks_at, e.date),
            (Tier::Competitive, IllegalLists::Refuse, None, day())
        );
        assert!(created.organizer_token.starts_with("dco_"));
        assert_eq!(e.registration_code.len(), 8);
    }
}

#[tokio::test]
async fn at_a_sealed_event_the_deck_is_checked_against_the_registered_pool() {
    for db in every_backend().await {
        let created = create(&db, new_event("sealed")).await;
        let code = &created.event.registration_code;
        // Without a pool the list cannot be judged: unverified, refused.
        let err = db
            .store
            .register(&toy(), code, "Ada", "1", &list("1 Luke"), t(1))
            .await
            .unwrap_err();
        assert!(
            matches!(
                err,
                StoreError::Refused {
                    verdict: deckcheck_core::Verdict::Unverified,
                    ..
                }
            ),
            "{err:?}"
        );
        let with_pool = Submission {
            decks: vec!["1 Luke\n1 Leia".into()],
            input_format: None,
            pool: Some("1 Luke\n2 Leia".into()),
        };
        let s = db
            .store
            .register(&toy(), code, "Ada", "1", &with_pool, t(2))
            .await
            .unwrap();
        assert_eq!(s.verdict, ListVerdict::Legal);
        let outside = Submission {
            decks: vec!["1 Han".into()],
            input_format: None,
            pool: Some("1 Luke".into()),
        };
        let err = db
            .store
            .register(&toy(), code, "Bo", "2", &outside, t(2))
            .await
            .unwrap_err();
        assert!(matches!(
            err,
            StoreError::Refused {
                verdict: deckcheck_core::Verdict::Illegal,
                ..
            }
        ));
        // Staff register a pool alone (CEG 9.2.5.1); the list stays and is judged against it.
        let j = judge(&db, &created, "Head Judge").await;
        let pool_only = Submission {
            decks: vec![],
            input_format: None,
            pool: Some("1 Luke".into()),
        };
        let amended = db
            .store
            .amend(
                &toy(),
                &j,
                &s.player.id,
                &pool_only,
                "pool registered by the opponent",
                t(3),
            )
            .await
            .unwrap();
        assert_eq!(
            (amended.verdict, amended.state),
            (ListVerdict::Illegal, State::Pending)
        );
        let record = db
            .store
            .player(&Access::operator(&created.event.id), &s.player.id)
            .await
            .unwrap();
        assert_eq!(record.versions[1].decks, ["1 Luke\n1 Leia"]);
        assert_eq!(record.versions[1].pool.as_deref(), Some("1 Luke"));
    }
}
