//! Decks given as links (issue 30): wherever a request gives a deck as a string, that string
//! may be one link to a deck site (`https://swudb.com/deck/…`, a melee.gg decklist, a Legion
//! HQ list…). The service's one [`Links`] fetches it within its limits (the operator's
//! allowlist, HTTPS only, no private address, size and time), the deck's text takes the link's
//! place, and the answer's `links` names, by field, the site and the deck's title.
//!
//! A link that gives no deck is the request's error, with the deck's field and the site: a
//! `link-*` code (4xx when the link is the problem, 502 when the site is), never a 500.
//!
//! Issue 34: every field the document types as a `Deck` reads links alike (registration,
//! resubmission, amendment, a deck check's presented deck and box, a limited pool); text that
//! starts with a URL scheme is a link, never a list (`ftp:`, `file:`, `javascript:` are no deck
//! links, refused); a link to another game's deck site is refused before anything is fetched;
//! so a link is never stored or judged as if it were a list.

use deckcheck_core::error::LinkSite;
use deckcheck_core::{DeckInput, Details, ErrorCode, Linked, RequestError};
use deckcheck_links::{FetchedDeck, Links, looks_like_link};
use futures_util::future::join_all;

/// A deck of a request, by the field it was given in: its text, which a link's deck replaces.
pub(crate) type Given<'a> = (String, &'a mut String);

/// Decks as [`fetch`] takes them.
pub(crate) fn given<'a>(decks: impl IntoIterator<Item = &'a mut DeckInput>) -> Vec<Given<'a>> {
    decks
        .into_iter()
        .map(|d| (d.field.clone(), &mut d.text))
        .collect()
}

/// Fetches the decks of one request that are links, all at once, and puts each deck in its
/// link's place. `game` is the id of the route's (or the event's) game: a link to another
/// game's list is refused. `input_format` is the request's: a link's deck is read by its
/// site's reader, so a request that names another is refused, and one that names none gets
/// that reader when every deck came from links of one reader.
pub(crate) async fn fetch(
    links: &Links,
    game: &str,
    decks: Vec<Given<'_>>,
    input_format: &mut Option<String>,
) -> Result<Linked, RequestError> {
    let all = decks.len();
    let linked: Vec<Given<'_>> = decks
        .into_iter()
        .filter(|(_, t)| looks_like_link(t))
        .collect();
    if linked.is_empty() {
        return Ok(Linked::new());
    }
    let fetched = join_all(
        linked
            .iter()
            .map(|(_, text)| links.fetch_for(text.trim(), game)),
    )
    .await;
    let mut sources = Linked::new();
    let mut readers = Vec::new();
    for ((field, text), result) in linked.into_iter().zip(fetched) {
        let deck = result.map_err(|e| e.into_request_error(&field, text.trim()))?;
        check(&field, &deck, game, input_format.as_deref())?;
        readers.push(deck.input_format);
        *text = deck.text;
        sources.insert(field, deck.source);
    }
    if input_format.is_none()
        && readers.len() == all
        && let Some(first) = readers.first()
        && readers.iter().all(|r| r == first)
    {
        *input_format = Some((*first).to_string());
    }
    Ok(sources)
}

/// The decks of a list submitted to an event that are links, fetched ([`fetch`]), and its
/// limited pool: the store keeps the deck the site gave, never the link.
pub(crate) async fn fetch_submission(
    links: &Links,
    game: &str,
    submission: &mut deckcheck_store::Submission,
) -> Result<Linked, RequestError> {
    let mut linked = fetch_decks(links, game, submission).await?;
    if let Some(pool) = submission.pool.as_mut() {
        // The pool's reader is its own: the list's input format is not the pool's.
        let given = vec![("pool".to_string(), pool)];
        linked.extend(fetch(links, game, given, &mut None).await?);
    }
    Ok(linked)
}

async fn fetch_decks(
    links: &Links,
    game: &str,
    submission: &mut deckcheck_store::Submission,
) -> Result<Linked, RequestError> {
    let one = submission.decks.len() == 1;
    let decks = submission
        .decks
        .iter_mut()
        .enumerate()
        .map(|(i, text)| {
            let field = if one {
                "deck".to_string()
            } else {
                format!("decks[{i}]")
            };
            (field, text)
        })
        .collect();
    fetch(links, game, decks, &mut submission.input_format).await
}

/// A link's deck is for the request's game and its reader is the one the request names.
fn check(
    field: &str,
    deck: &FetchedDeck,
    game: &str,
    input_format: Option<&str>,
) -> Result<(), RequestError> {
    let source = &deck.source;
    let wrong = |message: String| {
        Err(RequestError::new(ErrorCode::LinkWrongGame, message)
            .field(field)
            .details(Details::LinkSite(LinkSite {
                site: Some(source.site.clone()),
                link: source.link.clone(),
            })))
    };
    if deck.game.id() != game {
        return wrong(format!(
            "{field}: {} is a {} list for the game {}, not {game}; send it to /v1/games/{}/…",
            source.link,
            source.site,
            deck.game.id(),
            deck.game.id()
        ));
    }
    match input_format {
        Some(asked) if asked != deck.input_format => wrong(format!(
            "{field}: the deck {} gives is read as {}, not {asked}; leave input_format out",
            source.site, deck.input_format
        )),
        _ => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use deckcheck_links::LinkSettings;

    fn links() -> Links {
        Links::new(LinkSettings {
            hosts: deckcheck_links::Allowlist::none(),
            ..LinkSettings::default()
        })
        .unwrap()
    }

    #[actix_web::test]
    async fn decks_that_are_not_links_are_left_as_they_are_and_nothing_is_fetched() {
        let (mut a, mut b) = ("1 | Waylay".to_string(), "{\"leader\": {}}".to_string());
        let mut input = None;
        let given = vec![("decks[0]".into(), &mut a), ("decks[1]".into(), &mut b)];
        let linked = fetch(&links(), "swu", given, &mut input).await.unwrap();
        assert!(linked.is_empty());
        assert_eq!((a.as_str(), input), ("1 | Waylay", None));
    }

    #[actix_web::test]
    async fn a_legion_hq_link_is_the_list_itself_and_gets_its_reader() {
        let link = "https://legionhq2.com/list/rebels/1000:1ab0000,cr";
        let mut text = format!(" {link}\n");
        let mut input = None;
        let given = vec![("deck".into(), &mut text)];
        let linked = fetch(&links(), "legion", given, &mut input).await.unwrap();
        assert_eq!(text, link);
        assert_eq!(input.as_deref(), Some("legion-hq-link"));
        let source = &linked["deck"];
        assert_eq!(
            (source.site.as_str(), source.title.as_deref()),
            ("Legion HQ", None)
        );
        assert_eq!(source.link, link);
    }

    #[actix_web::test]
    async fn a_link_to_another_games_list_is_refused_naming_the_game() {
        let mut text = "https://legionhq2.com/list/rebels/1000:1ab0000,cr".to_string();
        let given = vec![("deck".into(), &mut text)];
        let e = fetch(&links(), "swu", given, &mut None).await.unwrap_err();
        assert_eq!(
            (e.code, e.field.as_deref()),
            (ErrorCode::LinkWrongGame, Some("deck"))
        );
        // Refused before anything is fetched, by the site's game.
        assert!(e.message.contains("Star Wars: Legion"), "{}", e.message);
    }

    #[actix_web::test]
    async fn a_link_whose_reader_is_not_the_one_asked_is_refused() {
        let mut text = "https://legionhq2.com/list/rebels/1000:1ab0000,cr".to_string();
        let given = vec![("deck".into(), &mut text)];
        let mut asked = Some("legion-text".to_string());
        let e = fetch(&links(), "legion", given, &mut asked)
            .await
            .unwrap_err();
        assert_eq!(e.code, ErrorCode::LinkWrongGame);
        assert!(
            e.message
                .contains("read as legion-hq-link, not legion-text")
        );
    }

    #[actix_web::test]
    async fn text_with_another_scheme_is_no_deck_link_and_never_read_as_a_list() {
        for text in [
            "ftp://example.org/deck.txt",
            "file:///etc/passwd",
            "javascript:alert(1)",
        ] {
            let mut deck = text.to_string();
            let given = vec![("deck".into(), &mut deck)];
            let e = fetch(&links(), "swu", given, &mut None).await.unwrap_err();
            assert_eq!(
                (e.code, e.field.as_deref()),
                (ErrorCode::LinkInvalid, Some("deck")),
                "{text}"
            );
            assert!(e.message.contains("not a deck link"), "{}", e.message);
        }
    }

    #[actix_web::test]
    async fn a_limited_pool_given_as_a_link_is_fetched_like_a_deck() {
        let mut submission = deckcheck_store::Submission {
            decks: vec!["1 | Waylay".into()],
            input_format: None,
            pool: Some("https://swudb.com/deck/pool1".into()),
        };
        let e = fetch_submission(&links(), "swu", &mut submission)
            .await
            .unwrap_err();
        // Off this test's (empty) allowlist: refused naming the pool, not stored as text.
        assert_eq!(
            (e.code, e.field.as_deref()),
            (ErrorCode::LinkHostNotAllowed, Some("pool"))
        );
    }

    #[actix_web::test]
    async fn a_host_off_the_allowlist_is_the_decks_error_with_the_site_in_details() {
        let mut text = "https://swudb.com/deck/AbC".to_string();
        let given = vec![("decks[2]".into(), &mut text)];
        let e = fetch(&links(), "swu", given, &mut None).await.unwrap_err();
        assert_eq!(e.code, ErrorCode::LinkHostNotAllowed);
        assert_eq!(e.status(), 403);
        assert_eq!(e.field.as_deref(), Some("decks[2]"));
        assert!(
            matches!(e.details, Some(Details::LinkSite(LinkSite { site: Some(s), .. })) if s == "swudb.com")
        );
    }
}
