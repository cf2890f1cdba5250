//! The games the service serves, and where each one's data comes from.
//!
//! Every game is one [`GameSpec`] listed in [`GAMES`]; nothing else in the service names a
//! game or a format. A game's catalog is the directory its variable names (`DECKCHECK_CARDS`
//! for SWU, `DECKCHECK_LEGION_CARDS`…), else `<data dir>/<its directory>`. On a first start
//! with no catalog, `serve` syncs it from the game's public upstream, as `deckcheck sync` does.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::{Duration, Instant};

use deckcheck_core::sync::{CatalogDir, HttpLimits, Open, SyncOptions, sync};
use deckcheck_core::{AnyGame, GameSpec, LoadError, Paths, Registry};
use serde::Serialize;

use crate::settings::Settings;

/// Every game, the default (Star Wars: Unlimited) first.
pub const GAMES: &[&GameSpec] = &[
    &deckcheck_swu::SPEC,
    &deckcheck_lcg::SPEC,
    &deckcheck_ccg::SPEC,
    &deckcheck_legion::SPEC,
];

/// The spec of a game by id.
pub fn spec(id: &str) -> Option<&'static GameSpec> {
    GAMES
        .iter()
        .copied()
        .find(|g| g.id.eq_ignore_ascii_case(id))
}

/// Where a game's catalog is: its variable, else its directory under the data directory.
pub fn catalog_dir(spec: &GameSpec, data_dir: &Path) -> PathBuf {
    std::env::var_os(spec.env)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| data_dir.join(spec.dir_name))
}

/// A game that could not be loaded, and why: it is listed, and its routes answer 503.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Unavailable {
    pub id: &'static str,
    pub name: &'static str,
    pub reason: String,
}

/// The loaded games and those that could not be.
#[derive(Clone, Default)]
pub struct Loaded {
    pub registry: Registry,
    pub unavailable: Vec<Unavailable>,
    /// What the start line must also say (issue 36): data served from where the README's
    /// offline command points, data older than its upstream's usual update interval.
    pub notes: Vec<String>,
}

/// The paths of a game's data under these settings: a directory the settings name for it,
/// else its variable, else its directory under the data directory.
pub fn paths(spec: &GameSpec, settings: &Settings) -> Paths {
    let named = settings
        .catalogs
        .iter()
        .find(|(id, _)| id.eq_ignore_ascii_case(spec.id))
        .map(|(_, dir)| dir.clone());
    Paths {
        cards: named.unwrap_or_else(|| catalog_dir(spec, &settings.data_dir())),
        card_data: settings.card_data.clone(),
    }
}

/// Whether a directory holds nothing to load (absent, empty, or only what a failed sync left:
/// its lock): a first start.
fn is_missing(dir: &Path) -> bool {
    !CatalogDir::new(dir).holds_data()
}

/// Loads every game. On a first start (`fetch_missing`: how to open an upstream, which the
/// binary gives, `deckcheck_fetch::fetch_from`), a game with no catalog is synced from its
/// upstream first, with bounds that fit a person waiting and progress on stderr.
/// The default game must load; another that cannot is listed as unavailable, with why.
pub fn load_all(settings: &Settings, fetch_missing: Option<Open>) -> Result<Loaded, LoadError> {
    let mut loaded = Loaded::default();
    let mut games: Vec<Arc<dyn AnyGame>> = Vec::new();
    for (i, spec) in GAMES.iter().enumerate() {
        let paths = paths(spec, settings);
        // An interrupted sync is repaired before the first load, exactly as `sync` does.
        if let Err(e) = CatalogDir::new(&paths.cards).recover_if_idle() {
            tracing::warn!(game = spec.id, error = %e, "could not check the catalog directory for an interrupted sync");
        }
        if let Some(open) = fetch_missing
            && is_missing(&paths.cards)
        {
            let upstream = if i == 0 {
                settings.upstream.clone()
            } else {
                spec.source.default_upstream().to_string()
            };
            if let Err(e) = first_sync(spec, open, &upstream, &paths.cards) {
                let reason = format!(
                    "there is no {} catalog at {} and it could not be fetched from {upstream}: {e}. \
                     Point {} at a directory of its card data (a local mirror), or run `deckcheck sync --game {}`",
                    spec.name,
                    paths.cards.display(),
                    spec.env,
                    spec.id
                );
                if i == 0 {
                    return Err(LoadError::new(reason));
                }
                loaded.unavailable.push(Unavailable {
                    id: spec.id,
                    name: spec.name,
                    reason,
                });
                continue;
            }
        }
        match (spec.load)(&paths) {
            Ok(game) => games.push(game),
            Err(e) => {
                let reason = format!(
                    "cannot load the {} data from {}: {e} (set {} to a directory of its card data)",
                    spec.name,
                    paths.cards.display(),
                    spec.env
                );
                if i == 0 {
                    return Err(LoadError::new(reason));
                }
                loaded.unavailable.push(Unavailable {
                    id: spec.id,
                    name: spec.name,
                    reason,
                });
            }
        }
    }
    loaded.registry = Registry::new(games);
    Ok(loaded)
}

/// The longest a first start's sync may take before the last file it fetches.
const FIRST_SYNC: Duration = Duration::from_secs(90);

/// A first start's sync: seconds, not minutes, and said as it goes.
fn first_sync(spec: &GameSpec, open: Open, upstream: &str, dir: &Path) -> Result<(), String> {
    let limits = HttpLimits::INTERACTIVE;
    eprintln!(
        "deckcheck: no {} catalog at {}; fetching it from {upstream} (at most {} s per request, \
         {} s in all; to start without fetching, point {} at a local copy of its card data)",
        spec.name,
        dir.display(),
        limits.request.as_secs(),
        FIRST_SYNC.as_secs(),
        spec.env
    );
    let fetch = open(upstream, limits, spec.id).map_err(|e| e.to_string())?;
    // The game's other upstreams (SWU's card names in other languages), as `deckcheck sync`
    // opens them: each its public one beside the public main upstream, else the same one.
    let mut others = Vec::new();
    for other in spec.source.also_from() {
        let base = other.beside(upstream, spec.source.default_upstream());
        others.push((
            other.name,
            open(&base, limits, spec.id).map_err(|e| e.to_string())?,
        ));
    }
    let progress = |what: &str| eprintln!("deckcheck: {what}");
    let options = SyncOptions {
        deadline: Some(Instant::now() + FIRST_SYNC),
        progress: &progress,
        also_from: others.iter().map(|(n, f)| (*n, f.as_ref())).collect(),
        ..SyncOptions::default()
    };
    let synced = sync(spec.source, fetch.as_ref(), dir, &options).map_err(|e| e.to_string())?;
    eprintln!(
        "deckcheck: {} catalog synced ({} items) into {}",
        spec.name,
        synced.manifest.items.len(),
        dir.display()
    );
    Ok(())
}
