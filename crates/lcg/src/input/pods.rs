//! A pod list, the way players write a deck in text: `Affiliation: Jedi`, then one line per
//! objective set, `2x A Hero's Journey (1)` (count, objective title, set number). Each line
//! stands for the six cards of its set (CR p.7: a set always goes in a deck whole). No peer
//! tool defines a text format; this one is deckcheck's.

use std::collections::BTreeMap;

use deckcheck_core::input::{
    ImportError, Imported, InputFormat, InputFormatInfo, MAX_COUNT, MAX_LINES, MAX_SUGGESTED,
    parse_count,
};
use deckcheck_core::{Diagnostic, DiagnosticCode};

use super::{SUGGESTIONS, did_you_mean, with_set};
use crate::catalog::{CardIdx, CardType, Catalog};
use crate::deck::{Deck, Entry, Section};

pub struct PodList;

/// A count as the first word of a line: digits with an optional `x`.
fn looks_like_count(word: &str) -> bool {
    word.chars().any(|c| c.is_ascii_digit())
        && word
            .chars()
            .all(|c| c.is_ascii_digit() || matches!(c, 'x' | 'X' | '×' | '-' | '+' | '.' | ','))
}

/// `Title (12)` → ("Title", Some("12")).
fn split_set(text: &str) -> (&str, Option<&str>) {
    if let Some(inner) = text.strip_suffix(')')
        && let Some((title, number)) = inner.rsplit_once('(')
    {
        let number = number.trim().trim_start_matches('#').trim();
        if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) {
            return (title.trim(), Some(number));
        }
    }
    (text.trim(), None)
}

struct Reader<'a> {
    catalog: &'a Catalog,
    imported: Imported<Deck>,
    unknown: usize,
}

impl Reader<'_> {
    fn suggest(&mut self, query: &str, affiliation: bool) -> Vec<CardIdx> {
        self.unknown += 1;
        if self.unknown > MAX_SUGGESTED {
            return Vec::new();
        }
        if affiliation {
            self.catalog.suggest_affiliations(query, SUGGESTIONS)
        } else {
            self.catalog.suggest_objectives(query, SUGGESTIONS)
        }
    }

    fn affiliation(&mut self, at: &str, line: &str, name: &str, n: u32) {
        let (name, _) = split_set(name);
        match self.catalog.affiliation_by_title(name) {
            Some(idx) => self.imported.deck.entries.push(Entry {
                card: idx,
                count: 1,
                section: Section::Affiliation,
                line: Some(n),
            }),
            None => {
                let candidates = self.suggest(name, true);
                let message = if name.is_empty() {
                    "no affiliation card is named after \"Affiliation:\".".to_string()
                } else {
                    format!(
                        "no affiliation card is called \"{}\".{}",
                        deckcheck_core::echo(name),
                        did_you_mean(self.catalog, &candidates)
                    )
                };
                self.imported.deck.unread += 1;
                self.imported.diagnostics.push(
                    Diagnostic::error(DiagnosticCode::UNKNOWN_CARD, at, line, message)
                        .in_zone(Section::Affiliation.id())
                        .candidates(
                            candidates
                                .iter()
                                .map(|c| self.catalog.card_ref(*c))
                                .collect(),
                        ),
                );
            }
        }
    }

    /// The objective a pod line names, by set number and/or title.
    fn objective(
        &mut self,
        at: &str,
        line: &str,
        title: &str,
        number: Option<&str>,
    ) -> Option<CardIdx> {
        let by_title = (!title.is_empty())
            .then(|| self.catalog.objective_by_title(title))
            .flatten();
        let by_number = number
            .and_then(|n| n.parse::<u16>().ok())
            .and_then(|n| self.catalog.set(n))
            .map(|cards| cards[0]);
        let warn = |reader: &mut Self, message: String, idx: CardIdx| {
            reader.imported.diagnostics.push(
                Diagnostic::warning(DiagnosticCode::ID_NAME_MISMATCH, at, line, message)
                    .in_zone(Section::Objective.id())
                    .understood(reader.catalog.card_ref(idx)),
            );
        };
        match (by_number, by_title) {
            (Some(idx), _) if title.is_empty() => Some(idx),
            (Some(idx), Some(other)) if other == idx => Some(idx),
            // The number and the title name two different sets: either may be the one meant,
            // so neither is used (the line is unread, the verdict unverified).
            (Some(idx), Some(other)) => {
                self.imported.diagnostics.push(
                    Diagnostic::error(
                        DiagnosticCode::AMBIGUOUS_CARD,
                        at,
                        line,
                        format!(
                            "the set number and the title name two different objective sets: set {} is {}, and \"{}\" is {}; neither was used: write the one meant.",
                            number.unwrap_or_default(),
                            self.catalog.card(idx).title,
                            deckcheck_core::echo(title),
                            with_set(self.catalog, other)
                        ),
                    )
                    .in_zone(Section::Objective.id())
                    .candidates(vec![
                        self.catalog.card_ref(idx),
                        self.catalog.card_ref(other),
                    ]),
                );
                None
            }
            // A title that names no set: the number is the one reading.
            (Some(idx), None) => {
                warn(
                    self,
                    format!(
                        "set {} is {}, not \"{}\"; the set number was used.",
                        number.unwrap_or_default(),
                        self.catalog.card(idx).title,
                        deckcheck_core::echo(title)
                    ),
                    idx,
                );
                Some(idx)
            }
            (None, Some(idx)) => {
                if let Some(n) = number {
                    warn(
                        self,
                        format!(
                            "there is no objective set {}; \"{}\" is {}, which was used.",
                            deckcheck_core::echo(n),
                            deckcheck_core::echo(title),
                            with_set(self.catalog, idx)
                        ),
                        idx,
                    );
                }
                Some(idx)
            }
            (None, None) => {
                let command = (!title.is_empty())
                    .then(|| {
                        self.catalog
                            .cards_titled(title)
                            .iter()
                            .copied()
                            .find(|c| self.catalog.card(*c).kind != CardType::Objective)
                    })
                    .flatten();
                let candidates = if title.is_empty() {
                    Vec::new()
                } else {
                    self.suggest(title, false)
                };
                let message = match (command, number) {
                    (Some(c), _) => format!(
                        "\"{}\" is a {} card, not an objective; a pod list names each objective set by its objective's title.{}",
                        deckcheck_core::echo(title),
                        self.catalog.card(c).kind.name().to_lowercase(),
                        did_you_mean(self.catalog, &candidates)
                    ),
                    (None, Some(n)) if title.is_empty() => {
                        format!("there is no objective set {}.", deckcheck_core::echo(n))
                    }
                    _ => format!(
                        "no objective set is called \"{}\".{}",
                        deckcheck_core::echo(title),
                        did_you_mean(self.catalog, &candidates)
                    ),
                };
                self.imported.diagnostics.push(
                    Diagnostic::error(DiagnosticCode::UNKNOWN_CARD, at, line, message)
                        .in_zone(Section::Objective.id())
                        .candidates(
                            candidates
                                .iter()
                                .map(|c| self.catalog.card_ref(*c))
                                .collect(),
                        ),
                );
                None
            }
        }
    }

    fn pod(&mut self, at: &str, line: &str, n: u32) {
        let (first, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let (count, rest) = if looks_like_count(first) {
            match parse_count(first) {
                Some(c) => (Some(c), rest.trim()),
                None => {
                    self.imported.diagnostics.push(
                        Diagnostic::error(
                            DiagnosticCode::BAD_COUNT,
                            at,
                            line,
                            format!(
                                "\"{}\" is not a count: a count is a whole number from 1 to {MAX_COUNT}.",
                                deckcheck_core::echo(first)
                            ),
                        )
                        .in_zone(Section::Objective.id()),
                    );
                    self.imported.deck.unread += 1;
                    return;
                }
            }
        } else {
            (None, line)
        };
        // "2 x Title" as well as "2x Title".
        let rest = rest
            .strip_prefix("x ")
            .or_else(|| rest.strip_prefix("× "))
            .unwrap_or(rest)
            .trim();
        let (title, number) = split_set(rest);
        let count = match count {
            Some(0) => {
                self.imported.diagnostics.push(
                    Diagnostic::warning(
                        DiagnosticCode::ZERO_COUNT,
                        at,
                        line,
                        "a count of 0: the line was ignored.",
                    )
                    .in_zone(Section::Objective.id()),
                );
                return;
            }
            Some(c) => c,
            None => {
                self.imported.diagnostics.push(
                    Diagnostic::warning(
                        DiagnosticCode::NO_COUNT,
                        at,
                        line,
                        "no count was written; one copy of the set was assumed.",
                    )
                    .in_zone(Section::Objective.id()),
                );
                1
            }
        };
        let Some(objective) = self.objective(at, line, title, number) else {
            self.imported.deck.unread += 1;
            return;
        };
        let set = self.catalog.card(objective).set.unwrap_or(0);
        let Some(cards) = self.catalog.set(set) else {
            return;
        };
        for (i, card) in cards.iter().enumerate() {
            self.imported.deck.entries.push(Entry {
                card: *card,
                count,
                section: if i == 0 {
                    Section::Objective
                } else {
                    Section::Command
                },
                line: Some(n),
            });
        }
    }
}

impl InputFormat<Catalog, Deck> for PodList {
    fn info(&self) -> InputFormatInfo {
        InputFormatInfo {
            id: "pod-list",
            name: "Pod list",
            description: "`Affiliation: Jedi`, then one line per objective set: `2x A Hero's Journey (1)` (count, objective title, set number); each line stands for the six cards of its set. Lines starting with # are comments.",
        }
    }

    fn detect(&self, _text: &str) -> bool {
        true
    }

    fn read(&self, catalog: &Catalog, text: &str) -> Result<Imported<Deck>, ImportError> {
        let lines = text.lines().count();
        if lines > MAX_LINES {
            return Err(ImportError::TooLarge(format!(
                "{lines} lines; a pod list has at most {MAX_LINES}"
            )));
        }
        let mut reader = Reader {
            catalog,
            imported: Imported::default(),
            unknown: 0,
        };
        for (i, raw) in text.lines().enumerate() {
            let n = i as u32 + 1;
            let line = raw.trim().trim_start_matches('\u{feff}').trim();
            if line.is_empty() || line.starts_with('#') || line.starts_with("//") {
                continue;
            }
            let at = format!("line {n}");
            if let Some((key, value)) = line.split_once(':')
                && key.trim().eq_ignore_ascii_case("affiliation")
            {
                reader.affiliation(&at, line, value.trim(), n);
                continue;
            }
            // A heading ("Objective sets:", "Light side:") names no card.
            if line.ends_with(':') {
                continue;
            }
            reader.pod(&at, line, n);
        }
        Ok(reader.imported)
    }
}

/// Why a deck cannot be written as a pod list: a card it cannot name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum NotPods {
    #[error("the card with OCTGN id {id} is not in the card data; a pod list cannot name it")]
    UnknownCard { id: String },
    #[error("{title} belongs to no objective set; a pod list cannot name it")]
    NoSet { title: String },
    #[error(
        "objective set {set} is not whole (its card {seq} is there a different number of times than its objective); a pod list holds whole sets only"
    )]
    NotWhole { set: u16, seq: u16 },
}

/// The deck as a pod list, when every command card is part of a whole set; otherwise what
/// stops it.
pub fn write_pods(catalog: &Catalog, deck: &Deck) -> Result<String, NotPods> {
    if let Some(u) = deck.unknown.first() {
        return Err(NotPods::UnknownCard { id: u.id.clone() });
    }
    let mut out = String::new();
    let mut objectives: BTreeMap<u16, u64> = BTreeMap::new();
    let mut command: BTreeMap<(u16, u16), u64> = BTreeMap::new();
    for e in &deck.entries {
        let card = catalog.card(e.card);
        match (card.kind, card.set) {
            (CardType::Affiliation, _) => out.push_str(&format!("Affiliation: {}\n", card.title)),
            (_, None) => {
                return Err(NotPods::NoSet {
                    title: card.title.to_string(),
                });
            }
            (CardType::Objective, Some(set)) => {
                *objectives.entry(set).or_insert(0) += u64::from(e.count)
            }
            (_, Some(set)) => *command.entry((set, card.seq)).or_insert(0) += u64::from(e.count),
        }
    }
    for set in command
        .keys()
        .map(|k| k.0)
        .chain(objectives.keys().copied())
    {
        let n = objectives.get(&set).copied().unwrap_or(0);
        for seq in 2..=6 {
            if command.get(&(set, seq)).copied().unwrap_or(0) != n {
                return Err(NotPods::NotWhole { set, seq });
            }
        }
    }
    for (set, n) in objectives {
        if let Some(card) = catalog.objective(set) {
            out.push_str(&format!("{n}x {} ({set})\n", card.title));
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::rules::fixture::catalog;

    fn read(text: &str) -> Imported<Deck> {
        PodList.read(catalog(), text).unwrap()
    }

    #[test]
    fn a_pod_line_stands_for_the_six_cards_of_its_set() {
        let deck = read("Affiliation: Jedi\n2x Objective 3 (3)\n").deck;
        assert_eq!(deck.entries.len(), 7);
        assert!(
            deck.entries[1..]
                .iter()
                .all(|e| e.count == 2 && e.line == Some(2))
        );
        assert_eq!(deck.entries[1].section, Section::Objective);
        assert!(
            deck.entries[2..]
                .iter()
                .all(|e| e.section == Section::Command)
        );
    }

    #[test]
    fn an_unknown_title_gets_did_you_mean_on_objective_titles() {
        let imported = read("Affiliation: Jedi\n1x Objectiv 12\n");
        let d = &imported.diagnostics[0];
        assert_eq!(d.code, DiagnosticCode::UNKNOWN_CARD);
        assert_eq!(d.at, "line 2");
        assert!(
            d.message.starts_with(
                "no objective set is called \"Objectiv 12\". Did you mean Objective 12 (12)"
            ),
            "{}",
            d.message
        );
        assert_eq!(imported.deck.unread, 1);
    }

    #[test]
    fn an_unknown_affiliation_gets_did_you_mean_on_affiliation_cards() {
        let imported = read("Affiliation: Jeddi\n");
        assert!(
            imported.diagnostics[0]
                .message
                .contains("Did you mean Jedi"),
            "{:?}",
            imported.diagnostics
        );
    }

    #[test]
    fn a_pod_list_is_written_back_from_whole_sets_only() {
        let deck = read("Affiliation: Jedi\n2x Objective 3 (3)\n1x (4)\n").deck;
        assert_eq!(
            write_pods(catalog(), &deck).unwrap(),
            "Affiliation: Jedi\n2x Objective 3 (3)\n1x Objective 4 (4)\n"
        );
        let mut broken = deck.clone();
        broken.entries.pop();
        assert_eq!(
            write_pods(catalog(), &broken),
            Err(NotPods::NotWhole { set: 4, seq: 6 })
        );
    }

    #[test]
    fn a_count_is_the_first_word_only_when_it_looks_like_one() {
        assert!(looks_like_count("2x"));
        assert!(looks_like_count("-1"));
        assert!(looks_like_count("18446744073709551616"));
        assert!(!looks_like_count("A"));
        assert!(!looks_like_count("X-Wing"));
    }

    #[test]
    fn the_set_number_is_read_from_the_trailing_parentheses() {
        assert_eq!(
            split_set("A Hero's Journey (1)"),
            ("A Hero's Journey", Some("1"))
        );
        assert_eq!(
            split_set("A Hero's Journey (#001)"),
            ("A Hero's Journey", Some("001"))
        );
        assert_eq!(split_set("A Hero's Journey"), ("A Hero's Journey", None));
        assert_eq!(split_set("Odd (title)"), ("Odd (title)", None));
        assert_eq!(split_set("(7)"), ("", Some("7")));
    }
}
