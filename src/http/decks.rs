//! `POST /v1/decks/validate` and `POST /v1/decks/validate-batch`: a deck (or an event's
//! roster) in, a report per format out.

use std::ops::Range;

use actix_web::web::{Data, Payload, Query};
use actix_web::{HttpRequest, HttpResponse};
use jiff::civil::Date;
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;

use super::AppState;
use super::body::{self, BodyKind};
use super::error::ApiError;
use crate::catalog::Catalog;
use crate::checker::Checker;
use crate::data::FormatId;
use crate::deck::{Deck, Zone};
use crate::decklist::{Imported, InputFormat, import};
use crate::json::{Object, from_object};
use crate::rules::{CardRef, CheckOptions, Report};

/// Options that may come in the query string or the JSON body (the body wins).
#[derive(Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Options {
    /// One format, a comma-separated list, or `all` (query); a string or an array (body).
    #[serde(default)]
    format: Option<Formats>,
    #[serde(default)]
    as_of: Option<String>,
    #[serde(default)]
    input_format: Option<InputFormat>,
    #[serde(default)]
    trilogy_pool: Option<String>,
    #[serde(default)]
    event_set: Option<String>,
    #[serde(default)]
    competitive: Option<bool>,
    /// Also answer the deck as understood, zone by zone (`decks`).
    #[serde(default)]
    explain: Option<bool>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Formats {
    One(String),
    Many(Vec<String>),
}

/// The JSON body of a validate request.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ValidateBody<'a> {
    /// A SWUDB JSON object, or a text list in any format the importer reads.
    #[serde(default, borrow)]
    deck: Option<&'a RawValue>,
    /// Trilogy: the three decks.
    #[serde(default, borrow)]
    decks: Option<Vec<&'a RawValue>>,
    /// Limited: the opened or drafted cards, deck-shaped, in any input format.
    #[serde(default, borrow)]
    pool: Option<&'a RawValue>,
    #[serde(default)]
    player: Option<String>,
    #[serde(default)]
    uid: Option<String>,
    // The options, spelled out: `#[serde(flatten)]` would buffer the whole body first.
    #[serde(default)]
    format: Option<Formats>,
    #[serde(default)]
    as_of: Option<String>,
    #[serde(default)]
    input_format: Option<InputFormat>,
    #[serde(default)]
    trilogy_pool: Option<String>,
    #[serde(default)]
    event_set: Option<String>,
    #[serde(default)]
    competitive: Option<bool>,
    #[serde(default)]
    explain: Option<bool>,
}

impl ValidateBody<'_> {
    fn options(&mut self) -> Options {
        Options {
            format: self.format.take(),
            as_of: self.as_of.take(),
            input_format: self.input_format.take(),
            trilogy_pool: self.trilogy_pool.take(),
            event_set: self.event_set.take(),
            competitive: self.competitive.take(),
            explain: self.explain.take(),
        }
    }
}

/// A deck as understood, zone by zone, so a misread line is obvious.
#[derive(Debug, Serialize)]
pub struct DeckView {
    leaders: Vec<LineView>,
    bases: Vec<LineView>,
    main: Vec<LineView>,
    sideboard: Vec<LineView>,
    main_count: u64,
    sideboard_count: u64,
}

#[derive(Debug, Serialize)]
struct LineView {
    count: u32,
    #[serde(flatten)]
    card: CardRef,
    #[serde(skip_serializing_if = "Option::is_none")]
    line: Option<u32>,
}

impl DeckView {
    pub fn new(catalog: &Catalog, deck: &Deck) -> Self {
        let zone = |z| {
            deck.in_zone(z)
                .map(|e| LineView {
                    count: e.count,
                    card: CardRef::new(catalog, e.card, Some(e.printing)),
                    line: e.line,
                })
                .collect()
        };
        Self {
            leaders: zone(Zone::Leader),
            bases: zone(Zone::Base),
            main: zone(Zone::Main),
            sideboard: zone(Zone::Sideboard),
            main_count: deck.count(Zone::Main),
            sideboard_count: deck.count(Zone::Sideboard),
        }
    }
}

#[derive(Serialize)]
struct ValidateResponse<'a> {
    legal: bool,
    as_of: Date,
    catalog: &'a str,
    /// With `explain`: the decks as understood.
    #[serde(skip_serializing_if = "Option::is_none")]
    decks: Option<Vec<DeckView>>,
    reports: FormatReports,
}

/// The reports, written straight from the checker's answer, each with the decks it judged when
/// the request had several (Trilogy judges all three).
struct FormatReports {
    several_decks: bool,
    reports: Vec<(Range<usize>, Report)>,
}

impl Serialize for FormatReports {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct FormatReport<'a> {
            #[serde(flatten)]
            report: &'a Report,
            #[serde(skip_serializing_if = "Option::is_none")]
            decks: Option<Vec<usize>>,
        }
        serializer.collect_seq(self.reports.iter().map(|(decks, report)| FormatReport {
            report,
            decks: self.several_decks.then(|| decks.clone().collect()),
        }))
    }
}

/// Resolved request options.
struct Resolved {
    explain: bool,
    formats: Vec<FormatId>,
    template: CheckOptions,
    input_format: Option<InputFormat>,
    /// Limited: the event's set, for "any Common base of the set".
    event_set: Option<String>,
}

fn resolve_options(
    query: Options,
    body: Options,
    default_competitive: bool,
) -> Result<Resolved, ApiError> {
    let format = body.format.or(query.format);
    let as_of = match body.as_of.or(query.as_of) {
        Some(text) => parse_date("as_of", &text)?,
        None => jiff::Zoned::now().date(),
    };
    // Each format once, in the order first asked (`["all", "all"]` is six checks, not twelve).
    let mut formats = Vec::with_capacity(FormatId::ALL.len());
    let mut ask = |name: &str| -> Result<(), ApiError> {
        let asked: &[FormatId] = if name.eq_ignore_ascii_case("all") {
            &FormatId::ALL
        } else {
            &[FormatId::parse(name).ok_or_else(|| ApiError::unknown_format(name))?]
        };
        for f in asked {
            if !formats.contains(f) {
                formats.push(*f);
            }
        }
        Ok(())
    };
    match &format {
        None => ask("premier")?,
        Some(Formats::One(s)) => s.split(',').map(str::trim).try_for_each(&mut ask)?,
        Some(Formats::Many(v)) => v.iter().map(String::as_str).try_for_each(&mut ask)?,
    }
    let mut template = CheckOptions::new(FormatId::Premier, as_of);
    template.trilogy_pool = match body.trilogy_pool.or(query.trilogy_pool) {
        None => FormatId::Premier,
        Some(p) => match FormatId::parse(&p) {
            Some(f @ (FormatId::Premier | FormatId::Eternal)) => f,
            _ => {
                return Err(ApiError::bad_value(
                    "trilogy_pool",
                    format!("trilogy_pool {p:?} must be premier or eternal"),
                ));
            }
        },
    };
    template.competitive = body
        .competitive
        .or(query.competitive)
        .unwrap_or(default_competitive);
    Ok(Resolved {
        explain: body.explain.or(query.explain).unwrap_or(false),
        formats,
        template,
        input_format: body.input_format.or(query.input_format),
        event_set: body.event_set.or(query.event_set),
    })
}

pub fn parse_date(field: &str, text: &str) -> Result<Date, ApiError> {
    text.trim()
        .parse::<Date>()
        .map_err(|_| ApiError::bad_date(field, text))
}

/// Reads a deck given as a JSON string (a text list) or a JSON object (SWUDB).
fn read_deck(
    catalog: &Catalog,
    field: &str,
    raw: &RawValue,
    format: Option<InputFormat>,
) -> Result<Imported, ApiError> {
    let text = raw.get();
    let imported = if text.starts_with('"') {
        let list: String = serde_json::from_str(text).map_err(|e| ApiError::invalid_request(&e))?;
        import(catalog, &list, format)
    } else if text.starts_with('{') {
        import(catalog, text, Some(InputFormat::SwudbJson))
    } else {
        return Err(ApiError::bad_value(
            field,
            format!("{field} must be a SWUDB JSON object or a deck list as a string"),
        ));
    };
    imported.map_err(|e| ApiError::unreadable_deck(field, &e))
}

pub async fn validate(
    req: HttpRequest,
    payload: Payload,
    query: Query<Options>,
    state: Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let text = body::read(&req, payload, state.settings.body_limit).await?;
    let checker = state.checker();
    let query = query.into_inner();
    let (decks, resolved) = match body::kind_of(&req, &text, true)? {
        BodyKind::Text => {
            let resolved = resolve_options(query, Options::default(), false)?;
            let imported = import(&checker.catalog, &text, resolved.input_format)
                .map_err(|e| ApiError::unreadable_deck("body", &e))?;
            (vec![imported], resolved)
        }
        BodyKind::Json => validate_json(&checker, &text, query)?,
    };
    let reports = checker.check_formats(&decks, &resolved.formats, &resolved.template);
    let response = ValidateResponse {
        legal: reports.iter().all(|(_, r)| r.legal),
        as_of: resolved.template.as_of,
        catalog: checker.catalog.version(),
        decks: resolved.explain.then(|| {
            decks
                .iter()
                .map(|i| DeckView::new(&checker.catalog, &i.deck))
                .collect()
        }),
        reports: FormatReports {
            several_decks: decks.len() > 1,
            reports,
        },
    };
    Ok(json_response(&response))
}

/// A 200 with a JSON body, written into a buffer sized for a legal deck's report (one
/// allocation, under glibc's 1 KiB "large" size that sweeps the small free blocks first).
fn json_response(body: &impl Serialize) -> HttpResponse {
    let mut buffer = Vec::with_capacity(512);
    match serde_json::to_writer(&mut buffer, body) {
        Ok(()) => HttpResponse::Ok()
            .insert_header((
                actix_web::http::header::CONTENT_TYPE,
                actix_web::http::header::HeaderValue::from_static("application/json"),
            ))
            .body(buffer),
        Err(e) => {
            use actix_web::ResponseError;
            ApiError::internal(format!("the answer could not be written: {e}")).error_response()
        }
    }
}

fn validate_json(
    checker: &Checker,
    text: &str,
    query: Options,
) -> Result<(Vec<Imported>, Resolved), ApiError> {
    // A bare SWUDB deck (its `deck` is an array, or it has a leader) is accepted as the body
    // itself, with options from the query string. A well-formed one is read in a single pass,
    // unless it also carries request options (which then must not be ignored).
    if let Some(well_formed) = crate::decklist::parse_well_formed(&checker.catalog, text)
        && !well_formed
            .other
            .iter()
            .any(|(key, _)| REQUEST_KEYS.contains(&key.as_ref()))
    {
        let resolved = resolve_options(query, Options::default(), false)?;
        return Ok((vec![well_formed.imported], resolved));
    }
    if is_bare_swudb(text) {
        let options = bare_options(text)?;
        let resolved = resolve_options(query, options, false)?;
        let imported = import(&checker.catalog, text, Some(InputFormat::SwudbJson))
            .map_err(|e| ApiError::unreadable_deck("body", &e))?;
        return Ok((vec![imported], resolved));
    }
    let mut body: ValidateBody = from_object(text).map_err(|e| ApiError::json(&e))?;
    let options = body.options();
    let mut resolved = resolve_options(query, options, false)?;
    let mut decks = Vec::new();
    match (body.deck, body.decks) {
        (Some(deck), None) => decks.push(read_deck(
            &checker.catalog,
            "deck",
            deck,
            resolved.input_format,
        )?),
        (None, Some(list)) if !list.is_empty() => {
            for (i, deck) in list.iter().enumerate() {
                decks.push(read_deck(
                    &checker.catalog,
                    &format!("decks[{i}]"),
                    deck,
                    resolved.input_format,
                )?);
            }
        }
        (Some(_), Some(_)) => {
            return Err(ApiError::bad_value(
                "decks",
                "give either deck or decks, not both",
            ));
        }
        _ => {
            return Err(ApiError::missing(
                "deck",
                "a SWUDB JSON object or a deck list as a string",
            ));
        }
    }
    for imported in &mut decks {
        if body.player.is_some() {
            imported.deck.player.clone_from(&body.player);
        }
        if body.uid.is_some() {
            imported.deck.uid.clone_from(&body.uid);
        }
    }
    if let Some(pool) = body.pool {
        let text = if pool.get().starts_with('"') {
            serde_json::from_str::<String>(pool.get()).map_err(|e| ApiError::invalid_request(&e))?
        } else {
            pool.get().to_string()
        };
        let imported = crate::decklist::parse_pool(&checker.catalog, &text)
            .map_err(|e| ApiError::unreadable_deck("pool", &e))?;
        let mut pool = imported.pool;
        if resolved.event_set.is_some() {
            pool.event_set.clone_from(&resolved.event_set);
        }
        resolved.template.pool = Some(pool);
    }
    Ok((decks, resolved))
}

/// Whether a JSON text has the shape of a SWUDB deck rather than of a request object.
fn is_bare_swudb(text: &str) -> bool {
    #[derive(Deserialize)]
    struct Shape<'a> {
        #[serde(default, borrow)]
        deck: Option<&'a RawValue>,
        #[serde(default, borrow)]
        leader: Option<&'a RawValue>,
        #[serde(default, borrow)]
        base: Option<&'a RawValue>,
    }
    from_object::<Shape>(text).is_ok_and(|s| {
        s.deck.is_some_and(|d| d.get().starts_with('['))
            || (s.deck.is_none() && (s.leader.is_some() || s.base.is_some()))
    })
}

/// Every field of a request that a bare SWUDB deck may carry beside its own (`bare_options`
/// reads them).
const REQUEST_KEYS: [&str; 9] = [
    "format",
    "as_of",
    "input_format",
    "trilogy_pool",
    "event_set",
    "competitive",
    "explain",
    "pool",
    "decks",
];

/// Request options written beside a bare SWUDB deck's own fields (`{"leader": ..., "deck": [...],
/// "format": "twin-suns"}`): used, as in a request object. What only a request object can carry
/// (`pool`, `decks`) is refused rather than ignored.
fn bare_options(text: &str) -> Result<Options, ApiError> {
    /// The request fields beside a bare deck's own (which are left unread: they may hold what
    /// is reported entry by entry, such as a count of 1e400).
    #[derive(Deserialize)]
    struct Beside<'a> {
        #[serde(default, borrow)]
        pool: Option<&'a RawValue>,
        #[serde(default, borrow)]
        decks: Option<&'a RawValue>,
        #[serde(default)]
        format: Option<Formats>,
        #[serde(default)]
        as_of: Option<String>,
        #[serde(default)]
        input_format: Option<InputFormat>,
        #[serde(default)]
        trilogy_pool: Option<String>,
        #[serde(default)]
        event_set: Option<String>,
        #[serde(default)]
        competitive: Option<bool>,
        #[serde(default)]
        explain: Option<bool>,
    }
    let beside: Beside = from_object(text).map_err(|e| ApiError::json(&e))?;
    for (key, value) in [("pool", beside.pool), ("decks", beside.decks)] {
        if value.is_some() {
            return Err(ApiError::bad_value(
                key,
                format!(
                    "a bare SWUDB deck cannot carry {key:?}: send {{\"deck\": <the deck>, \"{key}\": ...}}"
                ),
            ));
        }
    }
    Ok(Options {
        format: beside.format,
        as_of: beside.as_of,
        input_format: beside.input_format,
        trilogy_pool: beside.trilogy_pool,
        event_set: beside.event_set,
        competitive: beside.competitive,
        explain: beside.explain,
    })
}

/// The JSON body of a batch request. (Options spelled out, as in `ValidateBody`: `flatten`
/// would buffer a roster of thousands of decks before reading it.)
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BatchBody<E> {
    /// `BatchEntry` when every entry is well formed (one pass), else `&RawValue` (then each
    /// entry is read on its own, so that one bad entry is an error of that entry).
    entries: Option<Vec<E>>,
    #[serde(default)]
    format: Option<Formats>,
    #[serde(default)]
    as_of: Option<String>,
    #[serde(default)]
    input_format: Option<InputFormat>,
    #[serde(default)]
    competitive: Option<bool>,
}

impl<E> BatchBody<E> {
    fn into_parts(self) -> (Option<Vec<E>>, Options) {
        let options = Options {
            format: self.format,
            as_of: self.as_of,
            input_format: self.input_format,
            competitive: self.competitive,
            ..Options::default()
        };
        (self.entries, options)
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BatchEntry<'a> {
    #[serde(default)]
    player: Option<String>,
    #[serde(default)]
    uid: Option<String>,
    #[serde(default, borrow)]
    deck: Option<&'a RawValue>,
}

#[derive(Serialize)]
pub struct BatchResponse {
    as_of: Date,
    format: FormatId,
    catalog: String,
    summary: BatchSummary,
    results: Vec<BatchResult>,
}

#[derive(Serialize, Default)]
struct BatchSummary {
    entries: usize,
    legal: usize,
    illegal: usize,
    /// Entries whose list lacks an element TR 3.1.3 requires (player name, UID, leader, base, main deck).
    incomplete_lists: usize,
    /// Entries whose deck could not be read at all.
    unreadable: usize,
    /// Every entry that is not legal, with its player.
    not_legal: Vec<EntryRef>,
}

#[derive(Serialize)]
struct EntryRef {
    index: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    player: Option<String>,
}

#[derive(Serialize)]
struct BatchResult {
    index: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    player: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    uid: Option<String>,
    legal: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    report: Option<Report>,
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<serde_json::Value>,
}

pub async fn validate_batch(
    req: HttpRequest,
    payload: Payload,
    query: Query<Options>,
    state: Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let text = body::read(&req, payload, state.settings.batch_body_limit).await?;
    body::kind_of(&req, &text, false)?;
    let checker = state.checker();
    let limit = state.settings.batch_limit;
    // A roster of thousands is tens of milliseconds of work: off the worker's event loop.
    let response =
        actix_web::web::block(move || run_batch(&checker, &text, query.into_inner(), limit))
            .await
            .map_err(|e| ApiError::internal(format!("the batch did not run: {e}")))??;
    Ok(json_response(&response))
}

/// Checks a roster (the body of `validate-batch`) in process: one report per entry and a
/// summary. Public for the benchmark of a 1,000-entry roster.
pub fn run_batch(
    checker: &Checker,
    text: &str,
    query: Options,
    limit: usize,
) -> Result<BatchResponse, ApiError> {
    let (entries, body_options) = match from_object::<BatchBody<Object<BatchEntry>>>(text) {
        Ok(body) => {
            let (entries, options) = body.into_parts();
            (
                entries.map(|e| e.into_iter().map(|Object(e)| Ok(e)).collect()),
                options,
            )
        }
        Err(_) => {
            let body: BatchBody<&RawValue> = from_object(text).map_err(|e| ApiError::json(&e))?;
            let (raws, options) = body.into_parts();
            let entries = raws.map(|raws| {
                raws.into_iter()
                    .map(|raw| from_object::<BatchEntry>(raw.get()))
                    .collect::<Vec<_>>()
            });
            (entries, options)
        }
    };
    let entries = entries
        .ok_or_else(|| ApiError::missing("entries", "the roster: a list of {player, uid, deck}"))?;
    if entries.len() > limit {
        return Err(ApiError::batch_too_large(entries.len(), limit));
    }
    // A roster is checked as a competitive event's lists are: completeness included (TR 3.1.3).
    let resolved = resolve_options(query, body_options, true)?;
    let format = match resolved.formats.as_slice() {
        [one] => *one,
        _ => {
            return Err(ApiError::bad_value(
                "format",
                "a batch is checked for one format; give exactly one",
            ));
        }
    };
    let mut options = resolved.template.clone();
    options.format = format;
    let judge = |index: usize, entry: &Result<BatchEntry, serde_json::Error>| -> BatchResult {
        let field = format!("entries[{index}]");
        let outcome = entry
            .as_ref()
            .map_err(|e| ApiError::invalid_request(e).field(field.clone()))
            .and_then(|entry| {
                let deck = entry.deck.ok_or_else(|| {
                    ApiError::missing(&format!("{field}.deck"), "the player's deck")
                })?;
                let mut imported = read_deck(
                    &checker.catalog,
                    &format!("{field}.deck"),
                    deck,
                    resolved.input_format,
                )?;
                if entry.player.is_some() {
                    imported.deck.player = entry.player.clone();
                }
                if entry.uid.is_some() {
                    imported.deck.uid = entry.uid.clone();
                }
                Ok(imported)
            });
        match outcome {
            Ok(imported) => {
                let report = checker.check(
                    std::slice::from_ref(&imported.deck),
                    imported.diagnostics,
                    &options,
                );
                BatchResult {
                    index,
                    player: imported.deck.player,
                    uid: imported.deck.uid,
                    legal: report.legal,
                    report: Some(report),
                    error: None,
                }
            }
            Err(e) => BatchResult {
                index,
                player: None,
                uid: None,
                legal: false,
                report: None,
                error: Some(serde_json::json!({
                    "code": e.code, "message": e.message, "field": e.field
                })),
            },
        }
    };
    let results = map_on_every_core(&entries, judge);
    let mut summary = BatchSummary {
        entries: entries.len(),
        ..BatchSummary::default()
    };
    for r in &results {
        if r.report
            .as_ref()
            .is_some_and(|report| report.has(crate::rules::Code::DeckListIncomplete))
        {
            summary.incomplete_lists += 1;
        }
        if r.legal {
            summary.legal += 1;
            continue;
        }
        summary.illegal += 1;
        summary.unreadable += usize::from(r.report.is_none());
        summary.not_legal.push(EntryRef {
            index: r.index,
            player: r.player.clone(),
        });
    }
    Ok(BatchResponse {
        as_of: options.as_of,
        format,
        catalog: checker.catalog.version().to_string(),
        summary,
        results,
    })
}

/// Roster entries per thread, at least: below this a thread costs more than it saves.
const ENTRIES_PER_THREAD: usize = 64;

/// `f` over `items`, in order, split into contiguous runs on every core (scoped threads). A
/// roster's entries are independent; a 1,000-entry roster is checked in half the time on two
/// cores. A panic in `f` is a panic here.
fn map_on_every_core<T: Sync, R: Send>(items: &[T], f: impl Fn(usize, &T) -> R + Sync) -> Vec<R> {
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = cores.min(items.len() / ENTRIES_PER_THREAD).max(1);
    if threads == 1 {
        return items.iter().enumerate().map(|(i, t)| f(i, t)).collect();
    }
    let run = items.len().div_ceil(threads);
    let f = &f;
    std::thread::scope(|scope| {
        let handles: Vec<_> = items
            .chunks(run)
            .enumerate()
            .map(|(n, part)| {
                scope.spawn(move || {
                    part.iter()
                        .enumerate()
                        .map(|(i, t)| f(n * run + i, t))
                        .collect::<Vec<R>>()
                })
            })
            .collect();
        handles
            .into_iter()
            .flat_map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)))
            .collect()
    })
}

/// The JSON body of a deck check.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CompareBody<'a> {
    #[serde(borrow)]
    registered: Option<&'a RawValue>,
    #[serde(borrow)]
    presented: Option<&'a RawValue>,
    /// Other cards found in the deck box (TR 3.1.2).
    #[serde(default, borrow, rename = "box")]
    deck_box: Option<&'a RawValue>,
    #[serde(default)]
    format: Option<String>,
    #[serde(default)]
    as_of: Option<String>,
}

/// `POST /v1/decks/compare`: is the presented deck the registered one (TR 4.6.2, 3.1.2, 3.1.3)?
pub async fn compare(
    req: HttpRequest,
    payload: Payload,
    state: Data<AppState>,
) -> Result<HttpResponse, ApiError> {
    let text = body::read(&req, payload, state.settings.body_limit).await?;
    body::kind_of(&req, &text, false)?;
    let body: CompareBody = from_object(&text).map_err(|e| ApiError::json(&e))?;
    let checker = state.checker();
    let format = match body.format.as_deref() {
        None => FormatId::Premier,
        Some(f) => FormatId::parse(f).ok_or_else(|| ApiError::unknown_format(f))?,
    };
    let as_of = match body.as_of.as_deref() {
        Some(d) => parse_date("as_of", d)?,
        None => jiff::Zoned::now().date(),
    };
    let read_clean = |field: &str, raw: Option<&RawValue>| -> Result<Option<Imported>, ApiError> {
        let Some(raw) = raw else { return Ok(None) };
        let imported = read_deck(&checker.catalog, field, raw, None)?;
        let errors: Vec<_> = imported
            .diagnostics
            .iter()
            .filter(|d| d.blocks_verdict())
            .collect();
        if !errors.is_empty() {
            return Err(ApiError::unreadable_deck(
                field,
                &crate::decklist::ImportError::NotADeck(format!(
                    "{} line(s) cannot be read",
                    errors.len()
                )),
            )
            .details(serde_json::json!({ "diagnostics": errors })));
        }
        Ok(Some(imported))
    };
    let registered = read_clean("registered", body.registered)?
        .ok_or_else(|| ApiError::missing("registered", "the list the player registered"))?;
    let presented = read_clean("presented", body.presented)?
        .ok_or_else(|| ApiError::missing("presented", "the cards the player presented"))?;
    let deck_box = read_clean("box", body.deck_box)?;
    let comparison = crate::judge::compare(
        &checker,
        &registered.deck,
        &presented.deck,
        deck_box.as_ref().map(|i| &i.deck),
        format,
        as_of,
    );
    Ok(json_response(&comparison))
}
