//! The contract of a game, shown on the smallest game there is: decks are lists of card names,
//! one format allows at most two copies of a card, and a second format starts on a date. What
//! a real game crate implements, and what the service and the CLI get from it.

use std::collections::BTreeMap;
use std::sync::Arc;

use deckcheck_core::input::{InputFormat, MAX_COUNT, import, parse_count};
use deckcheck_core::{
    AnyGame, Ask, CardRef, CardSummary, ChangePoint, Code, CodeInfo, CompareRequest, Confidence,
    DeckInput, DeckView, Diagnostic, DiagnosticCode, Explain, FindingCode, Findings, FormatInfo,
    Game, GameInfo, ImportError, Imported, InputFormatInfo, Judged, LineView, Report, RequestError,
    SectionView, ValidateRequest, Verdict, Violation,
};
use jiff::civil::{Date, date};
use serde::Deserialize;

const TOO_MANY: Code = Code::new("too-many-copies");
const CARDS: [&str; 3] = ["Luke", "Leia", "Han"];

/// A deck: (card index, count, line).
type Deck = Vec<(usize, u32, u32)>;

struct Lines;

impl InputFormat<(), Deck> for Lines {
    fn info(&self) -> InputFormatInfo {
        InputFormatInfo {
            id: "lines",
            name: "Lines",
            description: "`2 Luke` per line",
        }
    }
    fn detect(&self, _: &str) -> bool {
        true
    }
    fn read(&self, _: &(), text: &str) -> Result<Imported<Deck>, ImportError> {
        let mut imported: Imported<Deck> = Imported::default();
        for (i, line) in text.lines().enumerate() {
            let at = format!("line {}", i + 1);
            let (count, name) = line.trim().split_once(' ').unwrap_or(("1", line));
            let Some(count) = parse_count(count) else {
                imported.diagnostics.push(Diagnostic::error(
                    DiagnosticCode::BAD_COUNT,
                    at,
                    line,
                    format!("a count is a whole number up to {MAX_COUNT}"),
                ));
                continue;
            };
            match CARDS
                .iter()
                .position(|c| c.eq_ignore_ascii_case(name.trim()))
            {
                Some(card) => imported.deck.push((card, count, i as u32 + 1)),
                None => imported.diagnostics.push(Diagnostic::error(
                    DiagnosticCode::UNKNOWN_CARD,
                    at,
                    line,
                    "no card has this name",
                )),
            }
        }
        Ok(imported)
    }
}

#[derive(Default, Deserialize, utoipa::ToSchema)]
#[serde(deny_unknown_fields)]
struct ToyOptions {
    /// Allow a third copy.
    #[serde(default)]
    generous: bool,
}

struct Toy {
    info: GameInfo,
}

fn card(i: usize) -> CardRef {
    CardRef::new(CARDS[i].into(), CARDS[i].into(), None)
}

/// Cards over the copy limit.
#[derive(Debug, PartialEq, serde::Serialize)]
struct TooMany {
    #[serde(skip)]
    limit: u64,
}

impl Explain for TooMany {
    fn message(&self, cards: &[CardRef], _lang: deckcheck_core::Lang) -> String {
        let names: Vec<String> = cards.iter().map(CardRef::name).collect();
        format!(
            "{} exceed the limit of {} copies.",
            names.join(", "),
            self.limit
        )
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        Some((self.limit, 0))
    }
}

impl Toy {
    fn new() -> Self {
        let format = |id: &str, from| FormatInfo {
            id: id.into(),
            name: id.into(),
            summary: String::new(),
            decks: 1,
            from,
            until: None,
            needs: vec![],
        };
        Self {
            info: GameInfo {
                id: "toy",
                name: "Toy",
                regulations: vec![],
                formats: vec![format("open", None), format("late", Some(date(2025, 1, 1)))],
                inputs: vec![Lines.info()],
                codes: vec![CodeInfo {
                    code: TOO_MANY,
                    meaning: "too many copies",
                }],
                catalog: "toy".into(),
                cards: CARDS.len(),
            },
        }
    }
}

impl Game for Toy {
    type Deck = Deck;
    type Options = ToyOptions;

    fn info(&self) -> &GameInfo {
        &self.info
    }

    fn import(&self, text: &str, input: Option<&str>) -> Result<Imported<Deck>, ImportError> {
        import(&[&Lines], &(), text, input)
    }

    fn check(
        &self,
        decks: &[Imported<Deck>],
        formats: &[&FormatInfo],
        ask: &Ask,
        options: &ToyOptions,
    ) -> Result<Vec<Judged>, RequestError> {
        let limit = if options.generous { 3 } else { 2 };
        let mut out = Vec::new();
        for format in formats {
            for (i, deck) in decks.iter().enumerate() {
                let mut copies: BTreeMap<usize, u64> = BTreeMap::new();
                for (card, count, _) in &deck.deck {
                    *copies.entry(*card).or_insert(0) += u64::from(*count);
                }
                let over: Vec<CardRef> = copies
                    .iter()
                    .filter(|(_, n)| **n > limit)
                    .map(|(c, _)| card(*c))
                    .collect();
                let mut findings = Findings::default();
                // A card is printed late: decks with Han are judged from 2024-06-01 only.
                if ask.as_of >= date(2024, 6, 1) && !over.is_empty() {
                    findings.violation(
                        Violation::new(TOO_MANY, "Toy 1.1", TooMany { limit }).cards(over),
                    );
                }
                let report = Report::new(
                    "toy",
                    &format.id,
                    ask.as_of,
                    findings,
                    deck.unreadable(),
                    "toy".into(),
                );
                out.push(Judged {
                    report,
                    decks: vec![i],
                });
            }
        }
        Ok(out)
    }

    fn view(&self, deck: &Deck) -> DeckView {
        DeckView {
            sections: vec![SectionView {
                id: "main",
                label: "main deck",
                count: deck.iter().map(|(_, n, _)| u64::from(*n)).sum(),
                lines: deck
                    .iter()
                    .map(|(c, n, line)| LineView {
                        count: *n,
                        card: card(*c).at_line(Some(*line)),
                        attached: vec![],
                    })
                    .collect(),
            }],
        }
    }

    fn search(&self, query: &str, _limit: usize) -> Vec<CardSummary> {
        (0..CARDS.len())
            .filter(|i| CARDS[*i].to_lowercase().contains(&query.to_lowercase()))
            .map(|i| CardSummary {
                card: card(i),
                kind: "hero".into(),
            })
            .collect()
    }

    fn card(&self, _id: &str, _as_of: Date) -> Option<serde_json::Value> {
        None
    }

    fn change_points(&self, _format: &FormatInfo) -> Vec<ChangePoint> {
        vec![
            ChangePoint {
                date: date(2024, 1, 1),
                what: "the game is released".into(),
                confidence: Confidence::Official,
            },
            ChangePoint {
                date: date(2024, 6, 1),
                what: "the copy limit starts".into(),
                confidence: Confidence::Unconfirmed,
            },
        ]
    }
}

fn request(decks: &[&str], formats: &[&str]) -> ValidateRequest {
    ValidateRequest {
        decks: decks
            .iter()
            .enumerate()
            .map(|(i, t)| DeckInput {
                field: format!("decks[{i}]"),
                text: t.to_string(),
            })
            .collect(),
        formats: formats.iter().map(|f| f.to_string()).collect(),
        as_of: date(2024, 12, 1),
        input_format: None,
        explain: true,
        player: None,
        uid: None,
        registration: false,
        options: serde_json::Map::new(),
    }
}

fn game() -> Arc<dyn AnyGame> {
    Arc::new(Toy::new())
}

#[test]
fn a_game_answers_every_format_asked_with_its_reports_and_the_deck_as_read() {
    let answer = game()
        .validate(&request(&["2 Luke\n3 Leia"], &["open"]))
        .unwrap();
    assert!(!answer.legal);
    assert_eq!(answer.summary.illegal, ["open"]);
    let report = &answer.reports[0].report;
    assert_eq!(report.verdict, Verdict::Illegal);
    let json = serde_json::to_value(&report.violations).unwrap();
    assert_eq!(json[0]["message"], "Leia exceed the limit of 2 copies.");
    assert_eq!(answer.decks[0].view.as_ref().unwrap().sections[0].count, 5);
}

#[test]
fn all_means_every_format_playable_on_the_date() {
    let mut r = request(&["1 Luke"], &["all"]);
    assert_eq!(game().validate(&r).unwrap().reports.len(), 1);
    r.as_of = date(2025, 6, 1);
    assert_eq!(game().validate(&r).unwrap().summary.legal, ["open", "late"]);
}

#[test]
fn an_unknown_card_is_one_diagnostic_and_an_unverified_verdict() {
    let answer = game()
        .validate(&request(&["1 Luke\n1 Yoda"], &["open"]))
        .unwrap();
    assert_eq!(answer.decks[0].diagnostics.len(), 1);
    assert_eq!(answer.reports[0].report.verdict, Verdict::Unverified);
    assert_eq!(answer.summary.unverified, ["open"]);
}

#[test]
fn requests_that_cannot_be_answered_name_the_field_at_fault() {
    let g = game();
    let err = g
        .validate(&request(&["1 Luke"], &["standard"]))
        .unwrap_err();
    assert_eq!(
        (err.code.as_str(), err.field.as_deref()),
        ("unknown-format", Some("format"))
    );
    let err = g.validate(&request(&["1 Luke"], &[])).unwrap_err();
    assert_eq!(err.field.as_deref(), Some("format"));
    let err = g
        .validate(&request(&["1 Luke", "1 Leia"], &["open"]))
        .unwrap_err();
    assert_eq!(err.field.as_deref(), Some("decks"));
    let mut r = request(&["1 Luke"], &["open"]);
    r.options.insert("pool".into(), serde_json::json!("x"));
    let err = g.validate(&r).unwrap_err();
    assert_eq!(err.field.as_deref(), Some("pool"), "{err}");
}

#[test]
fn the_games_options_are_read_from_the_request() {
    let mut r = request(&["3 Leia"], &["open"]);
    r.options.insert("generous".into(), serde_json::json!(true));
    assert!(game().validate(&r).unwrap().legal);
}

#[test]
fn a_deck_check_compares_section_by_section() {
    let g = game();
    let input = |t: &str| DeckInput {
        field: "x".into(),
        text: t.into(),
    };
    let same = g
        .compare(&CompareRequest {
            registered: input("2 Luke"),
            presented: input("1 luke\n1 Luke"),
            extra: None,
            format: None,
            as_of: date(2025, 1, 1),
        })
        .unwrap();
    assert_eq!(serde_json::to_value(same.verdict).unwrap(), "match");
    let differs = g
        .compare(&CompareRequest {
            registered: input("2 Luke"),
            presented: input("1 Luke\n1 Han"),
            extra: None,
            format: None,
            as_of: date(2025, 1, 1),
        })
        .unwrap();
    let codes: Vec<FindingCode> = differs.findings.iter().map(|f| f.code).collect();
    assert_eq!(codes, [FindingCode::CardExtra, FindingCode::CardMissing]);
}

#[test]
fn the_window_of_a_deck_changes_only_on_change_points_and_says_which_are_unconfirmed() {
    let window = game()
        .window(
            &request(&["3 Leia"], &["open"]),
            None,
            Some(date(2026, 1, 1)),
        )
        .unwrap();
    let intervals = &window.formats[0].intervals;
    assert_eq!(intervals.len(), 2);
    assert_eq!(intervals[0].verdict, Verdict::Legal);
    assert_eq!(intervals[0].from, date(2024, 1, 1));
    assert_eq!(intervals[0].until, Some(date(2024, 6, 1)));
    assert_eq!(intervals[1].verdict, Verdict::Illegal);
    assert_eq!(intervals[1].opened[0].code, TOO_MANY);
    assert!(intervals[1].boundary.is_some());
}

/// Regression (issue 17, schemathesis): a window asked from after the last change point ended
/// before it started (`until` the last change), and one with no format to judge answered
/// `until` as the earliest date there is, which no client can read as a date.
#[test]
fn a_window_from_after_the_last_change_ends_where_it_starts() {
    let window = game()
        .window(
            &request(&["3 Leia"], &["open"]),
            Some(date(2030, 1, 1)),
            None,
        )
        .unwrap();
    assert_eq!(window.from, date(2030, 1, 1));
    assert_eq!(window.until, date(2030, 1, 1));
    assert_eq!(window.formats[0].intervals.len(), 1);
}
