//! LCG-SIDE: every card of a deck is of its affiliation's side of the Force (neutral sets have
//! a side too). Source: CR p.28 Deck Customizing Rules ("A deck must be built for either LS or
//! DS play. A player cannot … include objective sets in his deck, belonging to an affiliation
//! dedicated to the other side of the Force").

use deckcheck_core::{Code, Findings, Violation};

use super::{Context, Rule, Tally, is_are, names};

pub const CODE: Code = Code::new("LCG-SIDE");

pub struct OneSide;

fn message(v: &Violation) -> String {
    let (side, other) = match Some(v.get("detail")).filter(|d| !d.is_empty()) {
        Some("light side") => ("light side", "dark side"),
        _ => ("dark side", "light side"),
    };
    format!(
        "{} {} of the {other}, in this {side} deck; a deck is built for one side of the Force.",
        names(&v.cards),
        is_are(v.cards.len()),
    )
}

impl Rule for OneSide {
    fn code(&self) -> Code {
        CODE
    }

    fn meaning(&self) -> &'static str {
        "A card is of the other side of the Force than the deck's affiliation."
    }

    fn check(&self, ctx: &Context<'_>, decks: &[Tally<'_>], out: &mut Findings) {
        for deck in decks {
            let Some(side) = deck.side else { continue };
            let mut cards = Vec::new();
            for e in &deck.deck.entries {
                let found = ctx.catalog.card(e.card);
                if found.side != side {
                    // A set is named once, by its objective.
                    let card = match found.set {
                        Some(set) => deck.set_ref(ctx.catalog, set),
                        None => None,
                    }
                    .unwrap_or_else(|| deck.card_ref(ctx.catalog, e.card));
                    if !cards.contains(&card) {
                        cards.push(card);
                    }
                }
            }
            if !cards.is_empty() {
                deck.report(
                    out,
                    Violation::rendered(CODE, "CR p.28 Deck Customizing Rules", message)
                        .cards(cards)
                        .with("detail", side.name()),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;

    #[test]
    fn a_dark_side_set_in_a_light_side_deck_is_illegal() {
        let mut deck = jedi();
        add_set(&mut deck, 19, 1, 30);
        let f = run(&deck);
        assert_eq!(codes(&f), ["LCG-SIDE"]);
        assert_eq!(
            f.violations[0].message(),
            "Objective 19 is of the dark side, in this light side deck; a deck is built for one side of the Force."
        );
    }
}
