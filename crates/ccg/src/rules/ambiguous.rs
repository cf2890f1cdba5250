//! CCG-AMBIGUOUS: a title that names several cards (after the deck's side and the zone narrowed
//! it) is never guessed. It is reported with every candidate and the verdict of the deck under
//! each, which can differ (`Alter` is 1_234, legal in Classic, or 12_145, with an Episode I icon);
//! the answer is unverified unless the deck is illegal anyway. Each choice is judged alone, other
//! ambiguous titles left aside. Source: deckcheck's rule of no silent substitution (spec §0,
//! §2.9: "Titles are not identities").

use crate::messages::{say, text};
use deckcheck_core::l10n::number;
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Verdict, Violation};
use serde::Serialize;

use super::{Context, judge};
use crate::deck::Resolution;

pub const CODE: Code = Code::new("CCG-AMBIGUOUS");
pub const SECTION: &str = "INPUT: a title that names several cards";

/// Ambiguous titles of one deck judged under each candidate; past these, candidates are listed.
pub const MAX_EVALUATED: usize = 12;

pub struct Ambiguous;

/// The verdict the deck has with one candidate, and the codes that decide it.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct Choice {
    pub title: String,
    pub id: String,
    pub set: String,
    pub verdict: Verdict,
    pub codes: Vec<Code>,
}

/// A title that names several cards (the violation's cards), none chosen.
#[derive(Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum AmbiguousTitle {
    /// The deck judged with each candidate; the deck's other ambiguous titles left aside when
    /// it has some.
    Judged {
        choices: Vec<Choice>,
        others_left_aside: bool,
    },
    /// Not judged with each: as many titles of the deck as are judged already were.
    NotJudged { judged: usize },
}

impl Explain for AmbiguousTitle {
    fn message(&self, cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let first = cards.first();
        let title = first.map_or_else(|| say(lang, "ccg-this-title", []), |c| c.title.to_string());
        let line = first.and_then(|c| c.line).map_or(String::new(), |l| {
            say(lang, "ccg-at-line", [("line", number(l))])
        });
        let detail = match self {
            Self::Judged {
                choices,
                others_left_aside,
            } => {
                let parts: Vec<String> = choices
                    .iter()
                    .map(|c| {
                        let codes: Vec<&str> = c.codes.iter().map(|c| c.as_str()).collect();
                        let codes = if codes.is_empty() {
                            String::new()
                        } else {
                            format!(" ({})", codes.join(", "))
                        };
                        let verdict =
                            say(lang, "ccg-verdict", [("verdict", text(c.verdict.as_str()))]);
                        say(
                            lang,
                            "ccg-choice",
                            [
                                ("title", text(c.title.as_str())),
                                ("id", text(c.id.as_str())),
                                ("set", text(c.set.as_str())),
                                ("verdict", text(verdict)),
                                ("codes", text(codes)),
                            ],
                        )
                    })
                    .collect();
                let mut detail = parts.join("; ");
                if *others_left_aside {
                    detail.push_str(&say(lang, "ccg-others-left-aside", []));
                }
                detail
            }
            Self::NotJudged { judged } => say(
                lang,
                "ccg-not-judged-each",
                [("judged", number(*judged as u64))],
            ),
        };
        say(
            lang,
            "ccg-ambiguous-title",
            [
                ("title", text(title)),
                ("line", text(line)),
                ("count", number(cards.len() as u64)),
                ("detail", text(detail)),
                ("id", text(first.map_or("", |c| &*c.id))),
            ],
        )
    }
}

/// The verdict of a deck with one choice made: the findings' own, and the codes that decide it.
fn verdict_of(findings: &Findings) -> (Verdict, Vec<Code>) {
    let mut certain: Vec<Code> = findings
        .violations
        .iter()
        .filter(|v| v.is_certain())
        .map(|v| v.code)
        .collect();
    certain.sort_unstable();
    certain.dedup();
    if !certain.is_empty() {
        return (Verdict::Illegal, certain);
    }
    let mut unsure: Vec<Code> = findings.violations.iter().map(|v| v.code).collect();
    unsure.sort_unstable();
    unsure.dedup();
    if unsure.is_empty() {
        (Verdict::Legal, unsure)
    } else {
        (Verdict::Unverified, unsure)
    }
}

impl Rule<Context<'_>> for Ambiguous {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "A title that names several cards: every candidate is listed with the verdict the deck would have with it; the answer is unverified.",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        if ctx.nested {
            return;
        }
        for (i, deck, _) in ctx.each() {
            let ambiguous = deck
                .entries
                .iter()
                .filter(|e| matches!(e.card, Resolution::Ambiguous(_)))
                .count();
            let mut evaluated = 0;
            for (k, entry) in deck.entries.iter().enumerate() {
                let Resolution::Ambiguous(candidates) = &entry.card else {
                    continue;
                };
                let cards = candidates
                    .iter()
                    .map(|c| ctx.catalog.card_ref(*c).at_line(entry.line))
                    .collect();
                let title = if evaluated < MAX_EVALUATED {
                    evaluated += 1;
                    let choices = candidates
                        .iter()
                        .map(|c| {
                            let mut choice = deck.clone();
                            choice.entries[k].card = Resolution::Card(*c);
                            let decks = [&choice];
                            let mut sub =
                                Context::new(ctx.catalog, ctx.def, ctx.gemp, ctx.as_of, &decks);
                            sub.nested = true;
                            let (verdict, codes) = verdict_of(&judge(&sub));
                            let card = ctx.card(*c);
                            Choice {
                                title: card.title.to_string(),
                                id: card.id.to_string(),
                                set: set_name(ctx, *c),
                                verdict,
                                codes,
                            }
                        })
                        .collect();
                    AmbiguousTitle::Judged {
                        choices,
                        others_left_aside: ambiguous > 1,
                    }
                } else {
                    AmbiguousTitle::NotJudged {
                        judged: MAX_EVALUATED,
                    }
                };
                let v = Violation::new(CODE, SECTION, title)
                    .cards(cards)
                    .unconfirmed(
                        "Which card this title names is not known; the deck is judged with each.",
                    );
                ctx.report(out, i, v);
            }
        }
    }
}

/// The set a card is from, as players name it.
fn set_name(ctx: &Context<'_>, card: crate::catalog::CardIdx) -> String {
    let card = ctx.card(card);
    match (card.set, &card.legacy_block) {
        (Some(set), _) => ctx
            .catalog
            .set(set)
            .map_or_else(|| format!("set {set}"), |s| s.name.to_string()),
        (None, Some(block)) => format!("retired, {block}"),
        (None, None) => "retired".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{Fixture, today, unverified};
    use crate::catalog::Side;
    use crate::deck::Resolution;

    fn alter_deck(f: &Fixture) -> crate::deck::Deck {
        let mut deck = f.sixty(Side::Dark, &[("1_234", 1)]);
        let dark_alters = vec![
            f.catalog.by_id("1_234").unwrap(),
            f.catalog.by_id("12_145").unwrap(),
        ];
        deck.entries[0].card = Resolution::Ambiguous(dark_alters);
        deck.entries[0].written = "Alter".into();
        deck
    }

    #[test]
    fn an_ambiguous_title_is_judged_under_each_card_and_the_classic_verdict_differs() {
        let f = Fixture::new();
        let found = f.judge("classic", today(), &[alter_deck(&f)]);
        let v: Vec<_> = found
            .violations
            .iter()
            .filter(|v| v.code.as_str() == "CCG-AMBIGUOUS")
            .collect();
        assert_eq!(v.len(), 1);
        assert!(!v[0].is_certain());
        assert!(unverified(&found));
        let m = v[0].message();
        assert!(
            m.contains("with Alter (1_234, Premiere) the deck is legal"),
            "{m}"
        );
        assert!(
            m.contains("with Alter (12_145, Coruscant) the deck is illegal (CCG-ICON)"),
            "{m}"
        );
        assert!(m.contains("\"Alter (1_234)\""), "{m}");
    }

    #[test]
    fn in_open_both_choices_are_legal_and_the_answer_is_still_not_a_guess() {
        let f = Fixture::new();
        let found = f.judge("open", today(), &[alter_deck(&f)]);
        let v = found
            .violations
            .iter()
            .find(|v| v.code.as_str() == "CCG-AMBIGUOUS")
            .unwrap();
        assert!(
            v.message()
                .contains("(12_145, Coruscant) the deck is legal"),
            "{}",
            v.message()
        );
        assert!(unverified(&found));
    }
}
