//! Dated facts: a value in force from a date, with the section that says so, its sources and
//! how sure the project is of it. Every number a rule reads is one of these, so that a check
//! on any date applies what was in force that day and names where it comes from.

use jiff::civil::Date;
use serde::{Deserialize, Serialize};

/// How sure the project is of a fact.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Default,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "kebab-case")]
pub enum Confidence {
    /// An official document or article says so.
    #[default]
    Official,
    /// Two or more independent sources agree; no official word was found.
    Confirmed,
    /// One source only: an answer resting on it says so, and stands.
    SingleSource,
    /// No source settles it: an answer that rests on it is `unverified`.
    Unconfirmed,
}

impl Confidence {
    /// Whether an answer resting on this fact must say so.
    pub fn needs_caveat(self) -> bool {
        matches!(self, Self::SingleSource | Self::Unconfirmed)
    }

    /// Whether an answer resting on this fact cannot be given as legal or illegal.
    pub fn leaves_unverified(self) -> bool {
        self == Self::Unconfirmed
    }
}

/// A value in force from a date, with the section that says so.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dated<T> {
    pub value: T,
    pub from: Date,
    /// What a violation cites, as the document in force on `from` numbers it: `TR 2.3.1.1`,
    /// `CEG 9.1.1`, `CR 9.2.2D`, `REG Army Building`.
    pub section: String,
    #[serde(default)]
    pub confidence: Confidence,
    #[serde(default)]
    pub sources: Vec<String>,
    /// One plain sentence for players when the fact is not certain ("The date Trilogy began
    /// is not confirmed by an official source."). Never research notes.
    #[serde(default)]
    pub caveat: Option<String>,
    /// Research notes for maintainers; never shown to players.
    #[serde(default)]
    pub notes: Option<String>,
}

impl<T> Dated<T> {
    /// The sentence an answer resting on this fact carries, if it needs one.
    pub fn caveat(&self) -> Option<String> {
        self.confidence.needs_caveat().then(|| {
            self.caveat.clone().unwrap_or_else(|| {
                "This rule's date is not confirmed by an official source.".into()
            })
        })
    }
}

/// Values of one setting over time, oldest first. Empty means the setting does not apply.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Timeline<T>(Vec<Dated<T>>);

impl<T> Default for Timeline<T> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

/// A timeline whose entries are not in strictly increasing date order: the first pair out of
/// order.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("entries are not in date order ({earlier} is not before {later})")]
pub struct OutOfOrder {
    pub earlier: Date,
    pub later: Date,
}

impl<T> Timeline<T> {
    /// A timeline of entries oldest first; `Err` names the first entry out of order.
    pub fn new(entries: Vec<Dated<T>>) -> Result<Self, OutOfOrder> {
        let timeline = Self(entries);
        timeline.check_order()?;
        Ok(timeline)
    }

    /// The entry in force on `date`: the latest one that started on or before it.
    pub fn at(&self, date: Date) -> Option<&Dated<T>> {
        let started = self.0.partition_point(|d| d.from <= date);
        started.checked_sub(1).map(|i| &self.0[i])
    }

    pub fn entries(&self) -> &[Dated<T>] {
        &self.0
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// The dates on which the value changes.
    pub fn change_dates(&self) -> impl Iterator<Item = Date> + '_ {
        self.0.iter().map(|d| d.from)
    }

    /// Ok when entries are in strictly increasing date order (as read from a file, where
    /// serde cannot check it).
    pub fn check_order(&self) -> Result<(), OutOfOrder> {
        match self.0.windows(2).find(|w| w[0].from >= w[1].from) {
            Some(w) => Err(OutOfOrder {
                earlier: w[0].from,
                later: w[1].from,
            }),
            None => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::civil::date;

    fn dated(value: u32, from: Date) -> Dated<u32> {
        Dated {
            value,
            from,
            section: "TR 2.3.1.2".into(),
            confidence: Confidence::Official,
            sources: vec![],
            caveat: None,
            notes: None,
        }
    }

    #[test]
    fn a_timeline_answers_the_value_in_force_on_the_day() {
        let t = Timeline::new(vec![
            dated(50, date(2024, 3, 8)),
            dated(80, date(2025, 3, 14)),
        ])
        .unwrap();
        assert!(t.at(date(2024, 3, 7)).is_none());
        assert_eq!(t.at(date(2025, 3, 13)).unwrap().value, 50);
        assert_eq!(t.at(date(2025, 3, 14)).unwrap().value, 80);
        assert_eq!(t.at(date(2030, 1, 1)).unwrap().value, 80);
    }

    #[test]
    fn a_timeline_out_of_order_is_refused() {
        let err = Timeline::new(vec![
            dated(80, date(2025, 3, 14)),
            dated(50, date(2024, 3, 8)),
        ])
        .unwrap_err();
        assert!(err.to_string().contains("2025-03-14"), "{err}");
    }

    #[test]
    fn only_an_uncertain_fact_carries_a_caveat_and_research_notes_never_do() {
        let mut fact = dated(1, date(2025, 7, 4));
        fact.notes = Some("Karabast commit date; apostrophe is ASCII".into());
        assert_eq!(fact.caveat(), None);
        fact.confidence = Confidence::SingleSource;
        let caveat = fact.caveat().unwrap();
        assert!(!caveat.contains("Karabast"), "{caveat}");
        fact.caveat = Some("Only one source gives this date.".into());
        assert_eq!(fact.caveat().unwrap(), "Only one source gives this date.");
    }
}
