//! Printings the card data lacks, read by each set's documented variant numbering
//! (`card_data/swu/numbering.toml`, see [`crate::data::SetNumbering`]). They resolve an id a
//! deck site exports (`JTL_754`, a Standard Foil) to the card of the printing it is numbered
//! from; they are not added to the card's own printings, so legality still comes from the card
//! data alone, and a reader says the id was read this way.
//!
//! A printing the catalog already has wins; where the numbering names another card for it, that
//! is reported as a problem (a test asserts there is none on the real catalog).

use rustc_hash::FxHashMap as HashMap;

use super::{
    CardId, CardType, Catalog, Numbered, Printing, PrintingId, PrintingKey, Rarity, printing_key,
};
use crate::data::{NumberRange, Pick, SetNumbering};

/// A range whose count the card data does not give: it is not used.
#[derive(Debug, thiserror::Error)]
#[error(
    "{set} {variant}: the card data gives {found} printings to number, the numbering {count}; the range is not used"
)]
pub struct CountMismatch {
    set: String,
    variant: String,
    found: usize,
    count: u32,
}

impl Catalog {
    /// Adds every printing the numbering gives and the catalog lacks; returns what could not be
    /// used (a set whose Normal printings are incomplete, a count that does not match) and every
    /// id where the numbering and the card data name different cards.
    pub fn add_numbered(&mut self, numbering: &[SetNumbering]) -> Vec<String> {
        let mut problems = Vec::new();
        // Every printing's card by key, while printings are added; the catalog's index is
        // made again once they are.
        let mut keys: HashMap<PrintingKey, CardId> = self
            .printings
            .iter()
            .filter_map(|p| Some((printing_key(&p.code)?, p.card)))
            .collect();
        for set in numbering {
            let Some(idx) = self.set_index(&set.set) else {
                continue; // a set this catalog does not have
            };
            let normals: Vec<(u32, PrintingId)> = {
                let mut v: Vec<(u32, PrintingId)> = self
                    .printings
                    .iter()
                    .filter(|p| p.set == idx && &*p.variant == "Normal" && p.numbered.is_none())
                    .filter_map(|p| Some((p.number().parse::<u32>().ok()?, p.id)))
                    .collect();
                v.sort_unstable();
                v.dedup_by_key(|(n, _)| *n);
                v
            };
            if normals.len() != set.normal as usize {
                problems.push(format!(
                    "{}: the card data has {} of its {} Normal printings; its variant numbering is not used",
                    set.set,
                    normals.len(),
                    set.normal
                ));
                continue;
            }
            for range in &set.ranges {
                match self.numbers_of(&set.set, idx, &normals, range) {
                    Ok(numbers) => {
                        // One caveat per range, shared by the printings it numbers.
                        let numbered = Numbered {
                            confidence: range.confidence,
                            caveat: range.caveat.as_deref().map(Into::into),
                        };
                        for (number, from) in numbers {
                            if let Some(problem) =
                                self.add_one(&mut keys, &set.set, number, from, range, &numbered)
                            {
                                problems.push(problem);
                            }
                        }
                    }
                    Err(problem) => problems.push(problem.to_string()),
                }
            }
        }
        self.printings.shrink_to_fit();
        self.ids = super::IdIndex::build(&self.printings);
        problems
    }

    /// The (number as the id writes it, printing it is numbered from) pairs of one range.
    fn numbers_of(
        &self,
        code: &str,
        idx: super::SetIdx,
        normals: &[(u32, PrintingId)],
        range: &NumberRange,
    ) -> Result<Vec<(String, PrintingId)>, CountMismatch> {
        let in_span = |n: u32| range.numbers.is_none_or(|[lo, hi]| lo <= n && n <= hi);
        let picked = |p: PrintingId| self.picks(range.pick, p);
        let out: Vec<(String, PrintingId)> = if let Some(offset) = range.offset {
            normals
                .iter()
                .filter(|(n, p)| in_span(*n) && picked(*p))
                .map(|(n, p)| (padded(n + offset), *p))
                .collect()
        } else if let Some(first) = range.first {
            normals
                .iter()
                .filter(|(n, p)| in_span(*n) && picked(*p))
                .enumerate()
                .map(|(i, (_, p))| (padded(first + i as u32), *p))
                .collect()
        } else {
            let of = range.of.as_deref().unwrap_or_default();
            let mut from: Vec<(u32, &Printing)> = self
                .printings
                .iter()
                .filter(|p| p.set == idx && *p.variant == *of && p.numbered.is_none())
                .filter(|p| picked(p.id))
                .filter_map(|p| Some((p.number().parse::<u32>().ok()?, p)))
                .filter(|(n, _)| in_span(*n))
                .collect();
            from.sort_unstable_by_key(|(n, _)| *n);
            match (&range.shift, &range.suffix) {
                (Some(shift), _) => from
                    .iter()
                    .map(|(n, p)| (padded(n + shift), p.id))
                    .collect(),
                (_, Some(suffix)) => from
                    .iter()
                    .map(|(_, p)| (format!("{}{suffix}", p.number()), p.id))
                    .collect(),
                _ => Vec::new(),
            }
        };
        match range.count {
            Some(count) if out.len() != count as usize => Err(CountMismatch {
                set: code.to_string(),
                variant: range.variant.clone(),
                found: out.len(),
                count,
            }),
            _ => Ok(out),
        }
    }

    fn picks(&self, pick: Pick, printing: PrintingId) -> bool {
        let p = self.printing(printing);
        let ty = self.card(p.card).card_type;
        let special = p.rarity == Rarity::Special;
        let common_base = ty == CardType::Base && p.rarity == Rarity::Common;
        match pick {
            Pick::All => true,
            Pick::NotSpecial => !special,
            Pick::Leaders => ty == CardType::Leader,
            Pick::NotSpecialLeaders => ty == CardType::Leader && !special,
            Pick::NotLeaders => ty != CardType::Leader,
            Pick::NotLeadersOrCommonBases => ty != CardType::Leader && !common_base,
            Pick::DeckCards => ty.is_deck_card(),
        }
    }

    /// Adds `SET_number` as a printing of the card `from` is a printing of, unless the catalog
    /// has it; says so when the catalog has it as another card.
    fn add_one(
        &mut self,
        keys: &mut HashMap<PrintingKey, CardId>,
        code: &str,
        number: String,
        from: PrintingId,
        range: &NumberRange,
        numbered: &Numbered,
    ) -> Option<String> {
        let id = format!("{code}_{number}");
        let key = printing_key(&id)?;
        let source = self.printing(from).clone();
        if let Some(card) = keys.get(&key) {
            return (*card != source.card).then(|| {
                format!(
                    "{id}: the {} numbering names {}, the card data {}",
                    range.variant,
                    self.card(source.card).display_name(),
                    self.card(*card).display_name()
                )
            });
        }
        let printing = PrintingId(self.printings.len() as u32);
        let variant = self.variant(&range.variant);
        self.printings.push(Printing {
            id: printing,
            card: source.card,
            set: source.set,
            code: id.into(),
            variant,
            rarity: source.rarity,
            numbered: Some(numbered.clone()),
        });
        keys.insert(key, source.card);
        None
    }
}

/// Numbers as the card data writes them: at least three digits.
fn padded(n: u32) -> String {
    format!("{n:03}")
}
