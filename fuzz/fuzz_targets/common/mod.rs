//! What every fuzz target shares: the real catalog (loaded once), the rules run on whatever was
//! imported, in every format, and the invariants an import and a report must keep whatever the
//! input. A broken invariant panics, and libFuzzer keeps the input as a crash.

#![allow(dead_code)] // Each target uses its own part of this module.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::LazyLock;

use deckcheck::checker::Checker;
use deckcheck::data::FormatId;
use deckcheck::deck::{Deck, Zone};
use deckcheck::decklist::{
    Diagnostic, Imported, MAX_COUNT, parse_swudb, parse_text, to_swudb_json, to_text,
};
use deckcheck::rules::{CheckOptions, Pool, Report, Status};
use jiff::civil::{Date, date};

/// `DECKCHECK_CARDS`, else the `shared/` beside the repository (`/work/shared/data/swu/cards`).
pub fn cards_dir() -> PathBuf {
    match std::env::var_os("DECKCHECK_CARDS") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/swu/cards"),
    }
}

pub static CHECKER: LazyLock<Checker> = LazyLock::new(|| {
    let dir = cards_dir();
    Checker::load(&dir, None).unwrap_or_else(|e| {
        panic!(
            "the fuzz targets need the real card catalog ({}): {e}",
            dir.display()
        )
    })
});

/// Dates the rules are run on: the first set's release, a mid-2025 Premier, the catalog's time.
const DATES: [Date; 3] = [date(2024, 3, 8), date(2025, 7, 11), date(2026, 10, 1)];

/// The longest text a diagnostic may echo: `echo` keeps 200 bytes and adds `…` (3 bytes).
const MAX_ECHO: usize = 203;
/// A diagnostic's message may quote an echoed input (escaped) and name a card or two.
const MAX_MESSAGE: usize = 4096;

/// What every import must hold: counts within bounds, printings of the card they name,
/// diagnostics that echo a bounded slice of the input.
pub fn assert_imported(imported: &Imported) {
    let catalog = &CHECKER.catalog;
    for e in &imported.deck.entries {
        assert!(
            (1..=MAX_COUNT).contains(&u64::from(e.count)),
            "an entry holds {} copies: {e:?}",
            e.count
        );
        assert_eq!(
            catalog.printing(e.printing).card,
            e.card,
            "an entry's printing is of another card: {e:?}"
        );
    }
    for d in &imported.diagnostics {
        assert_diagnostic(d);
    }
}

pub fn assert_diagnostic(d: &Diagnostic) {
    assert!(!d.at.is_empty(), "a diagnostic says not where: {d:?}");
    assert!(!d.message.is_empty(), "a diagnostic without message: {d:?}");
    assert!(
        d.text.len() <= MAX_ECHO,
        "a diagnostic echoes {} bytes of input",
        d.text.len()
    );
    assert!(
        d.message.len() <= MAX_MESSAGE,
        "a diagnostic's message is {} bytes",
        d.message.len()
    );
}

/// Runs every rule on the deck in every format (Trilogy: the deck three times; limited: with the
/// deck as its own pool), on a date chosen by `seed`, and checks each report's consistency.
pub fn check_every_format(imported: &Imported, seed: usize) {
    let as_of = DATES[seed % DATES.len()];
    for format in FormatId::ALL {
        let mut options = CheckOptions::new(format, as_of);
        options.competitive = seed % 2 == 0;
        if seed % 5 == 1 {
            options.trilogy_pool = FormatId::Eternal;
        }
        let decks: Vec<Deck> = if format == FormatId::Trilogy {
            vec![imported.deck.clone(); 3]
        } else {
            vec![imported.deck.clone()]
        };
        if format.is_limited() && seed % 3 != 0 {
            options.pool = Some(Pool::from_deck(&imported.deck));
        }
        let report = CHECKER.check(&decks, imported.diagnostics.clone(), &options);
        assert_report(&report, imported);
    }
}

pub fn assert_report(report: &Report, imported: &Imported) {
    let blocking = report.diagnostics.iter().any(Diagnostic::blocks_verdict);
    let expected = if !report.violations.is_empty() {
        Status::Illegal
    } else if blocking {
        Status::Incomplete
    } else {
        Status::Legal
    };
    assert_eq!(report.status, expected, "status of {report:?}");
    assert_eq!(report.legal, report.status == Status::Legal);
    assert_eq!(report.diagnostics.len(), imported.diagnostics.len());
    for v in &report.violations {
        assert!(!v.message.is_empty(), "a violation without message: {v:?}");
        assert!(!v.section.is_empty(), "a violation without section: {v:?}");
    }
    serde_json::to_string(report).expect("a report serializes");
}

/// Copies per (zone, printing), the way both exports merge a deck.
fn by_printing(deck: &Deck) -> BTreeMap<(Zone, u32), u64> {
    let mut out = BTreeMap::new();
    for e in &deck.entries {
        *out.entry((e.zone, e.printing.0)).or_insert(0) += u64::from(e.count);
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

/// Whether SWUDB JSON has no fields for the deck: more than three leader entries (`leader`,
/// `secondleader`, `leader2`) or more than one base entry, at most `MAX_COUNT` copies an entry.
fn swudb_refuses(deck: &Deck) -> bool {
    let merged = by_printing(deck);
    let entries = |zone: Zone| -> u64 {
        merged
            .iter()
            .filter(|((z, _), _)| *z == zone)
            .map(|(_, n)| n.div_ceil(MAX_COUNT))
            .sum()
    };
    entries(Zone::Leader) > 3 || entries(Zone::Base) > 1
}

/// Both exports read back to the same deck; SWUDB JSON refuses only what it has no field for.
pub fn assert_round_trips(deck: &Deck) {
    let catalog = &CHECKER.catalog;
    match to_swudb_json(catalog, deck) {
        Err(e) => assert!(swudb_refuses(deck), "the SWUDB export refused a deck it can hold: {e}"),
        Ok(json) => match parse_swudb(catalog, &json) {
            Ok(back) => {
                assert!(
                    back.diagnostics.is_empty(),
                    "the SWUDB export reads back with diagnostics {:?}:\n{json}",
                    back.diagnostics
                );
                assert_eq!(
                    by_printing(&back.deck),
                    by_printing(deck),
                    "the SWUDB export reads back as another deck:\n{json}"
                );
            }
            // An empty deck exports as `{"deck": [], "sideboard": []}`, which reads as no deck.
            Err(e) => assert!(deck.entries.is_empty(), "the SWUDB export is unreadable ({e}):\n{json}"),
        },
    }
    let text = to_text(catalog, deck);
    match parse_text(catalog, &text) {
        Ok(back) => {
            assert!(
                !back.diagnostics.iter().any(Diagnostic::blocks_verdict),
                "the text export reads back with errors {:?}:\n{text}",
                back.diagnostics
            );
            assert_eq!(
                by_card(&back.deck),
                by_card(deck),
                "the text export reads back as another deck:\n{text}"
            );
        }
        Err(e) => assert!(deck.entries.is_empty(), "the text export is unreadable ({e}):\n{text}"),
    }
}

/// The whole of a parser target: invariants of the import, the rules in every format, and the
/// exports' round trips.
pub fn after_import(result: Result<Imported, deckcheck::decklist::ImportError>, seed: usize) {
    let Ok(imported) = result else {
        return;
    };
    assert_imported(&imported);
    check_every_format(&imported, seed);
    assert_round_trips(&imported.deck);
}

/// A cheap seed from the input, to vary the date and options without a structured input.
pub fn seed_of(data: &[u8]) -> usize {
    data.iter()
        .fold(data.len(), |acc, b| acc.wrapping_mul(31).wrapping_add(usize::from(*b)))
}
