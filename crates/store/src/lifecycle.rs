//! The event's life as a state machine without I/O: the phases an event goes through (open,
//! locked, published), who acts (operator, organizer, judge, player, the public), and, for each
//! phase and actor, which operations are allowed. No SQL, no HTTP, no clock: times are inputs.
//! The store asks [`decide`] before every write and carries out what it allows; the service
//! asks [`Op::token_roles`] which tokens a route takes.
//!
//! The rules, as the SWU Comprehensive Event Guide (CEG, 2026-06-26) says them, are cited in
//! [`TABLE`]:
//! - CEG 3.3.3: "Digital decklist submission has a date and time at which point decklists are
//!   due. After that time, decklists can not be altered." That time is the lock.
//! - CPG 4.3 (Decklist Error): after that, judges edit a list and note the changes: only a
//!   judge amends a list after the lock, with a reason.
//! - CEG 5.9, 5.10: lists are not public during the event; in the open-decklist portion
//!   opponents review each other's list before the match.
//! - CEG 5.11: judges deck-check around 10% of all decks over the event.
//! - CEG 5.9, 10.2: lists are "generally made public after the conclusion"; the organizer
//!   reserves the right to publish them. Once published they are final.

use jiff::Timestamp;
use serde::{Deserialize, Serialize};

/// Who a token speaks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    Organizer,
    Judge,
    Player,
}
/// Who acts on an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Actor {
    /// Whoever runs the service (the admin key, or the CLI on the store itself).
    Operator,
    /// The event's organizer (an organizer token).
    Organizer,
    /// One of the event's judges (a judge token).
    Judge,
    /// A registered player (their own player token).
    Player,
    /// Anyone, with no token: the registration code or the event's id.
    Public,
}

impl Actor {
    pub const ALL: [Actor; 5] = [
        Self::Operator,
        Self::Organizer,
        Self::Judge,
        Self::Player,
        Self::Public,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Self::Operator => "operator",
            Self::Organizer => "organizer",
            Self::Judge => "judge",
            Self::Player => "player",
            Self::Public => "public",
        }
    }

    /// The token role that speaks for this actor, if a token does.
    pub fn role(self) -> Option<Role> {
        match self {
            Self::Organizer => Some(Role::Organizer),
            Self::Judge => Some(Role::Judge),
            Self::Player => Some(Role::Player),
            Self::Operator | Self::Public => None,
        }
    }
}

impl From<Role> for Actor {
    fn from(role: Role) -> Self {
        match role {
            Role::Organizer => Self::Organizer,
            Role::Judge => Self::Judge,
            Role::Player => Self::Player,
        }
    }
}

/// Where an event stands. It only moves forwards: open, locked, published.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Players register and change their lists.
    Open,
    /// Lists are due (CEG 3.3.3), since the organizer's lock or the deadline, whichever came
    /// first.
    Locked { since: Timestamp },
    /// The lists are published (CEG 10.2): final.
    Published { at: Timestamp },
}

/// A phase without its time: the columns of [`TABLE`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PhaseKind {
    Open,
    Locked,
    Published,
}

impl PhaseKind {
    pub const ALL: [PhaseKind; 3] = [Self::Open, Self::Locked, Self::Published];
}

impl Phase {
    pub fn kind(self) -> PhaseKind {
        match self {
            Self::Open => PhaseKind::Open,
            Self::Locked { .. } => PhaseKind::Locked,
            Self::Published { .. } => PhaseKind::Published,
        }
    }
}

/// The times that decide an event's phase, as the store keeps them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Milestones {
    /// When lists are due, if the organizer set a deadline.
    pub locks_at: Option<Timestamp>,
    /// When the organizer (or the operator) locked the lists.
    pub locked_at: Option<Timestamp>,
    /// When the lists were published.
    pub published_at: Option<Timestamp>,
}

impl Milestones {
    /// The phase at `now`.
    pub fn phase(&self, now: Timestamp) -> Phase {
        if let Some(at) = self.published_at {
            return Phase::Published { at };
        }
        let deadline = self.locks_at.filter(|t| now >= *t);
        match (self.locked_at, deadline) {
            (Some(a), Some(b)) => Phase::Locked { since: a.min(b) },
            (Some(since), None) | (None, Some(since)) => Phase::Locked { since },
            (None, None) => Phase::Open,
        }
    }
}

/// What can be done with an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Op {
    /// Read what a player sees before registering (by the registration code).
    ReadPublicEvent,
    /// Register with a list (by the registration code).
    Register,
    /// Read one's own registration and every version of it.
    ReadOwnList,
    /// Submit a new version of one's own list.
    Resubmit,
    /// Read the event with its settings, its code and its counts.
    ReadEvent,
    /// Read the roster, a player's record, the deck checks and picks.
    ReadRoster,
    /// Change the name, the deadline or the illegal-list setting.
    Configure,
    /// Freeze the lists now.
    Lock,
    /// Change a player's list, with a reason kept in its history.
    Amend,
    /// Accept a pending list as it is, with a reason.
    Resolve,
    /// Compare a presented deck with the registered list.
    DeckCheck,
    /// Pick players for deck checks.
    Pick,
    /// Show a pairing's two lists to each other.
    Review,
    /// Publish the lists (all, or the top N).
    Publish,
    /// Read the published lists.
    ReadPublished,
    /// The whole event as a backup.
    Export,
    /// Issue a judge token.
    IssueJudge,
    /// List, revoke or reissue judges' and players' tokens.
    ManageTokens,
    /// Replace the organizer's token with a new one.
    RotateOrganizer,
    /// Give the event a new organizer token when the old one is lost.
    RecoverOrganizer,
    /// Delete the event and all its data.
    Delete,
    /// Take a registration off the roster, with a reason kept in the history.
    Remove,
    /// Correct a player's name or UID, with a reason kept in the history.
    Correct,
    /// Withdraw one's own registration.
    Withdraw,
    /// Void a deck check, with a reason; it stays in the history.
    VoidCheck,
}

impl Op {
    pub const ALL: [Op; 25] = [
        Self::ReadPublicEvent,
        Self::Register,
        Self::ReadOwnList,
        Self::Resubmit,
        Self::ReadEvent,
        Self::ReadRoster,
        Self::Configure,
        Self::Lock,
        Self::Amend,
        Self::Resolve,
        Self::DeckCheck,
        Self::Pick,
        Self::Review,
        Self::Publish,
        Self::ReadPublished,
        Self::Export,
        Self::IssueJudge,
        Self::ManageTokens,
        Self::RotateOrganizer,
        Self::RecoverOrganizer,
        Self::Delete,
        Self::Remove,
        Self::Correct,
        Self::Withdraw,
        Self::VoidCheck,
    ];

    /// The operation in words, as an error says what a token cannot do.
    pub fn describe(self) -> &'static str {
        self.row().does
    }

    /// Whether it writes a list version (what the lock and publishing freeze).
    pub fn changes_lists(self) -> bool {
        matches!(
            self,
            Self::Register | Self::Resubmit | Self::Amend | Self::Resolve
        )
    }

    /// Whether it changes anything of the event at all (tokens aside).
    pub fn changes_event(self) -> bool {
        self.changes_lists()
            || matches!(
                self,
                Self::Configure
                    | Self::Lock
                    | Self::DeckCheck
                    | Self::Pick
                    | Self::Publish
                    | Self::Remove
                    | Self::Correct
                    | Self::Withdraw
                    | Self::VoidCheck
            )
    }

    /// The token roles that may ever do it (whatever the phase): what a route asks of a
    /// bearer token before the store decides with the event's phase.
    pub fn token_roles(self) -> &'static [Role] {
        self.row().tokens
    }

    /// Who may do it in a phase.
    pub fn who(self, phase: PhaseKind) -> &'static [Actor] {
        self.row().who(phase)
    }

    fn row(self) -> &'static Row {
        TABLE
            .iter()
            .find(|r| r.op == self)
            .unwrap_or_else(|| unreachable!("every operation has a row (tested)"))
    }
}

/// Why an operation is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Refusal {
    /// Not for this actor: `needed` may do it now (or, if nobody may now, in another phase).
    Forbidden { needed: &'static [Actor] },
    /// Lists are due: nobody may do this any more (CEG 3.3.3).
    Locked { since: Timestamp },
    /// The lists are published and final: nothing changes any more.
    Published { at: Timestamp },
    /// Lists are published after the event: it must be locked first.
    NotLocked,
    /// Nothing is published yet (answered as if there were no event, so nothing leaks).
    NotPublished,
}

/// One operation's rule: who may do it in each phase, and the sections that say so.
#[derive(Debug)]
pub struct Row {
    pub op: Op,
    /// In words, for error messages.
    pub does: &'static str,
    pub open: &'static [Actor],
    pub locked: &'static [Actor],
    pub published: &'static [Actor],
    /// The token roles among all three phases (what a route asks of a bearer token).
    pub tokens: &'static [Role],
    /// The regulation behind the rule, where one speaks.
    pub rule: &'static str,
}

impl Row {
    pub fn who(&self, phase: PhaseKind) -> &'static [Actor] {
        match phase {
            PhaseKind::Open => self.open,
            PhaseKind::Locked => self.locked,
            PhaseKind::Published => self.published,
        }
    }
}

use Actor::{Judge as J, Operator as X, Organizer as O, Player as P, Public as U};

const STAFF: &[Actor] = &[O, J];
const EVERYONE: &[Actor] = &[X, O, J, P, U];
const NOBODY: &[Actor] = &[];
const ORGANIZER: &[Role] = &[Role::Organizer];
const STAFF_TOKENS: &[Role] = &[Role::Organizer, Role::Judge];
const ANY_TOKEN: &[Role] = &[Role::Organizer, Role::Judge, Role::Player];

/// Who may do what, phase by phase. Reads are allowed in every phase to those who may read;
/// writes stop at the lock (players) and at publishing (everyone); tokens and deletion are
/// managed whatever the phase.
pub const TABLE: &[Row] = &[
    Row {
        op: Op::ReadPublicEvent,
        does: "read the event",
        open: EVERYONE,
        locked: EVERYONE,
        published: EVERYONE,
        tokens: ANY_TOKEN,
        rule: "CEG 3.3.3: players are told when lists are due",
    },
    Row {
        op: Op::Register,
        does: "register a list",
        open: &[U],
        locked: NOBODY,
        published: NOBODY,
        tokens: &[],
        rule: "CEG 3.3.3: a legal deck list (name, UID, leader, base, deck and sideboard), due at a date and time; CEG 5.9: registered as the organizer instructs",
    },
    Row {
        op: Op::ReadOwnList,
        does: "read a registration",
        open: &[P],
        locked: &[P],
        published: &[P],
        tokens: &[Role::Player],
        rule: "",
    },
    Row {
        op: Op::Resubmit,
        does: "resubmit a list",
        open: &[P],
        locked: NOBODY,
        published: NOBODY,
        tokens: &[Role::Player],
        rule: "CEG 3.3.3: \"After that time, decklists can not be altered.\"",
    },
    Row {
        op: Op::ReadEvent,
        does: "read the event",
        open: &[X, O, J],
        locked: &[X, O, J],
        published: &[X, O, J],
        tokens: STAFF_TOKENS,
        rule: "",
    },
    Row {
        op: Op::ReadRoster,
        does: "read the roster",
        open: &[X, O, J],
        locked: &[X, O, J],
        published: &[X, O, J],
        tokens: STAFF_TOKENS,
        rule: "CEG 5.9: lists are not shared with other players during the event",
    },
    Row {
        op: Op::Configure,
        does: "change the event",
        open: &[O],
        locked: NOBODY,
        published: NOBODY,
        tokens: ORGANIZER,
        rule: "CEG 3.3.3: the time lists are due is set before it passes",
    },
    Row {
        op: Op::Lock,
        does: "lock the event",
        open: &[X, O],
        locked: &[X, O],
        published: NOBODY,
        tokens: ORGANIZER,
        rule: "CEG 3.3.3: after the time lists are due they cannot be altered (locking again changes nothing)",
    },
    Row {
        op: Op::Amend,
        does: "amend a list",
        open: STAFF,
        locked: &[J],
        published: NOBODY,
        tokens: STAFF_TOKENS,
        rule: "CPG 4.3 (Decklist Error): judges edit the list and note the changes",
    },
    Row {
        op: Op::Resolve,
        does: "resolve a pending list",
        open: &[J],
        locked: &[J],
        published: NOBODY,
        tokens: &[Role::Judge],
        rule: "CEG 3.3.3: the Head Judge is the final authority on whether a card is unambiguous; CPG 4.3",
    },
    Row {
        op: Op::DeckCheck,
        does: "run a deck check",
        open: STAFF,
        locked: STAFF,
        published: NOBODY,
        tokens: STAFF_TOKENS,
        rule: "CEG 5.11: deck checks on decks presented for a match; CEG 3.3.2: other cards in the box are sideboard",
    },
    Row {
        op: Op::Pick,
        does: "pick players for deck checks",
        open: STAFF,
        locked: STAFF,
        published: NOBODY,
        tokens: STAFF_TOKENS,
        rule: "CEG 5.11: \"around 10% of all decks over the course of the tournament\"",
    },
    Row {
        op: Op::Review,
        does: "open a review",
        open: STAFF,
        locked: STAFF,
        published: STAFF,
        tokens: STAFF_TOKENS,
        rule: "CEG 5.9 (open decklists in the top cut), 5.10 (players exchange lists before each match)",
    },
    Row {
        op: Op::Publish,
        does: "publish lists",
        open: NOBODY,
        locked: &[O],
        published: NOBODY,
        tokens: ORGANIZER,
        rule: "CEG 5.9: \"Decklists are generally made public after the conclusion of the tournament\"; CEG 10.2: the organizer may publish deck lists; published once, final",
    },
    Row {
        op: Op::ReadPublished,
        does: "read the published lists",
        open: NOBODY,
        locked: NOBODY,
        published: EVERYONE,
        tokens: ANY_TOKEN,
        rule: "CEG 5.9: not public during the event; CEG 10.2",
    },
    Row {
        op: Op::Export,
        does: "export the event",
        open: &[X, O],
        locked: &[X, O],
        published: &[X, O],
        tokens: ORGANIZER,
        rule: "",
    },
    Row {
        op: Op::IssueJudge,
        does: "issue judge tokens",
        open: &[O],
        locked: &[O],
        published: &[O],
        tokens: ORGANIZER,
        rule: "CEG 3.2.1: the organizer selects and manages the event's staff (judges: 3.2.6, 3.2.7)",
    },
    Row {
        op: Op::ManageTokens,
        does: "revoke or reissue tokens",
        open: &[O],
        locked: &[O],
        published: &[O],
        tokens: ORGANIZER,
        rule: "CEG 3.2.1: the organizer modifies which individuals are assigned roles",
    },
    Row {
        op: Op::RotateOrganizer,
        does: "rotate the organizer token",
        open: &[O],
        locked: &[O],
        published: &[O],
        tokens: ORGANIZER,
        rule: "",
    },
    Row {
        op: Op::RecoverOrganizer,
        does: "recover the organizer's access",
        open: &[X],
        locked: &[X],
        published: &[X],
        tokens: &[],
        rule: "",
    },
    Row {
        op: Op::Delete,
        does: "delete the event",
        open: &[X, O],
        locked: &[X, O],
        published: &[X, O],
        tokens: ORGANIZER,
        rule: "",
    },
    Row {
        op: Op::Remove,
        does: "remove a registration",
        open: &[O],
        locked: &[O],
        published: NOBODY,
        tokens: ORGANIZER,
        rule: "CEG 3.2.1: the organizer runs the event's registration (a no-show, an entry under another player's UID); the removal is kept in the history",
    },
    Row {
        op: Op::Correct,
        does: "correct a player's name or UID",
        open: &[O],
        locked: &[O],
        published: NOBODY,
        tokens: ORGANIZER,
        rule: "CEG 3.3.3: a list carries the player's name and UID; the organizer corrects them, the correction kept in the history",
    },
    Row {
        op: Op::Withdraw,
        does: "withdraw a registration",
        open: &[P],
        locked: NOBODY,
        published: NOBODY,
        tokens: &[Role::Player],
        rule: "CEG 3.3.3: until lists are due a player may change (or take back) their submission",
    },
    Row {
        op: Op::VoidCheck,
        does: "void a deck check",
        open: STAFF,
        locked: STAFF,
        published: NOBODY,
        tokens: STAFF_TOKENS,
        rule: "CEG 5.11: judges' deck checks; one made in error is voided with a reason and kept",
    },
];

/// Whether `actor` may do `op` now, and if not, why.
///
/// When someone else may do it in this phase, or `actor` may never do it, the answer is
/// [`Refusal::Forbidden`]; when `actor` could in another phase but nobody can in this one, it
/// is the phase's refusal (locked, published, not locked yet, not published yet).
pub fn decide(op: Op, actor: Actor, phase: Phase) -> Result<(), Refusal> {
    let row = op.row();
    let now = row.who(phase.kind());
    if now.contains(&actor) {
        return Ok(());
    }
    let ever = PhaseKind::ALL.iter().any(|k| row.who(*k).contains(&actor));
    if !now.is_empty() || !ever {
        let needed = if now.is_empty() {
            ever_allowed(row)
        } else {
            now
        };
        return Err(Refusal::Forbidden { needed });
    }
    Err(match (op, phase) {
        (Op::ReadPublished, _) => Refusal::NotPublished,
        (_, Phase::Open) => Refusal::NotLocked,
        (_, Phase::Locked { since }) => Refusal::Locked { since },
        (_, Phase::Published { at }) => Refusal::Published { at },
    })
}

/// The actors of a row's first phase that has any (who could ever do it).
fn ever_allowed(row: &Row) -> &'static [Actor] {
    PhaseKind::ALL
        .iter()
        .map(|k| row.who(*k))
        .find(|w| !w.is_empty())
        .unwrap_or(NOBODY)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(s: i64) -> Timestamp {
        Timestamp::from_second(1_780_000_000 + s).unwrap()
    }

    fn phase(kind: PhaseKind) -> Phase {
        match kind {
            PhaseKind::Open => Phase::Open,
            PhaseKind::Locked => Phase::Locked { since: at(10) },
            PhaseKind::Published => Phase::Published { at: at(20) },
        }
    }

    /// The specification, written out once more independently of [`TABLE`]: for each
    /// operation, who may do it when open, locked and published (X operator, O organizer,
    /// J judge, P player, U public), and what everyone else is told in each phase
    /// (F forbidden, L locked, D published (done), N not locked yet, 0 nothing published).
    const SPEC: &[(Op, [&str; 3], [&str; 3])] = &[
        (
            Op::ReadPublicEvent,
            ["XOJPU", "XOJPU", "XOJPU"],
            ["", "", ""],
        ),
        (Op::Register, ["U", "", ""], ["F", "L", "D"]),
        (Op::ReadOwnList, ["P", "P", "P"], ["F", "F", "F"]),
        (Op::Resubmit, ["P", "", ""], ["F", "L", "D"]),
        (Op::ReadEvent, ["XOJ", "XOJ", "XOJ"], ["F", "F", "F"]),
        (Op::ReadRoster, ["XOJ", "XOJ", "XOJ"], ["F", "F", "F"]),
        (Op::Configure, ["O", "", ""], ["F", "L", "D"]),
        (Op::Lock, ["XO", "XO", ""], ["F", "F", "D"]),
        (Op::Amend, ["OJ", "J", ""], ["F", "F", "D"]),
        (Op::Resolve, ["J", "J", ""], ["F", "F", "D"]),
        (Op::DeckCheck, ["OJ", "OJ", ""], ["F", "F", "D"]),
        (Op::Pick, ["OJ", "OJ", ""], ["F", "F", "D"]),
        (Op::Review, ["OJ", "OJ", "OJ"], ["F", "F", "F"]),
        (Op::Publish, ["", "O", ""], ["N", "F", "D"]),
        (Op::ReadPublished, ["", "", "XOJPU"], ["0", "0", ""]),
        (Op::Export, ["XO", "XO", "XO"], ["F", "F", "F"]),
        (Op::IssueJudge, ["O", "O", "O"], ["F", "F", "F"]),
        (Op::ManageTokens, ["O", "O", "O"], ["F", "F", "F"]),
        (Op::RotateOrganizer, ["O", "O", "O"], ["F", "F", "F"]),
        (Op::RecoverOrganizer, ["X", "X", "X"], ["F", "F", "F"]),
        (Op::Delete, ["XO", "XO", "XO"], ["F", "F", "F"]),
        (Op::Remove, ["O", "O", ""], ["F", "F", "D"]),
        (Op::Correct, ["O", "O", ""], ["F", "F", "D"]),
        (Op::Withdraw, ["P", "", ""], ["F", "L", "D"]),
        (Op::VoidCheck, ["OJ", "OJ", ""], ["F", "F", "D"]),
    ];

    fn letter(a: Actor) -> char {
        match a {
            Actor::Operator => 'X',
            Actor::Organizer => 'O',
            Actor::Judge => 'J',
            Actor::Player => 'P',
            Actor::Public => 'U',
        }
    }

    /// What everyone else is told, as `decide` says it, for an actor it refuses.
    fn refusal_letter(r: Refusal) -> &'static str {
        match r {
            Refusal::Forbidden { .. } => "F",
            Refusal::Locked { .. } => "L",
            Refusal::Published { .. } => "D",
            Refusal::NotLocked => "N",
            Refusal::NotPublished => "0",
        }
    }

    #[test]
    fn every_operation_by_every_actor_in_every_phase_is_decided_as_the_specification_says() {
        assert_eq!(SPEC.len(), Op::ALL.len());
        for op in Op::ALL {
            let (_, allowed, refused) = SPEC.iter().find(|(o, ..)| *o == op).unwrap();
            for (i, kind) in PhaseKind::ALL.into_iter().enumerate() {
                for actor in Actor::ALL {
                    let got = decide(op, actor, phase(kind));
                    let may = allowed[i].contains(letter(actor));
                    assert_eq!(got.is_ok(), may, "{op:?} by {actor:?} when {kind:?}");
                    let Err(refusal) = got else { continue };
                    // An actor who may never do it, or who is not among those who may now, is
                    // forbidden; the others get the phase's answer.
                    let ever = allowed.iter().any(|a| a.contains(letter(actor)));
                    let expected = if !ever || !allowed[i].is_empty() {
                        "F"
                    } else {
                        refused[i]
                    };
                    assert_eq!(
                        refusal_letter(refusal),
                        expected,
                        "{op:?} by {actor:?} when {kind:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn the_table_has_one_row_per_operation_and_its_tokens_are_its_roles() {
        for op in Op::ALL {
            assert_eq!(TABLE.iter().filter(|r| r.op == op).count(), 1, "{op:?}");
            let row = op.row();
            let mut roles: Vec<Role> = PhaseKind::ALL
                .iter()
                .flat_map(|k| row.who(*k))
                .filter_map(|a| a.role())
                .collect();
            roles.sort_by_key(|r| *r as u8);
            roles.dedup();
            let mut tokens = row.tokens.to_vec();
            tokens.sort_by_key(|r| *r as u8);
            assert_eq!(tokens, roles, "{op:?}");
        }
    }

    #[test]
    fn an_organizer_amending_after_the_lock_is_told_a_judge_may() {
        assert_eq!(
            decide(Op::Amend, Actor::Organizer, phase(PhaseKind::Locked)),
            Err(Refusal::Forbidden { needed: &[J] })
        );
        assert_eq!(
            decide(Op::Resubmit, Actor::Judge, Phase::Open),
            Err(Refusal::Forbidden { needed: &[P] })
        );
        assert_eq!(
            decide(Op::Resubmit, Actor::Player, phase(PhaseKind::Locked)),
            Err(Refusal::Locked { since: at(10) })
        );
    }

    #[test]
    fn the_phase_comes_from_the_deadline_the_lock_and_publishing() {
        let open = Milestones::default();
        assert_eq!(open.phase(at(0)), Phase::Open);
        let deadline = Milestones {
            locks_at: Some(at(50)),
            ..open
        };
        assert_eq!(deadline.phase(at(49)), Phase::Open);
        assert_eq!(deadline.phase(at(50)), Phase::Locked { since: at(50) });
        let locked_early = Milestones {
            locked_at: Some(at(30)),
            ..deadline
        };
        assert_eq!(locked_early.phase(at(40)), Phase::Locked { since: at(30) });
        assert_eq!(locked_early.phase(at(60)), Phase::Locked { since: at(30) });
        let locked_late = Milestones {
            locked_at: Some(at(70)),
            ..deadline
        };
        assert_eq!(locked_late.phase(at(80)), Phase::Locked { since: at(50) });
        let published = Milestones {
            published_at: Some(at(90)),
            ..locked_late
        };
        assert_eq!(published.phase(at(95)), Phase::Published { at: at(90) });
    }
}

/// The property test: random sequences of operations by random actors, applied to a model of an
/// event only where [`decide`] allows them, keep the invariants the regulations ask for.
#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;

    #[derive(Debug, Clone, PartialEq)]
    struct Version {
        by: Actor,
        reason: Option<String>,
        list: u8,
    }

    #[derive(Debug, Clone, Default, PartialEq)]
    struct Model {
        clock: Milestones,
        lists: Vec<Vec<Version>>,
        checks: usize,
        published: Option<Vec<u8>>,
    }

    #[derive(Debug, Clone)]
    enum Step {
        Wait(i64),
        Do {
            op: Op,
            actor: Actor,
            player: usize,
            list: u8,
            reason: bool,
        },
        SetDeadline(i64),
    }

    fn step() -> impl Strategy<Value = Step> {
        prop_oneof![
            (1i64..20).prop_map(Step::Wait),
            (1i64..40).prop_map(Step::SetDeadline),
            (
                prop::sample::select(Op::ALL.to_vec()),
                prop::sample::select(Actor::ALL.to_vec()),
                0usize..4,
                0u8..8,
                any::<bool>()
            )
                .prop_map(|(op, actor, player, list, reason)| Step::Do {
                    op,
                    actor,
                    player,
                    list,
                    reason
                }),
        ]
    }

    impl Model {
        /// Applies one step where it is allowed; `false` when it was refused.
        fn apply(&mut self, now: Timestamp, step: &Step) -> bool {
            let (op, actor, player, list, reason) = match step {
                Step::Wait(_) => return true,
                Step::SetDeadline(s) => (Op::Configure, Actor::Organizer, 0, *s as u8, false),
                Step::Do {
                    op,
                    actor,
                    player,
                    list,
                    reason,
                } => (*op, *actor, *player, *list, *reason),
            };
            let phase = self.clock.phase(now);
            if decide(op, actor, phase).is_err() {
                return false;
            }
            // A staff member's change needs a reason (the store refuses a blank one).
            let needs_reason = matches!(op, Op::Amend | Op::Resolve);
            if needs_reason && !reason {
                return false;
            }
            let version = Version {
                by: actor,
                reason: needs_reason.then(|| "noted".to_string()),
                list,
            };
            match op {
                Op::Register => self.lists.push(vec![version]),
                Op::Resubmit | Op::Amend | Op::Resolve => match self.lists.get_mut(player) {
                    Some(versions) => versions.push(version),
                    None => return false,
                },
                Op::Configure => {
                    if let Step::SetDeadline(s) = step {
                        self.clock.locks_at =
                            Some(Timestamp::from_second(now.as_second() + s).unwrap());
                    }
                }
                Op::Lock => {
                    self.clock.locked_at.get_or_insert(now);
                }
                Op::DeckCheck | Op::Pick => self.checks += 1,
                Op::Publish => {
                    self.published = Some(
                        self.lists
                            .iter()
                            .map(|v| v.last().map_or(0, |v| v.list))
                            .collect(),
                    );
                    self.clock.published_at = Some(now);
                }
                _ => {}
            }
            true
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        #[test]
        fn random_operations_by_random_actors_keep_the_event_s_invariants(
            steps in prop::collection::vec(step(), 1..80)
        ) {
            let mut model = Model::default();
            let mut now = Timestamp::from_second(1_780_000_000).unwrap();
            for step in &steps {
                if let Step::Wait(s) = step {
                    now = Timestamp::from_second(now.as_second() + s).unwrap();
                }
                let before = model.clone();
                let phase = before.clock.phase(now);
                let applied = model.apply(now, step);
                // A refused step changes nothing.
                if !applied {
                    prop_assert_eq!(&model, &before);
                }
                // Every version is kept: what was there is a prefix of what is there.
                prop_assert!(model.lists.len() >= before.lists.len());
                for (old, new) in before.lists.iter().zip(&model.lists) {
                    prop_assert_eq!(old.as_slice(), &new[..old.len()]);
                }
                // Counts agree: one registration more at most, one version more at most.
                let versions = |m: &Model| m.lists.iter().map(Vec::len).sum::<usize>();
                prop_assert!(versions(&model) - versions(&before) <= 1);
                match phase {
                    Phase::Open => {}
                    // After the lock: no registration, and a new version only by a judge with a
                    // reason.
                    Phase::Locked { .. } => {
                        prop_assert_eq!(model.lists.len(), before.lists.len());
                        for (old, new) in before.lists.iter().zip(&model.lists) {
                            for v in &new[old.len()..] {
                                prop_assert_eq!(v.by, Actor::Judge);
                                prop_assert!(v.reason.is_some());
                            }
                        }
                    }
                    // After publishing nothing changes, and the phase never goes back.
                    Phase::Published { .. } => {
                        prop_assert_eq!(&model, &before);
                    }
                }
                prop_assert!(model.clock.phase(now).kind() as u8 >= phase.kind() as u8);
                if let Some(published) = &model.published {
                    prop_assert_eq!(published.len(), model.lists.len());
                }
            }
        }
    }
}
