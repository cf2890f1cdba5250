//! The project's army-building data linked to the catalog's cards, once at load: the special
//! slots with their patterns resolved against the catalog's fields, and which cards a special
//! slot or a conditional cost names, so a check asks by card index instead of comparing ids.

use crate::catalog::{Catalog, Ix, Pattern};
use crate::data::LegionData;

/// `card_data/legion/army_building.toml` as the rules look it up.
#[derive(Debug, Clone, Default)]
pub struct Links {
    pub special_slots: Vec<LinkedSlot>,
    /// By card index: whether a special slot takes the card.
    special: Vec<bool>,
    /// By card index: whether a conditional cost is the card's (as the upgrade).
    conditional: Vec<bool>,
}

/// A special slot (`SpecialSlot`) with its upgrades and patterns resolved.
#[derive(Debug, Clone)]
pub struct LinkedSlot {
    /// The upgrade type of the slot it adds.
    pub slot: String,
    pub upgrades: Vec<Ix>,
    pub matches: Option<Pattern>,
    pub not_match: Option<Pattern>,
    pub keyword: Option<String>,
}

impl Links {
    pub fn new(catalog: &Catalog, data: &LegionData) -> Self {
        let by_id = |ids: &mut dyn Iterator<Item = &str>| -> Vec<Ix> {
            ids.filter_map(|id| catalog.by_id(id).map(|c| c.ix))
                .collect()
        };
        let mut key = |name: &str| catalog.key(name);
        let special_slots: Vec<LinkedSlot> = data
            .army
            .special_slots
            .iter()
            .map(|s| LinkedSlot {
                slot: s.slot.clone(),
                upgrades: by_id(&mut s.upgrades.iter().map(String::as_str)),
                matches: s
                    .matches
                    .as_ref()
                    .and_then(|m| Pattern::compile(m, &mut key)),
                not_match: s
                    .not_match
                    .as_ref()
                    .and_then(|m| Pattern::compile(m, &mut key)),
                keyword: s.keyword.clone(),
            })
            .collect();
        let mark = |cards: &mut dyn Iterator<Item = Ix>| {
            let mut marked = vec![false; catalog.cards().len()];
            for c in cards {
                marked[usize::from(c)] = true;
            }
            marked
        };
        let special = mark(
            &mut special_slots
                .iter()
                .flat_map(|s| s.upgrades.iter().copied()),
        );
        let conditional = mark(
            &mut by_id(
                &mut data
                    .army
                    .conditional_costs
                    .iter()
                    .map(|c| c.upgrade.as_str()),
            )
            .into_iter(),
        );
        Self {
            special_slots,
            special,
            conditional,
        }
    }

    /// Whether a special slot takes this upgrade.
    pub fn is_special(&self, card: Ix) -> bool {
        self.special
            .get(usize::from(card))
            .copied()
            .unwrap_or(false)
    }

    /// Whether a conditional cost is this upgrade's.
    pub fn has_conditional_cost(&self, card: Ix) -> bool {
        self.conditional
            .get(usize::from(card))
            .copied()
            .unwrap_or(false)
    }
}
