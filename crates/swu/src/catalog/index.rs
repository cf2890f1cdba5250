//! Text keys to values, sorted once at load: every key in one buffer, ordered by its hash, so a
//! catalog's name indexes hold no allocation per key and no hash table's empty buckets.
//!
//! A lookup hashes the key, goes by the hash's top bits to the few entries that share them
//! (a directory of where each such run starts), then compares text only for an equal hash:
//! as fast as a hash map, at a fraction of its memory.

use std::ops::Range;

use super::{Printing, PrintingId, printing_key};

/// Keys to values; a key may have several values, kept in the order they were added.
#[derive(Debug, Clone)]
pub struct KeyIndex<V> {
    /// Each entry's key hash, ascending.
    hashes: Vec<u64>,
    directory: Directory,
    /// Where each entry's key ends in `text` (it starts where the previous one ends).
    ends: Vec<u32>,
    text: String,
    values: Vec<V>,
}

impl<V> Default for KeyIndex<V> {
    fn default() -> Self {
        Self {
            hashes: Vec::new(),
            directory: Directory::default(),
            ends: Vec::new(),
            text: String::new(),
            values: Vec::new(),
        }
    }
}

/// A key's hash: FxHash, multiplied by an odd constant so that its top bits (the directory's)
/// depend on every bit of it.
fn hash_of(key: &str) -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = rustc_hash::FxBuildHasher.build_hasher();
    hasher.write(key.as_bytes());
    hasher.finish().wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// Where each run of entries whose hashes share their top bits starts, in a list sorted by
/// hash: about two entries a run.
#[derive(Debug, Clone, Default)]
struct Directory {
    shift: u32,
    starts: Vec<u32>,
}

impl Directory {
    fn of(hashes: impl ExactSizeIterator<Item = u64>) -> Self {
        // At least two runs: a shift by 64 would overflow.
        let bits = (hashes.len() / 2)
            .max(2)
            .next_power_of_two()
            .trailing_zeros();
        let shift = 64 - bits;
        let mut starts = vec![0u32; (1usize << bits) + 1];
        for h in hashes {
            starts[(h >> shift) as usize + 1] += 1;
        }
        for i in 1..starts.len() {
            starts[i] += starts[i - 1];
        }
        Self { shift, starts }
    }

    /// The entries whose hashes share `hash`'s top bits.
    fn run(&self, hash: u64) -> Range<usize> {
        match self.starts.get((hash >> self.shift) as usize..) {
            Some([from, to, ..]) => *from as usize..*to as usize,
            _ => 0..0,
        }
    }
}

impl<V: Copy + PartialEq> KeyIndex<V> {
    /// The index of these pairs. A value given twice for one key is kept once, where it first
    /// came; values of one key keep the order they came in.
    pub fn build(pairs: impl IntoIterator<Item = (String, V)>) -> Self {
        let mut entries: Vec<(u64, String, V)> = pairs
            .into_iter()
            .map(|(key, value)| (hash_of(&key), key, value))
            .collect();
        // Stable: the values of one key stay in the order they came.
        entries.sort_by(|a, b| (a.0, &a.1).cmp(&(b.0, &b.1)));
        let mut out = Self {
            hashes: Vec::with_capacity(entries.len()),
            directory: Directory::default(),
            ends: Vec::with_capacity(entries.len()),
            text: String::with_capacity(entries.iter().map(|e| e.1.len()).sum()),
            values: Vec::with_capacity(entries.len()),
        };
        let mut run_start = 0;
        for (hash, key, value) in entries {
            let same_key = out.hashes.last() == Some(&hash) && out.key(out.len() - 1) == key;
            if !same_key {
                run_start = out.len();
            } else if out.values[run_start..].contains(&value) {
                continue;
            }
            out.hashes.push(hash);
            out.text.push_str(&key);
            out.ends.push(out.text.len() as u32);
            out.values.push(value);
        }
        out.directory = Directory::of(out.hashes.iter().copied());
        out
    }

    fn len(&self) -> usize {
        self.values.len()
    }

    fn key(&self, i: usize) -> &str {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        &self.text[start..self.ends[i] as usize]
    }

    /// Whether entry `i` has this key (bytes: the entries' ends are always a key's ends).
    fn is(&self, i: usize, key: &str) -> bool {
        let start = if i == 0 { 0 } else { self.ends[i - 1] as usize };
        self.text.as_bytes().get(start..self.ends[i] as usize) == Some(key.as_bytes())
    }

    /// The values of a key, in the order they were added (none: empty).
    pub fn get(&self, key: &str) -> &[V] {
        if self.values.is_empty() {
            return &[];
        }
        let hash = hash_of(key);
        let run = self.directory.run(hash);
        // Sorted by hash, then key: the key's entries are one run among those of its hash.
        let mut i = run.start;
        while i < run.end && (self.hashes[i] != hash || !self.is(i, key)) {
            i += 1;
        }
        let mut j = i;
        while j < run.end && self.hashes[j] == hash && self.is(j, key) {
            j += 1;
        }
        &self.values[i..j]
    }

    /// The first value of a key.
    pub fn first(&self, key: &str) -> Option<V> {
        self.get(key).first().copied()
    }
}

/// Every printing by its id: as the data writes it (`SOR_033`, what nearly every list uses),
/// and by [`printing_key`] (`sor-33`). Two sorted lists of (hash, printing), 16 bytes a
/// printing each: the ids themselves are the printings' own codes, compared on a hash match.
#[derive(Debug, Clone, Default)]
pub struct IdIndex {
    by_code: Vec<(u64, PrintingId)>,
    codes: Directory,
    by_key: Vec<(u64, PrintingId)>,
    keys: Directory,
}

impl IdIndex {
    /// The index of these printings (each code and each key is one printing's).
    pub fn build(printings: &[Printing]) -> Self {
        let mut by_code = Vec::with_capacity(printings.len());
        let mut by_key = Vec::with_capacity(printings.len());
        for p in printings {
            by_code.push((hash_of(&p.code), p.id));
            if let Some(key) = printing_key(&p.code) {
                by_key.push((hash_of(&key), p.id));
            }
        }
        by_code.sort_unstable();
        by_key.sort_unstable();
        Self {
            codes: Directory::of(by_code.iter().map(|(h, _)| *h)),
            keys: Directory::of(by_key.iter().map(|(h, _)| *h)),
            by_code,
            by_key,
        }
    }

    /// The printings whose hash is `hash`.
    fn run<'l>(
        list: &'l [(u64, PrintingId)],
        directory: &Directory,
        hash: u64,
    ) -> impl Iterator<Item = PrintingId> + 'l {
        list[directory.run(hash)]
            .iter()
            .filter(move |(h, _)| *h == hash)
            .map(|(_, p)| *p)
    }

    /// The printing an id names: written as the data writes it, or any way with its key.
    pub fn find(&self, printings: &[Printing], id: &str) -> Option<PrintingId> {
        let printing = |p: PrintingId| &printings[p.0 as usize];
        if let Some(p) =
            Self::run(&self.by_code, &self.codes, hash_of(id)).find(|p| *printing(*p).code == *id)
        {
            return Some(p);
        }
        let key = printing_key(id)?;
        Self::run(&self.by_key, &self.keys, hash_of(&key))
            .find(|p| printing_key(&printing(*p).code) == Some(key))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_finds_its_values_in_the_order_they_came_and_each_once() {
        let index = KeyIndex::build([
            ("han solo".to_string(), 3),
            ("waylay".to_string(), 1),
            ("han solo".to_string(), 2),
            ("han solo".to_string(), 3),
            ("".to_string(), 9),
        ]);
        assert_eq!(index.get("han solo"), [3, 2]);
        assert_eq!(index.get("waylay"), [1]);
        assert_eq!(index.get(""), [9]);
        assert_eq!(index.get("cunning"), [] as [i32; 0]);
        assert_eq!(index.first("han solo"), Some(3));
        assert!(KeyIndex::<u8>::default().get("x").is_empty());
    }

    #[test]
    fn one_key_is_found() {
        let index = KeyIndex::build([("waylay".to_string(), 1)]);
        assert_eq!(index.get("waylay"), [1]);
        assert!(index.get("cunning").is_empty());
    }

    #[test]
    fn many_keys_are_each_found() {
        let keys: Vec<String> = (0..5000).map(|i| format!("card {i}")).collect();
        let index = KeyIndex::build(keys.iter().cloned().zip(0..));
        for (i, key) in keys.iter().enumerate() {
            assert_eq!(index.get(key), [i], "{key}");
        }
    }
}
