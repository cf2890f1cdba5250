//! Limits on the event routes anyone may call, per client, so that no client can block
//! another (issue 27, items 2 and 3): looking an event code up, registering, guessing codes,
//! creating events. Each is a budget of its own, counted per client with `governor`'s GCRA
//! (a burst of the budget at once, then refilled evenly), so a client that floods lookups has
//! spent its lookups only, and a player registering from another address is never refused
//! for it.
//!
//! A client is its peer address; when the peer is a proxy the operator trusts
//! (`DECKCHECK_TRUSTED_PROXIES`), the address that proxy forwarded (`X-Forwarded-For`, read
//! from the right past every trusted proxy). An IPv6 client is its /64, the block one machine
//! or home is given. A client whose budget has refilled is forgotten (swept at most every
//! [`SWEEP_EVERY`]): memory holds only the clients of the last refill period.
//!
//! Creating events is open (a budget per client and a cap per day for all) unless the operator
//! sets a key (`DECKCHECK_CREATE_KEY`); then only a request carrying it creates one.

use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::num::NonZeroU32;
use std::sync::Mutex;
use std::time::Duration;

use actix_web::HttpRequest;
use governor::clock::{Clock, DefaultClock, Reference};
use governor::middleware::NoOpMiddleware;
use governor::state::keyed::DefaultKeyedStateStore;
use governor::state::{InMemoryState, NotKeyed};
use governor::{Quota, RateLimiter};
use ipnet::IpNet;
use secrecy::{ExposeSecret, SecretString};

use deckcheck_core::RequestError;
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
    /// `POST /v1/events/code/{code}/players`.
    Registration,
    /// A code that names no event (guessing codes is slow).
    UnknownCode,
    /// `POST /v1/events` while creation is open.
    Creation,
}

impl Spend {
    /// The limit's name in the metrics (`deckcheck_rate_limited_total{kind}`).
    pub fn kind(self) -> &'static str {
        match self {
            Self::Lookup => "lookup",
            Self::Registration => "registration",
            Self::UnknownCode => "unknown-code",
            Self::Creation => "creation",
        }
    }
}

/// Lookups of codes that name no event, per client and minute.
const UNKNOWN_CODES_PER_MINUTE: u32 = 30;
/// How often clients whose budgets have refilled are forgotten.
pub const SWEEP_EVERY: Duration = Duration::from_secs(10);

type Keyed<C> =
    RateLimiter<Client, DefaultKeyedStateStore<Client>, C, NoOpMiddleware<<C as Clock>::Instant>>;
type Direct<C> = RateLimiter<NotKeyed, InMemoryState, C, NoOpMiddleware<<C as Clock>::Instant>>;

/// Every limit of the event routes (one per service; see the module).
pub struct Limits<C: Clock = DefaultClock> {
    lookups: Keyed<C>,
    registrations: Keyed<C>,
    unknown_codes: Keyed<C>,
    creations: Keyed<C>,
    /// Events created today by everyone, while creation is open.
    created: Direct<C>,
    daily_cap: u32,
    proxies: Vec<IpNet>,
    create_key: Option<SecretString>,
    clock: C,
    swept: Mutex<C::Instant>,
}

/// A budget of `n` a period: `n` at once, then one every period / `n`.
fn quota(n: u32, period: Duration) -> Quota {
    let n = NonZeroU32::new(n).unwrap_or(NonZeroU32::MIN);
    Quota::with_period(period / n.get())
        .unwrap_or_else(|| Quota::per_second(NonZeroU32::MAX))
        .allow_burst(n)
}

const MINUTE: Duration = Duration::from_secs(60);
const HOUR: Duration = Duration::from_secs(3600);
const DAY: Duration = Duration::from_secs(86_400);

impl Limits {
    pub fn new(settings: &Settings) -> Self {
        if settings.create_key.is_none() && !settings.addr.ip().is_loopback() {
            tracing::warn!(
                per_client_per_hour = settings.create_rate,
                per_day = settings.create_daily_cap,
                "anyone who reaches this service may create events (within the limits); set DECKCHECK_CREATE_KEY to keep creation to those given the key"
            );
        }
        Self::with_clock(settings, DefaultClock::default())
    }
}

impl<C: Clock + Clone> Limits<C> {
    /// The limits the settings give, on `clock` (a test's fake one).
    pub fn with_clock(settings: &Settings, clock: C) -> Self {
        let keyed = |n, period| Keyed::new(quota(n, period), Default::default(), clock.clone());
        Self {
            lookups: keyed(settings.lookup_rate, MINUTE),
            registrations: keyed(settings.registration_rate, MINUTE),
            unknown_codes: keyed(UNKNOWN_CODES_PER_MINUTE, MINUTE),
            creations: keyed(settings.create_rate, HOUR),
            created: Direct::direct_with_clock(
                quota(settings.create_daily_cap, DAY),
                clock.clone(),
            ),
            daily_cap: settings.create_daily_cap,
            proxies: settings.trusted_proxies.clone(),
            create_key: settings.create_key.clone(),
            swept: Mutex::new(clock.now()),
            clock,
        }
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

    /// Spends one of the client's `spend`; past its budget, a 429 with how long to wait.
    pub fn spend(&self, spend: Spend, client: Client) -> Result<(), RequestError> {
        self.sweep();
        let (limiter, what) = match spend {
            Spend::Lookup => (&self.lookups, "lookups of event codes"),
            Spend::Registration => (&self.registrations, "registrations"),
            Spend::UnknownCode => (&self.unknown_codes, "lookups of unknown event codes"),
            Spend::Creation => (&self.creations, "new events"),
        };
        limiter.check_key(&client).map_err(|not_until| {
            crate::metrics::rate_limited(spend.kind());
            let wait = seconds(not_until.wait_time_from(self.clock.now()));
            let field = if spend == Spend::Creation {
                "body"
            } else {
                "code"
            };
            RequestError::too_many(
                field,
                format!("too many {what} from {client}; retry in {wait} s"),
                wait,
            )
        })
    }

    /// With an operator key set, whether the request carries it (a 401 without it); without
    /// one, anyone may go on.
    pub fn operator_key(&self, bearer: Option<&str>) -> Result<(), RequestError> {
        let Some(key) = &self.create_key else {
            return Ok(());
        };
        let given = bearer.unwrap_or("").as_bytes();
        if bool::from(given.ct_eq(key.expose_secret().as_bytes())) {
            return Ok(());
        }
        Err(RequestError::unauthorized(
            "this service creates events only with its operator's key: send \
             `Authorization: Bearer <key>` (DECKCHECK_CREATE_KEY)",
            deckcheck_store::EVENTS_REALM,
        ))
    }

    /// Counts an event about to be created: while creation is open, within the client's
    /// budget and the day's cap (a 429 past either); with an operator key, nothing is counted.
    /// Spent only by a request that would create one, so a refused body costs nothing.
    pub fn spend_creation(&self, client: Client) -> Result<(), RequestError> {
        if self.create_key.is_some() {
            return Ok(());
        }
        self.spend(Spend::Creation, client)?;
        self.created.check().map_err(|not_until| {
            crate::metrics::rate_limited("daily-cap");
            let wait = seconds(not_until.wait_time_from(self.clock.now()));
            RequestError::too_many(
                "body",
                format!(
                    "this service creates at most {} events a day (DECKCHECK_CREATE_DAILY_CAP) \
                     and has reached it; retry in {wait} s",
                    self.daily_cap
                ),
                wait,
            )
        })
    }

    /// Forgets clients whose budgets have refilled, at most every [`SWEEP_EVERY`]; a request
    /// that finds another sweeping goes on.
    fn sweep(&self) {
        let Ok(mut swept) = self.swept.try_lock() else {
            return;
        };
        let now = self.clock.now();
        if Duration::from(now.duration_since(*swept)) < SWEEP_EVERY {
            return;
        }
        *swept = now;
        for limiter in [
            &self.lookups,
            &self.registrations,
            &self.unknown_codes,
            &self.creations,
        ] {
            limiter.retain_recent();
            limiter.shrink_to_fit();
        }
    }

    /// Clients remembered now, over every budget.
    pub fn clients(&self) -> usize {
        self.lookups.len()
            + self.registrations.len()
            + self.unknown_codes.len()
            + self.creations.len()
    }
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

    #[test]
    fn a_client_past_its_lookups_is_refused_and_told_when_to_retry() {
        let (limits, clock) = limits(&["--lookup-rate", "3"]);
        let a = from("127.0.0.2");
        for _ in 0..3 {
            limits.spend(Spend::Lookup, a).unwrap();
        }
        let e = limits.spend(Spend::Lookup, a).unwrap_err();
        assert_eq!(e.code, deckcheck_core::ErrorCode::TooManyAttempts);
        assert_eq!(e.retry_after(), Some(20), "one lookup back every 20 s");
        clock.advance(Duration::from_secs(20));
        limits.spend(Spend::Lookup, a).unwrap();
    }

    #[test]
    fn lookups_and_registrations_are_separate_budgets_of_each_client() {
        let (limits, _) = limits(&["--lookup-rate", "2", "--registration-rate", "2"]);
        let (a, b) = (from("127.0.0.2"), from("127.0.0.3"));
        for _ in 0..2 {
            limits.spend(Spend::Lookup, a).unwrap();
        }
        assert!(limits.spend(Spend::Lookup, a).is_err());
        limits.spend(Spend::Registration, a).unwrap();
        limits.spend(Spend::Lookup, b).unwrap();
        limits.spend(Spend::Registration, b).unwrap();
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
        for i in 0..5000u32 {
            let ip = IpAddr::V4(std::net::Ipv4Addr::from(0x0a00_0000 + i));
            limits.spend(Spend::Lookup, Client::of(ip)).unwrap();
        }
        assert_eq!(limits.clients(), 5000);
        // A lookup refills in a second; the sweep runs at most every 10 s.
        clock.advance(SWEEP_EVERY);
        limits.spend(Spend::Lookup, from("127.0.0.2")).unwrap();
        assert_eq!(limits.clients(), 1, "only the client seen last is kept");
    }

    #[test]
    fn open_creation_is_limited_per_client_and_per_day() {
        let (limits, clock) = limits(&["--create-rate", "2", "--create-daily-cap", "3"]);
        let a = limits.client(&peer("127.0.0.2").to_http_request());
        let b = limits.client(&peer("127.0.0.3").to_http_request());
        limits.operator_key(None).unwrap();
        limits.spend_creation(a).unwrap();
        limits.spend_creation(a).unwrap();
        let e = limits.spend_creation(a).unwrap_err();
        assert!(
            e.message.contains("new events from 127.0.0.2"),
            "{}",
            e.message
        );
        limits.spend_creation(b).unwrap();
        let e = limits.spend_creation(b).unwrap_err();
        assert!(
            e.message.contains("at most 3 events a day"),
            "{}",
            e.message
        );
        assert_eq!(e.retry_after(), Some(28_800));
        clock.advance(Duration::from_secs(8 * 3600));
        limits.spend_creation(b).unwrap();
    }

    #[test]
    fn with_an_operator_key_only_requests_carrying_it_create_events() {
        let (limits, _) = limits(&["--create-key", "s3cret-key", "--create-rate", "1"]);
        let a = limits.client(&peer("127.0.0.2").to_http_request());
        for given in [None, Some("s3cret-kez"), Some("s3cret"), Some("")] {
            let e = limits.operator_key(given).unwrap_err();
            assert_eq!(e.code, deckcheck_core::ErrorCode::Unauthorized);
        }
        limits.operator_key(Some("s3cret-key")).unwrap();
        for _ in 0..3 {
            limits.spend_creation(a).unwrap();
        }
    }
}
