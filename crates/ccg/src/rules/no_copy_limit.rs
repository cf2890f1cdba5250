//! CCG-NO-COPY-LIMIT: Star Wars CCG has no limit on copies of a card in a deck; uniqueness
//! (•) is a rule of play, not of deckbuilding. This rule never reports anything: it is here so
//! that the absence of a copy limit is a tested decision, not an omission. Source: RB (the rule
//! book's uniqueness is about cards on the table; GEMP's validateDeck counts no copies).

use deckcheck_core::{Code, CodeInfo, Findings, Rule};

use super::Context;

pub const CODE: Code = Code::new("CCG-NO-COPY-LIMIT");

pub struct NoCopyLimit;

impl Rule<Context<'_>> for NoCopyLimit {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "Never reported: Star Wars CCG has no per-card copy limit (uniqueness applies in play).",
        }]
    }

    fn check(&self, _ctx: &Context<'_>, _out: &mut Findings) {}
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{Fixture, today};
    use crate::catalog::Side;

    #[test]
    fn any_number_of_copies_of_a_unique_card_is_legal() {
        let f = Fixture::new();
        let deck = f.sixty(Side::Dark, &[("9_109", 12), ("1_168", 8)]);
        let found = f.judge("open", today(), &[deck]);
        assert!(found.violations.is_empty(), "{:?}", found.violations);
    }
}
