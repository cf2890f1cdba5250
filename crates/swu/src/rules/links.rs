//! `card_data` linked to a catalog once, at load: each catalog set's record, each card's
//! printed exceptions and suspensions, rotation blocks in order. Rules then look facts up by
//! card instead of folding names per check. The links hold their own copies of the records.

use jiff::civil::Date;

use crate::catalog::{Aspects, CardId, Catalog, SetIdx};
use crate::data::{Exception, LeaderSides, LegalityData, SetInfo, Suspension};

/// A leader that starts the game on a named side: that side's aspects, and from when a rules
/// text says that side is what counts.
#[derive(Debug, Clone)]
pub struct StartSide {
    pub card: CardId,
    pub aspects: Aspects,
    pub data: LeaderSides,
}

#[derive(Debug, Default, Clone)]
pub struct Links {
    /// By catalog set index.
    sets: Vec<Option<SetInfo>>,
    /// By catalog set index: the day its rotation block started, if it has one.
    block_starts: Vec<Option<Date>>,
    /// By card index (dense: one slot per card).
    exceptions: Vec<Vec<Exception>>,
    suspensions: Vec<(CardId, Suspension)>,
    start_sides: Vec<StartSide>,
    /// Every rotation block with the release of its first set, newest first.
    rotation_blocks: Vec<(Date, String)>,
    /// Suspensions and exceptions that name a card the catalog does not have (said at start-up).
    pub unlinked: Vec<String>,
}

impl Links {
    pub fn new(catalog: &Catalog, data: &LegalityData) -> Self {
        let sets = catalog
            .set_codes()
            .iter()
            .map(|code| data.set(code).cloned())
            .collect();
        let mut rotation_blocks: Vec<(Date, String)> = Vec::new();
        for set in &data.sets {
            let (Some(block), Some(released)) = (&set.rotation_block, set.release_date) else {
                continue;
            };
            match rotation_blocks.iter_mut().find(|(_, b)| b == block) {
                Some(first) => first.0 = first.0.min(released),
                None => rotation_blocks.push((released, block.clone())),
            }
        }
        rotation_blocks.sort_by_key(|(first, _)| std::cmp::Reverse(*first));
        let block_starts = catalog
            .set_codes()
            .iter()
            .map(|code| {
                let block = data.set(code)?.rotation_block.as_deref()?;
                rotation_blocks
                    .iter()
                    .find(|(_, b)| b == block)
                    .map(|(d, _)| *d)
            })
            .collect();
        let mut links = Self {
            sets,
            block_starts,
            exceptions: vec![Vec::new(); catalog.cards().len()],
            rotation_blocks,
            ..Self::default()
        };
        for ex in &data.exceptions {
            match catalog.card_by_identity(&ex.title, ex.subtitle.as_deref()) {
                Some(card) => links.exceptions[card_index(card.id)].push(ex.clone()),
                None => links.unlinked.push(format!(
                    "exception for {} names no card of the catalog",
                    ex.title
                )),
            }
        }
        for s in &data.suspensions {
            match catalog.card_by_identity(&s.title, s.subtitle.as_deref()) {
                Some(card) => links.suspensions.push((card.id, s.clone())),
                None => links.unlinked.push(format!(
                    "suspension of {} names no card of the catalog",
                    s.title
                )),
            }
        }
        for l in &data.leaders {
            match catalog.card_by_identity(&l.title, l.subtitle.as_deref()) {
                Some(card) => links.start_sides.push(StartSide {
                    card: card.id,
                    aspects: Aspects::parse(l.start_aspects.iter().map(String::as_str)),
                    data: l.clone(),
                }),
                None => links.unlinked.push(format!(
                    "the starting side of {} names no card of the catalog",
                    l.title
                )),
            }
        }
        // A leader whose text names its starting side needs that side in card_data.
        for card in catalog.cards().iter().filter(|c| c.declares_start_side) {
            if links.start_side(card.id).is_none() {
                links.unlinked.push(format!(
                    "{} names the side it starts the game on, and card_data/swu/leaders.toml does not say which side that is",
                    card.display_name()
                ));
            }
        }
        links
    }

    /// The starting side of a leader whose text names it.
    pub fn start_side(&self, card: CardId) -> Option<&StartSide> {
        self.start_sides.iter().find(|s| s.card == card)
    }

    /// The set record of a catalog set, if `card_data` knows it.
    pub fn set(&self, set: SetIdx) -> Option<&SetInfo> {
        self.sets.get(set.index()).and_then(Option::as_ref)
    }

    /// The day a catalog set's rotation block started, if it has one.
    pub fn set_block_start(&self, set: SetIdx) -> Option<Date> {
        self.block_starts.get(set.index()).copied().flatten()
    }

    pub fn exceptions(&self, card: CardId) -> &[Exception] {
        self.exceptions
            .get(card_index(card))
            .map_or(&[], Vec::as_slice)
    }

    /// The `n` newest rotation blocks with a set released by `date`, newest first; a block
    /// counts from its first set's release.
    pub fn newest_blocks(&self, date: Date, n: usize) -> &[(Date, String)] {
        let released = self
            .rotation_blocks
            .partition_point(|(first, _)| *first > date);
        let blocks = &self.rotation_blocks[released..];
        &blocks[..n.min(blocks.len())]
    }

    /// The day a rotation block starts (its first set's release).
    pub fn block_start(&self, block: &str) -> Option<Date> {
        self.rotation_blocks
            .iter()
            .find(|(_, b)| b == block)
            .map(|(d, _)| *d)
    }

    /// The start of the `n`th block to start after `date` (1: the next one).
    pub fn block_after(&self, date: Date, n: usize) -> Option<Date> {
        // Newest first: the blocks after `date` are the first few, in reverse.
        let later = self
            .rotation_blocks
            .partition_point(|(first, _)| *first > date);
        later.checked_sub(n).map(|i| self.rotation_blocks[i].0)
    }

    /// Suspensions on `list` in force on `date`, with their cards.
    pub fn suspensions<'s>(
        &'s self,
        list: &'s str,
        date: Date,
    ) -> impl Iterator<Item = (CardId, &'s Suspension)> + 's {
        self.suspensions
            .iter()
            .map(|(card, s)| (*card, s))
            .filter(move |(_, s)| s.format == list && s.in_force_on(date))
    }

    /// Every suspension of the data with its card.
    pub fn all_suspensions(&self) -> &[(CardId, Suspension)] {
        &self.suspensions
    }
}

fn card_index(card: CardId) -> usize {
    crate::catalog::card_index(card)
}
