//! Service configuration, from the environment (or the same names as `serve` flags). Each
//! setting, its default and its range are here, in `deckcheck serve --help` and in the README;
//! a value that cannot be used stops the start-up naming the variable and what it allows.
//!
//! Each game's catalog directory is read beside these: `DECKCHECK_CARDS` for Star Wars:
//! Unlimited, `DECKCHECK_<GAME>_CARDS` for the others (see [`crate::games`]).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use secrecy::SecretString;

/// How logs are written.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum LogFormat {
    /// One human-readable line per event.
    Text,
    /// One JSON object per event, for log collectors.
    Json,
}

/// Which requests get an access-log line.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum AccessLog {
    /// Server errors (5xx but 503, which have their own lines), at warn level: nothing per
    /// request in normal operation, so logging costs no throughput. Requests slower than a
    /// second are summed up in one info line a minute at most.
    Errors,
    /// One short line per request (method, path, status, time, request id), at info level.
    All,
    /// None.
    Off,
}

/// Who may read `/metrics`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
pub enum MetricsAuth {
    /// Anyone who reaches its address (keep that address internal).
    None,
    /// Only with `Authorization: Bearer <DECKCHECK_ADMIN_TOKEN>`.
    Admin,
}

#[derive(Debug, Clone, clap::Args)]
pub struct Settings {
    /// Where to listen: loopback unless asked otherwise.
    #[arg(long, env = "DECKCHECK_ADDR", default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// The data directory: each game's catalog (`cards/` for SWU, `swlcg/`, `swccg/`,
    /// `legion/`) and the event store live under it [default: $XDG_DATA_HOME/deckcheck, else
    /// ~/.local/share/deckcheck].
    #[arg(long, env = "DECKCHECK_DATA_DIR", value_name = "DIR")]
    pub data_dir: Option<PathBuf>,
    /// A directory of newer legality data (its `swu/`, `legion/`… replace the embedded
    /// `card_data/`) [default: the embedded copy].
    #[arg(long, env = "DECKCHECK_CARD_DATA", value_name = "DIR")]
    pub card_data: Option<PathBuf>,
    /// Largest body of validate, compare and window requests, in bytes; larger is a 413.
    #[arg(long, env = "DECKCHECK_BODY_LIMIT", default_value_t = 262_144, value_parser = clap::value_parser!(u64).range(1..=67_108_864))]
    pub body_limit: u64,
    /// Largest body of a batch request, in bytes.
    #[arg(long, env = "DECKCHECK_BATCH_BODY_LIMIT", default_value_t = 16_777_216, value_parser = clap::value_parser!(u64).range(1..=1_073_741_824))]
    pub batch_body_limit: u64,
    /// Most entries in one batch; more is a 413.
    #[arg(long, env = "DECKCHECK_BATCH_LIMIT", default_value_t = 5000, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    pub batch_limit: u64,
    /// Seconds a client has to send a whole request body; slower is a 408.
    #[arg(long, env = "DECKCHECK_BODY_TIMEOUT", default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub body_timeout: u64,
    /// Seconds a client has to send its request line and headers.
    #[arg(long, env = "DECKCHECK_HEADER_TIMEOUT", default_value_t = 5, value_parser = clap::value_parser!(u64).range(1..=600))]
    pub header_timeout: u64,
    /// Most bytes of request bodies held at once while they arrive, over all connections,
    /// beyond the first 16 KiB of each; a body that would pass it is a 503 `busy` (at least
    /// the largest body limit).
    #[arg(long, env = "DECKCHECK_BODY_MEMORY", default_value_t = 67_108_864, value_parser = clap::value_parser!(u64).range(1_048_576..=17_179_869_184))]
    pub body_memory: u64,
    /// Most connections one worker holds open at once; beyond it new ones wait in the
    /// listen queue. Keep workers x this under the open-files limit (`ulimit -n`).
    #[arg(long, env = "DECKCHECK_MAX_CONNECTIONS", default_value_t = 1024, value_parser = clap::value_parser!(u64).range(1..=65_535))]
    pub max_connections: u64,
    /// HTTP worker threads [default: one per core].
    #[arg(long, env = "DECKCHECK_WORKERS", value_parser = clap::value_parser!(u64).range(1..=512))]
    pub workers: Option<u64>,
    /// Log lines on stderr as text or JSON; `RUST_LOG` sets the level (info).
    #[arg(
        long,
        env = "DECKCHECK_LOG_FORMAT",
        value_enum,
        default_value = "text",
        ignore_case = true
    )]
    pub log_format: LogFormat,
    /// Which requests get an access-log line (log target `access`): each names the method,
    /// the path, the status, the milliseconds and the request id (the answer's
    /// `x-request-id`).
    #[arg(
        long,
        env = "DECKCHECK_ACCESS_LOG",
        value_enum,
        default_value = "errors",
        ignore_case = true
    )]
    pub access_log: AccessLog,
    /// Bearer token of the admin routes (`POST /v1/admin/reload`, `POST
    /// /v1/admin/events/{event}/organizer-token`); unset disables them.
    #[arg(long, env = "DECKCHECK_ADMIN_TOKEN", hide_env_values = true, value_parser = parse_secret)]
    pub admin_token: Option<SecretString>,
    /// Serve `/metrics` (Prometheus) on this address of its own instead of the main one, e.g.
    /// `0.0.0.0:9090` on a network only Prometheus reaches [default: on DECKCHECK_ADDR].
    #[arg(long, env = "DECKCHECK_METRICS_ADDR", value_name = "ADDR")]
    pub metrics_addr: Option<SocketAddr>,
    /// Who may read `/metrics`: `none` (no credentials) or `admin` (the admin bearer token,
    /// which must then be set).
    #[arg(
        long,
        env = "DECKCHECK_METRICS_AUTH",
        value_enum,
        default_value = "none",
        ignore_case = true
    )]
    pub metrics_auth: MetricsAuth,
    /// Where `serve` fetches the SWU catalog when there is none yet (a URL, or a mirror
    /// directory); the other games fetch from their own public upstream.
    #[arg(long, env = "DECKCHECK_UPSTREAM", default_value = deckcheck_swu::sync::DEFAULT_UPSTREAM)]
    pub upstream: String,
    /// PostgreSQL URL of the event store for several replicas (`postgres://...`); unset keeps
    /// events in SQLite under the data directory.
    #[arg(long, env = "DECKCHECK_DATABASE_URL", hide_env_values = true, value_parser = parse_secret)]
    pub database_url: Option<SecretString>,
    /// Catalog directories given by whoever builds the settings (game id, directory), ahead of
    /// the environment: a service embedded in a test or a tool names its data without touching
    /// the process's environment. Not a flag: the service reads the variables.
    #[arg(skip)]
    pub catalogs: Vec<(String, PathBuf)>,
    /// Lookups of event codes (`GET /v1/events/code/{code}`) per minute from one client.
    /// Lookups and registrations with codes that name no event are limited to 30 a minute
    /// from one client besides; registering with a valid code is bounded by the event, not the
    /// address (a venue's players share one). With PostgreSQL the budgets are kept in the
    /// database, shared by every replica.
    #[arg(long, env = "DECKCHECK_LOOKUP_RATE", default_value_t = 300, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub lookup_rate: u32,
    /// Proxies whose `X-Forwarded-For` is believed (addresses or networks, comma-separated:
    /// `10.0.0.0/8,192.0.2.7`): a request from one of them is counted against the address it
    /// forwarded, not the proxy's [default: none: every client is its peer address].
    #[arg(long, env = "DECKCHECK_TRUSTED_PROXIES", value_delimiter = ',', value_parser = parse_network)]
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// Closes event creation to keys: only a request carrying an organizer key (issued with the
    /// admin token, `POST /v1/admin/organizer-keys/issue`) or this one shared key creates events
    /// (`Authorization: Bearer <key>`) [default: unset: anyone may create events, within
    /// DECKCHECK_CREATE_RATE, 20 a day per address and DECKCHECK_CREATE_DAILY_CAP; an organizer
    /// key is never held by them].
    #[arg(long, env = "DECKCHECK_CREATE_KEY", hide_env_values = true, value_parser = parse_secret)]
    pub create_key: Option<SecretString>,
    /// Events one client may create per hour without an organizer key while creation is open
    /// (no DECKCHECK_CREATE_KEY); 20 a day at most besides.
    #[arg(long, env = "DECKCHECK_CREATE_RATE", default_value_t = 10, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    pub create_rate: u32,
    /// Events created per day without an organizer key by everyone together while creation is
    /// open (organizer keys are not counted).
    #[arg(long, env = "DECKCHECK_CREATE_DAILY_CAP", default_value_t = 500, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    pub create_daily_cap: u32,
    /// Days an event is kept after its day is over; then it is deleted with all its data.
    #[arg(long, env = "DECKCHECK_RETENTION_DAYS", default_value_t = 180, value_parser = clap::value_parser!(u32).range(1..=36_500))]
    pub retention_days: u32,
    /// Days an event's tokens keep working after its day is over (or after they were issued,
    /// when that is later: a player's token reissued after the event); then they answer 401
    /// `token-expired`.
    #[arg(long, env = "DECKCHECK_TOKEN_LIFETIME_DAYS", default_value_t = 30, value_parser = clap::value_parser!(u32).range(1..=36_500))]
    pub token_lifetime_days: u32,
    /// Seconds between two purges of the events past DECKCHECK_RETENTION_DAYS (the first runs
    /// at start).
    #[arg(long, env = "DECKCHECK_PURGE_INTERVAL", default_value_t = 3600, value_parser = clap::value_parser!(u64).range(1..=604_800))]
    pub purge_interval: u64,
    /// Hosts a deck given as a link is fetched from (HTTPS only, never a private address):
    /// host names separated by commas or spaces, `default` for the deck sites deckcheck reads
    /// (`default,decks.example.org` adds one), `none` (or an empty value) for no link at all
    /// [default: default].
    #[arg(long, env = "DECKCHECK_LINK_HOSTS", value_name = "HOSTS", default_value = "default", value_parser = parse_hosts)]
    pub link_hosts: deckcheck_links::Allowlist,
    /// The client that fetches deck links, made by whoever builds the settings (a test's, whose
    /// hosts reach a local server); else one is made from `link_hosts` at start. Not a flag.
    #[arg(skip)]
    pub links: Option<deckcheck_links::Links>,
}

/// Why the settings cannot be used: the setting is named, with what it allows.
#[derive(Debug, thiserror::Error)]
pub enum SettingsError {
    /// A flag or variable that cannot be read (clap's words, the variable named).
    #[error("{0}")]
    Unreadable(String),
    #[error(
        "DECKCHECK_BODY_MEMORY ({memory}) is smaller than the largest body the service takes \
         (DECKCHECK_BODY_LIMIT {body_limit}, DECKCHECK_BATCH_BODY_LIMIT {batch_body_limit}): such a \
         body could never be received; raise it to at least {}",
        body_limit.max(batch_body_limit)
    )]
    BodyMemory {
        memory: u64,
        body_limit: u64,
        batch_body_limit: u64,
    },
    #[error(
        "DECKCHECK_METRICS_AUTH is admin but DECKCHECK_ADMIN_TOKEN is not set: set the token, or \
         DECKCHECK_METRICS_AUTH=none"
    )]
    MetricsWithoutToken,
    #[error(
        "DECKCHECK_METRICS_ADDR is DECKCHECK_ADDR ({0}): leave it unset to serve /metrics there, or give another address"
    )]
    MetricsOnServiceAddr(SocketAddr),
    /// The event store's location (`DECKCHECK_DATABASE_URL`, else the data directory).
    #[error("{0}")]
    Store(#[from] deckcheck_store::StoreError),
    /// The client that fetches deck links could not be made.
    #[error("{0}")]
    Links(#[from] deckcheck_links::SetupError),
}

/// A value of `DECKCHECK_TRUSTED_PROXIES` that is neither an address nor a network.
#[derive(Debug, thiserror::Error)]
#[error("{0:?} is neither an address nor a network (10.0.0.0/8)")]
pub struct NotANetwork(String);

/// A secret setting given empty.
#[derive(Debug, thiserror::Error)]
#[error("it is empty")]
pub struct EmptySecret;

/// `DECKCHECK_LINK_HOSTS`, as the links crate reads it.
fn parse_hosts(text: &str) -> Result<deckcheck_links::Allowlist, deckcheck_links::AllowlistError> {
    text.parse()
}

/// An address (`192.0.2.7`, `::1`) or a network (`10.0.0.0/8`).
fn parse_network(text: &str) -> Result<ipnet::IpNet, NotANetwork> {
    let text = text.trim();
    text.parse::<ipnet::IpNet>()
        .or_else(|_| text.parse::<std::net::IpAddr>().map(ipnet::IpNet::from))
        .map_err(|_| NotANetwork(text.to_string()))
}

fn parse_secret(text: &str) -> Result<SecretString, EmptySecret> {
    if text.trim().is_empty() {
        return Err(EmptySecret);
    }
    Ok(SecretString::from(text.to_string()))
}

impl Settings {
    /// The settings as the environment gives them (tests pass their own lookup).
    pub fn from_env() -> Result<Self, SettingsError> {
        Self::parse_from(std::iter::empty::<String>())
    }

    /// Parses `serve` flags (and the environment); an error names the setting and its range.
    pub fn parse_from<I: IntoIterator<Item = S>, S: Into<std::ffi::OsString> + Clone>(
        args: I,
    ) -> Result<Self, SettingsError> {
        use clap::{Args, FromArgMatches};
        let command = Self::augment_args(clap::Command::new("serve").no_binary_name(true));
        let named = |e: clap::Error| {
            let text = e.to_string();
            // Name the environment variable too: that is where a service's settings come from.
            let env = command.get_arguments().find_map(|a| {
                let long = a.get_long()?;
                let env = a.get_env()?;
                text.contains(&format!("--{long} "))
                    .then(|| env.to_string_lossy().into_owned())
            });
            SettingsError::Unreadable(match env {
                Some(env) => format!("{} (the setting {env})", text.trim_end()),
                None => text,
            })
        };
        let matches = command.clone().try_get_matches_from(args).map_err(named)?;
        let settings = Self::from_arg_matches(&matches).map_err(named)?;
        settings.check()?;
        Ok(settings)
    }

    /// What no single setting's range can say: settings that must agree with each other.
    pub fn check(&self) -> Result<(), SettingsError> {
        if self.body_memory < self.body_limit.max(self.batch_body_limit) {
            return Err(SettingsError::BodyMemory {
                memory: self.body_memory,
                body_limit: self.body_limit,
                batch_body_limit: self.batch_body_limit,
            });
        }
        if self.metrics_auth == MetricsAuth::Admin && self.admin_token.is_none() {
            return Err(SettingsError::MetricsWithoutToken);
        }
        if self
            .metrics_addr
            .is_some_and(|a| a == self.addr && a.port() != 0)
        {
            return Err(SettingsError::MetricsOnServiceAddr(self.addr));
        }
        Ok(())
    }

    /// Where the event store is: PostgreSQL when `DECKCHECK_DATABASE_URL` is set, else
    /// `events.sqlite3` in the data directory.
    pub fn store_location(&self) -> Result<deckcheck_store::Location, SettingsError> {
        use secrecy::ExposeSecret;
        Ok(deckcheck_store::Location::from_settings(
            self.database_url.as_ref().map(|u| u.expose_secret()),
            &self.data_dir(),
        )?)
    }

    /// The event store as logs and `/ready` name it: never the URL (it may hold a password).
    pub fn store_name(&self) -> StoreName {
        match self.store_location() {
            Ok(location) => StoreName::of(&location),
            Err(e) => StoreName {
                backend: "unknown",
                location: e.to_string(),
            },
        }
    }

    /// The paths of a game's data: a directory these settings name for it, else its variable
    /// (`DECKCHECK_CARDS`, `DECKCHECK_LEGION_CARDS`…), else its directory under the data
    /// directory.
    pub fn paths(&self, spec: &deckcheck_core::GameSpec) -> deckcheck_core::Paths {
        let named = self
            .catalogs
            .iter()
            .find(|(id, _)| id.eq_ignore_ascii_case(spec.id))
            .map(|(_, dir)| dir.clone());
        deckcheck_core::Paths {
            cards: named.unwrap_or_else(|| catalog_dir(spec, &self.data_dir())),
            card_data: self.card_data.clone(),
        }
    }

    pub fn data_dir(&self) -> PathBuf {
        self.data_dir.clone().unwrap_or_else(default_data_dir)
    }

    pub fn body_timeout(&self) -> Duration {
        Duration::from_secs(self.body_timeout)
    }

    /// What the event store is told: how long events are kept, how long tokens work.
    pub fn policy(&self) -> deckcheck_store::Policy {
        let days = |n: u32| jiff::SignedDuration::from_hours(i64::from(n) * 24);
        deckcheck_store::Policy {
            retention: days(self.retention_days),
            token_lifetime: days(self.token_lifetime_days),
            ..deckcheck_store::Policy::default()
        }
    }

    pub fn purge_interval(&self) -> Duration {
        Duration::from_secs(self.purge_interval)
    }

    /// The client that fetches deck links: the one given, else one on `link_hosts` with the
    /// crate's limits (2 MiB, 10 s, 3 redirects).
    pub fn links(&self) -> Result<deckcheck_links::Links, SettingsError> {
        match &self.links {
            Some(links) => Ok(links.clone()),
            None => Ok(deckcheck_links::Links::new(
                deckcheck_links::LinkSettings {
                    hosts: self.link_hosts.clone(),
                    ..deckcheck_links::LinkSettings::default()
                },
            )?),
        }
    }
}

/// Which event store, said without secrets: SQLite and its file, or PostgreSQL's host, port
/// and database (as the driver reads the URL, with `PGHOST`… for what it leaves out).
#[derive(Debug, Clone, serde::Serialize, utoipa::ToSchema)]
pub struct StoreName {
    /// `sqlite` or `postgres`.
    pub backend: &'static str,
    /// The SQLite file, or `host:port/database`.
    pub location: String,
}

impl StoreName {
    pub fn of(location: &deckcheck_store::Location) -> Self {
        use deckcheck_store::Location;
        use std::str::FromStr;
        match location {
            Location::Sqlite(path) => Self {
                backend: "sqlite",
                location: path.display().to_string(),
            },
            Location::Postgres(url) => Self {
                backend: "postgres",
                location: match sqlx::postgres::PgConnectOptions::from_str(url) {
                    Ok(o) => {
                        let host = match o.get_socket() {
                            Some(socket) => socket.display().to_string(),
                            None => o.get_host().to_string(),
                        };
                        let database = o.get_database().unwrap_or(o.get_username());
                        format!("{host}:{}/{database}", o.get_port())
                    }
                    Err(_) => "(a URL the driver cannot read)".into(),
                },
            },
        }
    }
}

impl std::fmt::Display for StoreName {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} {}", self.backend, self.location)
    }
}

/// Where a game's catalog is: its variable, else its directory under the data directory.
pub fn catalog_dir(spec: &deckcheck_core::GameSpec, data_dir: &std::path::Path) -> PathBuf {
    std::env::var_os(spec.env)
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .unwrap_or_else(|| data_dir.join(spec.dir_name))
}

/// `$XDG_DATA_HOME/deckcheck`, else `$HOME/.local/share/deckcheck`, else `./deckcheck-data`.
pub fn default_data_dir() -> PathBuf {
    let base = std::env::var_os("XDG_DATA_HOME")
        .filter(|v| !v.is_empty())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| !v.is_empty())
                .map(|h| PathBuf::from(h).join(".local/share"))
        });
    match base {
        Some(base) => base.join("deckcheck"),
        None => PathBuf::from("deckcheck-data"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Settings, SettingsError> {
        Settings::parse_from(args.iter().copied())
    }

    #[test]
    fn every_setting_has_a_default() {
        let s = parse(&[]).unwrap();
        assert_eq!(s.addr.to_string(), "127.0.0.1:8080");
        assert_eq!(
            (s.body_limit, s.batch_limit, s.body_timeout),
            (262_144, 5000, 10)
        );
        assert_eq!(s.access_log, AccessLog::Errors);
    }

    #[test]
    fn a_value_out_of_range_names_its_setting_and_range() {
        for (args, name) in [
            (["--workers", "0"], "--workers"),
            (["--workers", "513"], "--workers"),
            (["--body-limit", "0"], "--body-limit"),
            (["--batch-limit", "0"], "--batch-limit"),
            (["--log-format", "xml"], "--log-format"),
        ] {
            let err = parse(&args).unwrap_err().to_string();
            assert!(err.contains(name), "{err}");
        }
        let err = parse(&["--workers", "0"]).unwrap_err().to_string();
        assert!(
            err.contains("1..=512") && err.contains("DECKCHECK_WORKERS"),
            "{err}"
        );
    }

    #[test]
    fn the_store_is_named_by_its_file_or_its_host_and_database_never_its_password() {
        let sqlite = parse(&["--data-dir", "/srv/deckcheck"])
            .unwrap()
            .store_name();
        assert_eq!(sqlite.to_string(), "sqlite /srv/deckcheck/events.sqlite3");
        let pg = parse(&[
            "--database-url",
            "postgres://deckcheck:hunter2-secret@db.internal:5433/events?sslmode=require",
        ])
        .unwrap()
        .store_name();
        assert_eq!(pg.to_string(), "postgres db.internal:5433/events");
    }

    #[test]
    fn metrics_behind_the_admin_token_need_the_token() {
        let err = parse(&["--metrics-auth", "admin"]).unwrap_err().to_string();
        assert!(err.contains("DECKCHECK_ADMIN_TOKEN"), "{err}");
        assert!(parse(&["--metrics-auth", "admin", "--admin-token", "t"]).is_ok());
        let err = parse(&["--metrics-addr", "127.0.0.1:8080"])
            .unwrap_err()
            .to_string();
        assert!(err.contains("DECKCHECK_METRICS_ADDR"), "{err}");
    }

    #[test]
    fn the_readme_lists_every_setting() {
        // Issue 29: the README's settings tables had fallen behind the settings.
        use clap::Args;
        let readme = include_str!("../../../README.md");
        let command = Settings::augment_args(clap::Command::new("serve"));
        for env in command.get_arguments().filter_map(|a| a.get_env()) {
            let env = env.to_string_lossy();
            assert!(
                readme.contains(&format!("| `{env}`")),
                "README.md's settings tables do not list {env}"
            );
        }
        assert!(!readme.contains("(reserved)"));
    }

    #[test]
    fn tokens_work_30_days_after_the_event_by_default_and_the_setting_changes_it() {
        let thirty = jiff::SignedDuration::from_hours(30 * 24);
        assert_eq!(parse(&[]).unwrap().policy().token_lifetime, thirty);
        assert_eq!(
            deckcheck_store::Policy::DEFAULT_TOKEN_LIFETIME,
            thirty,
            "the store's default is the setting's"
        );
        let s = parse(&["--token-lifetime-days", "2"]).unwrap();
        assert_eq!(
            s.policy().token_lifetime,
            jiff::SignedDuration::from_hours(48)
        );
        let err = parse(&["--token-lifetime-days", "0"])
            .unwrap_err()
            .to_string();
        assert!(err.contains("DECKCHECK_TOKEN_LIFETIME_DAYS"), "{err}");
    }

    #[test]
    fn the_hosts_of_deck_links_are_the_sites_by_default_and_a_bad_entry_stops_the_start() {
        let default = parse(&[]).unwrap();
        assert!(default.link_hosts.contains("swudb.com"));
        assert!(default.links().is_ok(), "the client is made from the hosts");
        let off = parse(&["--link-hosts", "none"]).unwrap();
        assert_eq!(off.link_hosts.hosts().count(), 0);
        let added = parse(&["--link-hosts", "default,decks.example.org"]).unwrap();
        assert!(added.link_hosts.contains("decks.example.org"));
        for bad in [
            "https://swudb.com",
            "127.0.0.1",
            "*.example.org",
            "swudb.com:443",
        ] {
            let err = parse(&["--link-hosts", bad]).unwrap_err().to_string();
            assert!(err.contains("DECKCHECK_LINK_HOSTS"), "{bad}: {err}");
            assert!(err.contains(bad), "{bad}: {err}");
        }
    }

    #[test]
    fn the_admin_token_never_shows_in_debug_output() {
        let s = parse(&["--admin-token", "hunter2-secret"]).unwrap();
        assert!(!format!("{s:?}").contains("hunter2-secret"));
        let s = parse(&["--create-key", "hunter3-secret"]).unwrap();
        assert!(!format!("{s:?}").contains("hunter3-secret"));
    }

    #[test]
    fn trusted_proxies_are_addresses_or_networks() {
        let s = parse(&["--trusted-proxies", "10.0.0.0/8, 192.0.2.7,::1"]).unwrap();
        let shown: Vec<String> = s.trusted_proxies.iter().map(|n| n.to_string()).collect();
        assert_eq!(shown, ["10.0.0.0/8", "192.0.2.7/32", "::1/128"]);
        let err = parse(&["--trusted-proxies", "proxy.example"])
            .unwrap_err()
            .to_string();
        assert!(
            err.contains("proxy.example") && err.contains("DECKCHECK_TRUSTED_PROXIES"),
            "{err}"
        );
    }

    #[test]
    fn events_are_kept_180_days_and_purged_every_hour_by_default() {
        let s = parse(&[]).unwrap();
        assert_eq!(
            s.policy().retention,
            jiff::SignedDuration::from_hours(180 * 24)
        );
        assert_eq!(s.policy(), deckcheck_store::Policy::default());
        assert_eq!(s.purge_interval(), Duration::from_secs(3600));
        assert!(s.create_key.is_none(), "creating events is open by default");
    }
}
