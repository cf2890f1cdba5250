//! The printing numbers each set gives its variants (`card_data/swu/numbering.toml`), as swu-db
//! numbers them and deck sites export them: a Standard Foil Swarming Vulture Droid is `JTL_754`,
//! a Hyperspace Nightsister Lair `LOF_284`. The card data deckcheck loads lacks many of these
//! (foils, serialized Prestige, some Hyperspace bases); an id it lacks is read by this
//! numbering, and the answer says so.
//!
//! Every range is written from the set's Normal printings (001–N) or from another variant's
//! printings, so it names a card only through a printing the catalog has: a range whose count
//! does not match the catalog is not used rather than guessed.

use deckcheck_core::Confidence;
use serde::{Deserialize, Serialize};

/// One set's variant numbering.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SetNumbering {
    pub set: String,
    /// How many Normal printings the set has (001–N): with fewer in the catalog, no range of
    /// the set is used.
    pub normal: u32,
    pub ranges: Vec<NumberRange>,
    pub sources: Vec<String>,
    /// Research notes; never shown to players.
    #[serde(default, skip_serializing)]
    pub notes: Option<String>,
}

/// One variant's numbers, by exactly one of four rules.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NumberRange {
    /// The variant's name (`Standard Foil`, `Hyperspace`, `Serialized Prestige`).
    pub variant: String,
    /// Number = the Normal number + `offset`.
    #[serde(default)]
    pub offset: Option<u32>,
    /// Number = `first` + the card's place among the Normal printings `pick` takes, in number
    /// order (the first one is `first`).
    #[serde(default)]
    pub first: Option<u32>,
    /// Number = the number of a printing of the variant `of` + `shift`.
    #[serde(default)]
    pub shift: Option<u32>,
    /// Id = the number of a printing of the variant `of`, as written, followed by `suffix`.
    #[serde(default)]
    pub suffix: Option<String>,
    /// The variant `shift` and `suffix` count from.
    #[serde(default)]
    pub of: Option<String>,
    /// Which printings the range numbers.
    #[serde(default)]
    pub pick: Pick,
    /// Only printings numbered in this span (inclusive).
    #[serde(default)]
    pub numbers: Option<[u32; 2]>,
    /// How many printings the range numbers; a catalog with another count leaves it unused.
    #[serde(default)]
    pub count: Option<u32>,
    #[serde(default)]
    pub confidence: Confidence,
    /// One plain sentence for players when the range is not certain.
    #[serde(default)]
    pub caveat: Option<String>,
}

/// Which printings a range numbers, by the card's type and the printing's rarity.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Pick {
    #[default]
    All,
    /// Every printing whose rarity is not Special (starter-deck cards).
    NotSpecial,
    Leaders,
    NotSpecialLeaders,
    /// Every card but leaders.
    NotLeaders,
    /// Every card but leaders and Common bases.
    NotLeadersOrCommonBases,
    /// Units, events and upgrades.
    DeckCards,
}

impl SetNumbering {
    pub(super) fn validate(&self) -> Result<(), NumberingError> {
        for r in &self.ranges {
            let rules = [
                r.offset.is_some(),
                r.first.is_some(),
                r.shift.is_some(),
                r.suffix.is_some(),
            ];
            let refuse = |problem| NumberingError {
                set: self.set.clone(),
                variant: r.variant.clone(),
                problem,
            };
            if rules.iter().filter(|x| **x).count() != 1 {
                return Err(refuse(RangeProblem::OneRule));
            }
            if (r.shift.is_some() || r.suffix.is_some()) != r.of.is_some() {
                return Err(refuse(RangeProblem::Of));
            }
            if r.first.is_some() && r.count.is_none() {
                return Err(refuse(RangeProblem::RankWithoutCount));
            }
            if r.suffix
                .as_deref()
                .is_some_and(|s| s.is_empty() || !s.chars().all(|c| c.is_ascii_alphabetic()))
            {
                return Err(refuse(RangeProblem::Suffix));
            }
        }
        Ok(())
    }
}

/// A range of `numbering.toml` that cannot be read, with its set and variant.
#[derive(Debug, thiserror::Error)]
#[error("{set} {variant}: {problem}")]
pub struct NumberingError {
    pub set: String,
    pub variant: String,
    pub problem: RangeProblem,
}

/// What is wrong with a range.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum RangeProblem {
    #[error("give exactly one of offset, first, shift, suffix")]
    OneRule,
    #[error("`of` goes with shift and suffix, and only with them")]
    Of,
    #[error("a range numbered by rank needs its count")]
    RankWithoutCount,
    #[error("a suffix is letters")]
    Suffix,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The problem of one range, or none.
    fn range(text: &str) -> Result<(), RangeProblem> {
        #[derive(Deserialize)]
        struct One {
            set: Vec<SetNumbering>,
        }
        let one: One = toml::from_str(&format!(
            "[[set]]\nset = \"JTL\"\nnormal = 262\nsources = []\nranges = [{text}]"
        ))
        .expect("the range is TOML");
        one.set[0].validate().map_err(|e| e.problem)
    }

    #[test]
    fn a_range_has_exactly_one_rule() {
        assert!(range(r#"{ variant = "Hyperspace", offset = 262 }"#).is_ok());
        assert!(range(r#"{ variant = "Showcase", first = 997, count = 18 }"#).is_ok());
        assert_eq!(
            range(r#"{ variant = "X", offset = 1, first = 2, count = 1 }"#),
            Err(RangeProblem::OneRule)
        );
        assert_eq!(
            range(r#"{ variant = "X", first = 2 }"#),
            Err(RangeProblem::RankWithoutCount)
        );
        assert_eq!(
            range(r#"{ variant = "X", shift = 36 }"#),
            Err(RangeProblem::Of)
        );
        assert_eq!(
            range(r#"{ variant = "X", of = "Normal", suffix = "1" }"#),
            Err(RangeProblem::Suffix)
        );
    }
}
