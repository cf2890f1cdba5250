//! When is this deck legal? Every fact a game uses is dated, so the verdict can only change on
//! the dates its data changes something (a release, a rotation, a suspension's start or end, a
//! rule change). The window judges the deck on each of those dates and answers the intervals
//! between them, per format, with what opened and closed each.

use jiff::civil::Date;
use serde::Serialize;

use crate::answer::{DeckSource, Linked};
use crate::dated::Confidence;
use crate::report::{Verdict, Violation};

/// Violations as `code: message`, each in its language.
fn in_words<S: serde::Serializer>(closed: &[Violation], s: S) -> Result<S::Ok, S::Error> {
    s.collect_seq(closed.iter().map(closed_in_words))
}

/// A violation that no longer holds, in words: `code: message`.
pub fn closed_in_words(v: &Violation) -> String {
    format!("{}: {}", v.code, v.message())
}

/// A date on which a game's data changes something for a format.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct ChangePoint {
    #[schema(value_type = String, format = Date)]
    pub date: Date,
    /// What changes, in plain words: "A Lawless Time is released", "DJ is suspended".
    pub what: String,
    pub confidence: Confidence,
}

/// From `from` (inclusive) to `until` (exclusive; open-ended when absent), one verdict.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Interval {
    #[schema(value_type = String, format = Date)]
    pub from: Date,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<String>, format = Date)]
    pub until: Option<Date>,
    pub verdict: Verdict,
    /// What changed on `from` (the data's change points of that day).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub changes: Vec<String>,
    /// Violations that hold from `from` and did not hold before it.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub opened: Vec<Violation>,
    /// The violations that held before `from` and no longer do, in words (`code: message`,
    /// written when the answer is, in its language).
    #[serde(skip_serializing_if = "Vec::is_empty", serialize_with = "in_words")]
    #[schema(value_type = Vec<String>)]
    pub closed: Vec<Violation>,
    /// When the date that starts this interval rests on a fact that is not confirmed, in one
    /// sentence: the boundary is then itself unverified.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub boundary: Option<String>,
}

/// The intervals of one format.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct FormatWindow {
    pub format: String,
    pub intervals: Vec<Interval>,
}

#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Window {
    pub game: &'static str,
    #[schema(value_type = String, format = Date)]
    pub from: Date,
    #[schema(value_type = String, format = Date)]
    pub until: Date,
    pub formats: Vec<FormatWindow>,
    /// The decks given as links, by field: the site and the deck's title.
    #[serde(skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    #[schema(value_type = std::collections::BTreeMap<String, DeckSource>)]
    pub links: Linked,
}

impl Window {
    /// The window, the messages of the violations each interval opens to be written in `lang`.
    pub fn localize(&mut self, lang: crate::l10n::Lang) {
        for interval in self.formats.iter_mut().flat_map(|f| &mut f.intervals) {
            for v in interval.opened.iter_mut().chain(&mut interval.closed) {
                v.lang = lang;
            }
        }
    }
}
