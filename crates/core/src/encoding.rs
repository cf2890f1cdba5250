//! Text as people save it: the bytes of a deck list, and the charset its sender declared if any,
//! made into the text the readers read (issue 36).
//!
//! - A byte-order mark decides (UTF-8, UTF-16LE, UTF-16BE: what Windows' Notepad writes), and is
//!   dropped.
//! - A declared charset (`Content-Type: text/plain; charset=windows-1252`) is honoured: any WHATWG
//!   label, as browsers read them (`latin1` and `iso-8859-1` are Windows-1252 there). Bytes that
//!   are not text in it are an error naming where they are.
//! - Without one (or with UTF-8 declared, which clients send whatever the bytes are), UTF-8.
//!   Bytes that are not UTF-8 are read as Windows-1252, what a German, French, Italian or Spanish
//!   list saved by Windows programs is, with a note saying so.
//! - Where Windows-1252 cannot be right, the answer is an error naming the line, the column and
//!   the bytes: a NUL (UTF-16 saved without its mark: no list holds one), UTF-8 with a few broken bytes (reading the
//!   whole as Windows-1252 would garble every accented letter), or a byte Windows-1252 leaves
//!   undefined.

use std::borrow::Cow;

use encoding_rs::{DecoderResult, Encoding, UTF_8, WINDOWS_1252};

/// Text read from bytes, and how.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Decoded<'a> {
    pub text: Cow<'a, str>,
    /// The encoding it was read as, by its WHATWG name (`UTF-8`, `windows-1252`, `UTF-16LE`).
    pub encoding: &'static str,
    /// Set when the bytes were not UTF-8 and no charset said what they are, so they were read as
    /// Windows-1252: one sentence for whoever sent them.
    pub note: Option<String>,
}

/// Why bytes could not be read as text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EncodingError {
    /// The declared charset is not an encoding's label.
    #[error(
        "charset {charset:?} is not an encoding deckcheck knows (UTF-8, UTF-16, windows-1252, iso-8859-15, … as browsers name them)"
    )]
    UnknownCharset { charset: String },
    /// Bytes that are no text in the encoding they were read in.
    #[error("line {line}, column {column} (byte {offset}): {bytes} {reason}")]
    Unreadable {
        /// The line, from 1.
        line: usize,
        /// The character of the line, from 1.
        column: usize,
        /// The offset of the first bad byte, from 0.
        offset: usize,
        /// The bad bytes, in hex: `0x81`, `0xE4 0x75`.
        bytes: String,
        reason: Unreadable,
    },
}

/// What was wrong with the bytes an [`EncodingError::Unreadable`] names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Unreadable {
    /// Not text in the encoding the bytes were declared (or marked) to be in.
    NotIn(&'static str),
    /// A NUL: most likely UTF-16 saved without a byte-order mark.
    Nul,
    /// Not UTF-8, where the rest of the text is UTF-8 with accented letters: a broken file.
    BrokenUtf8,
    /// Not UTF-8, and a byte Windows-1252 does not define either.
    NotWindows1252,
}

impl std::fmt::Display for Unreadable {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::NotIn(encoding) => write!(f, "is not {encoding} text, as declared"),
            Self::Nul => f.write_str(
                "is a NUL: the text looks like UTF-16 saved without a byte-order mark; save it as UTF-8",
            ),
            Self::BrokenUtf8 => f.write_str(
                "is not UTF-8, although the rest of the text is: the file is damaged here",
            ),
            Self::NotWindows1252 => {
                f.write_str("is neither UTF-8 nor Windows-1252; save the list as UTF-8")
            }
        }
    }
}

/// Reads `bytes` as text: by their byte-order mark, else by `declared` (a charset label, as a
/// `Content-Type` gives it), else as UTF-8, falling back to Windows-1252 with a note. See the
/// module's documentation.
pub fn decode<'a>(bytes: &'a [u8], declared: Option<&str>) -> Result<Decoded<'a>, EncodingError> {
    if let Some((encoding, mark)) = Encoding::for_bom(bytes) {
        return strict(&bytes[mark..], encoding, mark);
    }
    let declared = declared.map(str::trim).filter(|d| !d.is_empty());
    if let Some(label) = declared {
        let encoding =
            Encoding::for_label(label.as_bytes()).ok_or_else(|| EncodingError::UnknownCharset {
                charset: label.chars().take(64).collect(),
            })?;
        if encoding != UTF_8 {
            return strict(bytes, encoding, 0);
        }
    }
    // A NUL is in no list: UTF-16 saved without its mark (ASCII in it is valid UTF-8 too).
    if let Some(nul) = bytes.iter().position(|b| *b == 0) {
        return Err(unreadable(bytes, 0, nul, 1, UTF_8, Unreadable::Nul));
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        return Ok(Decoded {
            text: Cow::Borrowed(text),
            encoding: UTF_8.name(),
            note: None,
        });
    }
    fallback(bytes, declared.is_some())
}

/// `bytes` in `encoding`, every sequence well formed; `start` is where they begin in what was
/// sent (after a byte-order mark), for the offsets of errors.
fn strict<'a>(
    bytes: &'a [u8],
    encoding: &'static Encoding,
    start: usize,
) -> Result<Decoded<'a>, EncodingError> {
    if let Some(text) = encoding.decode_without_bom_handling_and_without_replacement(bytes) {
        return Ok(Decoded {
            text,
            encoding: encoding.name(),
            note: None,
        });
    }
    // Where the first malformed sequence is.
    let mut decoder = encoding.new_decoder_without_bom_handling();
    let mut out = String::with_capacity(bytes.len() * 3 + 16);
    let mut at = 0;
    loop {
        let (result, read) =
            decoder.decode_to_string_without_replacement(&bytes[at..], &mut out, true);
        at += read;
        match result {
            DecoderResult::InputEmpty => {
                return Ok(Decoded {
                    text: Cow::Owned(out),
                    encoding: encoding.name(),
                    note: None,
                });
            }
            DecoderResult::OutputFull => out.reserve(bytes.len() + 16),
            DecoderResult::Malformed(bad, after) => {
                let bad = usize::from(bad).max(1);
                let first = at.saturating_sub(usize::from(after) + bad);
                return Err(unreadable(
                    bytes,
                    start,
                    first,
                    bad,
                    encoding,
                    Unreadable::NotIn(encoding.name()),
                ));
            }
        }
    }
}

/// Bytes that are not UTF-8 and came without a charset saying what they are (or declared UTF-8):
/// Windows-1252 with a note, unless that cannot be right.
fn fallback(bytes: &[u8], declared_utf8: bool) -> Result<Decoded<'_>, EncodingError> {
    // UTF-8 with accented letters around a broken sequence is a damaged UTF-8 file.
    let mut offset = 0;
    let mut first_bad = None;
    let mut utf8_letters = false;
    for chunk in bytes.utf8_chunks() {
        utf8_letters |= !chunk.valid().is_ascii();
        offset += chunk.valid().len();
        if !chunk.invalid().is_empty() && first_bad.is_none() {
            first_bad = Some((offset, chunk.invalid().len()));
        }
        offset += chunk.invalid().len();
    }
    if utf8_letters && let Some((at, len)) = first_bad {
        return Err(unreadable(bytes, 0, at, len, UTF_8, Unreadable::BrokenUtf8));
    }
    // The five bytes Windows-1252 leaves undefined (the WHATWG decoder maps them to C1 controls).
    if let Some(undefined) = bytes
        .iter()
        .position(|b| matches!(b, 0x81 | 0x8D | 0x8F | 0x90 | 0x9D))
    {
        return Err(unreadable(
            bytes,
            0,
            undefined,
            1,
            WINDOWS_1252,
            Unreadable::NotWindows1252,
        ));
    }
    let (text, _, _) = WINDOWS_1252.decode(bytes);
    let declared = if declared_utf8 {
        " although it was declared UTF-8"
    } else {
        ""
    };
    Ok(Decoded {
        text: Cow::Owned(text.into_owned()),
        encoding: WINDOWS_1252.name(),
        note: Some(format!(
            "The list is not UTF-8{declared}; it was read as Windows-1252, as Windows programs save ä, é and ß. Save it as UTF-8 to be sure it is read as written."
        )),
    })
}

/// The error for `len` bad bytes at `at` of `bytes` (which begin at `start` of what was sent),
/// with the line and column of the text before them read in `encoding`.
fn unreadable(
    bytes: &[u8],
    start: usize,
    at: usize,
    len: usize,
    encoding: &'static Encoding,
    reason: Unreadable,
) -> EncodingError {
    let before = &bytes[..at.min(bytes.len())];
    let line_start = before
        .iter()
        .rposition(|b| *b == b'\n')
        .map_or(0, |i| i + 1);
    let line = before.iter().filter(|b| **b == b'\n').count() + 1;
    let (prefix, _) = encoding.decode_without_bom_handling(&before[line_start..]);
    let shown: Vec<String> = bytes[at.min(bytes.len())..]
        .iter()
        .take(len.clamp(1, 4))
        .map(|b| format!("0x{b:02X}"))
        .collect();
    let bytes = match shown.len() {
        1 => format!("byte {}", shown[0]),
        _ => format!("bytes {}", shown.join(" ")),
    };
    EncodingError::Unreadable {
        line,
        column: prefix.chars().count() + 1,
        offset: start + at,
        bytes,
        reason,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// "Häuptling Chirpa | Kühner Ältester" as Windows saves it.
    const CHIRPA_1252: &[u8] =
        b"Leader\n1 | H\xE4uptling Chirpa | K\xFChner \xC4ltester\nDeck\n3 | Gr\xF6\xDFerer Fisch\n";

    #[test]
    fn utf8_is_read_as_it_is_and_a_byte_order_mark_is_dropped() {
        let text = "Anführer\n1 | Häuptling Chirpa\n";
        let read = decode(text.as_bytes(), None).unwrap();
        assert_eq!(
            (read.text.as_ref(), read.encoding, &read.note),
            (text, "UTF-8", &None)
        );
        assert!(matches!(read.text, Cow::Borrowed(_)), "no copy");
        let marked = [b"\xEF\xBB\xBF".as_slice(), text.as_bytes()].concat();
        assert_eq!(
            decode(&marked, Some("windows-1252")).unwrap().text,
            text,
            "the mark decides"
        );
    }

    #[test]
    fn bytes_that_are_not_utf8_are_read_as_windows_1252_with_a_note() {
        let read = decode(CHIRPA_1252, None).unwrap();
        assert_eq!(
            read.text,
            "Leader\n1 | Häuptling Chirpa | Kühner Ältester\nDeck\n3 | Größerer Fisch\n"
        );
        assert_eq!(read.encoding, "windows-1252");
        assert!(
            read.note
                .as_deref()
                .unwrap()
                .contains("read as Windows-1252")
        );
        // Declared UTF-8, as clients declare whatever the bytes are: the same, and said so.
        let declared = decode(CHIRPA_1252, Some("utf-8")).unwrap();
        assert_eq!(declared.text, read.text);
        assert!(declared.note.unwrap().contains("declared UTF-8"));
    }

    #[test]
    fn a_declared_charset_is_honoured() {
        let read = decode(CHIRPA_1252, Some("windows-1252")).unwrap();
        assert!(read.text.contains("Häuptling") && read.note.is_none());
        // ISO-8859-15 has the euro sign where Windows-1252 has the currency sign.
        assert_eq!(decode(b"\xA4", Some("ISO-8859-15")).unwrap().text, "€");
        // Shift_JIS: a lead byte with nothing after it is no text there.
        let err = decode(b"Deck\n3 | Fish \x81", Some("shift_jis")).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2, column 10 (byte 14): byte 0x81 is not Shift_JIS text, as declared"
        );
        let err = decode(b"x", Some("klingon")).unwrap_err();
        assert!(
            matches!(err, EncodingError::UnknownCharset { ref charset } if charset == "klingon")
        );
    }

    #[test]
    fn utf16_with_its_mark_is_read_and_without_it_is_named() {
        let utf16: Vec<u8> = "\u{feff}Basis\n1 | Echo-Basis\n"
            .encode_utf16()
            .flat_map(u16::to_le_bytes)
            .collect();
        let read = decode(&utf16, None).unwrap();
        assert_eq!(
            (read.text.as_ref(), read.encoding),
            ("Basis\n1 | Echo-Basis\n", "UTF-16LE")
        );
        let err = decode(&utf16[2..], None).unwrap_err();
        assert!(
            matches!(
                err,
                EncodingError::Unreadable {
                    line: 1,
                    offset: 1,
                    reason: Unreadable::Nul,
                    ..
                }
            ),
            "{err}"
        );
    }

    #[test]
    fn where_windows_1252_cannot_be_right_the_line_and_the_bytes_are_named() {
        // UTF-8 with one byte broken: read as Windows-1252 every ä would be garbled.
        let broken = b"1 | H\xC3\xA4uptling Chirpa\n1 | K\xFChner\n";
        let err = decode(broken, None).unwrap_err();
        assert_eq!(
            err.to_string(),
            "line 2, column 6 (byte 27): byte 0xFC is not UTF-8, although the rest of the text is: the file is damaged here"
        );
        // A byte Windows-1252 does not define.
        let err = decode(b"Deck\n3 | Gr\xF6\x81er\n", None).unwrap_err();
        assert!(
            matches!(
                err,
                EncodingError::Unreadable {
                    line: 2,
                    column: 8,
                    offset: 12,
                    reason: Unreadable::NotWindows1252,
                    ..
                }
            ),
            "{err}"
        );
    }
}
