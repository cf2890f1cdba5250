//! The project's own legality data (`card_data/swu/`): sets, suspensions, printed
//! deckbuilding exceptions, format definitions and the sections rules cite, each fact with its
//! date, source and confidence.
//!
//! The files are embedded in the binary at build time, so `deckcheck` answers on its defaults
//! with no files beside it; `DECKCHECK_CARD_DATA` (or `--card-data`) points at a directory whose
//! `swu/` holds the same files, to use newer data without a rebuild. A file that does not parse
//! stops the start-up with its name and the record that broke.

mod formats;
mod numbering;

pub use formats::{FormatDef, FormatError, LeaderAspectRule, PoolKind, PoolRule};
pub use numbering::{NumberRange, NumberingError, Pick, RangeProblem, SetNumbering};

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

impl SetKind {
    /// Every kind of product.
    pub const ALL: [Self; 5] = [
        Self::Main,
        Self::Intro,
        Self::TwinSuns,
        Self::Reprint,
        Self::Promo,
    ];
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
    /// Sources that disagree on the release date: the earliest day any of them gives. Between it
    /// and `release_date` whether the set was out cannot be told; outside that span it can.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub release_disputed_from: Option<Date>,
    /// Formats that took the set later than its release, by format id: the first day it counts
    /// there and the document that says so (the first event guide made Intro Battle: Hoth Twin
    /// Suns-legal a week after Premier).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub legal_from: BTreeMap<String, LaterStart>,
    #[serde(default)]
    pub rotation_block: Option<String>,
    /// How sure the rotation block is (it decides whether the set is Premier-legal after a
    /// rotation); `rotation_block_caveat` says so when it is not.
    #[serde(default)]
    pub rotation_block_confidence: Confidence,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rotation_block_caveat: Option<String>,
    /// How sure the release date is.
    #[serde(default)]
    pub confidence: Confidence,
    pub sources: Vec<String>,
    /// One plain sentence for players when the release date is not certain.
    #[serde(default)]
    pub caveat: Option<String>,
    /// Research notes; never shown to players.
    #[serde(default, skip_serializing)]
    pub notes: Option<String>,
}

/// A format's first day for a set's cards later than the set's release, and what fixed it.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
pub struct LaterStart {
    /// The first day the set's cards count in the format.
    pub from: Date,
    /// The section that says so: `CEG 9.3.1`.
    pub section: String,
    /// The day that document was published. Before it no source fixed the later day: between
    /// the release and `from`, a check on a date before `published` cannot tell whether the
    /// set's cards counted (a date is never applied before the document that set it).
    pub published: Date,
    /// One plain sentence for such an answer.
    pub caveat: String,
}

impl SetInfo {
    /// The first day the set's cards count in a format: its release, or later where that format
    /// took it later.
    pub fn legal_in(&self, format: &str) -> Option<Date> {
        self.legal_from
            .get(format)
            .map(|l| l.from)
            .or(self.release_date)
    }

    /// The first day the set's cards count in a format as the documents out on `date` say: a
    /// later first day only once the document that set it is published (before it, the
    /// release, as the regulations of the time made every set legal).
    pub fn counts_from(&self, format: &str, date: Date) -> Option<Date> {
        match self.legal_from.get(format) {
            Some(later) if later.published <= date => Some(later.from),
            _ => self.release_date,
        }
    }

    /// Whether on `date` the set is released but a format's later first day, fixed only by a
    /// document published after `date`, would keep it out: no source of the day settles it.
    pub fn unsettled_in(&self, format: &str, date: Date) -> Option<&LaterStart> {
        let later = self.legal_from.get(format)?;
        let released = self.release_date.is_some_and(|r| r <= date);
        (released && date < later.from && date < later.published).then_some(later)
    }

    /// A main set's prerelease week: from its recorded prerelease day, else the seven days
    /// before its release, until its release (exclusive). Only main sets have prereleases.
    pub fn prerelease_week(&self) -> Option<(Date, Date)> {
        if self.kind != SetKind::Main {
            return None;
        }
        let release = self.release_date?;
        let opens = match self.prerelease_date {
            Some(day) => day,
            None => release.checked_sub(jiff::ToSpan::days(7)).ok()?,
        };
        Some((opens, release))
    }

    /// How sure "released by `date`" (or not) is: certain outside the span the sources disagree
    /// on, the release date's own confidence inside it (or everywhere, when no span is known).
    pub fn release_confidence_on(&self, date: Date) -> Confidence {
        match (self.release_disputed_from, self.release_date) {
            (Some(from), Some(release)) if date < from || date >= release => Confidence::Official,
            _ => self.confidence,
        }
    }
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
    /// What made the suspension, as an answer cites it: the announcement (an article's title,
    /// or who reported FFG's word where the article was not found). A suspension is cited by it,
    /// not by the format's section, which only says where the list lives (and may say the list
    /// is empty: CEG 2026-06-26 9.1.1 and 9.1.2).
    pub announcement: String,
    /// The day the announcement was published, where known; never after `effective_from`.
    #[serde(default)]
    pub announced: Option<Date>,
    #[serde(default)]
    pub confidence: Confidence,
    pub sources: Vec<String>,
    /// One plain sentence for players when the fact is not certain.
    #[serde(default)]
    pub caveat: Option<String>,
    /// Research notes; never shown to players.
    #[serde(default, skip_serializing)]
    pub notes: Option<String>,
}

impl Suspension {
    pub fn in_force_on(&self, date: Date) -> bool {
        self.effective_from <= date && self.effective_until.is_none_or(|until| date < until)
    }

    /// What a violation cites: the announcement and its date, `Cad Banned (2026-08-24)`.
    pub fn cited(&self) -> String {
        match self.announced {
            Some(day) => format!("{} ({day})", self.announcement),
            None => self.announcement.clone(),
        }
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
    #[serde(default, skip_serializing)]
    pub notes: Option<String>,
}

/// A double-sided leader whose text names the side it starts the game on. Twin Suns judges each
/// leader by "faceup sides at the start of the game" (CR 12.3.1 from CR 4.0; CEG 9.3.1 from
/// 2026-06-26), and the catalog keeps one aspect list per card, the union of both sides.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LeaderSides {
    /// The card's title and subtitle as the catalog has them.
    pub title: String,
    #[serde(default)]
    pub subtitle: Option<String>,
    /// The side the game starts on, and its aspects.
    pub start_side: String,
    pub start_aspects: Vec<String>,
    /// The other side, and its aspects.
    pub other_side: String,
    pub other_aspects: Vec<String>,
    /// The text that says so.
    pub printed_text: String,
    pub printings: Vec<String>,
    /// From when a rules text says the starting side is what counts (CR 4.0, 12.3.1).
    pub judged_from: Date,
    /// One plain sentence for an answer before `judged_from` that the starting side decides.
    pub caveat_before: String,
    #[serde(default)]
    pub confidence: Confidence,
    pub sources: Vec<String>,
    /// Research notes; never shown to players.
    #[serde(default, skip_serializing)]
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
    #[error("{file}: {source}")]
    Invalid { file: String, source: Invalid },
}

/// What a data file holds that it must not: what serde cannot check, named with the record.
#[derive(Debug, thiserror::Error)]
pub enum Invalid {
    #[error("set {0} is listed twice")]
    SetTwice(String),
    #[error("format {0} is defined twice")]
    FormatTwice(String),
    #[error("{format}: card_pool names unknown format {unknown:?}")]
    UnknownPoolFormat { format: String, unknown: String },
    #[error("the suspension of {title} takes effect before its announcement of {announced}")]
    SuspendedBeforeAnnounced { title: String, announced: Date },
    #[error("suspension of {title} names list {list:?}, which no format uses")]
    UnknownList { title: String, list: String },
    #[error("{rule}: {source}")]
    Citation { rule: String, source: TimelineError },
    #[error(transparent)]
    Format(#[from] FormatError),
    #[error(transparent)]
    Numbering(#[from] NumberingError),
    #[error(
        "{0} is not certain (single-source or unconfirmed) and has no `caveat`: give it one plain sentence for players"
    )]
    NoCaveat(String),
}

/// Why a timeline of a data file is refused.
#[derive(Debug, thiserror::Error)]
pub enum TimelineError {
    /// Its entries are not in date order (core's check says which, in words).
    #[error("{0}")]
    Order(deckcheck_core::dated::OutOfOrder),
    #[error("entry from {from} cites {section:?}, published later")]
    PublishedLater { from: Date, section: String },
}

/// A timeline as a data file may hold it: entries in date order, and none in force before the
/// day its section says it was published (`Eternally Unlimited (2026-02-18)` cannot apply from
/// 2026-02-01): a date is never applied before the document or announcement that set it.
pub(crate) fn check_timeline<T>(timeline: &Timeline<T>) -> Result<(), TimelineError> {
    timeline.check_order().map_err(TimelineError::Order)?;
    for d in timeline.entries() {
        if let Some(published) = published_on(&d.section)
            && d.from < published
        {
            return Err(TimelineError::PublishedLater {
                from: d.from,
                section: d.section.clone(),
            });
        }
    }
    Ok(())
}

/// The day a section names as its publication: `Cad Banned (2026-08-24)` → 2026-08-24.
fn published_on(section: &str) -> Option<Date> {
    let (_, day) = section.strip_suffix(')')?.rsplit_once('(')?;
    day.parse().ok()
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
struct LeadersFile {
    leader: Vec<LeaderSides>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NumberingFile {
    set: Vec<SetNumbering>,
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
    /// Leaders that start the game on a named side.
    pub leaders: Vec<LeaderSides>,
    /// Each set's printing numbers of its variants, for ids the catalog lacks.
    pub numbering: Vec<SetNumbering>,
    citations: BTreeMap<String, Timeline<String>>,
}

const FILES: [&str; 7] = [
    "sets.toml",
    "suspensions.toml",
    "exceptions.toml",
    "formats.toml",
    "citations.toml",
    "leaders.toml",
    "numbering.toml",
];

const EMBEDDED: [&str; 7] = [
    include_str!("../../../../card_data/swu/sets.toml"),
    include_str!("../../../../card_data/swu/suspensions.toml"),
    include_str!("../../../../card_data/swu/exceptions.toml"),
    include_str!("../../../../card_data/swu/formats.toml"),
    include_str!("../../../../card_data/swu/citations.toml"),
    include_str!("../../../../card_data/swu/leaders.toml"),
    include_str!("../../../../card_data/swu/numbering.toml"),
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
        let leaders: LeadersFile = toml_of(FILES[5], &read(5)?)?;
        let numbering: NumberingFile = toml_of(FILES[6], &read(6)?)?;
        let data = Self {
            sets: sets.set,
            suspensions: suspensions.suspension,
            exceptions: exceptions.exception,
            formats: formats.format,
            leaders: leaders.leader,
            numbering: numbering.set,
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
        let invalid = |file: &str, source: Invalid| DataError::Invalid {
            file: file.to_string(),
            source,
        };
        let mut codes = std::collections::HashSet::new();
        for set in &self.sets {
            if !codes.insert(set.code.to_ascii_uppercase()) {
                return Err(invalid(FILES[0], Invalid::SetTwice(set.code.clone())));
            }
        }
        let mut ids = std::collections::HashSet::new();
        for f in &self.formats {
            f.validate().map_err(|e| invalid(FILES[3], e.into()))?;
            if !ids.insert(f.id.as_str()) {
                return Err(invalid(FILES[3], Invalid::FormatTwice(f.id.clone())));
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
                        Invalid::UnknownPoolFormat {
                            format: f.id.clone(),
                            unknown: unknown.clone(),
                        },
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
            // A date is never applied before the announcement that set it.
            if let Some(day) = s.announced
                && (day > s.effective_from || s.effective_until.is_some_and(|u| day > u))
            {
                return Err(invalid(
                    FILES[1],
                    Invalid::SuspendedBeforeAnnounced {
                        title: s.title.clone(),
                        announced: day,
                    },
                ));
            }
            if !lists.contains(&s.format.as_str()) {
                return Err(invalid(
                    FILES[1],
                    Invalid::UnknownList {
                        title: s.title.clone(),
                        list: s.format.clone(),
                    },
                ));
            }
        }
        for (rule, sections) in &self.citations {
            check_timeline(sections).map_err(|source| {
                invalid(
                    FILES[4],
                    Invalid::Citation {
                        rule: rule.clone(),
                        source,
                    },
                )
            })?;
        }
        for n in &self.numbering {
            n.validate().map_err(|e| invalid(FILES[6], e.into()))?;
        }
        self.every_uncertain_fact_has_its_caveat()
    }

    /// A fact the project is not sure of reaches players as one plain sentence of its own,
    /// written with the fact; research notes never do. A fact without one is refused.
    fn every_uncertain_fact_has_its_caveat(&self) -> Result<(), DataError> {
        let missing = |file: &str, what: String| DataError::Invalid {
            file: file.to_string(),
            source: Invalid::NoCaveat(what),
        };
        let lacks = |c: Confidence, caveat: &Option<String>| {
            c.needs_caveat() && caveat.as_deref().is_none_or(|t| t.trim().is_empty())
        };
        for set in &self.sets {
            if lacks(set.confidence, &set.caveat) {
                return Err(missing(
                    FILES[0],
                    format!("the release date of {}", set.code),
                ));
            }
            if lacks(set.rotation_block_confidence, &set.rotation_block_caveat) {
                return Err(missing(
                    FILES[0],
                    format!("the rotation block of {}", set.code),
                ));
            }
        }
        for s in &self.suspensions {
            if lacks(s.confidence, &s.caveat) {
                return Err(missing(FILES[1], format!("the suspension of {}", s.title)));
            }
        }
        for e in &self.exceptions {
            if lacks(e.confidence, &e.caveat) {
                return Err(missing(FILES[2], format!("the exception of {}", e.title)));
            }
        }
        for f in &self.formats {
            if let Some((setting, from)) = f.uncertain_without_caveat() {
                return Err(missing(
                    FILES[3],
                    format!("{}'s {setting} from {from}", f.id),
                ));
            }
        }
        for (rule, sections) in &self.citations {
            if let Some(d) = sections
                .entries()
                .iter()
                .find(|d| lacks(d.confidence, &d.caveat))
            {
                return Err(missing(
                    FILES[4],
                    format!("the citation {rule} from {}", d.from),
                ));
            }
        }
        for n in &self.numbering {
            if let Some(r) = n.ranges.iter().find(|r| lacks(r.confidence, &r.caveat)) {
                return Err(missing(
                    FILES[6],
                    format!("{}'s {} numbering", n.set, r.variant),
                ));
            }
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

    /// Whether a rule that exists only from some date (the deck-box rule) is in force on `date`.
    pub fn in_force(&self, rule: &str, date: Date) -> Option<&Dated<String>> {
        self.citations.get(rule).and_then(|t| t.at(date))
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

    /// The embedded data with one file's text changed.
    fn with(file: usize, from: &str, to: &str) -> Result<LegalityData, DataError> {
        LegalityData::parse(|i| {
            let text = EMBEDDED[i].to_string();
            Ok(if i == file {
                assert!(text.contains(from), "{from}");
                text.replacen(from, to, 1)
            } else {
                text
            })
        })
    }

    #[test]
    fn a_date_applied_before_the_announcement_or_document_that_set_it_does_not_load() {
        let early = with(
            1,
            r#"announced = "2026-08-24""#,
            r#"announced = "2026-09-01""#,
        );
        let err = early.unwrap_err().to_string();
        assert!(
            err.contains("Cad Bane takes effect before its announcement of 2026-09-01"),
            "{err}"
        );
        let early = with(
            3,
            r#"from = "2026-03-13", section = "Eternally Unlimited (2026-02-18)""#,
            r#"from = "2026-02-01", section = "Eternally Unlimited (2026-02-18)""#,
        );
        let err = early.unwrap_err().to_string();
        assert!(err.contains("published later"), "{err}");
    }

    #[test]
    fn a_suspension_is_in_force_from_its_first_day() {
        let data = LegalityData::embedded().unwrap();
        let on = |d| data.suspensions_on("premier", d).count();
        assert_eq!(on(date(2024, 11, 7)), 0);
        assert_eq!(on(date(2024, 11, 8)), 1);
    }
}
