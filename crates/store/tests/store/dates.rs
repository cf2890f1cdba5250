//! Dates that make sense (issue 27, item 8): a deadline in the past is refused, naming the
//! field, at creation and in the settings; an event date more than a year from today is
//! answered with a warning.

use deckcheck_core::ErrorCode;
use deckcheck_store::{EventChanges, StoreError};

use crate::helpers::*;

fn past_deadline(err: StoreError) -> bool {
    matches!(
        err,
        StoreError::Unprocessable { code: ErrorCode::LocksAtPast, ref field, .. } if field == "locks_at"
    )
}

#[tokio::test]
async fn a_deadline_in_the_past_is_refused_at_creation_and_in_the_settings() {
    for db in every_backend().await {
        for deadline in [t(-60), t(100)] {
            let mut new = new_event("open");
            new.locks_at = Some(deadline);
            let err = db
                .store
                .create_event(toy().as_ref(), new, t(100))
                .await
                .unwrap_err();
            assert!(past_deadline(err), "{}", db.name);
        }
        assert!(
            db.store.events().await.unwrap().is_empty(),
            "nothing stored"
        );
        let created = create(&db, new_event("open")).await;
        let org = organizer(&db, &created).await;
        let err = db
            .store
            .configure(
                &org,
                EventChanges {
                    locks_at: Some(Some(t(-1))),
                    ..EventChanges::default()
                },
                t(5),
            )
            .await
            .unwrap_err();
        assert!(past_deadline(err));
        assert_eq!(
            db.store
                .event(&Access::operator(&created.event.id))
                .await
                .unwrap()
                .locks_at,
            None
        );
        // A deadline ahead is taken; removing it too.
        let ahead = db
            .store
            .configure(
                &org,
                EventChanges {
                    locks_at: Some(Some(t(3600))),
                    ..EventChanges::default()
                },
                t(5),
            )
            .await
            .unwrap();
        assert_eq!(ahead.locks_at, Some(t(3600)));
    }
}

#[tokio::test]
async fn an_event_more_than_a_year_from_today_is_created_with_a_warning() {
    let db = sqlite().await;
    // Today is t(0) (2026-05-28); the event's day 2026-07-12 is near: no warning.
    let near = create(&db, new_event("open")).await;
    assert!(near.warnings.is_empty());
    for date in ["2028-01-15", "2025-01-15"] {
        let mut new = new_event("open");
        new.date = date.parse().unwrap();
        let created = db
            .store
            .create_event(toy().as_ref(), new, t(0))
            .await
            .unwrap();
        let [warning] = created.warnings.as_slice() else {
            panic!("{date}: {:?}", created.warnings)
        };
        assert_eq!(
            (warning.code, warning.field),
            ("date-far-from-today", "date")
        );
        assert!(warning.message.contains(date), "{}", warning.message);
    }
}
