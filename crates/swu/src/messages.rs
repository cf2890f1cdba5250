//! What SWU says, in the five languages: its Fluent resources (`locales/<lang>/*.ftl`),
//! embedded and parsed once, and the words its messages are built with (card types, zones,
//! aspects) in the official terms of each language.

use std::sync::LazyLock;

use deckcheck_core::l10n::{FluentValue, Lang, Messages, Resources};

use crate::catalog::CardType;
use crate::deck::Zone;

static RESOURCES: Resources = deckcheck_core::resources!("violations");

static MESSAGES: LazyLock<Messages> = LazyLock::new(|| {
    // Checked by `swu_resources_are_complete_in_every_language`.
    Messages::new(&RESOURCES).unwrap_or_else(|e| panic!("SWU's messages: {e}"))
});

/// The message `id` in `lang`, its variables filled from `args`.
pub(crate) fn say<'a>(
    lang: Lang,
    id: &str,
    args: impl IntoIterator<Item = (&'a str, FluentValue<'a>)>,
) -> String {
    MESSAGES.say(lang, id, args)
}

pub(crate) use deckcheck_core::l10n::text;

/// The variant key a card type is selected by.
fn type_key(t: CardType) -> &'static str {
    match t {
        CardType::Leader => "leader",
        CardType::Base => "base",
        CardType::Unit => "unit",
        CardType::Event => "event",
        CardType::Upgrade => "upgrade",
        CardType::Token => "token",
    }
}

/// A card type in `lang`: `swu-type` (a label), `swu-type-a` (with its article) or
/// `swu-types` (plural).
pub(crate) fn card_type(lang: Lang, form: &str, t: CardType) -> String {
    say(lang, form, [("type", text(type_key(t)))])
}

/// Card types as a list of labels: "(unit, event)".
pub(crate) fn type_names(lang: Lang, types: &[CardType]) -> String {
    types
        .iter()
        .map(|t| card_type(lang, "swu-type", *t))
        .collect::<Vec<_>>()
        .join(", ")
}

/// A zone of a deck, as the sentences of `lang` name it.
pub(crate) fn zone(lang: Lang, zone: Zone) -> String {
    let key = match zone {
        Zone::Leader => "leader",
        Zone::Base => "base",
        Zone::Main => "main",
        Zone::Sideboard => "sideboard",
    };
    say(lang, "swu-zone", [("zone", text(key))])
}

/// An aspect (by its English name) as the card database of `lang` names it.
pub(crate) fn aspect(lang: Lang, english: &str) -> String {
    say(lang, "swu-aspect", [("aspect", text(english))])
}

/// Cards by name separated by commas, "A, B, C" (as the list wrote them, English beside).
pub(crate) fn comma_names(lang: Lang, cards: &[deckcheck_core::CardRef]) -> String {
    cards
        .iter()
        .map(|c| deckcheck_core::l10n::card_name(lang, c))
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swu_resources_are_complete_in_every_language() {
        assert_eq!(deckcheck_core::l10n::lint(&RESOURCES), vec![]);
    }

    #[test]
    fn card_types_take_the_official_terms_of_each_language() {
        assert_eq!(
            card_type(Lang::De, "swu-type-a", CardType::Base),
            "eine Basis"
        );
        assert_eq!(
            card_type(Lang::De, "swu-type", CardType::Leader),
            "Anführer"
        );
        assert_eq!(
            card_type(Lang::Fr, "swu-types", CardType::Unit),
            "des unités"
        );
        assert_eq!(card_type(Lang::Es, "swu-type", CardType::Upgrade), "mejora");
        assert_eq!(aspect(Lang::De, "Villainy"), "Niedertracht");
        assert_eq!(aspect(Lang::It, "Heroism"), "Eroismo");
        assert_eq!(
            aspect(Lang::Fr, "Unknown"),
            "Unknown",
            "an aspect not named is kept"
        );
    }
}
