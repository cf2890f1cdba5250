//! Which cards a format draws from on a date. A card is judged by its identity: it is legal when
//! any of its printings is in a set of the pool (TR 3.2.1: "If an official card has the same
//! title and subtitle ... as a card from a Premier-legal set, then that card is also legal").
//! Premier draws from every released set (TR 3.2.1) until A Lawless Time (2026-03-13), then from
//! the sets of the two newest rotation blocks (CR 9.2.2D); Eternal and Twin Suns from every
//! released set; Trilogy from Premier's or Eternal's pool (CR 9.3.2D). Cards of sets not yet
//! released are illegal (TR 3.2.1: legal "the same day the set is officially released").

use std::fmt::Write;

use jiff::civil::Date;

use super::{Code, Context, Findings, Rule, Violation};
use crate::catalog::{Card, SetIdx, SetMask};
use crate::data::{Dated, FormatId, PoolKind, PoolRule, SetInfo};
use crate::deck::Deck;

pub struct CardPool;

/// The catalog's sets a format draws from on a date.
pub struct LegalSets<'a> {
    legal: SetMask,
    /// Rotation blocks in the pool with their first release, newest first (none when the pool
    /// is not by block).
    pub blocks: &'a [(Date, String)],
}

impl<'a> LegalSets<'a> {
    pub fn compute(ctx: &Context<'a>, rule: &PoolRule, date: Date) -> Self {
        let blocks = match rule.kind {
            PoolKind::TwoNewestRotationBlocks => ctx.links.newest_blocks(date, 2),
            _ => &[],
        };
        let legal = (0..ctx.catalog.set_codes().len())
            .map(|i| SetIdx(i as u16))
            .filter(|set| {
                ctx.set_info(*set).is_some_and(|set| {
                    rule.set_kinds.contains(&set.kind)
                        && released_by(set, date)
                        && (blocks.is_empty()
                            || set
                                .rotation_block
                                .as_ref()
                                .is_some_and(|b| blocks.iter().any(|(_, block)| block == b)))
                })
            })
            .fold(SetMask::default(), SetMask::with);
        Self { legal, blocks }
    }

    /// Whether any printing of the card is in a set of the pool.
    pub fn is_legal(&self, card: &Card) -> bool {
        card.sets.intersects(self.legal)
    }

    /// The end of every "has rotated out" message of one check ("; on DATE Premier uses the
    /// sets of rotation blocks B and A.").
    fn rotation_tail(&self, date: Date, format_name: &str) -> String {
        let names: Vec<&str> = self.blocks.iter().map(|(_, b)| b.as_str()).collect();
        format!(
            "; on {date} {format_name} uses the sets of rotation blocks {}.",
            names.join(" and ")
        )
    }
}

fn released_by(set: &SetInfo, date: Date) -> bool {
    set.release_date.is_some_and(|d| d <= date)
}

/// The pool rule for a check: the format's own, or for Trilogy the chosen format's.
pub fn pool_rule<'a>(ctx: &Context<'a>) -> Option<(&'a Dated<PoolRule>, FormatId)> {
    let own = ctx.at(&ctx.def.card_pool)?;
    if own.value.kind != PoolKind::PremierOrEternal {
        return Some((own, ctx.format));
    }
    let chosen = ctx.options.trilogy_pool;
    ctx.data
        .formats
        .get(chosen)
        .card_pool
        .at(ctx.as_of)
        .map(|d| (d, chosen))
}

impl Rule for CardPool {
    fn name(&self) -> &'static str {
        "card pool"
    }

    fn check(&self, ctx: &Context<'_>, decks: &[Deck], out: &mut Findings) {
        let Some((rule, pool_format)) = pool_rule(ctx) else {
            return;
        };
        if rule.value.kind == PoolKind::OpenedPool {
            return; // the opened_pool rule judges limited decks
        }
        out.note_if_unconfirmed(rule);
        let legal = LegalSets::compute(ctx, &rule.value, ctx.as_of);
        // Written once per check, and only for a deck that has rotated cards.
        let mut rotation_tail = None;
        if pool_format != ctx.format {
            out.note(
                rule.section.clone(),
                format!(
                    "{} is checked with the {} card pool.",
                    ctx.def.name,
                    ctx.data.formats.get(pool_format).name
                ),
            );
        }
        for (i, (deck, tally)) in decks.iter().zip(ctx.tallies).enumerate() {
            for card_id in tally.cards().iter().map(|c| c.card) {
                let card = ctx.catalog.card(card_id);
                if legal.is_legal(card) {
                    continue;
                }
                let v = why_not(
                    ctx,
                    card,
                    rule,
                    &legal,
                    &mut rotation_tail,
                    pool_format,
                    out,
                )
                .card(ctx.card_ref(deck, card_id));
                out.deck_violation(decks, i, v);
            }
        }
    }
}

/// Explains why a card is outside the pool: rotated, a product outside the format, or not yet out.
fn why_not(
    ctx: &Context<'_>,
    card: &Card,
    rule: &Dated<PoolRule>,
    legal: &LegalSets,
    rotation_tail: &mut Option<String>,
    pool_format: FormatId,
    out: &mut Findings,
) -> Violation {
    let format_name = &ctx.data.formats.get(pool_format).name;
    let mut released = Vec::new();
    let mut upcoming: Vec<(Date, &SetInfo)> = Vec::new();
    for p in &card.printings {
        let set_idx = ctx.catalog.printing(*p).set;
        let code = ctx.catalog.set_code(set_idx);
        match ctx.set_info(set_idx) {
            Some(set) if released_by(set, ctx.as_of) => released.push(set),
            Some(set) => {
                if let Some(d) = set.release_date {
                    upcoming.push((d, set));
                }
            }
            None => out.note(
                "TR 3.2.1",
                format!("Set {code} is not in deckcheck's set data; its printings are not counted as released."),
            ),
        }
    }
    released.dedup_by(|a, b| a.code == b.code);
    if released.is_empty() {
        let name = card.display_name();
        upcoming.sort_by_key(|(d, _)| *d);
        return match upcoming.first() {
            Some((date, set)) => Violation::new(
                Code::CardNotReleased,
                "TR 3.2.1",
                format!(
                    "{name} is not released on {}: {} ({}) releases on {date}.",
                    ctx.as_of, set.name, set.code
                ),
            )
            .caveat(set.confidence, set.notes.as_deref()),
            None => Violation::new(
                Code::CardNotReleased,
                "TR 3.2.1",
                format!(
                    "{name} is not released on {}: no release date is known for its sets.",
                    ctx.as_of
                ),
            ),
        };
    }
    // One string, written in place: a rotated deck has dozens of these, and the same message
    // through `format!` cost a fifth more instructions per roster (callgrind, BENCHMARKS.md).
    let mut message = String::with_capacity(200);
    let rotated = !legal.blocks.is_empty()
        && released
            .iter()
            .any(|s| rule.value.set_kinds.contains(&s.kind) && s.rotation_block.is_some());
    message.push_str(&card.title);
    if let Some(sub) = &card.subtitle {
        message.push_str(" | ");
        message.push_str(sub);
    }
    message.push_str(if rotated {
        " has rotated out of "
    } else {
        " is not part of the "
    });
    message.push_str(format_name);
    message.push_str(if rotated { ": " } else { " card pool: " });
    message.push_str("it is printed only in ");
    for (n, set) in released.iter().enumerate() {
        if n > 0 {
            message.push_str(", ");
        }
        message.push_str(&set.code);
    }
    if rotated {
        message.push_str(
            rotation_tail.get_or_insert_with(|| legal.rotation_tail(ctx.as_of, format_name)),
        );
    } else {
        let _ = write!(
            message,
            ", and {format_name} does not include that product."
        );
    }
    Violation::new(Code::CardNotInFormat, rule.section.clone(), message)
        .caveat(rule.confidence, rule.notes.as_deref())
}

#[cfg(test)]
mod tests {
    use crate::data::FormatId;
    use crate::rules::fixture::*;
    use crate::rules::{CheckOptions, Code, Report};
    use jiff::civil::date;

    fn codes(r: &Report) -> Vec<(Code, String)> {
        r.violations
            .iter()
            .map(|v| {
                (
                    v.code,
                    v.cards.first().map(|c| c.id.clone()).unwrap_or_default(),
                )
            })
            .collect()
    }

    #[test]
    fn a_card_is_illegal_before_its_set_releases_and_legal_on_the_day() {
        let deck = legal_premier().main("HMW_100", 1).build();
        let before = check_one(&deck, FormatId::Premier, date(2025, 1, 1));
        assert_eq!(codes(&before), [(Code::CardNotReleased, "HMW_100".into())]);
        let v = &before.violations[0];
        assert!(v.message.contains("2026-10-09"), "{}", v.message);
    }

    #[test]
    fn spark_of_rebellion_cards_rotate_out_of_premier_with_a_lawless_time() {
        let deck = legal_premier().build();
        assert!(check_one(&deck, FormatId::Premier, date(2026, 3, 12)).legal);
        let after = check_one(&deck, FormatId::Premier, date(2026, 3, 13));
        let rotated: Vec<_> = after
            .violations
            .iter()
            .filter(|v| v.code == Code::CardNotInFormat)
            .collect();
        // Han Solo and Capital City are SOR-only; the fillers are reprinted in LAW.
        assert_eq!(rotated.len(), 2, "{:#?}", after.violations);
        assert_eq!(rotated[0].section, "CR 9.2.2D");
        assert!(
            rotated[0].message.contains("rotation blocks B and A"),
            "{}",
            rotated[0].message
        );
    }

    #[test]
    fn a_rotated_card_reprinted_in_a_legal_set_stays_legal() {
        // Filler Trooper 50 is printed in SOR and in LAW; the deck names the SOR printing.
        let deck = DeckBuilder::new(catalog())
            .leader("LAW_003")
            .base("LAW_020")
            .main("SOR_350", 3)
            .filler(47)
            .build();
        assert!(check_one(&deck, FormatId::Premier, date(2026, 11, 22)).legal);
    }

    #[test]
    fn the_twin_suns_product_is_eternal_but_not_premier() {
        let deck = DeckBuilder::new(catalog())
            .leader("LAW_003")
            .base("LAW_020")
            .main("TS26_8", 1)
            .filler(50)
            .build();
        let premier = check_one(&deck, FormatId::Premier, date(2026, 11, 22));
        assert_eq!(codes(&premier), [(Code::CardNotInFormat, "TS26_8".into())]);
        assert!(check_one(&deck, FormatId::Eternal, date(2026, 11, 22)).legal);
    }

    #[test]
    fn trilogy_uses_the_chosen_pool() {
        let catalog = catalog();
        let deck = |leader: &str, base: &str, first: u32| {
            let mut b = DeckBuilder::new(catalog).leader(leader).base(base);
            for n in first..first + 17 {
                b = b.main(&format!("SOR_{}", 301 + n), 1);
            }
            b.main("SOR_220", 1).main("LAW_150", 1).build()
        };
        let decks = [
            deck("LAW_003", "LAW_020", 0),
            deck("JTL_009", "LAW_022", 0),
            deck("SOR_017", "JTL_024", 0),
        ];
        let mut options = CheckOptions::new(FormatId::Trilogy, date(2026, 11, 22));
        let premier = crate::rules::check(checker(), &decks, vec![], &options);
        assert!(
            premier.has(Code::CardNotInFormat),
            "Han Solo and Surprise Strike rotated"
        );
        options.trilogy_pool = FormatId::Eternal;
        let eternal = crate::rules::check(checker(), &decks, vec![], &options);
        assert!(
            !eternal.has(Code::CardNotInFormat),
            "{:#?}",
            eternal.violations
        );
    }
}
