//! `card_data` linked to a catalog once, at load: set records by set index, printed exceptions
//! and suspensions by card. Rules then look facts up by index instead of folding names per check.

use jiff::civil::Date;

use crate::catalog::{CardId, Catalog, SetIdx};
use crate::data::{Exception, LegalityData, SetInfo, Suspension};

#[derive(Debug, Default, Clone)]
pub struct Links {
    /// Catalog set index → position in `data.sets`.
    sets: Vec<Option<usize>>,
    /// Card index → positions in `data.exceptions` (dense: one slot per card).
    exceptions: Vec<Vec<usize>>,
    /// (card, position in `data.suspensions`).
    suspensions: Vec<(CardId, usize)>,
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
            .map(|code| {
                data.sets
                    .iter()
                    .position(|s| s.code.eq_ignore_ascii_case(code))
            })
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
        let mut links = Self {
            sets,
            exceptions: vec![Vec::new(); catalog.cards().len()],
            rotation_blocks,
            ..Self::default()
        };
        for (i, ex) in data.exceptions.iter().enumerate() {
            match catalog.card_by_identity(&ex.title, ex.subtitle.as_deref()) {
                Some(card) => links.exceptions[card.id.0 as usize].push(i),
                None => links.unlinked.push(format!(
                    "exception for {} names no card of the catalog",
                    ex.title
                )),
            }
        }
        for (i, s) in data.suspensions.iter().enumerate() {
            match catalog.card_by_identity(&s.title, s.subtitle.as_deref()) {
                Some(card) => links.suspensions.push((card.id, i)),
                None => links.unlinked.push(format!(
                    "suspension of {} names no card of the catalog",
                    s.title
                )),
            }
        }
        links
    }

    /// The set record of a catalog set, if `card_data` knows it.
    pub fn set<'d>(&self, data: &'d LegalityData, set: SetIdx) -> Option<&'d SetInfo> {
        self.sets
            .get(set.0 as usize)
            .copied()
            .flatten()
            .map(|i| &data.sets[i])
    }

    pub fn exceptions<'d>(
        &self,
        data: &'d LegalityData,
        card: CardId,
    ) -> impl Iterator<Item = &'d Exception> + use<'d, '_> {
        self.exceptions
            .get(card.0 as usize)
            .into_iter()
            .flatten()
            .map(move |i| &data.exceptions[*i])
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

    /// Suspensions on `list` in force on `date`, with their cards.
    pub fn suspensions<'d>(
        &'d self,
        data: &'d LegalityData,
        list: &'d str,
        date: Date,
    ) -> impl Iterator<Item = (CardId, &'d Suspension)> + 'd {
        self.suspensions
            .iter()
            .map(move |(card, i)| (*card, &data.suspensions[*i]))
            .filter(move |(_, s)| s.format == list && s.in_force_on(date))
    }
}
