//! LCG-COPIES: at most two copies of an objective set in a deck, one if its objective says
//! "Limit 1 per objective deck." (swlcg-json `isLimitedToObjectiveDeck`). Source: CR p.28 Custom
//! Decks ("Any objective set may be included twice in a constructed deck unless its objective
//! card states 'limit one per objective deck.'"). A set whose limit an erratum in force changes
//! is judged by LCG-ERRATA instead.

use deckcheck_core::{Code, Dated, Findings, Violation};

use super::{Context, Rule, Tally};

pub const CODE: Code = Code::new("LCG-COPIES");

pub struct Copies;

fn message(v: &Violation) -> String {
    let limit = v.expected.unwrap_or(0);
    let why = if limit == 1 {
        "a set whose objective says \"Limit 1 per objective deck.\" goes in a deck once"
    } else {
        "a deck holds at most 2 copies of an objective set"
    };
    format!(
        "{}; {why}.",
        Some(v.get("detail"))
            .filter(|d| !d.is_empty())
            .unwrap_or_default()
    )
}

impl Rule for Copies {
    fn code(&self) -> Code {
        CODE
    }

    fn meaning(&self) -> &'static str {
        "An objective set is in a deck more than twice, or more than once if its objective says Limit 1 per objective deck."
    }

    fn check(&self, ctx: &Context<'_>, decks: &[Tally<'_>], out: &mut Findings) {
        let (Some(max), Some(limited)) = (
            ctx.format.max_copies.at(ctx.as_of),
            ctx.format.limited_copies.at(ctx.as_of),
        ) else {
            return;
        };
        let errata: Vec<u16> = ctx
            .data
            .errata
            .iter()
            .filter(|e| e.from <= ctx.as_of)
            .map(|e| e.value.set)
            .collect();
        for deck in decks {
            for (rule, limit_one) in [(limited, true), (max, false)] {
                let over = |copies: u64, set: u16| {
                    ctx.catalog
                        .objective(set)
                        .is_some_and(|c| c.limit_one == limit_one)
                        && copies > rule.value
                        && !errata.contains(&set)
                };
                report(ctx, deck, out, rule, over);
            }
        }
    }
}

fn report(
    ctx: &Context<'_>,
    deck: &Tally<'_>,
    out: &mut Findings,
    rule: &Dated<u64>,
    over: impl Fn(u64, u16) -> bool,
) {
    let (mut cards, mut counts, mut most) = (Vec::new(), Vec::new(), 0);
    for (&set, &copies) in &deck.objectives {
        if over(copies, set)
            && let Some(r) = deck.set_ref(ctx.catalog, set)
        {
            counts.push(if counts.is_empty() {
                format!("{} (set {set}) is in this deck {copies} times", r.title)
            } else {
                format!("{} (set {set}) {copies} times", r.title)
            });
            cards.push(r);
            most = most.max(copies);
        }
    }
    if !cards.is_empty() {
        deck.report(
            out,
            Violation::rendered_of(CODE, rule, message)
                .cards(cards)
                .numbers(rule.value, most)
                .with(
                    "detail",
                    match counts.split_last() {
                        Some((last, init)) if !init.is_empty() => {
                            format!("{} and {last}", init.join(", "))
                        }
                        _ => counts.concat(),
                    },
                ),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;

    #[test]
    fn two_copies_of_a_set_are_legal_and_three_are_not() {
        let two = deck("aff-jedi", &[(1, 2), (2, 2), (3, 2), (4, 2), (5, 2)]);
        assert!(run(&two).violations.is_empty());
        let three = deck("aff-jedi", &[(1, 3), (2, 2), (3, 2), (4, 2), (5, 1)]);
        let f = run(&three);
        assert_eq!(codes(&f), ["LCG-COPIES"]);
        assert_eq!(
            f.violations[0].message(),
            "Objective 1 (set 1) is in this deck 3 times; a deck holds at most 2 copies of an objective set."
        );
    }

    #[test]
    fn every_set_over_the_limit_is_one_violation() {
        let three = deck("aff-jedi", &[(1, 3), (2, 3), (3, 3), (4, 1)]);
        let f = run(&three);
        assert_eq!(codes(&f), ["LCG-COPIES"]);
        assert_eq!(
            f.violations[0].message(),
            "Objective 1 (set 1) is in this deck 3 times, Objective 2 (set 2) 3 times and Objective 3 (set 3) 3 times; a deck holds at most 2 copies of an objective set."
        );
        assert_eq!(f.violations[0].cards.len(), 3);
    }

    #[test]
    fn a_limit_one_set_twice_is_illegal() {
        let deck = deck("aff-jedi", &[(17, 2), (2, 2), (3, 2), (4, 2), (5, 2)]);
        let f = run(&deck);
        assert_eq!(codes(&f), ["LCG-COPIES"]);
        assert_eq!(f.violations[0].expected, Some(1));
        assert!(
            f.violations[0]
                .message()
                .contains("\"Limit 1 per objective deck.\"")
        );
    }
}
