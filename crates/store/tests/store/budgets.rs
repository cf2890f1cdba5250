//! Per-client budgets kept in the database (issue 35 item 5): with two replicas, one address got
//! twice every budget (lookups 612 of 800, registrations 254 of 300). Budgets in the store are
//! one row per client that every replica spends from: two stores on one database (two replicas)
//! give a client its budget once.

use std::time::Duration;

use deckcheck_store::{Budget, Clock, Store};

use crate::helpers::*;

const THREE_A_MINUTE: Budget = Budget {
    burst: 3,
    period: Duration::from_secs(60),
};

#[tokio::test]
async fn a_budget_is_spent_at_once_then_refilled_evenly_and_says_when() {
    for db in every_backend().await {
        let budgets = db.store.budgets();
        for _ in 0..3 {
            assert_eq!(
                budgets
                    .spend("lookup:a", THREE_A_MINUTE, t(0))
                    .await
                    .unwrap(),
                None
            );
        }
        let wait = budgets
            .spend("lookup:a", THREE_A_MINUTE, t(0))
            .await
            .unwrap();
        assert_eq!(wait, Some(Duration::from_secs(20)), "{}", db.name);
        // Another client, another budget.
        assert_eq!(
            budgets
                .spend("lookup:b", THREE_A_MINUTE, t(0))
                .await
                .unwrap(),
            None
        );
        // One back every 20 s.
        assert_eq!(
            budgets
                .spend("lookup:a", THREE_A_MINUTE, t(20))
                .await
                .unwrap(),
            None
        );
        assert!(
            budgets
                .spend("lookup:a", THREE_A_MINUTE, t(20))
                .await
                .unwrap()
                .is_some()
        );
        // Refilled budgets are forgotten by the purge.
        db.store.purge(t(3600)).await.unwrap();
        for _ in 0..3 {
            assert_eq!(
                budgets
                    .spend("lookup:a", THREE_A_MINUTE, t(3600))
                    .await
                    .unwrap(),
                None
            );
        }
    }
}

#[tokio::test]
async fn two_replicas_on_one_postgresql_give_a_client_its_budget_once() {
    let Some(db) = postgres().await else {
        return;
    };
    // Two services on one database, each on the database's clock.
    let a = Store::open(&db.location).await.unwrap().budgets();
    let b = Store::open(&db.location)
        .await
        .unwrap()
        .with_clock(Clock::Database)
        .budgets();
    let budget = Budget {
        burst: 100,
        period: Duration::from_secs(3600),
    };
    let mut spent = 0;
    for i in 0..200 {
        let replica = if i % 2 == 0 { &a } else { &b };
        if replica
            .spend("lookup:203.0.113.9", budget, t(0))
            .await
            .unwrap()
            .is_none()
        {
            spent += 1;
        }
    }
    assert_eq!(spent, 100);
}
