//! Printable deck-registration sheets (issue 30, item 1): an event's registered lists as paper
//! sheets a player signs and a judge checks a deck against, one player per page.
//!
//! `GET /v1/events/{event}/sheets` (organizer or judge; `?player=` for one player) and
//! `GET /v1/events/{event}/me/sheet` (the player) answer the sheets as data: the event, its date
//! and format; per player their name and UID, the version registered and when; each deck of
//! the list in the game's sheet order with counts and totals (`AnyGame::sheet`, each game's
//! `sheet.rs`) and its fingerprint (`AnyGame::fingerprint`, the value stored with each
//! version). The page `/events/sheet` (`web/sheet.*`) lays them out with print CSS; the
//! browser makes the PDF.

use actix_web::HttpResponse;
use actix_web::web::Data;
use deckcheck_core::{AnyGame, DeckInput, Fingerprint, RequestError, SheetDeck};
use deckcheck_store::{Access, Event, ListVerdict, PlayerRecord, State};
use jiff::Timestamp;
use jiff::civil::Date;
use serde::{Deserialize, Serialize};

use crate::error::Error;
use crate::extract::{Authorized, NoParams, Params, op};
use crate::responses::{ErrorAnswer, TokenErrors, say};
use crate::state::AppState;

/// An event's sheets: the event, and one sheet per player.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct Sheets {
    pub event: SheetEvent,
    /// One per player, in the roster's order.
    pub sheets: Vec<PlayerSheet>,
}

/// The event as each sheet heads it.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SheetEvent {
    pub id: String,
    pub name: String,
    /// The game's id (`swu`) and name.
    pub game: String,
    pub game_name: String,
    /// The format's id and name.
    pub format: String,
    pub format_name: String,
    #[schema(value_type = String, format = Date)]
    pub date: Date,
}

/// One player's sheet.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct PlayerSheet {
    pub player_id: String,
    pub player: String,
    pub uid: String,
    /// The version of the list registered (the current one) and when it was registered.
    pub version: i64,
    #[schema(value_type = String, format = DateTime)]
    pub registered_at: Timestamp,
    pub state: State,
    pub verdict: ListVerdict,
    /// The decks of the list (two for a Light Side / Dark Side pair, three for Trilogy).
    pub decks: Vec<SheetList>,
    /// Why a deck of the list could not be laid out (it could not be read at all).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub problem: Option<String>,
}

/// A deck as its sheet lists it, with its fingerprint.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct SheetList {
    pub sheet: SheetDeck,
    /// The deck's fingerprint (docs/fingerprint.md); none when an entry could not be read as a
    /// card (`sheet.not_read`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fingerprint: Option<Fingerprint>,
}

/// Which sheets: every player's, or one.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct SheetsQuery {
    /// One player's id (`pl_…`): that player's sheet alone.
    #[serde(default)]
    pub player: Option<String>,
}

/// `GET /v1/events/{event}/sheets`: every player's sheet, or one's.
#[utoipa::path(
    get,
    path = "/v1/events/{event}/sheets",
    operation_id = "event_sheets",
    tag = "Events",
    summary = "Deck-registration sheets to print, one per player; ?player= for one (organizer or judge token)",
    params(("event" = String, Path, description = say::PATH_EVENT), SheetsQuery),
    responses(
        (status = 200, description = "The event and each player's sheet.", body = Sheets),
        (status = 400, description = "A query parameter the route does not read.", body = ErrorAnswer),
        TokenErrors,
        (status = 404, description = say::NO_PLAYER, body = ErrorAnswer),
        (status = 409, description = "The player asked was removed from the event or withdrew (`player-removed`).", body = ErrorAnswer),
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn sheets(
    Params(asked): Params<SheetsQuery>,
    who: Authorized<op::ReadRoster>,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let ids = match asked.player {
        Some(id) => vec![id],
        None => state
            .store
            .roster(&who.access)
            .await?
            .into_iter()
            .map(|r| r.id)
            .collect(),
    };
    Ok(HttpResponse::Ok().json(of(&state, &who.access, &ids).await?))
}

/// `GET /v1/events/{event}/me/sheet`: the player's own sheet.
#[utoipa::path(
    get,
    path = "/v1/events/{event}/me/sheet",
    operation_id = "my_sheet",
    tag = "Events",
    summary = "The player's own deck-registration sheet, to print (player token)",
    params(("event" = String, Path, description = say::PATH_EVENT)),
    responses(
        (status = 200, description = "The event and the player's sheet.", body = Sheets),
        (status = 400, description = say::NO_PARAMETERS, body = ErrorAnswer),
        TokenErrors,
        (status = 503, description = say::STORE_UNAVAILABLE, body = ErrorAnswer),
    ),
)]
pub async fn my_sheet(
    _: NoParams,
    who: Authorized<op::ReadOwnList>,
    state: Data<AppState>,
) -> Result<HttpResponse, Error> {
    let id = who.access.registration_id.clone().unwrap_or_default();
    Ok(HttpResponse::Ok().json(of(&state, &who.access, &[id]).await?))
}

/// The sheets of these players of an event.
async fn of(state: &AppState, access: &Access, players: &[String]) -> Result<Sheets, Error> {
    let event = state.store.event(access).await?;
    let mut records = Vec::with_capacity(players.len());
    for id in players {
        let record = state.store.player(access, id).await?;
        // A removed or withdrawn entry has left the sheets (issue 34): its history is read on
        // the player's record.
        if let Some(at) = record.registration.removed_at {
            return Err(deckcheck_store::StoreError::Removed {
                player: record.registration.player,
                at,
            }
            .into());
        }
        records.push(record);
    }
    let game = state.game(Some(&event.game))?;
    // Reading every list is CPU work: off the event loop.
    Ok(
        actix_web::web::block(move || lay_out(game.as_ref(), &event, records))
            .await
            .map_err(|e| RequestError::internal(format!("the sheets were not made: {e}")))?,
    )
}

/// The sheets of an event's players, from their records.
pub fn lay_out(game: &dyn AnyGame, event: &Event, records: Vec<PlayerRecord>) -> Sheets {
    let info = game.info();
    Sheets {
        event: SheetEvent {
            id: event.id.clone(),
            name: event.name.clone(),
            game: info.id.to_string(),
            game_name: info.name.to_string(),
            format: event.format.clone(),
            format_name: info
                .format(&event.format)
                .map_or_else(|| event.format.clone(), |f| f.name.clone()),
            date: event.date,
        },
        sheets: records
            .into_iter()
            .map(|record| player_sheet(game, event.date, record))
            .collect(),
    }
}

/// One player's sheet: the registered (last) version of their list.
pub(crate) fn player_sheet(game: &dyn AnyGame, date: Date, record: PlayerRecord) -> PlayerSheet {
    let registration = record.registration;
    let current = record
        .versions
        .into_iter()
        .rev()
        .find(|v| v.version == registration.version);
    let mut sheet = PlayerSheet {
        player_id: registration.id,
        player: registration.player,
        uid: registration.uid,
        version: registration.version,
        registered_at: current.as_ref().map_or(registration.updated_at, |v| v.at),
        state: registration.state,
        verdict: registration.verdict,
        decks: Vec::new(),
        problem: None,
    };
    let Some(version) = current else {
        sheet.problem = Some(format!(
            "version {} of the list is not stored",
            sheet.version
        ));
        return sheet;
    };
    let one = version.decks.len() == 1;
    let input = version.input_format.as_deref();
    for (i, text) in version.decks.into_iter().enumerate() {
        let deck = DeckInput {
            field: if one {
                "deck".into()
            } else {
                format!("decks[{i}]")
            },
            text,
        };
        match game.sheet(&deck, input, date) {
            Ok(laid_out) => sheet.decks.push(SheetList {
                fingerprint: game
                    .fingerprint(&deck, input, date)
                    .ok()
                    .map(|f| f.fingerprint),
                sheet: laid_out,
            }),
            Err(e) => sheet.problem = Some(e.message),
        }
    }
    sheet
}
