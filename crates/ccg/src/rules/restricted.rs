//! CCG-RESTRICTED: at most one copy in the deck of a card on the format's restricted list,
//! counted by base id (foil and alternate-image marks stripped). Every format's list is empty at
//! the mirrored commit; the rule is here for when one is not. Source: GEMP swccgFormats.json
//! `restricted`, DefaultSwccgFormat.validateDeck.

use deckcheck_core::{CardRef, Code, Violation};

use super::banned::on_list;
use super::{Context, Out, Rule, list};
use crate::deck::Zone;

pub const CODE: Code = Code::new("CCG-RESTRICTED");

pub struct Restricted;

fn message(v: &Violation) -> String {
    format!(
        "A deck may have only 1 copy of a restricted card; this one has {}: {}.",
        v.actual.unwrap_or(0),
        list(&v.cards)
    )
}

impl Rule for Restricted {
    fn code(&self) -> Code {
        CODE
    }

    fn meaning(&self) -> &'static str {
        "More than one copy of a card on the format's restricted list."
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Out) {
        if ctx.gemp.restricted.is_empty() {
            return;
        }
        for (i, _, tally) in ctx.each() {
            for c in tally.zone(Zone::Deck) {
                if c.count > 1 && on_list(&ctx.gemp.restricted, &ctx.card(c.card).id) {
                    let cards: Vec<CardRef> = vec![ctx.card_ref(c)];
                    out.violation(
                        i,
                        Violation::rendered(
                            CODE,
                            format!("GEMP swccgFormats.json ({} restricted)", ctx.gemp.code),
                            message,
                        )
                        .cards(cards)
                        .numbers(1, c.count),
                    );
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{Fixture, today};
    use crate::catalog::Side;
    use crate::data::LegalityData;

    #[test]
    fn two_copies_of_a_restricted_card_are_illegal_and_one_is_legal() {
        let f = Fixture::with_formats(LegalityData::embedded().unwrap(), |formats| {
            formats[0].restricted = vec!["1_168".into()];
        });
        let two = f.sixty(Side::Dark, &[("1_168", 2)]);
        let v = f.violations("open", today(), &[two], "CCG-RESTRICTED");
        assert_eq!(v[0].actual, Some(2));
        let one = f.sixty(Side::Dark, &[("1_168", 1)]);
        assert!(
            f.violations("open", today(), &[one], "CCG-RESTRICTED")
                .is_empty()
        );
    }
}
