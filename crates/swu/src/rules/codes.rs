//! Stable ids of SWU violations: an API contract. Never rename one; add new ones. Each rule
//! says what its codes mean ([`super::codes`] lists them); `docs/violation-codes.md` is written
//! from that list (a test keeps it in step).

use deckcheck_core::Code;

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
