//! Prometheus metrics (`GET /metrics`): the `metrics` facade, rendered by
//! `metrics-exporter-prometheus`. Every metric's name, labels and meaning are here (and in
//! `docs/operations.md`); handlers record through the typed functions below, one line each, so
//! a label can only take a bounded set of values: a route template (never the raw path), a
//! method, a status, a game, a format id of the game's data, a verdict, an outcome. Never a
//! player, an event id, a code or a deck.
//!
//! The recorder is the process's (the facade is process-wide, as logging is), installed by the
//! first [`crate::AppState`]. Gauges that describe state (each game's catalog, the last sync,
//! the store) are set when `/metrics` is scraped, from the state as it is then.

use std::cell::RefCell;
use std::sync::OnceLock;
use std::time::{Duration, SystemTime};

use actix_web::http::Method;
use deckcheck_core::Validated;
use metrics::{
    Counter, Histogram, counter, describe_counter, describe_gauge, describe_histogram, gauge,
    histogram,
};
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};

pub const HTTP_REQUESTS: &str = "deckcheck_http_requests_total";
pub const HTTP_DURATION: &str = "deckcheck_http_request_duration_seconds";
pub const VALIDATIONS: &str = "deckcheck_validations_total";
pub const REGISTRATIONS: &str = "deckcheck_registrations_total";
pub const RATE_LIMITED: &str = "deckcheck_rate_limited_total";
pub const EVENT_LOCKS: &str = "deckcheck_event_locks_total";
pub const EVENT_PUBLISHES: &str = "deckcheck_event_publishes_total";
pub const DECK_CHECKS: &str = "deckcheck_deck_checks_total";
pub const STORE_ERRORS: &str = "deckcheck_store_errors_total";
pub const STORE_UP: &str = "deckcheck_store_up";
pub const GAME_LOADED: &str = "deckcheck_game_loaded";
pub const CATALOG_AGE: &str = "deckcheck_catalog_age_seconds";
pub const CATALOG_CARDS: &str = "deckcheck_catalog_cards";
pub const SYNC_SUCCESS: &str = "deckcheck_sync_last_success";
pub const SYNC_TIME: &str = "deckcheck_sync_last_timestamp_seconds";

/// The label values a bounded label takes, listed once: what `docs/operations.md` lists (a
/// test keeps the two in step, `tests/labels.rs`).
pub mod labels {
    /// `deckcheck_http_requests_total{method}` (and the duration's).
    pub const METHODS: [&str; 10] = [
        "GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "CONNECT", "TRACE", "other",
    ];
    /// `deckcheck_validations_total{verdict}`.
    pub const VERDICTS: [&str; 3] = ["legal", "illegal", "unverified"];
    /// `deckcheck_registrations_total{outcome}`.
    pub const OUTCOMES: [&str; 4] = ["accepted", "pending", "refused", "unchanged"];
    /// `deckcheck_store_errors_total{kind}`.
    pub const STORE_ERRORS: [&str; 7] = [
        "unavailable",
        "outcome-unknown",
        "unusable",
        "read-only",
        "migration",
        "corrupt",
        "timeout",
    ];
    /// `deckcheck_http_requests_total{route}` of a request no route took.
    pub const UNMATCHED: &str = "unmatched";
}

/// Every route template a request's metrics were named by so far in this process (each
/// route's [`RouteMetrics`] says its own when it is made): what `route` can be, besides
/// [`labels::UNMATCHED`].
pub fn route_templates() -> Vec<String> {
    templates()
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .iter()
        .cloned()
        .collect()
}

fn templates() -> &'static std::sync::Mutex<std::collections::BTreeSet<String>> {
    static TEMPLATES: OnceLock<std::sync::Mutex<std::collections::BTreeSet<String>>> =
        OnceLock::new();
    TEMPLATES.get_or_init(Default::default)
}

/// Request durations' buckets, in seconds: a validate is milliseconds, a batch of a few
/// hundred lists seconds.
const DURATION_BUCKETS: &[f64] = &[
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

/// The process's recorder, installed on first use.
pub fn handle() -> &'static PrometheusHandle {
    static HANDLE: OnceLock<PrometheusHandle> = OnceLock::new();
    HANDLE.get_or_init(|| {
        let recorder = PrometheusBuilder::new()
            .set_buckets_for_metric(Matcher::Full(HTTP_DURATION.into()), DURATION_BUCKETS)
            .expect("the buckets are not empty")
            .build_recorder();
        let handle = recorder.handle();
        if metrics::set_global_recorder(recorder).is_err() {
            tracing::warn!(
                "another metrics recorder is installed in this process; /metrics shows none of the service's metrics"
            );
        }
        describe();
        handle
    })
}

fn describe() {
    describe_counter!(
        HTTP_REQUESTS,
        "HTTP requests answered, by route template, method and status"
    );
    describe_histogram!(
        HTTP_DURATION,
        metrics::Unit::Seconds,
        "Time to answer an HTTP request, by route template and method"
    );
    describe_counter!(
        VALIDATIONS,
        "Deck validations answered (validate and each batch entry), by game, format and verdict"
    );
    describe_counter!(
        REGISTRATIONS,
        "Event registrations and resubmissions: accepted, pending for a judge, refused as not legal, or unchanged (the list sent is the current one)"
    );
    describe_counter!(
        RATE_LIMITED,
        "Requests refused with 429, by limit: lookup, unknown-code, creation, client-daily-cap, daily-cap, organizer-key (docs/operations.md)"
    );
    describe_counter!(EVENT_LOCKS, "Events locked by their organizer");
    describe_counter!(EVENT_PUBLISHES, "Events' lists published");
    describe_counter!(DECK_CHECKS, "Deck checks recorded by judges");
    describe_counter!(
        STORE_ERRORS,
        "Event store failures, by kind: unavailable, outcome-unknown, unusable, read-only, migration, corrupt, timeout"
    );
    describe_gauge!(
        STORE_UP,
        "1 when the event store answered a trivial query at the last scrape, else 0"
    );
    describe_gauge!(
        GAME_LOADED,
        "1 when the game's data is loaded and its routes answer, 0 when it is unavailable"
    );
    describe_gauge!(
        CATALOG_AGE,
        metrics::Unit::Seconds,
        "Age of the loaded card catalog: since its sync, or for a mirror since its newest file changed"
    );
    describe_gauge!(CATALOG_CARDS, "Cards in the loaded catalog");
    describe_gauge!(
        SYNC_SUCCESS,
        "1 when the last sync of the game's catalog directory succeeded, 0 when it failed"
    );
    describe_gauge!(
        SYNC_TIME,
        metrics::Unit::Seconds,
        "When the last sync of the game's catalog directory ended (Unix time)"
    );
}

/// One request answered that no route's [`RouteMetrics`] took (no route matched, or the
/// metrics' own route): `route` is the template the router matched, `unmatched` when none did.
pub fn request(route: Option<&str>, method: &Method, status: u16, took: Duration) {
    let route = route.unwrap_or(labels::UNMATCHED).to_string();
    let method = method_label(method);
    counter!(HTTP_REQUESTS, "route" => route.clone(), "method" => method, "status" => status.to_string())
        .increment(1);
    histogram!(HTTP_DURATION, "route" => route, "method" => method).record(took.as_secs_f64());
}

/// A route's request metrics, kept by the route (its resource's data, each worker its own): the
/// handles of its counters and its histogram, registered once per method and status, so a
/// request records without looking its labels up (issue 33 item 5).
pub struct RouteMetrics {
    route: String,
    counters: RefCell<Vec<(&'static str, u16, Counter)>>,
    durations: RefCell<Vec<(&'static str, Histogram)>>,
}

impl RouteMetrics {
    /// The metrics of the route with this template (`/v1/events/{event}`).
    pub fn new(route: String) -> Self {
        templates()
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(route.clone());
        Self {
            route,
            counters: RefCell::new(Vec::new()),
            durations: RefCell::new(Vec::new()),
        }
    }

    /// One request answered.
    pub fn record(&self, method: &Method, status: u16, took: Duration) {
        let method = method_label(method);
        let mut counters = self.counters.borrow_mut();
        match counters
            .iter()
            .find(|(m, s, _)| *m == method && *s == status)
        {
            Some((_, _, counter)) => counter.increment(1),
            None => {
                let counter = counter!(HTTP_REQUESTS, "route" => self.route.clone(), "method" => method, "status" => status.to_string());
                counter.increment(1);
                counters.push((method, status, counter));
            }
        }
        let mut durations = self.durations.borrow_mut();
        match durations.iter().find(|(m, _)| *m == method) {
            Some((_, histogram)) => histogram.record(took.as_secs_f64()),
            None => {
                let histogram =
                    histogram!(HTTP_DURATION, "route" => self.route.clone(), "method" => method);
                histogram.record(took.as_secs_f64());
                durations.push((method, histogram));
            }
        }
    }
}

/// A method as a bounded label: the standard ones, else `other`.
fn method_label(method: &Method) -> &'static str {
    labels::METHODS
        .into_iter()
        .find(|m| *m == method.as_str() && *m != "other")
        .unwrap_or("other")
}

/// A validate answer: one count per format asked, by its verdict.
pub fn validated(answer: &Validated) {
    let summary = &answer.summary;
    let [legal, illegal, unverified] = labels::VERDICTS;
    for (verdict, formats) in [
        (legal, &summary.legal),
        (illegal, &summary.illegal),
        (unverified, &summary.unverified),
    ] {
        for format in formats {
            counter!(VALIDATIONS, "game" => answer.game, "format" => format.clone(), "verdict" => verdict)
                .increment(1);
        }
    }
}

/// What became of a list submitted to an event.
#[derive(Debug, Clone, Copy)]
pub enum Registration {
    /// Stored and accepted (legal, or accepted by a judge).
    Accepted,
    /// Stored, waiting for a judge (not legal, under the event's `pending` setting).
    Pending,
    /// Not stored: not legal, and the event refuses such lists.
    Refused,
    /// Not stored: the list sent is the current one (the same fingerprint).
    Unchanged,
}

pub fn registration(outcome: Registration) {
    let [accepted, pending, refused, unchanged] = labels::OUTCOMES;
    let outcome = match outcome {
        Registration::Accepted => accepted,
        Registration::Pending => pending,
        Registration::Refused => refused,
        Registration::Unchanged => unchanged,
    };
    counter!(REGISTRATIONS, "outcome" => outcome).increment(1);
}

/// A request refused with 429 by the limit of `kind` (a bounded set: see the limits).
pub fn rate_limited(kind: &'static str) {
    counter!(RATE_LIMITED, "kind" => kind).increment(1);
}

pub fn event_locked() {
    counter!(EVENT_LOCKS).increment(1);
}

pub fn event_published() {
    counter!(EVENT_PUBLISHES).increment(1);
}

pub fn deck_checked() {
    counter!(DECK_CHECKS).increment(1);
}

/// A store failure (the database, not a refusal): its kind.
pub fn store_error(e: &deckcheck_store::StoreError) {
    use deckcheck_store::StoreError;
    let [
        unavailable,
        unknown,
        unusable,
        read_only,
        migration,
        corrupt,
        _,
    ] = labels::STORE_ERRORS;
    let kind = match e {
        StoreError::Unavailable { .. } => unavailable,
        StoreError::OutcomeUnknown { .. } => unknown,
        StoreError::Unusable { .. } => unusable,
        StoreError::ReadOnly { .. } => read_only,
        StoreError::Migrate(_) => migration,
        StoreError::Corrupt(_) => corrupt,
        _ => return,
    };
    counter!(STORE_ERRORS, "kind" => kind).increment(1);
}

/// A readiness check that found the store silent (it did not answer in time).
pub fn store_timeout() {
    counter!(STORE_ERRORS, "kind" => labels::STORE_ERRORS[6]).increment(1);
}

/// What a game's gauges say at a scrape.
pub struct GameGauges<'a> {
    pub game: &'static str,
    /// The loaded catalog's card count and its time; `None` for a game not loaded.
    pub loaded: Option<(usize, Option<SystemTime>)>,
    pub last_sync: Option<&'a deckcheck_core::sync::LastSync>,
}

/// Sets the gauges of state and renders every metric in Prometheus's text format.
pub fn render(games: &[GameGauges<'_>], store_up: bool) -> String {
    let handle = handle();
    gauge!(STORE_UP).set(if store_up { 1.0 } else { 0.0 });
    let now = SystemTime::now();
    for g in games {
        gauge!(GAME_LOADED, "game" => g.game).set(if g.loaded.is_some() { 1.0 } else { 0.0 });
        if let Some((cards, time)) = g.loaded {
            gauge!(CATALOG_CARDS, "game" => g.game).set(cards as f64);
            if let Some(age) = time.and_then(|t| now.duration_since(t).ok()) {
                gauge!(CATALOG_AGE, "game" => g.game).set(age.as_secs_f64().round());
            }
        }
        if let Some(last) = g.last_sync {
            gauge!(SYNC_SUCCESS, "game" => g.game).set(if last.ok { 1.0 } else { 0.0 });
            if let Ok(at) = last.finished_at.parse::<jiff::Timestamp>() {
                gauge!(SYNC_TIME, "game" => g.game).set(at.as_second() as f64);
            }
        }
    }
    handle.render()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_method_outside_the_standard_ones_is_one_label() {
        assert_eq!(method_label(&Method::GET), "GET");
        assert_eq!(method_label(&Method::from_bytes(b"BREW").unwrap()), "other");
    }
}
