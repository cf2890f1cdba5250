//! What every handler shares ([`AppState`]): the loaded games behind an `ArcSwap` (a reload
//! swaps them at once while requests in flight finish on the data they started with), the
//! settings, the event store, the link client, the API document made at start, and the
//! service's own accounting (bodies being received, slow requests).

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant, SystemTime};

use arc_swap::ArcSwap;
use deckcheck_core::{AnyGame, LoadError, RequestError};

use crate::games::{self, Loaded};
use crate::metrics;
use crate::settings::{Settings, StoreName};

/// How `serve` loads the games' data, run off the event loop once the service listens.
pub type Loader = Box<dyn FnOnce(&Settings) -> Result<Loaded, LoadError> + Send>;

/// What every handler shares.
pub struct AppState {
    loaded: ArcSwap<Loaded>,
    pub settings: Settings,
    /// One reload at a time; requests never wait on it.
    reloading: Mutex<()>,
    /// Bytes of request bodies being received now, over all connections.
    receiving: AtomicUsize,
    /// Under a crowd of slow clients one line says bodies are refused every few seconds, not
    /// one per refused request.
    busy_logged: Every,
    /// Requests slower than [`SLOW`] since the last line that summed them up.
    pub slow: SlowRequests,
    pub started: Instant,
    /// True until the games' data has loaded at start: `/ready` and the game routes say so.
    loading: AtomicBool,
    /// Counts the changes of the loaded games (a load, a reload): what an answer made from
    /// them is kept for ([`AppState::kept`]).
    generation: AtomicU64,
    /// `/health`'s answer, made once per generation of the loaded games.
    health: ArcSwap<(u64, actix_web::web::Bytes)>,
    /// Each loaded game's catalog time (its sync, else its newest file), for the metrics.
    catalog_times: ArcSwap<Vec<(&'static str, Option<SystemTime>)>>,
    /// The event store, named without secrets (logs, `/ready`).
    pub store_name: StoreName,
    /// The API document (the embedded one, or made once at start; served, never read back).
    pub openapi: std::borrow::Cow<'static, str>,
    /// Events: registrations, locks, deck checks (SQLite or PostgreSQL).
    pub store: deckcheck_store::Store,
    /// The one client that fetches decks given as links (`DECKCHECK_LINK_HOSTS`).
    pub links: deckcheck_links::Links,
}

impl AppState {
    /// The state of a service whose games are `loaded`, or (`None`) still loading.
    pub fn new(
        loaded: Option<Loaded>,
        settings: Settings,
        store: deckcheck_store::Store,
        links: deckcheck_links::Links,
        openapi: std::borrow::Cow<'static, str>,
    ) -> Self {
        metrics::handle();
        let state = Self {
            loaded: ArcSwap::from_pointee(Loaded::default()),
            links,
            store,
            store_name: settings.store_name(),
            settings,
            reloading: Mutex::new(()),
            receiving: AtomicUsize::new(0),
            busy_logged: Every::new(BUSY_LOG_EVERY),
            slow: SlowRequests::default(),
            started: Instant::now(),
            loading: AtomicBool::new(true),
            generation: AtomicU64::new(0),
            health: ArcSwap::from_pointee((u64::MAX, actix_web::web::Bytes::new())),
            catalog_times: ArcSwap::from_pointee(Vec::new()),
            openapi,
        };
        if let Some(loaded) = loaded {
            state.set_loaded(loaded);
        }
        state
    }

    /// `/health`'s answer for the games as they are loaded now: the one kept, else `make`'s,
    /// kept until the games change (a probe asked every second costs a copy, not a build).
    pub fn kept_health(
        &self,
        make: impl FnOnce() -> actix_web::web::Bytes,
    ) -> actix_web::web::Bytes {
        let generation = self.generation.load(Ordering::Acquire);
        let kept = self.health.load();
        if kept.0 == generation {
            return kept.1.clone();
        }
        let made = make();
        self.health.store(Arc::new((generation, made.clone())));
        made
    }

    /// Whether the games' data is still loading (at start).
    pub fn is_loading(&self) -> bool {
        self.loading.load(Ordering::Acquire)
    }

    /// Puts loaded games in place for the requests that start from now on.
    pub fn set_loaded(&self, loaded: Loaded) {
        let times = loaded
            .registry
            .games()
            .iter()
            .filter_map(|g| games::spec(g.info().id))
            .map(|spec| (spec.id, catalog_time(&self.settings.paths(spec).cards)))
            .collect();
        self.loaded.store(Arc::new(loaded));
        self.catalog_times.store(Arc::new(times));
        self.loading.store(false, Ordering::Release);
        self.generation.fetch_add(1, Ordering::AcqRel);
    }

    /// Runs `serve`'s loading (one load or reload at a time) and puts its games in place.
    pub fn load_at_start(&self, load: Loader) -> Result<(), LoadError> {
        let _one_at_a_time = self.one_load_at_a_time();
        let loaded = load(&self.settings)?;
        self.set_loaded(loaded);
        Ok(())
    }

    /// Every metric, with the gauges of each game's data and its last sync as they are now.
    pub fn render_metrics(&self, store_up: bool) -> String {
        let loaded = self.loaded();
        let times = self.catalog_times.load();
        let syncs: Vec<_> = games::GAMES
            .iter()
            .map(|spec| {
                let root = self.settings.paths(spec).cards;
                deckcheck_core::sync::read_last_sync(&root)
            })
            .collect();
        let gauges: Vec<metrics::GameGauges<'_>> = games::GAMES
            .iter()
            .zip(&syncs)
            .map(|(spec, last_sync)| metrics::GameGauges {
                game: spec.id,
                loaded: loaded.registry.get(Some(spec.id)).map(|g| {
                    let time = times.iter().find(|(id, _)| *id == spec.id);
                    (g.info().cards, time.and_then(|(_, t)| *t))
                }),
                last_sync: last_sync.as_ref(),
            })
            .collect();
        metrics::render(&gauges, store_up)
    }

    /// The one line that says the service is ready: its event store and each game's data.
    pub fn log_ready(&self) {
        let loaded = self.loaded();
        let games: Vec<String> = loaded
            .registry
            .games()
            .iter()
            .map(|g| {
                format!(
                    "{} {} ({} cards)",
                    g.info().id,
                    g.info().catalog,
                    g.info().cards
                )
            })
            .chain(
                loaded
                    .unavailable
                    .iter()
                    .map(|u| format!("{} unavailable", u.id)),
            )
            .collect();
        // The loader's notes (issue 36: data from ../shared, data older than its upstream's
        // usual update interval) are the same line's warnings.
        if loaded.notes.is_empty() {
            tracing::info!(
                store = self.store_name.backend,
                store_location = self.store_name.location.as_str(),
                games = games.join("; ").as_str(),
                "deckcheck ready"
            );
        } else {
            tracing::warn!(
                store = self.store_name.backend,
                store_location = self.store_name.location.as_str(),
                games = games.join("; ").as_str(),
                warnings = loaded.notes.join(" ").as_str(),
                "deckcheck ready"
            );
        }
        for u in &loaded.unavailable {
            tracing::warn!(game = u.id, reason = u.reason.as_str(), "game unavailable");
        }
    }

    /// The games for one request: held until it ends, whatever is swapped meanwhile.
    pub fn loaded(&self) -> Arc<Loaded> {
        self.loaded.load_full()
    }

    /// A game by id (the default game for `None`), or the error a client gets: still loading
    /// or not loaded (503), or no such game (`unknown-game`).
    pub fn game(&self, id: Option<&str>) -> Result<Arc<dyn AnyGame>, RequestError> {
        let loaded = self.loaded();
        if let Some(game) = loaded.registry.get(id) {
            return Ok(Arc::clone(game));
        }
        if self.is_loading()
            && let Some(spec) = games::spec(id.unwrap_or(games::GAMES[0].id))
        {
            return Err(RequestError::game_unavailable(
                spec.name,
                "its data is still loading; retry in a moment (GET /ready says when)",
            ));
        }
        let id = id.unwrap_or("");
        if let Some(u) = loaded
            .unavailable
            .iter()
            .find(|u| u.id.eq_ignore_ascii_case(id))
        {
            return Err(RequestError::game_unavailable(u.name, &u.reason));
        }
        let known: Vec<&str> = games::GAMES.iter().map(|g| g.id).collect();
        Err(RequestError::unknown_game(id, &known))
    }

    /// Held while the games' data loads or reloads: one at a time.
    pub fn one_load_at_a_time(&self) -> std::sync::MutexGuard<'_, ()> {
        self.reloading.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Says, at most once every [`BUSY_LOG_EVERY`], that bodies are being refused.
    fn log_busy(&self, held: usize) {
        if self.busy_logged.due(self.started) {
            tracing::warn!(
                held,
                limit = self.settings.body_memory,
                "request bodies refused (503 busy): the bodies being received hold DECKCHECK_BODY_MEMORY; many slow clients, or a limit too low"
            );
        }
    }

    /// An account of the memory one body being received holds, given back when dropped.
    pub fn reservation(&self) -> Reserved<'_> {
        Reserved {
            state: self,
            bytes: 0,
        }
    }
}

/// Memory held by a body being received: counted against `DECKCHECK_BODY_MEMORY` for all
/// connections together, so a crowd of slow clients cannot make the service hold more (they
/// get a 503 and may retry); given back when dropped.
pub struct Reserved<'a> {
    state: &'a AppState,
    bytes: usize,
}

impl Reserved<'_> {
    /// Counts a body's buffer growing from `before` to `after` bytes, or says the service holds
    /// as much as it may. The first [`SMALL_BODY`] of each body are not counted: a deck is a
    /// few kilobytes, and valid requests are never refused because slow clients fill the
    /// budget (what they hold is bounded by the connections a worker takes).
    pub fn grow(&mut self, before: usize, after: usize) -> Result<(), RequestError> {
        let bytes = after.saturating_sub(SMALL_BODY) - before.saturating_sub(SMALL_BODY);
        if bytes == 0 {
            return Ok(());
        }
        let now = self.state.receiving.fetch_add(bytes, Ordering::Relaxed) + bytes;
        self.bytes += bytes;
        if now > self.state.settings.body_memory as usize {
            self.state.log_busy(now);
            return Err(RequestError::busy());
        }
        Ok(())
    }
}

impl Drop for Reserved<'_> {
    fn drop(&mut self) {
        self.state
            .receiving
            .fetch_sub(self.bytes, Ordering::Relaxed);
    }
}

/// When a catalog's data was made: its sync (the manifest of its current version), else, for a
/// mirror, when its newest file last changed.
fn catalog_time(cards: &std::path::Path) -> Option<SystemTime> {
    let current = deckcheck_core::sync::CatalogDir::new(cards).current();
    if let Some(manifest) = deckcheck_core::sync::read_manifest(&current)
        && let Ok(synced) = manifest.synced_at.parse::<jiff::Timestamp>()
    {
        return Some(SystemTime::from(synced));
    }
    std::fs::read_dir(&current)
        .ok()?
        .filter_map(Result::ok)
        .filter_map(|e| e.metadata().ok()?.modified().ok())
        .max()
}

/// A request slower than this is counted for the summary line of slow requests.
pub const SLOW: Duration = Duration::from_secs(1);

/// The least time between two summary lines of slow requests.
const SLOW_LOG_EVERY: Duration = Duration::from_secs(60);

/// Something said at most once every so often: the first time at once, then never sooner than
/// `every` after the last time.
struct Every {
    /// When it was last said (seconds since start, plus one; 0 for never).
    last: AtomicU64,
    every: Duration,
}

impl Every {
    fn new(every: Duration) -> Self {
        Self {
            last: AtomicU64::new(0),
            every,
        }
    }

    /// Whether it is time to say it again (and, if so, the time is taken).
    fn due(&self, started: Instant) -> bool {
        let now = started.elapsed().as_secs() + 1;
        let last = self.last.load(Ordering::Relaxed);
        (last == 0 || now >= last + self.every.as_secs())
            && self
                .last
                .compare_exchange(last, now, Ordering::Relaxed, Ordering::Relaxed)
                .is_ok()
    }
}

/// Requests slower than [`SLOW`], summed up in one info line a minute at most.
pub struct SlowRequests {
    count: AtomicU64,
    slowest_ms: AtomicU64,
    logged: Every,
}

impl Default for SlowRequests {
    fn default() -> Self {
        Self {
            count: AtomicU64::new(0),
            slowest_ms: AtomicU64::new(0),
            logged: Every::new(SLOW_LOG_EVERY),
        }
    }
}

impl SlowRequests {
    pub fn note(&self, took: Duration, started: Instant) {
        self.count.fetch_add(1, Ordering::Relaxed);
        self.slowest_ms
            .fetch_max(took.as_millis() as u64, Ordering::Relaxed);
        if self.logged.due(started) {
            let requests = self.count.swap(0, Ordering::Relaxed);
            let slowest_ms = self.slowest_ms.swap(0, Ordering::Relaxed);
            tracing::info!(
                target: "access",
                requests,
                slowest_ms,
                "requests slower than 1 s since the last such line (at most one a minute): the \
                 service is under load; deckcheck_http_request_duration_seconds has the detail"
            );
        }
    }
}

/// The part of each body not counted against `DECKCHECK_BODY_MEMORY`: more than a deck list
/// in any format (a 60-card SWUDB export is under 2 KiB).
pub const SMALL_BODY: usize = 16 * 1024;

/// The least time between two log lines about bodies refused as `busy`.
const BUSY_LOG_EVERY: Duration = Duration::from_secs(10);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_line_said_every_so_often_is_said_at_once_then_not_before_its_time() {
        let every = Every::new(Duration::from_secs(60));
        let now = Instant::now();
        assert!(every.due(now));
        assert!(!every.due(now));
        if let Some(earlier) = now.checked_sub(Duration::from_secs(120)) {
            assert!(every.due(earlier), "two minutes later it is due again");
        }
    }

    #[test]
    fn slow_requests_are_summed_up_not_said_one_by_one() {
        // Issue 29: hundreds of WARN lines for normal work under load. The first slow request
        // is said at once (with the count so far), the next ones are counted for the next line.
        let slow = SlowRequests::default();
        let now = Instant::now();
        for ms in [1500, 2500, 1200] {
            slow.note(Duration::from_millis(ms), now);
        }
        assert_eq!(slow.count.load(Ordering::Relaxed), 2);
        assert_eq!(slow.slowest_ms.load(Ordering::Relaxed), 2500);
    }
}
