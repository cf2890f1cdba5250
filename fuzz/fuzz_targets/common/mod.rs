//! What every fuzz target shares: the real data (loaded once), the rules run on whatever was
//! imported, in every format, and the invariants an import and a report must keep whatever the
//! input. A broken invariant panics, and libFuzzer keeps the input as a crash.

#![allow(dead_code)] // Each target uses its own part of this module.

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::sync::{Arc, LazyLock};

use deckcheck_core::input::MAX_COUNT;
use deckcheck_core::{
    AnyGame, DeckInput, Diagnostic, DiagnosticCode, ImportError, Imported, NoteKind, Paths, Report,
    ValidateRequest, Validated, Verdict,
};
use deckcheck_swu::Swu;
use deckcheck_swu::catalog::PrintingId;
use deckcheck_swu::deck::{Deck, Zone};
use deckcheck_swu::decklist::{parse_swudb, parse_text, to_swudb_json, to_text};
use deckcheck_swu::rules::{Pool, Submission};
use jiff::civil::{Date, date};

/// `shared/` beside the repository (`/work/shared` for `/work/<repo>/fuzz`).
fn shared() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data")
}

/// A game's catalog: its variable (`DECKCHECK_CARDS`, `DECKCHECK_LCG_CARDS`…), else its place
/// in `shared/`.
pub fn catalog_dir(game: &str) -> PathBuf {
    let spec = deckcheck_server::games::spec(game).expect("a game");
    match std::env::var_os(spec.env) {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => shared().join(match game {
            "swu" => "swu/cards",
            "lcg" => "swlcg",
            "ccg" => "swccg",
            "legion" => "legion/legion-hq",
            other => panic!("no shared data is known for {other}"),
        }),
    }
}

/// A game on its real data.
pub fn load(game: &str) -> Arc<dyn AnyGame> {
    let spec = deckcheck_server::games::spec(game).expect("a game");
    let dir = catalog_dir(game);
    (spec.load)(&Paths {
        cards: dir.clone(),
        card_data: None,
    })
    .unwrap_or_else(|e| {
        panic!(
            "the fuzz targets need the real {} data at {} ({}): {e}",
            spec.name,
            dir.display(),
            spec.env
        )
    })
}

pub static SWU: LazyLock<Swu> = LazyLock::new(|| {
    let dir = catalog_dir("swu");
    Swu::load(&Paths {
        cards: dir.clone(),
        card_data: None,
    })
    .unwrap_or_else(|e| {
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
pub fn assert_imported(imported: &Imported<Deck>) {
    let catalog = SWU.catalog();
    for e in imported.deck.entries() {
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
/// deck as its own pool, or without one), on a date chosen by `seed`, and checks each report.
pub fn check_every_format(imported: &Imported<Deck>, seed: usize) {
    let as_of = DATES[seed % DATES.len()];
    let pool = Pool::of(&imported.deck);
    for format in &SWU.data().formats {
        let decks: Vec<Deck> = vec![imported.deck.clone(); format.decks.max(1) as usize];
        let submission = Submission {
            registration: seed % 2 == 0,
            pool: (format.is_limited() && seed % 3 != 0).then_some(&pool),
            pool_format: (seed % 5 == 1).then_some("eternal"),
            ..Submission::of(&decks)
        };
        let report = SWU
            .check_decks(&format.id, as_of, submission, imported.unreadable())
            .expect("a format of the data");
        assert_report(&report, imported.unreadable());
    }
}

/// A report's verdict is what its violations and notes say, and it serializes.
pub fn assert_report(report: &Report, unreadable: usize) {
    let certain = report.violations.iter().any(|v| v.is_certain());
    let unverified = !report.violations.is_empty()
        || report.notes.iter().any(|n| n.kind == NoteKind::Unverified);
    let expected = if certain {
        Verdict::Illegal
    } else if unverified {
        Verdict::Unverified
    } else {
        Verdict::Legal
    };
    assert_eq!(report.verdict, expected, "verdict of {report:?}");
    assert_eq!(report.legal, report.verdict == Verdict::Legal);
    if unreadable > 0 {
        assert_ne!(
            report.verdict,
            Verdict::Legal,
            "legal with unreadable entries"
        );
    }
    for v in &report.violations {
        assert!(
            !v.message().is_empty(),
            "a violation without message: {v:?}"
        );
        assert!(!v.section.is_empty(), "a violation without section: {v:?}");
    }
    serde_json::to_string(report).expect("a report serializes");
}

/// Copies per (zone, printing), the way both exports merge a deck.
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
    let catalog = SWU.catalog();
    match to_swudb_json(catalog, deck) {
        Err(e) => assert!(
            swudb_refuses(deck),
            "the SWUDB export refused a deck it can hold: {e}"
        ),
        Ok(json) => match parse_swudb(catalog, &json) {
            Ok(back) => {
                // A printing the card data lacks (a foil read by its set's numbering) is written
                // by its id and read back by the numbering again, with a note saying so.
                let said: Vec<_> = back
                    .diagnostics
                    .iter()
                    .filter(|d| d.code != DiagnosticCode::RESOLVED_BY_NUMBERING)
                    .collect();
                assert!(
                    said.is_empty(),
                    "the SWUDB export reads back with diagnostics {said:?}:\n{json}"
                );
                assert_eq!(
                    by_printing(&back.deck),
                    by_printing(deck),
                    "the SWUDB export reads back as another deck:\n{json}"
                );
            }
            // An empty deck exports as `{"deck": [], "sideboard": []}`, which reads as no deck.
            Err(e) => assert!(
                deck.entries().is_empty(),
                "the SWUDB export is unreadable ({e}):\n{json}"
            ),
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
        Err(e) => assert!(
            deck.entries().is_empty(),
            "the text export is unreadable ({e}):\n{text}"
        ),
    }
}

/// The whole of a SWU reader target: invariants of the import, the rules in every format, and
/// the exports' round trips.
pub fn after_import(result: Result<Imported<Deck>, ImportError>, seed: usize) {
    let Ok(imported) = result else {
        return;
    };
    assert_imported(&imported);
    check_every_format(&imported, seed);
    assert_round_trips(&imported.deck);
}

/// A cheap seed from the input, to vary the date and options without a structured input.
pub fn seed_of(data: &[u8]) -> usize {
    data.iter().fold(data.len(), |acc, b| {
        acc.wrapping_mul(31).wrapping_add(usize::from(*b))
    })
}

/// What every validate answer must be: a verdict per report that agrees with the report, a
/// summary that agrees with the verdicts, diagnostics that echo little, and JSON.
pub fn assert_validated(answer: &Validated) {
    for judged in &answer.reports {
        let unreadable: usize = judged
            .decks
            .iter()
            .map(|i| {
                answer.decks[*i]
                    .diagnostics
                    .iter()
                    .filter(|d| d.blocks_verdict())
                    .count()
            })
            .sum();
        assert_report(&judged.report, unreadable);
        assert!(judged.decks.iter().all(|i| *i < answer.decks.len()));
    }
    for deck in &answer.decks {
        for d in &deck.diagnostics {
            assert_diagnostic(d);
        }
    }
    // Legal in every format asked is legal; legal means some format takes the deck (with
    // `all`, one is enough: "where can I play this?").
    let s = &answer.summary;
    let everywhere = s.illegal.is_empty() && s.unverified.is_empty() && !s.legal.is_empty();
    assert!(
        (!everywhere || answer.legal) && (!answer.legal || !s.legal.is_empty()),
        "legal is not the summary's: {s:?}"
    );
    serde_json::to_string(answer).expect("an answer serializes");
}

/// A game's readers through the game as the service sees it: the first byte picks the input
/// format (or detection) and the date; the rest is one to three decks, split at lines of
/// `====`. Whatever comes in is answered or refused with a message, never a panic.
pub fn game_input(game: &dyn AnyGame, data: &[u8]) {
    let Some((&selector, rest)) = data.split_first() else {
        return;
    };
    let inputs = &game.info().inputs;
    let input_format = inputs
        .get(usize::from(selector & 7))
        .map(|f| f.id.to_string());
    let as_of = [
        date(1999, 6, 1),
        date(2014, 9, 1),
        date(2020, 1, 1),
        date(2025, 7, 11),
        date(2026, 10, 1),
    ][usize::from(selector >> 3) % 5];
    let text = String::from_utf8_lossy(rest);
    let decks: Vec<DeckInput> = text
        .split("\n====\n")
        .take(3)
        .enumerate()
        .map(|(i, t)| DeckInput {
            field: format!("decks[{i}]"),
            text: t.to_string(),
        })
        .collect();
    let request = ValidateRequest {
        decks,
        formats: vec!["all".into()],
        as_of,
        input_format,
        explain: selector & 0x40 != 0,
        player: None,
        uid: None,
        registration: selector & 0x80 != 0,
        options: serde_json::Map::new(),
    };
    match game.validate(&request) {
        Ok(answer) => assert_validated(&answer),
        Err(e) => {
            assert!(!e.code.as_str().is_empty() && !e.message.is_empty(), "{e:?}");
            assert!(
                e.message.len() <= MAX_MESSAGE,
                "an error of {} bytes",
                e.message.len()
            );
        }
    }
}
