//! Load client for issue 35 (run by scripts/contention-load.sh): what registering costs with many
//! clients at once, and whether it grows with the event.
//!
//! - `rate URL[,URL2] DECK_FILE CLIENTS PLAYERS`: CLIENTS clients register PLAYERS players in
//!   all, each as the page does (the code looked up, then the list sent), over the replicas in
//!   turn; prints registrations/s and p50/p99 of one registration (lookup and list).
//! - `growth URL[,URL2] DECK_FILE PLAYERS`: one event filled to PLAYERS players by 16 clients;
//!   before and after, 300 registrations one at a time: milliseconds per registration, and the
//!   CPU the store spent on each (the processes `CPU_PIDS` names, and the children of
//!   `CPU_PPID`: PostgreSQL's processes under its postmaster, or with `CPU_BACKENDS_OF=DB` only
//!   the backends of that database), from /proc.
//!
//! - `lookups URL[,URL2] DECK_FILE CLIENTS LOOKUPS`: CLIENTS clients look an event's code up
//!   LOOKUPS times in all: lookups/s and p50/p99 (the per-client limit is all a lookup spends
//!   besides reading the event: what moving the limits into the database costs).
//!
//! Events are created with `CREATE_KEY` (an organizer key or the service's shared key) when it
//! is set.

use std::time::{Duration, Instant};

use serde_json::{Value, json};

fn percentile(sorted: &[Duration], p: f64) -> Duration {
    if sorted.is_empty() {
        return Duration::ZERO;
    }
    let i = ((p * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

fn ms(d: Duration) -> String {
    format!("{:.2} ms", d.as_secs_f64() * 1000.0)
}

/// CPU seconds of a process (user + system), from /proc.
fn cpu_of(pid: u32) -> f64 {
    let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else {
        return 0.0;
    };
    // Fields after the command (which may hold spaces) in parentheses.
    let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line: 11 and 12 after the state.
    (ticks(11) + ticks(12)) / 100.0
}

fn children_of(ppid: u32) -> Vec<u32> {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read_to_string(format!("/proc/{pid}/stat"))
                .ok()
                .and_then(|s| {
                    let rest = s.rsplit_once(')')?.1.to_string();
                    rest.split_whitespace().nth(1)?.parse::<u32>().ok()
                })
                == Some(ppid)
        })
        .collect()
}

/// The store's CPU seconds now: the processes of `CPU_PIDS` and the children of `CPU_PPID`.
fn store_cpu() -> f64 {
    let mut pids: Vec<u32> = std::env::var("CPU_PIDS")
        .unwrap_or_default()
        .split(',')
        .filter_map(|p| p.trim().parse().ok())
        .collect();
    if let Some(ppid) = std::env::var("CPU_PPID").ok().and_then(|p| p.parse().ok()) {
        // `CPU_BACKENDS_OF=DB`: only the backends serving that database (their command line
        // names it), not the postmaster's background processes (checkpointer, WAL writer,
        // autovacuum), which work for every database by the clock.
        match std::env::var("CPU_BACKENDS_OF") {
            Ok(db) => pids.extend(children_of(ppid).into_iter().filter(|pid| {
                std::fs::read_to_string(format!("/proc/{pid}/cmdline"))
                    .is_ok_and(|c| c.split_whitespace().any(|w| w == db))
            })),
            Err(_) => {
                pids.push(ppid);
                pids.extend(children_of(ppid));
            }
        }
    }
    pids.into_iter().map(cpu_of).sum()
}

struct Load {
    client: reqwest::Client,
    bases: Vec<String>,
    deck: String,
}

impl Load {
    async fn event(&self, name: &str) -> (String, String) {
        let mut req = self
            .client
            .post(format!("{}/v1/events", self.bases[0]))
            .json(&json!({"name": name, "game": "swu", "format": "premier", "date": "2025-01-15"}));
        if let Ok(key) = std::env::var("CREATE_KEY") {
            req = req.bearer_auth(key);
        }
        let created: Value = req.send().await.unwrap().json().await.unwrap();
        (
            created["event"]["id"]
                .as_str()
                .expect("an event")
                .to_string(),
            created["event"]["registration_code"]
                .as_str()
                .unwrap()
                .to_string(),
        )
    }

    /// One player as the page registers: the code looked up, then the list; the status.
    async fn register(&self, base: &str, code: &str, uid: &str) -> u16 {
        let looked = self
            .client
            .get(format!("{base}/v1/events/code/{code}"))
            .send()
            .await;
        match looked {
            Ok(r) if r.status().as_u16() == 200 => {}
            Ok(r) => return r.status().as_u16(),
            Err(_) => return 0,
        }
        match self
            .client
            .post(format!("{base}/v1/events/code/{code}/players"))
            .header("Idempotency-Key", format!("load-{code}-{uid}"))
            .json(&json!({"player": format!("Player {uid}"), "uid": uid, "deck": self.deck}))
            .send()
            .await
        {
            Ok(r) => r.status().as_u16(),
            Err(_) => 0,
        }
    }

    /// `players` registrations by `clients` clients at once; the latencies of those that
    /// answered 201, the other statuses, and the time it all took.
    async fn burst(
        &'static self,
        code: &str,
        prefix: &str,
        clients: usize,
        players: usize,
    ) -> (
        Vec<Duration>,
        std::collections::BTreeMap<u16, usize>,
        Duration,
    ) {
        let next = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
        let started = Instant::now();
        let mut tasks = tokio::task::JoinSet::new();
        for c in 0..clients {
            let (next, code, prefix) = (next.clone(), code.to_string(), prefix.to_string());
            tasks.spawn(async move {
                let mut out = Vec::new();
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    if i >= players {
                        break;
                    }
                    let base = &self.bases[(c + i) % self.bases.len()];
                    let t = Instant::now();
                    let status = self.register(base, &code, &format!("{prefix}-{i}")).await;
                    out.push((t.elapsed(), status));
                }
                out
            });
        }
        let mut latencies = Vec::new();
        let mut failures = std::collections::BTreeMap::new();
        while let Some(done) = tasks.join_next().await {
            for (took, status) in done.unwrap() {
                if status == 201 {
                    latencies.push(took);
                } else {
                    *failures.entry(status).or_default() += 1;
                }
            }
        }
        latencies.sort();
        (latencies, failures, started.elapsed())
    }

    /// `n` registrations one at a time: wall time and store CPU per registration.
    async fn one_at_a_time(&self, code: &str, prefix: &str, n: usize) -> (Duration, f64) {
        let cpu = store_cpu();
        let started = Instant::now();
        for i in 0..n {
            let base = &self.bases[i % self.bases.len()];
            let status = self.register(base, code, &format!("{prefix}-{i}")).await;
            assert_eq!(status, 201, "{prefix}-{i}");
        }
        (
            started.elapsed() / n as u32,
            (store_cpu() - cpu) / n as f64 * 1000.0,
        )
    }
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.len() < 5 {
        eprintln!(
            "usage: contention_load rate URL[,URL2] DECK_FILE CLIENTS PLAYERS | growth URL[,URL2] DECK_FILE PLAYERS"
        );
        std::process::exit(2);
    }
    let _ = rustls::crypto::ring::default_provider().install_default();
    let load: &'static Load = Box::leak(Box::new(Load {
        client: reqwest::Client::builder()
            .pool_max_idle_per_host(256)
            .timeout(Duration::from_secs(120))
            .build()
            .unwrap(),
        bases: args[2]
            .split(',')
            .map(|s| s.trim_end_matches('/').to_string())
            .collect(),
        deck: std::fs::read_to_string(&args[3]).expect("the deck file"),
    }));
    let number = |i: usize| -> usize { args[i].parse().expect("a number") };
    match args[1].as_str() {
        "rate" => {
            let (clients, players) = (number(4), number(5));
            let (_, code) = load.event("Rate Cup").await;
            // Warm up the connections and the pools.
            load.burst(&code, "warm", clients, clients).await;
            let (latencies, failures, wall) = load.burst(&code, "rate", clients, players).await;
            println!(
                "rate: {players} registrations by {clients} clients over {} replica(s): {} accepted, failures {failures:?}; {:.0} registrations/s; p50 {}, p99 {}",
                load.bases.len(),
                latencies.len(),
                latencies.len() as f64 / wall.as_secs_f64(),
                ms(percentile(&latencies, 0.5)),
                ms(percentile(&latencies, 0.99)),
            );
        }
        "lookups" => {
            let (clients, lookups) = (number(4), number(5));
            let (_, code) = load.event("Lookup Cup").await;
            let next = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
            let started = Instant::now();
            let mut tasks = tokio::task::JoinSet::new();
            for c in 0..clients {
                let (next, code) = (next.clone(), code.clone());
                tasks.spawn(async move {
                    let mut out = Vec::new();
                    loop {
                        let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                        if i >= lookups {
                            break;
                        }
                        let base = &load.bases[(c + i) % load.bases.len()];
                        let t = Instant::now();
                        let res = load
                            .client
                            .get(format!("{base}/v1/events/code/{code}"))
                            .send()
                            .await;
                        let ok = res.is_ok_and(|r| r.status().as_u16() == 200);
                        out.push((t.elapsed(), ok));
                    }
                    out
                });
            }
            let mut latencies = Vec::new();
            let mut failed = 0;
            while let Some(done) = tasks.join_next().await {
                for (took, ok) in done.unwrap() {
                    if ok {
                        latencies.push(took);
                    } else {
                        failed += 1;
                    }
                }
            }
            let wall = started.elapsed();
            latencies.sort();
            println!(
                "lookups: {lookups} by {clients} clients over {} replica(s): {failed} failed; {:.0} lookups/s; p50 {}, p99 {}",
                load.bases.len(),
                latencies.len() as f64 / wall.as_secs_f64(),
                ms(percentile(&latencies, 0.5)),
                ms(percentile(&latencies, 0.99)),
            );
        }
        "growth" => {
            let players = number(4);
            let (_, code) = load.event("Growth Cup").await;
            load.burst(&code, "warm", 8, 50).await;
            let (first_ms, first_cpu) = load.one_at_a_time(&code, "first", 300).await;
            let (_, failures, wall) = load.burst(&code, "fill", 16, players).await;
            assert!(failures.is_empty(), "{failures:?}");
            let (last_ms, last_cpu) = load.one_at_a_time(&code, "last", 300).await;
            println!(
                "growth: one at a time, at {} players: {} and {:.3} ms of store CPU per registration; at {} players: {} and {:.3} ms (the {players} between took {:.1} s)",
                50,
                ms(first_ms),
                first_cpu,
                players + 350,
                ms(last_ms),
                last_cpu,
                wall.as_secs_f64()
            );
        }
        other => {
            eprintln!("contention_load: no mode {other:?}");
            std::process::exit(2);
        }
    }
}
