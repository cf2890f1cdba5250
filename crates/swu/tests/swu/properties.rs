//! Property tests (issue 7): what must hold for every deck, not just the ones we wrote down.
//!
//! Decks are drawn from the real catalog: random decks of real printings, shaped like decks (a
//! leader or two, a base, a main deck, a sideboard, now and then a card in the wrong zone), and
//! the real decks of `../shared` with random changes. Checked on a random format and date.
//! (The strategies draw positions, not printings, so that they build without the real catalog;
//! the properties themselves are ignored without it.)
//!
//! - adding a copy of a card never makes an illegal deck legal, unless what was wrong was only
//!   that something was missing (too few cards, no leader, no base);
//! - reordering the lines of a text list (within and between its sections) never changes the
//!   verdict;
//! - a deck's SWUDB JSON export, read back, is the same deck (zone, printing, count);
//! - a deck's text export, read back, is the same deck (zone, card, count).
//!
//! The exports' edges (a third leader, a second base, counts past the per-line maximum, metadata
//! with line breaks) are pinned by the tests at the end.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use deckcheck_core::input::MAX_COUNT;
use deckcheck_core::{Code, DiagnosticCode, Report, Verdict};
use deckcheck_swu::Swu;
use deckcheck_swu::catalog::{CardType, PrintingId};
use deckcheck_swu::deck::{Deck, DeckEntry, Zone};
use deckcheck_swu::decklist::{parse_swudb, parse_text, to_swudb_json, to_text};
use deckcheck_swu::rules::{Pool, Submission, codes};
use jiff::civil::{Date, date};
use proptest::prelude::*;
use proptest::sample::{Index, select};

use crate::helpers::*;

/// Printings by what they are, from the real catalog.
struct Printings {
    leaders: Vec<PrintingId>,
    bases: Vec<PrintingId>,
    deck_cards: Vec<PrintingId>,
    all: Vec<PrintingId>,
}

fn printings(swu: &'static Swu) -> &'static Printings {
    static PRINTINGS: OnceLock<Printings> = OnceLock::new();
    PRINTINGS.get_or_init(|| {
        let catalog = swu.catalog();
        let of = |keep: &dyn Fn(CardType) -> bool| -> Vec<PrintingId> {
            catalog
                .printings()
                .iter()
                .filter(|p| keep(catalog.card(p.card).card_type))
                .map(|p| p.id)
                .collect()
        };
        Printings {
            leaders: of(&|t| t == CardType::Leader),
            bases: of(&|t| t == CardType::Base),
            deck_cards: of(&|t| t.is_deck_card()),
            all: of(&|_| true),
        }
    })
}

/// The real decks of `../shared` (official starters and the Wichita deck).
fn real_decks(swu: &'static Swu) -> &'static [Deck] {
    static DECKS: OnceLock<Vec<Deck>> = OnceLock::new();
    DECKS.get_or_init(|| {
        let dir = shared_swu().join("decks");
        let mut files: Vec<_> = ["official-starters", "tournament"]
            .iter()
            .flat_map(|d| std::fs::read_dir(dir.join(d)).expect("the real decks"))
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        files.sort();
        files
            .iter()
            .map(|p| {
                let text = std::fs::read_to_string(p).unwrap();
                parse_swudb(swu.catalog(), &text).unwrap().deck
            })
            .collect()
    })
}

const FORMATS: [&str; 6] = [
    "premier",
    "eternal",
    "twin-suns",
    "trilogy",
    "sealed",
    "draft",
];

const DATES: [Date; 5] = [
    date(2024, 3, 8),
    date(2024, 11, 8),
    date(2025, 4, 1),
    date(2025, 7, 11),
    date(2026, 10, 1),
];

fn entry_of(swu: &Swu, zone: Zone, printing: PrintingId, count: u32) -> DeckEntry {
    DeckEntry {
        zone,
        card: swu.catalog().printing(printing).card,
        printing,
        count,
        line: None,
    }
}

fn zone() -> impl Strategy<Value = Zone> {
    select(&Zone::ALL[..])
}

/// A deck to build once the catalog is known: positions in its lists of printings.
#[derive(Debug, Clone)]
enum DeckSeed {
    /// A random deck of real printings, shaped like a deck.
    Random {
        leaders: Vec<Index>,
        bases: Vec<Index>,
        main: Vec<(Index, u32)>,
        side: Vec<(Index, u32)>,
        /// Now and then, any printing (a token, a leader) in any zone.
        stray: Option<(Zone, Index, u32)>,
    },
    /// A real deck with a few entries dropped and a few real printings added.
    Real {
        deck: Index,
        drop: Vec<Index>,
        add: Vec<(Zone, Index, u32)>,
    },
}

fn any_deck() -> impl Strategy<Value = DeckSeed> {
    let random = (
        prop::collection::vec(any::<Index>(), 0..=2),
        prop::collection::vec(any::<Index>(), 0..=1),
        prop::collection::vec((any::<Index>(), 1..=3u32), 0..=24),
        prop::collection::vec((any::<Index>(), 1..=3u32), 0..=4),
        prop::option::weighted(0.2, (zone(), any::<Index>(), 1..=2u32)),
    )
        .prop_map(|(leaders, bases, main, side, stray)| DeckSeed::Random {
            leaders,
            bases,
            main,
            side,
            stray,
        });
    let real = (
        any::<Index>(),
        prop::collection::vec(any::<Index>(), 0..=3),
        prop::collection::vec((zone(), any::<Index>(), 1..=3u32), 0..=3),
    )
        .prop_map(|(deck, drop, add)| DeckSeed::Real { deck, drop, add });
    prop_oneof![random, real]
}

fn build(swu: &'static Swu, seed: &DeckSeed) -> Deck {
    let p = printings(swu);
    let pick = |list: &[PrintingId], i: &Index| list[i.index(list.len())];
    match seed {
        DeckSeed::Random {
            leaders,
            bases,
            main,
            side,
            stray,
        } => {
            let mut deck = Deck::new();
            for l in leaders {
                deck.push(entry_of(swu, Zone::Leader, pick(&p.leaders, l), 1));
            }
            for b in bases {
                deck.push(entry_of(swu, Zone::Base, pick(&p.bases, b), 1));
            }
            for (c, n) in main {
                deck.push(entry_of(swu, Zone::Main, pick(&p.deck_cards, c), *n));
            }
            for (c, n) in side {
                deck.push(entry_of(swu, Zone::Sideboard, pick(&p.deck_cards, c), *n));
            }
            if let Some((z, c, n)) = stray {
                deck.push(entry_of(swu, *z, pick(&p.all, c), *n));
            }
            deck
        }
        DeckSeed::Real { deck, drop, add } => {
            let decks = real_decks(swu);
            let base = &decks[deck.index(decks.len())];
            let mut entries: Vec<DeckEntry> = base.entries().to_vec();
            for d in drop {
                if !entries.is_empty() {
                    let at = d.index(entries.len());
                    entries.remove(at);
                }
            }
            entries.extend(
                add.iter()
                    .map(|(z, c, n)| entry_of(swu, *z, pick(&p.deck_cards, c), *n)),
            );
            rebuilt(base, entries)
        }
    }
}

/// A format and a date, and for limited formats the pool the deck is checked against.
#[derive(Debug, Clone, Copy)]
struct Ask {
    format: &'static str,
    as_of: Date,
}

fn ask() -> impl Strategy<Value = Ask> {
    (select(&FORMATS[..]), select(&DATES[..])).prop_map(|(format, as_of)| Ask { format, as_of })
}

fn is_limited(format: &str) -> bool {
    matches!(format, "sealed" | "draft")
}

/// Trilogy is checked with the deck three times; every other format with the deck.
fn check_deck(swu: &Swu, deck: &Deck, unreadable: usize, ask: Ask, pool: Option<&Pool>) -> Report {
    let decks = if ask.format == "trilogy" {
        vec![deck.clone(); 3]
    } else {
        vec![deck.clone()]
    };
    let submission = Submission {
        pool,
        ..Submission::of(&decks)
    };
    swu.check_decks(ask.format, ask.as_of, submission, unreadable)
        .unwrap()
}

/// Violations that only say something is missing: one more card may be what was missing.
fn only_missing(code: Code) -> bool {
    [
        codes::MAIN_DECK_TOO_SMALL,
        codes::LEADER_COUNT,
        codes::BASE_COUNT,
        codes::DECK_LIST_INCOMPLETE,
    ]
    .contains(&code)
}

/// Violations about a card or a count that one more copy cannot take away.
const KEPT: [Code; 9] = [
    codes::TOO_MANY_COPIES,
    codes::CARD_NOT_RELEASED,
    codes::CARD_NOT_IN_FORMAT,
    codes::CARD_SUSPENDED,
    codes::NOT_A_LEADER,
    codes::NOT_A_BASE,
    codes::NOT_A_DECK_CARD,
    codes::SIDEBOARD_TOO_LARGE,
    codes::CARD_NOT_IN_POOL,
];

fn codes_of(report: &Report) -> Vec<&'static str> {
    let mut codes: Vec<&'static str> = report.violations.iter().map(|v| v.code.as_str()).collect();
    codes.sort_unstable();
    codes
}

/// Copies per (zone, printing).
fn by_printing(deck: &Deck) -> BTreeMap<(Zone, PrintingId), u64> {
    let mut out = BTreeMap::new();
    for e in deck.entries() {
        *out.entry((e.zone, e.printing)).or_insert(0) += u64::from(e.count);
    }
    out
}

/// Copies per (zone, card).
fn by_card(deck: &Deck) -> BTreeMap<(Zone, deckcheck_swu::catalog::CardId), u64> {
    let mut out = BTreeMap::new();
    for e in deck.entries() {
        *out.entry((e.zone, e.card)).or_insert(0) += u64::from(e.count);
    }
    out
}

/// Whether SWUDB JSON has no fields for the deck: more than three leader entries or more than
/// one base entry (at most `MAX_COUNT` copies an entry).
fn swudb_refuses(deck: &Deck) -> bool {
    let entries = |zone: Zone| -> u64 {
        by_printing(deck)
            .iter()
            .filter(|((z, _), _)| *z == zone)
            .map(|(_, n)| n.div_ceil(MAX_COUNT))
            .sum()
    };
    entries(Zone::Leader) > 3 || entries(Zone::Base) > 1
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 128, ..ProptestConfig::default() })]

    #[test]
    #[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
    fn adding_a_copy_never_makes_an_illegal_deck_legal(
        seed in any_deck(),
        ask in ask(),
        (zone, printing) in (zone(), any::<Index>()),
        onto_existing in any::<Index>(),
        merge in any::<bool>(),
    ) {
        let swu = real();
        let deck = build(swu, &seed);
        // Limited: the pool is what the deck had before the copy was added.
        let pool = is_limited(ask.format).then(|| Pool::of(&deck));
        let before = check_deck(swu, &deck, 0, ask, pool.as_ref());
        prop_assume!(before.verdict != Verdict::Legal);
        prop_assume!(before.violations.iter().any(|v| !only_missing(v.code)));
        let mut entries = deck.entries().to_vec();
        if merge && !entries.is_empty() {
            // One more copy on an existing line.
            let at = onto_existing.index(entries.len());
            entries[at].count += 1;
        } else {
            let all = &printings(swu).all;
            entries.push(entry_of(swu, zone, all[printing.index(all.len())], 1));
        }
        let more = rebuilt(&deck, entries);
        let after = check_deck(swu, &more, 0, ask, pool.as_ref());
        prop_assert!(
            after.verdict != Verdict::Legal,
            "one more copy made the deck legal; before: {}",
            explain(&before)
        );
        let after_codes = codes_of(&after);
        for code in codes_of(&before).into_iter().filter(|c| KEPT.iter().any(|k| k.as_str() == *c)) {
            prop_assert!(
                after_codes.contains(&code),
                "{code} went away with one more copy; after: {}",
                explain(&after)
            );
        }
    }

    #[test]
    #[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
    fn reordering_a_text_list_never_changes_the_verdict(
        seed in any_deck(),
        styles in prop::collection::vec(0..6usize, 40),
        junk in prop::collection::vec(select(&JUNK[..]), 0..4),
        keys in prop::collection::vec(any::<u32>(), 48),
        block_keys in prop::collection::vec(any::<u32>(), 5),
        headers in any::<bool>(),
        ask in ask(),
    ) {
        let swu = real();
        let deck = build(swu, &seed);
        // Blocks of lines: one per section (with a header), or one for all (placed by type).
        let mut blocks: Vec<(Option<&str>, Vec<String>)> = if headers {
            [("Leaders", Zone::Leader), ("Base", Zone::Base), ("Deck", Zone::Main), ("Sideboard", Zone::Sideboard)]
                .iter()
                .map(|(header, zone)| {
                    let lines = deck
                        .entries()
                        .iter()
                        .enumerate()
                        .filter(|(_, e)| e.zone == *zone)
                        .map(|(i, e)| line(swu, e, styles[i % styles.len()]))
                        .collect();
                    (Some(*header), lines)
                })
                .collect()
        } else {
            vec![(None, deck.entries().iter().enumerate().map(|(i, e)| line(swu, e, styles[i % styles.len()])).collect())]
        };
        blocks[0].1.extend(junk.iter().map(|j| j.to_string()));
        let write = |blocks: &[(Option<&str>, Vec<String>)]| {
            let mut text = String::new();
            for (header, lines) in blocks {
                if let Some(h) = header {
                    text.push_str(h);
                    text.push('\n');
                }
                for l in lines {
                    text.push_str(l);
                    text.push('\n');
                }
            }
            text
        };
        let original = write(&blocks);
        let mut n = 0;
        for (_, lines) in &mut blocks {
            let mut keyed: Vec<(u32, String)> = lines
                .drain(..)
                .map(|l| {
                    n += 1;
                    (keys[n % keys.len()].wrapping_add(n as u32), l)
                })
                .collect();
            keyed.sort();
            lines.extend(keyed.into_iter().map(|(_, l)| l));
        }
        let mut order: Vec<usize> = (0..blocks.len()).collect();
        order.sort_by_key(|i| block_keys[*i]);
        let blocks: Vec<_> = order.into_iter().map(|i| blocks[i].clone()).collect();
        let reordered = write(&blocks);

        let verdict = |text: &str| {
            parse_text(swu.catalog(), text).map(|imported| {
                let mut diagnostics: Vec<&'static str> =
                    imported.diagnostics.iter().map(|d| d.code.as_str()).collect();
                diagnostics.sort_unstable();
                let report = check_deck(swu, &imported.deck, imported.unreadable(), ask, None);
                (report.verdict, codes_of(&report), diagnostics, by_card(&imported.deck))
            })
        };
        prop_assert_eq!(
            verdict(&original),
            verdict(&reordered),
            "original:\n{}\nreordered:\n{}",
            original,
            reordered
        );
    }

    #[test]
    #[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
    fn the_swudb_export_reads_back_as_the_same_deck(seed in any_deck()) {
        let swu = real();
        let deck = build(swu, &seed);
        let json = match to_swudb_json(swu.catalog(), &deck) {
            Ok(json) => json,
            Err(e) => {
                prop_assert!(swudb_refuses(&deck), "refused a deck it can hold: {}", e);
                return Ok(());
            }
        };
        match parse_swudb(swu.catalog(), &json) {
            Ok(back) => {
                // A printing the card data lacks (a foil read by its set's numbering) is written
                // by its id and read back by the numbering again, with a note saying so; nothing
                // else may be said of an export.
                let said: Vec<_> = back
                    .diagnostics
                    .iter()
                    .filter(|d| d.code != DiagnosticCode::RESOLVED_BY_NUMBERING)
                    .collect();
                prop_assert!(said.is_empty(), "{:?}\n{}", said, json);
                prop_assert_eq!(by_printing(&back.deck), by_printing(&deck), "{}", json);
            }
            Err(e) => prop_assert!(deck.entries().is_empty(), "{e}\n{json}"),
        }
    }

    #[test]
    #[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
    fn the_text_export_reads_back_as_the_same_deck(seed in any_deck()) {
        let swu = real();
        let deck = build(swu, &seed);
        let text = to_text(swu.catalog(), &deck);
        match parse_text(swu.catalog(), &text) {
            Ok(back) => {
                let errors: Vec<_> = back.diagnostics.iter().filter(|d| d.blocks_verdict()).collect();
                prop_assert!(errors.is_empty(), "{:?}\n{}", errors, text);
                prop_assert_eq!(by_card(&back.deck), by_card(&deck), "{}", text);
                // Same deck, same verdict.
                let ask = Ask { format: "premier", as_of: date(2025, 7, 11) };
                prop_assert_eq!(
                    codes_of(&check_deck(swu, &back.deck, 0, ask, None)),
                    codes_of(&check_deck(swu, &deck, 0, ask, None))
                );
            }
            Err(e) => prop_assert!(deck.entries().is_empty(), "{e}\n{text}"),
        }
    }
}

/// Lines that are not cards, or not good ones: comments, blanks, unknown names, zero counts.
const JUNK: [&str; 6] = [
    "# a comment",
    "",
    "// another",
    "1 | Zzyzx the Unknowable",
    "0 | Waylay",
    "-1 | Waylay",
];

/// One deck entry as a text line, in one of the ways people write them.
fn line(swu: &Swu, e: &DeckEntry, style: usize) -> String {
    let catalog = swu.catalog();
    let card = catalog.card(e.card);
    let (title, sub) = (&card.title, card.subtitle.as_deref());
    let code = &catalog.printing(e.printing).code;
    let n = e.count;
    match (style, sub) {
        (0, Some(s)) => format!("{n} | {title} | {s}"),
        (0, None) => format!("{n} | {title}"),
        (1, Some(s)) => format!("{n}x {title} - {s}"),
        (1, None) => format!("{n}x {title}"),
        (2, Some(s)) => format!("{title}, {s} x{n}"),
        (2, None) => format!("{title} x{n}"),
        (3, _) => format!("{n} {code}"),
        (4, _) => format!("{n} | {} [{}]", card.display_name(), code.replace('_', "-")),
        _ => format!("{n}x{code}"),
    }
}

// The exports' edges.

fn the_wichita_deck(swu: &Swu) -> Deck {
    import(swu, "tournament/wichita-pq-4th-han-solo.swudb.json").deck
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn the_swudb_export_keeps_a_third_leader_in_leader2() {
    let swu = crate::real!();
    let mut deck = the_wichita_deck(swu);
    deck.push(entry(swu, Zone::Leader, "SOR_005", 1));
    deck.push(entry(swu, Zone::Leader, "SOR_010", 2));
    let json = to_swudb_json(swu.catalog(), &deck).unwrap();
    let back = parse_swudb(swu.catalog(), &json).unwrap();
    assert_eq!(by_printing(&back.deck), by_printing(&deck), "{json}");
    assert_eq!(back.deck.count(Zone::Leader), 4, "{json}");
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn the_swudb_export_refuses_a_fourth_leader_or_a_second_base_rather_than_drop_it() {
    let swu = crate::real!();
    let catalog = swu.catalog();
    let mut deck = the_wichita_deck(swu);
    deck.push(entry(swu, Zone::Base, "SOR_020", 1));
    let ask = Ask {
        format: "premier",
        as_of: date(2025, 4, 1),
    };
    assert!(check_deck(swu, &deck, 0, ask, None).has(codes::BASE_COUNT));
    let refused = to_swudb_json(catalog, &deck).unwrap_err();
    assert!(refused.to_string().contains("2 base entries"), "{refused}");
    assert!(refused.to_string().contains("SOR_020"), "{refused}");

    let mut deck = the_wichita_deck(swu);
    for id in ["SOR_005", "SOR_010", "SOR_001"] {
        deck.push(entry(swu, Zone::Leader, id, 1));
    }
    let refused = to_swudb_json(catalog, &deck).unwrap_err();
    assert!(
        refused.to_string().contains("4 leader entries"),
        "{refused}"
    );
    // The text export has room for every card.
    let back = parse_text(catalog, &to_text(catalog, &deck)).unwrap();
    assert_eq!(by_card(&back.deck), by_card(&deck));
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn merged_counts_over_the_maximum_read_back() {
    let swu = crate::real!();
    let catalog = swu.catalog();
    let text = "1000 | Waylay\n1000 | Waylay\n";
    let imported = parse_text(catalog, text).unwrap();
    assert_eq!(imported.deck.count(Zone::Main), 2000);
    let back = parse_text(catalog, &to_text(catalog, &imported.deck)).unwrap();
    assert_eq!(back.deck.count(Zone::Main), 2000, "{:?}", back.diagnostics);
    let json = to_swudb_json(catalog, &imported.deck).unwrap();
    let back = parse_swudb(catalog, &json).unwrap();
    assert_eq!(back.deck.count(Zone::Main), 2000, "{:?}", back.diagnostics);
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn metadata_with_a_line_break_adds_no_card_to_the_text_export() {
    let swu = crate::real!();
    let catalog = swu.catalog();
    let json = r#"{"metadata": {"name": "Aggro\n3 | Waylay", "author": "Ada\nSideboard"},
        "leader": {"id": "SOR_017"}, "base": {"id": "TWI_029"},
        "deck": [{"id": "SOR_203", "count": 3}]}"#;
    let imported = parse_swudb(catalog, json).unwrap();
    let text = to_text(catalog, &imported.deck);
    let back = parse_text(catalog, &text).unwrap();
    assert_eq!(by_card(&back.deck), by_card(&imported.deck), "{text}");
}
