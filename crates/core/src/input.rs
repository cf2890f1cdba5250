//! The contract of an input format: one reader per format a game reads, each telling whether a
//! text looks like its format and reading it into a deck plus diagnostics.
//!
//! An input that cannot be read at all is an [`ImportError`] (exit 2, HTTP 4xx). An entry that
//! can be read but not resolved is a [`Diagnostic`]: the rest of the deck is still judged.

use serde::Serialize;

use crate::diagnostic::Diagnostic;
pub use crate::text::echo;

/// The most copies one entry may claim: far above any real list, low enough that sums of
/// counts cannot overflow.
pub const MAX_COUNT: u64 = 1_000;

/// The most lines a text list may have: a deck list has a few dozen, a sealed pool a few hundred.
pub const MAX_LINES: usize = 10_000;

/// After this many unknown entries, the rest get no did-you-mean (a pasted novel stays cheap).
pub const MAX_SUGGESTED: usize = 100;

/// A deck read from input, and what was wrong with its entries.
#[derive(Debug, Clone, Default)]
pub struct Imported<D> {
    pub deck: D,
    pub diagnostics: Vec<Diagnostic>,
    /// The input format it was read as.
    pub format: &'static str,
}

impl<D> Imported<D> {
    /// Entries that could not be used (unknown, ambiguous): the deck cannot be called legal.
    pub fn unreadable(&self) -> usize {
        self.diagnostics
            .iter()
            .filter(|d| d.blocks_verdict())
            .count()
    }
}

/// Why an input could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ImportError {
    #[error("the input is empty")]
    Empty,
    #[error("the input is not valid JSON: {message} (line {line}, column {column})")]
    Json {
        message: String,
        line: usize,
        column: usize,
    },
    #[error("the input is not valid XML: {0}")]
    Xml(String),
    #[error("the input is not a deck list: {0}")]
    NotADeck(String),
    #[error("the input is too large: {0}")]
    TooLarge(String),
    #[error("unknown input format {asked:?}; this game reads {known}")]
    UnknownFormat { asked: String, known: String },
}

impl ImportError {
    pub fn json(e: &serde_json::Error) -> Self {
        Self::Json {
            message: e.to_string(),
            line: e.line(),
            column: e.column(),
        }
    }
}

/// An input format as the API and the CLI list it.
#[derive(Debug, Clone, Copy, Serialize, utoipa::ToSchema)]
pub struct InputFormatInfo {
    /// The id a request or `--input-format` names: `swudb-json`, `o8d`, `legion-hq-link`.
    pub id: &'static str,
    pub name: &'static str,
    pub description: &'static str,
}

/// One input format of a game: `C` is the game's catalog, `D` its deck.
pub trait InputFormat<C, D>: Sync {
    fn info(&self) -> InputFormatInfo;
    /// Whether `text` (trimmed, without a byte-order mark) looks like this format.
    fn detect(&self, text: &str) -> bool;
    fn read(&self, catalog: &C, text: &str) -> Result<Imported<D>, ImportError>;
}

/// Reads `text` with the reader `asked` names (its id exactly, as the game lists it), or the first of `readers` that recognises it (the
/// last reader is the fallback and should accept anything). A byte-order mark and surrounding
/// white space are not part of any format.
pub fn import<C, D>(
    readers: &[&dyn InputFormat<C, D>],
    catalog: &C,
    text: &str,
    asked: Option<&str>,
) -> Result<Imported<D>, ImportError> {
    let text = text.trim().trim_start_matches('\u{feff}').trim();
    if text.is_empty() {
        return Err(ImportError::Empty);
    }
    let reader = match asked {
        Some(id) => readers.iter().find(|r| r.info().id == id).ok_or_else(|| {
            ImportError::UnknownFormat {
                asked: echo(id),
                known: readers
                    .iter()
                    .map(|r| r.info().id)
                    .collect::<Vec<_>>()
                    .join(", "),
            }
        })?,
        None => readers
            .iter()
            .find(|r| r.detect(text))
            .or(readers.last())
            .ok_or_else(|| ImportError::NotADeck("this game reads no input format".into()))?,
    };
    let mut imported = reader.read(catalog, text)?;
    imported.format = reader.info().id;
    Ok(imported)
}

/// Reads a count as people write it (`3`, `3x`, `x3`, `×3`): a whole number from 0 to
/// [`MAX_COUNT`], or `None`.
pub fn parse_count(text: &str) -> Option<u32> {
    let t = text.trim();
    let t = t
        .strip_suffix(['x', 'X', '×'])
        .or_else(|| t.strip_prefix(['x', 'X', '×']))
        .unwrap_or(t)
        .trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse::<u64>()
        .ok()
        .filter(|n| *n <= MAX_COUNT)
        .map(|n| n as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Upper;
    struct Anything;

    impl InputFormat<(), String> for Upper {
        fn info(&self) -> InputFormatInfo {
            InputFormatInfo {
                id: "upper",
                name: "Upper",
                description: "",
            }
        }
        fn detect(&self, text: &str) -> bool {
            text.chars().all(|c| !c.is_lowercase())
        }
        fn read(&self, _: &(), text: &str) -> Result<Imported<String>, ImportError> {
            Ok(Imported {
                deck: text.to_string(),
                ..Imported::default()
            })
        }
    }

    impl InputFormat<(), String> for Anything {
        fn info(&self) -> InputFormatInfo {
            InputFormatInfo {
                id: "text",
                name: "Text",
                description: "",
            }
        }
        fn detect(&self, _: &str) -> bool {
            true
        }
        fn read(&self, _: &(), text: &str) -> Result<Imported<String>, ImportError> {
            Ok(Imported {
                deck: text.to_lowercase(),
                ..Imported::default()
            })
        }
    }

    const READERS: &[&dyn InputFormat<(), String>] = &[&Upper, &Anything];

    #[test]
    fn the_first_reader_that_recognises_the_text_reads_it() {
        assert_eq!(
            import(READERS, &(), "\u{feff} ABC ", None).unwrap().format,
            "upper"
        );
        let fallback = import(READERS, &(), "abc", None).unwrap();
        assert_eq!((fallback.format, fallback.deck.as_str()), ("text", "abc"));
    }

    #[test]
    fn a_reader_asked_by_name_is_used_and_an_unknown_one_is_an_error() {
        assert_eq!(
            import(READERS, &(), "ABC", Some("text")).unwrap().deck,
            "abc"
        );
        // One grammar for ids: exactly as the game lists them (issue 26).
        assert!(import(READERS, &(), "ABC", Some("TEXT")).is_err());
        let err = import(READERS, &(), "ABC", Some("xml")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown input format \"xml\"; this game reads upper, text"
        );
    }

    #[test]
    fn an_empty_input_is_an_error() {
        assert_eq!(
            import(READERS, &(), " \u{feff}\n", None).unwrap_err(),
            ImportError::Empty
        );
    }

    #[test]
    fn echo_cuts_long_input_on_a_character_boundary() {
        let long = "é".repeat(300);
        let cut = echo(&long);
        assert!(cut.ends_with('…'));
        assert!(cut.len() <= 203);
    }

    #[test]
    fn counts_are_read_as_people_write_them() {
        for (text, n) in [
            ("3", Some(3)),
            ("3x", Some(3)),
            ("x3", Some(3)),
            ("×2", Some(2)),
            ("0", Some(0)),
        ] {
            assert_eq!(parse_count(text), n, "{text}");
        }
        for text in ["-1", "1001", "18446744073709551616", "three", "", "x"] {
            assert_eq!(parse_count(text), None, "{text}");
        }
    }
}
