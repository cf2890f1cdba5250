//! Limits on the event routes anyone may call, per client, so that no client can block
//! another and a stranger cannot flood them (issue 27 items 2 and 3, issue 35 items 4 and 5):
//! looking an event code up, guessing codes, creating events. Each is a budget of its own,
//! counted per client with GCRA (a burst of the budget at once, then refilled evenly), so a
//! client that floods lookups has spent its lookups only.
//!
//! Registering with a valid code is bounded by the event (its size cap, each player's budget of
//! lists: the store), not by the address: a venue's 300 players behind one address all get in.
//! An unknown code costs the address a try of its own budget.
//!
//! Where the budgets are kept: on SQLite (one process) in memory, with `governor`; on
//! PostgreSQL, where several replicas serve, in the database (the store's budgets: one row per
//! budget and client, updated in one statement), so two replicas give a client its budget once.
//!
//! A client is its peer address; when the peer is a proxy the operator trusts
//! (`DECKCHECK_TRUSTED_PROXIES`), the address that proxy forwarded (`X-Forwarded-For`, read
//! from the right past every trusted proxy). An IPv6 client is its /64, the block one machine
//! or home is given. A client whose budget has refilled is forgotten (swept at most every
//! [`SWEEP_EVERY`]; the store's rows by its periodic purge).
//!
//! Creating events: the operator issues organizer keys (one per organizer, listed and revoked
//! with the admin token); a request carrying a live one creates events within that key's own
//! budget, never refused by what strangers spent. Without a key, creation is open (a budget per
//! client, a cap per client and day, and a cap per day for all) unless the operator set
//! `DECKCHECK_CREATE_KEY`, which closes it to keys (that one shared key still works).

use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Mutex;
use std::time::Duration;

use actix_web::HttpRequest;
use governor::clock::{Clock, DefaultClock, Reference};
use governor::middleware::NoOpMiddleware;
use governor::state::keyed::DefaultKeyedStateStore;
use governor::{Quota, RateLimiter};
use ipnet::IpNet;
use secrecy::{ExposeSecret, SecretString};

use deckcheck_core::RequestError;
use deckcheck_store::{Budget, Budgets, OrganizerKey, Store};
use subtle::ConstantTimeEq;

use crate::settings::Settings;

/// Who a request comes from, as far as limits go: an address (an IPv6 one cut to its /64).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Client(IpAddr);

impl Client {
    fn of(ip: IpAddr) -> Self {
        match ip.to_canonical() {
            IpAddr::V6(v6) => {
                let [a, b, c, d, ..] = v6.segments();
                Self(IpAddr::V6(Ipv6Addr::new(a, b, c, d, 0, 0, 0, 0)))
            }
            v4 => Self(v4),
        }
    }
}

impl std::fmt::Display for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            IpAddr::V6(v6) => write!(f, "{v6}/64"),
            v4 => write!(f, "{v4}"),
        }
    }
}

/// What a request spends.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Spend {
    /// `GET /v1/events/code/{code}`.
    Lookup,
    /// A code that names no event (guessing codes is slow).
    UnknownCode,
    /// `POST /v1/events` without a key while creation is open: per client and hour.
    Creation,
    /// The same, per client and day.
    ClientDailyCap,
    /// The same, for everyone together, per day.
    DailyCap,
    /// `POST /v1/events` with an organizer key: that key's own budget per hour.
    OrganizerKey,
}

impl Spend {
    /// Every budget, in the order of `docs/operations.md`.
    pub const ALL: [Spend; 6] = [
        Self::Lookup,
        Self::UnknownCode,
        Self::Creation,
        Self::ClientDailyCap,
        Self::DailyCap,
        Self::OrganizerKey,
    ];

    /// The limit's name in the metrics (`deckcheck_rate_limited_total{kind}`) and in the
    /// store's budget keys.
    pub fn kind(self) -> &'static str {
        match self {
            Self::Lookup => "lookup",
            Self::UnknownCode => "unknown-code",
            Self::Creation => "creation",
            Self::ClientDailyCap => "client-daily-cap",
            Self::DailyCap => "daily-cap",
            Self::OrganizerKey => "organizer-key",
        }
    }

    /// What a client is told it sent too many of.
    fn what(self) -> &'static str {
        match self {
            Self::Lookup => "lookups of event codes",
            Self::UnknownCode => "lookups of unknown event codes",
            Self::Creation | Self::ClientDailyCap | Self::DailyCap | Self::OrganizerKey => {
                "new events"
            }
        }
    }
}

/// Lookups of codes that name no event, per client and minute.
const UNKNOWN_CODES_PER_MINUTE: u32 = 30;
/// Events one client may create in a day while creation is open (besides its hourly budget):
/// a stranger takes 20 of the day's cap at most.
pub const CLIENT_DAILY_CAP: u32 = 20;
/// Events one organizer key may create in an hour: a league's season at once, and a stolen key
/// stopped (then revoked) before it fills the store.
pub const KEY_EVENTS_PER_HOUR: u32 = 100;
/// How often clients whose budgets have refilled are forgotten.
pub const SWEEP_EVERY: Duration = Duration::from_secs(10);

type Keyed<C> =
    RateLimiter<String, DefaultKeyedStateStore<String>, C, NoOpMiddleware<<C as Clock>::Instant>>;

/// Where the budgets are kept.
enum Kept<C: Clock> {
    /// In this process (SQLite: one process), one limiter per budget.
    Here {
        limiters: Vec<(Spend, Keyed<C>)>,
        clock: C,
        swept: Mutex<C::Instant>,
    },
    /// In the database every replica shares (PostgreSQL).
    Shared(Budgets),
}

/// Who creates an event.
#[derive(Debug, Clone)]
pub enum Creator {
    /// A client without a key, while creation is open.
    Stranger(Client),
    /// An organizer key the operator issued.
    Key(OrganizerKey),
    /// The operator's one shared key (`DECKCHECK_CREATE_KEY`).
    SharedKey,
}

impl Creator {
    /// The organizer key's id, when one creates.
    pub fn key_id(&self) -> Option<&str> {
        match self {
            Self::Key(k) => Some(&k.id),
            _ => None,
        }
    }
}

/// Every limit of the event routes (one per service; see the module).
pub struct Limits<C: Clock = DefaultClock> {
    kept: Kept<C>,
    budgets: Vec<(Spend, Budget)>,
    daily_cap: u32,
    proxies: Vec<IpNet>,
    create_key: Option<SecretString>,
}

/// A budget of `n` a period: `n` at once, then one every period / `n`.
fn quota(budget: Budget) -> Quota {
    let n = NonZeroU32::new(budget.burst).unwrap_or(NonZeroU32::MIN);
    Quota::with_period(budget.period / n.get())
        .unwrap_or_else(|| Quota::per_second(NonZeroU32::MAX))
        .allow_burst(n)
}

const MINUTE: Duration = Duration::from_secs(60);
const HOUR: Duration = Duration::from_secs(3600);
const DAY: Duration = Duration::from_secs(86_400);

/// Each budget as the settings give it.
fn budgets(settings: &Settings) -> Vec<(Spend, Budget)> {
    let budget = |burst, period| Budget { burst, period };
    Spend::ALL
        .into_iter()
        .map(|spend| {
            let b = match spend {
                Spend::Lookup => budget(settings.lookup_rate, MINUTE),
                Spend::UnknownCode => budget(UNKNOWN_CODES_PER_MINUTE, MINUTE),
                Spend::Creation => budget(settings.create_rate, HOUR),
                Spend::ClientDailyCap => budget(CLIENT_DAILY_CAP, DAY),
                Spend::DailyCap => budget(settings.create_daily_cap, DAY),
                Spend::OrganizerKey => budget(KEY_EVENTS_PER_HOUR, HOUR),
            };
            (spend, b)
        })
        .collect()
}

impl Limits {
    /// The limits the settings give: in the database every replica shares when `shared` is
    /// given (PostgreSQL), else in this process.
    pub fn new(settings: &Settings, shared: Option<Budgets>) -> Self {
        if settings.create_key.is_none() && !settings.addr.ip().is_loopback() {
            tracing::warn!(
                per_client_per_hour = settings.create_rate,
                per_client_per_day = CLIENT_DAILY_CAP,
                per_day = settings.create_daily_cap,
                "anyone who reaches this service may create events (within the limits); issue organizer keys (POST /v1/admin/organizer-keys/issue) and set DECKCHECK_CREATE_KEY to keep creation to them"
            );
        }
        match shared {
            Some(budgets) => Self::with(settings, Kept::Shared(budgets)),
            None => Self::with_clock(settings, DefaultClock::default()),
        }
    }
}

impl<C: Clock + Clone> Limits<C> {
    /// The limits the settings give, kept in this process on `clock` (a test's fake one).
    pub fn with_clock(settings: &Settings, clock: C) -> Self {
        let limiters = budgets(settings)
            .into_iter()
            .map(|(spend, budget)| {
                (
                    spend,
                    Keyed::new(quota(budget), Default::default(), clock.clone()),
                )
            })
            .collect();
        Self::with(
            settings,
            Kept::Here {
                limiters,
                swept: Mutex::new(clock.now()),
                clock,
            },
        )
    }

    fn with(settings: &Settings, kept: Kept<C>) -> Self {
        Self {
            kept,
            budgets: budgets(settings),
            daily_cap: settings.create_daily_cap,
            proxies: settings.trusted_proxies.clone(),
            create_key: settings.create_key.clone(),
        }
    }

    /// Whether the budgets are kept in the database (several replicas).
    pub fn shared(&self) -> bool {
        matches!(self.kept, Kept::Shared(_))
    }

    /// The client a request comes from (see the module).
    pub fn client(&self, req: &HttpRequest) -> Client {
        let peer = req
            .peer_addr()
            .map_or(IpAddr::V4(std::net::Ipv4Addr::UNSPECIFIED), |a| a.ip());
        let forwarded = req
            .headers()
            .get_all("x-forwarded-for")
            .filter_map(|v| v.to_str().ok());
        Client::of(self.forwarded_client(peer, forwarded))
    }

    /// The peer, or, when the peer is a trusted proxy, the address it says it forwarded: the
    /// rightmost address of `X-Forwarded-For` that is not a trusted proxy itself (the ones to
    /// its left are whatever the client wrote).
    fn forwarded_client<'a>(&self, peer: IpAddr, headers: impl Iterator<Item = &'a str>) -> IpAddr {
        let trusted = |ip: &IpAddr| self.proxies.iter().any(|net| net.contains(ip));
        if !trusted(&peer.to_canonical()) {
            return peer;
        }
        let hops: Vec<IpAddr> = headers
            .flat_map(|h| h.split(','))
            .filter_map(|hop| {
                let hop = hop.trim();
                hop.parse::<IpAddr>()
                    .or_else(|_| hop.parse::<SocketAddr>().map(|s| s.ip()))
                    .ok()
            })
            .map(|ip| ip.to_canonical())
            .collect();
        hops.iter()
            .rev()
            .find(|ip| !trusted(ip))
            .or(hops.first())
            .copied()
            .unwrap_or(peer)
    }

    fn budget(&self, spend: Spend) -> Budget {
        self.budgets
            .iter()
            .find(|(s, _)| *s == spend)
            .map(|(_, b)| *b)
            .unwrap_or_else(|| unreachable!("every budget is made (Spend::ALL)"))
    }

    /// Spends one of `who`'s `spend` (a client, an organizer key's id, `all`); past its budget,
    /// how long until one is back. A store that cannot answer lets the request go (a limit is
    /// no reason to refuse a player when the database hiccups; the write itself will say).
    async fn take(&self, spend: Spend, who: &str) -> Option<Duration> {
        match &self.kept {
            Kept::Here {
                limiters,
                clock,
                swept,
            } => {
                self.sweep(limiters, clock, swept);
                let limiter = limiters
                    .iter()
                    .find(|(s, _)| *s == spend)
                    .map(|(_, l)| l)
                    .unwrap_or_else(|| unreachable!("every budget is made (Spend::ALL)"));
                limiter
                    .check_key(&who.to_string())
                    .err()
                    .map(|not_until| not_until.wait_time_from(clock.now()))
            }
            Kept::Shared(budgets) => {
                let key = format!("{}:{who}", spend.kind());
                match budgets
                    .spend(&key, self.budget(spend), jiff::Timestamp::now())
                    .await
                {
                    Ok(wait) => wait,
                    Err(e) => {
                        tracing::error!(error = %e, limit = spend.kind(), "a per-client budget could not be read; the request goes on");
                        None
                    }
                }
            }
        }
    }

    /// Spends one of the client's `spend`; past its budget, a 429 with how long to wait.
    pub async fn spend(&self, spend: Spend, client: Client) -> Result<(), RequestError> {
        match self.take(spend, &client.to_string()).await {
            None => Ok(()),
            Some(wait) => Err(too_many(
                spend,
                format!(
                    "too many {} from {client}; retry in {} s",
                    spend.what(),
                    seconds(wait)
                ),
                wait,
            )),
        }
    }

    /// Who creates an event: the organizer key or the shared key the request carries (a 401
    /// for one that is not, or is revoked), else a stranger while creation is open (a 401 when
    /// it is closed to keys).
    pub async fn creator(
        &self,
        store: &Store,
        bearer: Option<&str>,
        client: Client,
    ) -> Result<Creator, RequestError> {
        let refused = |why: &str| {
            RequestError::unauthorized(
                format!(
                    "{why}: send `Authorization: Bearer <key>` with an organizer key the operator issued"
                ),
                deckcheck_store::EVENTS_REALM,
            )
        };
        let Some(given) = bearer.filter(|b| !b.is_empty()) else {
            return match self.create_key {
                Some(_) => Err(refused("this service creates events only with a key")),
                None => Ok(Creator::Stranger(client)),
            };
        };
        if let Some(key) = &self.create_key
            && bool::from(given.as_bytes().ct_eq(key.expose_secret().as_bytes()))
        {
            return Ok(Creator::SharedKey);
        }
        match store.organizer_key(given).await {
            Ok(Some(key)) => Ok(Creator::Key(key)),
            Ok(None) => Err(refused("this key creates no events (unknown or revoked)")),
            Err(e) => Err(e.into()),
        }
    }

    /// Counts an event about to be created: a stranger within their hourly budget, their cap
    /// of the day and the day's cap for all (a 429 past any); an organizer key within its own
    /// hourly budget; the shared key, nothing. Spent only by a request that would create one,
    /// so a refused body costs nothing.
    pub async fn spend_creation(&self, creator: &Creator) -> Result<(), RequestError> {
        match creator {
            Creator::SharedKey => Ok(()),
            Creator::Key(key) => match self.take(Spend::OrganizerKey, &key.id).await {
                None => Ok(()),
                Some(wait) => Err(too_many(
                    Spend::OrganizerKey,
                    format!(
                        "the organizer key {} created {KEY_EVENTS_PER_HOUR} events within the hour, as many as a key may; retry in {} s",
                        key.id,
                        seconds(wait)
                    ),
                    wait,
                )),
            },
            Creator::Stranger(client) => {
                self.spend(Spend::Creation, *client).await?;
                if let Some(wait) = self.take(Spend::ClientDailyCap, &client.to_string()).await {
                    return Err(too_many(
                        Spend::ClientDailyCap,
                        format!(
                            "{client} created {CLIENT_DAILY_CAP} events today, as many as one address may without an organizer key; retry in {} s",
                            seconds(wait)
                        ),
                        wait,
                    ));
                }
                match self.take(Spend::DailyCap, "all").await {
                    None => Ok(()),
                    Some(wait) => Err(too_many(
                        Spend::DailyCap,
                        format!(
                            "this service creates at most {} events a day without an organizer key (DECKCHECK_CREATE_DAILY_CAP) and has reached it; organizers with a key are not held by it; retry in {} s",
                            self.daily_cap,
                            seconds(wait)
                        ),
                        wait,
                    )),
                }
            }
        }
    }

    /// Forgets clients whose budgets have refilled, at most every [`SWEEP_EVERY`]; a request
    /// that finds another sweeping goes on.
    fn sweep(&self, limiters: &[(Spend, Keyed<C>)], clock: &C, swept: &Mutex<C::Instant>) {
        let Ok(mut swept) = swept.try_lock() else {
            return;
        };
        let now = clock.now();
        if Duration::from(now.duration_since(*swept)) < SWEEP_EVERY {
            return;
        }
        *swept = now;
        for (_, limiter) in limiters {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }

    /// Clients remembered in this process now, over every budget.
    pub fn clients(&self) -> usize {
        match &self.kept {
            Kept::Here { limiters, .. } => limiters.iter().map(|(_, l)| l.len()).sum(),
            Kept::Shared(_) => 0,
        }
    }
}

/// A 429 of `spend`, counted in the metrics.
fn too_many(spend: Spend, message: String, wait: Duration) -> RequestError {
    crate::metrics::rate_limited(spend.kind());
    let field = match spend {
        Spend::Lookup | Spend::UnknownCode => "code",
        _ => "body",
    };
    RequestError::too_many(field, message, seconds(wait))
}

/// Whole seconds to wait, at least one (`Retry-After` takes whole seconds).
fn seconds(wait: Duration) -> u64 {
    wait.as_secs() + u64::from(wait.subsec_nanos() > 0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use actix_web::test::TestRequest;
    use governor::clock::FakeRelativeClock;

    fn limits(args: &[&str]) -> (Limits<FakeRelativeClock>, FakeRelativeClock) {
        let settings = Settings::parse_from(args.iter().copied()).unwrap();
        let clock = FakeRelativeClock::default();
        (Limits::with_clock(&settings, clock.clone()), clock)
    }

    fn from(ip: &str) -> Client {
        Client::of(ip.parse().unwrap())
    }

    fn peer(ip: &str) -> TestRequest {
        TestRequest::default().peer_addr(SocketAddr::new(ip.parse().unwrap(), 40_000))
    }

    fn run<T>(f: impl Future<Output = T>) -> T {
        actix_web::rt::System::new().block_on(f)
    }

    #[test]
    fn a_client_past_its_lookups_is_refused_and_told_when_to_retry() {
        let (limits, clock) = limits(&["--lookup-rate", "3"]);
        let a = from("127.0.0.2");
        run(async {
            for _ in 0..3 {
                limits.spend(Spend::Lookup, a).await.unwrap();
            }
            let e = limits.spend(Spend::Lookup, a).await.unwrap_err();
            assert_eq!(e.code, deckcheck_core::ErrorCode::TooManyAttempts);
            assert_eq!(e.retry_after(), Some(20), "one lookup back every 20 s");
            clock.advance(Duration::from_secs(20));
            limits.spend(Spend::Lookup, a).await.unwrap();
        });
    }

    #[test]
    fn lookups_and_unknown_codes_are_separate_budgets_of_each_client() {
        let (limits, _) = limits(&["--lookup-rate", "2"]);
        let (a, b) = (from("127.0.0.2"), from("127.0.0.3"));
        run(async {
            for _ in 0..2 {
                limits.spend(Spend::Lookup, a).await.unwrap();
            }
            assert!(limits.spend(Spend::Lookup, a).await.is_err());
            limits.spend(Spend::UnknownCode, a).await.unwrap();
            limits.spend(Spend::Lookup, b).await.unwrap();
        });
    }

    #[test]
    fn the_peer_is_the_client_unless_it_is_a_trusted_proxy() {
        let (open, _) = limits(&[]);
        let req = peer("127.0.0.2")
            .insert_header(("x-forwarded-for", "203.0.113.9"))
            .to_http_request();
        assert_eq!(
            open.client(&req),
            from("127.0.0.2"),
            "a forwarded address is not believed"
        );

        let (proxied, _) = limits(&["--trusted-proxies", "10.0.0.0/8,127.0.0.9"]);
        let via = |xff: &str| {
            proxied.client(
                &peer("127.0.0.9")
                    .insert_header(("x-forwarded-for", xff))
                    .to_http_request(),
            )
        };
        assert_eq!(via("203.0.113.9"), from("203.0.113.9"));
        assert_eq!(
            via("198.51.100.1, 203.0.113.9, 10.1.2.3"),
            from("203.0.113.9"),
            "the rightmost address no trusted proxy gave; what the client wrote on the left is not believed"
        );
        assert_eq!(via("203.0.113.9:4711"), from("203.0.113.9"));
        assert_eq!(
            via("garbage"),
            from("127.0.0.9"),
            "nothing readable: the proxy itself"
        );
        let untrusted_peer = peer("127.0.0.8")
            .insert_header(("x-forwarded-for", "203.0.113.9"))
            .to_http_request();
        assert_eq!(proxied.client(&untrusted_peer), from("127.0.0.8"));
    }

    #[test]
    fn an_ipv6_client_is_its_slash_64() {
        assert_eq!(from("2001:db8:1:2:aaaa::1"), from("2001:db8:1:2:bbbb::2"));
        assert_ne!(from("2001:db8:1:2::1"), from("2001:db8:1:3::1"));
        assert_eq!(from("::ffff:127.0.0.2"), from("127.0.0.2"));
    }

    #[test]
    fn clients_whose_budget_refilled_are_forgotten() {
        let (limits, clock) = limits(&["--lookup-rate", "60"]);
        run(async {
            for i in 0..5000u32 {
                let ip = IpAddr::V4(std::net::Ipv4Addr::from(0x0a00_0000 + i));
                limits.spend(Spend::Lookup, Client::of(ip)).await.unwrap();
            }
            assert_eq!(limits.clients(), 5000);
            // A lookup refills in a second; the sweep runs at most every 10 s.
            clock.advance(SWEEP_EVERY);
            limits
                .spend(Spend::Lookup, from("127.0.0.2"))
                .await
                .unwrap();
            assert_eq!(limits.clients(), 1, "only the client seen last is kept");
        });
    }

    #[test]
    fn open_creation_is_limited_per_client_per_client_and_day_and_per_day() {
        let (limits, clock) = limits(&["--create-rate", "2", "--create-daily-cap", "3"]);
        let a = Creator::Stranger(limits.client(&peer("127.0.0.2").to_http_request()));
        let b = Creator::Stranger(limits.client(&peer("127.0.0.3").to_http_request()));
        run(async {
            limits.spend_creation(&a).await.unwrap();
            limits.spend_creation(&a).await.unwrap();
            let e = limits.spend_creation(&a).await.unwrap_err();
            assert!(
                e.message.contains("new events from 127.0.0.2"),
                "{}",
                e.message
            );
            limits.spend_creation(&b).await.unwrap();
            let e = limits.spend_creation(&b).await.unwrap_err();
            assert!(
                e.message.contains("at most 3 events a day"),
                "{}",
                e.message
            );
            assert_eq!(e.retry_after(), Some(28_800));
            clock.advance(Duration::from_secs(8 * 3600));
            limits.spend_creation(&b).await.unwrap();
        });
    }

    #[test]
    fn one_address_creates_at_most_its_own_share_of_a_day() {
        let (limits, clock) = limits(&["--create-rate", "1000", "--create-daily-cap", "500"]);
        let a = Creator::Stranger(from("127.0.0.2"));
        run(async {
            for _ in 0..CLIENT_DAILY_CAP {
                limits.spend_creation(&a).await.unwrap();
            }
            let e = limits.spend_creation(&a).await.unwrap_err();
            assert!(
                e.message.contains("127.0.0.2 created 20 events today"),
                "{}",
                e.message
            );
            // Others still create: the address spent its own cap, not the day's.
            limits
                .spend_creation(&Creator::Stranger(from("127.0.0.3")))
                .await
                .unwrap();
            clock.advance(Duration::from_secs(86_400 / u64::from(CLIENT_DAILY_CAP)));
            limits.spend_creation(&a).await.unwrap();
        });
    }

    #[test]
    fn an_organizer_key_is_never_held_by_what_strangers_spent() {
        let (limits, _) = limits(&["--create-rate", "1", "--create-daily-cap", "1"]);
        run(async {
            limits
                .spend_creation(&Creator::Stranger(from("127.0.0.2")))
                .await
                .unwrap();
            assert!(
                limits
                    .spend_creation(&Creator::Stranger(from("127.0.0.3")))
                    .await
                    .is_err(),
                "the day's cap is spent"
            );
            let key = Creator::Key(OrganizerKey {
                id: "ok_1".into(),
                name: "Store A".into(),
                created_at: jiff::Timestamp::UNIX_EPOCH,
                revoked_at: None,
                events: 0,
            });
            for _ in 0..KEY_EVENTS_PER_HOUR {
                limits.spend_creation(&key).await.unwrap();
            }
            let e = limits.spend_creation(&key).await.unwrap_err();
            assert!(e.message.contains("organizer key ok_1"), "{}", e.message);
            limits.spend_creation(&Creator::SharedKey).await.unwrap();
        });
    }
}
