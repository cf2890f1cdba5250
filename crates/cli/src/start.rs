//! The games' data at `serve`'s start (issue 36): each game's catalog as the settings say, a
//! first start's missing one fetched from its upstream; where that upstream cannot be reached,
//! the card data where the README's offline command points (`../shared/data/…`, beside the
//! repository), said in the start line; and a warning there for data older than its
//! upstream's usual update interval.

use std::path::{Path, PathBuf};

use deckcheck_core::sync::CatalogDir;
use deckcheck_core::{GameSpec, LoadError};
use deckcheck_fetch::fetch_from;
use deckcheck_server::games::{GAMES, Loaded};
use deckcheck_server::settings::Settings;

/// Each game's card data where the README's offline command points, from the directory
/// `cargo run` runs in (the repository).
pub const SHARED: [(&str, &str); 4] = [
    ("swu", "../shared/data/swu/cards"),
    ("lcg", "../shared/data/swlcg"),
    ("ccg", "../shared/data/swccg"),
    ("legion", "../shared/data/legion/legion-hq"),
];

/// The README's offline command, word for word.
pub const OFFLINE_COMMAND: &str = "DECKCHECK_CARDS=../shared/data/swu/cards DECKCHECK_LCG_CARDS=../shared/data/swlcg DECKCHECK_CCG_CARDS=../shared/data/swccg DECKCHECK_LEGION_CARDS=../shared/data/legion/legion-hq cargo run --release -p deckcheck -- serve";

/// Loads every game for `serve`: [`deckcheck_server::loading::load_all`] with a first start's sync; then, for the
/// games whose upstream could not give their data, the data of `../shared` if it is there (one
/// more load, fetching nothing); then the start line's warnings.
pub fn load(settings: &Settings) -> Result<Loaded, LoadError> {
    let missing: Vec<&GameSpec> = GAMES
        .iter()
        .copied()
        .filter(|spec| !holds_data(&settings.paths(spec).cards))
        .collect();
    let first = deckcheck_server::loading::load_all(settings, Some(fetch_from));
    let offline: Vec<(&GameSpec, PathBuf)> = missing
        .iter()
        .filter(|spec| !holds_data(&settings.paths(spec).cards))
        .filter_map(|spec| shared_dir(spec.id).map(|dir| (*spec, dir)))
        .collect();
    if offline.is_empty() {
        let mut loaded = first.map_err(|e| {
            LoadError::new(format!(
                "{e}. Without internet, with ../shared beside the repository, start it as the README says: {OFFLINE_COMMAND}"
            ))
        })?;
        loaded
            .notes
            .extend(stale(settings, &loaded, jiff::Zoned::now().date()));
        return Ok(loaded);
    }
    let mut settings = settings.clone();
    settings.catalogs.extend(
        offline
            .iter()
            .map(|(spec, dir)| (spec.id.to_string(), dir.clone())),
    );
    let mut loaded = deckcheck_server::loading::load_all(&settings, None)?;
    let served: Vec<String> = offline
        .iter()
        .filter(|(spec, _)| loaded.registry.get(Some(spec.id)).is_some())
        .map(|(spec, dir)| format!("{} from {}", spec.id, dir.display()))
        .collect();
    if !served.is_empty() {
        loaded.notes.push(format!(
            "The upstreams could not be reached: serving the card data where the README's offline command points ({}). Sync later with `deckcheck sync --game GAME`.",
            served.join(", ")
        ));
    }
    loaded
        .notes
        .extend(stale(&settings, &loaded, jiff::Zoned::now().date()));
    Ok(loaded)
}

/// Whether a catalog directory holds data to load.
fn holds_data(dir: &Path) -> bool {
    CatalogDir::new(dir).holds_data()
}

/// A game's directory in `../shared` as the README names it, if it holds data.
fn shared_dir(game: &str) -> Option<PathBuf> {
    let (_, relative) = SHARED.iter().find(|(id, _)| *id == game)?;
    let dir = PathBuf::from(relative);
    holds_data(&dir).then_some(dir)
}

/// A warning for each loaded game whose data is older than its upstream's usual update
/// interval on `today` ([`deckcheck_core::sync::Source::update_interval`], `data_date`).
pub fn stale(settings: &Settings, loaded: &Loaded, today: jiff::civil::Date) -> Vec<String> {
    GAMES
        .iter()
        .filter(|spec| loaded.registry.get(Some(spec.id)).is_some())
        .filter_map(|spec| {
            let interval = spec.source.update_interval()?;
            let current = CatalogDir::new(settings.paths(spec).cards).current();
            let of = spec.source.data_date(&current)?;
            let days = (today - of).get_days().max(0) as u64;
            let usual = interval.as_secs() / 86_400;
            (days > usual).then(|| {
                format!(
                    "{}'s card data is of {of}, {days} days old; its upstream usually changes within {usual} days: run `deckcheck sync --game {}`.",
                    spec.name, spec.id
                )
            })
        })
        .collect()
}
