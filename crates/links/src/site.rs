//! The deck sites deckcheck reads links of, as data: the hosts of each, where a link names the
//! deck, the public endpoint that answers it, and what that answer is. [`plan`] turns a link
//! into what to do about it without any I/O: hand it over (a Legion HQ link is the list
//! itself) or fetch one URL. Where each site's endpoint was learned is in the README.

use reqwest::Url;

use crate::allow::Allowlist;
use crate::error::{BadLink, LinkError, NotALink};
use crate::{DeckSource, FetchedDeck, Game};

/// What a site's answer is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Answer {
    /// A JSON deck of the shape SWUDB exports and Karabast reads (`metadata.name`, `leader`,
    /// `secondleader`/`leader2`, `base`, `deck`, `sideboard`), handed to the SWU reader as is.
    KarabastJson,
    /// melee.gg's decklist page (HTML), turned into a text list.
    MeleePage,
    /// Nothing is fetched: the link itself is the list (Legion HQ).
    TheLink,
}

/// Where a link's path names the deck.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Pattern {
    /// The segment right after this one: `/pool/<id>/deck/play` with `After("pool")`.
    After(&'static str),
    /// The last segment, under this one: `/decks/me/<id>` with `LastUnder("decks")`.
    LastUnder(&'static str),
    /// A query parameter: `?gameName=<id>`.
    Query(&'static str),
}

#[derive(Debug)]
pub(crate) struct Site {
    /// For people: in messages and the answer.
    pub name: &'static str,
    pub game: Game,
    /// The hosts of its links, which are also the hosts it is fetched from (the default
    /// allowlist), with and without `www.` where the site answers both.
    pub hosts: &'static [&'static str],
    /// Where a link names the deck; the first that matches.
    pub patterns: &'static [Pattern],
    /// The public endpoint, `{id}` standing for the deck's id (empty for [`Answer::TheLink`]).
    pub endpoint: &'static str,
    pub answer: Answer,
    /// The statuses by which the site says it has no such deck, or does not show it.
    pub not_found: &'static [u16],
    /// What to do about it, for the person who gave the link.
    pub hint: &'static str,
}

use Pattern::{After, LastUnder, Query};

impl Default for Allowlist {
    /// Every host the known deck sites are fetched from (their endpoints and the other name
    /// of each, with or without `www.`, which sites redirect between).
    fn default() -> Self {
        Allowlist::of(
            SITES
                .iter()
                .filter(|s| s.answer != Answer::TheLink)
                .flat_map(|s| s.hosts.iter().copied()),
        )
    }
}

/// Karabast's deck sites whose public endpoint answers its JSON deck, with the same
/// treatment: one row each.
const fn karabast_json(
    name: &'static str,
    hosts: &'static [&'static str],
    patterns: &'static [Pattern],
    endpoint: &'static str,
    not_found: &'static [u16],
    hint: &'static str,
) -> Site {
    Site {
        name,
        game: Game::Swu,
        hosts,
        patterns,
        endpoint,
        answer: Answer::KarabastJson,
        not_found,
        hint,
    }
}

/// Every site whose links are read. The README has, per site, the link patterns, the endpoint,
/// the fields read and where each was learned.
pub(crate) static SITES: &[Site] = &[
    karabast_json(
        "swudb.com",
        &["swudb.com", "www.swudb.com"],
        &[LastUnder("deck")],
        "https://swudb.com/api/getDeckJson/{id}",
        &[403, 404],
        "make sure the deck exists and is unlisted or public on swudb.com (a private deck is not shown)",
    ),
    karabast_json(
        "SWUBase",
        &["swubase.com", "www.swubase.com"],
        &[After("decks")],
        "https://swubase.com/api/deck/{id}/json",
        &[404],
        "make sure the deck exists and is set to Public on swubase.com",
    ),
    Site {
        name: "melee.gg",
        game: Game::Swu,
        hosts: &["melee.gg", "www.melee.gg"],
        patterns: &[After("view")],
        endpoint: "https://melee.gg/Decklist/View/{id}",
        answer: Answer::MeleePage,
        not_found: &[404],
        hint: "make sure the decklist exists on melee.gg (a link of the form https://melee.gg/Decklist/View/<id>)",
    },
    karabast_json(
        "SWU Stats",
        &["swustats.net", "www.swustats.net"],
        &[Query("gameName")],
        "https://swustats.net/TCGEngine/APIs/LoadDeck.php?deckID={id}&format=json&setId=true",
        // swustats answers 500 for a deck it does not have.
        &[404, 500],
        "make sure the deck exists on swustats.net",
    ),
    karabast_json(
        "SW-Unlimited-DB",
        &["sw-unlimited-db.com", "www.sw-unlimited-db.com"],
        &[After("decks")],
        "https://sw-unlimited-db.com/umbraco/api/deckapi/get?id={id}",
        &[404],
        "make sure the deck is set to Published on sw-unlimited-db.com",
    ),
    karabast_json(
        "SWU Card Hub",
        &["swucardhub.fr", "www.swucardhub.fr"],
        &[After("karabast"), Query("deckId")],
        "https://swucardhub.fr/Karabast/{id}",
        &[404],
        "make sure the deck is set to Published on swucardhub.fr",
    ),
    karabast_json(
        "SWU Meta Stats",
        &["www.swumetastats.com", "swumetastats.com"],
        &[After("decklists")],
        "https://www.swumetastats.com/api/decklists/{id}/json",
        &[404],
        "make sure the decklist exists on swumetastats.com",
    ),
    karabast_json(
        "My-SWU",
        &["my-swu.com", "www.my-swu.com"],
        &[LastUnder("decks")],
        "https://my-swu.com/api/decks/{id}/json",
        &[404],
        "make sure the deck is set to Public or Unlisted on my-swu.com",
    ),
    karabast_json(
        "Niamos",
        &["niamos.net", "www.niamos.net"],
        &[After("decks")],
        "https://niamos.net/api/decks/{id}/json",
        &[404],
        "make sure the deck exists on niamos.net",
    ),
    karabast_json(
        "Protect the Pod",
        &["www.protectthepod.com", "protectthepod.com"],
        &[After("pool")],
        "https://www.protectthepod.com/api/pools/{id}/deck.json",
        // 400: the pool has no deck built yet.
        &[400, 404],
        "make sure the pool exists and a deck has been built from it on protectthepod.com",
    ),
    karabast_json(
        "SWUForge",
        &["swuforge.com", "www.swuforge.com"],
        &[After("decks")],
        "https://swuforge.com/api/decks/{id}/json",
        &[404],
        "make sure the deck exists on swuforge.com",
    ),
    karabast_json(
        "CardCore",
        &["store.cardcore.gg", "cardcore.gg", "www.cardcore.gg"],
        &[After("decks")],
        "https://store.cardcore.gg/api/decks/{id}/json",
        &[404],
        "make sure the deck is set to Public on cardcore.gg",
    ),
    karabast_json(
        "HoloScan",
        &["holoscan.net", "www.holoscan.net"],
        &[After("decks")],
        "https://holoscan.net/api/decks/{id}",
        &[404],
        "make sure the deck exists on holoscan.net",
    ),
    karabast_json(
        "SWUPedia",
        &["swupedia.com", "www.swupedia.com"],
        &[After("deck")],
        "https://swupedia.com/deck/{id}/karabast",
        &[404],
        "make sure the deck is Unlisted (not Private) on swupedia.com",
    ),
    Site {
        name: "Legion HQ",
        game: Game::Legion,
        hosts: &["legionhq2.com", "www.legionhq2.com"],
        patterns: &[After("list")],
        endpoint: "",
        answer: Answer::TheLink,
        not_found: &[],
        hint: "",
    },
];

/// A host on the allowlist that is no known site: the link itself is fetched and read as a
/// Karabast-style JSON deck.
static JSON_LINK: Site = karabast_json(
    "",
    &[],
    &[],
    "",
    &[404],
    "make sure the link points to a deck",
);

/// What to do about a link.
#[derive(Debug)]
pub(crate) enum Plan {
    /// The link is the list: nothing to fetch.
    Given(FetchedDeck),
    Fetch(Fetch),
}

/// One URL to fetch, and how to read its answer.
#[derive(Debug)]
pub(crate) struct Fetch {
    pub site: &'static Site,
    /// The site's name, or the host of a plain JSON link.
    pub name: String,
    pub url: Url,
    /// The link as given (trimmed), for the answer.
    pub link: String,
}

/// Reads a link: which site, which deck, which URL, or why none. Pure: no I/O. `game`, when
/// given, is the game the deck is for (a `GameSpec` id): a link to another game's site is
/// refused here, before anything is fetched.
pub(crate) fn plan(link: &str, allow: &Allowlist, game: Option<&str>) -> Result<Plan, LinkError> {
    let link = link.trim_start_matches('\u{feff}').trim();
    let not_a_link = |reason: NotALink| LinkError::NotALink {
        link: crate::quoted(link),
        reason,
    };
    if link.contains(char::is_whitespace) {
        return Err(not_a_link(NotALink::NotAlone));
    }
    let url = Url::parse(link).map_err(|e| not_a_link(e.into()))?;
    if !matches!(url.scheme(), "https" | "http") {
        return Err(not_a_link(NotALink::NotTheWeb));
    }
    let host = url.host_str().unwrap_or_default().to_string();
    let Some(site) = SITES.iter().find(|s| s.hosts.contains(&host.as_str())) else {
        return plain_json_link(url, host, link, allow, game);
    };
    let bad = |reason: BadLink| LinkError::BadLink {
        site: site.name.to_string(),
        link: crate::quoted(link),
        reason,
    };
    // What a deck link never has: the site's own links carry neither.
    if let Some(reason) = odd(&url) {
        return Err(bad(reason));
    }
    if let Some(expected) = game.filter(|g| *g != site.game.id()) {
        return Err(LinkError::WrongGame {
            site: site.name.to_string(),
            game: site.game,
            expected: expected.to_string(),
        });
    }
    let id = deck_id(site, &url).map_err(bad)?;
    if site.answer == Answer::TheLink {
        return Ok(Plan::Given(FetchedDeck {
            source: DeckSource {
                site: site.name.to_string(),
                title: None,
                link: link.to_string(),
            },
            game: site.game,
            input_format: "legion-hq-link",
            text: link.to_string(),
        }));
    }
    if url.scheme() != "https" {
        return Err(LinkError::NotHttps {
            site: site.name.to_string(),
        });
    }
    let endpoint =
        Url::parse(&site.endpoint.replace("{id}", &id)).map_err(|e| bad(BadLink::NoAddress(e)))?;
    let endpoint_host = endpoint.host_str().unwrap_or_default();
    if !allow.contains(endpoint_host) {
        return Err(LinkError::NotAllowed {
            site: site.name.to_string(),
            host: endpoint_host.to_string(),
        });
    }
    Ok(Plan::Fetch(Fetch {
        site,
        name: site.name.to_string(),
        url: endpoint,
        link: link.to_string(),
    }))
}

/// What a deck link never has: a port of its own, a user name or a password.
fn odd(url: &Url) -> Option<BadLink> {
    if url.port().is_some() {
        Some(BadLink::Port)
    } else if !url.username().is_empty() || url.password().is_some() {
        Some(BadLink::Credentials)
    } else {
        None
    }
}

/// A link to a host no known site has: fetched as it is when the operator allows the host
/// (a Karabast-style JSON deck: a Star Wars: Unlimited list).
fn plain_json_link(
    url: Url,
    host: String,
    link: &str,
    allow: &Allowlist,
    game: Option<&str>,
) -> Result<Plan, LinkError> {
    if !allow.contains(&host) {
        return Err(LinkError::NotAllowed {
            site: host.clone(),
            host,
        });
    }
    if url.scheme() != "https" {
        return Err(LinkError::NotHttps { site: host });
    }
    if let Some(reason) = odd(&url) {
        return Err(LinkError::BadLink {
            site: host,
            link: crate::quoted(link),
            reason,
        });
    }
    if let Some(expected) = game.filter(|g| *g != JSON_LINK.game.id()) {
        return Err(LinkError::WrongGame {
            site: host,
            game: JSON_LINK.game,
            expected: expected.to_string(),
        });
    }
    Ok(Plan::Fetch(Fetch {
        site: &JSON_LINK,
        name: host,
        url,
        link: link.to_string(),
    }))
}

/// The deck's id in a link of `site`, or why there is none.
fn deck_id(site: &Site, url: &Url) -> Result<String, BadLink> {
    let segments: Vec<&str> = url
        .path_segments()
        .map(|s| s.filter(|s| !s.is_empty()).collect())
        .unwrap_or_default();
    let found = site.patterns.iter().find_map(|p| match *p {
        After(name) => segments
            .iter()
            .position(|s| s.eq_ignore_ascii_case(name))
            .and_then(|at| segments.get(at + 1))
            .map(|s| s.to_string()),
        LastUnder(name) => {
            let under = segments.iter().position(|s| s.eq_ignore_ascii_case(name))?;
            (segments.len() > under + 1).then(|| segments[segments.len() - 1].to_string())
        }
        Query(key) => url
            .query_pairs()
            .find(|(k, _)| k.eq_ignore_ascii_case(key))
            .map(|(_, v)| v.into_owned()),
    });
    let expected = || {
        site.patterns
            .iter()
            .map(|p| match p {
                After(name) | LastUnder(name) => format!(".../{name}/<deck>"),
                Query(key) => format!("...?{key}=<deck>"),
            })
            .collect::<Vec<_>>()
            .join(" or ")
    };
    let id = found.ok_or_else(|| BadLink::NoDeck {
        expected: expected(),
    })?;
    if site.answer == Answer::TheLink {
        return Ok(id);
    }
    let safe = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    if id.is_empty() || id.len() > 100 || !id.chars().all(safe) {
        return Err(BadLink::NotAnId {
            id: id.chars().take(100).collect(),
        });
    }
    Ok(id)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fetched(link: &str) -> (String, String) {
        match plan(link, &Allowlist::default(), None) {
            Ok(Plan::Fetch(f)) => (f.name, f.url.to_string()),
            other => panic!("{link}: {other:?}"),
        }
    }

    #[test]
    fn each_sites_link_is_fetched_from_its_public_endpoint() {
        let cases = [
            (
                "https://swudb.com/deck/AbC123",
                "swudb.com",
                "https://swudb.com/api/getDeckJson/AbC123",
            ),
            (
                "https://www.swudb.com/deck/view/AbC123?x=1",
                "swudb.com",
                "https://swudb.com/api/getDeckJson/AbC123",
            ),
            (
                "https://swubase.com/decks/0f3e-77",
                "SWUBase",
                "https://swubase.com/api/deck/0f3e-77/json",
            ),
            (
                "https://melee.gg/Decklist/View/3166d46f-d853-4698-8d8b-b45a005b0435",
                "melee.gg",
                "https://melee.gg/Decklist/View/3166d46f-d853-4698-8d8b-b45a005b0435",
            ),
            (
                "https://www.melee.gg/decklist/view/abc/",
                "melee.gg",
                "https://melee.gg/Decklist/View/abc",
            ),
            (
                "https://swustats.net/TCGEngine/NextTurn.php?gameName=12345&playerID=1",
                "SWU Stats",
                "https://swustats.net/TCGEngine/APIs/LoadDeck.php?deckID=12345&format=json&setId=true",
            ),
            (
                "https://swucardhub.fr/deckview?deckId=42",
                "SWU Card Hub",
                "https://swucardhub.fr/Karabast/42",
            ),
            (
                "https://my-swu.com/decks/explore/aggro/xyz",
                "My-SWU",
                "https://my-swu.com/api/decks/xyz/json",
            ),
            (
                "https://protectthepod.com/pool/share_1/deck/play",
                "Protect the Pod",
                "https://www.protectthepod.com/api/pools/share_1/deck.json",
            ),
            (
                "https://store.cardcore.gg/swu/decks/991",
                "CardCore",
                "https://store.cardcore.gg/api/decks/991/json",
            ),
        ];
        for (link, site, endpoint) in cases {
            assert_eq!(
                fetched(link),
                (site.to_string(), endpoint.to_string()),
                "{link}"
            );
        }
    }

    #[test]
    fn a_legion_hq_link_is_handed_over_as_the_list_without_a_fetch() {
        let link = "https://legionhq2.com/list/rebels/1000:1ab0000,cr";
        let Ok(Plan::Given(deck)) = plan(link, &Allowlist::none(), None) else {
            panic!("not handed over");
        };
        assert_eq!((deck.text.as_str(), deck.game), (link, Game::Legion));
        assert_eq!(deck.input_format, "legion-hq-link");
        assert_eq!(deck.source.site, "Legion HQ");
    }

    #[test]
    fn a_link_of_a_known_site_without_a_deck_names_the_site_and_the_expected_shape() {
        let e = plan("https://swubase.com/cards", &Allowlist::default(), None).unwrap_err();
        assert_eq!(e.code().as_str(), "link-not-a-deck-link");
        assert!(
            e.to_string().contains("SWUBase") && e.to_string().contains("/decks/<deck>"),
            "{e}"
        );
        let e = plan("https://swudb.com/deck/a%2Fb", &Allowlist::default(), None).unwrap_err();
        assert_eq!(e.code().as_str(), "link-not-a-deck-link");
    }

    #[test]
    fn a_plain_http_link_is_refused_before_anything_is_fetched() {
        let e = plan("http://swudb.com/deck/abc", &Allowlist::default(), None).unwrap_err();
        assert_eq!(
            e,
            LinkError::NotHttps {
                site: "swudb.com".into()
            }
        );
    }

    #[test]
    fn a_host_off_the_allowlist_is_refused_by_name() {
        let e = plan(
            "https://evil.example/deck.json",
            &Allowlist::default(),
            None,
        )
        .unwrap_err();
        assert_eq!(e.code().as_str(), "link-host-not-allowed");
        assert_eq!(e.site(), Some("evil.example"));
        let e = plan("https://127.0.0.1/deck.json", &Allowlist::default(), None).unwrap_err();
        assert_eq!(e.code().as_str(), "link-host-not-allowed");
        let only_swudb: Allowlist = "swudb.com".parse().unwrap();
        let e = plan("https://swubase.com/decks/abc", &only_swudb, None).unwrap_err();
        // What the player can do, never the operator's setting.
        assert_eq!(
            e.to_string(),
            "swubase.com: links from this site are not read here; paste the deck list itself, or export it from the site as text or JSON"
        );
        assert!(!e.to_string().contains("DECKCHECK"));
    }

    #[test]
    fn a_host_the_operator_adds_is_fetched_as_a_json_deck_link() {
        let allow: Allowlist = "default,decks.example.org".parse().unwrap();
        let Ok(Plan::Fetch(f)) = plan("https://decks.example.org/d/7.json", &allow, None) else {
            panic!("not fetched");
        };
        assert_eq!(
            (f.name.as_str(), f.site.answer),
            ("decks.example.org", Answer::KarabastJson)
        );
        assert_eq!(f.url.as_str(), "https://decks.example.org/d/7.json");
        for odd in [
            "https://decks.example.org:8443/d/7.json",
            "https://me:pw@decks.example.org/d/7.json",
        ] {
            assert_eq!(
                plan(odd, &allow, None).unwrap_err().code().as_str(),
                "link-not-a-deck-link",
                "{odd}"
            );
        }
    }

    #[test]
    fn a_link_to_another_games_site_is_refused_before_anything_is_fetched() {
        let e = plan(
            "https://swudb.com/deck/AbC",
            &Allowlist::none(),
            Some("legion"),
        )
        .unwrap_err();
        assert_eq!(e.code().as_str(), "link-wrong-game");
        assert!(e.to_string().contains("Star Wars: Unlimited"), "{e}");
        let e = plan(
            "https://legionhq2.com/list/rebels/1000:1ab0000,cr",
            &Allowlist::default(),
            Some("swu"),
        )
        .unwrap_err();
        assert_eq!(e.code().as_str(), "link-wrong-game");
        // The game's own sites are planned as ever.
        assert!(
            plan(
                "https://swudb.com/deck/AbC",
                &Allowlist::default(),
                Some("swu")
            )
            .is_ok()
        );
    }

    #[test]
    fn a_known_sites_link_with_a_user_name_or_a_port_is_refused() {
        for odd in [
            "https://user:pw@swudb.com/deck/AbC",
            "https://swudb.com:8443/deck/AbC",
            "https://x@melee.gg/Decklist/View/abc",
        ] {
            let e = plan(odd, &Allowlist::default(), Some("swu")).unwrap_err();
            assert_eq!(e.code().as_str(), "link-not-a-deck-link", "{odd}");
        }
    }

    #[test]
    fn a_message_quotes_a_bounded_prefix_of_the_link() {
        let long = format!("https://swudb.com/cards/{}", "a".repeat(200_000));
        let e = plan(&long, &Allowlist::default(), None).unwrap_err();
        assert!(e.to_string().len() < 400, "{} bytes", e.to_string().len());
        let e = plan(
            &format!("ftp://{}", "b".repeat(50_000)),
            &Allowlist::default(),
            None,
        )
        .unwrap_err();
        assert!(e.to_string().len() < 400);
        assert!(e.to_string().contains("is not a deck link"), "{e}");
    }

    #[test]
    fn text_that_is_no_url_is_not_a_link() {
        for text in [
            "swudb.com/deck/abc",
            "ftp://swudb.com/deck/abc",
            "file:///etc/passwd",
            "javascript:alert(1)",
            "3 Han Solo",
            "https://swudb.com/deck/abc 3 | Waylay",
        ] {
            assert_eq!(
                plan(text, &Allowlist::default(), None)
                    .unwrap_err()
                    .code()
                    .as_str(),
                "link-invalid",
                "{text}"
            );
        }
    }
}
