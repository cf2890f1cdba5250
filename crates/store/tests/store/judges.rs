//! Deck checks (CEG 5.11): the presented deck against the registered list, stored with the
//! judge and the time; the helper that picks around 10% of players.

use std::collections::BTreeSet;

use deckcheck_store::{CheckVerdict, StoreError};

use crate::helpers::*;

#[tokio::test]
async fn a_deck_check_compares_the_presented_deck_with_the_registered_list_and_is_kept() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let s = register(&db, &created, "Ada", "1", "2 Luke\n2 Leia").await;
        let j = judge(&db, &created, "Jo Judge").await;
        let same = db
            .store
            .deck_check(
                &toy(),
                &j,
                &s.player.id,
                1,
                "2 Leia\n2 Luke",
                None,
                0,
                None,
                t(40),
            )
            .await
            .unwrap();
        assert_eq!(same.verdict, CheckVerdict::Match);
        let off = db
            .store
            .deck_check(
                &toy(),
                &j,
                &s.player.id,
                1,
                "2 Luke\n1 Leia\n1 Han",
                None,
                0,
                Some("round 3, table 12"),
                t(50),
            )
            .await
            .unwrap();
        assert_eq!(off.verdict, CheckVerdict::Mismatch);
        assert_eq!(
            (off.judge.as_str(), off.at, off.version),
            ("Jo Judge", t(50), 1)
        );
        assert_eq!(
            off.comparison["findings"].as_array().unwrap().len(),
            2,
            "{}",
            off.comparison
        );
        let record = db
            .store
            .player(&Access::operator(&created.event.id), &s.player.id)
            .await
            .unwrap();
        assert_eq!(record.checks, [same, off.clone()]);
        assert_eq!(record.registration.checks, 2);
        assert_eq!(
            db.store
                .deck_checks(&Access::operator(&created.event.id))
                .await
                .unwrap()
                .len(),
            2
        );
        let err = db
            .store
            .deck_check(&toy(), &j, &s.player.id, 1, "1 Luke", None, 1, None, t(60))
            .await
            .unwrap_err();
        assert!(matches!(&err, StoreError::Unprocessable { field, .. } if field == "deck_index"));
        let err = db
            .store
            .deck_check(&toy(), &j, "pl_nobody", 1, "1 Luke", None, 0, None, t(60))
            .await
            .unwrap_err();
        assert!(matches!(err, StoreError::NoPlayer(_)));
    }
}

#[tokio::test]
async fn the_pick_takes_ten_percent_and_never_the_same_player_twice_unless_asked() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        for i in 0..25 {
            register(
                &db,
                &created,
                &format!("Player {i}"),
                &format!("uid-{i}"),
                "1 Luke",
            )
            .await;
        }
        let j = judge(&db, &created, "Jo").await;
        let mut seen = BTreeSet::new();
        // ceil(10% of 25) = 3 each time, until fewer are left.
        for round in 0..9 {
            let picked = db
                .store
                .pick(&j, None, false, t(100 + round))
                .await
                .unwrap();
            let expected = if round < 8 { 3 } else { 1 };
            assert_eq!(picked.len(), expected, "round {round}");
            for p in picked {
                assert!(seen.insert(p.id), "picked twice");
            }
        }
        assert!(
            db.store
                .pick(&j, None, false, t(200))
                .await
                .unwrap()
                .is_empty()
        );
        assert_eq!(
            db.store
                .pick(&j, Some(0.2), true, t(201))
                .await
                .unwrap()
                .len(),
            5
        );
        assert_eq!(
            db.store
                .picks(&Access::operator(&created.event.id))
                .await
                .unwrap()
                .len(),
            30
        );
        for share in [0.0, -1.0, 1.5, f64::NAN] {
            assert!(db.store.pick(&j, Some(share), false, t(300)).await.is_err());
        }
    }
}
