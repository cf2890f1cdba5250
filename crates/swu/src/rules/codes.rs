//! Stable ids of SWU violations: an API contract. Never rename one; add new ones.
//! `docs/violation-codes.md` lists them with their meaning (a test keeps it in step).

use deckcheck_core::{Code, CodeInfo};

pub const FORMAT_NOT_AVAILABLE: Code = Code::new("format-not-available");
pub const WRONG_NUMBER_OF_DECKS: Code = Code::new("wrong-number-of-decks");
pub const LEADER_COUNT: Code = Code::new("leader-count");
pub const BASE_COUNT: Code = Code::new("base-count");
pub const NOT_A_LEADER: Code = Code::new("not-a-leader");
pub const NOT_A_BASE: Code = Code::new("not-a-base");
pub const NOT_A_DECK_CARD: Code = Code::new("not-a-deck-card");
pub const MAIN_DECK_TOO_SMALL: Code = Code::new("main-deck-too-small");
pub const SIDEBOARD_TOO_LARGE: Code = Code::new("sideboard-too-large");
pub const TOO_MANY_COPIES: Code = Code::new("too-many-copies");
pub const LEADER_ASPECTS: Code = Code::new("leader-aspects");
pub const CARD_NOT_RELEASED: Code = Code::new("card-not-released");
pub const CARD_NOT_IN_FORMAT: Code = Code::new("card-not-in-format");
pub const CARD_SUSPENDED: Code = Code::new("card-suspended");
pub const CARD_NOT_IN_POOL: Code = Code::new("card-not-in-pool");
pub const BASE_NOT_IN_POOL: Code = Code::new("base-not-in-pool");
pub const DECK_LIST_INCOMPLETE: Code = Code::new("deck-list-incomplete");
pub const POOL_SHAPE: Code = Code::new("pool-shape");

/// Every code with what it means.
pub const ALL: &[CodeInfo] = &[
    info(
        FORMAT_NOT_AVAILABLE,
        "The format did not exist yet on the date checked (Eternal before 2026-03-13).",
    ),
    info(
        WRONG_NUMBER_OF_DECKS,
        "The format is played with a different number of decks (Trilogy: three).",
    ),
    info(
        LEADER_COUNT,
        "The deck has the wrong number of leaders (1; Twin Suns: 2 different leaders).",
    ),
    info(BASE_COUNT, "The deck does not have exactly one base."),
    info(
        NOT_A_LEADER,
        "A card listed as the leader is not a leader card.",
    ),
    info(NOT_A_BASE, "A card listed as the base is not a base card."),
    info(
        NOT_A_DECK_CARD,
        "A leader, base or token is in the main deck or sideboard, which hold only units, events and upgrades.",
    ),
    info(
        MAIN_DECK_TOO_SMALL,
        "The main deck has fewer cards than the format's minimum (after a base's printed change to it).",
    ),
    info(
        SIDEBOARD_TOO_LARGE,
        "The sideboard is larger than allowed (Premier/Eternal: 10; Twin Suns and Trilogy: none).",
    ),
    info(
        TOO_MANY_COPIES,
        "More copies of one card (same title and subtitle, any printing) than the format allows.",
    ),
    info(
        LEADER_ASPECTS,
        "Twin Suns leaders whose aspects may not be combined (Heroism with Villainy).",
    ),
    info(
        CARD_NOT_RELEASED,
        "The card was not yet released on the date checked.",
    ),
    info(
        CARD_NOT_IN_FORMAT,
        "The card has no printing in a set of the format's card pool on the date (rotated out of Premier, or a product not legal in the format).",
    ),
    info(
        CARD_SUSPENDED,
        "The card is on the format's suspension list on the date checked.",
    ),
    info(
        CARD_NOT_IN_POOL,
        "Limited: the deck plays a card (or more copies of it) that the player did not open or draft.",
    ),
    info(
        BASE_NOT_IN_POOL,
        "Limited: the base was neither opened nor a Common base of the event's set.",
    ),
    info(
        DECK_LIST_INCOMPLETE,
        "A competitive deck list lacks an element the regulations require (player name, UID, leader, base, main deck).",
    ),
    info(
        POOL_SHAPE,
        "Limited: a pool given pack by pack does not have the format's packs (sealed: six, or eight at Competitive events from 2026-06-26; draft: three).",
    ),
];

const fn info(code: Code, meaning: &'static str) -> CodeInfo {
    CodeInfo { code, meaning }
}
