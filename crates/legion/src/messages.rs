//! What Legion says, in the five languages: its Fluent resources (`locales/<lang>/*.ftl`),
//! embedded and parsed once. Keywords and the names of units, upgrades, slots, battle forces
//! and factions are Legion HQ's, as its data names them.

use std::sync::LazyLock;

use deckcheck_core::l10n::{FluentValue, Lang, Messages, Resources};

static RESOURCES: Resources = deckcheck_core::resources!("violations");

static MESSAGES: LazyLock<Messages> = LazyLock::new(|| {
    // Checked by `legion_resources_are_complete_in_every_language`.
    Messages::new(&RESOURCES).unwrap_or_else(|e| panic!("Legion's messages: {e}"))
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

/// ", each" after a list of several cards; nothing after one.
pub(crate) fn each(lang: Lang, cards: usize) -> String {
    if cards > 1 {
        say(lang, "legion-each", [])
    } else {
        String::new()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn legion_resources_are_complete_in_every_language() {
        assert_eq!(deckcheck_core::l10n::lint(&RESOURCES), vec![]);
    }

    #[test]
    fn ranks_are_named_as_players_of_each_language_say_them() {
        let units = |lang, rank| say(lang, "legion-rank-units", [("rank", text(rank))]);
        assert_eq!(units(Lang::En, "special"), "special forces units");
        assert_eq!(units(Lang::De, "corps"), "Korps-Einheiten");
        assert_eq!(units(Lang::Es, "heavy"), "unidades pesadas");
    }
}
