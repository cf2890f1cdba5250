//! List fingerprints in events (issue 30, item 2): each registered version keeps each deck's
//! fingerprint, the judge's deck check says whether the presented deck's fingerprint is the
//! registered one, and the published lists carry them.

use deckcheck_core::DeckInput;
use deckcheck_store::{IllegalLists, Publish, Role};

use crate::helpers::*;

/// The fingerprint core gives a deck of the toy game, as of the event's day.
fn fingerprint_of(text: &str) -> String {
    toy()
        .fingerprint(
            &DeckInput {
                field: "deck".into(),
                text: text.into(),
            },
            None,
            day(),
        )
        .unwrap()
        .fingerprint
        .to_string()
}

#[tokio::test]
async fn a_registered_version_keeps_its_fingerprint_and_the_answer_says_it() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let s = register(&db, &created, "Ada", "1", "2 Luke\n2 Leia").await;
        let expected = fingerprint_of("2 Luke\n2 Leia");
        assert_eq!(s.fingerprints, [Some(expected.clone())], "{}", db.name);
        let me = access(
            &db,
            &created.event.id,
            s.token.as_deref().unwrap(),
            Role::Player,
        )
        .await;
        // The same cards written in another order: the same fingerprint, so the same list: no
        // version is added (issue 35 item 1); another card: another fingerprint.
        let reordered = db
            .store
            .resubmit(&toy(), &me, &list("2 Leia\n1 Luke\n1 Luke"), t(20))
            .await
            .unwrap();
        assert_eq!(reordered.fingerprints, [Some(expected.clone())]);
        assert!(reordered.unchanged && reordered.version == 1, "{}", db.name);
        let changed = db
            .store
            .resubmit(&toy(), &me, &list("2 Leia\n2 Han"), t(30))
            .await
            .unwrap();
        assert_ne!(changed.fingerprints, [Some(expected.clone())]);
        let record = db
            .store
            .player(&Access::operator(&created.event.id), &s.player.id)
            .await
            .unwrap();
        let kept: Vec<_> = record
            .versions
            .iter()
            .map(|v| v.fingerprints.clone())
            .collect();
        assert_eq!(kept, [vec![Some(expected)], changed.fingerprints]);
    }
}

#[tokio::test]
async fn a_deck_whose_entries_are_not_all_cards_has_no_fingerprint() {
    for db in every_backend().await {
        let mut new = new_event("open");
        new.illegal_lists = Some(IllegalLists::Pending);
        let created = create(&db, new).await;
        let s = register(&db, &created, "Ada", "1", "2 Luke\n1 Nobody Known").await;
        assert_eq!(s.fingerprints, [None], "{}", db.name);
    }
}

#[tokio::test]
async fn a_deck_check_says_whether_the_presented_decks_fingerprint_is_the_registered_one() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        let s = register(&db, &created, "Ada", "1", "2 Luke\n2 Leia").await;
        let j = judge(&db, &created, "Jo").await;
        let registered = fingerprint_of("2 Luke\n2 Leia");

        let same = check(&db, &j, &s.player.id, "2 Leia\n2 Luke", t(40))
            .await
            .unwrap();
        assert_eq!(
            (
                same.fingerprint.registered.as_deref(),
                same.fingerprint.presented.as_deref(),
                same.fingerprint.matches
            ),
            (
                Some(registered.as_str()),
                Some(registered.as_str()),
                Some(true)
            ),
            "{}",
            db.name
        );
        let other = check(&db, &j, &s.player.id, "2 Leia\n1 Luke\n1 Han", t(50))
            .await
            .unwrap();
        assert_eq!(
            other.fingerprint.presented,
            Some(fingerprint_of("2 Leia\n1 Luke\n1 Han"))
        );
        assert_eq!(other.fingerprint.matches, Some(false));
        // Kept with the check, as read back.
        let record = db
            .store
            .player(&Access::operator(&created.event.id), &s.player.id)
            .await
            .unwrap();
        let read: Vec<Option<bool>> = record
            .checks
            .iter()
            .map(|c| c.fingerprint.matches)
            .collect();
        assert_eq!(read, [Some(true), Some(false)]);
    }
}

#[tokio::test]
async fn the_published_lists_carry_each_decks_fingerprint() {
    for db in every_backend().await {
        let created = create(&db, new_event("open")).await;
        register(&db, &created, "Ada", "1", "2 Luke\n2 Leia").await;
        lock(&db, &created, t(20)).await;
        let org = organizer(&db, &created).await;
        let published = db
            .store
            .publish_lists(toy(), &org, Publish::All, t(30))
            .await
            .unwrap();
        let expected = Some(fingerprint_of("2 Luke\n2 Leia"));
        assert_eq!(
            published.lists[0].decks[0].fingerprint, expected,
            "{}",
            db.name
        );
        let page = db
            .store
            .published_page(&created.event.id, 0, None, None, t(40))
            .await
            .unwrap();
        let decks: serde_json::Value = serde_json::from_str(page.lists[0].decks.get()).unwrap();
        assert_eq!(decks[0]["fingerprint"], serde_json::json!(expected));
    }
}
