//! A toy game for the store's tests: decks are `2 Luke` lines, at most two copies of a card,
//! a registration needs the player's name and UID, and a `sealed` format needs a pool whose
//! cards the deck must come from. Small, hand-written, and enough to drive every operation.

use std::collections::BTreeMap;
use std::sync::Arc;

use deckcheck_core::input::{InputFormat, import, parse_count};
use deckcheck_core::{
    AnyGame, Ask, CardRef, CardSummary, ChangePoint, Code, CodeInfo, DeckView, Diagnostic,
    DiagnosticCode, Explain, Findings, FormatInfo, Game, GameInfo, ImportError, Imported,
    InputFormatInfo, Judged, LineView, Report, RequestError, SectionView, Violation,
};
use jiff::civil::Date;
use serde::Deserialize;

const TOO_MANY: Code = Code::new("too-many-copies");
const INCOMPLETE: Code = Code::new("incomplete-registration");
const NOT_IN_POOL: Code = Code::new("not-in-pool");
const CARDS: [&str; 4] = ["Luke", "Leia", "Han", "Vader"];

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
        for (i, line) in text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty())
        {
            let at = format!("line {}", i + 1);
            let (count, name) = line.trim().split_once(' ').unwrap_or(("1", line));
            let Some(count) = parse_count(count) else {
                imported.diagnostics.push(Diagnostic::error(
                    DiagnosticCode::BAD_COUNT,
                    at,
                    line,
                    "a count is a whole number",
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
pub struct ToyOptions {
    /// Limited: the cards opened.
    #[serde(default)]
    pool: Option<String>,
    /// Limited: the set played (read, not used by the toy's rules).
    #[serde(default)]
    #[expect(dead_code, reason = "an option the toy accepts so events can set it")]
    event_set: Option<String>,
}

pub struct Toy {
    info: GameInfo,
}

fn card(i: usize) -> CardRef {
    CardRef::new(CARDS[i].into(), CARDS[i].into(), None)
}

/// A toy rule broken: the message names the code and the cards.
#[derive(Debug, PartialEq, serde::Serialize)]
struct Broken {
    #[serde(skip)]
    code: Code,
}

impl Explain for Broken {
    fn message(&self, cards: &[CardRef], _lang: deckcheck_core::Lang) -> String {
        let names: Vec<String> = cards.iter().map(CardRef::name).collect();
        format!("{} ({})", self.code, names.join(", "))
    }
}

fn broken(code: Code, section: &str) -> Violation {
    Violation::new(code, section, Broken { code })
}

impl Toy {
    pub fn new() -> Self {
        let format = |id: &str, needs: Vec<&'static str>| FormatInfo {
            id: id.into(),
            name: id.into(),
            summary: String::new(),
            decks: 1,
            from: None,
            until: None,
            needs,
        };
        Self {
            info: GameInfo {
                id: "toy",
                name: "Toy",
                regulations: vec![],
                formats: vec![format("open", vec![]), format("sealed", vec!["pool"])],
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

fn tally(deck: &Deck) -> BTreeMap<usize, u64> {
    let mut copies = BTreeMap::new();
    for (card, count, _) in deck {
        *copies.entry(*card).or_insert(0) += u64::from(*count);
    }
    copies
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
        let mut out = Vec::new();
        for format in formats {
            for (i, deck) in decks.iter().enumerate() {
                let copies = tally(&deck.deck);
                let mut findings = Findings::default();
                let over: Vec<CardRef> = copies
                    .iter()
                    .filter(|(_, n)| **n > 2)
                    .map(|(c, _)| card(*c))
                    .collect();
                if !over.is_empty() {
                    findings.violation(broken(TOO_MANY, "Toy 1.1").cards(over));
                }
                if ask.registration && (ask.player.is_none() || ask.uid.is_none()) {
                    findings.violation(broken(INCOMPLETE, "Toy 3.3.3"));
                }
                let mut unreadable = deck.unreadable();
                if format.needs.contains(&"pool") {
                    match &options.pool {
                        None => unreadable += 1,
                        Some(pool) => {
                            let pool = tally(
                                &self
                                    .import(pool, None)
                                    .map_err(|e| RequestError::unreadable("pool", &e))?
                                    .deck,
                            );
                            let outside: Vec<CardRef> = copies
                                .iter()
                                .filter(|(c, n)| pool.get(c).copied().unwrap_or(0) < **n)
                                .map(|(c, _)| card(*c))
                                .collect();
                            if !outside.is_empty() {
                                findings.violation(broken(NOT_IN_POOL, "Toy 9.2").cards(outside));
                            }
                        }
                    }
                }
                out.push(Judged {
                    report: Report::new(
                        "toy",
                        &format.id,
                        ask.as_of,
                        findings,
                        unreadable,
                        "toy".into(),
                    ),
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

    fn export(&self, deck: &Deck, to: &str) -> Result<String, RequestError> {
        match to {
            "text" => Ok(deck
                .iter()
                .map(|(c, n, _)| format!("{n} {}\n", CARDS[*c]))
                .collect()),
            "swudb" => Ok(serde_json::json!({
                "deck": deck.iter().map(|(c, n, _)| serde_json::json!({"id": CARDS[*c], "count": n})).collect::<Vec<_>>()
            })
            .to_string()),
            _ => Err(RequestError::bad_value("to", "text or swudb")),
        }
    }

    fn search(&self, _query: &str, _limit: usize) -> Vec<CardSummary> {
        Vec::new()
    }

    fn card(&self, _id: &str, _as_of: Date) -> Option<serde_json::Value> {
        None
    }

    fn change_points(&self, _format: &FormatInfo) -> Vec<ChangePoint> {
        Vec::new()
    }
}

pub fn game() -> Arc<dyn AnyGame> {
    Arc::new(Toy::new())
}
