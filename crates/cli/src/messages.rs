//! What the command line prints for a person to read, in the five languages: its Fluent
//! resources (`locales/<lang>/output.ftl`), and the language asked: `--lang`, else the POSIX
//! locale variables (`LC_ALL`, `LC_MESSAGES`, `LANG`), else English.

use std::sync::LazyLock;

use deckcheck_core::l10n::{FluentValue, Lang, Messages, Resources};

static RESOURCES: Resources = deckcheck_core::resources!("output");

static MESSAGES: LazyLock<Messages> = LazyLock::new(|| {
    // Checked by `cli_resources_are_complete_in_every_language`.
    Messages::new(&RESOURCES).unwrap_or_else(|e| panic!("the command line's messages: {e}"))
});

/// The message `id` in `lang`, its variables filled from `args`.
pub fn say<'a>(
    lang: Lang,
    id: &str,
    args: impl IntoIterator<Item = (&'a str, FluentValue<'a>)>,
) -> String {
    MESSAGES.say(lang, id, args)
}

pub use deckcheck_core::l10n::text;

/// `--lang`, shared by the commands whose output a person reads.
#[derive(clap::Args, Debug, Clone, Default)]
pub struct LangArg {
    /// The language of the messages: en, de, fr, it or es [default: from LC_ALL, LC_MESSAGES or
    /// LANG, else English].
    #[arg(long, value_name = "LANG")]
    lang: Option<Lang>,
}

impl LangArg {
    /// `--lang`, else the environment's locale, else English.
    pub fn lang(&self) -> Lang {
        self.lang
            .unwrap_or_else(|| Lang::from_env(|name| std::env::var(name).ok()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cli_resources_are_complete_in_every_language() {
        assert_eq!(deckcheck_core::l10n::lint(&RESOURCES), vec![]);
    }
}
