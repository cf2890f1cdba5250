//! For a game's tests (feature `testing`): the property that every kind of violation renders,
//! whatever its data. A message is written when the answer is written, so a message that could
//! fail on some data would fail an answer. A game lists one violation of every kind of every
//! code, built from [`Values`] (any number, any text, any date); [`every_kind_renders`] builds
//! them from arbitrary values and minimal ones, gives each any number of cards (none
//! included), writes each as text and as JSON in each of the five languages, and checks that
//! every code the game lists is among them. A message that is empty, or holds a `{` (a
//! variable Fluent could not fill, a message reference it could not find: the generated texts
//! never hold one), fails; so does, in a debug build, a message missing in every language or
//! a variable the code does not pass (`Messages::format`).

use jiff::civil::Date;
use proptest::collection::vec;
use proptest::prelude::*;
use proptest::test_runner::TestRunner;

use crate::l10n::Lang;
use crate::report::{CardRef, Code, CodeInfo, Violation};

/// The values a test builds every kind of violation from.
#[derive(Debug, Clone)]
pub struct Values {
    pub text: String,
    pub n: u64,
    pub m: u64,
    /// A small number: how many items a list has.
    pub small: usize,
    pub date: Date,
}

impl Values {
    /// Empty text, zeros, no items, the earliest date.
    pub fn minimal() -> Self {
        Self {
            text: String::new(),
            n: 0,
            m: 0,
            small: 0,
            date: Date::MIN,
        }
    }

    /// The largest numbers, a few items, the latest date.
    fn maximal() -> Self {
        Self {
            text: "x".repeat(12),
            n: u64::MAX,
            m: u64::MAX,
            small: 3,
            date: Date::MAX,
        }
    }
}

fn values() -> impl Strategy<Value = Values> {
    (
        "[^{}]{0,12}",
        any::<u64>(),
        any::<u64>(),
        0usize..4,
        0i32..7_300_000,
    )
        .prop_map(|(text, n, m, small, days)| Values {
            text,
            n,
            m,
            small,
            date: Date::MIN.saturating_add(jiff::Span::new().days(days)),
        })
}

fn cards() -> impl Strategy<Value = Vec<CardRef>> {
    let card = (
        "[^{}]{0,8}",
        "[^{}]{0,8}",
        proptest::option::of("[^{}]{0,8}"),
        proptest::option::of(any::<u32>()),
    )
        .prop_map(|(id, title, subtitle, line)| {
            CardRef::new(id.into(), title.into(), subtitle.map(Into::into)).at_line(line)
        });
    vec(card, 0..4)
}

/// Writes `v` as text and as JSON in every language: a message that is not empty and holds
/// no `{`, and data that is an object when there is any, the same in every language.
fn renders(v: &Violation) -> Result<(), TestCaseError> {
    let mut data = None;
    for lang in Lang::ALL {
        let v = v.clone().in_lang(lang);
        let json = serde_json::to_value(&v).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let message = json["message"].as_str().unwrap_or_default();
        prop_assert!(!message.is_empty(), "{lang}: {json}");
        prop_assert!(!message.contains('{'), "{lang}: unfilled: {message}");
        prop_assert!(
            json.get("data").is_none_or(serde_json::Value::is_object),
            "{json}"
        );
        let this = json.get("data").cloned();
        prop_assert!(
            data.get_or_insert_with(|| this.clone()) == &this,
            "{lang}: the data changed with the language: {json}"
        );
    }
    Ok(())
}

/// Panics, naming the smallest data that fails, unless every violation `every_kind` builds
/// renders from minimal, maximal and arbitrary values with any cards, and `every_kind` builds
/// every code of `listed` but those `never_reported` (a code listed for the documentation of a
/// rule that only adds notes, or none).
pub fn every_kind_renders(
    every_kind: fn(&Values) -> Vec<Violation>,
    listed: &[CodeInfo],
    never_reported: &[Code],
) {
    let all_render = |values: &Values, cards: &[CardRef]| {
        every_kind(values)
            .into_iter()
            .try_for_each(|v| renders(&v.cards(cards.to_vec())))
    };
    for edge in [Values::minimal(), Values::maximal()] {
        if let Err(e) = all_render(&edge, &[]) {
            panic!("a violation does not render from {edge:?}: {e}");
        }
    }
    let config = proptest::test_runner::Config {
        failure_persistence: None,
        ..Default::default()
    };
    let outcome = TestRunner::new(config).run(&(values(), cards()), |(values, cards)| {
        all_render(&values, &cards)
    });
    if let Err(e) = outcome {
        panic!("a violation does not render: {e}");
    }
    let mut built: Vec<&str> = every_kind(&Values::minimal())
        .iter()
        .map(|v| v.code.as_str())
        .collect();
    built.sort_unstable();
    built.dedup();
    let mut codes: Vec<&str> = listed
        .iter()
        .filter(|c| !never_reported.contains(&c.code))
        .map(|c| c.code.as_str())
        .collect();
    codes.sort_unstable();
    codes.dedup();
    assert_eq!(
        built, codes,
        "every code the rules list, and no other, is built"
    );
}
