//! English wording for the notes games' rules still write in English (issue 37 moved every
//! violation's message to Fluent, `crate::l10n`): counts with their noun ("1 card", "3
//! cards"), lists read as a sentence ("A, B and C"), the article a word takes. A note is
//! written where it is found, so these never see a count or a list they cannot word: an empty
//! list is an empty string, any number has its plural.

use std::fmt::Display;

use crate::report::CardRef;

/// "1 card", "0 cards", "2 cards".
pub fn plural(n: impl Into<u64>, one: &str, many: &str) -> String {
    let n = n.into();
    format!("{n} {}", if n == 1 { one } else { many })
}

/// "is" for one thing, "are" for any other number.
pub fn is_are(n: usize) -> &'static str {
    if n == 1 { "is" } else { "are" }
}

/// "A", "A and B", "A, B and C"; "" for nothing.
pub fn and_list<I>(items: I) -> String
where
    I: IntoIterator,
    I::Item: Display,
{
    let items: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
    match items.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// "A, B and 3 more": at most `max` items, then how many more there are.
pub fn and_list_at_most<I>(items: I, max: usize) -> String
where
    I: IntoIterator,
    I::Item: Display,
{
    let mut items: Vec<String> = items.into_iter().map(|i| i.to_string()).collect();
    if items.len() > max {
        let more = items.len() - max;
        items.truncate(max);
        items.push(format!("{more} more"));
    }
    and_list(items)
}

/// Cards by name ("Title | Subtitle"), as a sentence lists them.
pub fn names(cards: &[CardRef]) -> String {
    and_list(cards.iter().map(CardRef::name))
}

/// Cards by title with the id and the line they were listed with, as a sentence lists them:
/// "Alter (1_234, line 4) and Sense (1_267)" (for a game whose titles name several cards).
pub fn titles_with_ids(cards: &[CardRef]) -> String {
    and_list(cards.iter().map(|c| match c.line {
        Some(l) => format!("{} ({}, line {l})", c.title, c.id),
        None => format!("{} ({})", c.title, c.id),
    }))
}

/// Cards by id with their line, as a sentence lists them: "9_9999 (line 4) and 601_12".
pub fn ids(cards: &[CardRef]) -> String {
    and_list(cards.iter().map(|c| match c.line {
        Some(l) => format!("{} (line {l})", c.id),
        None => c.id.to_string(),
    }))
}

/// Cards by name separated by commas only, "A, B, C" (the form some messages use).
pub fn comma_names(cards: &[CardRef]) -> String {
    cards
        .iter()
        .map(CardRef::name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// "a Premier", "an Eternal"; capitalised to start a sentence.
pub fn a_or_an(word: &str, capital: bool) -> String {
    let vowel = word
        .chars()
        .next()
        .is_some_and(|c| "AEIOUaeiou".contains(c));
    let article = match (vowel, capital) {
        (true, true) => "An",
        (true, false) => "an",
        (false, true) => "A",
        (false, false) => "a",
    };
    format!("{article} {word}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_count_takes_the_singular_only_for_one() {
        assert_eq!(plural(1u64, "card", "cards"), "1 card");
        assert_eq!(plural(0u64, "card", "cards"), "0 cards");
        assert_eq!(
            plural(u64::MAX, "card", "cards"),
            format!("{} cards", u64::MAX)
        );
        assert_eq!((is_are(1), is_are(0), is_are(2)), ("is", "are", "are"));
    }

    #[test]
    fn a_list_reads_as_a_sentence_and_nothing_is_an_empty_string() {
        assert_eq!(and_list(Vec::<String>::new()), "");
        assert_eq!(and_list(["A"]), "A");
        assert_eq!(and_list(["A", "B"]), "A and B");
        assert_eq!(and_list(["A", "B", "C"]), "A, B and C");
    }

    #[test]
    fn a_long_list_says_how_many_more_it_leaves_out() {
        assert_eq!(and_list_at_most(1..=3, 8), "1, 2 and 3");
        assert_eq!(
            and_list_at_most(1..=10, 8),
            "1, 2, 3, 4, 5, 6, 7, 8 and 2 more"
        );
    }

    #[test]
    fn a_word_takes_the_article_english_gives_it() {
        assert_eq!(a_or_an("Eternal", true), "An Eternal");
        assert_eq!(a_or_an("Premier", true), "A Premier");
        assert_eq!(a_or_an("Sealed", false), "a Sealed");
        assert_eq!(a_or_an("", false), "a ");
    }

    #[test]
    fn cards_are_listed_by_title_with_their_ids_and_lines() {
        let c = |id: &str, line| CardRef::new(id.into(), "Alter".into(), None).at_line(line);
        assert_eq!(
            titles_with_ids(&[c("1_234", Some(4))]),
            "Alter (1_234, line 4)"
        );
        assert_eq!(
            titles_with_ids(&[c("1_234", None), c("12_145", None), c("1_71", None)]),
            "Alter (1_234), Alter (12_145) and Alter (1_71)"
        );
        assert_eq!(
            ids(&[c("9_9999", Some(4)), c("601_12", None)]),
            "9_9999 (line 4) and 601_12"
        );
    }

    #[test]
    fn cards_are_listed_by_title_and_subtitle() {
        let han = CardRef::new(
            "SOR_017".into(),
            "Han Solo".into(),
            Some("Audacious Smuggler".into()),
        );
        let dj = CardRef::new("SHD_213".into(), "DJ".into(), None);
        assert_eq!(
            names(&[han.clone(), dj.clone()]),
            "Han Solo | Audacious Smuggler and DJ"
        );
        assert_eq!(comma_names(&[han, dj]), "Han Solo | Audacious Smuggler, DJ");
        assert_eq!(names(&[]), "");
    }
}
