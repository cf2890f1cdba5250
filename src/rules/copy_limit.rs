//! Copies of one card: at most 3 across main deck and sideboard in Premier and Eternal
//! (TR 2.3.1.1; a copy is any card sharing title and subtitle, whatever its art, foiling or
//! set), 1 in Twin Suns counting leaders (TR 2.3.1.2, CR 12.2.2), 3 across Trilogy's three
//! decks with 1 of each leader and base (CR 9.3.2B), no limit in limited formats. A card's own
//! text wins (Swarming Vulture Droid: 15, CR 1.3.1).

use super::{Code, Context, Findings, Rule, Violation};
use crate::catalog::{CardId, CardType, PrintingId};
use crate::data::ExceptionKind;
use crate::deck::{Deck, Zone};

pub struct CopyLimit;

impl Rule for CopyLimit {
    fn name(&self) -> &'static str {
        "copy limit"
    }

    fn check(&self, ctx: &Context<'_>, decks: &[Deck], out: &mut Findings) {
        let Some(rule) = ctx.at(&ctx.def.max_copies) else {
            return;
        };
        let with_leaders = ctx
            .at(&ctx.def.copy_limit_includes_leaders)
            .filter(|d| d.value);
        let counted =
            |zone: Zone| matches!(zone, Zone::Main | Zone::Sideboard) || with_leaders.is_some();

        // Copies per card over the whole submission: the deck's tally, or Trilogy's three merged.
        let (mut one, mut merged);
        let copies: &mut dyn Iterator<Item = (CardId, u64)> = match ctx.tallies {
            [tally] => {
                one = tally.cards().iter().map(|c| (c.card, c.in_zones(counted)));
                &mut one
            }
            tallies => {
                let mut all: Vec<(CardId, u64)> = tallies
                    .iter()
                    .flat_map(|t| t.cards())
                    .map(|c| (c.card, c.in_zones(counted)))
                    .collect();
                all.sort_unstable_by_key(|(card, _)| *card);
                all.dedup_by(|(card, n), (kept, total)| {
                    let same = card == kept;
                    if same {
                        *total += *n;
                    }
                    same
                });
                merged = all.into_iter();
                &mut merged
            }
        };

        for (card_id, total) in copies {
            let card = ctx.catalog.card(card_id);
            let (limit, section, why) = match (card.card_type, with_leaders) {
                (CardType::Leader | CardType::Base, Some(fact)) => (1, fact.section.as_str(), None),
                _ => match ctx
                    .exceptions(card_id)
                    .find(|ex| ex.kind == ExceptionKind::MaxCopies)
                {
                    Some(ex) => (
                        ex.value.max(0) as u64,
                        "CR 1.3.1",
                        Some(ex.printed_text.as_str()),
                    ),
                    None => (u64::from(rule.value), rule.section.as_str(), None),
                },
            };
            if total <= limit {
                continue;
            }
            // The printings the copies were listed as, in list order.
            let mut printings: Vec<(PrintingId, u64)> = Vec::new();
            for e in decks
                .iter()
                .flat_map(|d| d.entries.iter())
                .filter(|e| e.card == card_id && counted(e.zone))
            {
                match printings.iter_mut().find(|(p, _)| *p == e.printing) {
                    Some((_, n)) => *n += u64::from(e.count),
                    None => printings.push((e.printing, u64::from(e.count))),
                }
            }
            let scope = match (decks.len(), ctx.def.max_sideboard.at(ctx.as_of)) {
                (n, _) if n > 1 => format!("across all {n} decks"),
                (_, Some(sb)) if sb.value == 0 => "in the deck".to_string(),
                _ => "across main deck and sideboard".to_string(),
            };
            let listed = printings
                .iter()
                .map(|(p, n)| format!("{} ×{n}", ctx.catalog.printing_code(*p)))
                .collect::<Vec<_>>()
                .join(", ");
            let allowance = match why {
                Some(text) => format!("its text allows {limit} (\"{text}\")"),
                None => format!("{} allows {limit}", ctx.def.name),
            };
            let mut v = Violation::new(
                Code::TooManyCopies,
                section,
                format!(
                    "{total} copies of {} {scope} (listed as {listed}); {allowance}.",
                    card.display_name()
                ),
            )
            .numbers(limit, total);
            for (p, _) in &printings {
                v = v.card(super::CardRef::new(ctx.catalog, card_id, Some(*p)));
            }
            out.violation(v);
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::data::FormatId;
    use crate::rules::fixture::*;
    use crate::rules::{CheckOptions, Code, check};
    use jiff::civil::date;

    fn copies(report: &crate::rules::Report) -> Vec<(Option<u64>, Option<u64>)> {
        report
            .violations
            .iter()
            .filter(|v| v.code == Code::TooManyCopies)
            .map(|v| (v.expected, v.actual))
            .collect()
    }

    #[test]
    fn two_of_one_printing_and_two_of_its_reprint_are_four_copies() {
        let deck = legal_premier()
            .main("SOR_220", 2)
            .main("SHD_231", 2)
            .build();
        let report = check_one(&deck, FormatId::Premier, date(2025, 1, 1));
        assert_eq!(copies(&report), [(Some(3), Some(4))]);
        let v = report
            .violations
            .iter()
            .find(|v| v.code == Code::TooManyCopies)
            .unwrap();
        let ids: Vec<_> = v.cards.iter().map(|c| c.id.as_str()).collect();
        assert_eq!(ids, ["SOR_220", "SHD_231"]);
    }

    #[test]
    fn copies_in_the_sideboard_count_with_the_main_deck() {
        let deck = legal_premier()
            .main("SOR_220", 3)
            .side("SHD_231", 1)
            .build();
        let report = check_one(&deck, FormatId::Premier, date(2025, 1, 1));
        assert_eq!(copies(&report), [(Some(3), Some(4))]);
    }

    #[test]
    fn swarming_vulture_droid_may_be_played_fifteen_times() {
        let fifteen = legal_premier().main("JTL_256", 15).build();
        assert!(copies(&check_one(&fifteen, FormatId::Premier, date(2025, 6, 1))).is_empty());
        let sixteen = legal_premier().main("JTL_256", 16).build();
        assert_eq!(
            copies(&check_one(&sixteen, FormatId::Premier, date(2025, 6, 1))),
            [(Some(15), Some(16))]
        );
    }

    #[test]
    fn twin_suns_is_singleton_and_counts_leaders() {
        let deck = DeckBuilder::new(catalog())
            .leader("SOR_017")
            .leader("SOR_017")
            .base("SOR_020")
            .main("SOR_220", 2)
            .filler(80)
            .build();
        let report = check_one(&deck, FormatId::TwinSuns, date(2025, 6, 1));
        // Han Solo twice, Surprise Strike twice, and every filler three times.
        assert!(copies(&report).contains(&(Some(1), Some(2))));
        assert!(copies(&report).contains(&(Some(1), Some(3))));
    }

    #[test]
    fn limited_decks_have_no_copy_limit() {
        let deck = legal_premier().main("SOR_220", 7).build();
        assert!(copies(&check_one(&deck, FormatId::Sealed, date(2025, 6, 1))).is_empty());
    }

    #[test]
    fn trilogy_counts_copies_and_leaders_across_three_decks() {
        let catalog = catalog();
        let deck = |leader: &str, base: &str| {
            DeckBuilder::new(catalog)
                .leader(leader)
                .base(base)
                .main("LAW_150", 2)
                .filler(50)
                .build()
        };
        let decks = [
            deck("LAW_003", "LAW_020"),
            deck("LAW_003", "LAW_022"),
            deck("JTL_009", "JTL_024"),
        ];
        let options = CheckOptions::new(FormatId::Trilogy, date(2026, 11, 22));
        let report = check(checker(), &decks, vec![], &options);
        let found = copies(&report);
        assert!(
            found.contains(&(Some(1), Some(2))),
            "Agent Kallus leads two decks: {found:?}"
        );
        assert!(
            found.contains(&(Some(3), Some(6))),
            "Lawless Trooper ×2 in each deck: {found:?}"
        );
    }
}
