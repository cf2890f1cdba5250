//! LCG-PAIR: a registration is one light side deck and one dark side deck. Judged when a
//! submission gives two decks; one deck alone is judged as a deck. Source: REG Deck
//! Requirements and Size Limits L70 ("Each player must bring one light side and one dark side
//! deck to the event.").

use deckcheck_core::{Code, Findings, Violation};

use super::{Context, Rule, Tally};

pub const CODE: Code = Code::new("LCG-PAIR");

pub struct Pair;

fn message(v: &Violation) -> String {
    format!(
        "Both decks are {} decks; a registration is one light side deck and one dark side deck.",
        Some(v.get("detail"))
            .filter(|d| !d.is_empty())
            .unwrap_or_default()
    )
}

impl Rule for Pair {
    fn code(&self) -> Code {
        CODE
    }

    fn meaning(&self) -> &'static str {
        "A registration's two decks are not one light side and one dark side deck."
    }

    fn check(&self, ctx: &Context<'_>, decks: &[Tally<'_>], out: &mut Findings) {
        let [a, b] = decks else { return };
        if let (Some(x), Some(y)) = (a.side, b.side)
            && x == y
        {
            let cards = [a, b]
                .iter()
                .filter_map(|d| d.affiliation.map(|c| d.card_ref(ctx.catalog, c)))
                .collect();
            out.violation(
                Violation::rendered(CODE, "REG Deck Requirements and Size Limits L70", message)
                    .cards(cards)
                    .with("detail", x.name()),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;

    #[test]
    fn a_light_and_a_dark_deck_are_a_registration() {
        let f = run_on(&[&jedi(), &sith()], "standard", TODAY);
        assert!(f.violations.is_empty(), "{:?}", f.violations);
    }

    #[test]
    fn two_light_side_decks_are_not() {
        let f = run_on(&[&jedi(), &jedi()], "standard", TODAY);
        assert_eq!(codes(&f), ["LCG-PAIR"]);
        assert_eq!(
            f.violations[0].message(),
            "Both decks are light side decks; a registration is one light side deck and one dark side deck."
        );
    }

    #[test]
    fn a_violation_of_one_deck_of_a_pair_names_the_deck() {
        let mut sith = sith();
        sith.entries.remove(0);
        let f = run_on(&[&jedi(), &sith], "standard", TODAY);
        assert_eq!(codes(&f), ["LCG-AFFILIATION"]);
        assert_eq!(f.violations[0].deck, Some(2));
    }
}
