//! The project's own data for the game (`card_data/ccg/`): formats with dated settings, what the
//! release dates lack, and the Episode I icon conflicts. Embedded in the binary; a directory
//! with the same files replaces it.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use deckcheck_core::{Dated, Timeline};
use jiff::civil::Date;
use serde::Deserialize;

use crate::catalog::{IconConflict, Overlay};

const FORMATS: &str = include_str!("../../../card_data/ccg/formats.toml");
const SETS: &str = include_str!("../../../card_data/ccg/sets.toml");
const CONFLICTS: &str = include_str!("../../../card_data/ccg/icon_conflicts.toml");

/// Why the project's data cannot be used: the file, and the format and setting to blame.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    #[error("{}: {cause}", path.display())]
    Read {
        path: PathBuf,
        cause: std::io::Error,
    },
    #[error("{file}: {cause}")]
    Toml {
        file: &'static str,
        cause: toml::de::Error,
    },
    /// A timeline whose dates are out of order (core's check says how).
    #[error("formats.toml [{format}] {setting}: {reason}")]
    Order {
        format: String,
        setting: String,
        reason: deckcheck_core::dated::OutOfOrder,
    },
    #[error("formats.toml [{format}] {icon}: an icon is either banned or disputed")]
    BannedAndDisputed { format: String, icon: String },
    #[error("formats.toml [{format}] available: the format is never available")]
    NeverAvailable { format: String },
    #[error("formats.toml [{format}] deck_size: no deck size")]
    NoDeckSize { format: String },
    #[error("formats.toml: the format id {format} appears twice")]
    TwoFormats { format: String },
}

/// The game's legality data.
#[derive(Debug, Clone)]
pub struct LegalityData {
    pub formats: Vec<FormatDef>,
    pub sets: SetsFile,
    pub conflicts: Vec<ConflictEntry>,
}

/// A format as written in `formats.toml`.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormatDef {
    pub id: String,
    pub name: String,
    pub summary: String,
    /// The GEMP format whose card pool it uses.
    pub gemp: String,
    #[serde(default)]
    pub caveat: Option<String>,
    pub available: Timeline<bool>,
    pub deck_size: Timeline<u32>,
    #[serde(default)]
    pub banned_icons: BTreeMap<String, Timeline<bool>>,
    /// Icons the format does not ban though another reading of it does (Classic: the guide of
    /// 2006 does not name Defensive Shields, GEMP's Classic bans them): per GEMP icon name, the
    /// sentence that says which reading is applied, for a deck holding such a card.
    #[serde(default)]
    pub disputed_icons: BTreeMap<String, Timeline<String>>,
}

impl FormatDef {
    /// The first day the format can be played.
    pub fn first_day(&self) -> Option<Date> {
        self.available
            .entries()
            .iter()
            .find(|d| d.value)
            .map(|d| d.from)
    }

    /// Whether the format can be played on `date`, and the fact that says so.
    pub fn available_on(&self, date: Date) -> Option<&Dated<bool>> {
        self.available.at(date).filter(|d| d.value)
    }

    /// The icons another reading of the format bans on `date`, each with the sentence saying
    /// which reading deckcheck applies.
    pub fn disputed_icons_on(&self, date: Date) -> Vec<(&str, &Dated<String>)> {
        self.disputed_icons
            .iter()
            .filter_map(|(icon, t)| t.at(date).map(|d| (icon.as_str(), d)))
            .collect()
    }

    /// The icons banned on `date`, each with the fact that bans it.
    pub fn banned_icons_on(&self, date: Date) -> Vec<(&str, &Dated<bool>)> {
        self.banned_icons
            .iter()
            .filter_map(|(icon, t)| t.at(date).filter(|d| d.value).map(|d| (icon.as_str(), d)))
            .collect()
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct FormatsFile {
    format: Vec<FormatDef>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetsFile {
    pub month_precision: MonthPrecision,
    #[serde(default, rename = "set")]
    pub sets: Vec<SetEntry>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MonthPrecision {
    pub sets: Vec<u32>,
    #[serde(default)]
    pub sources: Vec<String>,
    #[serde(default)]
    pub notes: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetEntry {
    pub id: u32,
    pub name: String,
    #[serde(default)]
    pub release: Option<Date>,
    /// The first day GEMP's format file listed the set.
    #[serde(default)]
    pub gemp_listed: Option<Date>,
    #[serde(default)]
    pub sources: Vec<String>,
    #[serde(default)]
    pub notes: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
struct ConflictsFile {
    conflict: Vec<ConflictEntry>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConflictEntry {
    pub id: String,
    pub titles: Vec<String>,
    pub gemp: bool,
    pub pc: bool,
}

impl LegalityData {
    pub fn embedded() -> Result<Self, DataError> {
        Self::parse(FORMATS, SETS, CONFLICTS)
    }

    /// The same files from a directory (a newer copy of `card_data/ccg/`).
    pub fn from_dir(dir: &Path) -> Result<Self, DataError> {
        let read = |name: &str| {
            let path = dir.join(name);
            std::fs::read_to_string(&path).map_err(|cause| DataError::Read { path, cause })
        };
        Self::parse(
            &read("formats.toml")?,
            &read("sets.toml")?,
            &read("icon_conflicts.toml")?,
        )
    }

    pub fn parse(formats: &str, sets: &str, conflicts: &str) -> Result<Self, DataError> {
        fn toml<T: serde::de::DeserializeOwned>(
            file: &'static str,
            text: &str,
        ) -> Result<T, DataError> {
            toml::from_str(text).map_err(|cause| DataError::Toml { file, cause })
        }
        let formats: FormatsFile = toml("formats.toml", formats)?;
        let sets: SetsFile = toml("sets.toml", sets)?;
        let conflicts: ConflictsFile = toml("icon_conflicts.toml", conflicts)?;
        for f in &formats.format {
            let order =
                |setting: &str, reason: deckcheck_core::dated::OutOfOrder| DataError::Order {
                    format: f.id.clone(),
                    setting: setting.to_string(),
                    reason,
                };
            f.available
                .check_order()
                .map_err(|e| order("available", e))?;
            f.deck_size
                .check_order()
                .map_err(|e| order("deck_size", e))?;
            for (icon, t) in &f.banned_icons {
                t.check_order().map_err(|e| order(icon, e))?;
            }
            for (icon, t) in &f.disputed_icons {
                t.check_order().map_err(|e| order(icon, e))?;
                if f.banned_icons.contains_key(icon) {
                    return Err(DataError::BannedAndDisputed {
                        format: f.id.clone(),
                        icon: icon.clone(),
                    });
                }
            }
            if f.first_day().is_none() {
                return Err(DataError::NeverAvailable {
                    format: f.id.clone(),
                });
            }
            if f.deck_size.is_empty() {
                return Err(DataError::NoDeckSize {
                    format: f.id.clone(),
                });
            }
        }
        let mut ids: Vec<&str> = formats.format.iter().map(|f| f.id.as_str()).collect();
        ids.sort_unstable();
        if let Some(twice) = ids.windows(2).find(|w| w[0] == w[1]) {
            return Err(DataError::TwoFormats {
                format: twice[0].to_string(),
            });
        }
        Ok(Self {
            formats: formats.format,
            sets,
            conflicts: conflicts.conflict,
        })
    }

    /// What the catalog takes from this data when it is built.
    pub fn overlay(&self) -> Overlay {
        Overlay {
            release: self
                .sets
                .sets
                .iter()
                .map(|s| (s.id, (s.release, Arc::from(s.name.as_str()))))
                .collect(),
            month_precision: self.sets.month_precision.sets.clone(),
            conflicts: self
                .conflicts
                .iter()
                .map(|c| {
                    (
                        c.id.clone(),
                        IconConflict {
                            gemp: c.gemp,
                            pc: c.pc,
                        },
                    )
                })
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::civil::date;

    #[test]
    fn the_embedded_data_loads_with_open_classic_and_gemps_classic() {
        let data = LegalityData::embedded().unwrap();
        let ids: Vec<&str> = data.formats.iter().map(|f| f.id.as_str()).collect();
        assert_eq!(
            ids,
            [
                "open",
                "classic",
                "classic-2006",
                "classic-gemp",
                "legacy",
                "open_no_virtual"
            ]
        );
        assert_eq!(data.conflicts.len(), 14);
    }

    #[test]
    fn the_guides_classic_bans_episode_i_and_maintenance_and_gemps_also_shields() {
        let data = LegalityData::embedded().unwrap();
        let icons = |id: &str| -> Vec<String> {
            let f = data.formats.iter().find(|f| f.id == id).unwrap();
            f.banned_icons_on(date(2026, 11, 22))
                .into_iter()
                .map(|(i, _)| i.to_string())
                .collect()
        };
        // Issue 36: today's Classic is the Players Committee's, as GEMP plays it; the guide's
        // list is classic-2006.
        assert_eq!(
            icons("classic"),
            ["DEFENSIVE_SHIELD", "EPISODE_I", "MAINTENANCE"]
        );
        assert_eq!(icons("classic-2006"), ["EPISODE_I", "MAINTENANCE"]);
        assert_eq!(
            icons("classic-gemp"),
            ["DEFENSIVE_SHIELD", "EPISODE_I", "MAINTENANCE"]
        );
        assert!(icons("open").is_empty());
    }

    #[test]
    fn classic_is_not_available_before_the_guide_that_documents_it() {
        let data = LegalityData::embedded().unwrap();
        let classic = data.formats.iter().find(|f| f.id == "classic").unwrap();
        assert!(classic.available_on(date(2006, 7, 2)).is_none());
        assert!(classic.available_on(date(2006, 7, 3)).is_some());
    }

    #[test]
    fn a_format_file_with_an_unknown_setting_is_refused() {
        let bad = FORMATS.replacen("gemp = \"open\"", "gemp = \"open\"\nsideboard = 5", 1);
        let err = LegalityData::parse(&bad, SETS, CONFLICTS).unwrap_err();
        assert!(matches!(
            err,
            DataError::Toml {
                file: "formats.toml",
                ..
            }
        ));
        assert!(err.to_string().contains("sideboard"), "{err}");
    }
}
