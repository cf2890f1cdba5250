//! Finding cards by what people type: forgiving exact lookups, and did-you-mean.
//!
//! Built once with the catalog. Lookups never scan every card: a normalised name is one hash
//! lookup, and did-you-mean first gathers candidates from an index of character trigrams, then
//! ranks only those few with a string distance (strsim).

use rustc_hash::FxHashMap as HashMap;

use super::{Card, CardId, CardType};
use crate::text::loose_fold;

/// A name folded for matching with no regard to case, diacritics, punctuation, spacing or the
/// digit-zero/letter-O confusion: "C-3PO", "c3p0" and "C 3PO" all become "c3po".
pub fn squash(text: &str) -> String {
    loose_fold(text).replace(' ', "")
}

/// The forgiving indexes of a catalog.
#[derive(Debug, Default, Clone)]
pub struct NameIndex {
    /// squash(title + subtitle) → cards.
    full: HashMap<String, Vec<CardId>>,
    /// squash(title) → cards.
    titles: HashMap<String, Vec<CardId>>,
    /// One entry per searchable name (the title, and title + subtitle).
    entries: Vec<Entry>,
    /// Trigram → entries holding it.
    grams: HashMap<u64, Vec<u32>>,
}

#[derive(Debug, Clone)]
struct Entry {
    card: CardId,
    /// loose_fold of the name, words kept.
    name: String,
    /// The same words sorted, to forgive swapped words.
    sorted: String,
    grams: u16,
}

/// A did-you-mean answer.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Suggestion {
    pub card: CardId,
    /// 0.0 to 1.0, higher is closer.
    pub score: f64,
}

/// How many candidates the trigram stage hands to the distance stage.
const SHORTLIST: usize = 20;

impl NameIndex {
    pub fn build(cards: &[Card]) -> Self {
        let mut index = Self::default();
        for card in cards {
            let sub = card.subtitle.as_deref().unwrap_or("");
            index
                .full
                .entry(squash(&format!("{}{}", card.title, sub)))
                .or_default()
                .push(card.id);
            index
                .titles
                .entry(squash(&card.title))
                .or_default()
                .push(card.id);
            index.add_entry(card.id, &card.title);
            if !sub.is_empty() {
                index.add_entry(card.id, &format!("{} {}", card.title, sub));
            }
        }
        index
    }

    fn add_entry(&mut self, card: CardId, name: &str) {
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

    /// Cards whose title and subtitle, squashed together, equal the input's.
    pub fn by_full_name(&self, title: &str, subtitle: Option<&str>) -> &[CardId] {
        let key = squash(&format!("{title}{}", subtitle.unwrap_or("")));
        self.full.get(&key).map_or(&[], Vec::as_slice)
    }

    /// Cards with this title (squashed), whatever their subtitle.
    pub fn by_title(&self, title: &str) -> &[CardId] {
        self.titles.get(&squash(title)).map_or(&[], Vec::as_slice)
    }

    /// Up to `n` cards whose name is closest to `query`, best first, among the cards `keep`
    /// accepts (a section's card types).
    pub fn suggest(
        &self,
        cards: &[Card],
        query: &str,
        n: usize,
        keep: impl Fn(CardType) -> bool,
    ) -> Vec<Suggestion> {
        let query = loose_fold(query);
        if query.is_empty() || n == 0 {
            return Vec::new();
        }
        // A bounded query: a pasted paragraph must not cost more than a name.
        let query: String = query.chars().take(80).collect();
        let mut q_grams = trigrams(&query);
        q_grams.sort_unstable();
        q_grams.dedup();

        // Stage 1: shared trigrams per entry → Dice coefficient → shortlist.
        let mut shared = vec![0u16; self.entries.len()];
        let mut touched: Vec<u32> = Vec::new();
        for g in &q_grams {
            if let Some(list) = self.grams.get(g) {
                for e in list {
                    let n = &mut shared[*e as usize];
                    if *n == 0 {
                        touched.push(*e);
                    }
                    *n = n.saturating_add(1);
                }
            }
        }
        let mut shortlist: Vec<(f64, u32)> = touched
            .into_iter()
            .filter(|e| keep(cards[self.entries[*e as usize].card.0 as usize].card_type))
            .map(|e| {
                let total = q_grams.len() + self.entries[e as usize].grams as usize;
                (2.0 * f64::from(shared[e as usize]) / total.max(1) as f64, e)
            })
            .collect();
        let by_dice = |a: &(f64, u32), b: &(f64, u32)| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1));
        if shortlist.len() > SHORTLIST {
            shortlist.select_nth_unstable_by(SHORTLIST, by_dice);
            shortlist.truncate(SHORTLIST);
        }

        // Stage 2: rank the shortlist by edit distance, in order and with words sorted.
        let q_sorted = sorted_words(&query);
        let mut best: Vec<Suggestion> = Vec::new();
        for (dice, e) in shortlist {
            let entry = &self.entries[e as usize];
            let distance =
                similarity(&query, &entry.name).max(similarity(&q_sorted, &entry.sorted));
            let score = 0.8 * distance + 0.2 * dice;
            match best.iter_mut().find(|s| s.card == entry.card) {
                Some(s) if s.score < score => s.score = score,
                Some(_) => {}
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

/// 1 − the edit distance over the longer length: 1.0 for equal strings.
fn similarity(a: &str, b: &str) -> f64 {
    strsim::normalized_levenshtein(a, b)
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

    #[test]
    fn squash_forgives_everything_a_typist_gets_wrong_but_the_letters() {
        assert_eq!(squash("C-3P0"), squash("c3po"));
        assert_eq!(squash("TIE/ln Fighter"), squash("TIE ln Fighter"));
        assert_eq!(squash("Tarkintown"), squash("Tarkin Town"));
        assert_eq!(squash("Obi-Wan Kenobi"), "obiwankenobi");
        assert_eq!(squash("Padmé Amidala"), "padmeamidala");
    }

    #[test]
    fn trigrams_pad_word_edges() {
        assert_eq!(trigrams("ab").len(), 2);
        assert_eq!(trigrams("ab cd").len(), 4);
    }
}
