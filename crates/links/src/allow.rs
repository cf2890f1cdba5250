//! Where deck links may go: the operator's allowlist of host names, and the rule that an
//! address after DNS resolution is never private, loopback or link-local.

use std::collections::BTreeSet;
use std::fmt;
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};
use std::str::FromStr;

use reqwest::Url;

/// The environment variable `deckcheck` reads the allowlist from.
pub const HOSTS_VAR: &str = "DECKCHECK_LINK_HOSTS";

/// Host names deck links may be fetched from (exact names: `www.swudb.com` is its own entry).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Allowlist(BTreeSet<String>);

impl Allowlist {
    /// Exactly these hosts.
    pub(crate) fn of<'a>(hosts: impl IntoIterator<Item = &'a str>) -> Self {
        Self(hosts.into_iter().map(str::to_string).collect())
    }
}

impl Allowlist {
    /// No host at all: links are refused.
    pub fn none() -> Self {
        Self(BTreeSet::new())
    }

    pub fn contains(&self, host: &str) -> bool {
        self.0.contains(host)
    }

    pub fn hosts(&self) -> impl Iterator<Item = &str> {
        self.0.iter().map(String::as_str)
    }

    /// The allowlist `DECKCHECK_LINK_HOSTS` sets, else the default.
    pub fn from_env() -> Result<Self, AllowlistError> {
        match std::env::var(HOSTS_VAR) {
            Ok(text) => text.parse(),
            Err(std::env::VarError::NotPresent) => Ok(Self::default()),
            Err(std::env::VarError::NotUnicode(_)) => Err(AllowlistError {
                entry: String::new(),
                reason: "the value is not UTF-8",
            }),
        }
    }

    /// Why a URL may not be fetched, if it may not: not HTTPS, a host off the list (an
    /// address is never on it), a port other than 443.
    pub(crate) fn refuses(&self, url: &Url) -> Option<String> {
        let host = url.host_str().unwrap_or_default();
        if url.scheme() != "https" {
            Some(format!("{url} is not HTTPS"))
        } else if !self.contains(host) {
            Some(format!("{host} is not on the allowlist"))
        } else if url.port().is_some() {
            Some(format!("{url} names a port; deck links use HTTPS's own"))
        } else {
            None
        }
    }
}

/// A bad entry of `DECKCHECK_LINK_HOSTS`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{HOSTS_VAR}: {entry:?} {reason}")]
pub struct AllowlistError {
    pub entry: String,
    pub reason: &'static str,
}

impl FromStr for Allowlist {
    type Err = AllowlistError;

    /// Host names separated by commas or spaces; `default` stands for the default list, so
    /// `default,decks.example.org` adds a host and `swudb.com` allows that one alone. `none`, or
    /// an empty value, allows none (links off).
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text.trim().eq_ignore_ascii_case("none") {
            return Ok(Self::none());
        }
        let mut hosts = BTreeSet::new();
        for entry in text.split([',', ' ', '\t', '\n']).filter(|e| !e.is_empty()) {
            let host = entry.to_ascii_lowercase();
            if host == "default" {
                hosts.extend(Self::default().0);
                continue;
            }
            let bad = |reason| AllowlistError {
                entry: entry.to_string(),
                reason,
            };
            if host.parse::<IpAddr>().is_ok() || host.starts_with('[') {
                return Err(bad("is an address; the allowlist names hosts"));
            }
            let label_ok = |l: &str| {
                !l.is_empty()
                    && l.len() <= 63
                    && !l.starts_with('-')
                    && !l.ends_with('-')
                    && l.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-')
            };
            if host.len() > 253 || !host.contains('.') || !host.split('.').all(label_ok) {
                return Err(bad(
                    "is not a host name (like swudb.com: no scheme, port, path or wildcard)",
                ));
            }
            hosts.insert(host);
        }
        Ok(Self(hosts))
    }
}

impl fmt::Display for Allowlist {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let hosts: Vec<&str> = self.hosts().collect();
        f.write_str(&hosts.join(","))
    }
}

/// What kind of address a deck link may never reach, if `ip` is one: private, loopback,
/// link-local, or any other range that is not the public internet.
pub fn non_public(ip: IpAddr) -> Option<&'static str> {
    match ip {
        IpAddr::V4(v4) => non_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => non_public_v4(v4),
            None => non_public_v6(v6),
        },
    }
}

fn non_public_v4(ip: Ipv4Addr) -> Option<&'static str> {
    let [a, b, ..] = ip.octets();
    if ip.is_loopback() {
        Some("a loopback address")
    } else if ip.is_private() {
        Some("a private address")
    } else if ip.is_link_local() {
        Some("a link-local address")
    } else if ip.is_unspecified() || a == 0 {
        Some("an unspecified address")
    } else if a == 100 && (64..128).contains(&b) {
        Some("a shared (carrier-grade NAT) address")
    } else if ip.is_multicast() || ip.is_broadcast() || a >= 240 {
        Some("a multicast, broadcast or reserved address")
    } else if ip.is_documentation() || (a == 198 && (18..20).contains(&b)) || (a, b) == (192, 0) {
        Some("a reserved address")
    } else {
        None
    }
}

fn non_public_v6(ip: Ipv6Addr) -> Option<&'static str> {
    let first = ip.segments()[0];
    if ip.is_loopback() {
        Some("a loopback address")
    } else if ip.is_unspecified() {
        Some("an unspecified address")
    } else if ip.is_unicast_link_local() {
        Some("a link-local address")
    } else if ip.is_unique_local() {
        Some("a private address")
    } else if ip.is_multicast() {
        Some("a multicast address")
    } else if first == 0x2001 && ip.segments()[1] == 0x0db8 {
        Some("a reserved address")
    } else if first == 0x0064 && ip.segments()[1] == 0xff9b {
        // NAT64: the IPv4 address is in the last 32 bits.
        let [.., c, d] = ip.segments();
        non_public_v4(Ipv4Addr::from((u32::from(c) << 16) | u32::from(d)))
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_allowlist_holds_every_known_sites_hosts_and_nothing_else() {
        let list = Allowlist::default();
        for host in ["swudb.com", "swubase.com", "melee.gg", "www.melee.gg"] {
            assert!(list.contains(host), "{host}");
        }
        assert!(!list.contains("example.org"));
        assert!(
            !list.contains("legionhq2.com"),
            "Legion HQ links are never fetched"
        );
    }

    #[test]
    fn the_setting_names_hosts_and_default_stands_for_the_default_list() {
        let list: Allowlist = "default, decks.example.org".parse().unwrap();
        assert!(list.contains("swudb.com") && list.contains("decks.example.org"));
        let only: Allowlist = "SWUDB.com".parse().unwrap();
        assert_eq!(only.hosts().collect::<Vec<_>>(), ["swudb.com"]);
        assert_eq!("".parse::<Allowlist>().unwrap(), Allowlist::none());
        assert_eq!(" None ".parse::<Allowlist>().unwrap(), Allowlist::none());
    }

    #[test]
    fn an_address_a_url_or_a_wildcard_is_not_a_host_name() {
        for bad in [
            "127.0.0.1",
            "[::1]",
            "https://swudb.com",
            "swudb.com:443",
            "*.swudb.com",
            "localhost",
        ] {
            let e = bad.parse::<Allowlist>().unwrap_err();
            assert_eq!(e.entry, bad);
        }
    }

    #[test]
    fn private_loopback_and_link_local_addresses_are_never_reached() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "::1",
            "::",
            "fe80::1",
            "fd00::1",
            "::ffff:127.0.0.1",
            "64:ff9b::a00:1",
        ] {
            assert!(non_public(ip.parse().unwrap()).is_some(), "{ip}");
        }
        for ip in ["104.21.32.1", "2606:4700::6810:1"] {
            assert_eq!(non_public(ip.parse().unwrap()), None, "{ip}");
        }
    }

    #[test]
    fn only_https_to_a_listed_host_on_its_own_port_may_be_fetched() {
        let list = Allowlist::default();
        let refuses = |u: &str| list.refuses(&Url::parse(u).unwrap());
        assert_eq!(refuses("https://swudb.com/api/getDeckJson/abc"), None);
        assert!(refuses("http://swudb.com/api/getDeckJson/abc").is_some());
        assert!(refuses("https://127.0.0.1/deck").is_some());
        assert!(refuses("https://swudb.com:8443/deck").is_some());
        assert!(refuses("https://evil.example/deck").is_some());
    }
}
