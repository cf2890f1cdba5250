//! A deck list for a Competitive-tier event names the player (first and last name), the
//! player's UID, the leader, the base, and the main deck and sideboard (TR 3.1.3). Checked only
//! when the check is asked for a competitive event; a sideboard may be empty.

use super::{Code, Context, Findings, Rule, Violation};
use crate::deck::{Deck, Zone};

pub struct DeckListComplete;

impl Rule for DeckListComplete {
    fn name(&self) -> &'static str {
        "deck list complete"
    }

    fn check(&self, ctx: &Context<'_>, decks: &[Deck], out: &mut Findings) {
        if !ctx.options.competitive {
            return;
        }
        for (i, deck) in decks.iter().enumerate() {
            let blank = |s: &Option<String>| s.as_deref().is_none_or(|s| s.trim().is_empty());
            let mut missing = Vec::new();
            if blank(&deck.player) {
                missing.push("player name");
            } else if deck
                .player
                .as_deref()
                .is_some_and(|p| p.split_whitespace().count() < 2)
            {
                missing.push("player's first and last name");
            }
            if blank(&deck.uid) {
                missing.push("player UID");
            }
            if deck.count(Zone::Leader) == 0 {
                missing.push("leader");
            }
            if deck.count(Zone::Base) == 0 {
                missing.push("base");
            }
            if deck.count(Zone::Main) == 0 {
                missing.push("main deck");
            }
            for field in missing {
                out.deck_violation(
                    decks,
                    i,
                    Violation::new(
                        Code::DeckListIncomplete,
                        "TR 3.1.3",
                        format!("The deck list for a competitive event must give the {field}."),
                    ),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::data::FormatId;
    use crate::rules::fixture::*;
    use crate::rules::{CheckOptions, Code};
    use jiff::civil::date;

    #[test]
    fn a_competitive_list_without_player_and_uid_is_incomplete_twice() {
        let deck = legal_premier().build();
        let mut options = CheckOptions::new(FormatId::Premier, date(2025, 1, 1));
        options.competitive = true;
        let report = check_with(&deck, options);
        let n = report
            .violations
            .iter()
            .filter(|v| v.code == Code::DeckListIncomplete)
            .count();
        assert_eq!(n, 2);
    }

    #[test]
    fn a_complete_list_passes_and_casual_checks_do_not_ask() {
        let mut deck = legal_premier().build();
        deck.player = Some("Ada Lovelace".into());
        deck.uid = Some("1234567".into());
        let mut options = CheckOptions::new(FormatId::Premier, date(2025, 1, 1));
        options.competitive = true;
        assert!(!check_with(&deck, options).has(Code::DeckListIncomplete));
        let bare = legal_premier().build();
        assert!(
            !check_one(&bare, FormatId::Premier, date(2025, 1, 1)).has(Code::DeckListIncomplete)
        );
    }
}
