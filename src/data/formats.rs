//! Format definitions (`card_data/formats.toml`): every deckbuilding number of every format as a
//! timeline of dated values, each with the section that sets it, so a check on any date applies
//! the rule that was in force that day and names where it comes from.

use jiff::civil::Date;
use serde::{Deserialize, Serialize};

use super::{Confidence, SetKind};

/// The formats deckcheck knows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FormatId {
    Premier,
    Eternal,
    TwinSuns,
    Trilogy,
    Sealed,
    Draft,
}

impl FormatId {
    pub const ALL: [FormatId; 6] = [
        Self::Premier,
        Self::Eternal,
        Self::TwinSuns,
        Self::Trilogy,
        Self::Sealed,
        Self::Draft,
    ];

    /// The id used on the command line and in JSON: `premier`, `twin-suns` …
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Premier => "premier",
            Self::Eternal => "eternal",
            Self::TwinSuns => "twin-suns",
            Self::Trilogy => "trilogy",
            Self::Sealed => "sealed",
            Self::Draft => "draft",
        }
    }

    pub fn parse(text: &str) -> Option<Self> {
        let folded = text.trim().to_ascii_lowercase().replace(['_', ' '], "-");
        Self::ALL
            .into_iter()
            .find(|f| f.as_str() == folded || (folded == "twinsuns" && *f == Self::TwinSuns))
    }

    /// Sealed and draft: the deck is built from cards opened at the event.
    pub fn is_limited(self) -> bool {
        matches!(self, Self::Sealed | Self::Draft)
    }
}

impl std::fmt::Display for FormatId {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// A value in force from a date, with the section that says so.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Dated<T> {
    pub value: T,
    pub from: Date,
    /// `TR 2.3.1.1` (tournament regulations) or `CR 9.2.2D` (comprehensive rules).
    pub section: String,
    #[serde(default)]
    pub confidence: Confidence,
    #[serde(default)]
    pub sources: Vec<String>,
    #[serde(default)]
    pub notes: Option<String>,
}

/// Values of one setting over time, oldest first. Empty means the setting does not apply.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Timeline<T>(pub Vec<Dated<T>>);

impl<T> Default for Timeline<T> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

impl<T> Timeline<T> {
    /// The entry in force on `date`: the latest one that started on or before it.
    pub fn at(&self, date: Date) -> Option<&Dated<T>> {
        self.0.iter().rev().find(|d| d.from <= date)
    }

    fn is_ordered(&self) -> bool {
        self.0.windows(2).all(|w| w[0].from < w[1].from)
    }
}

/// Which cards a format draws from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PoolKind {
    /// Every card with a printing in a set released by the date (TR 3.2.1).
    AllReleased,
    /// Cards with a printing in a released set of the two newest rotation blocks (CR 9.2.2D).
    TwoNewestRotationBlocks,
    /// The Premier or the Eternal pool, as the players choose (CR 9.3.2D).
    PremierOrEternal,
    /// Only the cards opened or drafted at the event (TR 2.3.2).
    OpenedPool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PoolRule {
    pub kind: PoolKind,
    /// The kinds of set whose printings make a card part of the pool.
    #[serde(default)]
    pub set_kinds: Vec<SetKind>,
}

/// How the two Twin Suns leaders' aspects must relate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LeaderAspectRule {
    /// Regulations v1.3/v1.4 2.3.1.2: both share Heroism, or both share Villainy.
    ShareHeroismOrVillainy,
    /// CR v8.0 12.2.1A: not one Heroism and one Villainy between them.
    NotHeroismAndVillainy,
}

/// One format's deckbuilding rules over time.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormatDef {
    pub name: String,
    pub summary: String,
    /// From when the format exists.
    pub available: Timeline<bool>,
    /// How many decks one submission has (Trilogy: 3).
    #[serde(default = "one")]
    pub decks: u32,
    pub leaders: Timeline<u32>,
    pub bases: Timeline<u32>,
    pub min_main_deck: Timeline<u32>,
    /// Empty: no limit (limited formats: every unused card is sideboard).
    #[serde(default)]
    pub max_sideboard: Timeline<u32>,
    /// Empty: no limit.
    #[serde(default)]
    pub max_copies: Timeline<u32>,
    /// Whether leaders and bases count against the copy limit (Twin Suns, Trilogy).
    #[serde(default)]
    pub copy_limit_includes_leaders: Timeline<bool>,
    #[serde(default)]
    pub leader_aspects: Timeline<LeaderAspectRule>,
    pub card_pool: Timeline<PoolRule>,
    /// Which suspension list applies (`premier`, `eternal`); empty: none.
    #[serde(default)]
    pub suspension_list: Timeline<String>,
}

fn one() -> u32 {
    1
}

/// All formats; every one must be defined.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Formats {
    pub premier: FormatDef,
    pub eternal: FormatDef,
    pub twin_suns: FormatDef,
    pub trilogy: FormatDef,
    pub sealed: FormatDef,
    pub draft: FormatDef,
}

impl Formats {
    pub fn get(&self, id: FormatId) -> &FormatDef {
        match id {
            FormatId::Premier => &self.premier,
            FormatId::Eternal => &self.eternal,
            FormatId::TwinSuns => &self.twin_suns,
            FormatId::Trilogy => &self.trilogy,
            FormatId::Sealed => &self.sealed,
            FormatId::Draft => &self.draft,
        }
    }

    pub(super) fn validate(&self) -> Result<(), String> {
        for id in FormatId::ALL {
            let f = self.get(id);
            let ordered = f.available.is_ordered()
                && f.leaders.is_ordered()
                && f.bases.is_ordered()
                && f.min_main_deck.is_ordered()
                && f.max_sideboard.is_ordered()
                && f.max_copies.is_ordered()
                && f.copy_limit_includes_leaders.is_ordered()
                && f.leader_aspects.is_ordered()
                && f.card_pool.is_ordered()
                && f.suspension_list.is_ordered();
            if !ordered {
                return Err(format!("{id}: a timeline is not in date order"));
            }
            if f.available.0.is_empty() || f.leaders.0.is_empty() || f.card_pool.0.is_empty() {
                return Err(format!(
                    "{id}: available, leaders and card_pool are required"
                ));
            }
            if f.decks == 0 {
                return Err(format!("{id}: decks must be at least 1"));
            }
        }
        Ok(())
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
            notes: None,
        }
    }

    #[test]
    fn a_timeline_answers_the_value_in_force_on_the_day() {
        let t = Timeline(vec![
            dated(50, date(2024, 3, 8)),
            dated(80, date(2025, 3, 14)),
        ]);
        assert!(t.at(date(2024, 3, 7)).is_none());
        assert_eq!(t.at(date(2025, 3, 13)).unwrap().value, 50);
        assert_eq!(t.at(date(2025, 3, 14)).unwrap().value, 80);
    }

    #[test]
    fn format_names_parse_as_users_write_them() {
        assert_eq!(FormatId::parse("Twin Suns"), Some(FormatId::TwinSuns));
        assert_eq!(FormatId::parse("twin_suns"), Some(FormatId::TwinSuns));
        assert_eq!(FormatId::parse("PREMIER"), Some(FormatId::Premier));
        assert_eq!(FormatId::parse("standard"), None);
    }
}
