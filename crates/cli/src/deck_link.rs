//! A deck given as a link where a command takes a deck file (`check`, `window`, `convert`,
//! `diff`): fetched by `deckcheck-links` within its limits, from the hosts of
//! `DECKCHECK_LINK_HOSTS` (default: the deck sites' own; see `crates/links/README.md`).

use std::path::Path;

use anyhow::{Context as _, Result, bail};
use deckcheck_core::DeckInput;
use deckcheck_links::{LinkError, LinkSettings, Links, is_link};

/// The deck a link argument names, labelled with its title and site; `None` when the argument
/// is not a link. `game` is the id of the game being checked: a link to another game's list is
/// refused, naming the `--game` to give.
pub fn read(arg: &Path, game: &str) -> Result<Option<DeckInput>> {
    let Some(link) = arg.to_str().filter(|a| is_link(a)) else {
        return Ok(None);
    };
    let links = Links::new(LinkSettings::from_env()?)?;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the runtime that fetches deck links")?;
    let deck = runtime.block_on(links.fetch(link)).map_err(|e| match e {
        // The service tells a player what they can do; the command line's user runs it, and is
        // told the setting too.
        LinkError::NotAllowed { .. } => {
            anyhow::anyhow!(
                "{e} (the hosts read are set by {})",
                deckcheck_links::HOSTS_VAR
            )
        }
        e => e.into(),
    })?;
    if deck.game.id() != game {
        bail!(
            "{link} is a {} list for --game {}, not {game}",
            deck.source.site,
            deck.game.id()
        );
    }
    let source = deck.source;
    let field = match source.title {
        Some(title) => format!("{title} ({})", source.site),
        None => format!("{} ({})", source.link, source.site),
    };
    Ok(Some(DeckInput {
        field,
        text: deck.text,
    }))
}
