//! The input formats of a Star Wars: The Card Game deck: OCTGN's `.o8d` XML (what players
//! exchange) and a pod list (`2x A Hero's Journey (1)`, this project's convention), each read
//! into a [`Deck`](crate::deck::Deck) with one diagnostic per entry that was not clean.

mod o8d;
mod pods;

pub use o8d::{O8d, OCTGN_GAME, UNKNOWN_SECTION, write_o8d};
pub use pods::{PodList, write_pods};

use deckcheck_core::input::InputFormat;

use crate::catalog::{CardIdx, Catalog};
use crate::deck::Deck;

/// The readers, in the order detection tries them; the last accepts anything.
pub const READERS: &[&dyn InputFormat<Catalog, Deck>] = &[&O8d, &PodList];

/// How many cards did-you-mean offers.
const SUGGESTIONS: usize = 3;

/// "A Hero's Journey (1)", or the title alone for cards outside any set.
pub fn with_set(catalog: &Catalog, idx: CardIdx) -> String {
    let card = catalog.card(idx);
    match card.set {
        Some(set) => format!("{} ({set})", card.title),
        None => card.title.to_string(),
    }
}

/// "Did you mean A, B or C?" for did-you-mean candidates.
fn did_you_mean(catalog: &Catalog, cards: &[CardIdx]) -> String {
    let names: Vec<String> = cards.iter().map(|c| with_set(catalog, *c)).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => format!(" Did you mean {one}?"),
        [init @ .., last] => format!(" Did you mean {} or {last}?", init.join(", ")),
    }
}
