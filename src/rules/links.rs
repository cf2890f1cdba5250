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
        let mut links = Self {
            sets,
            exceptions: vec![Vec::new(); catalog.cards().len()],
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
