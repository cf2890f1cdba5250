//! Loading every game's data: at start (a first start syncs a game that has no catalog from
//! its public upstream, as `deckcheck sync` does), and again on a reload (`POST
//! /v1/admin/reload`, SIGHUP), swapped in whole while requests in flight finish on the data
//! they started with.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use deckcheck_core::sync::{CatalogDir, HttpLimits, Open, SyncOptions, sync};
use deckcheck_core::{AnyGame, GameReload, GameSpec, LoadError, Registry, Reloaded};

use crate::games::{GAMES, Loaded, Unavailable};
use crate::settings::Settings;
use crate::state::AppState;

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
        let paths = settings.paths(spec);
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
fn first_sync(spec: &GameSpec, open: Open, upstream: &str, dir: &Path) -> Result<(), LoadError> {
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
    let fetch = open(upstream, limits, spec.id).map_err(LoadError::new)?;
    // The game's other upstreams (SWU's card names in other languages), as `deckcheck sync`
    // opens them: each its public one beside the public main upstream, else the same one.
    let mut others = Vec::new();
    for other in spec.source.also_from() {
        let base = other.beside(upstream, spec.source.default_upstream());
        others.push((
            other.name,
            open(&base, limits, spec.id).map_err(LoadError::new)?,
        ));
    }
    let progress = |what: &str| eprintln!("deckcheck: {what}");
    let options = SyncOptions {
        deadline: Some(Instant::now() + FIRST_SYNC),
        progress: &progress,
        also_from: others.iter().map(|(n, f)| (*n, f.as_ref())).collect(),
        ..SyncOptions::default()
    };
    let synced = sync(spec.source, fetch.as_ref(), dir, &options).map_err(LoadError::new)?;
    eprintln!(
        "deckcheck: {} catalog synced ({} items) into {}",
        spec.name,
        synced.manifest.items.len(),
        dir.display()
    );
    Ok(())
}

/// Reloads every game's data off the request path and swaps it in; a game whose new data
/// cannot be loaded keeps the data it had. One reload at a time.
pub fn reload(state: &AppState) -> Reloaded {
    let _one_at_a_time = state.one_load_at_a_time();
    let before = state.loaded();
    let mut games: Vec<Arc<dyn AnyGame>> = Vec::new();
    let mut unavailable = Vec::new();
    let mut report = Vec::new();
    for spec in GAMES {
        let previous = before.registry.get(Some(spec.id)).cloned();
        let was = previous.as_ref().map(|g| g.info().catalog.to_string());
        match (spec.load)(&state.settings.paths(spec)) {
            Ok(game) => {
                report.push(GameReload {
                    game: spec.id,
                    previous: was,
                    catalog: Some(game.info().catalog.to_string()),
                    cards: Some(game.info().cards),
                    error: None,
                });
                games.push(game);
            }
            Err(e) => {
                let e = e.to_string();
                report.push(GameReload {
                    game: spec.id,
                    previous: was.clone(),
                    catalog: was,
                    cards: previous.as_ref().map(|g| g.info().cards),
                    error: Some(e.clone()),
                });
                match previous {
                    Some(game) => games.push(game),
                    None => unavailable.push(Unavailable {
                        id: spec.id,
                        name: spec.name,
                        reason: e,
                    }),
                }
            }
        }
    }
    let reloaded = report.iter().all(|r| r.error.is_none());
    state.set_loaded(Loaded {
        registry: Registry::new(games),
        unavailable,
        notes: Vec::new(),
    });
    Reloaded {
        reloaded,
        games: report,
    }
}
