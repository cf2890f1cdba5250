//! Limited decks come from the cards the player opened (sealed, CEG 9.2.5) or drafted (draft,
//! CEG 9.2.4): every card counted against the pool, the leader from the pool (prerelease promo
//! leaders are declared as part of the pool), the base from the pool or any Common base of the
//! event's set (CEG 9.2.1; TR 2.3.2 before). Without the pool the deck cannot be judged: the
//! answer is unverified and says so. A pool given pack by pack with another number of packs than
//! the format hands out gets a note, not a violation: how many packs a player receives is the
//! event's matter, not a deckbuilding rule (issue 28). Whether the cards are released on the
//! date is card_pool.rs's.

use std::collections::{BTreeMap, HashMap};

use crate::messages::{say, text};
use deckcheck_core::l10n::{self as l10n, number};
use deckcheck_core::wording::a_or_an;
use deckcheck_core::{CardRef, CodeInfo, Explain, Findings, NoteKind, Rule, Violation};
use serde::Serialize;

use super::codes::{BASE_NOT_IN_POOL, CARD_NOT_IN_POOL};
use super::{Context, Pool};
use crate::catalog::{CardId, Rarity};
use crate::data::{PoolKind, SetKind};
use crate::deck::Zone;

pub struct OpenedPool;

/// A pool given pack by pack with another number of packs than the format hands out.
struct PoolShape<'a> {
    format: &'a str,
    /// The numbers of packs the format hands out (the larger at Competitive and Master tier).
    packs: &'a [u32],
    given: usize,
}

impl PoolShape<'_> {
    /// The note's sentence.
    fn note(&self) -> String {
        let counts: Vec<String> = self.packs.iter().map(u32::to_string).collect();
        let noun = if self.packs == [1] { "pack" } else { "packs" };
        let tiers = if self.packs.len() > 1 {
            " (Competitive and Master tier events hand out the larger number)"
        } else {
            ""
        };
        format!(
            "{} pool is {} {noun}{tiers}; this one has {}. How many packs a player receives is the event's matter, not a deckbuilding rule: the deck is judged against the cards of its pool.",
            a_or_an(self.format, true),
            counts.join(" or "),
            self.given
        )
    }
}

/// Cards the deck plays that the player did not open.
#[derive(Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum NotInPool {
    /// Not one copy was opened.
    NotOpened,
    /// More copies than were opened.
    MoreThanOpened {
        #[serde(skip)]
        opened: u64,
        #[serde(skip)]
        played: u64,
    },
}

impl Explain for NotInPool {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        match self {
            Self::MoreThanOpened { opened, played } => say(
                lang,
                "swu-more-than-opened",
                [
                    ("played", number(*played)),
                    ("cards", text(l10n::names(lang, cards))),
                    ("opened", number(*opened)),
                ],
            ),
            Self::NotOpened => say(
                lang,
                "swu-not-opened",
                [
                    ("cards", text(crate::messages::comma_names(lang, cards))),
                    ("count", number(cards.len() as u64)),
                ],
            ),
        }
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        match self {
            Self::MoreThanOpened { opened, played } => Some((*opened, *played)),
            Self::NotOpened => None,
        }
    }
}

/// A base neither opened nor a Common base of the event's set.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct BaseNotInPool {
    /// The event's set, when it is given or can be told from the pool.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub set: Option<String>,
}

impl Explain for BaseNotInPool {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let cards = ("cards", text(l10n::names(lang, cards)));
        match &self.set {
            Some(set) => say(
                lang,
                "swu-base-not-in-pool",
                [cards, ("set", text(set.as_str()))],
            ),
            None => say(lang, "swu-base-not-in-pool-unknown", [cards]),
        }
    }
}

impl Rule<Context<'_>> for OpenedPool {
    fn codes(&self) -> &'static [CodeInfo] {
        &[
            CodeInfo {
                code: CARD_NOT_IN_POOL,
                meaning: "Limited: the deck plays a card (or more copies of it) that the player did not open or draft.",
            },
            CodeInfo {
                code: BASE_NOT_IN_POOL,
                meaning: "Limited: the base was neither opened nor a Common base of the event's set.",
            },
        ]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let Some(rule) = ctx.at(&ctx.format.card_pool) else {
            return;
        };
        if rule.value.kind != PoolKind::OpenedPool {
            return;
        }
        let Some(pool) = ctx.submission.pool else {
            out.note(
                NoteKind::Unverified,
                Some(&rule.section),
                format!(
                    "{} deck is judged against the cards the player opened or drafted; give the pool to check it.",
                    a_or_an(&ctx.format.name, true)
                ),
            );
            return;
        };
        for note in ctx.submission.pool_notes {
            out.note(NoteKind::Unverified, Some(&rule.section), note.clone());
        }
        let event_set = pool
            .event_set
            .clone()
            .or_else(|| infer_event_set(ctx, pool));
        // A pool given pack by pack with other packs than the format hands out: a note.
        if let (Some(packs), Some(expected)) = (pool.packs, ctx.at(&ctx.format.packs))
            && !expected.value.iter().any(|n| *n as usize == packs)
        {
            let shape = PoolShape {
                format: &ctx.format.name,
                packs: &expected.value,
                given: packs,
            };
            out.note(NoteKind::Caveat, Some(&expected.section), shape.note());
        }
        let decks = ctx.decks();
        for (i, deck) in decks.iter().enumerate() {
            // Leaders, main deck and sideboard all come out of the pool; the base may not.
            let mut used: BTreeMap<CardId, u64> = BTreeMap::new();
            for e in deck.entries().iter().filter(|e| e.zone != Zone::Base) {
                *used.entry(e.card).or_insert(0) += u64::from(e.count);
            }
            let mut missing: Option<Violation> = None;
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
                let card = ctx.card_ref(deck, card_id);
                if opened == 0 {
                    // Cards not opened at all: one violation for all of them.
                    match &mut missing {
                        Some(v) => v.cards.push(card),
                        None => {
                            missing = Some(
                                Violation::of(CARD_NOT_IN_POOL, rule, NotInPool::NotOpened)
                                    .card(card),
                            )
                        }
                    }
                } else {
                    out.deck_violation(
                        decks.len(),
                        i,
                        Violation::of(
                            CARD_NOT_IN_POOL,
                            rule,
                            NotInPool::MoreThanOpened {
                                opened,
                                played: count,
                            },
                        )
                        .card(card),
                    );
                }
            }
            if let Some(v) = missing {
                out.deck_violation(decks.len(), i, v);
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
                out.deck_violation(
                    decks.len(),
                    i,
                    Violation::of(
                        BASE_NOT_IN_POOL,
                        rule,
                        BaseNotInPool {
                            set: event_set.clone(),
                        },
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
    use crate::rules::fixture::*;
    use crate::rules::{Pool, codes};
    use deckcheck_core::Report;
    use jiff::civil::date;

    fn sealed(deck: &crate::deck::Deck, pool: &crate::deck::Deck) -> Report {
        let mut options = Check::new("sealed", date(2026, 3, 6));
        options.pool = Some(Pool::of(pool));
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
            .find(|v| v.code == codes::CARD_NOT_IN_POOL)
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
        assert!(report.has(codes::CARD_NOT_IN_POOL));
        assert!(report.has(codes::BASE_NOT_IN_POOL));
    }

    #[test]
    fn without_a_pool_the_check_says_what_it_could_not_do() {
        let deck = DeckBuilder::new(catalog())
            .leader("LAW_003")
            .base("LAW_020")
            .filler(30)
            .build();
        let report = check_one(&deck, "draft", date(2026, 3, 20));
        assert_eq!(
            report.verdict,
            deckcheck_core::Verdict::Unverified,
            "never legal on a guess"
        );
        assert!(
            report
                .notes
                .iter()
                .any(|n| n.message.contains("give the pool"))
        );
    }
}
