//! A deck list for a Competitive-tier event names the player (first and last name), the
//! player's UID, the leader, the base, and the draw deck and sideboard (CEG 3.3.3; TR 3.1.3
//! before it). Checked only for a registration; a sideboard may be empty.

use crate::messages::{say, text};
use deckcheck_core::{CardRef, CodeInfo, Explain, Findings, Rule, Violation};
use serde::Serialize;

use super::Context;
use super::codes::DECK_LIST_INCOMPLETE;
use crate::deck::Zone;

pub struct DeckListComplete;

/// An element a competitive deck list lacks.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub(crate) enum Missing {
    PlayerName,
    /// A name of one word: the list must give the first and the last.
    PlayerFullName,
    PlayerUid,
    Leader,
    Base,
    MainDeck,
}

/// A deck list without an element the regulations require.
#[derive(Debug, PartialEq, Serialize)]
pub(crate) struct Incomplete {
    pub missing: Missing,
}

impl Explain for Incomplete {
    fn message(&self, _cards: &[CardRef], lang: deckcheck_core::Lang) -> String {
        let missing = match self.missing {
            Missing::PlayerName => "player-name",
            Missing::PlayerFullName => "player-full-name",
            Missing::PlayerUid => "player-uid",
            Missing::Leader => "leader",
            Missing::Base => "base",
            Missing::MainDeck => "main-deck",
        };
        say(lang, "swu-incomplete", [("missing", text(missing))])
    }
}

impl Rule<Context<'_>> for DeckListComplete {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: DECK_LIST_INCOMPLETE,
            meaning: "A competitive deck list lacks an element the regulations require (player name, UID, leader, base, main deck).",
        }]
    }

    fn check(&self, ctx: &Context<'_>, out: &mut Findings) {
        let submission = &ctx.submission;
        if !submission.registration {
            return;
        }
        let decks = ctx.decks();
        for (i, deck) in decks.iter().enumerate() {
            let blank = |s: Option<&str>| s.is_none_or(|s| s.trim().is_empty());
            let player = submission.player.or(deck.player());
            let uid = submission.uid.or(deck.uid());
            let mut missing = Vec::new();
            if blank(player) {
                missing.push(Missing::PlayerName);
            } else if player.is_some_and(|p| p.split_whitespace().count() < 2) {
                missing.push(Missing::PlayerFullName);
            }
            if blank(uid) {
                missing.push(Missing::PlayerUid);
            }
            for (zone, what) in [
                (Zone::Leader, Missing::Leader),
                (Zone::Base, Missing::Base),
                (Zone::Main, Missing::MainDeck),
            ] {
                if deck.count(zone) + deck.unresolved(zone) == 0 {
                    missing.push(what);
                }
            }
            for missing in missing {
                out.deck_violation(
                    decks.len(),
                    i,
                    Violation::new(
                        DECK_LIST_INCOMPLETE,
                        ctx.cite("deck-list"),
                        Incomplete { missing },
                    ),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::rules::codes;
    use crate::rules::fixture::*;
    use jiff::civil::date;

    #[test]
    fn a_competitive_list_without_player_and_uid_is_incomplete_twice() {
        let deck = legal_premier().build();
        let mut options = Check::new("premier", date(2025, 1, 1));
        options.registration = true;
        let report = check_with(&deck, options);
        let n = report
            .violations
            .iter()
            .filter(|v| v.code == codes::DECK_LIST_INCOMPLETE)
            .count();
        assert_eq!(n, 2);
    }

    #[test]
    fn a_complete_list_passes_and_casual_checks_do_not_ask() {
        let mut deck = legal_premier().build();
        deck.set_player(Some("Ada Lovelace".into()));
        deck.set_uid(Some("1234567".into()));
        let mut options = Check::new("premier", date(2025, 1, 1));
        options.registration = true;
        assert!(!check_with(&deck, options).has(codes::DECK_LIST_INCOMPLETE));
        let bare = legal_premier().build();
        assert!(!check_one(&bare, "premier", date(2025, 1, 1)).has(codes::DECK_LIST_INCOMPLETE));
    }
}
