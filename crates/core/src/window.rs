//! When is this deck legal? Every fact a game uses is dated, so the verdict can only change on
//! the dates its data changes something (a release, a rotation, a suspension's start or end, a
//! rule change). The window judges the deck on each of those dates and answers the intervals
//! between them, per format, with what opened and closed each.

use jiff::civil::Date;
use serde::Serialize;

use crate::dated::Confidence;
use crate::game::{Ask, FormatInfo, Game, RequestError};
use crate::input::Imported;
use crate::report::{Verdict, Violation};

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
    /// The violations that held before `from` and no longer do, in words.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub closed: Vec<String>,
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
    #[schema(value_type = std::collections::BTreeMap<String, crate::game::DeckSource>)]
    pub links: crate::game::Linked,
}

/// The windows of a submission in each format, judged at every change point between `from`
/// (default: the format's first day, else the earliest change point) and `until` (default: the
/// last change point).
pub fn window<G: Game>(
    game: &G,
    decks: &[Imported<G::Deck>],
    formats: &[&FormatInfo],
    ask: &Ask,
    options: &G::Options,
    from: Option<Date>,
    until: Option<Date>,
) -> Result<Window, RequestError> {
    if let (Some(f), Some(u)) = (from, until)
        && u < f
    {
        return Err(RequestError::bad_value(
            "until",
            format!("until ({u}) is before from ({f})"),
        ));
    }
    let mut result = Window {
        game: game.info().id,
        from: from.unwrap_or(Date::MAX),
        until: until.unwrap_or(Date::MIN),
        formats: Vec::new(),
        links: Default::default(),
    };
    if formats.is_empty() {
        // No format to judge (`all` on a day none is played): the window asked, or the day.
        result.from = from.unwrap_or(ask.as_of);
        result.until = until.unwrap_or(result.from);
    }
    for format in formats {
        let mut points = game.change_points(format);
        points.sort_by_key(|p| p.date);
        // By default from the format's first day (else the data's first change).
        let first = from
            .or(format.from)
            .or(points.first().map(|p| p.date))
            .unwrap_or(ask.as_of);
        // Never before `first`: a window asked from after the last change ends where it starts.
        let last = until
            .or(points.last().map(|p| p.date))
            .unwrap_or(first)
            .max(first);
        result.from = result.from.min(first);
        result.until = result.until.max(last);
        let mut dates: Vec<Date> = std::iter::once(first)
            .chain(
                points
                    .iter()
                    .map(|p| p.date)
                    .filter(|d| *d > first && *d <= last),
            )
            .collect();
        dates.dedup();
        let mut intervals: Vec<Interval> = Vec::new();
        let mut before: Vec<Violation> = Vec::new();
        for date in dates {
            let day = Ask {
                as_of: date,
                ..ask.clone()
            };
            let judged = game.check(decks, &[format], &day, options)?;
            let verdict = judged
                .iter()
                .map(|j| j.report.verdict)
                .max_by_key(|v| match v {
                    Verdict::Legal => 0,
                    Verdict::Unverified => 1,
                    Verdict::Illegal => 2,
                })
                .unwrap_or(Verdict::Unverified);
            let now: Vec<Violation> = judged
                .into_iter()
                .flat_map(|j| j.report.violations)
                .collect();
            let same = |a: &Violation, b: &Violation| {
                a.code == b.code && a.deck == b.deck && a.cards == b.cards
            };
            let opened: Vec<Violation> = now
                .iter()
                .filter(|v| !before.iter().any(|b| same(b, v)))
                .cloned()
                .collect();
            let closed: Vec<String> = before
                .iter()
                .filter(|b| !now.iter().any(|v| same(b, v)))
                .map(|b| format!("{}: {}", b.code, b.message()))
                .collect();
            let todays: Vec<&ChangePoint> = points.iter().filter(|p| p.date == date).collect();
            let boundary = todays
                .iter()
                .filter(|p| p.confidence.needs_caveat())
                .map(|p| {
                    format!(
                        "The date of this change ({}) is not confirmed by an official source.",
                        p.what
                    )
                })
                .next();
            let changed = !opened.is_empty()
                || !closed.is_empty()
                || intervals.last().is_none_or(|i| i.verdict != verdict);
            if changed {
                if let Some(last) = intervals.last_mut() {
                    last.until = Some(date);
                }
                intervals.push(Interval {
                    from: date,
                    until: None,
                    verdict,
                    changes: todays.iter().map(|p| p.what.clone()).collect(),
                    opened,
                    closed,
                    boundary,
                });
            }
            before = now;
        }
        result.formats.push(FormatWindow {
            format: format.id.clone(),
            intervals,
        });
    }
    Ok(result)
}
