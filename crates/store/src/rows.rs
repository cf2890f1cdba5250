//! Reading rows back into the model: every column by name, every stored name checked.

use jiff::Timestamp;
use jiff::civil::Date;
use serde_json::Value;
use sqlx::Row;
use sqlx::any::AnyRow;

use crate::error::StoreError;
use crate::model::{
    CheckVerdict, DeckCheck, Event, IllegalLists, ListVerdict, ListVersion, Pick, Registration,
    Source, State, Stored, Tier,
};

/// The columns of an event, in the order [`event`] reads them.
macro_rules! event_columns {
    () => {
        "id, name, game, format, event_date, tier, illegal_lists, options, registration_code, locks_at, locked_at, published_at, created_at"
    };
}
pub(crate) use event_columns;

/// The columns of a registration (`r`), with its number of deck checks.
macro_rules! registration_columns {
    () => {
        "r.id, r.player, r.uid, r.version, r.state, r.verdict, r.created_at, r.updated_at, (SELECT COUNT(*) FROM deck_checks c WHERE c.registration_id = r.id) AS checks"
    };
}
pub(crate) use registration_columns;

macro_rules! version_columns {
    () => {
        "version, at, source, actor, reason, decks, input_format, pool, verdict, state, cards, report"
    };
}
pub(crate) use version_columns;

macro_rules! check_columns {
    () => {
        "id, registration_id, version, deck_index, judge, at, verdict, presented, deck_box, note, comparison"
    };
}
pub(crate) use check_columns;

/// A time as stored: to the microsecond.
pub fn whole_micros(t: Timestamp) -> Timestamp {
    Timestamp::from_microsecond(t.as_microsecond()).unwrap_or(t)
}

pub fn micros(t: Timestamp) -> i64 {
    t.as_microsecond()
}

fn get<'r, T>(row: &'r AnyRow, column: &str) -> Result<T, StoreError>
where
    T: sqlx::Decode<'r, sqlx::Any> + sqlx::Type<sqlx::Any>,
{
    row.try_get(column)
        .map_err(|e| StoreError::Corrupt(format!("column {column}: {e}")))
}

fn time(row: &AnyRow, column: &str) -> Result<Timestamp, StoreError> {
    let us: i64 = get(row, column)?;
    Timestamp::from_microsecond(us).map_err(|e| StoreError::Corrupt(format!("{column}: {e}")))
}

fn time_opt(row: &AnyRow, column: &str) -> Result<Option<Timestamp>, StoreError> {
    let us: Option<i64> = get(row, column)?;
    us.map(|us| {
        Timestamp::from_microsecond(us).map_err(|e| StoreError::Corrupt(format!("{column}: {e}")))
    })
    .transpose()
}

fn named<T: Stored>(row: &AnyRow, column: &str) -> Result<T, StoreError> {
    let text: String = get(row, column)?;
    T::parse(column, &text)
}

fn json<T: serde::de::DeserializeOwned>(row: &AnyRow, column: &str) -> Result<T, StoreError> {
    let text: String = get(row, column)?;
    serde_json::from_str(&text).map_err(|e| StoreError::Corrupt(format!("{column}: {e}")))
}

pub fn event(row: &AnyRow) -> Result<Event, StoreError> {
    let date: String = get(row, "event_date")?;
    Ok(Event {
        id: get(row, "id")?,
        name: get(row, "name")?,
        game: get(row, "game")?,
        format: get(row, "format")?,
        date: date
            .parse::<Date>()
            .map_err(|e| StoreError::Corrupt(format!("event_date: {e}")))?,
        tier: named::<Tier>(row, "tier")?,
        illegal_lists: named::<IllegalLists>(row, "illegal_lists")?,
        options: json(row, "options")?,
        registration_code: get(row, "registration_code")?,
        locks_at: time_opt(row, "locks_at")?,
        locked_at: time_opt(row, "locked_at")?,
        published_at: time_opt(row, "published_at")?,
        created_at: time(row, "created_at")?,
    })
}

pub fn registration(row: &AnyRow) -> Result<Registration, StoreError> {
    Ok(Registration {
        id: get(row, "id")?,
        player: get(row, "player")?,
        uid: get(row, "uid")?,
        version: get(row, "version")?,
        state: named::<State>(row, "state")?,
        verdict: named::<ListVerdict>(row, "verdict")?,
        created_at: time(row, "created_at")?,
        updated_at: time(row, "updated_at")?,
        checks: get(row, "checks")?,
    })
}

pub fn version(row: &AnyRow) -> Result<ListVersion, StoreError> {
    Ok(ListVersion {
        version: get(row, "version")?,
        at: time(row, "at")?,
        source: named::<Source>(row, "source")?,
        actor: get(row, "actor")?,
        reason: get(row, "reason")?,
        decks: json(row, "decks")?,
        input_format: get(row, "input_format")?,
        pool: get(row, "pool")?,
        verdict: named::<ListVerdict>(row, "verdict")?,
        state: named::<State>(row, "state")?,
        cards: json::<Value>(row, "cards")?,
        report: json::<Value>(row, "report")?,
    })
}

pub fn check(row: &AnyRow) -> Result<DeckCheck, StoreError> {
    Ok(DeckCheck {
        id: get(row, "id")?,
        player_id: get(row, "registration_id")?,
        version: get(row, "version")?,
        deck_index: get(row, "deck_index")?,
        judge: get(row, "judge")?,
        at: time(row, "at")?,
        verdict: named::<CheckVerdict>(row, "verdict")?,
        presented: get(row, "presented")?,
        deck_box: get(row, "deck_box")?,
        note: get(row, "note")?,
        comparison: json::<Value>(row, "comparison")?,
    })
}

pub fn pick(row: &AnyRow) -> Result<Pick, StoreError> {
    Ok(Pick {
        player_id: get(row, "registration_id")?,
        at: time(row, "at")?,
        picked_by: get(row, "picked_by")?,
    })
}

pub fn text(row: &AnyRow, column: &str) -> Result<String, StoreError> {
    get(row, column)
}

pub fn int(row: &AnyRow, column: &str) -> Result<i64, StoreError> {
    get(row, column)
}

pub fn int_opt(row: &AnyRow, column: &str) -> Result<Option<i64>, StoreError> {
    get(row, column)
}

pub fn text_opt(row: &AnyRow, column: &str) -> Result<Option<String>, StoreError> {
    get(row, column)
}
