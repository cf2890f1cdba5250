//! Limited decks come from the cards the player opened (sealed, TR 2.3.2.2) or drafted (draft,
//! TR 2.3.2.1): every card counted against the pool, the leader from the pool (prerelease promo
//! leaders are declared as part of the pool), the base from the pool or any Common base of the
//! event's set (TR 2.3.2.1/2.3.2.2; CR 10.2.2C, 10.3.4C).

use std::collections::{BTreeMap, HashMap};

use super::{Code, Context, Findings, Pool, Rule, Violation};
use crate::catalog::{CardId, Rarity};
use crate::data::{PoolKind, SetKind};
use crate::deck::{Deck, Zone};

pub struct OpenedPool;

impl Rule for OpenedPool {
    fn name(&self) -> &'static str {
        "opened pool"
    }

    fn check(&self, ctx: &Context<'_>, decks: &[Deck], out: &mut Findings) {
        let Some(rule) = ctx.at(&ctx.def.card_pool) else {
            return;
        };
        if rule.value.kind != PoolKind::OpenedPool {
            return;
        }
        let section = rule.section.clone();
        let Some(pool) = &ctx.options.pool else {
            out.note(
                section,
                "No opened pool was given, so the deck was not checked against the cards the player opened or drafted.",
            );
            return;
        };
        let event_set = pool
            .event_set
            .clone()
            .or_else(|| infer_event_set(ctx, pool));
        // A pool given pack by pack must have the packs the format hands out.
        let expected_packs = if ctx.format == crate::data::FormatId::Sealed {
            6
        } else {
            3
        };
        if let Some(packs) = pool.packs
            && packs != expected_packs
        {
            out.violation(
                Violation::new(
                    Code::PoolShape,
                    section.clone(),
                    format!(
                        "A {} pool is {expected_packs} packs; this one has {packs}.",
                        ctx.def.name
                    ),
                )
                .numbers(expected_packs as u64, packs as u64),
            );
        }
        for (i, deck) in decks.iter().enumerate() {
            // Leaders, main deck and sideboard all come out of the pool; the base may not.
            let mut used: BTreeMap<CardId, u64> = BTreeMap::new();
            for e in deck.entries.iter().filter(|e| e.zone != Zone::Base) {
                *used.entry(e.card).or_insert(0) += u64::from(e.count);
            }
            for (card_id, mut count) in used {
                // A declared prerelease promo leader may lead the deck (one copy of it).
                if pool.promo_leaders.contains(&card_id)
                    && deck.in_zone(Zone::Leader).any(|e| e.card == card_id)
                {
                    count = count.saturating_sub(1);
                }
                let opened = pool.copies.get(&card_id).copied().unwrap_or(0);
                if count <= opened {
                    continue;
                }
                let card = ctx.catalog.card(card_id);
                let message = if opened == 0 {
                    format!("{} is not in the player's pool.", card.display_name())
                } else {
                    format!(
                        "The deck plays {count} copies of {} but the pool has {opened}.",
                        card.display_name()
                    )
                };
                out.deck_violation(
                    decks,
                    i,
                    Violation::new(Code::CardNotInPool, section.clone(), message)
                        .card(ctx.card_ref(deck, card_id))
                        .numbers(opened, count),
                );
            }
            for base in deck.in_zone(Zone::Base) {
                if pool.copies.get(&base.card).copied().unwrap_or(0) >= u64::from(base.count) {
                    continue;
                }
                let card = ctx.catalog.card(base.card);
                let common_of_set = event_set.as_deref().is_some_and(|set| {
                    card.printings.iter().any(|p| {
                        let p = ctx.catalog.printing(*p);
                        p.rarity == Rarity::Common
                            && ctx.catalog.set_code(p.set).eq_ignore_ascii_case(set)
                    })
                });
                if common_of_set {
                    continue;
                }
                let set_text = event_set.as_deref().unwrap_or("the event's set (unknown)");
                out.deck_violation(
                    decks,
                    i,
                    Violation::new(
                        Code::BaseNotInPool,
                        section.clone(),
                        format!(
                            "{} was not opened and is not a Common base of {set_text}.",
                            card.display_name()
                        ),
                    )
                    .card(ctx.card_ref(deck, base.card)),
                );
            }
        }
    }
}

/// The main set most of the pool's cards were printed in.
fn infer_event_set(ctx: &Context<'_>, pool: &Pool) -> Option<String> {
    let mut per_set: HashMap<&str, u64> = HashMap::new();
    for (card, n) in &pool.copies {
        for p in &ctx.catalog.card(*card).printings {
            let set = ctx.catalog.printing(*p).set;
            let code = ctx.catalog.set_code(set);
            if ctx.set_info(set).is_some_and(|s| s.kind == SetKind::Main) {
                *per_set.entry(code).or_insert(0) += n;
            }
        }
    }
    per_set
        .into_iter()
        .max_by_key(|(code, n)| (*n, std::cmp::Reverse(*code)))
        .map(|(code, _)| code.to_string())
}

#[cfg(test)]
mod tests {
    use crate::data::FormatId;
    use crate::rules::fixture::*;
    use crate::rules::{CheckOptions, Code, Pool, Report};
    use jiff::civil::date;

    fn sealed(deck: &crate::deck::Deck, pool: &crate::deck::Deck) -> Report {
        let mut options = CheckOptions::new(FormatId::Sealed, date(2026, 3, 6));
        options.pool = Some(Pool::from_deck(pool));
        check_with(deck, options)
    }

    fn opened() -> crate::deck::Deck {
        DeckBuilder::new(catalog())
            .leader("LAW_003")
            .main("LAW_150", 2)
            .filler(30)
            .build()
    }

    #[test]
    fn a_deck_from_its_pool_with_a_common_base_of_the_set_is_legal() {
        let deck = DeckBuilder::new(catalog())
            .leader("LAW_003")
            .base("LAW_020")
            .filler(30)
            .build();
        let report = sealed(&deck, &opened());
        assert!(report.legal, "{:#?}", report.violations);
    }

    #[test]
    fn one_copy_more_than_opened_is_reported_with_both_numbers() {
        let deck = DeckBuilder::new(catalog())
            .leader("LAW_003")
            .base("LAW_020")
            .main("LAW_150", 3)
            .filler(30)
            .build();
        let report = sealed(&deck, &opened());
        let v = report
            .violations
            .iter()
            .find(|v| v.code == Code::CardNotInPool)
            .unwrap();
        assert_eq!((v.expected, v.actual), (Some(2), Some(3)));
    }

    #[test]
    fn a_leader_not_opened_and_a_rare_base_not_opened_are_illegal() {
        let deck = DeckBuilder::new(catalog())
            .leader("SOR_017")
            .base("LAW_022")
            .filler(30)
            .build();
        let report = sealed(&deck, &opened());
        assert!(report.has(Code::CardNotInPool));
        assert!(report.has(Code::BaseNotInPool));
    }

    #[test]
    fn without_a_pool_the_check_says_what_it_could_not_do() {
        let deck = DeckBuilder::new(catalog())
            .leader("LAW_003")
            .base("LAW_020")
            .filler(30)
            .build();
        let report = check_one(&deck, FormatId::Draft, date(2026, 3, 20));
        assert!(report.legal);
        assert!(
            report
                .notes
                .iter()
                .any(|n| n.message.contains("No opened pool"))
        );
    }
}
