//! A game and its formats as data (`GET /v1/games`): what a request may name (formats, input
//! formats), the one grammar of format names, and what a check is asked beside the decks.

use std::sync::Arc;

use jiff::civil::Date;
use serde::Serialize;

use crate::error::{ErrorCode, RequestError};
use crate::input::InputFormatInfo;
use crate::report::CodeInfo;

/// A game as it is listed (`GET /v1/games`).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct GameInfo {
    /// `swu`, `lcg`, `ccg`, `legion`.
    pub id: &'static str,
    pub name: &'static str,
    /// The regulations the rules come from.
    pub regulations: Vec<String>,
    pub formats: Vec<FormatInfo>,
    /// The input formats it reads, in the order detection tries them.
    pub inputs: Vec<InputFormatInfo>,
    /// Every violation code its rules report.
    pub codes: Vec<CodeInfo>,
    /// Which card data is loaded (content hash, sync time).
    #[schema(value_type = String)]
    pub catalog: Arc<str>,
    /// How many cards the catalog holds.
    pub cards: usize,
}

/// A format, as data: what it is called, when it can be played, what a submission holds.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct FormatInfo {
    /// The id a request names: `premier`, `twin-suns`, `standard`, `classic`.
    pub id: String,
    pub name: String,
    pub summary: String,
    /// How many decks one submission holds (Trilogy: 3); a check of fewer decks judges what
    /// it was given.
    pub decks: u32,
    /// The first day it can be played, where the data knows one.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>, format = Date)]
    pub from: Option<Date>,
    /// The last day it could be played, if it ended.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>, format = Date)]
    pub until: Option<Date>,
    /// What a check needs beyond the decks (`pool` for sealed and draft); without it the
    /// answer is `unverified`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub needs: Vec<&'static str>,
}

impl FormatInfo {
    pub fn available_on(&self, date: Date) -> bool {
        self.from.is_none_or(|from| from <= date) && self.until.is_none_or(|until| date <= until)
    }
}

impl GameInfo {
    /// A format by its id, exactly as the game lists it (`premier`, `twin-suns`).
    pub fn format(&self, id: &str) -> Option<&FormatInfo> {
        self.formats.iter().find(|f| f.id == id)
    }

    /// The formats a request asks for, each once in the order first asked. The grammar, the
    /// same on the command line and in the API (and in its document): format ids exactly as
    /// the game lists them, several separated by commas (no spaces), or `all` (every format
    /// that can be played on `as_of`). `Premier`, `twin_suns` or `premier, eternal` are not
    /// guessed at: the error lists the ids.
    pub fn resolve_formats(
        &self,
        asked: &[String],
        as_of: Date,
    ) -> Result<Vec<&FormatInfo>, RequestError> {
        let mut out: Vec<&FormatInfo> = Vec::new();
        let mut any = false;
        for name in asked.iter().flat_map(|a| a.split(',')) {
            any = true;
            let found: Vec<&FormatInfo> = if name == ALL_FORMATS {
                self.formats
                    .iter()
                    .filter(|f| f.available_on(as_of))
                    .collect()
            } else {
                vec![self.format(name).ok_or_else(|| self.unknown_format(name))?]
            };
            for f in found {
                if !out.iter().any(|o| o.id == f.id) {
                    out.push(f);
                }
            }
        }
        if !any {
            return Err(RequestError::new(
                ErrorCode::InvalidRequest,
                format!(
                    "format is an empty list; name at least one of {}, or all",
                    self.format_ids()
                ),
            )
            .field("format"));
        }
        Ok(out)
    }

    fn format_ids(&self) -> String {
        self.formats
            .iter()
            .map(|f| f.id.as_str())
            .collect::<Vec<_>>()
            .join(", ")
    }

    pub fn unknown_format(&self, name: &str) -> RequestError {
        RequestError::bad_value(
            "format",
            format!(
                "unknown format {:?} for {}; the formats are {}, or all",
                crate::text::echo(name),
                self.name,
                self.format_ids()
            ),
        )
        .code(ErrorCode::UnknownFormat)
    }
}

impl GameInfo {
    /// An input format by its id, exactly as the game lists it, or the error naming those it
    /// reads.
    pub fn input(&self, id: &str) -> Result<&InputFormatInfo, RequestError> {
        self.inputs.iter().find(|i| i.id == id).ok_or_else(|| {
            let known: Vec<&str> = self.inputs.iter().map(|i| i.id).collect();
            RequestError::new(
                ErrorCode::UnknownInputFormat,
                format!(
                    "unknown input format {:?} for {}; it reads {}",
                    crate::text::echo(id),
                    self.name,
                    known.join(", ")
                ),
            )
            .field("input_format")
        })
    }
}

/// What a request names to ask for every format that can be played on its date.
pub const ALL_FORMATS: &str = "all";

/// What a check is asked beside the decks and the game's own options.
#[derive(Debug, Clone)]
pub struct Ask {
    pub as_of: Date,
    /// The player and their id, for a registration's completeness (SWU CEG 3.3.3).
    pub player: Option<String>,
    pub uid: Option<String>,
    /// The list is registered for a competitive event: check what registration requires.
    pub registration: bool,
}
