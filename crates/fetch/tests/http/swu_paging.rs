//! Issue 36, item 1: the official card database pages every list (Strapi: `meta.pagination`,
//! a default page of 25, a size the server may cap). A stand-in that pages as Strapi does,
//! at a size smaller than the sync asks: the set list of 15 sets in pages of 10 (the newest set
//! on the second page), each card-list page of the sample cut into pages of 7. The sync follows
//! every page; a server that loses a page, repeats the first or does not say where a page stands
//! fails the sync and leaves the catalog as it was.

use std::sync::Arc;

use deckcheck_core::sync::{CatalogDir, SyncError};
use deckcheck_swu::catalog::localized::{Lang, read_files};
use serde_json::{Value, json};

use crate::swu_names::{paths, query, recorded, run, setup, shared};
use crate::upstream::{MockUpstream, Reply};

/// Fifteen sets in the database's order: thirteen without cards in the sample, then the
/// sample's two, the newest (Homeworlds Weekly Play) last.
fn expansions() -> Vec<Value> {
    let mut sets: Vec<Value> = (1..=13)
        .map(|i| json!({"id": i, "attributes": {"code": format!("OLD{i}"), "name": format!("Old set {i}")}}))
        .collect();
    sets.push(json!({"id": 43, "attributes": {"code": "GG", "name": "Gamegenic"}}));
    sets.push(json!({"id": 135, "attributes": {"code": "HMWP", "name": "Homeworlds Weekly Play"}}));
    sets
}

/// A page of `rows` as Strapi answers it: `page` of the pages of `size` (the smaller of the
/// size asked and the server's cap).
fn page_of(rows: &[Value], page: usize, size: usize) -> Value {
    let page_count = rows.len().div_ceil(size);
    let data: Vec<&Value> = rows.iter().skip((page - 1) * size).take(size).collect();
    json!({
        "data": data,
        "meta": {"pagination": {"page": page, "pageSize": size, "pageCount": page_count, "total": rows.len()}}
    })
}

/// How the stand-in misbehaves.
#[derive(Clone, Copy, PartialEq)]
enum Fault {
    None,
    /// The set list's second page comes back empty (its meta as before).
    LostPage,
    /// Every page asked is answered with the first.
    FirstPageAlways,
    /// The set list comes without `meta`.
    NoMeta,
}

/// The official card database on loopback, paging as Strapi does with its page size capped:
/// 10 sets a page, 7 records a page; the records are the sample's, as recorded.
fn paged_api(fault: Fault) -> MockUpstream {
    let localized = shared().join("localized");
    MockUpstream::start(Arc::new(move |path, _| {
        let number = |key: &str, default: usize| {
            query(path, key)
                .and_then(|v| v.parse::<usize>().ok())
                .unwrap_or(default)
        };
        let asked = if fault == Fault::FirstPageAlways {
            1
        } else {
            number("pagination[page]", 1)
        };
        let size = number("pagination[pageSize]", 25);
        let body = if path.starts_with("/card-expansions") {
            let mut page = page_of(&expansions(), asked, size.min(10));
            match fault {
                Fault::LostPage if asked == 2 => page["data"] = json!([]),
                Fault::NoMeta => {
                    page.as_object_mut().unwrap().remove("meta");
                }
                _ => {}
            }
            page
        } else if path.starts_with("/card-list?") {
            let locale = query(path, "locale").unwrap_or_default();
            let set = query(path, "[expansion][code][$eq]").unwrap_or_default();
            let rows: Vec<Value> = recorded(&localized, &set, &locale)
                .map(|bytes| {
                    let page: Value = serde_json::from_slice(&bytes).unwrap();
                    page["data"].as_array().unwrap().clone()
                })
                .unwrap_or_default();
            page_of(&rows, asked, size.min(7))
        } else {
            return Reply::Status(404);
        };
        Reply::Ok {
            body: serde_json::to_vec(&body).unwrap(),
            etag: None,
        }
    }))
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn every_page_of_the_set_list_and_of_each_card_list_is_read() {
    let (cards, root) = setup();
    let api = paged_api(Fault::None);
    let synced = run(&api.fetch("swu"), cards.path(), root.path(), None, &[]).unwrap();
    // The newest set, on the set list's second page, has its names in every language; each
    // set's 20 or 6 records came in pages of 7.
    let items = &synced.manifest.items;
    for lang in ["de", "fr", "it", "es"] {
        assert_eq!(items[&format!("HMWP.{lang}")], 20, "{items:?}");
        assert_eq!(items[&format!("GG.{lang}")], 6, "{items:?}");
    }
    let asked = paths(&api);
    let pages_of = |prefix: &str| {
        asked
            .iter()
            .filter(|p| p.starts_with(prefix))
            .filter_map(|p| query(p, "pagination[page]"))
            .collect::<Vec<_>>()
    };
    assert_eq!(pages_of("/card-expansions"), ["1", "2"]);
    assert!(
        asked.iter().any(
            |p| query(p, "[expansion][code][$eq]").as_deref() == Some("HMWP")
                && query(p, "pagination[page]").as_deref() == Some("3")
        ),
        "HMWP's 20 records take three pages of 7: {asked:?}"
    );
    let german = read_files(&synced.dir, &mut |_| {})
        .unwrap()
        .into_iter()
        .find(|f| f.locale == Lang::De)
        .unwrap();
    assert_eq!(german.sets["HMWP"].len(), 20);
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_page_lost_repeated_or_unplaced_fails_the_sync_and_keeps_the_catalog() {
    let (cards, root) = setup();
    let good = run(
        &paged_api(Fault::None).fetch("swu"),
        cards.path(),
        root.path(),
        None,
        &[],
    )
    .unwrap();
    let cases: [(Fault, &str); 3] = [
        (
            Fault::LostPage,
            "the set list (card-expansions): the first page announced 15 records, the pages hold 10",
        ),
        (
            Fault::FirstPageAlways,
            "the set list (card-expansions), page 2: it says it is page 1",
        ),
        (
            Fault::NoMeta,
            "the set list (card-expansions), page 1: it has no meta.pagination",
        ),
    ];
    for (fault, says) in cases {
        let api = paged_api(fault);
        let err = run(&api.fetch("swu"), cards.path(), root.path(), None, &[]).unwrap_err();
        assert!(err.to_string().contains(says), "{err}");
        if fault == Fault::LostPage {
            assert!(matches!(err, SyncError::Incomplete { .. }), "{err}");
        }
        assert_eq!(CatalogDir::new(root.path()).current(), good.dir);
    }
}
