//! Each site's link, fetched over HTTPS from the local server serving a recorded answer of that
//! site's shape (example decks, the sites' real field names): the deck's text for its reader,
//! the site's name and the deck's title.

use deckcheck_links::{Game, LinkSettings};

use deckcheck_links::testing::{EXTRA_HOST, Reply, Upstream, settings};

const SWUDB: &str = include_str!("answers/swudb.json");
const SWUBASE: &str = include_str!("answers/swubase.json");
const MELEE: &str = include_str!("answers/melee.html");

#[tokio::test]
async fn a_swudb_link_is_read_from_its_deck_json_with_the_decks_name_as_title() {
    let up = Upstream::start().await;
    up.route("swudb.com/api/getDeckJson/AbC123", Reply::json(SWUDB));
    let links = up.links(settings(), &["swudb.com"], &[]);
    let deck = links.fetch("https://swudb.com/deck/AbC123").await.unwrap();
    assert_eq!(deck.source.site, "swudb.com");
    assert_eq!(
        deck.source.title.as_deref(),
        Some("Sabine Aggro (store championship)")
    );
    assert_eq!(deck.source.link, "https://swudb.com/deck/AbC123");
    assert_eq!((deck.game, deck.input_format), (Game::Swu, "swudb-json"));
    assert_eq!(deck.text, SWUDB);
    assert_eq!(up.seen(), ["swudb.com/api/getDeckJson/AbC123"]);
}

#[tokio::test]
async fn a_swubase_link_is_read_from_its_deck_json_with_its_second_leader_as_written() {
    let up = Upstream::start().await;
    up.route("swubase.com/api/deck/7f3c-91ad/json", Reply::json(SWUBASE));
    let links = up.links(settings(), &["swubase.com"], &[]);
    let deck = links
        .fetch("https://swubase.com/decks/7f3c-91ad")
        .await
        .unwrap();
    assert_eq!(deck.source.site, "SWUBase");
    assert_eq!(
        deck.source.title.as_deref(),
        Some("Twin Suns: Han and Chewie")
    );
    assert!(deck.text.contains("\"leader2\""));
    assert_eq!(deck.input_format, "swudb-json");
}

#[tokio::test]
async fn a_melee_decklist_page_becomes_a_text_list_with_its_title() {
    let up = Upstream::start().await;
    let id = "3166d46f-d853-4698-8d8b-b45a005b0435";
    up.route(&format!("melee.gg/Decklist/View/{id}"), Reply::html(MELEE));
    let links = up.links(settings(), &["melee.gg"], &[]);
    let deck = links
        .fetch(&format!("https://melee.gg/Decklist/View/{id}"))
        .await
        .unwrap();
    assert_eq!(deck.source.site, "melee.gg");
    assert_eq!(deck.source.title.as_deref(), Some("Han Solo & Friends"));
    assert_eq!((deck.game, deck.input_format), (Game::Swu, "text"));
    assert_eq!(
        deck.text,
        "Leaders\n1 | Han Solo | Worth the Risk\n\
         Base\n1 | Energy Conversion Lab\n\
         Deck\n3 | Benthic “Two Tubes” | The War Has Just Begun\n3 | Rebel Pathfinder\n2 | Tactical Advantage\n\
         Sideboard\n1 | Bodhi Rook | Imperial Defector\n"
    );
}

#[tokio::test]
async fn every_karabast_json_site_is_read_from_its_public_endpoint() {
    let up = Upstream::start().await;
    // (the link a player shares, the site's name, the endpoint fetched as host/path?query)
    let sites = [
        (
            "https://swustats.net/TCGEngine/NextTurn.php?gameName=4242&playerID=1",
            "SWU Stats",
            "swustats.net/TCGEngine/APIs/LoadDeck.php?deckID=4242&format=json&setId=true",
        ),
        (
            "https://sw-unlimited-db.com/decks/1234",
            "SW-Unlimited-DB",
            "sw-unlimited-db.com/umbraco/api/deckapi/get?id=1234",
        ),
        (
            "https://swucardhub.fr/deckview?deckId=77",
            "SWU Card Hub",
            "swucardhub.fr/Karabast/77",
        ),
        (
            "https://www.swumetastats.com/decklists/abc-1?format=premier",
            "SWU Meta Stats",
            "www.swumetastats.com/api/decklists/abc-1/json",
        ),
        (
            "https://my-swu.com/decks/me/d_9",
            "My-SWU",
            "my-swu.com/api/decks/d_9/json",
        ),
        (
            "https://niamos.net/decks/n1",
            "Niamos",
            "niamos.net/api/decks/n1/json",
        ),
        (
            "https://protectthepod.com/pool/Share-7/deck/play",
            "Protect the Pod",
            "www.protectthepod.com/api/pools/Share-7/deck.json",
        ),
        (
            "https://swuforge.com/decks/f00",
            "SWUForge",
            "swuforge.com/api/decks/f00/json",
        ),
        (
            "https://store.cardcore.gg/swu/decks/991",
            "CardCore",
            "store.cardcore.gg/api/decks/991/json",
        ),
        (
            "https://holoscan.net/decks/h5",
            "HoloScan",
            "holoscan.net/api/decks/h5",
        ),
        (
            "https://swupedia.com/deck/Ab3dEf6hJk9m",
            "SWUPedia",
            "swupedia.com/deck/Ab3dEf6hJk9m/karabast",
        ),
    ];
    let hosts: Vec<&str> = sites
        .iter()
        .map(|(_, _, at)| at.split('/').next().unwrap())
        .collect();
    let links = up.links(settings(), &hosts, &[]);
    for (link, site, at) in sites {
        let title = format!("A deck on {site}");
        up.route(
            at,
            Reply::json(&SWUDB.replace("Sabine Aggro (store championship)", &title)),
        );
        let deck = links
            .fetch(link)
            .await
            .unwrap_or_else(|e| panic!("{link}: {e}"));
        assert_eq!(deck.source.site, site, "{link}");
        assert_eq!(deck.source.title.as_deref(), Some(title.as_str()), "{link}");
        assert_eq!(deck.input_format, "swudb-json", "{link}");
        assert_eq!(up.seen().last().map(String::as_str), Some(at), "{link}");
    }
}

#[tokio::test]
async fn a_json_link_to_a_host_the_operator_allows_is_read_as_it_is() {
    let up = Upstream::start().await;
    up.route(&format!("{EXTRA_HOST}/decks/7.json"), Reply::json(SWUDB));
    let settings = LinkSettings {
        hosts: format!("default,{EXTRA_HOST}").parse().unwrap(),
        ..settings()
    };
    let links = up.links(settings, &[EXTRA_HOST], &[]);
    let deck = links
        .fetch(&format!("https://{EXTRA_HOST}/decks/7.json"))
        .await
        .unwrap();
    assert_eq!(deck.source.site, EXTRA_HOST);
    assert_eq!(deck.text, SWUDB);
}

#[tokio::test]
async fn a_redirect_between_a_sites_own_hosts_is_followed() {
    let up = Upstream::start().await;
    up.route(
        "swudb.com/api/getDeckJson/R1",
        Reply::Redirect("https://www.swudb.com/api/getDeckJson/R1".into()),
    );
    up.route("www.swudb.com/api/getDeckJson/R1", Reply::json(SWUDB));
    let links = up.links(settings(), &["swudb.com", "www.swudb.com"], &[]);
    let deck = links.fetch("https://swudb.com/deck/R1").await.unwrap();
    assert_eq!(deck.text, SWUDB);
    assert_eq!(
        up.seen(),
        [
            "swudb.com/api/getDeckJson/R1",
            "www.swudb.com/api/getDeckJson/R1"
        ]
    );
}

#[tokio::test]
async fn a_legion_hq_link_is_handed_over_as_the_list_and_nothing_is_fetched() {
    let up = Upstream::start().await;
    let links = up.links(settings(), &[], &[]);
    let link = "https://legionhq2.com/list/rebels/1000:1ab0000,1ad0000,cr,cq";
    let deck = links.fetch(link).await.unwrap();
    assert_eq!(deck.source.site, "Legion HQ");
    assert_eq!(deck.source.title, None);
    assert_eq!(
        (deck.game, deck.input_format),
        (Game::Legion, "legion-hq-link")
    );
    assert_eq!(deck.text, link);
    assert!(up.seen().is_empty());
}
