//! What LCG says, in the five languages: its Fluent resources (`locales/<lang>/*.ftl`),
//! embedded and parsed once, and the words its messages are built with (sides, affiliations,
//! sections) in the terms of each language's edition.

use std::sync::LazyLock;

use deckcheck_core::l10n::{FluentValue, Lang, Messages, Resources};

use crate::catalog::{Affiliation, Side};
use crate::deck::Section;

static RESOURCES: Resources = deckcheck_core::resources!("violations");

static MESSAGES: LazyLock<Messages> = LazyLock::new(|| {
    // Checked by `lcg_resources_are_complete_in_every_language`.
    Messages::new(&RESOURCES).unwrap_or_else(|e| panic!("LCG's messages: {e}"))
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

/// A side of the Force in `lang`.
pub(crate) fn side(lang: Lang, side: Side) -> String {
    let key = match side {
        Side::Light => "light",
        Side::Dark => "dark",
    };
    say(lang, "lcg-side", [("side", text(key))])
}

/// An affiliation in `lang`.
pub(crate) fn affiliation(lang: Lang, a: Affiliation) -> String {
    let key = match a {
        Affiliation::Jedi => "jedi",
        Affiliation::RebelAlliance => "rebel-alliance",
        Affiliation::SmugglersAndSpies => "smugglers-and-spies",
        Affiliation::Sith => "sith",
        Affiliation::ImperialNavy => "imperial-navy",
        Affiliation::ScumAndVillainy => "scum-and-villainy",
        Affiliation::Neutral => "neutral",
    };
    say(lang, "lcg-affiliation", [("affiliation", text(key))])
}

/// The variant key of a section.
pub(crate) fn section_key(s: Section) -> &'static str {
    match s {
        Section::Affiliation => "affiliation",
        Section::Objective => "objective",
        Section::Command => "command",
    }
}

/// A section of a list, as the sentences of `lang` name it.
pub(crate) fn section(lang: Lang, s: Section) -> String {
    say(lang, "lcg-section", [("section", text(section_key(s)))])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lcg_resources_are_complete_in_every_language() {
        assert_eq!(deckcheck_core::l10n::lint(&RESOURCES), vec![]);
    }

    #[test]
    fn affiliations_and_sides_take_the_terms_of_each_edition() {
        assert_eq!(
            affiliation(Lang::En, Affiliation::ScumAndVillainy),
            "Scum and Villainy"
        );
        assert_eq!(
            affiliation(Lang::De, Affiliation::RebelAlliance),
            "Rebellen-Allianz"
        );
        assert_eq!(side(Lang::Fr, Side::Dark), "côté obscur");
        assert_eq!(section(Lang::Es, Section::Command), "el mazo de mando");
    }
}
