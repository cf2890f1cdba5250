//! Property tests (issue 7): what must hold for every deck, not just the ones we wrote down.
//!
//! Decks are drawn from the real catalog (`crate::helpers::CHECKER`): random decks of real
//! printings, shaped like decks (a leader or two, a base, a main deck, a sideboard, now and then
//! a card in the wrong zone), and the real decks of `../shared` with random changes. Checked on a
//! random format and date.
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
use std::sync::LazyLock;

use deckcheck::catalog::{CardType, PrintingId};
use deckcheck::data::FormatId;
use deckcheck::deck::{Deck, DeckEntry, Zone};
use deckcheck::decklist::{
    Diagnostic, DiagnosticCode, MAX_COUNT, parse_swudb, parse_text, to_swudb_json, to_text,
};
use deckcheck::rules::{CheckOptions, Code, Pool, Report};
use jiff::civil::{Date, date};
use proptest::prelude::*;
use proptest::sample::select;

use crate::helpers::*;

/// Printings by what they are, from the real catalog.
struct Printings {
    leaders: Vec<PrintingId>,
    bases: Vec<PrintingId>,
    deck_cards: Vec<PrintingId>,
    all: Vec<PrintingId>,
}

static PRINTINGS: LazyLock<Printings> = LazyLock::new(|| {
    let catalog = &CHECKER.catalog;
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
});

/// The real decks of `../shared` (official starters and the Wichita deck).
static REAL_DECKS: LazyLock<Vec<Deck>> = LazyLock::new(|| {
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
            parse_swudb(&CHECKER.catalog, &text).unwrap().deck
        })
        .collect()
});

const DATES: [Date; 5] = [
    date(2024, 3, 8),
    date(2024, 11, 8),
    date(2025, 4, 1),
    date(2025, 7, 11),
    date(2026, 10, 1),
];

fn entry(zone: Zone, printing: PrintingId, count: u32) -> DeckEntry {
    DeckEntry {
        zone,
        card: CHECKER.catalog.printing(printing).card,
        printing,
        count,
        line: None,
    }
}

fn pick(list: &'static [PrintingId]) -> impl Strategy<Value = PrintingId> {
    select(list)
}

fn zone() -> impl Strategy<Value = Zone> {
    select(&[Zone::Leader, Zone::Base, Zone::Main, Zone::Sideboard][..])
}

/// A random deck of real printings, shaped like a deck.
fn random_deck() -> impl Strategy<Value = Deck> {
    let p = &*PRINTINGS;
    (
        prop::collection::vec(pick(&p.leaders), 0..=2),
        prop::collection::vec(pick(&p.bases), 0..=1),
        prop::collection::vec((pick(&p.deck_cards), 1..=3u32), 0..=24),
        prop::collection::vec((pick(&p.deck_cards), 1..=3u32), 0..=4),
        // Now and then, any printing (a token, a leader) in any zone.
        prop::option::weighted(0.2, (zone(), pick(&p.all), 1..=2u32)),
    )
        .prop_map(|(leaders, bases, main, side, stray)| {
            let mut entries: Vec<DeckEntry> = Vec::new();
            entries.extend(leaders.into_iter().map(|l| entry(Zone::Leader, l, 1)));
            entries.extend(bases.into_iter().map(|b| entry(Zone::Base, b, 1)));
            entries.extend(main.into_iter().map(|(c, n)| entry(Zone::Main, c, n)));
            entries.extend(side.into_iter().map(|(c, n)| entry(Zone::Sideboard, c, n)));
            entries.extend(stray.map(|(z, c, n)| entry(z, c, n)));
            Deck {
                entries,
                ..Deck::default()
            }
        })
}

/// A real deck with a few entries dropped and a few real printings added.
fn real_deck() -> impl Strategy<Value = Deck> {
    let p = &*PRINTINGS;
    (
        0..REAL_DECKS.len(),
        prop::collection::vec(any::<prop::sample::Index>(), 0..=3),
        prop::collection::vec((zone(), pick(&p.deck_cards), 1..=3u32), 0..=3),
    )
        .prop_map(|(i, drop, add)| {
            let mut deck = REAL_DECKS[i].clone();
            for d in drop {
                if !deck.entries.is_empty() {
                    let at = d.index(deck.entries.len());
                    deck.entries.remove(at);
                }
            }
            deck.entries
                .extend(add.into_iter().map(|(z, c, n)| entry(z, c, n)));
            deck
        })
}

fn any_deck() -> impl Strategy<Value = Deck> {
    prop_oneof![random_deck(), real_deck()]
}

fn options() -> impl Strategy<Value = CheckOptions> {
    (select(&FormatId::ALL[..]), select(&DATES[..]))
        .prop_map(|(format, as_of)| CheckOptions::new(format, as_of))
}

fn check_deck(deck: &Deck, options: &CheckOptions) -> Report {
    check_imported(deck, vec![], options)
}

/// Trilogy is checked with the deck three times; every other format with the deck.
fn check_imported(deck: &Deck, diagnostics: Vec<Diagnostic>, options: &CheckOptions) -> Report {
    let decks = if options.format == FormatId::Trilogy {
        vec![deck.clone(); 3]
    } else {
        vec![deck.clone()]
    };
    CHECKER.check(&decks, diagnostics, options)
}

/// Violations that only say something is missing: one more card may be what was missing.
fn only_missing(code: Code) -> bool {
    matches!(
        code,
        Code::MainDeckTooSmall | Code::LeaderCount | Code::BaseCount | Code::DeckListIncomplete
    )
}

/// Violations about a card or a count that one more copy cannot take away.
const KEPT: [Code; 9] = [
    Code::TooManyCopies,
    Code::CardNotReleased,
    Code::CardNotInFormat,
    Code::CardSuspended,
    Code::NotALeader,
    Code::NotABase,
    Code::NotADeckCard,
    Code::SideboardTooLarge,
    Code::CardNotInPool,
];

fn codes(report: &Report) -> Vec<Code> {
    let mut codes: Vec<Code> = report.violations.iter().map(|v| v.code).collect();
    codes.sort_by_key(|c| c.as_str());
    codes
}

/// Copies per (zone, printing).
fn by_printing(deck: &Deck) -> BTreeMap<(Zone, PrintingId), u64> {
    let mut out = BTreeMap::new();
    for e in &deck.entries {
        *out.entry((e.zone, e.printing)).or_insert(0) += u64::from(e.count);
    }
    out
}

/// Copies per (zone, card).
fn by_card(deck: &Deck) -> BTreeMap<(Zone, u32), u64> {
    let mut out = BTreeMap::new();
    for e in &deck.entries {
        *out.entry((e.zone, e.card.0)).or_insert(0) += u64::from(e.count);
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
    fn adding_a_copy_never_makes_an_illegal_deck_legal(
        deck in any_deck(),
        mut options in options(),
        (zone, printing) in (zone(), pick(&PRINTINGS.all)),
        onto_existing in any::<prop::sample::Index>(),
        merge in any::<bool>(),
    ) {
        // Limited: the pool is what the deck had before the copy was added.
        if options.format.is_limited() {
            options.pool = Some(Pool::from_deck(&deck));
        }
        let before = check_deck(&deck, &options);
        prop_assume!(!before.legal);
        prop_assume!(before.violations.iter().any(|v| !only_missing(v.code)));
        let mut more = deck.clone();
        if merge && !more.entries.is_empty() {
            // One more copy on an existing line.
            let at = onto_existing.index(more.entries.len());
            more.entries[at].count += 1;
        } else {
            more.entries.push(entry(zone, printing, 1));
        }
        let after = check_deck(&more, &options);
        prop_assert!(
            !after.legal,
            "one more copy made the deck legal; before: {}",
            explain(&before)
        );
        let after_codes = codes(&after);
        for code in codes(&before).into_iter().filter(|c| KEPT.contains(c)) {
            prop_assert!(
                after_codes.contains(&code),
                "{code} went away with one more copy; after: {}",
                explain(&after)
            );
        }
    }

    #[test]
    fn reordering_a_text_list_never_changes_the_verdict(
        deck in any_deck(),
        styles in prop::collection::vec(0..6usize, 40),
        junk in prop::collection::vec(select(&JUNK[..]), 0..4),
        keys in prop::collection::vec(any::<u32>(), 48),
        block_keys in prop::collection::vec(any::<u32>(), 5),
        headers in any::<bool>(),
        options in options(),
    ) {
        // Blocks of lines: one per section (with a header), or one for all (placed by type).
        let mut blocks: Vec<(Option<&str>, Vec<String>)> = if headers {
            [("Leaders", Zone::Leader), ("Base", Zone::Base), ("Deck", Zone::Main), ("Sideboard", Zone::Sideboard)]
                .iter()
                .map(|(header, zone)| {
                    let lines = deck
                        .entries
                        .iter()
                        .enumerate()
                        .filter(|(_, e)| e.zone == *zone)
                        .map(|(i, e)| line(e, styles[i % styles.len()]))
                        .collect();
                    (Some(*header), lines)
                })
                .collect()
        } else {
            vec![(None, deck.entries.iter().enumerate().map(|(i, e)| line(e, styles[i % styles.len()])).collect())]
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
            parse_text(&CHECKER.catalog, text).map(|imported| {
                let mut diagnostics: Vec<DiagnosticCode> =
                    imported.diagnostics.iter().map(|d| d.code).collect();
                diagnostics.sort_by_key(|c| format!("{c:?}"));
                let report = check_imported(&imported.deck, imported.diagnostics, &options);
                (report.status, codes(&report), diagnostics, by_card(&imported.deck))
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
    fn the_swudb_export_reads_back_as_the_same_deck(deck in any_deck()) {
        let json = match to_swudb_json(&CHECKER.catalog, &deck) {
            Ok(json) => json,
            Err(e) => {
                prop_assert!(swudb_refuses(&deck), "refused a deck it can hold: {}", e);
                return Ok(());
            }
        };
        match parse_swudb(&CHECKER.catalog, &json) {
            Ok(back) => {
                prop_assert!(back.diagnostics.is_empty(), "{:?}\n{}", back.diagnostics, json);
                prop_assert_eq!(by_printing(&back.deck), by_printing(&deck), "{}", json);
            }
            Err(e) => prop_assert!(deck.entries.is_empty(), "{e}\n{json}"),
        }
    }

    #[test]
    fn the_text_export_reads_back_as_the_same_deck(deck in any_deck()) {
        let text = to_text(&CHECKER.catalog, &deck);
        match parse_text(&CHECKER.catalog, &text) {
            Ok(back) => {
                let errors: Vec<_> = back.diagnostics.iter().filter(|d| d.blocks_verdict()).collect();
                prop_assert!(errors.is_empty(), "{:?}\n{}", errors, text);
                prop_assert_eq!(by_card(&back.deck), by_card(&deck), "{}", text);
                // Same deck, same verdict.
                let options = CheckOptions::new(FormatId::Premier, date(2025, 7, 11));
                prop_assert_eq!(codes(&check_deck(&back.deck, &options)), codes(&check_deck(&deck, &options)));
            }
            Err(e) => prop_assert!(deck.entries.is_empty(), "{e}\n{text}"),
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
fn line(e: &DeckEntry, style: usize) -> String {
    let catalog = &CHECKER.catalog;
    let card = catalog.card(e.card);
    let (title, sub) = (&card.title, card.subtitle.as_deref());
    let code = catalog.printing_code(e.printing);
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

fn the_wichita_deck() -> Deck {
    import("tournament/wichita-pq-4th-han-solo.swudb.json").deck
}

fn printing(id: &str) -> PrintingId {
    CHECKER
        .catalog
        .printing_by_id(id)
        .expect("a real printing")
        .id
}

#[test]
fn the_swudb_export_keeps_a_third_leader_in_leader2() {
    let mut deck = the_wichita_deck();
    deck.entries
        .push(entry(Zone::Leader, printing("SOR_005"), 1));
    deck.entries
        .push(entry(Zone::Leader, printing("SOR_010"), 2));
    let json = to_swudb_json(&CHECKER.catalog, &deck).unwrap();
    let back = parse_swudb(&CHECKER.catalog, &json).unwrap();
    assert_eq!(by_printing(&back.deck), by_printing(&deck), "{json}");
    assert_eq!(back.deck.count(Zone::Leader), 4, "{json}");
}

#[test]
fn the_swudb_export_refuses_a_fourth_leader_or_a_second_base_rather_than_drop_it() {
    let mut deck = the_wichita_deck();
    deck.entries.push(entry(Zone::Base, printing("SOR_020"), 1));
    let options = CheckOptions::new(FormatId::Premier, date(2025, 4, 1));
    assert!(check_deck(&deck, &options).has(Code::BaseCount));
    let refused = to_swudb_json(&CHECKER.catalog, &deck).unwrap_err();
    assert!(refused.to_string().contains("2 base entries"), "{refused}");
    assert!(refused.to_string().contains("SOR_020"), "{refused}");

    let mut deck = the_wichita_deck();
    for id in ["SOR_005", "SOR_010", "SOR_001"] {
        deck.entries.push(entry(Zone::Leader, printing(id), 1));
    }
    let refused = to_swudb_json(&CHECKER.catalog, &deck).unwrap_err();
    assert!(
        refused.to_string().contains("4 leader entries"),
        "{refused}"
    );
    // The text export has room for every card.
    let back = parse_text(&CHECKER.catalog, &to_text(&CHECKER.catalog, &deck)).unwrap();
    assert_eq!(by_card(&back.deck), by_card(&deck));
}

#[test]
fn merged_counts_over_the_maximum_read_back() {
    let text = "1000 | Waylay\n1000 | Waylay\n";
    let imported = parse_text(&CHECKER.catalog, text).unwrap();
    assert_eq!(imported.deck.count(Zone::Main), 2000);
    let back = parse_text(&CHECKER.catalog, &to_text(&CHECKER.catalog, &imported.deck)).unwrap();
    assert_eq!(back.deck.count(Zone::Main), 2000, "{:?}", back.diagnostics);
    let json = to_swudb_json(&CHECKER.catalog, &imported.deck).unwrap();
    let back = parse_swudb(&CHECKER.catalog, &json).unwrap();
    assert_eq!(back.deck.count(Zone::Main), 2000, "{:?}", back.diagnostics);
}

#[test]
fn metadata_with_a_line_break_adds_no_card_to_the_text_export() {
    let json = r#"{"metadata": {"name": "Aggro\n3 | Waylay", "author": "Ada\nSideboard"},
        "leader": {"id": "SOR_017"}, "base": {"id": "TWI_029"},
        "deck": [{"id": "SOR_203", "count": 3}]}"#;
    let imported = parse_swudb(&CHECKER.catalog, json).unwrap();
    let text = to_text(&CHECKER.catalog, &imported.deck);
    let back = parse_text(&CHECKER.catalog, &text).unwrap();
    assert_eq!(by_card(&back.deck), by_card(&imported.deck), "{text}");
}
