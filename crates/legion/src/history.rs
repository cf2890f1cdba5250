//! A card's `history[]` in Legion HQ's data: dated changes written in words ("Cost reduced
//! from 90 to 80 points."). A cost change is read when its words say so; what a card cost on
//! a past date is rebuilt from them, and is unknown past a change whose words cannot be read.

use jiff::civil::Date;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// The card's cost went from one number of points to another.
    Cost { from: u32, to: u32 },
    /// The cost changed, but the words do not say from what ("increased by cost of gun").
    CostUnread,
    /// Something else changed (keywords, dice, name, rank, text).
    Other,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct History {
    pub date: Date,
    pub text: String,
    pub change: Change,
}

impl History {
    /// Reads one entry; `None` when its date cannot be read ("19 July 2024").
    pub fn parse(date: &str, text: &str) -> Option<Self> {
        let date = jiff::civil::Date::strptime("%d %B %Y", date.trim()).ok()?;
        Some(Self {
            date,
            text: text.to_string(),
            change: classify(text),
        })
    }
}

fn classify(text: &str) -> Change {
    let lower = text.to_ascii_lowercase();
    let mut at = 0;
    while let Some(found) = lower[at..].find("from ") {
        let start = at + found;
        at = start + 5;
        if let Some((from, to, end)) = numbers_from_to(&lower[start + 5..]) {
            let before = &lower[lower.floor_char_boundary(start.saturating_sub(40))..start];
            let after = &lower[start + 5 + end..];
            let after = &after[..after.floor_char_boundary(after.len().min(12))];
            if before.contains("cost") || before.contains("point") || after.contains("point") {
                return Change::Cost { from, to };
            }
        }
    }
    if lower.contains("cost") || lower.contains("point") {
        Change::CostUnread
    } else {
        Change::Other
    }
}

/// `"90 to 80 points"` → (90, 80, bytes read).
fn numbers_from_to(text: &str) -> Option<(u32, u32, usize)> {
    let digits = |s: &str| s.bytes().take_while(u8::is_ascii_digit).count();
    let n1 = digits(text);
    if n1 == 0 {
        return None;
    }
    let rest = text[n1..].strip_prefix(" to ")?;
    let n2 = digits(rest);
    if n2 == 0 {
        return None;
    }
    let from = text[..n1].parse().ok()?;
    let to = rest[..n2].parse().ok()?;
    Some((from, to, n1 + 4 + n2))
}

/// What a card cost on `date`: its current cost, walked back through the changes made after
/// that day. `Err` holds the date of a cost change after `date` whose words cannot be read.
pub fn cost_on(current: u32, history: &[History], date: Date) -> Result<u32, Date> {
    let mut later: Vec<&History> = history.iter().filter(|h| h.date > date).collect();
    // Newest first; entries of one day are undone in reverse order of listing.
    later.reverse();
    later.sort_by_key(|h| std::cmp::Reverse(h.date));
    let mut cost = current;
    for h in later {
        match h.change {
            Change::Cost { from, .. } => cost = from,
            Change::CostUnread => return Err(h.date),
            Change::Other => {}
        }
    }
    Ok(cost)
}

#[cfg(test)]
mod tests {
    use super::*;
    use jiff::civil::date;

    fn h(d: &str, text: &str) -> History {
        History::parse(d, text).unwrap()
    }

    #[test]
    fn cost_changes_are_read_from_the_usual_wordings() {
        for (text, from, to) in [
            ("Cost reduced from 90 to 80 points.", 90, 80),
            (
                "Cost reduced from 150 to 120 point. Gained Inspire.",
                150,
                120,
            ),
            ("Points dropped from 64 to 60.", 64, 60),
            (
                "Renamed. Increased from 5 to 10 points. Changed from unique.",
                5,
                10,
            ),
            (
                "Cost increased from 16 to 22 points, but no longer exhausts.",
                16,
                22,
            ),
        ] {
            assert_eq!(classify(text), Change::Cost { from, to }, "{text}");
        }
    }

    #[test]
    fn other_numbers_are_not_costs_and_unreadable_cost_changes_are_said() {
        assert_eq!(
            classify("Wound threshold increased from 1 to 2."),
            Change::Other
        );
        assert_eq!(classify("Speed reduced from 2 to 1."), Change::Other);
        assert_eq!(
            classify("Gun now on card - card cost increased by cost of gun (100 to 115)."),
            Change::CostUnread
        );
    }

    #[test]
    fn a_past_cost_is_rebuilt_from_later_changes() {
        let history = vec![
            h("27 October 2021", "Cost reduced from 90 to 80 points."),
            h("5 June 2023", "Cost reduced from 80 to 75 points."),
            h("19 July 2024", "Gained Exemplar."),
        ];
        assert_eq!(cost_on(75, &history, date(2026, 1, 1)), Ok(75));
        assert_eq!(cost_on(75, &history, date(2023, 6, 4)), Ok(80));
        assert_eq!(cost_on(75, &history, date(2020, 1, 1)), Ok(90));
        let unread = vec![h("15 April 2025", "card cost increased by cost of gun")];
        assert_eq!(
            cost_on(115, &unread, date(2025, 1, 1)),
            Err(date(2025, 4, 15))
        );
    }
}
