//! `serve`'s first start (issue 28): a game with no catalog is synced from its upstream before
//! it loads, and SWU's card names in other languages come with it, from the same upstream when
//! that is not the public one (a mirror holds both), as `deckcheck sync` fetches them.

use std::path::Path;

use deckcheck_core::sync::{DirFetch, Fetch, FetchError, HttpLimits};
use deckcheck_core::{DeckInput, ValidateRequest};
use deckcheck_server::loading::load_all;

use crate::helpers::*;

/// Opens an upstream that is a directory (the test's mirror); any other is refused.
fn open_dir(upstream: &str, _: HttpLimits, _: &str) -> Result<Box<dyn Fetch>, FetchError> {
    Ok(Box::new(DirFetch::new(Path::new(upstream))?))
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_first_start_syncs_the_card_names_in_other_languages_with_the_cards() {
    let localized = shared_swu().join("localized");
    assert!(
        localized.join("names.index.json").is_file(),
        "needs ../shared: no shared/data/swu/localized"
    );
    // The mirror: swu-db's answers (every set, and Homeworlds) and the official card
    // database's pages of the sample, side by side.
    let mirror = tempfile::tempdir().unwrap();
    for (from, to) in [
        (shared_swu().join("cards/all_cards.json"), "all_cards.json"),
        (
            shared_swu().join("cards/swu-db-2026-10-08/HMW.json"),
            "HMW.json",
        ),
    ] {
        std::fs::copy(from, mirror.path().join(to)).unwrap();
    }
    for page in std::fs::read_dir(&localized).unwrap() {
        let page = page.unwrap().path();
        let name = page.file_name().unwrap().to_string_lossy().to_string();
        if name.starts_with("card-list.") {
            std::fs::copy(&page, mirror.path().join(name)).unwrap();
        }
    }
    let data = tempfile::tempdir().unwrap();
    let cards = data.path().join("swu-cards");
    let mut settings = settings(&[("swu", cards.clone())]);
    settings.data_dir = Some(data.path().to_path_buf());
    settings.upstream = mirror.path().display().to_string();

    let loaded = load_all(&settings, Some(open_dir)).expect("SWU syncs and loads");
    let current = deckcheck_core::sync::CatalogDir::new(&cards).current();
    for lang in ["de", "fr", "it", "es"] {
        assert!(
            current
                .join(format!("localized/names.{lang}.json"))
                .is_file(),
            "the {lang} names were synced with the cards"
        );
    }
    let swu = loaded.registry.get(Some("swu")).expect("SWU is loaded");
    let request = ValidateRequest {
        decks: vec![DeckInput {
            field: "deck".into(),
            text: "Deck\n3 | Häuptling Chirpa | Kühner Ältester\n".into(),
        }],
        formats: vec!["eternal".into()],
        as_of: jiff::civil::date(2026, 11, 22),
        input_format: None,
        explain: true,
        player: None,
        uid: None,
        registration: false,
        options: Default::default(),
    };
    let answer = swu.validate(&request).unwrap();
    let view = serde_json::to_value(&answer.decks[0]).unwrap();
    assert!(
        view.to_string().contains("Chief Chirpa"),
        "the German name is read: {view}"
    );
}
