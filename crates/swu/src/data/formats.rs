//! Format definitions (`card_data/swu/formats.toml`): every deckbuilding number of every format
//! as a timeline of dated values, each with the section that sets it, so a check on any date
//! applies the rule in force that day and names where it comes from. A format is data: adding
//! one is an entry in the file (and, if it needs a rule no format had, a rule file).

use deckcheck_core::{FormatInfo, Timeline};
use jiff::civil::Date;
use serde::{Deserialize, Serialize};

use super::{SetKind, TimelineError, check_timeline};

/// Which cards a format draws from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum PoolKind {
    /// Every card with a printing in a set released by the date.
    AllReleased,
    /// Cards with a printing in a released set of the two newest rotation blocks.
    TwoNewestRotationBlocks,
    /// Another format's card pool and suspension list, as the players choose among `formats`
    /// (Trilogy: Premier's or Eternal's).
    ChosenFormat,
    /// Only the cards opened or drafted at the event.
    OpenedPool,
}

#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PoolRule {
    pub kind: PoolKind,
    /// The kinds of set whose printings make a card part of the pool.
    #[serde(default)]
    pub set_kinds: Vec<SetKind>,
    /// For [`PoolKind::ChosenFormat`]: the formats whose pool may be chosen, the first the default.
    #[serde(default)]
    pub formats: Vec<String>,
}

/// How the two Twin Suns leaders' aspects must relate, judged on the sides they start the game on.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum LeaderAspectRule {
    /// TR 2.3.1.2, first CEG 9.3.1: both share Heroism, or both share Villainy.
    ShareHeroismOrVillainy,
    /// CEG 9.3.1 of 2026-06-26 (CR 12.2.1A from 6.0): not Heroism and Villainy between them.
    NotHeroismAndVillainy,
    /// One of the two wordings, and which one was in force is not known: a pair that passes the
    /// older passes both, one that fails the newer fails both, any other cannot be judged.
    EitherWording,
}

/// One format's deckbuilding rules over time.
#[derive(Debug, Clone, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FormatDef {
    /// What requests name: `premier`, `twin-suns`.
    pub id: String,
    pub name: String,
    pub summary: String,
    /// From when the format exists.
    pub available: Timeline<bool>,
    /// How many decks one submission has (Trilogy: 3); the decks of a submission of several
    /// are judged together.
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
    /// Limited: how many packs a pool given pack by pack may hold (sealed: 6, or 8 at
    /// Competitive and Master tier from 2026-06-26; the tier is not asked, so either is taken).
    #[serde(default)]
    pub packs: Timeline<Vec<u32>>,
    /// Limited: whether the format is played at prerelease events, where a set's cards are
    /// legal in the week before its release (TR 3.2.1 and 2.2.1: prereleases are Casual-tier
    /// sealed events; CEG 4.1 and 9.2.1: Relaxed-tier limited events). Empty: never.
    #[serde(default)]
    pub prerelease: Timeline<bool>,
}

fn one() -> u32 {
    1
}

impl FormatDef {
    /// Whether decks are built from an opened pool on some date (sealed, draft).
    pub fn is_limited(&self) -> bool {
        self.card_pool
            .entries()
            .iter()
            .any(|d| d.value.kind == PoolKind::OpenedPool)
    }

    /// The format as the API lists it.
    pub fn info(&self) -> FormatInfo {
        let entries = self.available.entries();
        let from = entries.iter().find(|d| d.value).map(|d| d.from);
        let until = entries
            .iter()
            .rev()
            .find(|d| !d.value)
            .filter(|end| from.is_some_and(|f| end.from > f))
            .and_then(|end| end.from.yesterday().ok());
        FormatInfo {
            id: self.id.clone(),
            name: self.name.clone(),
            summary: self.summary.clone(),
            decks: self.decks,
            from,
            until,
            needs: if self.is_limited() {
                vec!["pool"]
            } else {
                vec![]
            },
        }
    }

    /// Every date on which a setting of this format changes.
    pub fn change_dates(&self) -> Vec<(Date, &str)> {
        let mut out = Vec::new();
        let mut add = |dates: &mut dyn Iterator<Item = Date>, what: &'static str| {
            out.extend(dates.map(|d| (d, what)));
        };
        add(&mut self.available.change_dates(), "availability");
        add(&mut self.leaders.change_dates(), "leaders");
        add(&mut self.bases.change_dates(), "bases");
        add(&mut self.min_main_deck.change_dates(), "minimum deck size");
        add(&mut self.max_sideboard.change_dates(), "sideboard size");
        add(&mut self.max_copies.change_dates(), "copy limit");
        add(
            &mut self.copy_limit_includes_leaders.change_dates(),
            "copy limit",
        );
        add(&mut self.leader_aspects.change_dates(), "leader aspects");
        add(&mut self.card_pool.change_dates(), "card pool");
        add(&mut self.suspension_list.change_dates(), "suspension list");
        add(&mut self.packs.change_dates(), "packs");
        add(&mut self.prerelease.change_dates(), "prerelease");
        out
    }

    /// The first setting entry that is not certain and has no caveat for players, if any.
    pub(super) fn uncertain_without_caveat(&self) -> Option<(&'static str, Date)> {
        fn first<T>(t: &Timeline<T>) -> Option<Date> {
            t.entries()
                .iter()
                .find(|d| {
                    d.confidence.needs_caveat()
                        && d.caveat.as_deref().is_none_or(|c| c.trim().is_empty())
                })
                .map(|d| d.from)
        }
        [
            ("availability", first(&self.available)),
            ("leaders", first(&self.leaders)),
            ("bases", first(&self.bases)),
            ("minimum deck size", first(&self.min_main_deck)),
            ("sideboard size", first(&self.max_sideboard)),
            ("copy limit", first(&self.max_copies)),
            ("copy limit", first(&self.copy_limit_includes_leaders)),
            ("leader aspects", first(&self.leader_aspects)),
            ("card pool", first(&self.card_pool)),
            ("suspension list", first(&self.suspension_list)),
            ("packs", first(&self.packs)),
            ("prerelease", first(&self.prerelease)),
        ]
        .into_iter()
        .find_map(|(what, date)| date.map(|d| (what, d)))
    }

    /// The formats whose card pool a player may choose on a date (Trilogy), first the default.
    pub fn pool_choices(&self, date: Date) -> &[String] {
        self.card_pool
            .at(date)
            .filter(|d| d.value.kind == PoolKind::ChosenFormat)
            .map_or(&[], |d| d.value.formats.as_slice())
    }

    /// Checks what serde cannot: timelines in order, required settings present.
    pub(super) fn validate(&self) -> Result<(), FormatError> {
        let format = || self.id.clone();
        let order = [
            check_timeline(&self.available),
            check_timeline(&self.leaders),
            check_timeline(&self.bases),
            check_timeline(&self.min_main_deck),
            check_timeline(&self.max_sideboard),
            check_timeline(&self.max_copies),
            check_timeline(&self.copy_limit_includes_leaders),
            check_timeline(&self.leader_aspects),
            check_timeline(&self.card_pool),
            check_timeline(&self.suspension_list),
            check_timeline(&self.packs),
            check_timeline(&self.prerelease),
        ];
        if let Some(Err(source)) = order.into_iter().find(Result::is_err) {
            return Err(FormatError::Timeline {
                format: format(),
                source,
            });
        }
        if self.available.is_empty() || self.leaders.is_empty() || self.card_pool.is_empty() {
            return Err(FormatError::Required(format()));
        }
        if self.decks == 0 {
            return Err(FormatError::NoDecks(format()));
        }
        let slug = |c: char| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-';
        if self.id.is_empty() || !self.id.chars().all(slug) {
            return Err(FormatError::Id(format()));
        }
        Ok(())
    }
}

/// Why a format of `formats.toml` is refused, with its id.
#[derive(Debug, thiserror::Error)]
pub enum FormatError {
    #[error("{format}: a timeline's {source}")]
    Timeline {
        format: String,
        source: TimelineError,
    },
    #[error("{0}: available, leaders and card_pool are required")]
    Required(String),
    #[error("{0}: decks must be at least 1")]
    NoDecks(String),
    #[error("format id {0:?} must be lowercase letters, digits and dashes")]
    Id(String),
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_embedded_formats_list_when_each_can_be_played() {
        let data = crate::data::LegalityData::embedded().unwrap();
        let eternal = data.format("eternal").unwrap().info();
        assert_eq!(eternal.from, Some(jiff::civil::date(2026, 3, 13)));
        assert_eq!(data.format("sealed").unwrap().info().needs, ["pool"]);
        assert!(data.format("premier").unwrap().info().needs.is_empty());
    }
}
