//! The rules engine every game runs: a game's rules are small types, one per file, each
//! implementing [`Rule`] over the game's own context, listed in one registry
//! (`const RULES: &[&dyn Rule<Context>]`). [`run`] runs every rule of a registry into one
//! [`Findings`]: a rule reports everything it finds and no rule stops another, so an answer
//! gives every reason at once. [`codes`] lists the codes a registry reports, with their
//! meaning, for the documentation and `GET /v1/games`.

use crate::report::{CodeInfo, Findings};

/// One rule of a game, judged on the game's context `C` (the decks, the format, the date and
/// the data a check reads).
pub trait Rule<C: ?Sized>: Sync {
    /// The codes this rule reports, each with what it means.
    fn codes(&self) -> &'static [CodeInfo];
    /// Adds a violation (or a note) for everything this rule finds; never stops at the first.
    fn check(&self, ctx: &C, out: &mut Findings);
}

/// Runs every rule, in the registry's order, adding what each finds to `out`.
pub fn run<C: ?Sized>(rules: &[&dyn Rule<C>], ctx: &C, out: &mut Findings) {
    for rule in rules {
        rule.check(ctx, out);
    }
}

/// Every code the rules report, with its meaning, in the registry's order.
pub fn codes<C: ?Sized>(rules: &[&dyn Rule<C>]) -> Vec<CodeInfo> {
    rules
        .iter()
        .flat_map(|r| r.codes().iter().copied())
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::{CardRef, Code, Explain, Violation};
    use serde::Serialize;

    const ODD: Code = Code::new("odd");
    const BIG: Code = Code::new("big");

    #[derive(Debug, PartialEq, Serialize)]
    struct Number {
        value: u64,
    }

    impl Explain for Number {
        fn message(&self, _cards: &[CardRef], _lang: crate::l10n::Lang) -> String {
            format!("{} is not allowed.", self.value)
        }
    }

    struct Odd;
    struct Big;

    impl Rule<[u64]> for Odd {
        fn codes(&self) -> &'static [CodeInfo] {
            &[CodeInfo {
                code: ODD,
                meaning: "An odd number.",
            }]
        }

        fn check(&self, numbers: &[u64], out: &mut Findings) {
            for &value in numbers.iter().filter(|n| *n % 2 == 1) {
                out.violation(Violation::new(ODD, "T 1", Number { value }));
            }
        }
    }

    impl Rule<[u64]> for Big {
        fn codes(&self) -> &'static [CodeInfo] {
            &[CodeInfo {
                code: BIG,
                meaning: "A number over 10.",
            }]
        }

        fn check(&self, numbers: &[u64], out: &mut Findings) {
            for &value in numbers.iter().filter(|n| **n > 10) {
                out.violation(Violation::new(BIG, "T 2", Number { value }));
            }
        }
    }

    const RULES: &[&dyn Rule<[u64]>] = &[&Odd, &Big];

    #[test]
    fn every_rule_runs_and_reports_everything_it_finds() {
        let mut out = Findings::default();
        run(RULES, &[3, 12, 13][..], &mut out);
        let found: Vec<(&str, String)> = out
            .violations
            .iter()
            .map(|v| (v.code.as_str(), v.message()))
            .collect();
        assert_eq!(
            found,
            [
                ("odd", "3 is not allowed.".to_string()),
                ("odd", "13 is not allowed.".into()),
                ("big", "12 is not allowed.".into()),
                ("big", "13 is not allowed.".into()),
            ]
        );
    }

    #[test]
    fn the_codes_are_listed_in_the_order_of_the_registry() {
        let listed: Vec<&str> = codes(RULES).iter().map(|c| c.code.as_str()).collect();
        assert_eq!(listed, ["odd", "big"]);
    }
}
