//! The event's invariants on the real store (issue 27, item 1): random sequences of operations
//! by random actors (the organizer, a judge, players with their tokens, the public, the
//! operator), against SQLite and PostgreSQL, with time moving on and deadlines set. After
//! every step: a refused step changed nothing; no list changed after the lock except by a
//! judge with a reason; nothing changed after publishing; every version is kept; the counts
//! agree with what is stored.

use std::collections::BTreeMap;

use deckcheck_store::{
    Access, Created, EventChanges, EventExport, IllegalLists, ListVersion, Op, Phase, Publish,
    Source, Store, StoreError,
};
use jiff::Timestamp;
use proptest::prelude::*;
use proptest::test_runner::{Config, TestCaseError, TestRunner};

use crate::helpers::*;

/// Lists the steps submit: legal, illegal (too many copies), unverified (an unknown card).
const LISTS: [&str; 5] = [
    "2 Luke",
    "1 Leia\n1 Han",
    "3 Vader",
    "1 Yoda",
    "2 Han\n2 Leia",
];

#[derive(Debug, Clone, Copy)]
enum Who {
    Operator,
    Organizer,
    Judge,
    Player(usize),
    Public,
}

#[derive(Debug, Clone)]
enum Step {
    Wait(i64),
    Act {
        op: Op,
        who: Who,
        player: usize,
        list: usize,
        reason: bool,
    },
}

const OPS: [Op; 9] = [
    Op::Register,
    Op::Resubmit,
    Op::Amend,
    Op::Resolve,
    Op::Configure,
    Op::Lock,
    Op::DeckCheck,
    Op::Pick,
    Op::Publish,
];

fn step() -> impl Strategy<Value = Step> {
    let who = prop_oneof![
        1 => Just(Who::Operator),
        2 => Just(Who::Organizer),
        3 => Just(Who::Judge),
        2 => (0usize..3).prop_map(Who::Player),
        1 => Just(Who::Public),
    ];
    prop_oneof![
        1 => (1i64..120).prop_map(Step::Wait),
        2 => Just(Step::Act {
            op: Op::Register,
            who: Who::Public,
            player: 0,
            list: 0,
            reason: false
        }),
        1 => (0..LISTS.len()).prop_map(|list| Step::Act {
            op: Op::Register,
            who: Who::Public,
            player: 0,
            list,
            reason: false
        }),
        8 => (
            prop::sample::select(OPS.to_vec()),
            who,
            0usize..3,
            0..LISTS.len(),
            prop::bool::weighted(0.8)
        )
            .prop_map(|(op, who, player, list, reason)| Step::Act {
                op,
                who,
                player,
                list,
                reason
            }),
    ]
}

struct Case<'a> {
    db: &'a Db,
    created: Created,
    judge: String,
    players: Vec<(String, String)>,
    now: Timestamp,
}

impl Case<'_> {
    fn store(&self) -> &Store {
        &self.db.store
    }

    fn token(&self, who: Who) -> Option<String> {
        match who {
            Who::Organizer => Some(self.created.organizer_token.clone()),
            Who::Judge => Some(self.judge.clone()),
            Who::Player(i) => self.players.get(i).map(|(_, t)| t.clone()),
            Who::Operator | Who::Public => None,
        }
    }

    /// Who acts, as the service would find out: the operator, or the token's holder.
    async fn access(&self, who: Who, op: Op) -> Result<Access, StoreError> {
        let id = &self.created.event.id;
        match who {
            Who::Operator => Ok(Access::operator(id)),
            _ => {
                self.store()
                    .authorize(id, self.token(who).as_deref(), op, self.now)
                    .await
            }
        }
    }

    /// Runs one operation; its error, if it was refused.
    async fn act(
        &mut self,
        op: Op,
        who: Who,
        player: usize,
        list: usize,
        reason: bool,
    ) -> Result<(), StoreError> {
        let game = toy();
        let text = crate::helpers::list(LISTS[list]);
        let again = !reason;
        let reason = if reason { "noted at the desk" } else { " " };
        let player_id = self
            .players
            .get(player)
            .map(|(id, _)| id.clone())
            .unwrap_or_default();
        match op {
            Op::Register => {
                if !matches!(who, Who::Public) {
                    return Err(StoreError::Unauthorized);
                }
                let n = self.players.len();
                let s = self
                    .store()
                    .register(
                        &game,
                        &self.created.event.registration_code,
                        &format!("P{n}"),
                        &format!("u{n}"),
                        &text,
                        self.now,
                    )
                    .await?;
                self.players.push((s.player.id, s.token.unwrap()));
            }
            Op::Resubmit => {
                let a = self.access(who, op).await?;
                self.store().resubmit(&game, &a, &text, self.now).await?;
            }
            Op::Amend => {
                let a = self.access(who, op).await?;
                self.store()
                    .amend(&game, &a, &player_id, &text, reason, self.now)
                    .await?;
            }
            Op::Resolve => {
                let a = self.access(who, op).await?;
                self.store()
                    .resolve(&a, &player_id, reason, self.now)
                    .await?;
            }
            Op::Configure => {
                let a = self.access(who, op).await?;
                let changes = EventChanges {
                    locks_at: Some(Some(
                        Timestamp::from_second(self.now.as_second() + 1 + list as i64 * 40)
                            .unwrap(),
                    )),
                    ..EventChanges::default()
                };
                self.store().configure(&a, changes, self.now).await?;
            }
            Op::Lock => {
                let a = self.access(who, op).await?;
                self.store().lock(&a, self.now).await?;
            }
            Op::DeckCheck => {
                let a = self.access(who, op).await?;
                // The version the judge was shown: the player's current one.
                let version = match self
                    .store()
                    .player(&Access::operator(&self.created.event.id), &player_id)
                    .await
                {
                    Ok(r) => r.registration.version,
                    Err(_) => 1,
                };
                self.store()
                    .deck_check(
                        &game,
                        &a,
                        &player_id,
                        version,
                        LISTS[list],
                        None,
                        0,
                        None,
                        self.now,
                    )
                    .await?;
            }
            Op::Pick => {
                let a = self.access(who, op).await?;
                self.store().pick(&a, Some(0.5), again, self.now).await?;
            }
            Op::Publish => {
                let a = self.access(who, op).await?;
                self.store()
                    .publish_lists(game.clone(), &a, Publish::All, self.now)
                    .await?;
            }
            _ => unreachable!("not generated"),
        }
        Ok(())
    }

    /// What is stored of the event, tokens aside (they are managed after publishing too).
    async fn snapshot(&self) -> EventExport {
        let mut export = self
            .store()
            .export(&Access::operator(&self.created.event.id))
            .await
            .unwrap();
        export.tokens.clear();
        export
    }
}

/// Each registration's versions, by its id.
fn by_id(export: &EventExport) -> BTreeMap<&str, &Vec<ListVersion>> {
    export
        .registrations
        .iter()
        .map(|r| (r.id.as_str(), &r.versions))
        .collect()
}

async fn run(db: &Db, pending: bool, steps: Vec<Step>) -> Result<(), TestCaseError> {
    let mut new = new_event("open");
    if pending {
        new.illegal_lists = Some(IllegalLists::Pending);
    }
    let created = db
        .store
        .create_event(toy().as_ref(), new, t(0))
        .await
        .unwrap();
    let judge = judge_token(db, &created, "Jo").await;
    let mut case = Case {
        db,
        created,
        judge,
        players: Vec::new(),
        now: t(1),
    };
    let mut before = case.snapshot().await;
    for step in steps {
        let (op, who, player, list, reason) = match step {
            Step::Wait(s) => {
                case.now = Timestamp::from_second(case.now.as_second() + s).unwrap();
                continue;
            }
            Step::Act {
                op,
                who,
                player,
                list,
                reason,
            } => (op, who, player, list, reason),
        };
        let phase = before.event.phase(case.now);
        let result = case.act(op, who, player, list, reason).await;
        let after = case.snapshot().await;
        match &result {
            Ok(()) => {}
            Err(StoreError::Unavailable { .. } | StoreError::Corrupt(_)) => {
                return Err(TestCaseError::fail(format!("{:?}", result)));
            }
            // A refused step changes nothing.
            Err(_) => prop_assert_eq!(&after, &before, "{:?} by {:?}: {:?}", op, who, result),
        }
        // Every version is kept: what was there is a prefix of what is there.
        let was = by_id(&before);
        let is = by_id(&after);
        prop_assert!(was.keys().all(|id| is.contains_key(id)));
        for (id, old) in &was {
            prop_assert_eq!(old.as_slice(), &is[id][..old.len()]);
        }
        match phase {
            Phase::Open => {}
            Phase::Locked { .. } => {
                prop_assert_eq!(is.len(), was.len());
                for (id, old) in &was {
                    for v in &is[id][old.len()..] {
                        prop_assert_eq!(v.source, Source::Judge, "{:?} by {:?}", op, who);
                        prop_assert!(v.reason.as_deref().is_some_and(|r| !r.trim().is_empty()));
                    }
                }
            }
            Phase::Published { .. } => prop_assert_eq!(&after, &before, "{:?} by {:?}", op, who),
        }
        // Counts agree with what is stored.
        let counts = case
            .store()
            .counts(&Access::operator(&case.created.event.id))
            .await
            .unwrap();
        let roster = case
            .store()
            .roster(&Access::operator(&case.created.event.id))
            .await
            .unwrap();
        prop_assert_eq!(counts.players as usize, after.registrations.len());
        prop_assert_eq!(counts.accepted + counts.pending, counts.players);
        prop_assert_eq!(
            counts.versions as usize,
            after
                .registrations
                .iter()
                .map(|r| r.versions.len())
                .sum::<usize>()
        );
        prop_assert_eq!(counts.checks as usize, after.deck_checks.len());
        prop_assert_eq!(counts.picks as usize, after.picks.len());
        for (r, e) in roster.iter().zip(&after.registrations) {
            let last = e.versions.last().unwrap();
            prop_assert_eq!(r.version as usize, e.versions.len());
            prop_assert_eq!((r.state, r.verdict), (last.state, last.verdict));
        }
        if after.event.published_at.is_some() {
            prop_assert_eq!(after.published.len(), after.registrations.len());
        }
        before = after;
    }
    Ok(())
}

#[test]
fn random_operations_by_random_actors_keep_the_event_s_invariants_on_every_backend() {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .unwrap();
    for db in runtime.block_on(every_backend()) {
        let cases = if db.name == "sqlite" { 96 } else { 32 };
        let mut runner = TestRunner::new(Config {
            cases,
            failure_persistence: None,
            ..Config::default()
        });
        let strategy = (any::<bool>(), prop::collection::vec(step(), 1..40));
        runner
            .run(&strategy, |(pending, steps)| {
                runtime.block_on(run(&db, pending, steps))
            })
            .unwrap_or_else(|e| panic!("{}: {e}", db.name));
        runtime.block_on(db.store.close());
    }
}
