//! What the CCG says, in the five languages: its Fluent resources (`locales/<lang>/*.ftl`),
//! embedded and parsed once. The game's own names (Dark Side, Light Side, card types, set
//! names) are the English ones its players use in every language.

use std::sync::LazyLock;

use deckcheck_core::l10n::{FluentValue, Lang, Messages, Resources};

use crate::catalog::Side;

static RESOURCES: Resources = deckcheck_core::resources!("violations");

static MESSAGES: LazyLock<Messages> = LazyLock::new(|| {
    // Checked by `ccg_resources_are_complete_in_every_language`.
    Messages::new(&RESOURCES).unwrap_or_else(|e| panic!("the CCG's messages: {e}"))
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

/// A side in `lang`.
pub(crate) fn side(lang: Lang, side: Side) -> String {
    let key = match side {
        Side::Dark => "dark",
        Side::Light => "light",
    };
    say(lang, "ccg-side", [("side", text(key))])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ccg_resources_are_complete_in_every_language() {
        assert_eq!(deckcheck_core::l10n::lint(&RESOURCES), vec![]);
    }

    #[test]
    fn an_unknown_icon_is_named_as_gemp_names_it() {
        assert_eq!(
            say(Lang::De, "ccg-icon-a", [("icon", text("EPISODE_I"))]),
            "einem Episode-I-Symbol"
        );
        assert_eq!(
            say(Lang::Fr, "ccg-icon-a", [("icon", text("NEW_ICON"))]),
            "NEW_ICON"
        );
    }
}
