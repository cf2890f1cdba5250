//! Judge tools (issue 6): the registered list against the presented deck, and limited decks
//! against the pool the player opened, as table tests built from the real decks.

use deckcheck::catalog::CardId;
use deckcheck::data::FormatId;
use deckcheck::deck::{Deck, DeckEntry, Zone};
use deckcheck::decklist::parse_pool;
use deckcheck::judge::{Verdict, compare};
use deckcheck::rules::{CheckOptions, Code};
use jiff::civil::date;

use crate::helpers::*;

fn wichita() -> Deck {
    import("tournament/wichita-pq-4th-han-solo.swudb.json").deck
}

fn card(id: &str) -> (CardId, deckcheck::catalog::PrintingId) {
    let p = CHECKER
        .catalog
        .printing_by_id(id)
        .unwrap_or_else(|| panic!("{id}"));
    (p.card, p.id)
}

/// Moves `n` copies of the card printed as `id` from one zone to another.
fn shift(deck: &mut Deck, id: &str, from: Zone, to: Zone, n: u32) {
    let (c, p) = card(id);
    let e = deck
        .entries
        .iter_mut()
        .find(|e| e.card == c && e.zone == from)
        .unwrap_or_else(|| panic!("{id} in {from:?}"));
    e.count -= n;
    deck.entries.retain(|e| e.count > 0);
    deck.entries.push(DeckEntry {
        zone: to,
        card: c,
        printing: p,
        count: n,
        line: None,
    });
}

fn add(deck: &mut Deck, id: &str, zone: Zone, n: u32) {
    let (c, p) = card(id);
    deck.entries.push(DeckEntry {
        zone,
        card: c,
        printing: p,
        count: n,
        line: None,
    });
}

/// (what was done to the presented deck, the verdict, the finding codes that must appear)
type Case = (
    &'static str,
    fn(&mut Deck, &mut Option<Deck>),
    Verdict,
    &'static [&'static str],
);

#[test]
fn a_deck_check_judges_every_difference_by_the_regulations() {
    let cases: Vec<Case> = vec![
        ("the registered deck itself", |_, _| {}, Verdict::Match, &[]),
        (
            "two cards in from the sideboard, two out: legal sideboarding",
            |d, _| {
                shift(d, "SOR_195", Zone::Sideboard, Zone::Main, 2); // Auzituck Liberator Gunship in
                shift(d, "SOR_211", Zone::Main, Zone::Sideboard, 2); // Gamorrean Guards out
            },
            Verdict::LegalSideboarding,
            &["card-moved"],
        ),
        (
            "three out of the main deck into the sideboard: the main deck falls below 50",
            |d, _| shift(d, "SOR_222", Zone::Main, Zone::Sideboard, 3),
            Verdict::Mismatch,
            &[
                "card-moved",
                "main-deck-below-minimum",
                "sideboard-larger-than-registered",
            ],
        ),
        (
            "a card swapped in that was never registered",
            |d, _| {
                shift(d, "SOR_211", Zone::Main, Zone::Sideboard, 2);
                d.entries
                    .retain(|e| !(e.card == card("SOR_211").0 && e.zone == Zone::Sideboard));
                add(d, "SOR_095", Zone::Main, 2); // Battlefield Marine
            },
            Verdict::Mismatch,
            &["card-missing", "card-extra"],
        ),
        (
            "a reprint printing stands for the registered card",
            |d, _| {
                d.entries.retain(|e| e.card != card("SHD_231").0);
                add(d, "SOR_220", Zone::Main, 2); // Surprise Strike, Spark printing
                add(d, "SOR_482", Zone::Main, 1); // and its Hyperspace printing
            },
            Verdict::Match,
            &[],
        ),
        (
            "a changed base",
            |d, _| {
                d.entries.retain(|e| e.zone != Zone::Base);
                add(d, "SOR_020", Zone::Base, 1);
            },
            Verdict::Mismatch,
            &["base-changed"],
        ),
        (
            "a leader changed",
            |d, _| {
                d.entries.retain(|e| e.zone != Zone::Leader);
                add(d, "SOR_010", Zone::Leader, 1);
            },
            Verdict::Mismatch,
            &["leader-changed"],
        ),
        (
            "an extra card in the deck box counts as sideboard",
            |_, b| {
                let mut extra = Deck::default();
                add(&mut extra, "SOR_095", Zone::Main, 1);
                *b = Some(extra);
            },
            Verdict::Mismatch,
            &[
                "deck-box-extra",
                "card-extra",
                "sideboard-larger-than-registered",
            ],
        ),
        (
            "a Common base in the deck box is a token, not sideboard",
            |_, b| {
                let mut extra = Deck::default();
                add(&mut extra, "SOR_024", Zone::Base, 1); // Echo Base, Common
                *b = Some(extra);
            },
            Verdict::Match,
            &[],
        ),
    ];
    let registered = wichita();
    for (name, change, verdict, codes) in cases {
        let mut presented = registered.clone();
        let mut deck_box = None;
        change(&mut presented, &mut deck_box);
        let c = compare(
            &CHECKER,
            &registered,
            &presented,
            deck_box.as_ref(),
            FormatId::Premier,
            date(2025, 4, 1),
        );
        let found: Vec<_> = c.findings.iter().map(|f| f.code).collect();
        assert_eq!(c.verdict, verdict, "{name}: {found:?}");
        for code in codes {
            assert!(
                found.contains(code),
                "{name}: {code} missing from {found:?}"
            );
        }
        if verdict != Verdict::Mismatch {
            assert!(c.findings.iter().all(|f| !f.mismatch), "{name}");
        }
    }
}

#[test]
fn sideboard_moves_cite_the_regulation_and_name_the_card() {
    let registered = wichita();
    let mut presented = registered.clone();
    shift(&mut presented, "SOR_195", Zone::Sideboard, Zone::Main, 2);
    shift(&mut presented, "SOR_211", Zone::Main, Zone::Sideboard, 2);
    let c = compare(
        &CHECKER,
        &registered,
        &presented,
        None,
        FormatId::Premier,
        date(2025, 4, 1),
    );
    let moved = c
        .findings
        .iter()
        .find(|f| {
            f.cards
                .iter()
                .any(|r| r.title == "Auzituck Liberator Gunship")
        })
        .unwrap();
    assert_eq!((moved.code, moved.section), ("card-moved", "TR 4.6.2"));
    assert!(
        moved
            .message
            .contains("2 moved from the sideboard to the main deck"),
        "{}",
        moved.message
    );
}

/// A pool made of an official deck's cards, split into `packs` packs of card ids.
fn packs_of(relative: &str, packs: usize, extra_leaders: &[&str]) -> String {
    let deck = import(relative).deck;
    let mut ids: Vec<String> = Vec::new();
    for e in deck.entries.iter().filter(|e| e.zone != Zone::Base) {
        for _ in 0..e.count {
            ids.push(CHECKER.catalog.printing_code(e.printing));
        }
    }
    let size = ids.len().div_ceil(packs);
    let chunks: Vec<Vec<String>> = ids.chunks(size).map(<[String]>::to_vec).collect();
    let mut chunks = chunks;
    chunks.resize(packs, Vec::new());
    serde_json::json!({ "packs": chunks, "leaders": extra_leaders, "event_set": "SOR" }).to_string()
}

fn limited(format: FormatId, deck: &Deck, pool_json: &str) -> deckcheck::rules::Report {
    let pool = parse_pool(&CHECKER.catalog, pool_json).unwrap();
    assert!(pool.diagnostics.is_empty(), "{:?}", pool.diagnostics);
    let mut options = CheckOptions::new(format, date(2024, 3, 8));
    options.pool = Some(pool.pool);
    CHECKER.check(std::slice::from_ref(deck), vec![], &options)
}

/// A 30-card limited deck from the Darth Vader starter's cards, with its base.
fn sealed_deck() -> Deck {
    let starter = import("official-starters/sor-darth-vader.json").deck;
    let mut deck = Deck::default();
    let mut left = 30;
    for e in &starter.entries {
        match e.zone {
            Zone::Leader | Zone::Base => deck.entries.push(e.clone()),
            _ if left > 0 => {
                let n = e.count.min(left);
                deck.entries.push(DeckEntry {
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

#[test]
fn a_sealed_deck_built_from_its_six_packs_is_legal() {
    let report = limited(
        FormatId::Sealed,
        &sealed_deck(),
        &packs_of("official-starters/sor-darth-vader.json", 6, &[]),
    );
    assert!(report.legal, "{}", explain(&report));
}

#[test]
fn a_sealed_deck_with_one_common_too_many_is_reported_with_both_numbers() {
    let mut deck = sealed_deck();
    // Death Star Stormtrooper (Common): the starter, and so the pool, has 3.
    add(&mut deck, "SOR_128", Zone::Main, 1);
    let before: u32 = deck
        .entries
        .iter()
        .filter(|e| e.card == card("SOR_128").0)
        .map(|e| e.count)
        .sum();
    let report = limited(
        FormatId::Sealed,
        &deck,
        &packs_of("official-starters/sor-darth-vader.json", 6, &[]),
    );
    let v = report
        .violations
        .iter()
        .find(|v| v.code == Code::CardNotInPool)
        .unwrap_or_else(|| panic!("{}", explain(&report)));
    assert_eq!((v.expected, v.actual), (Some(3), Some(u64::from(before))));
    assert_eq!(v.cards[0].title, "Death Star Stormtrooper");
}

#[test]
fn a_draft_deck_led_by_a_leader_not_drafted_is_illegal() {
    let mut deck = sealed_deck();
    deck.entries.retain(|e| e.zone != Zone::Leader);
    add(&mut deck, "SOR_005", Zone::Leader, 1); // Luke Skywalker, never drafted
    let pool = packs_of(
        "official-starters/sor-darth-vader.json",
        3,
        &["SOR_010", "SOR_016", "SOR_001"],
    );
    let report = limited(FormatId::Draft, &deck, &pool);
    let v = report
        .violations
        .iter()
        .find(|v| v.code == Code::CardNotInPool)
        .unwrap_or_else(|| panic!("{}", explain(&report)));
    assert_eq!(v.cards[0].title, "Luke Skywalker");
    assert_eq!(report.violations.len(), 1, "{}", explain(&report));
}

#[test]
fn a_prerelease_promo_leader_declared_with_the_pool_may_lead() {
    let mut deck = sealed_deck();
    deck.entries.retain(|e| e.zone != Zone::Leader);
    add(&mut deck, "SOR_005", Zone::Leader, 1);
    let mut pool: serde_json::Value =
        serde_json::from_str(&packs_of("official-starters/sor-darth-vader.json", 6, &[])).unwrap();
    pool["promo_leaders"] = serde_json::json!(["SOR_005"]);
    let report = limited(FormatId::Sealed, &deck, &pool.to_string());
    assert!(report.legal, "{}", explain(&report));
}

#[test]
fn a_sealed_pool_of_five_packs_is_the_wrong_shape() {
    let report = limited(
        FormatId::Sealed,
        &sealed_deck(),
        &packs_of("official-starters/sor-darth-vader.json", 5, &[]),
    );
    let v = report
        .violations
        .iter()
        .find(|v| v.code == Code::PoolShape)
        .unwrap();
    assert_eq!(
        (v.expected, v.actual, v.section.as_str()),
        (Some(6), Some(5), "TR 2.3.2.2")
    );
}
