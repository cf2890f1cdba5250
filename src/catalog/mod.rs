//! The card catalog: every printing by id, every card by copy identity, and set codes interned.
//!
//! A *printing* is one record of the card data (`SOR_033`, its Hyperspace `SOR_299`, a promo).
//! A *card* is a copy identity, title + subtitle (TR 2.3.1.1: "regardless if they have different
//! art, foiling, or graphic design"), and owns all its printings across sets. Rules count and
//! judge cards; printings only tell which sets a card was released in and how a player wrote it.

mod load;
mod model;
mod names;

pub use load::{
    CatalogError, ReleaseDateOf, build, find_card_files, is_card_file, load_dir, read_records,
};
pub use model::{Aspect, Aspects, CardType, Rarity, RawCard};
pub use names::{NameIndex, Suggestion, squash};

use rustc_hash::FxHashMap as HashMap;

use crate::text::identity_fold;

/// Index of a card (copy identity) in its catalog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardId(pub u32);

/// Index of a printing in its catalog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PrintingId(pub u32);

/// Index of an interned set code in its catalog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SetIdx(pub u16);

/// One copy identity and what the rules need to know about it.
#[derive(Debug, Clone)]
pub struct Card {
    pub id: CardId,
    /// Title as printed (trimmed).
    pub title: String,
    /// Subtitle as printed (trimmed), if the card has one.
    pub subtitle: Option<String>,
    pub card_type: CardType,
    /// Aspects of the front side (a leader's leader side).
    pub aspects: Aspects,
    pub unique: bool,
    /// Every printing of this identity, in load order.
    pub printings: Vec<PrintingId>,
}

impl Card {
    /// "Title" or "Title | Subtitle", the way deck lists write a card.
    pub fn display_name(&self) -> String {
        match &self.subtitle {
            Some(sub) => format!("{} | {}", self.title, sub),
            None => self.title.clone(),
        }
    }
}

/// One printing: where and how a card was printed.
#[derive(Debug, Clone)]
pub struct Printing {
    pub id: PrintingId,
    pub card: CardId,
    pub set: SetIdx,
    /// The collector number as the data writes it (`"033"`, `"T01"`, `"1015"`).
    pub number: String,
    /// `Normal`, `Hyperspace`, `Showcase`, a promo distribution name …
    pub variant: String,
    pub rarity: Rarity,
}

/// The loaded catalog. Immutable once built; share it behind an `Arc`.
#[derive(Debug, Default, Clone)]
pub struct Catalog {
    cards: Vec<Card>,
    printings: Vec<Printing>,
    sets: Vec<String>,
    by_printing_key: HashMap<PrintingKey, PrintingId>,
    by_identity: HashMap<String, CardId>,
    names: NameIndex,
    version: String,
}

/// The key two ids share when they name the same printing: `sor-33`, `SOR_033` and `SOR 033`
/// all become `SOR_33`. Kept inline (no allocation): ids are looked up on every deck entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PrintingKey {
    len: u8,
    bytes: [u8; 15],
}

impl PrintingKey {
    fn push(&mut self, byte: u8) -> Option<()> {
        *self.bytes.get_mut(self.len as usize)? = byte;
        self.len += 1;
        Some(())
    }
}

impl std::fmt::Display for PrintingKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Only ASCII letters, digits and '_' are ever pushed.
        f.write_str(std::str::from_utf8(&self.bytes[..self.len as usize]).unwrap_or("?"))
    }
}

/// The key of an id, or `None` when the text is not shaped like one (`SET_NUMBER`, with `_`,
/// `-` or a space between; set codes up to 8 letters and digits; a number with a digit).
pub fn printing_key(id: &str) -> Option<PrintingKey> {
    let id = id.trim_ascii();
    let split = id.bytes().position(|b| matches!(b, b'_' | b'-' | b' '))?;
    let (set, number) = (&id[..split], id[split + 1..].trim_ascii());
    if set.is_empty()
        || set.len() > 8
        || !number.bytes().any(|c| c.is_ascii_digit())
        || !set.bytes().all(|c| c.is_ascii_alphanumeric())
        || !number.bytes().all(|c| c.is_ascii_alphanumeric())
    {
        return None;
    }
    let mut key = PrintingKey {
        len: 0,
        bytes: [0; 15],
    };
    for b in set.bytes() {
        key.push(b.to_ascii_uppercase())?;
    }
    key.push(b'_')?;
    // "033" → "33", "T01" → "T1", "000" → "0".
    let digits_at = number
        .bytes()
        .position(|b| b.is_ascii_digit())
        .unwrap_or(number.len());
    let (prefix, digits) = number.split_at(digits_at);
    for b in prefix.bytes() {
        key.push(b.to_ascii_uppercase())?;
    }
    let trimmed = digits.trim_start_matches('0');
    if trimmed.is_empty() {
        key.push(b'0')?;
    }
    for b in trimmed.bytes() {
        key.push(b.to_ascii_uppercase())?;
    }
    Some(key)
}

/// The key under which a card's copy identity is indexed.
pub fn identity_key(title: &str, subtitle: Option<&str>) -> String {
    let mut key = identity_fold(title);
    key.push('|');
    if let Some(sub) = subtitle {
        key.push_str(&identity_fold(sub));
    }
    key
}

impl Catalog {
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    pub fn printings(&self) -> &[Printing] {
        &self.printings
    }

    pub fn card(&self, id: CardId) -> &Card {
        &self.cards[id.0 as usize]
    }

    pub fn printing(&self, id: PrintingId) -> &Printing {
        &self.printings[id.0 as usize]
    }

    /// The printing an id names, padded or not (`SOR_033`, `SOR_33`, `sor-033`).
    pub fn printing_by_id(&self, id: &str) -> Option<&Printing> {
        let key = printing_key(id)?;
        self.by_printing_key.get(&key).map(|p| self.printing(*p))
    }

    /// The card with exactly this title and subtitle (case- and Unicode-insensitive).
    pub fn card_by_identity(&self, title: &str, subtitle: Option<&str>) -> Option<&Card> {
        self.by_identity
            .get(&identity_key(title, subtitle))
            .map(|c| self.card(*c))
    }

    /// Forgiving name lookups and did-you-mean.
    pub fn names(&self) -> &NameIndex {
        &self.names
    }

    /// The printing that stands for a card when a list names it without an id: its first
    /// Normal printing, else its first.
    pub fn default_printing(&self, card: CardId) -> PrintingId {
        let c = self.card(card);
        c.printings
            .iter()
            .copied()
            .find(|p| self.printing(*p).variant == "Normal")
            .unwrap_or(c.printings[0])
    }

    /// The canonical id of a printing: `SOR_033`.
    pub fn printing_code(&self, id: PrintingId) -> String {
        // Built by hand: `format!` costs more than the string (a rotated deck's report has dozens).
        let p = self.printing(id);
        let set = self.set_code(p.set);
        let mut code = String::with_capacity(set.len() + 1 + p.number.len());
        code.push_str(set);
        code.push('_');
        code.push_str(&p.number);
        code
    }

    pub fn set_code(&self, set: SetIdx) -> &str {
        &self.sets[set.0 as usize]
    }

    pub fn set_index(&self, code: &str) -> Option<SetIdx> {
        self.sets
            .iter()
            .position(|s| s.eq_ignore_ascii_case(code))
            .map(|i| SetIdx(i as u16))
    }

    /// Every set code that has at least one printing.
    pub fn set_codes(&self) -> &[String] {
        &self.sets
    }

    /// A content hash of the data the catalog was built from, e.g. `xxh3:1a2b3c4d5e6f7a8b`.
    pub fn version(&self) -> &str {
        &self.version
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padded_unpadded_and_dashed_ids_share_one_key() {
        let printing_key = |id: &str| super::printing_key(id).map(|k| k.to_string());
        assert_eq!(printing_key("SOR_033"), Some("SOR_33".into()));
        assert_eq!(printing_key("sor_33"), Some("SOR_33".into()));
        assert_eq!(printing_key("SOR-033"), Some("SOR_33".into()));
        assert_eq!(printing_key("SOR 033"), Some("SOR_33".into()));
        assert_eq!(printing_key("JTL_1015"), Some("JTL_1015".into()));
        assert_eq!(printing_key("ASH_T01"), Some("ASH_T1".into()));
        assert_eq!(printing_key("P25_09"), Some("P25_9".into()));
    }

    #[test]
    fn text_that_is_not_an_id_has_no_key() {
        let printing_key = |id: &str| super::printing_key(id).map(|k| k.to_string());
        assert_eq!(printing_key("Battlefield Marine"), None);
        assert_eq!(printing_key("SOR_"), None);
        assert_eq!(printing_key("_033"), None);
        assert_eq!(printing_key("SOR_0/3"), None);
        assert_eq!(
            printing_key("SOR_1234567890123"),
            None,
            "too long to be an id"
        );
    }

    #[test]
    fn identity_keys_ignore_case_and_spacing_but_not_the_subtitle() {
        assert_eq!(
            identity_key("Millennium Falcon", Some("Piece Of Junk")),
            identity_key("millennium falcon ", Some("piece of junk"))
        );
        assert_ne!(
            identity_key("Luke Skywalker", Some("Faithful Friend")),
            identity_key("Luke Skywalker", None)
        );
    }
}
