//! Decks given as links, through the service's routes (issue 30, item 3): each deck site's
//! link against a local HTTPS server serving a recorded answer of that site's shape (decks of
//! the hand-written catalog, the sites' real field names), and what the service refuses: another
//! host, a redirect to 127.0.0.1, an oversized answer, a slow one. The allowlist's hosts reach
//! the local server only here (`Settings::links`, a client of `deckcheck_links::testing`).

use std::time::{Duration, Instant};

use deckcheck_links::LinkSettings;
use deckcheck_links::testing::{EXTRA_HOST, Reply, Upstream, settings};
use serde_json::{Value, json};

use crate::helpers::*;

const SWUDB: &str = include_str!("fixtures/links/swudb.json");
const SWUBASE: &str = include_str!("fixtures/links/swubase.json");
const MELEE: &str = include_str!("fixtures/links/melee.html");
const KARABAST: &str = include_str!("fixtures/links/karabast.json");

const SWUDB_LINK: &str = "https://swudb.com/deck/AbC123";
const SWUDB_AT: &str = "swudb.com/api/getDeckJson/AbC123";

/// The service on the hand-written catalog, its deck links fetched from `up` for `hosts`.
async fn app(up: &Upstream, links: LinkSettings, hosts: &[&str]) -> TestApp {
    let links = up.links(links, hosts, &[]);
    spawn_fixture_app_with(move |s| s.links = Some(links)).await
}

/// A validate request of one deck for Premier on a day the hand-written catalog is legal.
fn validate(deck: &str) -> Value {
    json!({ "deck": deck, "format": "premier", "as_of": "2025-04-01", "explain": true })
}

fn source(answer: &Answer, field: &str) -> (String, Option<String>, String) {
    let s = &answer.body["links"][field];
    (
        s["site"]
            .as_str()
            .unwrap_or_else(|| panic!("{}", answer.body))
            .into(),
        s["title"].as_str().map(str::to_string),
        s["link"].as_str().unwrap().into(),
    )
}

/// The cards of a section of the first deck as read (`explain`), by count and name.
fn section(answer: &Answer, id: &str) -> Vec<(u64, String)> {
    answer.body["decks"][0]["view"]["sections"]
        .as_array()
        .unwrap_or_else(|| panic!("{}", answer.body))
        .iter()
        .find(|s| s["id"] == id)
        .map(|s| {
            s["lines"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| {
                    (
                        l["count"].as_u64().unwrap(),
                        l["title"].as_str().unwrap().into(),
                    )
                })
                .collect()
        })
        .unwrap_or_default()
}

#[actix_web::test]
async fn a_swudb_link_is_validated_as_the_deck_it_names_and_the_answer_names_the_site_and_title() {
    let up = Upstream::start().await;
    up.route(SWUDB_AT, Reply::json(SWUDB));
    let app = app(&up, settings(), &["swudb.com"]).await;
    let answer = app.validate(&validate(SWUDB_LINK)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(verdicts(&answer), [("premier".into(), "legal".into())]);
    assert_eq!(
        source(&answer, "deck"),
        (
            "swudb.com".into(),
            Some("Han's Troopers (store showdown)".into()),
            SWUDB_LINK.into()
        )
    );
    assert_eq!(answer.body["decks"][0]["input_format"], "swudb-json");
    assert_eq!(section(&answer, "leader"), [(1, "Han Solo".into())]);
    assert_eq!(section(&answer, "sideboard"), [(2, "Waylay".into())]);
    assert_eq!(up.seen(), [SWUDB_AT]);
}

#[actix_web::test]
async fn a_swubase_link_is_read_with_its_second_leader() {
    let up = Upstream::start().await;
    up.route("swubase.com/api/deck/7f3c-91ad/json", Reply::json(SWUBASE));
    let app = app(&up, settings(), &["swubase.com"]).await;
    let link = "https://swubase.com/decks/7f3c-91ad";
    let answer = app
        .post(
            "/v1/games/swu/decks/validate",
            "application/json",
            json!({ "deck": link, "format": "twin-suns", "as_of": "2025-04-01", "explain": true })
                .to_string(),
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(
        source(&answer, "deck"),
        (
            "SWUBase".into(),
            Some("Twin Suns: Han and Vader".into()),
            link.into()
        )
    );
    assert_eq!(
        section(&answer, "leader"),
        [(1, "Han Solo".into()), (1, "Darth Vader".into())]
    );
}

#[actix_web::test]
async fn a_melee_decklist_is_read_from_its_page_by_name() {
    let up = Upstream::start().await;
    let id = "3166d46f-d853-4698-8d8b-b45a005b0435";
    up.route(&format!("melee.gg/Decklist/View/{id}"), Reply::html(MELEE));
    let app = app(&up, settings(), &["melee.gg"]).await;
    let link = format!("https://melee.gg/Decklist/View/{id}");
    let answer = app.validate(&validate(&link)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(verdicts(&answer), [("premier".into(), "legal".into())]);
    assert_eq!(
        source(&answer, "deck"),
        (
            "melee.gg".into(),
            Some("Han & the Filler Troopers".into()),
            link
        )
    );
    assert_eq!(answer.body["decks"][0]["input_format"], "text");
    assert_eq!(section(&answer, "base"), [(1, "Level 1313".into())]);
    assert_eq!(section(&answer, "main").len(), 17);
}

#[actix_web::test]
async fn a_karabast_json_link_on_a_host_the_operator_added_is_read_as_a_json_deck() {
    let up = Upstream::start().await;
    up.route(
        &format!("{EXTRA_HOST}/decks/r3.json"),
        Reply::json(KARABAST),
    );
    let added = LinkSettings {
        hosts: format!("default,{EXTRA_HOST}").parse().unwrap(),
        ..settings()
    };
    let app = app(&up, added, &[EXTRA_HOST]).await;
    let link = format!("https://{EXTRA_HOST}/decks/r3.json");
    let answer = app.validate(&validate(&link)).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(
        source(&answer, "deck"),
        (
            EXTRA_HOST.into(),
            Some("Sealed pool build, round 3".into()),
            link
        )
    );
    assert_eq!(
        section(&answer, "main"),
        [
            (3, "Bounty Hunter Crew".into()),
            (3, "Surprise Strike".into())
        ]
    );
}

#[actix_web::test]
async fn a_link_posted_as_a_text_body_is_fetched_too() {
    let up = Upstream::start().await;
    up.route(SWUDB_AT, Reply::json(SWUDB));
    let app = app(&up, settings(), &["swudb.com"]).await;
    let answer = app
        .validate_text(
            "format=premier&as_of=2025-04-01",
            &format!("{SWUDB_LINK}\n"),
        )
        .await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(source(&answer, "body").0, "swudb.com");
    assert_eq!(answer.body["legal"], true);
}

#[actix_web::test]
async fn a_deck_check_window_and_roster_take_links_each_named_by_its_field() {
    let up = Upstream::start().await;
    up.route(SWUDB_AT, Reply::json(SWUDB));
    let id = "3166d46f-d853-4698-8d8b-b45a005b0435";
    up.route(&format!("melee.gg/Decklist/View/{id}"), Reply::html(MELEE));
    let app = app(&up, settings(), &["swudb.com", "melee.gg"]).await;
    let melee = format!("https://melee.gg/Decklist/View/{id}");

    // A deck check: the registered list by link, the presented deck pasted.
    let check = app
        .compare(&json!({ "registered": SWUDB_LINK, "presented": fixture_deck(), "format": "premier", "as_of": "2025-04-01" }))
        .await;
    assert_eq!(check.status, 200, "{}", check.body);
    assert_eq!(source(&check, "registered").0, "swudb.com");
    assert!(check.body["links"].get("presented").is_none());
    // The fixture deck has no sideboard; the registered one has two Waylay in it.
    assert_eq!(check.body["registered"]["sideboard"], 2);

    // Two links, one from each site: the same 51 cards.
    let both = app
        .compare(&json!({ "registered": SWUDB_LINK, "presented": melee, "format": "premier", "as_of": "2025-04-01" }))
        .await;
    assert_eq!(both.status, 200, "{}", both.body);
    assert_eq!(source(&both, "presented").0, "melee.gg");
    assert_eq!(both.body["presented"]["main"], 51);

    let window = app
        .post(
            "/v1/decks/window",
            "application/json",
            json!({ "deck": SWUDB_LINK, "format": "premier", "from": "2025-01-01", "until": "2025-06-01" })
                .to_string(),
        )
        .await;
    assert_eq!(window.status, 200, "{}", window.body);
    assert_eq!(source(&window, "deck").0, "swudb.com");

    // A roster: a link, a pasted list, a link that gives no deck (that entry's error alone).
    let roster = app
        .validate_batch(&json!({
            "format": "premier",
            "as_of": "2025-04-01",
            "entries": [
                { "player": "Ada Lovelace", "uid": "1001", "deck": SWUDB_LINK },
                { "player": "Grace Hopper", "uid": "1002", "deck": fixture_deck() },
                { "player": "Alan Turing", "uid": "1003", "deck": "https://swudb.com/deck/Gone" },
            ]
        }))
        .await;
    assert_eq!(roster.status, 200, "{}", roster.body);
    let results = &roster.body["results"];
    assert_eq!(results[0]["legal"], true, "{}", results[0]);
    assert_eq!(
        results[0]["answer"]["links"]["entries[0].deck"]["site"],
        "swudb.com"
    );
    assert_eq!(results[1]["legal"], true);
    assert_eq!(results[2]["error"]["code"], "link-deck-not-found");
    assert_eq!(results[2]["error"]["field"], "entries[2].deck");
    assert_eq!(roster.body["summary"]["unreadable"], 1);
}

#[actix_web::test]
async fn a_player_registers_with_a_link_and_the_event_keeps_the_deck_not_the_link() {
    let up = Upstream::start().await;
    up.route(SWUDB_AT, Reply::json(SWUDB));
    let app = app(&up, settings(), &["swudb.com"]).await;
    let created = app
        .post(
            "/v1/events",
            "application/json",
            json!({ "name": "Store Showdown", "game": "swu", "format": "premier", "date": "2025-04-01" })
                .to_string(),
        )
        .await;
    assert_eq!(created.status, 201, "{}", created.body);
    let code = created.body["event"]["registration_code"].as_str().unwrap();
    let registered = app
        .post(
            &format!("/v1/events/code/{code}/players"),
            "application/json",
            json!({ "player": "Ada Lovelace", "uid": "1001", "deck": SWUDB_LINK }).to_string(),
        )
        .await;
    assert_eq!(registered.status, 201, "{}", registered.body);
    assert_eq!(registered.body["verdict"], "legal");
    assert_eq!(
        registered.body["report"]["links"]["deck"]["title"],
        "Han's Troopers (store showdown)"
    );
    let token = registered.body["token"].as_str().unwrap();
    let event = created.body["event"]["id"].as_str().unwrap();
    let me = app.get_as(&format!("/v1/events/{event}/me"), token).await;
    assert_eq!(me.status, 200, "{}", me.body);
    let version = &me.body["versions"][0];
    assert_eq!(version["input_format"], "swudb-json", "{version}");
    let kept = version["decks"][0].as_str().unwrap();
    assert!(
        kept.contains("\"SOR_017\""),
        "the deck the site gave: {kept}"
    );
}

/// Issue 34: an amendment by link stored the link's text as the list. Every field the document
/// types as a deck reads a link alike: an amendment, a deck check's presented deck, a pool; a
/// link is never stored as text; other schemes and private addresses are refused and nothing is
/// stored.
#[actix_web::test]
async fn an_amendment_and_a_deck_check_by_link_read_the_deck_and_a_bad_link_stores_nothing() {
    let up = Upstream::start().await;
    up.route(SWUDB_AT, Reply::json(SWUDB));
    let app = app(&up, settings(), &["swudb.com"]).await;
    let created = app
        .post(
            "/v1/events",
            "application/json",
            json!({ "name": "Store Showdown", "game": "swu", "format": "premier", "date": "2025-04-01" })
                .to_string(),
        )
        .await;
    let code = created.body["event"]["registration_code"].as_str().unwrap();
    let event = created.body["event"]["id"].as_str().unwrap();
    let org = created.body["organizer_token"].as_str().unwrap();
    let registered = app
        .post(
            &format!("/v1/events/code/{code}/players"),
            "application/json",
            json!({ "player": "Ada Lovelace", "uid": "1001", "deck": SWUDB_LINK }).to_string(),
        )
        .await;
    assert_eq!(registered.status, 201, "{}", registered.body);
    let player = registered.body["player"]["id"].as_str().unwrap();
    let lists = format!("/v1/events/{event}/players/{player}/lists");
    let amended = app
        .post_as(
            &lists,
            org,
            &json!({ "deck": SWUDB_LINK, "reason": "the player's link" }),
        )
        .await;
    assert_eq!(amended.status, 200, "{}", amended.body);
    let record = app
        .get_as(&format!("/v1/events/{event}/players/{player}"), org)
        .await;
    let kept = record.body["versions"][1]["decks"][0].as_str().unwrap();
    assert!(
        kept.contains("\"SOR_017\"") && !kept.contains("swudb.com/deck"),
        "the deck the site gave, not the link: {kept}"
    );
    // The judge's table: the list shown as its sheet lists it, card names in order.
    let sheet = &record.body["sheet"]["decks"][0]["sheet"]["sections"];
    assert_eq!(sheet[0]["id"], "leader", "{}", record.body["sheet"]);
    // A deck check whose presented deck is the link.
    let check = app
        .post_as(
            &format!("/v1/events/{event}/players/{player}/deck-checks"),
            org,
            &json!({ "presented": SWUDB_LINK, "version": 2 }),
        )
        .await;
    assert_eq!(
        (check.status, check.body["verdict"].as_str()),
        (201, Some("match")),
        "{}",
        check.body
    );
    // Refused, and nothing stored: a private address, another scheme, a pool that is a file.
    for (body, status, code, field) in [
        (
            json!({ "deck": "https://169.254.169.254/latest/meta-data/", "reason": "x" }),
            403,
            "link-host-not-allowed",
            "deck",
        ),
        (
            json!({ "deck": "ftp://swudb.com/deck/AbC123", "reason": "x" }),
            400,
            "link-invalid",
            "deck",
        ),
        (
            json!({ "deck": "javascript:alert(1)", "reason": "x" }),
            400,
            "link-invalid",
            "deck",
        ),
        (
            json!({ "deck": "1 | Waylay", "pool": "file:///etc/passwd", "reason": "x" }),
            400,
            "link-invalid",
            "pool",
        ),
    ] {
        let refused = app.post_as(&lists, org, &body).await;
        assert_eq!(
            (
                refused.status,
                refused.body["error"]["code"].as_str(),
                refused.body["error"]["field"].as_str()
            ),
            (status, Some(code), Some(field)),
            "{body}: {}",
            refused.body
        );
        let message = refused.body["error"]["message"].as_str().unwrap();
        assert!(!message.contains("DECKCHECK_"), "{message}");
    }
    let presented = app
        .post_as(
            &format!("/v1/events/{event}/players/{player}/deck-checks"),
            org,
            &json!({ "presented": "file:///etc/passwd", "version": 2 }),
        )
        .await;
    assert_eq!(
        (presented.status, presented.body["error"]["field"].as_str()),
        (400, Some("presented")),
        "{}",
        presented.body
    );
    let record = app
        .get_as(&format!("/v1/events/{event}/players/{player}"), org)
        .await;
    assert_eq!(record.body["versions"].as_array().unwrap().len(), 2);
    assert_eq!(record.body["checks"].as_array().unwrap().len(), 1);
    // A 200 KB link is quoted short.
    let long = format!("https://swudb.com/cards/{}", "a".repeat(200_000));
    let refused = app
        .post_as(&lists, org, &json!({ "deck": long, "reason": "x" }))
        .await;
    assert_eq!(refused.status, 400, "{}", refused.body["error"]["code"]);
    assert!(refused.body.to_string().len() < 1_000);
}

#[actix_web::test]
async fn a_link_to_a_host_off_the_allowlist_is_a_403_naming_the_host_and_nothing_is_fetched() {
    let up = Upstream::start().await;
    let app = app(&up, settings(), &["evil.example"]).await;
    let answer = app
        .validate(&validate("https://evil.example/deck.json"))
        .await;
    assert_eq!(answer.status, 403, "{}", answer.body);
    let error = &answer.body["error"];
    assert_eq!(error["code"], "link-host-not-allowed");
    assert_eq!(error["field"], "deck");
    assert_eq!(error["details"]["site"], "evil.example");
    assert!(error["message"].as_str().unwrap().contains("evil.example"));
    assert!(up.seen().is_empty());
}

#[actix_web::test]
async fn a_redirect_to_127_0_0_1_is_a_502_and_is_not_followed() {
    let up = Upstream::start().await;
    let port = up.addr.port();
    up.route(
        SWUDB_AT,
        Reply::Redirect(format!("https://127.0.0.1:{port}/steal")),
    );
    let app = app(&up, settings(), &["swudb.com"]).await;
    let answer = app.validate(&validate(SWUDB_LINK)).await;
    assert_eq!(answer.status, 502, "{}", answer.body);
    let error = &answer.body["error"];
    assert_eq!(error["code"], "link-upstream-refused");
    assert_eq!(error["details"]["site"], "swudb.com");
    assert!(
        error["message"]
            .as_str()
            .unwrap()
            .contains("127.0.0.1 is not on the allowlist"),
        "{error}"
    );
    assert_eq!(up.seen(), [SWUDB_AT]);
}

#[actix_web::test]
async fn an_oversized_answer_is_a_502_and_reading_stops_at_the_limit() {
    let up = Upstream::start().await;
    up.route(SWUDB_AT, Reply::Chunked(1024 * 1024));
    let small = LinkSettings {
        max_bytes: 64 * 1024,
        ..settings()
    };
    let app = app(&up, small, &["swudb.com"]).await;
    let answer = app.validate(&validate(SWUDB_LINK)).await;
    assert_eq!(answer.status, 502, "{}", answer.body);
    assert_eq!(answer.body["error"]["code"], "link-upstream-too-large");
    assert!(
        answer.body["error"]["message"]
            .as_str()
            .unwrap()
            .starts_with("deck: swudb.com: the answer is larger than the limit of 65536 bytes")
    );
}

#[actix_web::test]
async fn a_slow_site_is_a_502_within_the_time_limit_never_a_hang() {
    let up = Upstream::start().await;
    up.route(SWUDB_AT, Reply::Late(Duration::from_secs(30)));
    let quick = LinkSettings {
        timeout: Duration::from_millis(500),
        ..settings()
    };
    let app = app(&up, quick, &["swudb.com"]).await;
    let started = Instant::now();
    let answer = app.validate(&validate(SWUDB_LINK)).await;
    assert_eq!(answer.status, 502, "{}", answer.body);
    assert_eq!(answer.body["error"]["code"], "link-upstream-too-slow");
    assert!(
        started.elapsed() < Duration::from_secs(10),
        "{:?}",
        started.elapsed()
    );
}

#[actix_web::test]
async fn a_deck_the_site_does_not_show_is_a_404_saying_what_to_do_there() {
    let up = Upstream::start().await;
    up.route(SWUDB_AT, Reply::status(403));
    let app = app(&up, settings(), &["swudb.com"]).await;
    let answer = app.validate(&validate(SWUDB_LINK)).await;
    assert_eq!(answer.status, 404, "{}", answer.body);
    assert_eq!(answer.body["error"]["code"], "link-deck-not-found");
    assert!(
        answer.body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("unlisted or public on swudb.com")
    );
}

#[actix_web::test]
async fn a_legion_hq_link_on_a_star_wars_unlimited_route_is_a_422_naming_the_game() {
    let up = Upstream::start().await;
    let app = app(&up, settings(), &[]).await;
    let answer = app
        .validate(&validate(
            "https://legionhq2.com/list/rebels/1000:1ab0000,cr",
        ))
        .await;
    assert_eq!(answer.status, 422, "{}", answer.body);
    assert_eq!(answer.body["error"]["code"], "link-wrong-game");
    assert!(up.seen().is_empty());
}

#[actix_web::test]
async fn with_links_turned_off_every_link_is_refused_and_pasted_lists_still_work() {
    let app = spawn_fixture_app_with(|s| s.link_hosts = "none".parse().unwrap()).await;
    let answer = app.validate(&validate(SWUDB_LINK)).await;
    assert_eq!(answer.status, 403, "{}", answer.body);
    assert_eq!(answer.body["error"]["code"], "link-host-not-allowed");
    let pasted = app.validate(&validate(&fixture_deck())).await;
    assert_eq!(pasted.status, 200);
    assert!(pasted.body.get("links").is_none(), "no link, no `links`");
}

#[actix_web::test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
async fn a_legion_hq_link_is_judged_as_the_army_it_carries() {
    let app = crate::real_app!();
    // Legion HQ links carry the list: nothing is fetched, whatever the allowlist says.
    let link = "https://legionhq2.com/list/rebels/800:1aa0000,2ao,2ao,cr,cq";
    let answer = app
        .post(
            "/v1/games/legion/decks/validate",
            "text/plain",
            link.to_string(),
        )
        .await;
    if answer.body["error"]["code"] == "game-unavailable" {
        return; // Legion's data is not here (said by the suite's first line).
    }
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.body["links"]["body"]["site"], "Legion HQ");
    assert_eq!(answer.body["decks"][0]["input_format"], "legion-hq-link");
}
