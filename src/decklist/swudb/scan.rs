//! The shape deck sites export, read without a general JSON parser: `{"metadata": {"name": ..,
//! "author": ..}, "leader": {"id": "SOR_017", "count": 1}, "base": .., "deck": [{"id": ..,
//! "count": ..}, ..], "sideboard": [..]}`, its fields in any order, with any JSON white space.
//!
//! Reading that shape through serde_json cost more than the whole rules engine (BENCHMARKS.md),
//! so this reader takes a strict subset of JSON — the SWUDB fields, strings without escapes,
//! whole numbers, `null` — resolving each entry as it goes, and gives up
//! (`None`) at the first byte outside it, for serde_json to read the input as before. What it
//! accepts it reads exactly as the serde_json reading does: a property test and the
//! `swudb_json` fuzz target hold the two to the same deck and diagnostics
//! ([`super::one_pass_readers_agree`]).

use super::{At, Imported, Written, read_entry};
use crate::catalog::Catalog;
use crate::deck::Zone;

/// The deck, or `None` where the text leaves the subset this reader knows (it may still be a
/// deck, or not JSON at all: serde_json tells).
pub(super) fn read(catalog: &Catalog, text: &str) -> Option<Imported> {
    let mut scan = Scanner {
        text,
        bytes: text.as_bytes(),
        at: 0,
        catalog,
        imported: Imported::default(),
    };
    scan.imported
        .deck
        .entries
        .reserve(crate::decklist::USUAL_LINES);
    scan.deck()?;
    scan.skip_white_space();
    (scan.at == scan.bytes.len()).then_some(scan.imported)
}

/// The deck's sections, in the order the entries are read (as `read_well_formed` reads them).
const SECTIONS: [(&str, Zone); 6] = [
    ("leader", Zone::Leader),
    ("secondleader", Zone::Leader),
    ("leader2", Zone::Leader),
    ("base", Zone::Base),
    ("deck", Zone::Main),
    ("sideboard", Zone::Sideboard),
];

struct Scanner<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
    catalog: &'a Catalog,
    imported: Imported,
}

impl<'a> Scanner<'a> {
    fn skip_white_space(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.at) {
            self.at += 1;
        }
    }

    /// The next byte that is not white space, left unread.
    fn peek(&mut self) -> Option<u8> {
        self.skip_white_space();
        self.bytes.get(self.at).copied()
    }

    fn eat(&mut self, byte: u8) -> Option<()> {
        (self.peek()? == byte).then(|| self.at += 1)
    }

    /// `null`, read if it is next.
    fn null(&mut self) -> bool {
        let found = self.peek() == Some(b'n') && self.bytes[self.at..].starts_with(b"null");
        if found {
            self.at += 4;
        }
        found
    }

    /// A string with no escape and no control character (which JSON forbids unescaped).
    fn string(&mut self) -> Option<&'a str> {
        self.eat(b'"')?;
        let start = self.at;
        let len = self.bytes[start..]
            .iter()
            .position(|b| matches!(b, b'"' | b'\\') || *b < 0x20)?;
        if self.bytes[start + len] != b'"' {
            return None;
        }
        self.at = start + len + 1;
        // Both ends are ASCII quotes, so the slice is on character boundaries.
        Some(&self.text[start..start + len])
    }

    /// A whole number: digits, no sign, fraction, exponent or leading zero; at most `u64::MAX`.
    /// What follows it is checked by the caller (a `,`, `}` or `]`), so `3.5` and `3e2` fail.
    fn whole_number(&mut self) -> Option<u64> {
        self.skip_white_space();
        let digits = self.bytes[self.at..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let digits = &self.bytes[self.at..self.at + digits];
        if digits.is_empty() || (digits.len() > 1 && digits[0] == b'0') {
            return None;
        }
        self.at += digits.len();
        digits.iter().try_fold(0u64, |n, d| {
            n.checked_mul(10)?.checked_add(u64::from(d - b'0'))
        })
    }

    /// `{}` or `{"key": value, ...}`, each value read by `field` with the key's index in `keys`;
    /// each key at most once (a repeated key is an error to serde_json's derived readers).
    fn object<const N: usize>(
        &mut self,
        keys: [&str; N],
        mut field: impl FnMut(&mut Self, usize) -> Option<()>,
    ) -> Option<()> {
        self.eat(b'{')?;
        if self.peek()? == b'}' {
            self.at += 1;
            return Some(());
        }
        let mut seen = [false; N];
        loop {
            let key = self.string()?;
            let index = keys.iter().position(|k| *k == key)?;
            if std::mem::replace(&mut seen[index], true) {
                return None;
            }
            self.eat(b':')?;
            field(self, index)?;
            match self.peek()? {
                b',' => self.at += 1,
                b'}' => {
                    self.at += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    /// The top-level object: the metadata and the sections, in any order.
    fn deck(&mut self) -> Option<()> {
        const KEYS: [&str; 7] = [
            "leader",
            "secondleader",
            "leader2",
            "base",
            "deck",
            "sideboard",
            "metadata",
        ];
        // Where each section's entries and diagnostics went, to put them in [`SECTIONS`] order
        // at the end when the object had them in another.
        let mut runs = [(0, 0, 0); SECTIONS.len()];
        let mut sections = 0;
        self.object(KEYS, |scan, key| {
            if key == 6 {
                return if scan.null() {
                    Some(())
                } else {
                    scan.metadata()
                };
            }
            if scan.null() {
                return Some(());
            }
            // Each key comes once (`object`), so there are at most as many runs as sections.
            runs[sections] = (
                key,
                scan.imported.deck.entries.len(),
                scan.imported.diagnostics.len(),
            );
            sections += 1;
            let (field, zone) = SECTIONS[key];
            if zone == Zone::Main || zone == Zone::Sideboard {
                scan.entries(field, zone)
            } else {
                scan.entry(At(field, None), zone)
            }
        })?;
        let runs = &runs[..sections];
        if !runs.is_sorted_by_key(|(key, _, _)| *key) {
            self.put_in_section_order(runs);
        }
        // No section at all is no deck: the serde_json reading says why.
        (sections > 0).then_some(())
    }

    /// Reorders entries and diagnostics as [`SECTIONS`] orders their sections (`runs`: each
    /// section read, with where its entries and diagnostics start).
    fn put_in_section_order(&mut self, runs: &[(usize, usize, usize)]) {
        let Imported { deck, diagnostics } = &mut self.imported;
        let ends = |i: usize, entries: usize, diagnostics: usize| {
            runs.get(i + 1)
                .map_or((entries, diagnostics), |(_, e, d)| (*e, *d))
        };
        let mut order: Vec<usize> = (0..runs.len()).collect();
        order.sort_by_key(|i| runs[*i].0);
        let mut entries = Vec::with_capacity(deck.entries.len());
        let mut diags = Vec::with_capacity(diagnostics.len());
        for i in order {
            let (_, e, d) = runs[i];
            let (e_end, d_end) = ends(i, deck.entries.len(), diagnostics.len());
            entries.extend_from_slice(&deck.entries[e..e_end]);
            diags.extend_from_slice(&diagnostics[d..d_end]);
        }
        deck.entries = entries;
        *diagnostics = diags;
    }

    fn entries(&mut self, field: &'static str, zone: Zone) -> Option<()> {
        self.eat(b'[')?;
        if self.peek()? == b']' {
            self.at += 1;
            return Some(());
        }
        for i in 0.. {
            self.entry(At(field, Some(i)), zone)?;
            match self.peek()? {
                b',' => self.at += 1,
                b']' => {
                    self.at += 1;
                    break;
                }
                _ => return None,
            }
        }
        Some(())
    }

    /// An entry (its id and count), read into the deck or its diagnostics. An entry without an
    /// id is left to the entry-by-entry reading, which reports it as written.
    fn entry(&mut self, at: At, zone: Zone) -> Option<()> {
        let (id, count) = match self.compact_entry() {
            Some(read) => read,
            None => self.any_entry()?,
        };
        read_entry(self.catalog, at, zone, id, count, &mut self.imported);
        Some(())
    }

    /// An entry as clients send it, `{"id":"SOR_017","count":3}` (no white space, id first),
    /// matched as written, without [`Scanner::any_entry`]'s steps per field (a sixth off the
    /// compact deck's whole check). `None`, with nothing read, for any other spelling.
    fn compact_entry(&mut self) -> Option<(&'a str, Written<'a>)> {
        let start = self.at;
        let read = (|| {
            self.skip_white_space();
            self.literal(b"{\"id\":")?;
            let id = self.string()?;
            self.literal(b",\"count\":")?;
            let count = self.whole_number()?;
            self.literal(b"}")?;
            Some((id, Written::Number(count)))
        })();
        if read.is_none() {
            self.at = start;
        }
        read
    }

    /// These bytes, next (no white space before them).
    fn literal(&mut self, bytes: &[u8]) -> Option<()> {
        self.bytes[self.at..]
            .starts_with(bytes)
            .then(|| self.at += bytes.len())
    }

    /// An entry written any way: its fields in either order, `null` for either, white space.
    fn any_entry(&mut self) -> Option<(&'a str, Written<'a>)> {
        let (mut id, mut count) = (None, Written::Missing);
        self.object(["id", "count"], |scan, key| {
            if key == 0 {
                id = scan.or_null(Self::string)?;
            } else if let Some(n) = scan.or_null(Self::whole_number)? {
                count = Written::Number(n);
            }
            Some(())
        })?;
        Some((id?, count))
    }

    /// `null` as `None`, else what `read` reads.
    fn or_null<T>(&mut self, read: impl FnOnce(&mut Self) -> Option<T>) -> Option<Option<T>> {
        if self.null() {
            Some(None)
        } else {
            read(self).map(Some)
        }
    }

    /// The deck's name, player and UID, as `read_well_formed` takes them: a string that is not
    /// blank, or a whole number.
    fn metadata(&mut self) -> Option<()> {
        let mut texts: [Option<String>; 4] = Default::default();
        self.object(["name", "author", "player", "uid"], |scan, key| {
            texts[key] = scan.or_null(Self::meta_text)?.flatten();
            Some(())
        })?;
        let [name, author, player, uid] = texts;
        let deck = &mut self.imported.deck;
        deck.name = name;
        deck.player = player.or(author);
        deck.uid = uid;
        Some(())
    }

    fn meta_text(&mut self) -> Option<Option<String>> {
        if self.peek()? == b'"' {
            let text = self.string()?;
            Some((!text.trim().is_empty()).then(|| text.to_string()))
        } else {
            self.whole_number().map(|n| Some(n.to_string()))
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use proptest::sample::select;
    use proptest::strategy::ValueTree;

    use super::super::one_pass_readers_agree as agree;
    use crate::decklist::Imported;
    use crate::rules::fixture::catalog;

    fn read(text: &str) -> Option<Imported> {
        super::read(catalog(), text)
    }

    fn one_pass_readers_agree(text: &str) -> bool {
        agree(catalog(), text)
    }

    const EXPORT: &str = r#"{"metadata":{"name":"Wichita PQ - 4th","author":"aces"},"leader":{"id":"SOR_017","count":1},"base":{"id":"SOR_020","count":1},"deck":[{"id":"SOR_220","count":3},{"id":"SHD_231","count":2},{"id":"SHD_999","count":1}],"sideboard":[]}"#;

    #[test]
    fn a_deck_site_export_is_read_in_one_pass_compact_or_pretty() {
        let pretty = EXPORT
            .replace("{", "{\n  ")
            .replace(",", ",\n  ")
            .replace(":", ": ")
            .replace("}", "\n}");
        for text in [EXPORT, &pretty] {
            let imported = read(text).expect("the scanner reads an export");
            assert_eq!(imported.deck.entries.len(), 4);
            assert_eq!(imported.deck.player.as_deref(), Some("aces"));
            assert_eq!(imported.diagnostics[0].at, "deck[2]", "SHD_999 is no card");
            assert!(one_pass_readers_agree(text));
        }
    }

    #[test]
    fn sections_in_any_order_are_read_in_the_usual_order() {
        let sorted_keys = r#"{"base":{"id":"SOR_020"},"deck":[{"id":"SOR_999","count":1},{"id":"SOR_220","count":3}],"leader":{"id":"SOR_998"},"metadata":{"name":"x"},"secondleader":{"id":"SOR_017"}}"#;
        let usual = r#"{"metadata":{"name":"x"},"leader":{"id":"SOR_998"},"secondleader":{"id":"SOR_017"},"base":{"id":"SOR_020"},"deck":[{"id":"SOR_999","count":1},{"id":"SOR_220","count":3}]}"#;
        let (a, b) = (read(sorted_keys).unwrap(), read(usual).unwrap());
        assert_eq!(a.deck, b.deck);
        assert_eq!(a.diagnostics, b.diagnostics);
        let at: Vec<_> = a.diagnostics.iter().map(|d| d.at.as_str()).collect();
        assert_eq!(at, ["leader", "deck[0]"]);
        assert!(one_pass_readers_agree(sorted_keys));
    }

    #[test]
    fn anything_outside_the_subset_is_left_to_serde_json() {
        for text in [
            r#"{"leader":{"id":"SOR_\u0030017"}}"#,       // an escape
            r#"{"leader":{"id":"SOR_017","count":1.0}}"#, // a fraction
            r#"{"leader":{"id":"SOR_017","count":01}}"#,  // a leading zero (not JSON)
            r#"{"leader":{"id":"SOR_017","count":-1}}"#,  // a sign
            r#"{"leader":{"id":"SOR_017","foil":true}}"#, // another field
            r#"{"leader":{"id":"SOR_017"},"format":"premier"}"#, // a request option
            r#"{"leader":{"id":"SOR_017"},"leader":null}"#, // a repeated field
            r#"{"deck":[{"id":"SOR_017"},]}"#,            // a trailing comma (not JSON)
            r#"{"deck":[null]}"#,                         // an entry that is not an object
            r#"{"metadata":{"name":"x"}}"#,               // no section
            r#"{"base":{"id":"SOR_017"}} x"#,             // text after the object
            "\u{feff}{}",                                 // a byte order mark
        ] {
            assert!(read(text).is_none(), "{text}");
            assert!(one_pass_readers_agree(text), "{text}");
        }
    }

    /// Mostly `usual`, now and then one of `odd`: inputs must often be in the scanner's subset
    /// for the property to say much, and often not, to test where it gives up.
    fn mostly(
        usual: Vec<&'static str>,
        odd: Vec<&'static str>,
    ) -> impl Strategy<Value = &'static str> + Clone {
        prop_oneof![30 => select(usual), 1 => select(odd)]
    }

    /// JSON white space, and now and then a byte that is not.
    fn space() -> impl Strategy<Value = &'static str> + Clone {
        mostly(
            vec!["", "", " ", "\n    ", "\t", "\r\n"],
            vec!["\u{a0}", "\u{c}", "\u{0}"],
        )
    }

    fn id() -> impl Strategy<Value = &'static str> + Clone {
        mostly(
            vec![
                r#""SOR_017""#,
                r#""sor-17""#,
                r#""SHD 231""#,
                r#""SOR_220""#,
                r#""LAW_T01""#,
                r#""SOR_999""#,
                r#""""#,
                r#""  ""#,
                r#""é ✓""#,
                "null",
            ],
            vec![
                r#""SOR_\u0030017""#,
                r#""a\"b""#,
                "\"tab\there\"",
                "17",
                "true",
                "[]",
            ],
        )
    }

    fn count() -> impl Strategy<Value = &'static str> + Clone {
        mostly(
            vec!["1", "3", "0", "15", "18446744073709551615", "null"],
            vec![
                "01",
                "-1",
                "-0",
                "1.0",
                "1e2",
                "18446744073709551616",
                "nul",
                "nulll",
                r#""3""#,
                "true",
                "{}",
            ],
        )
    }

    fn entry() -> impl Strategy<Value = String> {
        (space(), id(), space(), count(), 0..24u8).prop_map(
            |(s, id, t, count, shape)| match shape {
                0..=5 => format!("{{{s}\"id\"{t}:{s}{id}{t},{s}\"count\":{count}{t}}}"),
                // As clients send it (JSON.stringify): the scanner's shortest path.
                12.. => format!("{{\"id\":{id},\"count\":{count}}}"),
                6 => format!("{{\"count\":{s}{count},\"id\":{id}{t}}}"),
                7 => format!("{{\"id\":{id}}}"),
                8 => format!("{{\"count\":{count}}}"),
                9 => format!("{{{s}}}"),
                10 => format!("{{\"id\":{id},\"count\":{count},\"id\":{id}}}"),
                _ => format!("{{\"id\":{id},\"foil\":{count}}}"),
            },
        )
    }

    fn metadata() -> impl Strategy<Value = String> {
        let text = mostly(
            vec![
                r#""Wichita PQ - 4th""#,
                r#""aces""#,
                r#""  ""#,
                r#""""#,
                r#""é""#,
                "42",
                "null",
            ],
            vec![r#""Han \"Fast\" Solo""#, "4.2", "-3", "false", "[]", "{}"],
        );
        let keys = prop::sample::subsequence(vec!["name", "author", "player", "uid"], 0..=4);
        (keys, prop::collection::vec((space(), text), 4), 0..16u8).prop_map(
            |(keys, values, odd)| {
                let mut fields: Vec<String> = keys
                    .iter()
                    .zip(&values)
                    .map(|(k, (s, v))| format!("{s}\"{k}\":{s}{v}"))
                    .collect();
                match odd {
                    0 => fields.push("\"date\":\"2025\"".into()),
                    1 => fields.push("\"name\":\"again\"".into()),
                    _ => {}
                }
                format!("{{{}}}", fields.join(","))
            },
        )
    }

    fn value_of(key: &'static str) -> BoxedStrategy<String> {
        match key {
            "metadata" => prop_oneof![
                16 => metadata(),
                1 => Just("null".to_string()),
                1 => Just("\"x\"".to_string()),
            ]
            .boxed(),
            "deck" | "sideboard" => prop_oneof![
                16 => (prop::collection::vec(entry(), 0..4), space())
                    .prop_map(|(es, s)| format!("[{s}{}{s}]", es.join(&format!(",{s}")))),
                1 => Just("null".to_string()),
                1 => Just("[null]".to_string()),
                1 => entry(),
            ]
            .boxed(),
            _ => prop_oneof![16 => entry(), 1 => Just("null".to_string()), 1 => count().prop_map(str::to_string)].boxed(),
        }
    }

    fn deck() -> impl Strategy<Value = String> {
        // The sections in their usual order (now and then not), metadata anywhere.
        let keys = (
            prop::sample::subsequence(super::SECTIONS.map(|(name, _)| name).to_vec(), 0..=6),
            any::<prop::sample::Index>(),
            any::<bool>(),
            0..8u8,
        )
            .prop_map(|(mut keys, at, metadata, shuffle)| {
                if metadata {
                    keys.insert(at.index(keys.len() + 1), "metadata");
                }
                if shuffle < 2 {
                    keys.reverse();
                }
                keys
            });
        let odd = prop_oneof![12 => Just(None), 1 => select(vec![
            Some("format"),
            Some("le\\u0061der"),
            Some("deck"),
            Some("leader"),
        ])];
        (keys, odd)
            .prop_flat_map(|(mut keys, odd)| {
                keys.extend(odd);
                keys.into_iter()
                    .map(|k| (Just(k), space(), value_of(k)))
                    .collect::<Vec<_>>()
            })
            .prop_map(|fields| {
                let body: Vec<String> = fields
                    .iter()
                    .map(|(k, s, v)| format!("{s}\"{k}\"{s}:{s}{v}"))
                    .collect();
                format!("{{{}}}", body.join(","))
            })
    }

    /// A deck, sometimes cut short, with a character added or with one taken out.
    fn mutated_deck() -> impl Strategy<Value = String> {
        (
            deck(),
            0..8u8,
            any::<prop::sample::Index>(),
            select(vec![
                '{', '}', '[', ']', ',', ':', '"', '\\', '0', ' ', 'n', 'é',
            ]),
        )
            .prop_map(|(text, how, at, c)| {
                let cut = |text: &str| {
                    let mut at = at.index(text.len() + 1);
                    while !text.is_char_boundary(at) {
                        at -= 1;
                    }
                    at
                };
                match how {
                    0 => text[..cut(&text)].to_string(),
                    1 => {
                        let mut t = text.clone();
                        t.insert(cut(&text), c);
                        t
                    }
                    2 if !text.is_empty() => {
                        let mut t = text.clone();
                        t.remove(cut(&text).min(text.len() - 1));
                        t
                    }
                    _ => text,
                }
            })
    }

    /// The property below means something only if the scanner reads many of the inputs.
    #[test]
    fn the_generated_decks_are_often_in_the_scanners_subset() {
        let mut runner = proptest::test_runner::TestRunner::deterministic();
        let strategy = mutated_deck();
        let read_count = (0..2000)
            .filter(|_| {
                let text = strategy.new_tree(&mut runner).unwrap().current();
                read(&text).is_some()
            })
            .count();
        assert!(read_count > 200, "{read_count} of 2000");
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]
        #[test]
        fn the_scanner_reads_what_it_reads_as_serde_json_does(text in mutated_deck()) {
            prop_assert!(one_pass_readers_agree(&text), "{}", text);
        }
    }
}
