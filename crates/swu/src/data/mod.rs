//! The project's own legality data (`card_data/swu/`): sets, suspensions, printed
//! deckbuilding exceptions, format definitions and the sections rules cite, each fact with its
//! date, source and confidence.
//!
//! The files are embedded in the binary at build time, so `deckcheck` answers on its defaults
//! with no files beside it; `DECKCHECK_CARD_DATA` (or `--card-data`) points at a directory whose
//! `swu/` holds the same files, to use newer data without a rebuild. A file that does not parse
//! stops the start-up with its name and the record that broke.

mod formats;

pub use formats::{FormatDef, LeaderAspectRule, PoolKind, PoolRule};

use std::collections::BTreeMap;
use std::path::Path;

use deckcheck_core::{Confidence, Dated, Timeline};
use jiff::civil::Date;
use serde::{Deserialize, Serialize};

/// What kind of product a set is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum SetKind {
    /// A main booster set with a rotation symbol (or block 0).
    Main,
    /// A fixed-deck intro product (Intro Battle: Hoth).
    Intro,
    /// A Twin Suns product (TS26).
    TwinSuns,
    /// A reprint product (Icons).
    Reprint,
    /// Promotional printings; they take their legality from the card identity.
    Promo,
}

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SetInfo {
    pub code: String,
    pub name: String,
    pub kind: SetKind,
    #[serde(default)]
    pub release_date: Option<Date>,
    #[serde(default)]
    pub prerelease_date: Option<Date>,
    #[serde(default)]
    pub rotation_block: Option<String>,
    #[serde(default)]
    pub confidence: Confidence,
    pub sources: Vec<String>,
    /// One plain sentence for players when the fact is not certain.
    #[serde(default)]
    pub caveat: Option<String>,
    /// Research notes; never shown to players.
    #[serde(default)]
    pub notes: Option<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Suspension {
    /// `premier` or `eternal`: the suspension list it is on.
    pub format: String,
    pub title: String,
    #[serde(default)]
    pub subtitle: Option<String>,
    pub printing: String,
    pub effective_from: Date,
    #[serde(default)]
    pub effective_until: Option<Date>,
    #[serde(default)]
    pub confidence: Confidence,
    pub sources: Vec<String>,
    /// One plain sentence for players when the fact is not certain.
    #[serde(default)]
    pub caveat: Option<String>,
    /// Research notes; never shown to players.
    #[serde(default)]
    pub notes: Option<String>,
}

impl Suspension {
    pub fn in_force_on(&self, date: Date) -> bool {
        self.effective_from <= date && self.effective_until.is_none_or(|until| date < until)
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum ExceptionKind {
    /// The card may be included up to `value` times.
    MaxCopies,
    /// The deck's minimum main deck size changes by `value` (a base's text).
    MinDeckSizeDelta,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Exception {
    pub title: String,
    #[serde(default)]
    pub subtitle: Option<String>,
    pub kind: ExceptionKind,
    pub value: i32,
    pub printed_text: String,
    pub printings: Vec<String>,
    #[serde(default)]
    pub confidence: Confidence,
    pub sources: Vec<String>,
    /// One plain sentence for players when the fact is not certain.
    #[serde(default)]
    pub caveat: Option<String>,
    /// Research notes; never shown to players.
    #[serde(default)]
    pub notes: Option<String>,
}

/// Why the legality data could not be read.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    #[error("cannot read {file}: {source}")]
    Io {
        file: String,
        source: std::io::Error,
    },
    #[error("{file}: {source}")]
    Parse {
        file: String,
        source: Box<toml::de::Error>,
    },
    #[error("{file}: {message}")]
    Invalid { file: String, message: String },
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SetsFile {
    set: Vec<SetInfo>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SuspensionsFile {
    suspension: Vec<Suspension>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ExceptionsFile {
    exception: Vec<Exception>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FormatsFile {
    format: Vec<FormatDef>,
}

/// The sections rules cite that are not a format's setting, by rule and date.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct CitationsFile {
    citation: Vec<Citation>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Citation {
    /// The rule's key (`not-released`, `deck-list`, `deck-check`…).
    rule: String,
    /// What the document says (`value`), from when, and under which section.
    sections: Timeline<String>,
}

/// Everything `card_data/swu/` says.
#[derive(Debug, Clone)]
pub struct LegalityData {
    pub sets: Vec<SetInfo>,
    pub suspensions: Vec<Suspension>,
    pub exceptions: Vec<Exception>,
    pub formats: Vec<FormatDef>,
    citations: BTreeMap<String, Timeline<String>>,
}

const FILES: [&str; 5] = [
    "sets.toml",
    "suspensions.toml",
    "exceptions.toml",
    "formats.toml",
    "citations.toml",
];

const EMBEDDED: [&str; 5] = [
    include_str!("../../../../card_data/swu/sets.toml"),
    include_str!("../../../../card_data/swu/suspensions.toml"),
    include_str!("../../../../card_data/swu/exceptions.toml"),
    include_str!("../../../../card_data/swu/formats.toml"),
    include_str!("../../../../card_data/swu/citations.toml"),
];

impl LegalityData {
    /// The data compiled into this binary.
    pub fn embedded() -> Result<Self, DataError> {
        Self::parse(|i| Ok(EMBEDDED[i].to_string()))
    }

    /// The same files read from a directory.
    pub fn from_dir(dir: &Path) -> Result<Self, DataError> {
        Self::parse(|i| {
            let path = dir.join(FILES[i]);
            std::fs::read_to_string(&path).map_err(|source| DataError::Io {
                file: path.display().to_string(),
                source,
            })
        })
    }

    fn parse(read: impl Fn(usize) -> Result<String, DataError>) -> Result<Self, DataError> {
        fn toml_of<T: serde::de::DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
            toml::from_str(text).map_err(|source| DataError::Parse {
                file: file.to_string(),
                source: Box::new(source),
            })
        }
        let sets: SetsFile = toml_of(FILES[0], &read(0)?)?;
        let suspensions: SuspensionsFile = toml_of(FILES[1], &read(1)?)?;
        let exceptions: ExceptionsFile = toml_of(FILES[2], &read(2)?)?;
        let formats: FormatsFile = toml_of(FILES[3], &read(3)?)?;
        let citations: CitationsFile = toml_of(FILES[4], &read(4)?)?;
        let data = Self {
            sets: sets.set,
            suspensions: suspensions.suspension,
            exceptions: exceptions.exception,
            formats: formats.format,
            citations: citations
                .citation
                .into_iter()
                .map(|c| (c.rule, c.sections))
                .collect(),
        };
        data.validate()?;
        Ok(data)
    }

    /// Checks what serde cannot: codes and ids are unique, lists name known formats,
    /// timelines are ordered.
    fn validate(&self) -> Result<(), DataError> {
        let invalid = |file: &str, message: String| DataError::Invalid {
            file: file.to_string(),
            message,
        };
        let mut codes = std::collections::HashSet::new();
        for set in &self.sets {
            if !codes.insert(set.code.to_ascii_uppercase()) {
                return Err(invalid(
                    FILES[0],
                    format!("set {} is listed twice", set.code),
                ));
            }
        }
        let mut ids = std::collections::HashSet::new();
        for f in &self.formats {
            f.validate().map_err(|m| invalid(FILES[3], m))?;
            if !ids.insert(f.id.as_str()) {
                return Err(invalid(
                    FILES[3],
                    format!("format {} is defined twice", f.id),
                ));
            }
            for pool in f.card_pool.entries() {
                if let Some(unknown) = pool
                    .value
                    .formats
                    .iter()
                    .find(|id| !self.formats.iter().any(|g| &g.id == *id))
                {
                    return Err(invalid(
                        FILES[3],
                        format!("{}: card_pool names unknown format {unknown:?}", f.id),
                    ));
                }
            }
        }
        let lists: Vec<&str> = self
            .formats
            .iter()
            .flat_map(|f| f.suspension_list.entries().iter().map(|d| d.value.as_str()))
            .collect();
        for s in &self.suspensions {
            if !lists.contains(&s.format.as_str()) {
                return Err(invalid(
                    FILES[1],
                    format!(
                        "suspension of {} names list {:?}, which no format uses",
                        s.title, s.format
                    ),
                ));
            }
        }
        for (rule, sections) in &self.citations {
            sections
                .check_order()
                .map_err(|e| invalid(FILES[4], format!("{rule}: {e}")))?;
        }
        Ok(())
    }

    pub fn format(&self, id: &str) -> Option<&FormatDef> {
        self.formats.iter().find(|f| f.id == id)
    }

    pub fn set(&self, code: &str) -> Option<&SetInfo> {
        self.sets.iter().find(|s| s.code.eq_ignore_ascii_case(code))
    }

    pub fn release_date(&self, code: &str) -> Option<Date> {
        self.set(code).and_then(|s| s.release_date)
    }

    /// The section a rule cites on a date (the document in force then numbers it); the
    /// rule's key itself if the data has no citation for it.
    pub fn cite(&self, rule: &'static str, date: Date) -> &str {
        self.citation(rule, date)
            .map_or(rule, |d| d.section.as_str())
    }

    /// The citation of a rule in force on a date, with its confidence.
    pub fn citation(&self, rule: &str, date: Date) -> Option<&Dated<String>> {
        self.citations
            .get(rule)
            .and_then(|t| t.at(date).or_else(|| t.entries().first()))
    }

    /// The suspensions of a list (`premier`, `eternal`) in force on a date.
    pub fn suspensions_on<'a>(
        &'a self,
        list: &'a str,
        date: Date,
    ) -> impl Iterator<Item = &'a Suspension> + 'a {
        self.suspensions
            .iter()
            .filter(move |s| s.format == list && s.in_force_on(date))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::civil::date;

    #[test]
    fn the_embedded_data_loads_and_validates() {
        let data = LegalityData::embedded().unwrap();
        assert!(data.set("SOR").is_some());
        assert_eq!(data.release_date("JTL"), Some(date(2025, 3, 14)));
        assert_eq!(data.release_date("LAW"), Some(date(2026, 3, 13)));
    }

    #[test]
    fn the_regulation_date_of_the_april_2025_suspensions_wins() {
        let data = LegalityData::embedded().unwrap();
        let dj = data
            .suspensions
            .iter()
            .find(|s| s.title == "DJ")
            .expect("DJ is suspended");
        assert_eq!(dj.effective_from, date(2025, 4, 11));
        assert!(dj.notes.as_deref().unwrap_or("").contains("2025-04-09"));
    }

    #[test]
    fn a_suspension_is_in_force_from_its_first_day() {
        let data = LegalityData::embedded().unwrap();
        let on = |d| data.suspensions_on("premier", d).count();
        assert_eq!(on(date(2024, 11, 7)), 0);
        assert_eq!(on(date(2024, 11, 8)), 1);
    }
}
