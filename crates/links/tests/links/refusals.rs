//! What deck links never do, and how each failure is named: another host, plain HTTP, a
//! redirect off the allowlist or to a loopback address, a DNS answer of a private address, an
//! answer too large or too slow, a deck the site does not have, an answer that is no deck, a
//! certificate the client does not trust.

use std::time::{Duration, Instant};

use deckcheck_links::testing::TestNetwork;
use deckcheck_links::{LinkError, LinkSettings, Links};

use deckcheck_links::testing::{Reply, Upstream, settings};

const DECK: &str = include_str!("answers/swudb.json");

#[tokio::test]
async fn a_link_to_a_host_off_the_allowlist_is_refused_without_a_request() {
    let up = Upstream::start().await;
    let links = up.links(settings(), &["evil.example"], &[]);
    let e = links
        .fetch("https://evil.example/deck.json")
        .await
        .unwrap_err();
    assert_eq!(
        (e.status(), e.code().as_str()),
        (403, "link-host-not-allowed")
    );
    assert!(e.to_string().starts_with("evil.example: "), "{e}");
    assert!(up.seen().is_empty());
}

#[tokio::test]
async fn a_known_site_the_operator_left_off_the_allowlist_is_refused_by_name() {
    let up = Upstream::start().await;
    let only_swudb = LinkSettings {
        hosts: "swudb.com".parse().unwrap(),
        ..settings()
    };
    let links = up.links(only_swudb, &["swubase.com"], &[]);
    let e = links
        .fetch("https://swubase.com/decks/abc")
        .await
        .unwrap_err();
    assert_eq!(
        e,
        LinkError::NotAllowed {
            site: "SWUBase".into(),
            host: "swubase.com".into()
        }
    );
    assert!(up.seen().is_empty());
}

#[tokio::test]
async fn a_plain_http_link_is_refused_without_a_request() {
    let up = Upstream::start().await;
    let links = up.links(settings(), &["swudb.com"], &[]);
    let e = links.fetch("http://swudb.com/deck/abc").await.unwrap_err();
    assert_eq!((e.status(), e.code().as_str()), (400, "link-not-https"));
    assert_eq!(e.site(), Some("swudb.com"));
    assert!(up.seen().is_empty());
}

#[tokio::test]
async fn a_redirect_to_127_0_0_1_is_refused_and_not_followed() {
    let up = Upstream::start().await;
    let port = up.addr.port();
    up.route(
        "swudb.com/api/getDeckJson/abc",
        Reply::Redirect(format!("https://127.0.0.1:{port}/steal")),
    );
    let links = up.links(settings(), &["swudb.com"], &[]);
    let e = links.fetch("https://swudb.com/deck/abc").await.unwrap_err();
    assert_eq!(
        (e.status(), e.code().as_str()),
        (502, "link-upstream-refused")
    );
    assert!(
        e.to_string().contains("127.0.0.1 is not on the allowlist"),
        "{e}"
    );
    assert_eq!(up.seen(), ["swudb.com/api/getDeckJson/abc"]);
}

#[tokio::test]
async fn a_redirect_to_plain_http_is_refused() {
    let up = Upstream::start().await;
    up.route(
        "swudb.com/api/getDeckJson/abc",
        Reply::Redirect("http://www.swudb.com/api/getDeckJson/abc".into()),
    );
    let links = up.links(settings(), &["swudb.com", "www.swudb.com"], &[]);
    let e = links.fetch("https://swudb.com/deck/abc").await.unwrap_err();
    assert_eq!(e.code().as_str(), "link-upstream-refused");
    assert!(e.to_string().contains("is not HTTPS"), "{e}");
    assert_eq!(up.seen().len(), 1);
}

#[tokio::test]
async fn redirects_are_followed_a_few_times_at_most() {
    let up = Upstream::start().await;
    up.route(
        "swudb.com/api/getDeckJson/loop",
        Reply::Redirect("https://www.swudb.com/api/getDeckJson/loop".into()),
    );
    up.route(
        "www.swudb.com/api/getDeckJson/loop",
        Reply::Redirect("https://swudb.com/api/getDeckJson/loop".into()),
    );
    let links = up.links(settings(), &["swudb.com", "www.swudb.com"], &[]);
    let e = links
        .fetch("https://swudb.com/deck/loop")
        .await
        .unwrap_err();
    assert_eq!(e.code().as_str(), "link-upstream-refused");
    assert!(e.to_string().contains("more than 3 redirects"), "{e}");
    assert_eq!(up.seen().len(), 4);
}

#[tokio::test]
async fn a_dns_answer_of_a_private_address_is_refused_before_connecting() {
    let up = Upstream::start().await;
    for ip in ["127.0.0.1", "10.0.0.7", "169.254.169.254", "::1"] {
        let links = up.links(settings(), &[], &[("swudb.com", ip)]);
        let e = links.fetch("https://swudb.com/deck/abc").await.unwrap_err();
        assert_eq!(
            (e.status(), e.code().as_str()),
            (502, "link-upstream-refused"),
            "{ip}"
        );
        assert!(
            e.to_string()
                .starts_with(&format!("swudb.com: swudb.com resolves to {ip}, a ")),
            "{e}"
        );
    }
    assert!(up.seen().is_empty());
}

#[tokio::test]
async fn a_redirect_to_an_allowed_host_that_resolves_to_loopback_is_refused() {
    let up = Upstream::start().await;
    up.route(
        "swudb.com/api/getDeckJson/abc",
        Reply::Redirect("https://swubase.com/api/deck/abc/json".into()),
    );
    let links = up.links(settings(), &["swudb.com"], &[("swubase.com", "127.0.0.1")]);
    let e = links.fetch("https://swudb.com/deck/abc").await.unwrap_err();
    assert_eq!(e.code().as_str(), "link-upstream-refused");
    assert!(
        e.to_string()
            .contains("swubase.com resolves to 127.0.0.1, a loopback address"),
        "{e}"
    );
    assert_eq!(up.seen(), ["swudb.com/api/getDeckJson/abc"]);
}

fn small() -> LinkSettings {
    LinkSettings {
        max_bytes: 64 * 1024,
        ..settings()
    }
}

#[tokio::test]
async fn an_answer_past_the_size_limit_is_refused_by_its_length() {
    let up = Upstream::start().await;
    up.route(
        "swudb.com/api/getDeckJson/big",
        Reply::json(&" ".repeat(100 * 1024)),
    );
    let links = up.links(small(), &["swudb.com"], &[]);
    let e = links.fetch("https://swudb.com/deck/big").await.unwrap_err();
    assert_eq!(
        e,
        LinkError::TooLarge {
            site: "swudb.com".into(),
            limit: 64 * 1024
        }
    );
    assert_eq!(e.status(), 502);
}

#[tokio::test]
async fn an_answer_without_a_length_is_read_up_to_the_size_limit_and_no_further() {
    let up = Upstream::start().await;
    up.route(
        "swudb.com/api/getDeckJson/big",
        Reply::Chunked(10 * 1024 * 1024),
    );
    let links = up.links(small(), &["swudb.com"], &[]);
    let e = links.fetch("https://swudb.com/deck/big").await.unwrap_err();
    assert_eq!(e.code().as_str(), "link-upstream-too-large");
}

fn quick() -> LinkSettings {
    LinkSettings {
        timeout: Duration::from_millis(300),
        ..settings()
    }
}

#[tokio::test]
async fn a_site_that_does_not_answer_in_time_is_too_slow() {
    let up = Upstream::start().await;
    up.route(
        "swudb.com/api/getDeckJson/slow",
        Reply::Late(Duration::from_secs(30)),
    );
    let links = up.links(quick(), &["swudb.com"], &[]);
    let started = Instant::now();
    let e = links
        .fetch("https://swudb.com/deck/slow")
        .await
        .unwrap_err();
    assert_eq!(
        e,
        LinkError::TooSlow {
            site: "swudb.com".into(),
            limit: Duration::from_millis(300)
        }
    );
    assert_eq!(e.status(), 502);
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[tokio::test]
async fn an_answer_that_trickles_forever_is_cut_at_the_time_limit() {
    let up = Upstream::start().await;
    up.route("melee.gg/Decklist/View/slow", Reply::Trickle);
    let links = up.links(quick(), &["melee.gg"], &[]);
    let started = Instant::now();
    let e = links
        .fetch("https://melee.gg/Decklist/View/slow")
        .await
        .unwrap_err();
    assert_eq!(e.code().as_str(), "link-upstream-too-slow");
    assert_eq!(e.site(), Some("melee.gg"));
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[tokio::test]
async fn a_404_is_a_deck_not_found_with_what_to_do_on_that_site() {
    let up = Upstream::start().await;
    up.route("swubase.com/api/deck/gone/json", Reply::status(404));
    let links = up.links(settings(), &["swubase.com"], &[]);
    let e = links
        .fetch("https://swubase.com/decks/gone")
        .await
        .unwrap_err();
    assert_eq!(
        (e.status(), e.code().as_str()),
        (404, "link-deck-not-found")
    );
    assert_eq!(
        e.to_string(),
        "SWUBase: deck not found (HTTP 404); make sure the deck exists and is set to Public on swubase.com"
    );
}

#[tokio::test]
async fn a_private_swudb_deck_is_not_found_too() {
    let up = Upstream::start().await;
    up.route("swudb.com/api/getDeckJson/mine", Reply::status(403));
    let links = up.links(settings(), &["swudb.com"], &[]);
    let e = links
        .fetch("https://swudb.com/deck/mine")
        .await
        .unwrap_err();
    assert_eq!(e.code().as_str(), "link-deck-not-found");
    assert!(e.to_string().contains("unlisted or public"), "{e}");
}

#[tokio::test]
async fn a_server_error_is_the_site_failing() {
    let up = Upstream::start().await;
    up.route("swudb.com/api/getDeckJson/abc", Reply::status(503));
    let links = up.links(settings(), &["swudb.com"], &[]);
    let e = links.fetch("https://swudb.com/deck/abc").await.unwrap_err();
    assert_eq!(
        (e.status(), e.code().as_str()),
        (502, "link-upstream-failed")
    );
    assert!(e.to_string().contains("HTTP 503"), "{e}");
}

#[tokio::test]
async fn an_answer_that_is_no_deck_is_named_as_such() {
    let up = Upstream::start().await;
    up.route(
        "swudb.com/api/getDeckJson/abc",
        Reply::html("<html><body>Sign in</body></html>"),
    );
    let links = up.links(settings(), &["swudb.com"], &[]);
    let e = links.fetch("https://swudb.com/deck/abc").await.unwrap_err();
    assert_eq!(
        (e.status(), e.code().as_str()),
        (502, "link-upstream-not-a-deck")
    );
    assert!(
        e.to_string()
            .starts_with("swudb.com: the answer is not a deck: the answer is not JSON"),
        "{e}"
    );
    // The same deck is fine once the site answers it.
    up.route("swudb.com/api/getDeckJson/abc", Reply::json(DECK));
    assert!(links.fetch("https://swudb.com/deck/abc").await.is_ok());
}

#[tokio::test]
async fn a_certificate_the_client_does_not_trust_fails_the_connection() {
    let up = Upstream::start().await;
    up.route("swudb.com/api/getDeckJson/abc", Reply::json(DECK));
    let untrusting = TestNetwork {
        roots: Vec::new(),
        ..up.network(&["swudb.com"], &[])
    };
    let links = Links::for_tests(settings(), untrusting).unwrap();
    let e = links.fetch("https://swudb.com/deck/abc").await.unwrap_err();
    assert_eq!(
        (e.status(), e.code().as_str()),
        (502, "link-upstream-failed")
    );
    assert!(e.to_string().contains("invalid peer certificate"), "{e}");
    assert!(up.seen().is_empty(), "no request passed the handshake");
}
