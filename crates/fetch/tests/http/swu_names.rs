//! SWU's card names in other languages over HTTP (issue 28, item 1): the official card
//! database's sample (`shared/data/swu/localized`) served on loopback exactly as recorded (only
//! the set list, which the sample has not, is written here), synced beside a swu-db mirror of the
//! sets its cards are printed in; the languages asked, a language left out, faulty pages and a
//! directory of the same pages. Reading lists in each language is tested in deckcheck-swu.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use deckcheck_core::sync::{
    CatalogDir, DirFetch, Fetch, SyncError, SyncOptions, Synced, read_manifest, sync,
};
use deckcheck_core::{Game, Paths};
use deckcheck_swu::Swu;
use deckcheck_swu::catalog::localized::{Lang, Name, NamesFile, read_files};
use deckcheck_swu::sync::SwuDb;
use serde_json::Value;

use crate::upstream::{MockUpstream, Reply};

/// `shared/data/swu`, with its localized sample (the tests that need it are ignored without it).
pub(crate) fn shared() -> PathBuf {
    let swu = crate::shared_data("swu");
    assert!(
        swu.join("localized/names.index.json").is_file(),
        "needs ../shared: no localized sample at {}",
        swu.join("localized").display()
    );
    swu
}

/// A swu-db mirror of the sets the sample's cards are printed in: Spark of Rebellion and
/// Shadows of the Galaxy (the bases of the GG promos) from `all_cards.json`, Homeworlds (the
/// cards of the HMWP promos) from the raw API answer.
pub(crate) fn mirror(swu: &Path) -> tempfile::TempDir {
    static FILES: OnceLock<Vec<(String, Vec<u8>)>> = OnceLock::new();
    let files = FILES.get_or_init(|| {
        let all: Vec<Value> =
            serde_json::from_slice(&std::fs::read(swu.join("cards/all_cards.json")).unwrap())
                .unwrap();
        let mut files: Vec<(String, Vec<u8>)> = ["SOR", "SHD"]
            .iter()
            .map(|set| {
                let records: Vec<&Value> = all.iter().filter(|r| r["Set"] == *set).collect();
                (format!("{set}.json"), serde_json::to_vec(&records).unwrap())
            })
            .collect();
        files.push((
            "HMW.json".into(),
            std::fs::read(swu.join("cards/swu-db-2026-10-08/HMW.json")).unwrap(),
        ));
        files
    });
    let dir = tempfile::tempdir().unwrap();
    for (name, bytes) in files {
        std::fs::write(dir.path().join(name), bytes).unwrap();
    }
    dir
}

/// The printing ids a list reads to on a catalog directory.
fn read_ids(root: &Path, text: &str) -> Vec<String> {
    let game = Swu::load(&Paths {
        cards: root.to_path_buf(),
        card_data: None,
    })
    .unwrap();
    let imported = game.import(text, None).unwrap();
    imported
        .deck
        .entries()
        .iter()
        .map(|e| game.catalog().printing(e.printing).code.to_string())
        .collect()
}

/// The sample's page of a set in a language, as recorded (`None`: the sample has none).
pub(crate) fn recorded(localized: &Path, set: &str, locale: &str) -> Option<Vec<u8>> {
    std::fs::read(localized.join(format!(
        "card-list.{}.{locale}.json",
        set.to_ascii_lowercase()
    )))
    .ok()
}

/// A value of the query string, brackets and dollars decoded: `locale`, `…[code][$eq]`.
pub(crate) fn query(path: &str, key: &str) -> Option<String> {
    let decoded = path
        .replace("%5B", "[")
        .replace("%5D", "]")
        .replace("%24", "$")
        .replace("%3A", ":");
    let (_, query) = decoded.split_once('?')?;
    query
        .split('&')
        .find_map(|pair| pair.split_once('=').filter(|(k, _)| k.ends_with(key)))
        .map(|(_, v)| v.to_string())
}

/// The official card database on loopback: the set list (the sample's two sets; the sample has
/// no set list), and each card-list page of the sample exactly as recorded, through `edit` (a
/// fault); a set or language the sample lacks answers an empty page.
fn official_api(
    edit: impl Fn(&str, &str, Vec<u8>) -> Vec<u8> + Send + Sync + 'static,
) -> MockUpstream {
    let localized = shared().join("localized");
    let sets = br#"{"data":[{"id":43,"attributes":{"code":"GG","name":"Gamegenic"}},{"id":135,"attributes":{"code":"HMWP","name":"Homeworlds Weekly Play"}}],"meta":{"pagination":{"page":1,"pageCount":1,"total":2}}}"#;
    MockUpstream::start(Arc::new(move |path, _| {
        if path.starts_with("/card-expansions") {
            return Reply::Ok {
                body: sets.to_vec(),
                etag: None,
            };
        }
        if !path.starts_with("/card-list?") {
            return Reply::Status(404);
        }
        let locale = query(path, "locale").unwrap_or_default();
        let set = query(path, "[expansion][code][$eq]").unwrap_or_default();
        let page = query(path, "pagination[page]").unwrap_or_default();
        let body = match recorded(&localized, &set, &locale) {
            Some(bytes) if page == "1" => edit(&set, &locale, bytes),
            _ => br#"{"data":[],"meta":{"pagination":{"page":1,"pageSize":250,"pageCount":0,"total":0}}}"#.to_vec(),
        };
        Reply::Ok { body, etag: None }
    }))
}

/// A fault of the server: what it answers instead of a recorded page (set, locale, bytes).
type Edit = Box<dyn Fn(&str, &str, Vec<u8>) -> Vec<u8> + Send + Sync>;

pub(crate) fn run(
    names: &dyn Fetch,
    cards: &Path,
    root: &Path,
    locales: Option<&[&str]>,
    allow: &[&str],
) -> Result<Synced, SyncError> {
    let cards = DirFetch::new(cards).unwrap();
    let options = SyncOptions {
        locales: locales.map(|l| l.iter().map(|s| s.to_string()).collect()),
        allow_removed: allow.iter().map(|s| s.to_string()).collect(),
        also_from: vec![("names", names)],
        ..SyncOptions::default()
    };
    sync(&SwuDb, &cards, root, &options)
}

/// The swu-db mirror and an empty catalog directory.
pub(crate) fn setup() -> (tempfile::TempDir, tempfile::TempDir) {
    (mirror(&shared()), tempfile::tempdir().unwrap())
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn the_names_sync_with_the_cards_from_a_server_answering_the_samples_pages_as_recorded() {
    let (cards, root) = setup();
    let api = official_api(|_, _, bytes| bytes);
    let synced = run(&api.fetch("swu"), cards.path(), root.path(), None, &[]).unwrap();
    // Every language, each set an item of its own beside swu-db's sets.
    let items = &synced.manifest.items;
    for lang in ["de", "fr", "it", "es"] {
        assert_eq!(items[&format!("HMWP.{lang}")], 20, "{items:?}");
        assert_eq!(items[&format!("GG.{lang}")], 6, "{items:?}");
    }
    assert!(items["HMW"] > 200 && items["SOR"] > 200, "{items:?}");
    // The pages were asked for by language and set, and are not kept.
    let seen = paths(&api);
    assert!(
        seen.iter()
            .any(|p| query(p, "locale").as_deref() == Some("es")
                && query(p, "[expansion][code][$eq]").as_deref() == Some("HMWP")),
        "{seen:?}"
    );
    let files = read_files(&synced.dir, &mut |_| {}).unwrap();
    assert_eq!(files.len(), 4);
    assert!(!synced.dir.join("localized/_page.json").exists());
    let german = files.iter().find(|f| f.locale == Lang::De).unwrap();
    assert_eq!(german.upstream, api.base);
    let chirpa = german.sets["HMWP"].iter().find(|r| r.number == 13).unwrap();
    assert_eq!(chirpa.name.display(), "Häuptling Chirpa | Kühner Ältester");
    assert_eq!(chirpa.en.display(), "Chief Chirpa | Defiant Elder");
    // The French page names the bases' original printings too ("Marais de Dagobah").
    let french = files.iter().find(|f| f.locale == Lang::Fr).unwrap();
    let swamp = &french.sets["GG"][0];
    assert_eq!(swamp.also, [Name::new("Marais de Dagobah", None)]);

    // The catalog made current reads a German name.
    let read = read_ids(
        root.path(),
        "Deck\n3 | Häuptling Chirpa | Kühner Ältester\n",
    );
    assert_eq!(read, ["HMW_164"]);
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn locales_limit_the_languages_and_a_language_left_out_later_is_a_removal() {
    let (cards, root) = setup();
    let api = official_api(|_, _, bytes| bytes);
    let first = run(
        &api.fetch("swu"),
        cards.path(),
        root.path(),
        Some(&["de,fr"]),
        &[],
    )
    .unwrap();
    let langs: Vec<Lang> = read_files(&first.dir, &mut |_| {})
        .unwrap()
        .iter()
        .map(|f| f.locale)
        .collect();
    assert_eq!(langs, [Lang::De, Lang::Fr]);
    assert!(
        paths(&api).iter().all(|p| !p.starts_with("/card-list")
            || matches!(query(p, "locale").as_deref(), Some("de" | "fr"))),
        "only the languages asked are fetched"
    );

    let err = run(
        &api.fetch("swu"),
        cards.path(),
        root.path(),
        Some(&["de"]),
        &[],
    )
    .unwrap_err();
    assert!(
        matches!(&err, SyncError::Removed { items } if items == &["GG.fr", "HMWP.fr"]),
        "{err}"
    );
    assert_eq!(CatalogDir::new(root.path()).current(), first.dir);
    let allowed = run(
        &api.fetch("swu"),
        cards.path(),
        root.path(),
        Some(&["de"]),
        &["GG.fr", "HMWP.fr"],
    )
    .unwrap();
    assert!(!allowed.dir.join("localized/names.fr.json").exists());

    // English only: no name is fetched; a language that is none is refused before anything is.
    let english = tempfile::tempdir().unwrap();
    let plain = run(
        &api.fetch("swu"),
        cards.path(),
        english.path(),
        Some(&["en"]),
        &[],
    )
    .unwrap();
    assert!(!plain.dir.join("localized").exists());
    let bad = run(
        &api.fetch("swu"),
        cards.path(),
        english.path(),
        Some(&["de", "pt"]),
        &[],
    )
    .unwrap_err();
    assert!(bad.to_string().contains("\"pt\""), "{bad}");
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_page_not_whole_or_not_of_its_set_and_language_fails_the_sync_and_keeps_the_catalog() {
    let (cards, root) = setup();
    let good = run(
        &official_api(|_, _, b| b).fetch("swu"),
        cards.path(),
        root.path(),
        None,
        &[],
    )
    .unwrap();
    let text = |b: Vec<u8>| String::from_utf8(b).unwrap();
    let faults: [(&str, Edit, &str); 3] = [
        (
            "a German page holding a French record",
            Box::new(move |set, locale, b| {
                if set == "HMWP" && locale == "de" {
                    text(b)
                        .replacen("\"locale\":\"de\"", "\"locale\":\"fr\"", 1)
                        .into_bytes()
                } else {
                    b
                }
            }),
            "the German names of HMWP, page 1: record 0: its locale is \"fr\", not \"de\"",
        ),
        (
            "a page announcing more records than it holds",
            Box::new(move |set, locale, b| {
                if set == "GG" && locale == "es" {
                    text(b).replace("\"total\":6", "\"total\":7").into_bytes()
                } else {
                    b
                }
            }),
            "the Spanish names of GG: the first page announced 7 records, the pages hold 6",
        ),
        (
            "a page that is not JSON",
            Box::new(|set, locale, b| {
                if set == "GG" && locale == "it" {
                    b"<html>".to_vec()
                } else {
                    b
                }
            }),
            "the Italian names of GG, page 1: expected value",
        ),
    ];
    for (what, fault, says) in faults {
        let api = official_api(fault);
        let err = run(&api.fetch("swu"), cards.path(), root.path(), None, &[]).unwrap_err();
        assert!(err.to_string().contains(says), "{what}: {err}");
        assert_eq!(CatalogDir::new(root.path()).current(), good.dir, "{what}");
    }
    // Whole and well formed, but half of a set's names gone: the check for shrunk data.
    let shrink = run(
        &official_api(|set, locale, b| {
            if set == "HMWP" && locale == "fr" {
                let mut page: Value = serde_json::from_slice(&b).unwrap();
                page["data"].as_array_mut().unwrap().truncate(10);
                page["meta"]["pagination"]["total"] = 10.into();
                serde_json::to_vec(&page).unwrap()
            } else {
                b
            }
        })
        .fetch("swu"),
        cards.path(),
        root.path(),
        None,
        &[],
    )
    .unwrap_err();
    assert!(
        matches!(&shrink, SyncError::Shrink { item, before: 20, after: 10, .. } if item == "HMWP.fr"),
        "{shrink}"
    );
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_directory_of_the_databases_pages_is_read_as_the_server_is() {
    let (cards, over_http) = setup();
    let from_dir = tempfile::tempdir().unwrap();
    let api = official_api(|_, _, b| b);
    let a = run(&api.fetch("swu"), cards.path(), over_http.path(), None, &[]).unwrap();
    let names = DirFetch::new(&shared().join("localized")).unwrap();
    let b = run(&names, cards.path(), from_dir.path(), None, &[]).unwrap();
    let strip = |dir: &Path| -> Vec<NamesFile> {
        read_files(dir, &mut |_| {})
            .unwrap()
            .into_iter()
            .map(|f| NamesFile {
                upstream: String::new(),
                ..f
            })
            .collect()
    };
    assert_eq!(strip(&a.dir), strip(&b.dir));
    assert_eq!(a.manifest.items, b.manifest.items);
    assert!(read_manifest(&b.dir).is_some());
}

/// The paths the server was asked for, in order.
pub(crate) fn paths(api: &MockUpstream) -> Vec<String> {
    api.seen
        .lock()
        .unwrap()
        .iter()
        .map(|(p, _)| p.clone())
        .collect()
}
