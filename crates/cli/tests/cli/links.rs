//! Deck links where a command takes a deck file (issue 30, item 3): what is refused before
//! anything is fetched, named by site and setting (exit 2), and a Legion HQ link, which is the
//! list itself and is checked without a fetch. Fetching each site is tested against a local
//! server in `crates/links`; nothing here reaches the network.

use std::process::{Command, Output};

use super::{fixture_catalog, json, shared_dir, stderr, stdout};

/// `deckcheck` on the fixture catalog, with `DECKCHECK_LINK_HOSTS` as given (unset: `None`).
fn run(hosts: Option<&str>, args: &[&str]) -> Output {
    let cards = fixture_catalog();
    let mut command = Command::new(env!("CARGO_BIN_EXE_deckcheck"));
    command
        .args(args)
        .env("DECKCHECK_CARDS", cards.path())
        .env_remove("DECKCHECK_CARD_DATA")
        .env_remove("DECKCHECK_LINK_HOSTS");
    if let Some(hosts) = hosts {
        command.env("DECKCHECK_LINK_HOSTS", hosts);
    }
    command.output().expect("deckcheck runs")
}

#[track_caller]
fn assert_refused(out: &Output, message: &str) {
    assert_eq!(out.status.code(), Some(2), "{}", stderr(out));
    assert!(stderr(out).contains(message), "{}", stderr(out));
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_plain_http_deck_link_is_refused_naming_the_site() {
    let out = run(None, &["check", "http://swudb.com/deck/AbC123"]);
    assert_refused(&out, "swudb.com: deck links are fetched over HTTPS only");
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_link_to_a_host_off_the_allowlist_is_refused_naming_the_setting() {
    let out = run(Some("swudb.com"), &["check", "https://swubase.com/decks/x"]);
    assert_refused(
        &out,
        "swubase.com: links from this site are not read here; paste the deck list itself, or export it from the site as text or JSON (the hosts read are set by DECKCHECK_LINK_HOSTS)",
    );
    let out = run(None, &["check", "--json", "https://evil.example/deck.json"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        json(&out)["error"]
            .as_str()
            .unwrap()
            .starts_with("evil.example: links from this site are not read here"),
        "{}",
        stdout(&out)
    );
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn an_address_in_the_allowlist_setting_is_refused_with_the_entry_named() {
    let out = run(
        Some("default,127.0.0.1"),
        &["check", "https://swudb.com/deck/x"],
    );
    assert_refused(
        &out,
        "DECKCHECK_LINK_HOSTS: \"127.0.0.1\" is an address; the allowlist names hosts",
    );
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn convert_and_diff_take_a_link_where_they_take_a_file() {
    let out = run(None, &["convert", "http://swubase.com/decks/x"]);
    assert_refused(&out, "SWUBase: deck links are fetched over HTTPS only");
    let out = run(
        Some(""),
        &["diff", "https://melee.gg/Decklist/View/abc", "-"],
    );
    assert_refused(&out, "melee.gg: links from this site are not read here");
}

const LEGION_LINK: &str = "https://legionhq2.com/list/rebels/1000:1ab0000,1ad0000,3ahed0dc0,1aieh000,1gv00000,1ae000,2ak00000,2ao00,1he00,1ap000,cr,cq,vo,ck,bj,ch,Ag,Ah,Ai,Aa,Ab,Ac,yu,yv,yw";

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_legion_hq_link_for_another_game_names_the_game_to_give() {
    let out = run(None, &["check", LEGION_LINK]);
    assert_refused(&out, "is a Legion HQ list for --game legion, not swu");
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_legion_hq_link_is_checked_without_a_fetch_even_with_links_off() {
    let cards = shared_dir().join("data/legion/legion-hq");
    assert!(
        cards.is_dir(),
        "needs ../shared: no Legion card data at {}",
        cards.display()
    );
    let cards = cards.to_str().unwrap();
    let check = [
        "check",
        "--game",
        "legion",
        "--cards",
        cards,
        "--as-of",
        "2026-11-22",
    ];
    let out = run(Some(""), &[&check[..], &[LEGION_LINK]].concat());
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}{}",
        stdout(&out),
        stderr(&out)
    );
    assert!(
        stdout(&out).starts_with(&format!(
            "{LEGION_LINK} (Legion HQ): Standard on 2026-11-22: LEGAL"
        )),
        "{}",
        stdout(&out)
    );
}
