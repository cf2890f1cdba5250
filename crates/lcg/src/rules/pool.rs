//! LCG-POOL: a card is tournament legal from its product's release (North America; elsewhere
//! the TO decides). Source: REG Authorized Cards L692-697. The card data has no dates:
//! `card_data/lcg/products.toml` gives the days FFG announced where known. A card of a product
//! released after the date checked is illegal; a card of a product whose date is unknown
//! leaves the deck unverified, until `complete_from` (2018-04-03, the card data's last product),
//! from which the pool is taken as complete (said once, as a coverage note).

use std::collections::BTreeMap;

use crate::messages::{say, text};
use deckcheck_core::l10n::number;
use deckcheck_core::wording::and_list;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, NoteKind, Rule, Violation};
use jiff::civil::Date;
use serde::Serialize;

use super::{Judging, names};

pub const CODE: Code = Code::new("LCG-POOL");
const SECTION: &str = "REG Authorized Cards L692-697";

pub struct CardPool;

/// Cards of a product released after the date checked.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct NotYetReleased {
    pub product: String,
    /// Its release in North America.
    pub released: Date,
}

impl Explain for NotYetReleased {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        say(
            lang,
            "lcg-not-yet-released",
            [
                ("cards", text(names(lang, cards))),
                ("count", number(cards.len() as u64)),
                ("product", text(self.product.as_str())),
                ("released", text(self.released.to_string())),
            ],
        )
    }
}

impl Rule<Judging<'_>> for CardPool {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "A card's product was not released by the date checked.",
        }]
    }

    fn check(&self, j: &Judging<'_>, out: &mut Findings) {
        let ctx = j.ctx;
        let complete = &ctx.data.products.complete_from;
        let dated = ctx
            .data
            .products
            .list
            .iter()
            .filter(|p| p.released.is_some())
            .count();
        out.note(
            NoteKind::Coverage,
            Some(SECTION),
            format!(
                "The card data has no release dates and we know the day of only {dated} of its {} products: from {} (its last product, {}) every card in it is taken as released; before, a deck with cards of a product whose day is not known is unverified. Outside North America the tournament organizer decides which products are legal.",
                ctx.data.products.list.len(),
                complete.from,
                complete.value
            ),
        );
        if ctx.as_of >= complete.from {
            return;
        }
        let mut unknown: Vec<&str> = Vec::new();
        for deck in &j.decks {
            // Product → the deck's cards from it, each set named once by its objective.
            let mut by_product: BTreeMap<u16, Vec<CardRef>> = BTreeMap::new();
            for e in &deck.deck.entries {
                let card = ctx.catalog.card(e.card);
                let r = match card.set {
                    Some(set) => deck.set_ref(ctx.catalog, set),
                    None => None,
                }
                .unwrap_or_else(|| deck.card_ref(ctx.catalog, e.card));
                let list = by_product.entry(card.product).or_default();
                if !list.contains(&r) {
                    list.push(r);
                }
            }
            for (product, cards) in by_product {
                let name = ctx.catalog.products[usize::from(product)].as_str();
                match ctx.data.products.named(name).and_then(|p| p.release()) {
                    Some(release) if release.from <= ctx.as_of => {}
                    Some(release) => {
                        let late = NotYetReleased {
                            product: name.to_string(),
                            released: release.from,
                        };
                        deck.report(
                            out,
                            Violation::new(CODE, SECTION, late)
                                .resting_on(&release)
                                .cards(cards),
                        );
                    }
                    None => {
                        if !unknown.contains(&name) {
                            unknown.push(name);
                        }
                    }
                }
            }
        }
        if !unknown.is_empty() {
            out.note(
                NoteKind::Unverified,
                Some(SECTION),
                format!(
                    "The release dates of {} are not known (the card data has none): whether this deck's cards from {} were legal on {} cannot be judged.",
                    and_list(&unknown),
                    if unknown.len() == 1 { "it" } else { "them" },
                    ctx.as_of
                ),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;
    use deckcheck_core::{NoteKind, Verdict};
    use jiff::civil::date;

    fn with_darkness_and_light() -> crate::deck::Deck {
        let mut deck = jedi();
        add_set(&mut deck, 40, 1, 30);
        deck
    }

    #[test]
    fn a_card_released_after_the_date_is_illegal() {
        let f = run_on(&[&with_darkness_and_light()], "standard", date(2014, 8, 20));
        assert!(codes(&f).contains(&"LCG-POOL"));
        let v = f
            .violations
            .iter()
            .find(|v| v.code.as_str() == "LCG-POOL")
            .unwrap();
        assert_eq!(
            v.message(),
            "Objective 40 is from Darkness and Light, released on 2014-08-21 (North America): after the date checked."
        );
    }

    #[test]
    fn a_card_of_a_product_without_a_date_leaves_the_deck_unverified_before_the_pool_is_complete() {
        let f = run_on(&[&with_darkness_and_light()], "standard", date(2017, 6, 1));
        assert!(f.violations.is_empty(), "{:?}", f.violations);
        let note = f
            .notes
            .iter()
            .find(|n| n.kind == NoteKind::Unverified)
            .unwrap();
        assert_eq!(
            note.message,
            "The release dates of Core Set are not known (the card data has none): whether this deck's cards from it were legal on 2017-06-01 cannot be judged."
        );
        assert_eq!(verdict(f), Verdict::Unverified);
    }

    #[test]
    fn from_the_last_products_date_the_pool_is_complete_and_said_once() {
        let f = run(&with_darkness_and_light());
        let coverage: Vec<_> = f
            .notes
            .iter()
            .filter(|n| n.kind == NoteKind::Coverage)
            .collect();
        assert_eq!(coverage.len(), 1);
        assert_eq!(verdict(f), Verdict::Legal);
    }
}
