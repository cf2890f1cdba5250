//! Judge tools (issue 6): the registered list against the presented deck, and limited decks
//! against the pool the player opened, as table tests built from the real decks.

use deckcheck_core::{ComparisonVerdict, Imported, Report, Verdict};
use deckcheck_swu::Swu;
use deckcheck_swu::deck::{Deck, DeckEntry, Zone};
use deckcheck_swu::decklist::parse_pool;
use deckcheck_swu::judge::compare;
use deckcheck_swu::rules::{Submission, codes};
use jiff::civil::{Date, date};

use crate::helpers::*;
use crate::real;

fn wichita(swu: &Swu) -> Deck {
    import(swu, "tournament/wichita-pq-4th-han-solo.swudb.json").deck
}

/// Moves `n` copies of the card printed as `id` from one zone to another.
fn shift(swu: &Swu, deck: &mut Deck, id: &str, from: Zone, to: Zone, n: u32) {
    let moved = entry(swu, to, id, n);
    assert!(
        deck.entries()
            .iter()
            .any(|e| e.card == moved.card && e.zone == from && e.count >= n),
        "{id} in {from:?}"
    );
    let card = moved.card;
    let mut done = false;
    let entries: Vec<DeckEntry> = deck
        .entries()
        .iter()
        .filter_map(|e| {
            if !done && e.card == card && e.zone == from {
                done = true;
                let left = e.count - n;
                (left > 0).then(|| DeckEntry {
                    count: left,
                    ..e.clone()
                })
            } else {
                Some(e.clone())
            }
        })
        .chain([moved])
        .collect();
    *deck = rebuilt(deck, entries);
}

fn add(swu: &Swu, deck: &mut Deck, id: &str, zone: Zone, n: u32) {
    deck.push(entry(swu, zone, id, n));
}

/// Drops every entry `drop` picks.
fn drop_where(deck: &mut Deck, drop: impl Fn(&DeckEntry) -> bool) {
    let kept: Vec<DeckEntry> = deck
        .entries()
        .iter()
        .filter(|e| !drop(e))
        .cloned()
        .collect();
    *deck = rebuilt(deck, kept);
}

/// (what was done to the presented deck, the verdict, the finding codes that must appear)
type Case = (
    &'static str,
    fn(&Swu, &mut Deck, &mut Option<Deck>),
    ComparisonVerdict,
    &'static [&'static str],
);

fn presented(deck: Deck) -> Imported<Deck> {
    Imported {
        deck,
        diagnostics: Vec::new(),
        format: "swudb-json",
    }
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_deck_check_judges_every_difference_by_the_regulations() {
    let swu = real!();
    let cases: Vec<Case> = vec![
        (
            "the registered deck itself",
            |_, _, _| {},
            ComparisonVerdict::Match,
            &[],
        ),
        (
            "two cards in from the sideboard, two out: legal sideboarding",
            |s, d, _| {
                shift(s, d, "SOR_195", Zone::Sideboard, Zone::Main, 2); // Auzituck Liberator Gunship in
                shift(s, d, "SOR_211", Zone::Main, Zone::Sideboard, 2); // Gamorrean Guards out
            },
            ComparisonVerdict::LegalSideboarding,
            &["card-moved"],
        ),
        (
            "three out of the main deck into the sideboard: the main deck falls below 50",
            |s, d, _| shift(s, d, "SOR_222", Zone::Main, Zone::Sideboard, 3),
            ComparisonVerdict::Mismatch,
            &[
                "card-moved",
                "main-deck-below-minimum",
                "sideboard-larger-than-registered",
            ],
        ),
        (
            "a card swapped in that was never registered",
            |s, d, _| {
                shift(s, d, "SOR_211", Zone::Main, Zone::Sideboard, 2);
                let guards = entry(s, Zone::Main, "SOR_211", 1).card;
                drop_where(d, |e| e.card == guards && e.zone == Zone::Sideboard);
                add(s, d, "SOR_095", Zone::Main, 2); // Battlefield Marine
            },
            ComparisonVerdict::Mismatch,
            &["card-missing", "card-extra"],
        ),
        (
            "a reprint printing stands for the registered card",
            |s, d, _| {
                let strike = entry(s, Zone::Main, "SHD_231", 1).card;
                drop_where(d, |e| e.card == strike);
                add(s, d, "SOR_220", Zone::Main, 2); // Surprise Strike, Spark printing
                add(s, d, "SOR_482", Zone::Main, 1); // and its Hyperspace printing
            },
            ComparisonVerdict::Match,
            &[],
        ),
        (
            "a changed base",
            |s, d, _| {
                drop_where(d, |e| e.zone == Zone::Base);
                add(s, d, "SOR_020", Zone::Base, 1);
            },
            ComparisonVerdict::Mismatch,
            &["base-changed"],
        ),
        (
            "a leader changed",
            |s, d, _| {
                drop_where(d, |e| e.zone == Zone::Leader);
                add(s, d, "SOR_010", Zone::Leader, 1);
            },
            ComparisonVerdict::Mismatch,
            &["leader-changed"],
        ),
        (
            // On 2025-04-01 no regulation counted the deck box yet: TR v1.4 (2025-07-11) made
            // its extra cards sideboard (issue18/authority.rs checks both sides of that date).
            "an extra card in the deck box before TR v1.4 is not judged",
            |s, _, b| {
                let mut extra = Deck::new();
                add(s, &mut extra, "SOR_095", Zone::Main, 1);
                *b = Some(extra);
            },
            ComparisonVerdict::Match,
            &[],
        ),
        (
            "a Common base in the deck box is a token, not sideboard",
            |s, _, b| {
                let mut extra = Deck::new();
                add(s, &mut extra, "SOR_024", Zone::Base, 1); // Echo Base, Common
                *b = Some(extra);
            },
            ComparisonVerdict::Match,
            &[],
        ),
    ];
    let registered = wichita(swu);
    let premier = swu.data().format("premier").unwrap();
    for (name, change, verdict, codes) in cases {
        let mut deck = registered.clone();
        let mut deck_box = None;
        change(swu, &mut deck, &mut deck_box);
        let c = compare(
            swu,
            &registered,
            &presented(deck),
            deck_box.as_ref(),
            premier,
            date(2025, 4, 1),
        );
        let found: Vec<_> = c.findings.iter().map(|f| f.code.as_str()).collect();
        assert_eq!(c.verdict, verdict, "{name}: {found:?}");
        for code in codes {
            assert!(
                found.contains(code),
                "{name}: {code} missing from {found:?}"
            );
        }
        if verdict != ComparisonVerdict::Mismatch {
            assert!(c.findings.iter().all(|f| !f.mismatch), "{name}");
        }
    }
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn sideboard_moves_cite_the_regulation_and_name_the_card() {
    let swu = real!();
    let registered = wichita(swu);
    let mut deck = registered.clone();
    shift(swu, &mut deck, "SOR_195", Zone::Sideboard, Zone::Main, 2);
    shift(swu, &mut deck, "SOR_211", Zone::Main, Zone::Sideboard, 2);
    let premier = swu.data().format("premier").unwrap();
    let moved_in = |as_of: Date| {
        let c = compare(
            swu,
            &registered,
            &presented(deck.clone()),
            None,
            premier,
            as_of,
        );
        c.findings
            .into_iter()
            .find(|f| {
                f.cards
                    .iter()
                    .any(|r| &*r.title == "Auzituck Liberator Gunship")
            })
            .unwrap()
    };
    let moved = moved_in(date(2025, 4, 1));
    // The Tournament Regulations in force in April 2025 (v1.3, English) number it 4.5.2.
    assert_eq!(
        (moved.code.as_str(), moved.section.as_str()),
        ("card-moved", "TR 4.5.2")
    );
    assert!(
        moved
            .message
            .contains("2 moved from the sideboard to the main deck"),
        "{}",
        moved.message
    );
    // The Comprehensive Event Guide replaced them (issue 16: sections as the document in force says).
    assert_eq!(moved_in(date(2026, 7, 1)).section, "CEG 6.4");
}

/// A pool made of an official deck's cards, split into `packs` packs of card ids.
fn packs_of(swu: &Swu, relative: &str, packs: usize, extra_leaders: &[&str]) -> String {
    let deck = import(swu, relative).deck;
    let mut ids: Vec<String> = Vec::new();
    for e in deck.entries().iter().filter(|e| e.zone != Zone::Base) {
        for _ in 0..e.count {
            ids.push(swu.catalog().printing(e.printing).code.to_string());
        }
    }
    let size = ids.len().div_ceil(packs);
    let mut chunks: Vec<Vec<String>> = ids.chunks(size).map(<[String]>::to_vec).collect();
    chunks.resize(packs, Vec::new());
    serde_json::json!({ "packs": chunks, "leaders": extra_leaders, "event_set": "SOR" }).to_string()
}

fn limited(swu: &Swu, format: &str, deck: &Deck, pool_json: &str) -> Report {
    let pool = parse_pool(swu.catalog(), pool_json).unwrap();
    assert!(pool.diagnostics.is_empty(), "{:?}", pool.diagnostics);
    let submission = Submission {
        pool: Some(&pool.pool),
        ..Submission::of(std::slice::from_ref(deck))
    };
    swu.check_decks(format, date(2024, 3, 8), submission, 0)
        .unwrap()
}

/// A 30-card limited deck from the Darth Vader starter's cards, with its base.
fn sealed_deck(swu: &Swu) -> Deck {
    let starter = import(swu, "official-starters/sor-darth-vader.json").deck;
    let mut deck = Deck::new();
    let mut left = 30;
    for e in starter.entries() {
        match e.zone {
            Zone::Leader | Zone::Base => deck.push(e.clone()),
            _ if left > 0 => {
                let n = e.count.min(left);
                deck.push(DeckEntry {
                    count: n,
                    ..e.clone()
                });
                left -= n;
            }
            _ => {}
        }
    }
    deck
}

const VADER: &str = "official-starters/sor-darth-vader.json";

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_sealed_deck_built_from_its_six_packs_is_legal() {
    let swu = real!();
    let report = limited(
        swu,
        "sealed",
        &sealed_deck(swu),
        &packs_of(swu, VADER, 6, &[]),
    );
    assert_eq!(report.verdict, Verdict::Legal, "{}", explain(&report));
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_sealed_deck_with_one_common_too_many_is_reported_with_both_numbers() {
    let swu = real!();
    let mut deck = sealed_deck(swu);
    // Death Star Stormtrooper (Common): the starter, and so the pool, has 3.
    add(swu, &mut deck, "SOR_128", Zone::Main, 1);
    let trooper = entry(swu, Zone::Main, "SOR_128", 1).card;
    let before: u32 = deck
        .entries()
        .iter()
        .filter(|e| e.card == trooper)
        .map(|e| e.count)
        .sum();
    let report = limited(swu, "sealed", &deck, &packs_of(swu, VADER, 6, &[]));
    let v = report
        .violations
        .iter()
        .find(|v| v.code == codes::CARD_NOT_IN_POOL)
        .unwrap_or_else(|| panic!("{}", explain(&report)));
    assert_eq!((v.expected, v.actual), (Some(3), Some(u64::from(before))));
    assert_eq!(&*v.cards[0].title, "Death Star Stormtrooper");
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_draft_deck_led_by_a_leader_not_drafted_is_illegal() {
    let swu = real!();
    let mut deck = sealed_deck(swu);
    drop_where(&mut deck, |e| e.zone == Zone::Leader);
    add(swu, &mut deck, "SOR_005", Zone::Leader, 1); // Luke Skywalker, never drafted
    let pool = packs_of(swu, VADER, 3, &["SOR_010", "SOR_016", "SOR_001"]);
    let report = limited(swu, "draft", &deck, &pool);
    let v = report
        .violations
        .iter()
        .find(|v| v.code == codes::CARD_NOT_IN_POOL)
        .unwrap_or_else(|| panic!("{}", explain(&report)));
    assert_eq!(&*v.cards[0].title, "Luke Skywalker");
    assert_eq!(report.violations.len(), 1, "{}", explain(&report));
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_prerelease_promo_leader_declared_with_the_pool_may_lead() {
    let swu = real!();
    let mut deck = sealed_deck(swu);
    drop_where(&mut deck, |e| e.zone == Zone::Leader);
    add(swu, &mut deck, "SOR_005", Zone::Leader, 1);
    let mut pool: serde_json::Value = serde_json::from_str(&packs_of(swu, VADER, 6, &[])).unwrap();
    pool["promo_leaders"] = serde_json::json!(["SOR_005"]);
    let report = limited(swu, "sealed", &deck, &pool.to_string());
    assert_eq!(report.verdict, Verdict::Legal, "{}", explain(&report));
}

/// Issue 28: the pack count is the event's matter, not a deckbuilding rule: a five-pack pool
/// gets a note citing the format's section, and the deck is judged on its cards (legal here).
#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_sealed_pool_of_five_packs_gets_a_note_not_a_violation() {
    let swu = real!();
    let report = limited(
        swu,
        "sealed",
        &sealed_deck(swu),
        &packs_of(swu, VADER, 5, &[]),
    );
    assert_eq!(report.verdict, Verdict::Legal, "{}", explain(&report));
    let note = report
        .notes
        .iter()
        .find(|n| n.message.contains("packs"))
        .unwrap_or_else(|| panic!("{}", explain(&report)));
    assert_eq!(note.kind, deckcheck_core::NoteKind::Caveat);
    assert_eq!(note.section.as_deref(), Some("TR 2.3.2.2"));
    assert!(
        note.message
            .starts_with("A Sealed pool is 6 packs; this one has 5."),
        "{}",
        note.message
    );
}

/// Issue 16: a limited format checked without the pool cannot be judged.
#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_limited_deck_without_its_pool_is_unverified() {
    let swu = real!();
    let deck = sealed_deck(swu);
    for format in ["sealed", "draft"] {
        let report = check_decks(
            swu,
            std::slice::from_ref(&deck),
            0,
            format,
            date(2024, 3, 8),
        );
        assert_eq!(
            report.verdict,
            Verdict::Unverified,
            "{format}: {}",
            explain(&report)
        );
    }
}
