//! Reference routes: the games and their formats, cards (search with did-you-mean, one card
//! with its printings and standing per format), and SWU's sets and suspension history.

use std::collections::BTreeMap;

use actix_web::HttpResponse;
use actix_web::web::Data;
use deckcheck_core::{CardSummary, FormatInfo, GameInfo, RequestError};
use jiff::civil::Date;
use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::extract::{NoParams, Params, PathGame, path};
use crate::games::Unavailable;
use crate::requests::parse_date;
use crate::responses::{ErrorAnswer, say};
use crate::state::AppState;

/// Every game, its formats, input formats and violation codes.
#[derive(Serialize, utoipa::ToSchema)]
pub struct GamesAnswer {
    pub games: Vec<GameInfo>,
    /// Games whose data could not be loaded, and why.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub unavailable: Vec<Unavailable>,
}

/// `GET /v1/games`: every game, its formats, input formats and violation codes.
#[utoipa::path(
    get,
    path = "/v1/games",
    operation_id = "games",
    tag = "Service",
    summary = "The games, their formats, input formats and violation codes",
    responses(
        (status = 200, description = "Every game, and the games whose data is not loaded.", body = GamesAnswer),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
    ),
)]
pub async fn games(_: NoParams, state: Data<AppState>) -> Result<HttpResponse, Error> {
    let loaded = state.loaded();
    Ok(HttpResponse::Ok().json(GamesAnswer {
        games: loaded
            .registry
            .games()
            .iter()
            .map(|g| g.info().clone())
            .collect(),
        unavailable: loaded.unavailable.clone(),
    }))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct FormatsQuery {
    /// Only this game's formats.
    pub game: Option<crate::requests::KnownGame>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct FormatsAnswer {
    /// Each game's formats, by game id.
    pub formats: BTreeMap<String, Vec<FormatEntry>>,
}

/// A format, and its rules as the game's data states them.
#[derive(Serialize, utoipa::ToSchema)]
pub struct FormatEntry {
    #[serde(flatten)]
    pub info: FormatInfo,
    /// Each setting as a timeline of dated values with the section that sets it and its
    /// sources, where the game publishes them (SWU).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Object>)]
    pub rules: Option<serde_json::Value>,
}

/// `GET /v1/formats`: each game's formats as data.
#[utoipa::path(
    get,
    path = "/v1/formats",
    operation_id = "formats",
    tag = "Service",
    summary = "Each game's formats, as data",
    params(FormatsQuery),
    responses(
        (status = 200, description = "Each game's formats, with their rules as its data states them.", body = FormatsAnswer),
        (status = 400, description = say::BAD_PARAMETER, body = ErrorAnswer),
        (status = 503, description = say::UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn formats(
    Params(q): Params<FormatsQuery>,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let loaded = state.loaded();
    let games: Vec<_> = match q.game.as_ref().map(|g| &g.0) {
        Some(id) => {
            let known: Vec<&str> = crate::games::GAMES.iter().map(|g| g.id).collect();
            if !known.contains(&id.as_str()) {
                let mut e = RequestError::unknown_game(id, &known);
                e.message = format!("the query parameter game cannot be used: {}", e.message);
                return Err(e.into());
            }
            vec![state.game(Some(id))?]
        }
        None => loaded.registry.games().to_vec(),
    };
    Ok(HttpResponse::Ok().json(FormatsAnswer {
        formats: games
            .iter()
            .map(|g| {
                let formats = g
                    .info()
                    .formats
                    .iter()
                    .map(|f| FormatEntry {
                        info: f.clone(),
                        rules: g.format_rules(&f.id),
                    })
                    .collect();
                (g.info().id.to_string(), formats)
            })
            .collect(),
    }))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct SearchQuery {
    /// The name to look for, forgiving case, accents and punctuation (1 to 200 characters).
    #[param(min_length = 1, max_length = 200)]
    pub q: String,
    /// How many cards to answer (default 10).
    #[param(minimum = 1, maximum = 50)]
    pub limit: Option<u32>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct SearchAnswer {
    pub query: String,
    /// Whether the results name the query exactly (else they are did-you-mean suggestions).
    pub exact: bool,
    pub results: Vec<CardSummary>,
}

/// `GET /v1/cards?q=`: cards by name, forgiving case, accents and punctuation; when none has
/// the name, the closest names.
#[utoipa::path(
    get,
    path = "/cards",
    operation_id = "search_cards",
    summary = "Cards by name, with did-you-mean",
    params(SearchQuery),
    responses(
        (status = 200, description = "The cards of that name, or the closest names.", body = SearchAnswer),
        (status = 400, description = say::BAD_PARAMETER, body = ErrorAnswer),
        (status = 503, description = say::UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn search(
    Params(q): Params<SearchQuery>,
    PathGame(game): PathGame,
) -> Result<HttpResponse, Error> {
    let text = q.q.as_str();
    if text.is_empty() {
        return Err(RequestError::missing("q", "the name to look for").into());
    }
    if text.chars().count() > 200 {
        return Err(RequestError::bad_value(
            "q",
            "q is longer than any card name (200 characters at most)",
        )
        .into());
    }
    let limit = match q.limit {
        None => 10,
        Some(n @ 1..=50) => n as usize,
        Some(n) => {
            return Err(
                RequestError::bad_value("limit", format!("limit {n} is not from 1 to 50")).into(),
            );
        }
    };
    let text = text.trim();
    let results = game.search(text, limit);
    let folded = deckcheck_core::text::squash(text);
    let exact = results.iter().any(|c| {
        deckcheck_core::text::squash(&c.card.title) == folded
            || deckcheck_core::text::squash(&c.card.name()) == folded
    });
    Ok(HttpResponse::Ok().json(SearchAnswer {
        query: text.to_string(),
        exact,
        results,
    }))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct CardQuery {
    /// The date to judge the card's standing on (YYYY-MM-DD, default today).
    #[param(value_type = Option<String>, format = Date)]
    pub as_of: Option<String>,
}

fn as_of(text: Option<&str>) -> Result<Date, RequestError> {
    match text {
        Some(text) => parse_date("as_of", text),
        None => Ok(jiff::Zoned::now().date()),
    }
}

/// `GET /v1/cards/{id}`: a card by any of its ids, and its standing in each format on a date.
#[utoipa::path(
    get,
    path = "/cards/{id}",
    operation_id = "card",
    summary = "One card by any of its ids, and its standing in each format on a date",
    params(
        ("id" = String, Path, description = "Any id of the card (a printing id, a blueprint id, a unit id)."),
        CardQuery,
    ),
    responses(
        (status = 200, description = "The card, and its standing in each format on the date.", body = CardAnswer),
        (status = 400, description = say::BAD_PARAMETER, body = ErrorAnswer),
        (status = 404, description = "No card has this id.", body = ErrorAnswer),
        (status = 503, description = say::UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn card(
    Params(q): Params<CardQuery>,
    req: actix_web::HttpRequest,
    PathGame(game): PathGame,
) -> Result<HttpResponse, Error> {
    let date = as_of(q.as_of.as_deref())?;
    let id = path(&req, "id");
    let answer = game.card(id, date).ok_or_else(|| {
        RequestError::not_found(
            "id",
            format!("no card has the id {:?}", deckcheck_core::echo(id)),
        )
    })?;
    Ok(HttpResponse::Ok().json(CardAnswer(answer)))
}

/// One card as its game describes it (each game its own fields: ids, name, type, printings),
/// with its standing in each format on the date (`legality`).
#[derive(Serialize, utoipa::ToSchema)]
#[serde(transparent)]
#[schema(value_type = Object)]
pub struct CardAnswer(serde_json::Value);

/// SWU's own data, from the loaded game (its routes have no other game).
fn swu(state: &AppState) -> Result<std::sync::Arc<dyn deckcheck_core::AnyGame>, RequestError> {
    state.game(Some(deckcheck_swu::SPEC.id))
}

fn swu_data(
    game: &dyn deckcheck_core::AnyGame,
) -> Result<&deckcheck_swu::data::LegalityData, RequestError> {
    game.as_any()
        .downcast_ref::<deckcheck_swu::Swu>()
        .map(deckcheck_swu::Swu::data)
        .ok_or_else(|| RequestError::internal("the SWU game is not loaded as SWU"))
}

/// `GET /v1/sets`: Star Wars: Unlimited's sets with release dates, rotation blocks, sources and
/// confidence.
#[utoipa::path(
    get,
    path = "/v1/sets",
    operation_id = "sets",
    tag = "Service",
    summary = "Star Wars: Unlimited's sets, with release dates and rotation blocks",
    responses(
        (status = 200, description = "Every set, with its sources and confidence.", body = SetsAnswer),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        (status = 503, description = say::UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn sets(_: NoParams, state: Data<AppState>) -> Result<HttpResponse, Error> {
    let game = swu(&state)?;
    Ok(HttpResponse::Ok().json(SetsAnswer {
        sets: &swu_data(game.as_ref())?.sets,
    }))
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct SetsAnswer<'a> {
    pub sets: &'a [deckcheck_swu::data::SetInfo],
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct SuspensionsAnswer<'a> {
    /// The list asked for (`null`: every list).
    pub format: Option<&'a str>,
    /// The date asked for (`null`: the whole history).
    pub as_of: Option<Date>,
    pub suspensions: Vec<&'a deckcheck_swu::data::Suspension>,
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct SuspensionsQuery {
    /// Only the suspensions of this format's list (`premier`, `eternal`).
    pub format: Option<crate::requests::Format>,
    /// Only the suspensions in force on this date (YYYY-MM-DD).
    #[param(value_type = Option<String>, format = Date)]
    pub as_of: Option<String>,
}

/// `GET /v1/suspensions?format=&as_of=`: SWU's suspension history, or one list's suspensions
/// in force on a date.
#[utoipa::path(
    get,
    path = "/v1/suspensions",
    operation_id = "suspensions",
    tag = "Service",
    summary = "Star Wars: Unlimited's suspension history, or one list's suspensions on a date",
    params(SuspensionsQuery),
    responses(
        (status = 200, description = "The suspensions asked for.", body = SuspensionsAnswer),
        (status = 400, description = say::BAD_PARAMETER, body = ErrorAnswer),
        (status = 503, description = say::UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn suspensions(
    Params(q): Params<SuspensionsQuery>,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let game = swu(&state)?;
    let data = swu_data(game.as_ref())?;
    let list = match q.format.as_ref().map(|f| f.0.as_str()) {
        None => None,
        Some(f) => {
            let def = game
                .info()
                .formats
                .iter()
                .any(|known| known.id == f)
                .then(|| data.format(f))
                .flatten()
                .ok_or_else(|| {
                    let mut e = game.info().unknown_format(f);
                    e.message = format!("the query parameter format cannot be used: {}", e.message);
                    e
                })?;
            Some(
                def.suspension_list
                    .entries()
                    .last()
                    .map(|d| d.value.clone())
                    .unwrap_or_default(),
            )
        }
    };
    let date = q
        .as_of
        .as_deref()
        .map(|d| parse_date("as_of", d))
        .transpose()?;
    let found: Vec<_> = data
        .suspensions
        .iter()
        .filter(|s| list.as_deref().is_none_or(|l| s.format == l))
        .filter(|s| date.is_none_or(|d| s.in_force_on(d)))
        .collect();
    Ok(HttpResponse::Ok().json(SuspensionsAnswer {
        format: q.format.as_ref().map(|f| f.0.as_str()),
        as_of: date,
        suspensions: found,
    }))
}
