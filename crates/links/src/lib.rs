//! Decks by link: a link to a deck site becomes the deck's text for the game's reader, with
//! the site's name and the deck's title.
//!
//! - `site`: the sites as data, and a link read into what to do (pure);
//! - `allow`: the operator's allowlist of hosts, and the addresses never reached;
//! - `net`: the one HTTP client, its guarded resolver, redirect policy and limits;
//! - `answer`: a site's answer read into a deck text and title (pure);
//! - `error`: [`LinkError`], one variant per failure, with its status and code.
//!
//! Build one [`Links`] at start-up and share it (it is cheap to clone); then, in an async
//! handler, one line:
//!
//! ```no_run
//! # async fn handler(links: &deckcheck_links::Links) -> Result<(), deckcheck_links::LinkError> {
//! let deck = links.fetch("https://swudb.com/deck/AbC123").await?;
//! // deck.text for the reader of deck.game, deck.source names the site and the title
//! # Ok(()) }
//! ```

mod allow;
mod answer;
mod error;
mod net;
mod site;
#[cfg(feature = "testing")]
pub mod testing;

use std::sync::Arc;
use std::time::Duration;

use serde::Serialize;

pub use allow::{Allowlist, AllowlistError, HOSTS_VAR, non_public};
/// Where a deck came from, for the answer: the site, the deck's title there (when the site
/// gives one) and the link as given (core's type: the service's answers carry it).
pub use deckcheck_core::DeckSource;
pub use error::{LinkError, QUOTED, quoted};

/// The game a link's deck is for (the id of its `GameSpec`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, utoipa::ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Game {
    Swu,
    Legion,
}

impl Game {
    pub fn id(self) -> &'static str {
        match self {
            Self::Swu => "swu",
            Self::Legion => "legion",
        }
    }

    /// The game's name, for people.
    pub fn name(self) -> &'static str {
        match self {
            Self::Swu => "Star Wars: Unlimited",
            Self::Legion => "Star Wars: Legion",
        }
    }
}

/// A deck read from a link.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FetchedDeck {
    pub source: DeckSource,
    pub game: Game,
    /// The id of the game's reader the text is for: `swudb-json`, `text`, `legion-hq-link`.
    pub input_format: &'static str,
    /// The deck, as that reader takes it.
    pub text: String,
}

/// What links may reach and how much they may take.
#[derive(Debug, Clone)]
pub struct LinkSettings {
    /// The hosts fetched from (default: every known site's; `DECKCHECK_LINK_HOSTS`).
    pub hosts: Allowlist,
    /// The most bytes of an answer read (default 2 MiB: a melee.gg page is a few hundred KB,
    /// a JSON deck a few KB).
    pub max_bytes: usize,
    /// The whole fetch, name resolution, redirects and body included (default 10 s).
    pub timeout: Duration,
    /// Redirects followed, each to a host of the allowlist (default 3).
    pub max_redirects: usize,
}

impl Default for LinkSettings {
    fn default() -> Self {
        Self {
            hosts: Allowlist::default(),
            max_bytes: 2 * 1024 * 1024,
            timeout: Duration::from_secs(10),
            max_redirects: 3,
        }
    }
}

impl LinkSettings {
    /// The defaults, with the allowlist of `DECKCHECK_LINK_HOSTS` when it is set.
    pub fn from_env() -> Result<Self, AllowlistError> {
        Ok(Self {
            hosts: Allowlist::from_env()?,
            ..Self::default()
        })
    }
}

/// The HTTP client could not be built (a start-up failure).
#[derive(Debug, thiserror::Error)]
#[error("the HTTP client for deck links cannot be built: {0}")]
pub struct SetupError(String);

/// Reads deck links: recognises the site, fetches its public deck answer within the settings'
/// limits, and reads it into a deck.
#[derive(Clone)]
pub struct Links {
    http: reqwest::Client,
    settings: Arc<LinkSettings>,
}

impl std::fmt::Debug for Links {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Links")
            .field("settings", &self.settings)
            .finish_non_exhaustive()
    }
}

impl Links {
    pub fn new(settings: LinkSettings) -> Result<Self, SetupError> {
        Self::build(
            settings,
            net::Guard {
                network: net::Network::System,
            },
            Vec::new(),
        )
    }

    fn build(
        settings: LinkSettings,
        guard: net::Guard,
        roots: Vec<reqwest::Certificate>,
    ) -> Result<Self, SetupError> {
        let http = net::client(&settings.hosts, settings.max_redirects, guard, roots)
            .map_err(|e| SetupError(e.to_string()))?;
        Ok(Self {
            http,
            settings: Arc::new(settings),
        })
    }

    pub fn settings(&self) -> &LinkSettings {
        &self.settings
    }

    /// The deck a link names, or why there is none. Never panics; returns within the time
    /// limit.
    pub async fn fetch(&self, link: &str) -> Result<FetchedDeck, LinkError> {
        self.fetch_planned(site::plan(link, &self.settings.hosts, None)?)
            .await
    }

    /// The deck a link names for the game `game` (a `GameSpec` id: `swu`, `lcg`…): a link to
    /// another game's deck site is refused before anything is fetched
    /// ([`LinkError::WrongGame`]).
    pub async fn fetch_for(&self, link: &str, game: &str) -> Result<FetchedDeck, LinkError> {
        self.fetch_planned(site::plan(link, &self.settings.hosts, Some(game))?)
            .await
    }

    async fn fetch_planned(&self, plan: site::Plan) -> Result<FetchedDeck, LinkError> {
        let fetch = match plan {
            site::Plan::Given(deck) => return Ok(deck),
            site::Plan::Fetch(fetch) => fetch,
        };
        let limits = net::Limits {
            max_bytes: self.settings.max_bytes,
            timeout: self.settings.timeout,
        };
        let body = net::get(&self.http, &fetch, limits).await?;
        let read = answer::read(fetch.site.answer, body).map_err(|reason| LinkError::NotADeck {
            site: fetch.name.clone(),
            reason,
        })?;
        Ok(FetchedDeck {
            source: DeckSource {
                site: fetch.name,
                title: read.title,
                link: fetch.link,
            },
            game: fetch.site.game,
            input_format: read.input_format,
            text: read.text,
        })
    }
}

/// Whether a deck input is meant as a link rather than a list: its first word starts with a URL
/// scheme (`https:`, `http:`, `ftp:`, `file:`, `javascript:`, `data:`…) followed by `//`, or
/// by anything for the schemes that take no `//`. Such text is never read as a deck list: it is
/// handed to [`Links::fetch`], which reads an `https://` deck link and refuses anything else
/// as no deck link (so a link is never stored, nor judged, as if it were a list). A list's own
/// lines (`Leader: Han Solo`, `3 | Waylay`) are not schemes.
pub fn looks_like_link(text: &str) -> bool {
    let text = text.trim_start_matches('\u{feff}').trim_start();
    let word = text.split(char::is_whitespace).next().unwrap_or("");
    let Some((scheme, rest)) = word.split_once(':') else {
        return false;
    };
    let mut chars = scheme.chars();
    let syntax = chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    if !syntax {
        return false;
    }
    /// Schemes written without `//` that are never a deck list's words.
    const OPAQUE: &[&str] = &[
        "javascript",
        "data",
        "vbscript",
        "file",
        "mailto",
        "blob",
        "about",
        "urn",
        "tel",
    ];
    rest.starts_with("//") || OPAQUE.iter().any(|s| s.eq_ignore_ascii_case(scheme))
}

/// Whether a deck input is a link (one `https://` or `http://` URL) rather than a deck: what
/// a caller asks before [`Links::fetch`].
pub fn is_link(text: &str) -> bool {
    let text = text.trim();
    let scheme = |s: &str| {
        text.get(..s.len())
            .is_some_and(|p| p.eq_ignore_ascii_case(s))
    };
    (scheme("https://") || scheme("http://")) && !text.contains(char::is_whitespace)
}

#[cfg(feature = "testing")]
impl Links {
    /// A [`Links`] on a test network: the allowlist's hosts swapped for the local server.
    pub fn for_tests(
        settings: LinkSettings,
        network: testing::TestNetwork,
    ) -> Result<Self, SetupError> {
        let roots = network
            .roots
            .iter()
            .map(|der| reqwest::Certificate::from_der(der))
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| SetupError(e.to_string()))?;
        Self::build(
            settings,
            net::Guard {
                network: net::Network::Test {
                    local: network.local,
                    dns: network.dns,
                },
            },
            roots,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_that_starts_with_a_url_scheme_is_meant_as_a_link_and_a_list_is_not() {
        for meant in [
            "https://swudb.com/deck/abc",
            "  HTTP://swudb.com/deck/abc",
            "ftp://swudb.com/deck.txt",
            "file:///etc/passwd",
            "javascript:alert(1)",
            "data:text/plain,3 Waylay",
            "https://swudb.com/deck/abc\n3 | Waylay",
        ] {
            assert!(looks_like_link(meant), "{meant:?}");
        }
        for list in [
            "Leader: Han Solo\n3 | Waylay",
            "Leaders\n1 | Han Solo | Audacious Smuggler",
            "3 | Waylay",
            "{\"leader\": {}}",
            "1:2 odds",
            "Name: My deck",
        ] {
            assert!(!looks_like_link(list), "{list:?}");
        }
    }

    #[test]
    fn a_link_is_one_http_or_https_url_and_a_deck_is_not() {
        assert!(is_link(" https://swudb.com/deck/abc\n"));
        assert!(is_link("HTTP://swudb.com/deck/abc"));
        assert!(!is_link("{\"leader\": {}}"));
        assert!(!is_link("https://swudb.com/deck/abc\n3 Han Solo"));
        assert!(!is_link("deck.json"));
    }

    /// What lets the service call it from any handler, or a spawned task, in one line.
    #[test]
    fn links_are_shared_between_threads_and_a_fetch_can_move_between_them() {
        fn shared<T: Send + Sync + Clone>(_: &T) {}
        fn movable<F: std::future::Future + Send>(_: &F) {}
        let links = Links::new(LinkSettings::default()).unwrap();
        shared(&links);
        movable(&links.fetch("https://swudb.com/deck/abc"));
    }
}
