//! The project's own Legion data (`card_data/legion/`): the modes with their dated caps,
//! rank tables, battle deck and command hand rules, and the army-building facts the card
//! data lacks. Embedded in the binary; a directory may replace it. A file that does not load
//! fails with its name and what broke.

use std::path::Path;

use deckcheck_core::{Dated, FormatInfo, Timeline};
use jiff::civil::Date;
use serde::Deserialize;
use serde_json::Value;

use crate::catalog::{self, PerRank, Rank, RankTable};

const MODES: &str = "modes.toml";
const ARMY_BUILDING: &str = "army_building.toml";
const EMBEDDED_MODES: &str = include_str!("../../../card_data/legion/modes.toml");
const EMBEDDED_ARMY_BUILDING: &str = include_str!("../../../card_data/legion/army_building.toml");

/// Which battle cards a mode plays on a date.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BattleDeckRule {
    /// `ffg`: objective/deployment/condition cards (not in the data); `amg`: the Battle Deck.
    pub style: BattleDeckStyle,
    /// Cards of each type.
    pub per_type: u32,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BattleDeckStyle {
    Ffg,
    Amg,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CommandHandRule {
    /// Cards of each of 1, 2 and 3 pips (Standing Orders is the seventh).
    pub per_pip: u32,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ModesFile {
    formats: Vec<ModeFile>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct ModeFile {
    id: String,
    name: String,
    summary: String,
    legion_hq_mode: String,
    link_points: Vec<u32>,
    from: Date,
    recon: bool,
    points: Vec<Dated<u32>>,
    ranks: Vec<Dated<RankTable>>,
    battle_deck: Vec<Dated<BattleDeckRule>>,
    command_hand: Vec<Dated<CommandHandRule>>,
}

/// A mode: what a format id names, and its dated settings.
#[derive(Debug, Clone)]
pub struct Mode {
    pub info: FormatInfo,
    /// Legion HQ's key for it (battle force tables are keyed by it).
    pub lhq_mode: String,
    pub link_points: Vec<u32>,
    pub recon: bool,
    pub points: Timeline<u32>,
    pub ranks: Timeline<RankTable>,
    pub battle_deck: Timeline<BattleDeckRule>,
    pub command_hand: Timeline<CommandHandRule>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mercenaries {
    pub section: String,
    pub allies_section: String,
    pub allies_extra: u32,
    pub sources: Vec<String>,
    pub limits: PerRank<u32>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConditionalCost {
    pub upgrade: String,
    pub delta: i32,
    #[serde(default)]
    pub army_has: Option<String>,
    #[serde(default)]
    pub unit: Option<String>,
    #[serde(default)]
    pub battle_force: Option<String>,
    #[serde(default)]
    pub choice: Option<String>,
    pub section: String,
    pub source: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialSlot {
    pub name: String,
    pub upgrades: Vec<String>,
    pub slot: String,
    #[serde(rename = "match", default)]
    pub matches: Option<Value>,
    #[serde(default)]
    pub not_match: Option<Value>,
    #[serde(default)]
    pub keyword: Option<String>,
    pub source: String,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Before {
    #[serde(default)]
    pub unique: Option<bool>,
    #[serde(default)]
    pub unique_count: Option<u32>,
    #[serde(default)]
    pub rank: Option<String>,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CardChange {
    pub card: String,
    pub from: Date,
    pub before: Before,
    pub source: String,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ArmyBuilding {
    /// The day the card data describes.
    pub snapshot: Date,
    pub mercenaries: Mercenaries,
    pub conditional_costs: Vec<ConditionalCost>,
    pub special_slots: Vec<SpecialSlot>,
    pub card_changes: Vec<CardChange>,
}

/// Everything in `card_data/legion/`.
#[derive(Debug, Clone)]
pub struct LegionData {
    pub modes: Vec<Mode>,
    pub army: ArmyBuilding,
}

/// Why the Legion data in `card_data/legion/` cannot be read: the file, and the record at fault.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    #[error("{path}: {source}", path = path.display())]
    Io {
        path: std::path::PathBuf,
        source: std::io::Error,
    },
    #[error("{file}: {source}")]
    Toml {
        file: &'static str,
        source: Box<toml::de::Error>,
    },
    /// A format's timeline that is not one (core's `Timeline::new` says why, in words).
    #[error("{MODES}: format {format:?} {what}: {reason}")]
    Timeline {
        format: String,
        what: &'static str,
        reason: deckcheck_core::dated::OutOfOrder,
    },
    #[error("{MODES}: format {format:?} {what}: must start on the format's date {from}")]
    FirstDate {
        format: String,
        what: &'static str,
        from: Date,
    },
    #[error("{MODES}: no formats")]
    NoFormats,
    #[error("{ARMY_BUILDING}: card change of {card}: unknown rank {rank:?}")]
    UnknownRank { card: String, rank: String },
    #[error(
        "{ARMY_BUILDING}: special slot {slot:?} matches on {field:?}, which the catalog does not keep (it keeps {})",
        catalog::MATCHED_BY_DATA.join(", ")
    )]
    UnmatchedField { slot: String, field: String },
}

impl LegionData {
    /// The copy built into the binary.
    pub fn embedded() -> Result<Self, DataError> {
        Self::parse(EMBEDDED_MODES, EMBEDDED_ARMY_BUILDING)
    }

    /// A directory's copy (every file must be there).
    pub fn from_dir(dir: &Path) -> Result<Self, DataError> {
        let read = |name: &str| {
            let path = dir.join(name);
            std::fs::read_to_string(&path).map_err(|source| DataError::Io { path, source })
        };
        Self::parse(&read(MODES)?, &read(ARMY_BUILDING)?)
    }

    pub fn parse(modes: &str, army: &str) -> Result<Self, DataError> {
        let toml_of = |file, source| DataError::Toml {
            file,
            source: Box::new(source),
        };
        let file: ModesFile = toml::from_str(modes).map_err(|e| toml_of(MODES, e))?;
        let mut out = Vec::new();
        for m in file.formats {
            let at = |what: &'static str| {
                let format = m.id.clone();
                move |reason: deckcheck_core::dated::OutOfOrder| DataError::Timeline {
                    format,
                    what,
                    reason,
                }
            };
            let points = Timeline::new(m.points).map_err(at("points"))?;
            let ranks = Timeline::new(m.ranks).map_err(at("ranks"))?;
            let battle_deck = Timeline::new(m.battle_deck).map_err(at("battle_deck"))?;
            let command_hand = Timeline::new(m.command_hand).map_err(at("command_hand"))?;
            for (what, first) in [
                ("points", points.entries().first().map(|d| d.from)),
                ("ranks", ranks.entries().first().map(|d| d.from)),
            ] {
                if first != Some(m.from) {
                    return Err(DataError::FirstDate {
                        format: m.id.clone(),
                        what,
                        from: m.from,
                    });
                }
            }
            out.push(Mode {
                info: FormatInfo {
                    id: m.id,
                    name: m.name,
                    summary: m.summary,
                    decks: 1,
                    from: Some(m.from),
                    until: None,
                    needs: vec![],
                },
                lhq_mode: m.legion_hq_mode,
                link_points: m.link_points,
                recon: m.recon,
                points,
                ranks,
                battle_deck,
                command_hand,
            });
        }
        if out.is_empty() {
            return Err(DataError::NoFormats);
        }
        let army: ArmyBuilding = toml::from_str(army).map_err(|e| toml_of(ARMY_BUILDING, e))?;
        for change in &army.card_changes {
            if let Some(rank) = &change.before.rank
                && Rank::parse(rank).is_none()
            {
                return Err(DataError::UnknownRank {
                    card: change.card.clone(),
                    rank: rank.clone(),
                });
            }
        }
        // A slot's pattern may name only what the catalog keeps of a card, or what the matcher
        // works out (rank, force affinity, keywords): any other field would never match.
        for slot in &army.special_slots {
            let fields = [&slot.matches, &slot.not_match]
                .into_iter()
                .flatten()
                .filter_map(Value::as_object)
                .flat_map(|fields| fields.keys());
            for field in fields {
                if !catalog::is_matchable(field) {
                    return Err(DataError::UnmatchedField {
                        slot: slot.name.clone(),
                        field: field.clone(),
                    });
                }
            }
        }
        Ok(Self { modes: out, army })
    }

    pub fn mode(&self, id: &str) -> Option<&Mode> {
        self.modes.iter().find(|m| m.info.id == id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::civil::date;

    #[test]
    fn the_embedded_data_loads_and_standard_went_from_800_to_1000_points() {
        let data = LegionData::embedded().unwrap();
        let standard = data.mode("standard").unwrap();
        assert_eq!(standard.points.at(date(2019, 1, 1)).unwrap().value, 800);
        assert_eq!(standard.points.at(date(2024, 7, 23)).unwrap().value, 800);
        assert_eq!(standard.points.at(date(2024, 7, 24)).unwrap().value, 1000);
        let deck = standard.battle_deck.at(date(2024, 7, 24)).unwrap();
        assert_eq!(
            (deck.value.style, deck.value.per_type),
            (BattleDeckStyle::Amg, 3)
        );
        let recon = data.mode("recon").unwrap();
        assert!(
            recon
                .points
                .at(date(2025, 3, 1))
                .unwrap()
                .confidence
                .leaves_unverified()
        );
        assert_eq!(data.army.mercenaries.limits.corps, 2);
    }

    #[test]
    fn a_special_slot_matching_a_field_the_catalog_does_not_keep_is_refused() {
        let from = "match = { cardName = \"B1 Battle Droids\" }";
        assert!(EMBEDDED_ARMY_BUILDING.contains(from));
        let army = EMBEDDED_ARMY_BUILDING.replacen(from, "match = { weapons = \"x\" }", 1);
        let err = LegionData::parse(EMBEDDED_MODES, &army).unwrap_err();
        assert!(
            matches!(&err, DataError::UnmatchedField { field, .. } if field == "weapons"),
            "{err}"
        );
    }

    #[test]
    fn a_format_whose_dates_are_out_of_order_is_refused() {
        let modes = EMBEDDED_MODES.replacen("from = \"2024-07-24\"", "from = \"2017-01-01\"", 1);
        let err = LegionData::parse(&modes, EMBEDDED_ARMY_BUILDING).unwrap_err();
        assert!(
            matches!(&err, DataError::Timeline { format, what: "points", .. } if format == "standard"),
            "{err}"
        );
    }
}

#[cfg(test)]
mod dir_tests {
    use super::*;

    #[test]
    fn a_directory_of_card_data_replaces_the_embedded_copy_and_names_a_missing_file() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(dir.path().join(MODES), EMBEDDED_MODES).unwrap();
        let err = LegionData::from_dir(dir.path()).unwrap_err();
        assert!(
            matches!(&err, DataError::Io { path, .. } if path.ends_with(ARMY_BUILDING)),
            "{err}"
        );
        std::fs::write(dir.path().join(ARMY_BUILDING), EMBEDDED_ARMY_BUILDING).unwrap();
        assert_eq!(LegionData::from_dir(dir.path()).unwrap().modes.len(), 4);
    }
}
