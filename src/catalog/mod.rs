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

/// A set of a catalog's sets, one bit per [`SetIdx`]: which sets a card is printed in, which
/// sets a format draws from. A catalog holds at most [`SetMask::MAX_SETS`] sets (it has about
/// fifteen; the loader refuses more, by name).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct SetMask(u128);

impl SetMask {
    pub const MAX_SETS: usize = 128;

    pub fn with(self, set: SetIdx) -> Self {
        Self(self.0 | 1 << set.0)
    }

    pub fn contains(self, set: SetIdx) -> bool {
        self.0 >> set.0 & 1 == 1
    }

    pub fn intersects(self, other: SetMask) -> bool {
        self.0 & other.0 != 0
    }
}

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
    /// The sets of those printings.
    pub sets: SetMask,
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
    /// Printing ids' keys → the card and printing they name (both in the map, so that resolving
    /// a deck entry reads no printing record).
    by_printing_key: HashMap<PrintingKey, (CardId, PrintingId)>,
    /// The same for ids with a plain number (`SOR_033`: nearly every id a list carries), as one
    /// small table per set indexed by the number: a few cache lines per deck instead of a hash
    /// table's probes (BENCHMARKS.md). By `SetIdx`.
    numbered: Vec<Vec<Option<(CardId, PrintingId)>>>,
    /// Each set code packed as [`pack_set_code`] packs it, by `SetIdx`.
    packed_sets: Vec<u64>,
    by_identity: HashMap<String, CardId>,
    names: NameIndex,
    version: String,
}

/// The key two ids share when they name the same printing: `sor-33`, `SOR_033` and `SOR 033`
/// all become `SOR_33`. Its at most 15 ASCII bytes packed into one integer, first byte lowest:
/// ids are looked up on every deck entry, and an integer key is built, hashed and compared in a
/// few instructions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct PrintingKey(u128);

impl std::fmt::Display for PrintingKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let bytes = self.0.to_le_bytes();
        let len = bytes.iter().position(|b| *b == 0).unwrap_or(bytes.len());
        // Only ASCII letters, digits and '_' are ever packed.
        f.write_str(std::str::from_utf8(&bytes[..len]).unwrap_or("?"))
    }
}

/// The key of an id, or `None` when the text is not shaped like one (`SET_NUMBER`, with `_`,
/// `-` or a space between; set codes up to 8 letters and digits; a number of letters and digits
/// with at least one digit, its leading zeros dropped: `033` → `33`, `T01` → `T1`, `000` → `0`).
pub fn printing_key(id: &str) -> Option<PrintingKey> {
    let id = id.trim_ascii().as_bytes();
    let split = id.iter().position(|b| matches!(b, b'_' | b'-' | b' '))?;
    let (set, number) = (&id[..split], id[split + 1..].trim_ascii());
    if set.is_empty() || set.len() > 8 {
        return None;
    }
    // Shifted into an integer (see `pack_set_code`).
    let mut key = 0u128;
    let mut len = 0;
    for &b in set {
        if !b.is_ascii_alphanumeric() {
            return None;
        }
        key |= u128::from(b.to_ascii_uppercase()) << (8 * len);
        len += 1;
    }
    key |= u128::from(b'_') << (8 * len);
    len += 1;
    let digits_at = number.iter().position(u8::is_ascii_digit)?;
    let (prefix, digits) = number.split_at(digits_at);
    let zeros = digits.iter().take_while(|b| **b == b'0').count();
    // A number of zeros keeps one.
    let digits = &digits[zeros.min(digits.len() - 1)..];
    if len + prefix.len() + digits.len() > 15 {
        return None;
    }
    for &b in prefix.iter().chain(digits) {
        if !b.is_ascii_alphanumeric() {
            return None;
        }
        key |= u128::from(b.to_ascii_uppercase()) << (8 * len);
        len += 1;
    }
    Some(PrintingKey(key))
}

/// Printings numbered above this are found by their key alone (no table that long per set).
const MAX_TABLE_NUMBER: u32 = 9_999;

/// A set code (at most 8 ASCII letters and digits) upper-cased into an integer, first byte
/// lowest; `None` for anything else.
fn pack_set_code(code: &[u8]) -> Option<u64> {
    if code.is_empty() || code.len() > 8 {
        return None;
    }
    // Shifted into a register: bytes stored one by one and read back as one integer would
    // stall the load (no store forwarding), which cost more than the rest of the lookup.
    let mut packed = 0u64;
    for (i, &b) in code.iter().enumerate() {
        if !b.is_ascii_alphanumeric() {
            return None;
        }
        packed |= u64::from(b.to_ascii_uppercase()) << (8 * i);
    }
    Some(packed)
}

/// An id with a plain number (`SOR_033`, `sor-33`, `SOR 033`) as its packed set code and
/// number; `None` for any other shape, which [`printing_key`] then reads.
fn plain_id(id: &str) -> Option<(u64, u32)> {
    let id = id.trim_ascii().as_bytes();
    let split = id.iter().position(|b| matches!(b, b'_' | b'-' | b' '))?;
    let number = id[split + 1..].trim_ascii();
    if number.is_empty() || !number.iter().all(u8::is_ascii_digit) {
        return None;
    }
    // Leading zeros dropped first, so that every spelling of a number agrees.
    let zeros = number.iter().take_while(|b| **b == b'0').count();
    if number.len() - zeros > 9 {
        return None;
    }
    let number = number[zeros..]
        .iter()
        .fold(0u32, |n, d| n * 10 + u32::from(d - b'0'));
    Some((pack_set_code(&id[..split])?, number))
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
        self.resolve_id(id).map(|(_, p)| self.printing(p))
    }

    /// The card and printing an id names: [`Catalog::printing_by_id`] without reading the
    /// printing, for the importers (every deck entry is looked up).
    pub fn resolve_id(&self, id: &str) -> Option<(CardId, PrintingId)> {
        if let Some((set, number)) = plain_id(id)
            && number <= MAX_TABLE_NUMBER
        {
            // Every printing with a plain number up to the maximum is in its set's table, and
            // no other printing has the key of a plain number: the table's answer is the map's.
            let set = self.packed_sets.iter().position(|s| *s == set)?;
            return self.numbered[set].get(number as usize).copied().flatten();
        }
        self.resolve_key(printing_key(id)?)
    }

    fn resolve_key(&self, key: PrintingKey) -> Option<(CardId, PrintingId)> {
        self.by_printing_key.get(&key).copied()
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

    /// The key as the regulations' id forms describe it, written plainly: the packed key must
    /// agree with it on any text.
    fn plain_key(id: &str) -> Option<String> {
        let id = id.trim_ascii();
        let split = id.find(['_', '-', ' '])?;
        let (set, number) = (&id[..split], id[split + 1..].trim_ascii());
        let alnum = |s: &str| s.bytes().all(|c| c.is_ascii_alphanumeric());
        if set.is_empty()
            || set.len() > 8
            || !alnum(set)
            || !alnum(number)
            || !number.bytes().any(|c| c.is_ascii_digit())
        {
            return None;
        }
        let digits_at = number.find(|c: char| c.is_ascii_digit())?;
        let (prefix, digits) = number.split_at(digits_at);
        let digits = match digits.trim_start_matches('0') {
            "" => "0",
            d => d,
        };
        let key = format!("{set}_{prefix}{digits}").to_ascii_uppercase();
        (key.len() <= 15).then_some(key)
    }

    proptest::proptest! {
        #[test]
        fn an_id_resolves_by_its_sets_table_as_by_its_key(
            set in "(SOR|sor|LAW|law|TS26|JTL|XYZ|)",
            sep in "[_ \\-]",
            zeros in "0{0,12}",
            number in "(1|5|9|20|90|220|231|301|350|999|1015|9999|10000|12345678901|T01|1a)",
        ) {
            let catalog = crate::rules::fixture::catalog();
            let id = format!("{set}{sep}{zeros}{number}");
            let by_key = super::printing_key(&id).and_then(|k| catalog.resolve_key(k));
            proptest::prop_assert_eq!(catalog.resolve_id(&id), by_key, "{}", id);
        }

        #[test]
        fn the_packed_key_is_the_plain_key(id in "[ _\\-]{0,2}[A-Za-z0-9]{0,9}[ _\\-/]{0,2}[A-Za-z0-9 ]{0,8}") {
            proptest::prop_assert_eq!(super::printing_key(&id).map(|k| k.to_string()), plain_key(&id));
        }
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
