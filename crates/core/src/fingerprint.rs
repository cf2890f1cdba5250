//! A list's fingerprint (issue 30): ten characters a player, an opponent and a judge can read
//! aloud and compare. Two lists have the same fingerprint when they hold the same cards in the
//! same sections, however they were written: another deck site, another printing of a card,
//! card names in another language, another order. One card more, or one moved to another
//! section, changes it.
//!
//! The fingerprint is the hash of the deck's [`Canonical`] form, built from the [`DeckView`]
//! every game already gives, with each card named by its game identity ([`Game::identity`]).
//! `docs/fingerprint.md` specifies the canonical form, the hash and the encoding, so that
//! another tool can compute the same value; its worked examples are checked by the tests.

use std::collections::BTreeMap;
use std::fmt;
use std::sync::LazyLock;

use data_encoding::{Encoding, Specification};
use serde::Serialize;
use sha2::{Digest, Sha256};

use crate::answer::DeckView;
use crate::diagnostic::Diagnostic;
use crate::report::CardRef;
use crate::text::identity_fold;

/// The first word of every canonical form: which definition of the form it follows. A change
/// to the form is a new scheme, never a silent change of the fingerprints of version 1.
pub const SCHEME: &str = "deckcheck-fingerprint/1";

/// How many characters of the encoded hash a fingerprint keeps (50 bits).
pub const LENGTH: usize = 10;

/// Crockford's base 32 alphabet: digits and capitals without I, L, O and U, so that no two
/// symbols are confused when read aloud or copied by hand.
pub const ALPHABET: &str = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

static CROCKFORD: LazyLock<Encoding> = LazyLock::new(|| {
    let mut spec = Specification::new();
    spec.symbols.push_str(ALPHABET);
    spec.encoding()
        .expect("32 distinct ASCII symbols are a base 32 alphabet")
});

/// A list's fingerprint: [`LENGTH`] characters of [`ALPHABET`].
#[derive(Debug, Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, utoipa::ToSchema)]
#[schema(value_type = String, example = "6QK0D2V9ZE")]
pub struct Fingerprint(String);

impl Fingerprint {
    /// The fingerprint of a canonical form's text: SHA-256 of its UTF-8 bytes, encoded in
    /// base 32 with [`ALPHABET`] (RFC 4648 bit order), its first [`LENGTH`] characters.
    pub fn of(canonical: &str) -> Self {
        let digest = Sha256::digest(canonical.as_bytes());
        let mut text = CROCKFORD.encode(&digest);
        text.truncate(LENGTH);
        Self(text)
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Fingerprint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A deck's canonical form: the text its fingerprint is the hash of.
///
/// The first line is [`SCHEME`] and the game's id. Then one line per card (a Legion unit with
/// its upgrades is one card) and section: the section's id, the copies, the card's identity,
/// separated by one space. Copies of one identity in one section are added up (two printings
/// of a card are one line); sections without cards have no line; the lines are ordered by
/// section id, then identity, as UTF-8 bytes. Every line ends with `\n`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Canonical {
    text: String,
}

impl Canonical {
    /// The canonical form of a deck as a game shows it, each card named by `identity`.
    pub fn new(game: &str, view: &DeckView, identity: impl Fn(&CardRef) -> String) -> Self {
        let mut lines: BTreeMap<(&str, String), u64> = BTreeMap::new();
        for section in &view.sections {
            for line in section.lines.iter().filter(|l| l.count > 0) {
                let mut attached: Vec<String> = line.attached.iter().map(&identity).collect();
                attached.sort_unstable();
                let name = std::iter::once(identity(&line.card))
                    .chain(attached)
                    .collect::<Vec<_>>()
                    .join(" + ");
                *lines.entry((section.id, name)).or_insert(0) += u64::from(line.count);
            }
        }
        let mut text = format!("{SCHEME} {game}\n");
        for ((section, name), count) in lines {
            text.push_str(&format!("{section} {count} {name}\n"));
        }
        Self { text }
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    pub fn into_text(self) -> String {
        self.text
    }

    pub fn fingerprint(&self) -> Fingerprint {
        Fingerprint::of(&self.text)
    }
}

/// A card named by its title and subtitle, each folded as the regulations' "same title and
/// subtitle" ([`identity_fold`]): `han solo | audacious smuggler`. What a game whose names are
/// its cards' identities (SWU) uses.
pub fn by_name(card: &CardRef) -> String {
    let title = identity_fold(&card.title);
    match card.subtitle.as_deref().map(identity_fold) {
        Some(subtitle) if !subtitle.is_empty() => format!("{title} | {subtitle}"),
        _ => title,
    }
}

/// A list's fingerprint, with what it was computed from.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
pub struct Fingerprinted {
    pub fingerprint: Fingerprint,
    /// The canonical form whose hash the fingerprint is (`docs/fingerprint.md`).
    pub canonical: String,
    /// The input format the list was read as.
    pub input_format: &'static str,
    /// What was said about entries that were read nonetheless (a picklist has no sideboard).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub diagnostics: Vec<Diagnostic>,
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use super::*;
    use crate::answer::{LineView, SectionView};

    fn card(id: &str, title: &str, subtitle: Option<&str>) -> CardRef {
        CardRef::new(id.into(), title.into(), subtitle.map(Arc::from))
    }

    fn line(count: u32, card: CardRef) -> LineView {
        LineView {
            count,
            card,
            attached: Vec::new(),
        }
    }

    fn section(id: &'static str, lines: Vec<LineView>) -> SectionView {
        SectionView {
            id,
            label: id,
            count: lines.iter().map(|l| u64::from(l.count)).sum(),
            lines,
        }
    }

    fn canonical(sections: Vec<SectionView>) -> Canonical {
        Canonical::new("swu", &DeckView { sections }, by_name)
    }

    fn han() -> CardRef {
        card("SOR_017", "Han Solo", Some("Audacious Smuggler"))
    }

    fn waylay(id: &str) -> CardRef {
        card(id, "Waylay", None)
    }

    #[test]
    fn the_canonical_form_is_the_scheme_then_section_count_and_identity_per_line() {
        let form = canonical(vec![
            section("leader", vec![line(1, han())]),
            section("main", vec![line(3, waylay("TWI_226"))]),
        ]);
        assert_eq!(
            form.text(),
            "deckcheck-fingerprint/1 swu\nleader 1 han solo | audacious smuggler\nmain 3 waylay\n"
        );
    }

    #[test]
    fn two_printings_of_a_card_are_one_line_with_their_copies_added() {
        let split = canonical(vec![section(
            "main",
            vec![line(2, waylay("TWI_226")), line(1, waylay("TWI_490"))],
        )]);
        let one = canonical(vec![section("main", vec![line(3, waylay("TWI_226"))])]);
        assert_eq!(split, one);
        assert_eq!(split.fingerprint(), one.fingerprint());
    }

    #[test]
    fn the_order_of_sections_and_lines_does_not_change_the_fingerprint() {
        let bodhi = || card("SOR_201", "Bodhi Rook", Some("Imperial Defector"));
        let a = canonical(vec![
            section("leader", vec![line(1, han())]),
            section("main", vec![line(3, waylay("TWI_226")), line(2, bodhi())]),
        ]);
        let b = canonical(vec![
            section("main", vec![line(2, bodhi()), line(3, waylay("TWI_226"))]),
            section("leader", vec![line(1, han())]),
        ]);
        assert_eq!(a.fingerprint(), b.fingerprint());
    }

    #[test]
    fn names_are_compared_as_the_regulations_compare_titles() {
        let typed = canonical(vec![section(
            "leader",
            vec![line(
                1,
                card("x", " HAN  solo", Some("Audacious\u{a0}Smuggler ")),
            )],
        )]);
        let catalog = canonical(vec![section("leader", vec![line(1, han())])]);
        assert_eq!(typed, catalog);
    }

    #[test]
    fn empty_sections_and_lines_of_no_copies_leave_no_trace() {
        let bare = canonical(vec![section("leader", vec![line(1, han())])]);
        let padded = canonical(vec![
            section("leader", vec![line(1, han()), line(0, waylay("TWI_226"))]),
            section("sideboard", Vec::new()),
        ]);
        assert_eq!(bare, padded);
    }

    #[test]
    fn one_card_more_or_one_card_moved_to_another_section_changes_the_fingerprint() {
        let deck = |main: u32, sideboard: u32| {
            canonical(vec![
                section("main", vec![line(main, waylay("TWI_226"))]),
                section("sideboard", vec![line(sideboard, waylay("TWI_226"))]),
            ])
            .fingerprint()
        };
        assert_ne!(deck(3, 0), deck(3, 1), "one card more");
        assert_ne!(deck(3, 0), deck(2, 1), "one card moved to the sideboard");
    }

    #[test]
    fn a_unit_with_its_upgrades_is_one_card_whatever_the_order_of_the_upgrades() {
        let unit = |upgrades: &[&str]| LineView {
            count: 1,
            card: card("ah", "Rebel Troopers", None),
            attached: upgrades.iter().map(|u| card(u, u, None)).collect(),
        };
        let form = |lines| {
            Canonical::new(
                "legion",
                &DeckView {
                    sections: vec![section("units", lines)],
                },
                |c| c.id.to_string(),
            )
        };
        let a = form(vec![unit(&["ed", "dc"]), unit(&["dc", "ed"])]);
        assert_eq!(
            a.text(),
            "deckcheck-fingerprint/1 legion\nunits 2 ah + dc + ed\n"
        );
        assert_ne!(a, form(vec![unit(&["ed", "dc"]), unit(&["dc"])]));
    }

    #[test]
    fn a_fingerprint_is_ten_symbols_of_the_crockford_alphabet() {
        let fp = Fingerprint::of("deckcheck-fingerprint/1 swu\n");
        assert_eq!(fp.as_str().len(), LENGTH);
        assert!(fp.as_str().chars().all(|c| ALPHABET.contains(c)), "{fp}");
    }

    /// The encoding as `docs/fingerprint.md` states it: base 32 of the SHA-256 digest in RFC
    /// 4648 bit order, RFC 4648's alphabet exchanged for Crockford's. The SHA-256 of the empty
    /// string starts with e3 b0 c4 42 98 fc 1c: bits 11100 01110 11000 01100 01000 10000 10100
    /// 11000 11111 10000, symbols 28 14 24 12 8 16 20 24 31 16.
    #[test]
    fn the_fingerprint_is_the_first_fifty_bits_of_the_sha256_digest() {
        assert_eq!(Fingerprint::of("").as_str(), "WERC8GMRZG");
    }
}
