//! Issue 18 ("Star Wars: Unlimited answers a player can trust"), item by item, on the real card
//! catalog (`../shared/data/swu/cards`, or `DECKCHECK_CARDS`); each test skips, saying so once,
//! when the catalog is absent. Every test here failed before the change it comes with.
//!
//! - `leaders` (item 1): Twin Suns leaders judged on the side they start on; Chancellor
//!   Palpatine's starting side; the leader wordings by date.
//! - `printings` (item 2): every printing id deck sites export, through the documented
//!   numbering; every variant id of the second source resolves to the same card; sync keeps
//!   every printing.
//! - `unknown` (item 3): an unknown id is one diagnostic and an unverified verdict.
//! - `authority` (item 4): the document in force on the date is cited; each confirmed fact, as
//!   dated data with its source.
//! - `everywhere` (item 5): `all` asks where a deck can be played.
//! - `caveats` (item 6): a verdict resting on an uncertain fact says so in one sentence; research
//!   notes never reach players.
//! - `messages` (item 7): reprints, notes, grammar, melee bases, authors.
//! - `pasted` (item 8): a corpus of pasted lists, each shape a test.
//! - `suggestions` (item 9): did-you-mean and ambiguity by date and zone.
//! - `diff` (item 10): a deck check against a picklist.

mod authority;
mod caveats;
mod diff;
mod everywhere;
mod leaders;
mod messages;
mod pasted;
mod printings;
mod suggestions;
mod support;
mod unknown;
