//! CCG-PAIR: a registration is one Dark Side deck and one Light Side deck. Source: REG Supported
//! Formats L12 ("A player uses two 60 card decks: one Dark Side and one Light Side"). Judged when
//! two decks are given together, or when one deck is registered alone.

use crate::messages::{say, side, text};
use deckcheck_core::{CardRef, Code, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Context;
use crate::catalog::Side;

pub const CODE: Code = Code::new("CCG-PAIR");
pub const SECTION: &str = "REG Supported Formats L12";

pub struct Pair;

/// A registration that is not one deck of each side.
#[derive(Debug, PartialEq, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub(crate) enum NotAPair {
    /// One deck registered alone.
    Alone,
    /// Two decks of one side.
    SameSide { side: Side },
}

impl Explain for NotAPair {
    fn message(&self, _cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        match self {
            Self::Alone => say(lang, "ccg-pair-alone", []),
            Self::SameSide { side: s } => {
                say(lang, "ccg-pair-same-side", [("side", text(side(lang, *s)))])
            }
        }
    }

    fn numbers(&self) -> Option<(u64, u64)> {
        match self {
            Self::Alone => Some((2, 1)),
            Self::SameSide { .. } => None,
        }
    }
}

impl Rule<Context<'_>> for Pair {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "A registration is not one Dark Side deck and one Light Side deck.",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        if ctx.nested {
            return;
        }
        match ctx.decks.as_slice() {
            [_] if ctx.registration => {
                out.violation(Violation::new(CODE, SECTION, NotAPair::Alone));
            }
            [a, b] => {
                if let (Some(sa), Some(sb)) = (a.side(ctx.catalog), b.side(ctx.catalog))
                    && sa == sb
                {
                    out.violation(Violation::new(
                        CODE,
                        SECTION,
                        NotAPair::SameSide { side: sa },
                    ));
                }
            }
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::{Fixture, today};
    use super::super::{Context, judge};
    use crate::catalog::Side;

    #[test]
    fn a_dark_and_a_light_deck_make_a_pair() {
        let f = Fixture::new();
        let decks = [f.sixty(Side::Dark, &[]), f.sixty(Side::Light, &[])];
        assert!(f.violations("open", today(), &decks, "CCG-PAIR").is_empty());
    }

    #[test]
    fn two_dark_side_decks_are_not_a_registration() {
        let f = Fixture::new();
        let decks = [f.sixty(Side::Dark, &[]), f.sixty(Side::Dark, &[])];
        let v = f.violations("open", today(), &decks, "CCG-PAIR");
        assert!(
            v[0].message()
                .contains("both decks given are Dark Side decks"),
            "{}",
            v[0].message()
        );
        assert_eq!(v[0].deck, None, "about the pair, not one deck");
    }

    #[test]
    fn one_deck_is_judged_alone_unless_it_is_registered() {
        let f = Fixture::new();
        let decks = [f.sixty(Side::Dark, &[])];
        assert!(f.violations("open", today(), &decks, "CCG-PAIR").is_empty());
        let def = &f.data.formats[0];
        let gemp = f.catalog.gemp_format("open").unwrap();
        let mut ctx = Context::new(&f.catalog, def, gemp, today(), &decks);
        ctx.registration = true;
        let found = judge(&ctx);
        assert!(
            found
                .violations
                .iter()
                .any(|v| v.code.as_str() == "CCG-PAIR")
        );
    }
}
