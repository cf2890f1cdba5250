//! Finding cards by what people type: forgiving exact lookups, and did-you-mean.
//!
//! Built once with a catalog, over any key a game uses for its cards (an index, an id).
//! Lookups never scan every card: a squashed name is one hash lookup, and did-you-mean first
//! gathers candidates from an index of character trigrams, then ranks only those few with a
//! string distance (strsim).

use std::sync::Arc;

use rustc_hash::FxHashMap as HashMap;
use serde::Serialize;

use crate::text::{loose_fold, squash};

/// The name a list wrote a card by, where it is not the card's English name: a German, French,
/// Italian or Spanish name. The card is judged as its English self: "a player's deck
/// can include cards in any number of languages" (SWU TR 3.2.4, CEG 4.1.1).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct Written {
    /// The card's name in that language, "Title | Subtitle" as its publisher prints it.
    #[schema(value_type = String)]
    pub name: Arc<str>,
    /// The language, as a BCP 47 code: `de`, `fr`, `it`, `es`.
    pub lang: &'static str,
}

/// The forgiving indexes of a catalog; `K` is the game's card key.
///
/// Built with [`NameIndex::add`], then kept compact ([`NameIndex::compact`]): the trigram
/// index as one sorted table of trigrams over one list of entries, instead of a small list per
/// trigram (tens of thousands of allocations in every catalog).
#[derive(Debug, Clone)]
pub struct NameIndex<K> {
    /// squash(name) → cards, for every name a card was added under.
    exact: HashMap<Box<str>, Vec<K>>,
    /// One entry per searchable name.
    entries: Vec<Entry<K>>,
    /// Trigram → entries holding it, while the index is being built.
    grams: HashMap<u64, Vec<u32>>,
    /// Compact: each trigram and where its entries start in `postings`, sorted by trigram.
    gram_starts: Vec<(u64, u32)>,
    postings: Vec<u32>,
}

impl<K> Default for NameIndex<K> {
    fn default() -> Self {
        Self {
            exact: HashMap::default(),
            entries: Vec::new(),
            grams: HashMap::default(),
            gram_starts: Vec::new(),
            postings: Vec::new(),
        }
    }
}

#[derive(Debug, Clone)]
struct Entry<K> {
    card: K,
    /// loose_fold of the name, words kept.
    name: String,
    /// The same words sorted, to forgive swapped words.
    sorted: String,
    grams: u16,
}

/// A did-you-mean answer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Suggestion<K> {
    pub card: K,
    /// 0.0 to 1.0, higher is closer.
    pub score: f64,
}

/// How many candidates the trigram stage hands to the distance stage.
const SHORTLIST: usize = 20;

/// The longest query did-you-mean reads: a pasted paragraph costs no more than a name.
const MAX_QUERY: usize = 80;

impl<K: Copy + Eq + Ord> NameIndex<K> {
    /// Makes `card` findable by `name` (exactly, once squashed, and by did-you-mean). A card
    /// may be added under several names (a title, and title with subtitle).
    pub fn add(&mut self, card: K, name: &str) {
        if !self.gram_starts.is_empty() {
            self.expand();
        }
        let list = self.exact.entry(squash(name).into_boxed_str()).or_default();
        if !list.contains(&card) {
            list.push(card);
        }
        let name = loose_fold(name);
        let id = self.entries.len() as u32;
        let mut grams = trigrams(&name);
        grams.sort_unstable();
        grams.dedup();
        for g in &grams {
            self.grams.entry(*g).or_default().push(id);
        }
        self.entries.push(Entry {
            card,
            sorted: sorted_words(&name),
            name,
            grams: grams.len().min(u16::MAX as usize) as u16,
        });
    }

    /// Keeps the index compact once every name is added: the trigram index as one table, no
    /// spare capacity left anywhere. Lookups work the same before and after; an `add` after it
    /// expands the index again.
    pub fn compact(&mut self) {
        let mut grams: Vec<(u64, Vec<u32>)> = std::mem::take(&mut self.grams).into_iter().collect();
        grams.sort_unstable_by_key(|(g, _)| *g);
        self.postings = Vec::with_capacity(grams.iter().map(|(_, e)| e.len()).sum());
        self.gram_starts = Vec::with_capacity(grams.len());
        for (gram, entries) in grams {
            self.gram_starts.push((gram, self.postings.len() as u32));
            self.postings.extend(entries);
        }
        self.entries.shrink_to_fit();
        for list in self.exact.values_mut() {
            list.shrink_to_fit();
        }
        self.exact.shrink_to_fit();
    }

    /// The trigram index back as lists per trigram, to add to it.
    fn expand(&mut self) {
        for (i, (gram, start)) in self.gram_starts.iter().enumerate() {
            let end = self
                .gram_starts
                .get(i + 1)
                .map_or(self.postings.len(), |(_, next)| *next as usize);
            self.grams
                .insert(*gram, self.postings[*start as usize..end].to_vec());
        }
        self.gram_starts = Vec::new();
        self.postings = Vec::new();
    }

    /// The entries holding a trigram.
    fn holding(&self, gram: u64) -> &[u32] {
        if self.gram_starts.is_empty() {
            return self.grams.get(&gram).map_or(&[], Vec::as_slice);
        }
        match self.gram_starts.binary_search_by_key(&gram, |(g, _)| *g) {
            Ok(i) => {
                let start = self.gram_starts[i].1 as usize;
                let end = self
                    .gram_starts
                    .get(i + 1)
                    .map_or(self.postings.len(), |(_, next)| *next as usize);
                &self.postings[start..end]
            }
            Err(_) => &[],
        }
    }

    /// The cards added under a name equal to `name` once both are squashed.
    pub fn exact(&self, name: &str) -> &[K] {
        self.exact
            .get(squash(name).as_str())
            .map_or(&[], Vec::as_slice)
    }

    /// Up to `n` cards whose name is closest to `query`, best first, among those `keep`
    /// accepts (a section's card types, cards released by a date).
    pub fn suggest(&self, query: &str, n: usize, keep: impl Fn(K) -> bool) -> Vec<Suggestion<K>> {
        let query = loose_fold(query);
        if query.is_empty() || n == 0 {
            return Vec::new();
        }
        let query: String = query.chars().take(MAX_QUERY).collect();
        let mut q_grams = trigrams(&query);
        q_grams.sort_unstable();
        q_grams.dedup();

        // Stage 1: shared trigrams per entry → Dice coefficient → shortlist.
        let mut shared: HashMap<u32, u16> = HashMap::default();
        for g in &q_grams {
            for e in self.holding(*g) {
                *shared.entry(*e).or_insert(0) += 1;
            }
        }
        let mut shortlist: Vec<(f64, u32)> = shared
            .into_iter()
            .filter(|(e, _)| keep(self.entries[*e as usize].card))
            .map(|(e, n)| {
                let total = q_grams.len() + self.entries[e as usize].grams as usize;
                (2.0 * f64::from(n) / total.max(1) as f64, e)
            })
            .collect();
        let by_dice = |a: &(f64, u32), b: &(f64, u32)| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1));
        shortlist.sort_by(by_dice);
        shortlist.truncate(SHORTLIST);

        // Stage 2: rank the shortlist by edit distance, in order and with words sorted.
        let q_sorted = sorted_words(&query);
        let mut best: Vec<Suggestion<K>> = Vec::new();
        for (dice, e) in shortlist {
            let entry = &self.entries[e as usize];
            let distance = strsim::normalized_levenshtein(&query, &entry.name)
                .max(strsim::normalized_levenshtein(&q_sorted, &entry.sorted));
            let score = 0.8 * distance + 0.2 * dice;
            match best.iter_mut().find(|s| s.card == entry.card) {
                Some(s) => s.score = s.score.max(score),
                None => best.push(Suggestion {
                    card: entry.card,
                    score,
                }),
            }
        }
        best.sort_by(|a, b| b.score.total_cmp(&a.score).then(a.card.cmp(&b.card)));
        best.truncate(n);
        best
    }
}

/// How many single-character edits turn `a` into `b`: did-you-mean for ids, where a typing error
/// is a digit too many, too few or another (`9_1511` for `9_151`).
pub fn edit_distance(a: &str, b: &str) -> usize {
    strsim::levenshtein(a, b)
}

/// Character trigrams of each word, padded so that short words and word edges count.
fn trigrams(folded: &str) -> Vec<u64> {
    let mut out = Vec::new();
    for word in folded.split(' ').filter(|w| !w.is_empty()) {
        let chars: Vec<char> = std::iter::once(' ')
            .chain(word.chars())
            .chain(std::iter::once(' '))
            .collect();
        for w in chars.windows(3) {
            out.push((u64::from(w[0]) << 42) | (u64::from(w[1]) << 21) | u64::from(w[2]));
        }
    }
    out
}

fn sorted_words(folded: &str) -> String {
    let mut words: Vec<&str> = folded.split(' ').filter(|w| !w.is_empty()).collect();
    words.sort_unstable();
    words.join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn index() -> NameIndex<u32> {
        let mut index = NameIndex::default();
        for (i, name) in [
            "Luke Skywalker",
            "Darth Vader",
            "C-3PO",
            "Obi-Wan Kenobi",
            "Leia Organa",
        ]
        .into_iter()
        .enumerate()
        {
            index.add(i as u32, name);
        }
        index.add(1, "Darth Vader Dark Lord of the Sith");
        index
    }

    #[test]
    fn an_exact_name_is_found_whatever_the_typist_did_to_case_spacing_and_punctuation() {
        let index = index();
        assert_eq!(index.exact("c3p0"), &[2]);
        assert_eq!(index.exact("obi wan kenobi"), &[3]);
        assert!(index.exact("Yoda").is_empty());
    }

    #[test]
    fn a_misspelled_name_gets_the_closest_cards_first() {
        let index = index();
        let s = index.suggest("Luk Skywalkr", 3, |_| true);
        assert_eq!(s[0].card, 0);
        let swapped = index.suggest("Vader Darth", 1, |_| true);
        assert_eq!(swapped[0].card, 1);
    }

    #[test]
    fn suggestions_respect_the_filter() {
        let index = index();
        let s = index.suggest("Luke Skywalker", 3, |k| k != 0);
        assert!(s.iter().all(|s| s.card != 0));
    }

    #[test]
    fn a_compact_index_answers_as_it_did_and_takes_more_names() {
        let mut compact = index();
        compact.compact();
        let built = index();
        for q in ["Luk Skywalkr", "Vader Darth", "obi wan", "leia"] {
            assert_eq!(
                compact.suggest(q, 3, |_| true),
                built.suggest(q, 3, |_| true),
                "{q}"
            );
        }
        assert_eq!(compact.exact("c3p0"), &[2]);
        compact.add(9, "Yoda");
        assert_eq!(compact.exact("yoda"), &[9]);
        assert_eq!(compact.suggest("Yodda", 1, |_| true)[0].card, 9);
        assert_eq!(compact.suggest("Luk Skywalkr", 1, |_| true)[0].card, 0);
    }

    #[test]
    fn trigrams_pad_word_edges() {
        assert_eq!(trigrams("ab").len(), 2);
        assert_eq!(trigrams("ab cd").len(), 4);
    }
}
