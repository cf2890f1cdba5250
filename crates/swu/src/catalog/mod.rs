//! The card catalog: every printing by id, every card by copy identity.
//!
//! A *printing* is one record of the card data (`SOR_033`, its Hyperspace `SOR_299`, a promo).
//! A *card* is a copy identity, title + subtitle (CEG 9.1.1: "regardless if they have different
//! art, foiling, or graphic design"), and owns all its printings across sets. Rules count and
//! judge cards; printings only tell which sets a card was released in and how a player wrote it.
//!
//! Indices ([`CardId`], [`PrintingId`], [`SetIdx`]) are positions in one loaded catalog: they
//! mean nothing after a reload and are never stored; what is stored is a printing's code.

mod index;
mod load;
pub mod localized;
mod model;
mod numbering;

pub use index::{IdIndex, KeyIndex};
pub use load::{
    BuildError, CatalogError, RecordError, ReleaseDateOf, build, find_card_files, is_card_file,
    load_dir, read_records,
};
pub use localized::{Lang, LocalNames, NameId, NamesError};
pub use model::{Aspect, Aspects, CardType, Rarity, RawCard};

use std::sync::Arc;

use deckcheck_core::names::{NameIndex, Suggestion, Written};
use deckcheck_core::text::{identity_fold, squash};
use deckcheck_core::{CardRef, Confidence};
use jiff::civil::Date;

/// A card (copy identity) of one loaded catalog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct CardId(u32);

/// A printing of one loaded catalog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct PrintingId(u32);

/// A set code of one loaded catalog.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SetIdx(u16);

/// The position of a card in its catalog's tables.
pub(crate) fn card_index(card: CardId) -> usize {
    card.0 as usize
}

impl SetIdx {
    pub(crate) fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// One copy identity and what the rules need to know about it.
#[derive(Debug, Clone)]
pub struct Card {
    pub id: CardId,
    /// Title as printed (trimmed).
    pub title: Arc<str>,
    /// Subtitle as printed (trimmed), if the card has one.
    pub subtitle: Option<Arc<str>>,
    pub card_type: CardType,
    /// Aspects as the card data gives them: for a double-sided leader, both sides' together.
    pub aspects: Aspects,
    pub unique: bool,
    /// Its text names the side it starts the game on (Chancellor Palpatine): which side that
    /// is, and its aspects, is `card_data` (leaders.toml).
    pub declares_start_side: bool,
    /// Every printing of this identity, in load order.
    pub printings: Vec<PrintingId>,
    /// The sets of those printings, each once.
    pub sets: Vec<SetIdx>,
}

impl Card {
    /// "Title" or "Title | Subtitle", the way deck lists write a card.
    pub fn display_name(&self) -> String {
        match &self.subtitle {
            Some(sub) => format!("{} | {}", self.title, sub),
            None => self.title.to_string(),
        }
    }
}

/// One printing: where and how a card was printed.
#[derive(Debug, Clone)]
pub struct Printing {
    pub id: PrintingId,
    pub card: CardId,
    pub set: SetIdx,
    /// Its id as lists write it: `SOR_033`.
    pub code: Arc<str>,
    /// `Normal`, `Hyperspace`, `Showcase`, a promo distribution name …: one text shared by
    /// every printing of the variant.
    pub variant: Arc<str>,
    pub rarity: Rarity,
    /// Not in the card data: read by the set's documented numbering (`card_data/swu/numbering.toml`).
    pub numbered: Option<Numbered>,
}

impl Printing {
    /// The collector number as the data writes it (`"033"`, `"T01"`, `"1015"`): its id after
    /// the set code.
    pub fn number(&self) -> &str {
        self.code.split_once('_').map_or("", |(_, n)| n)
    }
}

/// How sure the numbering that gave a printing is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Numbered {
    pub confidence: Confidence,
    /// One plain sentence for players when it is not certain.
    pub caveat: Option<Arc<str>>,
}

/// The loaded catalog. Immutable once built; shared behind an `Arc`.
#[derive(Debug, Default, Clone)]
pub struct Catalog {
    cards: Vec<Card>,
    printings: Vec<Printing>,
    sets: Vec<String>,
    /// By set index: its release date as the legality data gives it.
    released: Vec<Option<Date>>,
    /// Every printing by its id as written and by its [`printing_key`].
    ids: IdIndex,
    /// [`identity_key`] → card.
    by_identity: KeyIndex<CardId>,
    /// squash(title + subtitle) → cards.
    full_names: KeyIndex<CardId>,
    /// squash(title) → cards.
    titles: KeyIndex<CardId>,
    /// The printings' variant names, each once.
    variants: Vec<Arc<str>>,
    names: NameIndex<CardId>,
    /// The names in the other languages the card database has (issue 28).
    local: Arc<LocalNames>,
    version: Arc<str>,
}

/// A card a name fits, and the localized name it fits by (`None`: the card's English name).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fit {
    pub card: CardId,
    pub name: Option<NameId>,
}

impl Fit {
    pub fn english(card: CardId) -> Self {
        Self { card, name: None }
    }
}

/// The most bytes a [`PrintingKey`] holds: a set code of up to 8, `_`, a number.
pub const KEY_MAX: usize = 20;

/// The key two ids share when they name the same printing (`SOR_33`), held inline: looking an
/// id up allocates nothing.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct PrintingKey {
    len: u8,
    bytes: [u8; KEY_MAX],
}

impl std::ops::Deref for PrintingKey {
    type Target = str;

    fn deref(&self) -> &str {
        // Only ASCII letters, digits and `_` are ever written into it.
        std::str::from_utf8(&self.bytes[..usize::from(self.len)]).unwrap_or_default()
    }
}

impl std::fmt::Display for PrintingKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self)
    }
}

impl std::fmt::Debug for PrintingKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?}", &**self)
    }
}

/// The key two ids share when they name the same printing: `sor-33`, `SOR_033` and `SOR 033`
/// all become `SOR_33`. `None` when the text is not shaped like an id (`SET_NUMBER` with `_`,
/// `-` or a space between; a set code of up to 8 letters and digits; a number of letters and
/// digits with at least one digit, its leading zeros dropped) or is longer than [`KEY_MAX`].
pub fn printing_key(id: &str) -> Option<PrintingKey> {
    let id = id.trim();
    // One pass over the bytes: every byte a key holds is ASCII, and a list names dozens of ids.
    let split = id.bytes().position(|b| matches!(b, b'_' | b'-' | b' '))?;
    if split == 0 || split > 8 {
        return None;
    }
    let mut key = PrintingKey {
        len: 0,
        bytes: [0; KEY_MAX],
    };
    for &b in &id.as_bytes()[..split] {
        if !b.is_ascii_alphanumeric() {
            return None;
        }
        key.push(b)?;
    }
    key.push(b'_')?;
    // The number: what comes before its first digit as written, then from that digit on
    // without leading zeros ("0" if it is all zeros).
    let (mut digits, mut zeros) = (false, false);
    for &b in id[split + 1..].trim().as_bytes() {
        if !b.is_ascii_alphanumeric() {
            return None;
        }
        if b == b'0' && (!digits || zeros) {
            digits = true;
            zeros = true;
            continue;
        }
        if b.is_ascii_digit() {
            digits = true;
        }
        if digits {
            zeros = false;
        }
        key.push(b)?;
    }
    if !digits {
        return None;
    }
    if zeros {
        key.push(b'0')?;
    }
    Some(key)
}

impl PrintingKey {
    /// Adds a byte, upper-cased; `None` past [`KEY_MAX`].
    fn push(&mut self, b: u8) -> Option<()> {
        *self.bytes.get_mut(usize::from(self.len))? = b.to_ascii_uppercase();
        self.len += 1;
        Some(())
    }
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
    /// The shared text of a variant name.
    fn variant(&mut self, name: &str) -> Arc<str> {
        match self.variants.iter().find(|v| ***v == *name) {
            Some(v) => Arc::clone(v),
            None => {
                let v: Arc<str> = name.into();
                self.variants.push(Arc::clone(&v));
                v
            }
        }
    }

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

    /// The card and printing an id names: as the data writes it, or in any other spelling.
    pub fn resolve_id(&self, id: &str) -> Option<(CardId, PrintingId)> {
        let p = self.ids.find(&self.printings, id)?;
        Some((self.printing(p).card, p))
    }

    /// The card with exactly this title and subtitle (case- and Unicode-insensitive).
    pub fn card_by_identity(&self, title: &str, subtitle: Option<&str>) -> Option<&Card> {
        self.by_identity
            .first(&identity_key(title, subtitle))
            .map(|c| self.card(c))
    }

    /// Cards whose title and subtitle, squashed together, equal the input's.
    pub fn by_full_name(&self, title: &str, subtitle: Option<&str>) -> &[CardId] {
        let key = squash(&format!("{title} {}", subtitle.unwrap_or("")));
        self.full_names.get(&key)
    }

    /// Cards with this title (squashed), whatever their subtitle.
    pub fn by_title(&self, title: &str) -> &[CardId] {
        self.titles.get(&squash(title))
    }

    /// The localized names (empty when the data has none).
    pub fn local(&self) -> &LocalNames {
        &self.local
    }

    /// Indexes names in other languages (`localized/names.*.json` of a synced catalog).
    pub fn with_local_names(mut self, files: &[localized::NamesFile]) -> Self {
        self.local = Arc::new(LocalNames::build(&self, files));
        self
    }

    /// Every card a title and subtitle name exactly, in English or another language: the
    /// English card first (one at most), then each localized name's.
    pub fn identity_fits(&self, title: &str, subtitle: Option<&str>) -> Vec<Fit> {
        let key = identity_key(title, subtitle);
        let mut fits: Vec<Fit> = self
            .by_identity
            .first(&key)
            .map(Fit::english)
            .into_iter()
            .collect();
        self.extend_local(&mut fits, self.local.by_identity(&key));
        fits
    }

    /// [`Catalog::by_full_name`] in every language.
    pub fn full_name_fits(&self, title: &str, subtitle: Option<&str>) -> Vec<Fit> {
        let key = squash(&format!("{title} {}", subtitle.unwrap_or("")));
        self.fits(self.full_names.get(&key), self.local.by_full_name(&key))
    }

    /// [`Catalog::by_title`] in every language.
    pub fn title_fits(&self, title: &str) -> Vec<Fit> {
        let key = squash(title);
        self.fits(self.titles.get(&key), self.local.by_title(&key))
    }

    /// The English cards of a lookup, then those of its localized names.
    fn fits(&self, english: &[CardId], local: &[NameId]) -> Vec<Fit> {
        let mut fits: Vec<Fit> = english.iter().map(|c| Fit::english(*c)).collect();
        self.extend_local(&mut fits, local);
        fits
    }

    /// Adds the cards of localized names a card already in `fits` does not stand for.
    fn extend_local(&self, fits: &mut Vec<Fit>, names: &[NameId]) {
        for id in names {
            let card = self.local.card(*id);
            if !fits.iter().any(|f| f.card == card) {
                fits.push(Fit {
                    card,
                    name: Some(*id),
                });
            }
        }
    }

    /// Did-you-mean in every language: up to `n` cards whose name in some language is closest to
    /// `query`, best first, each by the name it came closest in (the language it was written in).
    pub fn suggest_fits(&self, query: &str, n: usize, keep: impl Fn(&Card) -> bool) -> Vec<Fit> {
        let mut scored: Vec<(f64, Fit)> = self
            .suggest(query, n, &keep)
            .into_iter()
            .map(|s| (s.score, Fit::english(s.card)))
            .collect();
        if !self.local.is_empty() {
            scored.extend(
                self.local
                    .suggest(query, n, |c| keep(self.card(c)))
                    .into_iter()
                    .map(|s| {
                        let fit = Fit {
                            card: self.local.card(s.card),
                            name: Some(s.card),
                        };
                        (s.score, fit)
                    }),
            );
            // Best first; on a tie the English name.
            scored.sort_by(|a, b| {
                b.0.total_cmp(&a.0)
                    .then(a.1.name.is_some().cmp(&b.1.name.is_some()))
            });
        }
        let mut fits: Vec<Fit> = Vec::new();
        for (_, fit) in scored {
            if fits.len() < n && !fits.iter().any(|f| f.card == fit.card) {
                fits.push(fit);
            }
        }
        fits
    }

    /// The name a localized name shows as, beside the English one.
    pub fn written(&self, name: Option<NameId>) -> Option<Written> {
        name.map(|id| self.local.written(id))
    }

    /// A card as an answer names it ([`Catalog::card_ref`]), with the name the list wrote it by
    /// when that was not its English name.
    pub fn card_ref_as(&self, fit: Fit, printing: Option<PrintingId>) -> CardRef {
        self.card_ref(fit.card, printing)
            .written_as(self.written(fit.name))
    }

    /// Up to `n` cards whose name is closest to `query`, best first, among those `keep` accepts.
    pub fn suggest(
        &self,
        query: &str,
        n: usize,
        keep: impl Fn(&Card) -> bool,
    ) -> Vec<Suggestion<CardId>> {
        self.names.suggest(query, n, |c| keep(self.card(c)))
    }

    /// Whether a printing of the card is in a set released by `date`.
    pub fn released_by(&self, card: CardId, date: Date) -> bool {
        self.card(card).sets.iter().any(|s| {
            self.released
                .get(s.index())
                .copied()
                .flatten()
                .is_some_and(|d| d <= date)
        })
    }

    /// The printing that stands for a card when a list names it without an id: its first
    /// Normal printing, else its first.
    pub fn default_printing(&self, card: CardId) -> PrintingId {
        let c = self.card(card);
        c.printings
            .iter()
            .copied()
            .find(|p| &*self.printing(*p).variant == "Normal")
            .unwrap_or(c.printings[0])
    }

    /// A card as an answer names it, by the printing the list used (or its usual one).
    pub fn card_ref(&self, card: CardId, printing: Option<PrintingId>) -> CardRef {
        let c = self.card(card);
        let p = printing.unwrap_or_else(|| self.default_printing(card));
        CardRef::new(
            self.printing(p).code.clone(),
            c.title.clone(),
            c.subtitle.clone(),
        )
    }

    pub fn set_code(&self, set: SetIdx) -> &str {
        &self.sets[set.index()]
    }

    pub fn set_index(&self, code: &str) -> Option<SetIdx> {
        self.sets
            .iter()
            .position(|s| s.eq_ignore_ascii_case(code))
            .map(|i| SetIdx(i as u16))
    }

    /// Every set of the catalog, in index order.
    pub fn sets(&self) -> impl Iterator<Item = SetIdx> {
        (0..self.sets.len()).map(|i| SetIdx(i as u16))
    }

    /// Every set code that has at least one printing.
    pub fn set_codes(&self) -> &[String] {
        &self.sets
    }

    /// A content hash of the data the catalog was built from, and for a synced catalog its
    /// sync time: `xxh3:1a2b3c4d5e6f7a8b@2026-11-22T05:33:02Z`.
    pub fn version(&self) -> &Arc<str> {
        &self.version
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padded_unpadded_and_dashed_ids_share_one_key() {
        for (id, key) in [
            ("SOR_033", "SOR_33"),
            ("sor_33", "SOR_33"),
            ("SOR-033", "SOR_33"),
            ("SOR 033", "SOR_33"),
            ("JTL_1015", "JTL_1015"),
            ("ASH_T01", "ASH_T1"),
            ("P25_09", "P25_9"),
            ("SOR_000", "SOR_0"),
        ] {
            assert_eq!(printing_key(id).as_deref(), Some(key), "{id}");
        }
    }

    #[test]
    fn text_that_is_not_an_id_has_no_key() {
        for text in [
            "Battlefield Marine",
            "SOR_",
            "_033",
            "SOR_0/3",
            "SOR_1234567890123456789",
            "SORSORSOR_1",
        ] {
            assert_eq!(printing_key(text), None, "{text}");
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
