//! The deck routes of every game: validate (a deck, or Trilogy's three), validate-batch (an
//! event's roster), compare (a judge's deck check) and window (when is this deck legal).
//!
//! A validate or window request arrives read ([`DeckRequest`]: the shared fields, the game's
//! options, the decks as the JSON text they were sent as, links fetched); the handler hands it
//! to the game and answers. Work that can be large (a big body, a roster) runs off the event
//! loop.

use std::sync::Arc;

use actix_web::HttpResponse;
use actix_web::web::Data;
use deckcheck_core::error::RosterLinks;
use deckcheck_core::game::field_names;
use deckcheck_core::json::{Kind, raw_fields};
use deckcheck_core::{
    AnyGame, DeckInput, Details, ErrorCode, RequestError, ValidateRequest, Validated, Verdict,
};
use jiff::civil::Date;
use serde::Serialize;
use serde_json::Map;

use crate::error::Error;
use crate::extract::{
    Body, DeckRequest, Language, NoParams, PathGame, RosterBody, Validate, Window, default_format,
    read_body,
};
use crate::linked;
use crate::requests::{
    BatchEntry, BatchRequest, CompareRequest, Deck, Raw, RosterEntry, ValidateBody, ValidateQuery,
    WindowBody, WindowQuery, optional_date,
};
use crate::responses::{DeckErrors, ErrorAnswer, JsonErrors, say};
use crate::state::AppState;

/// Bodies larger than this are judged off the event loop.
const LARGE_BODY: usize = 32 * 1024;

fn today() -> Date {
    jiff::Zoned::now().date()
}

/// One format id of the game exactly (a batch and a deck check are for one format).
fn one_format(game: &dyn AnyGame, asked: &str) -> Result<String, RequestError> {
    let info = game.info();
    if let Some(f) = info.format(asked) {
        return Ok(f.id.clone());
    }
    let mut e = info.unknown_format(asked);
    if asked == deckcheck_core::game::ALL_FORMATS || asked.contains(',') {
        e.message = format!(
            "this route checks one format; {}",
            e.message.trim_end_matches(", or all")
        );
    }
    Err(e)
}

/// Runs `work` on the request's thread, or off the event loop when it may be large.
async fn run<T: Send + 'static>(
    large: bool,
    work: impl FnOnce() -> Result<T, RequestError> + Send + 'static,
) -> Result<T, Error> {
    if !large {
        return Ok(work()?);
    }
    Ok(actix_web::web::block(work)
        .await
        .map_err(|e| RequestError::internal(format!("the check did not run: {e}")))??)
}

/// `POST /v1/decks/validate`, `POST /v1/games/{game}/decks/validate`.
#[utoipa::path(
    post,
    path = "/decks/validate",
    operation_id = "validate",
    summary = "Is this deck legal in these formats on this date, and if not, exactly why?",
    params(ValidateQuery, ("Accept-Language" = Option<String>, Header, description = Language::DOC)),
    request_body(
        description = "A JSON request, or a deck list (or one link to it) as text with the request's fields in the query string.",
        content((ValidateBody = "application/json"), (String = "text/plain")),
    ),
    responses(
        (status = 200, description = "The verdict in each format asked, and every reason.", body = Validated,
            headers(("Content-Language" = String, description = "The language of the answer's messages."))),
        DeckErrors,
    ),
)]
pub async fn validate(
    deck: DeckRequest<Validate>,
    language: Language,
) -> Result<HttpResponse, Error> {
    let DeckRequest {
        game,
        request,
        links,
        large,
        note,
        ..
    } = deck;
    let answer = run(large, move || {
        let mut answer = game.validate(&request).map(bounded)?;
        answer.localize(language.0);
        answer.links = links;
        if let Some(note) = note {
            // The body was read as Windows-1252: each deck says so, as the CLI does.
            for deck in &mut answer.decks {
                deck.diagnostics.push(deckcheck_core::Diagnostic::warning(
                    deckcheck_core::DiagnosticCode::new("read-as-windows-1252"),
                    "body",
                    "",
                    note.clone(),
                ));
            }
        }
        Ok(answer)
    })
    .await?;
    crate::metrics::validated(&answer);
    Ok(HttpResponse::Ok()
        .insert_header(language.header())
        .json(answer))
}

/// The most diagnostics an answer lists per deck: a pasted novel gets a bounded answer.
pub const MAX_DIAGNOSTICS: usize = 200;

/// An answer whose size no input can blow up: diagnostics past the limit are counted, not listed.
fn bounded(mut answer: Validated) -> Validated {
    for deck in &mut answer.decks {
        let n = deck.diagnostics.len();
        if n > MAX_DIAGNOSTICS {
            deck.diagnostics.truncate(MAX_DIAGNOSTICS);
            deck.diagnostics.push(deckcheck_core::Diagnostic::warning(
                deckcheck_core::DiagnosticCode::new("more-diagnostics"),
                "list",
                "",
                format!(
                    "{} more entries have diagnostics; fix these first and check again.",
                    n - MAX_DIAGNOSTICS
                ),
            ));
        }
    }
    answer
}

/// `POST /v1/decks/window`: when is this deck legal, format by format.
#[utoipa::path(
    post,
    path = "/decks/window",
    operation_id = "window",
    summary = "When is this deck legal, format by format?",
    params(WindowQuery, ("Accept-Language" = Option<String>, Header, description = Language::DOC)),
    request_body(
        description = "A JSON request, or a deck list (or one link to it) as text with the request's fields in the query string.",
        content((WindowBody = "application/json"), (String = "text/plain")),
    ),
    responses(
        (status = 200, description = "The intervals in which the deck is legal, format by format.", body = deckcheck_core::Window,
            headers(("Content-Language" = String, description = "The language of the answer's messages."))),
        DeckErrors,
    ),
)]
pub async fn window(deck: DeckRequest<Window>, language: Language) -> Result<HttpResponse, Error> {
    let DeckRequest {
        game,
        request,
        from,
        until,
        links,
        ..
    } = deck;
    let answer = run(true, move || {
        let mut answer = game.window(&request, from, until)?;
        answer.localize(language.0);
        answer.links = links;
        Ok(answer)
    })
    .await?;
    Ok(HttpResponse::Ok()
        .insert_header(language.header())
        .json(answer))
}

#[derive(Serialize, Default, utoipa::ToSchema)]
pub struct BatchSummary {
    pub entries: usize,
    pub legal: usize,
    pub illegal: usize,
    /// Entries that could not be judged whole (an unknown card, an unconfirmed fact).
    pub unverified: usize,
    /// Entries whose list lacks an element registration requires (player name, UID, leader, base, deck).
    pub incomplete_lists: usize,
    /// Entries whose deck could not be read at all.
    pub unreadable: usize,
    /// Every entry that is not legal, with its player.
    pub not_legal: Vec<EntryRef>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct EntryRef {
    pub index: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct BatchResult {
    pub index: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub player: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uid: Option<String>,
    /// `true` when legal, `false` when illegal or unreadable, `null` when unverified (as
    /// validate's `legal`).
    #[schema(required = true)]
    pub legal: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verdict: Option<Verdict>,
    /// The entry's answer, as validate gives it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub answer: Option<Validated>,
    /// Why this entry could not be judged, in the error shape of every route.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<RequestError>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct BatchResponse {
    pub game: &'static str,
    #[schema(value_type = String, format = Date)]
    pub as_of: Date,
    pub format: String,
    pub catalog: String,
    pub summary: BatchSummary,
    pub results: Vec<BatchResult>,
}

/// `POST /v1/decks/validate-batch`: an event's roster, one answer per entry and a summary.
/// Checked as a competitive event's lists are: completeness included, unless `competitive` is
/// false.
#[utoipa::path(
    post,
    path = "/decks/validate-batch",
    operation_id = "validate_batch",
    summary = "An event's roster: one answer per entry and a summary",
    params(("Accept-Language" = Option<String>, Header, description = Language::DOC)),
    request_body = BatchRequest,
    responses(
        (status = 200, description = "One answer per entry, and a summary.", body = BatchResponse,
            headers(("Content-Language" = String, description = "The language of the answer's messages."))),
        (status = 400, description = say::BAD_REQUEST, body = ErrorAnswer),
        (status = 408, description = say::BODY_TIMEOUT, body = ErrorAnswer),
        (status = 413, description = say::TOO_LARGE_ROSTER, body = ErrorAnswer),
        (status = 415, description = say::MEDIA, body = ErrorAnswer),
        (status = 503, description = say::UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn validate_batch(
    _: NoParams,
    PathGame(game): PathGame,
    body: Body<RosterBody>,
    state: Data<AppState>,
    language: Language,
) -> Result<HttpResponse, Error> {
    body.json()?;
    let limit = state.settings.batch_limit as usize;
    let reading = Arc::clone(&game);
    let mut roster =
        actix_web::web::block(move || read_roster(reading.as_ref(), &body.text, limit))
            .await
            .map_err(|e| RequestError::internal(format!("the batch was not read: {e}")))??;
    roster.fetch_links(&state.links, game.info().id).await?;
    let mut response = actix_web::web::block(move || judge_roster(game.as_ref(), roster))
        .await
        .map_err(|e| RequestError::internal(format!("the batch did not run: {e}")))?;
    for answer in response
        .results
        .iter_mut()
        .filter_map(|r| r.answer.as_mut())
    {
        answer.localize(language.0);
    }
    response
        .results
        .iter()
        .filter_map(|r| r.answer.as_ref())
        .for_each(crate::metrics::validated);
    Ok(HttpResponse::Ok()
        .insert_header(language.header())
        .json(response))
}

/// Checks a roster for one game: one answer per entry and a summary (no deck given as a link
/// is fetched here: [`Roster::fetch_links`] does that, between reading and judging). Public
/// for the roster benchmark.
pub fn run_batch(g: &dyn AnyGame, text: &str, limit: usize) -> Result<BatchResponse, RequestError> {
    Ok(judge_roster(g, read_roster(g, text, limit)?))
}

/// The most entries of one roster that may give their deck as a link: each is a request to a
/// deck site (eight at a time, each within the link client's time limit).
pub const MAX_BATCH_LINKS: usize = 64;

/// Links of one roster fetched at once.
const BATCH_LINKS_AT_ONCE: usize = 8;

/// A roster read: the request every entry is judged with, and each entry, or why it cannot be
/// judged.
pub struct Roster {
    template: ValidateRequest,
    format: String,
    entries: Vec<Result<RosterDeck, RequestError>>,
}

/// One entry of a roster, read.
struct RosterDeck {
    player: Option<String>,
    uid: Option<String>,
    deck: DeckInput,
    /// The entry's reader, when its deck came from a link and the roster names none.
    input_format: Option<String>,
    links: deckcheck_core::Linked,
}

impl Roster {
    /// Fetches the entries' decks given as links, [`BATCH_LINKS_AT_ONCE`] at a time: a link
    /// that gives no deck is its entry's error, as an unreadable deck is. More than
    /// [`MAX_BATCH_LINKS`] links is the roster's error (413).
    pub async fn fetch_links(
        &mut self,
        links: &deckcheck_links::Links,
        game: &str,
    ) -> Result<(), RequestError> {
        use futures_util::StreamExt;
        let linked: Vec<(usize, &mut RosterDeck)> = self
            .entries
            .iter_mut()
            .enumerate()
            .filter_map(|(i, e)| Some((i, e.as_mut().ok()?)))
            .filter(|(_, e)| deckcheck_links::is_link(&e.deck.text))
            .collect();
        if linked.len() > MAX_BATCH_LINKS {
            return Err(RequestError::new(
                ErrorCode::BatchTooLarge,
                format!(
                    "{} entries give their deck as a link; a roster may give at most {MAX_BATCH_LINKS} (send the others as lists, or in another batch)",
                    linked.len()
                ),
            )
            .field("entries")
            .details(Details::RosterLinks(RosterLinks {
                links: linked.len(),
                limit: MAX_BATCH_LINKS,
            })));
        }
        let asked = &self.template.input_format;
        let failed: Vec<(usize, RequestError)> = futures_util::stream::iter(linked)
            .map(|(index, entry)| async move {
                let mut input_format = asked.clone();
                let given = linked::given(std::iter::once(&mut entry.deck));
                match linked::fetch(links, game, given, &mut input_format).await {
                    Ok(sources) => {
                        entry.links = sources;
                        entry.input_format = input_format;
                        None
                    }
                    Err(e) => Some((index, e)),
                }
            })
            .buffered(BATCH_LINKS_AT_ONCE)
            .filter_map(std::future::ready)
            .collect()
            .await;
        for (index, e) in failed {
            self.entries[index] = Err(e);
        }
        Ok(())
    }
}

/// Reads a roster: the roster's own fields and options, refused once as the request's, and
/// each entry (one that cannot be read is that entry's error).
pub fn read_roster(g: &dyn AnyGame, text: &str, limit: usize) -> Result<Roster, RequestError> {
    let fields = raw_fields(text)?;
    for key in ["player", "uid"] {
        if fields.contains_key(key) {
            return Err(RequestError::bad_value(
                key,
                "a batch names each entry's player in the entry",
            ));
        }
    }
    let own = field_names::<BatchRequest>();
    let body: BatchRequest = read_body(
        &fields
            .iter()
            .filter(|(k, _)| own.contains(&&***k))
            .map(|(k, v)| (k.clone(), *v))
            .collect(),
    )?;
    let entries: Vec<RosterEntry> = match body.entries.map(|Raw(json)| (json, Kind::of(json))) {
        Some((json, Kind::List)) => {
            serde_json::from_str(json).map_err(|e| RequestError::json(&e))?
        }
        Some((_, kind)) if kind != Kind::Null => {
            return Err(RequestError::bad_value(
                "entries",
                format!(
                    "entries must be a list of {{player, uid, deck}}, not {}",
                    kind.described()
                ),
            ));
        }
        _ => {
            return Err(RequestError::missing(
                "entries",
                "the roster: a list of {player, uid, deck}",
            ));
        }
    };
    if entries.len() > limit {
        return Err(RequestError::batch_too_large(entries.len(), limit));
    }
    let mut options = Map::new();
    for (key, raw) in &fields {
        if !own.contains(&&**key) {
            let value = serde_json::from_str(raw.get()).map_err(|e| {
                let mut err = RequestError::json(&e).field(&**key);
                err.message = format!("{key}: {}", err.message);
                err
            })?;
            options.insert(key.to_string(), value);
        }
    }
    // The roster's own fields and options are refused once, as the request's, not entry by
    // entry: one format exactly, options the game reads.
    let format = match &body.format {
        None => default_format(g)?,
        Some(asked) => one_format(g, &asked.0)?,
    };
    let template = ValidateRequest {
        decks: Vec::new(),
        formats: vec![format.clone()],
        as_of: optional_date("as_of", body.as_of.as_deref())?.unwrap_or_else(today),
        input_format: body.input_format.map(|i| i.0),
        explain: body.explain.unwrap_or(false),
        player: None,
        uid: None,
        // A roster is checked as a competitive event's lists are, unless it says otherwise.
        registration: body.competitive.unwrap_or(true),
        options,
    };
    if let Some(asked) = &template.input_format {
        g.info().input(asked)?;
    }
    g.check_options(&template.options)?;
    let entries = entries
        .into_iter()
        .enumerate()
        .map(|(index, RosterEntry(raw))| {
            let field = format!("entries[{index}]");
            let deckcheck_core::json::Object(entry) =
                serde_json::from_str::<deckcheck_core::json::Object<BatchEntry>>(raw.get())
                    .map_err(|e| RequestError::invalid_request(&e).field(field.clone()))?;
            let deck = entry.deck.ok_or_else(|| {
                RequestError::missing(&format!("{field}.deck"), "the player's deck")
            })?;
            Ok(RosterDeck {
                player: entry.player,
                uid: entry.uid,
                deck: deck.input(format!("{field}.deck"))?,
                input_format: None,
                links: deckcheck_core::Linked::new(),
            })
        })
        .collect();
    Ok(Roster {
        template,
        format,
        entries,
    })
}

/// Judges a roster read (and its links fetched): one answer per entry and a summary.
pub fn judge_roster(g: &dyn AnyGame, roster: Roster) -> BatchResponse {
    let Roster {
        template,
        format,
        entries,
    } = roster;
    let mut results = Vec::with_capacity(entries.len());
    let mut summary = BatchSummary {
        entries: entries.len(),
        ..BatchSummary::default()
    };
    for (index, entry) in entries.into_iter().enumerate() {
        let outcome = entry.and_then(|entry| {
            let mut request = template.clone();
            request.decks = vec![entry.deck];
            request.player = entry.player;
            request.uid = entry.uid;
            if entry.input_format.is_some() {
                request.input_format = entry.input_format;
            }
            let mut answer = g.validate(&request).map(bounded)?;
            answer.links = entry.links;
            Ok(answer)
        });
        let result = match outcome {
            Ok(answer) => {
                let verdict = answer
                    .reports
                    .first()
                    .map_or(Verdict::Unverified, |j| j.report.verdict);
                let deck = answer.decks.first();
                BatchResult {
                    index,
                    player: deck.and_then(|d| d.player.clone()),
                    uid: deck.and_then(|d| d.uid.clone()),
                    legal: verdict.legal(),
                    verdict: Some(verdict),
                    answer: Some(answer),
                    error: None,
                }
            }
            Err(e) => BatchResult {
                index,
                player: None,
                uid: None,
                legal: Some(false),
                verdict: None,
                answer: None,
                error: Some(e),
            },
        };
        if result.answer.as_ref().is_some_and(|a| {
            a.reports.iter().any(|j| {
                j.report
                    .has(deckcheck_core::Code::new("deck-list-incomplete"))
            })
        }) {
            summary.incomplete_lists += 1;
        }
        match (result.verdict, &result.error) {
            (Some(Verdict::Legal), _) => summary.legal += 1,
            (Some(Verdict::Illegal), _) => summary.illegal += 1,
            (Some(Verdict::Unverified), _) => summary.unverified += 1,
            (None, _) => summary.unreadable += 1,
        }
        if result.legal != Some(true) {
            summary.not_legal.push(EntryRef {
                index,
                player: result.player.clone(),
            });
        }
        results.push(result);
    }
    BatchResponse {
        game: g.info().id,
        as_of: template.as_of,
        format,
        catalog: g.info().catalog.to_string(),
        summary,
        results,
    }
}

/// `POST /v1/decks/compare`: is the presented deck the registered one?
#[utoipa::path(
    post,
    path = "/decks/compare",
    operation_id = "compare",
    summary = "A judge's deck check: is the presented deck the registered one?",
    request_body = CompareRequest,
    responses(
        (status = 200, description = "Whether the decks match, and every difference.", body = deckcheck_core::Comparison),
        JsonErrors,
        (status = 403, description = say::LINK_HOST, body = ErrorAnswer),
        (status = 404, description = say::LINK_NOT_FOUND, body = ErrorAnswer),
        (status = 422, description = say::UNREADABLE_DECKS, body = ErrorAnswer),
        (status = 502, description = say::LINK_UPSTREAM, body = ErrorAnswer),
        (status = 503, description = say::UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn compare(
    _: NoParams,
    PathGame(game): PathGame,
    body: Body,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let large = body.text.len() > LARGE_BODY;
    let fields = body.fields()?;
    let asked: CompareRequest = read_body(&fields)?;
    let as_of = optional_date("as_of", asked.as_of.as_deref())?.unwrap_or_else(today);
    let format = asked
        .format
        .as_ref()
        .map(|f| one_format(game.as_ref(), &f.0))
        .transpose()?;
    let input = |field: &str, deck: Option<Deck>| -> Result<Option<DeckInput>, RequestError> {
        deck.map(|d| d.input(field.to_string())).transpose()
    };
    let mut request = deckcheck_core::CompareRequest {
        registered: input("registered", asked.registered)?
            .ok_or_else(|| RequestError::missing("registered", "the list the player registered"))?,
        presented: input("presented", asked.presented)?
            .ok_or_else(|| RequestError::missing("presented", "the cards the player presented"))?,
        extra: input("box", asked.deck_box)?,
        format,
        as_of,
    };
    let decks = [&mut request.registered, &mut request.presented]
        .into_iter()
        .chain(request.extra.as_mut());
    // A deck check reads each deck by its own reader: no input format to name.
    let links = linked::fetch(
        &state.links,
        game.info().id,
        linked::given(decks),
        &mut None,
    )
    .await?;
    let comparison = run(large, move || {
        let mut comparison = game.compare(&request)?;
        comparison.links = links;
        Ok(comparison)
    })
    .await?;
    Ok(HttpResponse::Ok().json(comparison))
}
