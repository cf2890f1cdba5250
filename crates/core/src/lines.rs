//! Line numbers of positions in a text, from one pass over it.
//!
//! XML readers learn where an element starts as a byte offset; a diagnostic names the line.
//! roxmltree's `text_pos_at` scans from the start of the text on every call, so a deck of
//! n cards costs n² work; a [`LineIndex`] notes every newline once and answers each question
//! by a binary search.

/// Where each line of one text starts.
#[derive(Debug, Clone)]
pub struct LineIndex {
    /// The byte offset of every `\n`, in order.
    newlines: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> Self {
        Self {
            newlines: text.match_indices('\n').map(|(at, _)| at).collect(),
        }
    }

    /// The line (from 1) holding the byte at `offset`; a newline belongs to the line it ends.
    pub fn line(&self, offset: usize) -> u32 {
        let before = self.newlines.partition_point(|&n| n < offset);
        u32::try_from(before).map_or(u32::MAX, |n| n.saturating_add(1))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_offset_is_on_the_line_that_holds_it() {
        let text = "<deck>\n  <card/>\r\n\n<card/>";
        let lines = LineIndex::new(text);
        assert_eq!(lines.line(0), 1);
        assert_eq!(lines.line(6), 1, "the newline ends line 1");
        assert_eq!(lines.line(text.find("  <card").unwrap()), 2);
        assert_eq!(lines.line(text.rfind("<card").unwrap()), 4);
        assert_eq!(lines.line(text.len()), 4);
    }

    #[test]
    fn a_text_without_newlines_is_one_line() {
        assert_eq!(LineIndex::new("").line(0), 1);
        assert_eq!(LineIndex::new("<deck/>").line(5), 1);
    }
}
