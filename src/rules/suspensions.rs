//! Suspended cards: a card on a format's suspension list on the date is not legal in it
//! (TR 3.2.1 for Premier; CR 9.2.2D: "Cards may also be individually suspended from both or
//! either format"). Suspensions name a title and subtitle, so every printing is covered and a
//! same-named card with another subtitle is not. Twin Suns and limited formats have no list.

use super::card_pool::pool_rule;
use super::{Code, Context, Findings, Rule, Violation};
use crate::deck::Deck;

pub struct Suspensions;

impl Rule for Suspensions {
    fn name(&self) -> &'static str {
        "suspensions"
    }

    fn check(&self, ctx: &Context<'_>, decks: &[Deck], out: &mut Findings) {
        // Trilogy has no list of its own: it takes the chosen pool's (CR 9.3.2D).
        let list_format = pool_rule(ctx).map_or(ctx.format, |(_, f)| f);
        let Some(list) = ctx
            .data
            .formats
            .get(list_format)
            .suspension_list
            .at(ctx.as_of)
        else {
            return;
        };
        let format_name = &ctx.data.formats.get(list_format).name;
        for (i, (deck, tally)) in decks.iter().zip(ctx.tallies).enumerate() {
            for (card_id, s) in ctx
                .links
                .suspensions(ctx.data, &list.value, ctx.as_of)
                .filter(|(c, _)| tally.contains(*c))
            {
                let card = ctx.catalog.card(card_id);
                out.deck_violation(
                    decks,
                    i,
                    Violation::new(
                        Code::CardSuspended,
                        list.section.clone(),
                        format!(
                            "{} is suspended in {format_name} since {}.",
                            card.display_name(),
                            s.effective_from
                        ),
                    )
                    .card(ctx.card_ref(deck, card_id))
                    .caveat(s.confidence, s.notes.as_deref()),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::data::FormatId;
    use crate::rules::Code;
    use crate::rules::fixture::*;
    use jiff::civil::date;

    #[test]
    fn boba_fett_collecting_the_bounty_is_suspended_in_premier_but_not_in_twin_suns() {
        let premier = DeckBuilder::new(catalog())
            .leader("SOR_015")
            .base("SOR_020")
            .filler(50)
            .build();
        let report = check_one(&premier, FormatId::Premier, date(2025, 1, 1));
        let v = report
            .violations
            .iter()
            .find(|v| v.code == Code::CardSuspended)
            .unwrap();
        assert_eq!(v.section, "TR 3.2.1");
        assert!(v.message.contains("2024-11-08"));
        assert!(
            !check_one(&premier, FormatId::Premier, date(2024, 11, 7)).has(Code::CardSuspended)
        );

        let twin = DeckBuilder::new(catalog())
            .leader("SOR_015")
            .leader("SOR_010")
            .base("SOR_020")
            .filler(80)
            .build();
        assert!(!check_one(&twin, FormatId::TwinSuns, date(2025, 1, 1)).has(Code::CardSuspended));
    }

    #[test]
    fn a_same_named_leader_with_another_subtitle_is_not_suspended() {
        let deck = DeckBuilder::new(catalog())
            .leader("JTL_009")
            .base("SOR_020")
            .filler(50)
            .build();
        assert!(!check_one(&deck, FormatId::Premier, date(2025, 6, 1)).has(Code::CardSuspended));
    }

    #[test]
    fn dj_is_suspended_from_the_regulations_date() {
        let deck = legal_premier().main("SHD_213", 1).build();
        assert!(!check_one(&deck, FormatId::Premier, date(2025, 4, 10)).has(Code::CardSuspended));
        assert!(check_one(&deck, FormatId::Premier, date(2025, 4, 11)).has(Code::CardSuspended));
    }
}
