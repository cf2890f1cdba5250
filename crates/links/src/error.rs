//! Why a link gave no deck: one variant per failure, each naming the site (or the host) and
//! what went wrong, with its HTTP status and stable code for the service.
//!
//! 4xx: the link is the problem (not a link, not a deck link of the site, not HTTPS, a host off
//! the allowlist, a deck the site does not show). 502: the site is (it failed, answered too
//! much or too slowly, answered something that is not a deck, or sent the request somewhere
//! deck links never go).

use std::time::Duration;

use deckcheck_core::error::LinkSite;
use deckcheck_core::{Details, ErrorCode, RequestError};

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LinkError {
    /// The text is not an absolute `https://` URL of a deck (another scheme: `ftp:`, `file:`,
    /// `javascript:`…; no URL at all). `link` is what was sent, cut short.
    #[error("{link:?} is not a deck link: {reason}")]
    NotALink { link: String, reason: NotALink },
    /// A link of a site deckcheck knows, without a deck in it (or with what a deck link never
    /// has: a user name, a port). `link` is what was sent, cut short.
    #[error("{link:?} is not a {site} deck link: {reason}")]
    BadLink {
        site: String,
        link: String,
        reason: BadLink,
    },
    /// A link of a deck site over plain HTTP: deck links are fetched over HTTPS only.
    #[error("{site}: deck links are fetched over HTTPS only; write the link with https://")]
    NotHttps { site: String },
    /// The host is not on the operator's allowlist (`DECKCHECK_LINK_HOSTS`). Said to the
    /// person who gave the link as what they can do, never naming the setting.
    #[error(
        "{host}: links from this site are not read here; paste the deck list itself, or export it from the site as text or JSON"
    )]
    NotAllowed { site: String, host: String },
    /// A link to another game's deck site than the route's (or the event's) game: refused before
    /// anything is fetched.
    #[error(
        "{site} links are {} lists, not {expected} ones: send it where {} lists are checked, or paste this game's list",
        game.name(),
        game.name()
    )]
    WrongGame {
        site: String,
        game: crate::Game,
        expected: String,
    },
    /// The site has no such deck, or does not show it to everyone.
    #[error("{site}: deck not found (HTTP {status}); {hint}")]
    NotFound {
        site: String,
        status: u16,
        hint: &'static str,
    },
    /// The site's answer (or its DNS) sent the request where deck links never go: off the
    /// allowlist, to a private, loopback or link-local address, or round too many redirects.
    #[error("{site}: {reason}")]
    Refused { site: String, reason: String },
    /// No usable answer: no connection, a TLS failure, an unexpected HTTP status.
    #[error("{site}: the site failed: {reason}")]
    Upstream { site: String, reason: String },
    /// The answer passed the size limit; reading stopped there.
    #[error("{site}: the answer is larger than the limit of {limit} bytes")]
    TooLarge { site: String, limit: usize },
    /// No whole answer within the time limit.
    #[error("{site}: no whole answer within {}", seconds(*limit))]
    TooSlow { site: String, limit: Duration },
    /// The answer came, but it is not a deck of the site's shape.
    #[error("{site}: the answer is not a deck: {reason}")]
    NotADeck { site: String, reason: NotADeck },
}

/// Why a text is not a link.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotALink {
    /// The URL parser's reason.
    #[error("{0}")]
    Unparsed(#[from] url::ParseError),
    /// A URL, but not one of the web.
    #[error("a deck link starts with https://")]
    NotTheWeb,
    /// More than the link: a list with a link in it, or a link with words around it.
    #[error("a deck link is the link alone; give either the link or the list, not both")]
    NotAlone,
}

/// Why a link of a known site (or a JSON link) names no deck.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BadLink {
    /// No part of the link is where the site keeps its deck ids.
    #[error("no deck in it (expected {expected})")]
    NoDeck { expected: String },
    /// The part found is not a deck id.
    #[error("the deck id {id:?} is not one (letters, digits, - and _, up to 100)")]
    NotAnId { id: String },
    /// The deck id makes no address of the site's endpoint.
    #[error("the deck id makes no URL: {0}")]
    NoAddress(url::ParseError),
    /// A port of its own.
    #[error("a deck link uses HTTPS's own port")]
    Port,
    /// A user name or password in the link.
    #[error("a deck link carries no user name or password")]
    Credentials,
}

/// Why a site's answer is not a deck of its shape.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotADeck {
    #[error("the answer is not UTF-8 text")]
    NotUtf8,
    #[error("the answer is not JSON (line {line}, column {column})")]
    NotJson { line: usize, column: usize },
    #[error("the answer is JSON but not an object")]
    NotAnObject,
    #[error("the JSON has no leader, base or deck")]
    NoCards,
    #[error("the page has no decklist (melee.gg's decklist-category blocks)")]
    NoDecklist,
    #[error("nothing is fetched for this site")]
    NothingFetched,
}

/// What a message quotes of what was sent: at most [`QUOTED`] characters, cut short with `…`.
pub fn quoted(text: &str) -> String {
    let text = text.trim();
    match text.char_indices().nth(QUOTED) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// The most characters of a link a message quotes (a 200 KB link is not echoed whole).
pub const QUOTED: usize = 100;

fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s.fract() == 0.0 {
        format!("{s:.0} s")
    } else {
        format!("{s:.1} s")
    }
}

impl LinkError {
    /// The HTTP status the service answers with (the code's).
    pub fn status(&self) -> u16 {
        self.code().status()
    }

    /// The stable code (an API contract): one of core's [`ErrorCode`]s, which say the status
    /// and the meaning once, for the API document too.
    pub fn code(&self) -> ErrorCode {
        match self {
            Self::NotALink { .. } => ErrorCode::LinkInvalid,
            Self::BadLink { .. } => ErrorCode::LinkNotADeckLink,
            Self::NotHttps { .. } => ErrorCode::LinkNotHttps,
            Self::NotAllowed { .. } => ErrorCode::LinkHostNotAllowed,
            Self::WrongGame { .. } => ErrorCode::LinkWrongGame,
            Self::NotFound { .. } => ErrorCode::LinkDeckNotFound,
            Self::Refused { .. } => ErrorCode::LinkUpstreamRefused,
            Self::Upstream { .. } => ErrorCode::LinkUpstreamFailed,
            Self::TooLarge { .. } => ErrorCode::LinkUpstreamTooLarge,
            Self::TooSlow { .. } => ErrorCode::LinkUpstreamTooSlow,
            Self::NotADeck { .. } => ErrorCode::LinkUpstreamNotADeck,
        }
    }

    /// The site (or, for a host off the allowlist, the host) the error is about.
    pub fn site(&self) -> Option<&str> {
        match self {
            Self::NotALink { .. } => None,
            Self::BadLink { site, .. }
            | Self::NotHttps { site }
            | Self::NotAllowed { site, .. }
            | Self::WrongGame { site, .. }
            | Self::NotFound { site, .. }
            | Self::Refused { site, .. }
            | Self::Upstream { site, .. }
            | Self::TooLarge { site, .. }
            | Self::TooSlow { site, .. }
            | Self::NotADeck { site, .. } => Some(site),
        }
    }
}

impl LinkError {
    /// The request's error for the deck given as `link` in `field`: this error's code (its
    /// status), the field and the site in the message and in `details`.
    pub fn into_request_error(self, field: &str, link: &str) -> RequestError {
        RequestError::new(self.code(), format!("{field}: {self}"))
            .field(field)
            .details(Details::LinkSite(LinkSite {
                site: self.site().map(str::to_string),
                link: quoted(link),
            }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_the_user_can_fix_is_a_4xx_and_a_site_that_failed_is_a_502() {
        let site = || "swudb.com".to_string();
        let fixable = [
            LinkError::NotHttps { site: site() },
            LinkError::NotAllowed {
                site: site(),
                host: site(),
            },
            LinkError::NotFound {
                site: site(),
                status: 404,
                hint: "",
            },
        ];
        assert!(fixable.iter().all(|e| (400..500).contains(&e.status())));
        let failed = [
            LinkError::TooLarge {
                site: site(),
                limit: 1,
            },
            LinkError::TooSlow {
                site: site(),
                limit: Duration::from_millis(300),
            },
        ];
        assert!(failed.iter().all(|e| e.status() == 502));
    }

    #[test]
    fn the_time_limit_is_said_in_seconds() {
        let e = LinkError::TooSlow {
            site: "melee.gg".into(),
            limit: Duration::from_millis(300),
        };
        assert_eq!(e.to_string(), "melee.gg: no whole answer within 0.3 s");
        assert_eq!(e.site(), Some("melee.gg"));
    }
}
