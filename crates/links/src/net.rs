//! The HTTP client deck links are fetched with, and how it stays where it may: HTTPS only, no
//! proxy, a redirect followed only to a host of the allowlist (a few at most), every address a
//! name resolves to checked before any connection (a DNS answer of 127.0.0.1 is refused), the
//! answer read up to the size limit and no further, everything within one time limit.

use std::error::Error as StdError;
use std::net::SocketAddr;
use std::time::Duration;

use reqwest::dns::{Addrs, Name, Resolve, Resolving};

use crate::allow::{Allowlist, non_public};
use crate::error::LinkError;
use crate::site::Fetch;

type BoxError = Box<dyn StdError + Send + Sync>;

/// Where a fetch was about to go and may not: carried through reqwest's error as its source.
#[derive(Debug)]
struct Refusal(String);

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl StdError for Refusal {}

/// The name resolver: the system's (or, in tests, a table), then every address checked.
pub(crate) struct Guard {
    pub network: Network,
}

pub(crate) enum Network {
    /// The system's resolver (getaddrinfo, on a blocking thread).
    System,
    /// Tests only: names answered from `dns` (checked like any answer), and the hosts of
    /// `local` sent to the local test server (the one address that is not checked).
    #[cfg(feature = "testing")]
    Test {
        local: std::collections::HashMap<String, SocketAddr>,
        dns: std::collections::HashMap<String, Vec<std::net::IpAddr>>,
    },
}

impl Resolve for Guard {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_string();
        match &self.network {
            Network::System => Box::pin(async move {
                let addrs = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
                checked(&host, addrs)
            }),
            #[cfg(feature = "testing")]
            Network::Test { local, dns } => {
                let answer = match (local.get(&host), dns.get(&host)) {
                    (Some(server), _) => Ok(Box::new(std::iter::once(*server)) as Addrs),
                    (None, Some(ips)) => checked(
                        &host,
                        ips.iter().map(|ip| SocketAddr::new(*ip, 0)).collect(),
                    ),
                    (None, None) => Err(format!("{host}: no such host").into()),
                };
                Box::pin(std::future::ready(answer))
            }
        }
    }
}

/// The addresses, unless one of them is not public: then none (a name that mixes a public and a
/// private address is refused whole).
fn checked(host: &str, addrs: Vec<SocketAddr>) -> Result<Addrs, BoxError> {
    if addrs.is_empty() {
        return Err(format!("{host} has no address").into());
    }
    if let Some((ip, kind)) = addrs
        .iter()
        .find_map(|a| non_public(a.ip()).map(|kind| (a.ip(), kind)))
    {
        return Err(Box::new(Refusal(format!(
            "{host} resolves to {ip}, {kind}; deck links never reach private, loopback or link-local addresses"
        ))));
    }
    Ok(Box::new(addrs.into_iter()))
}

/// The limits of one fetch.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Limits {
    pub max_bytes: usize,
    pub timeout: Duration,
}

pub(crate) fn client(
    allow: &Allowlist,
    max_redirects: usize,
    guard: Guard,
    roots: Vec<reqwest::Certificate>,
) -> Result<reqwest::Client, reqwest::Error> {
    // reqwest is built without a bundled crypto provider; ring is ours (as for the sync).
    let _ = rustls::crypto::ring::default_provider().install_default();
    let allow = allow.clone();
    let policy = reqwest::redirect::Policy::custom(move |attempt| {
        let refusal = if attempt.previous().len() > max_redirects {
            Some(format!("more than {max_redirects} redirects"))
        } else {
            allow
                .refuses(attempt.url())
                .map(|why| format!("redirected to {}: {why}", attempt.url()))
        };
        match refusal {
            Some(why) => attempt.error(Refusal(why)),
            None => attempt.follow(),
        }
    });
    let mut builder = reqwest::Client::builder()
        .user_agent(concat!(
            "Mozilla/5.0 (compatible; deckcheck/",
            env!("CARGO_PKG_VERSION"),
            "; Star Wars deck legality checker, reading a deck link)"
        ))
        .https_only(true)
        .no_proxy()
        .redirect(policy)
        .dns_resolver(guard);
    if !roots.is_empty() {
        builder = builder.tls_certs_only(roots);
    }
    builder.build()
}

/// Fetches the URL of `fetch`: its body, or the error naming the site.
pub(crate) async fn get(
    http: &reqwest::Client,
    fetch: &Fetch,
    limits: Limits,
) -> Result<Vec<u8>, LinkError> {
    tokio::time::timeout(limits.timeout, get_within(http, fetch, limits.max_bytes))
        .await
        .unwrap_or_else(|_| {
            Err(LinkError::TooSlow {
                site: fetch.name.clone(),
                limit: limits.timeout,
            })
        })
}

async fn get_within(
    http: &reqwest::Client,
    fetch: &Fetch,
    max_bytes: usize,
) -> Result<Vec<u8>, LinkError> {
    let site = || fetch.name.clone();
    let too_large = || LinkError::TooLarge {
        site: site(),
        limit: max_bytes,
    };
    let mut response = http
        .get(fetch.url.clone())
        .send()
        .await
        .map_err(|e| failed(&fetch.name, &e))?;
    let status = response.status();
    if fetch.site.not_found.contains(&status.as_u16()) {
        return Err(LinkError::NotFound {
            site: site(),
            status: status.as_u16(),
            hint: fetch.site.hint,
        });
    }
    if !status.is_success() {
        return Err(LinkError::Upstream {
            site: site(),
            reason: format!("HTTP {status}"),
        });
    }
    if response
        .content_length()
        .is_some_and(|n| n > max_bytes as u64)
    {
        return Err(too_large());
    }
    let mut body = Vec::new();
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|e| failed(&fetch.name, &e))?
    {
        if body.len() + chunk.len() > max_bytes {
            return Err(too_large());
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

/// A failed request as the error for `site`: a refusal (a redirect or an address off limits)
/// as such, anything else as the site's failure with its innermost cause.
fn failed(site: &str, e: &reqwest::Error) -> LinkError {
    let mut cause: &dyn StdError = e;
    loop {
        if let Some(refusal) = cause.downcast_ref::<Refusal>() {
            return LinkError::Refused {
                site: site.to_string(),
                reason: refusal.0.clone(),
            };
        }
        match cause.source() {
            Some(next) => cause = next,
            None => break,
        }
    }
    let reason = if e.is_connect() {
        format!("cannot connect: {cause}")
    } else {
        cause.to_string()
    };
    LinkError::Upstream {
        site: site.to_string(),
        reason,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The system's resolver itself (localhost is answered from the hosts file: no network).
    #[tokio::test]
    async fn the_systems_answer_of_a_loopback_address_is_refused() {
        let guard = Guard {
            network: Network::System,
        };
        let name: Name = "localhost".parse().unwrap();
        let Err(e) = guard.resolve(name).await else {
            panic!("localhost was let through");
        };
        let refusal = e.downcast_ref::<Refusal>().expect("a refusal");
        assert!(
            refusal.0.starts_with("localhost resolves to ")
                && refusal.0.contains("a loopback address"),
            "{refusal}"
        );
    }

    #[test]
    fn a_name_with_one_private_address_among_public_ones_is_refused_whole() {
        let addrs = ["104.21.32.1:0", "10.0.0.7:0"].map(|a| a.parse().unwrap());
        assert!(checked("swudb.com", addrs.to_vec()).is_err());
        assert!(checked("swudb.com", Vec::new()).is_err());
        let public = checked("swudb.com", vec!["104.21.32.1:0".parse().unwrap()]).unwrap();
        assert_eq!(public.count(), 1);
    }
}
