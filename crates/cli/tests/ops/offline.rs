//! The README's first command on a machine that reaches no upstream (issue 36, item 7):
//! `serve` with no setting at all, run in a repository with `../shared` beside it, serves the
//! card data there and says so in its start line, with a warning for data older than its
//! upstream's usual update interval (item 8); without `../shared` it stops, giving the README's
//! offline command word for word. No network is used: every request goes to a proxy that
//! refuses at once (`HTTPS_PROXY`), so the tests mean the same on a machine that has one.

use std::path::{Path, PathBuf};
use std::process::Stdio;

use crate::support::*;

/// The README's offline command.
const OFFLINE_COMMAND: &str = "DECKCHECK_CARDS=../shared/data/swu/cards DECKCHECK_LCG_CARDS=../shared/data/swlcg DECKCHECK_CCG_CARDS=../shared/data/swccg DECKCHECK_LEGION_CARDS=../shared/data/legion/legion-hq cargo run --release -p deckcheck -- serve";

/// The `shared/` directory: `DECKCHECK_SHARED`, else beside the repository.
fn shared_dir() -> PathBuf {
    match std::env::var_os("DECKCHECK_SHARED") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../../shared"),
    }
}

/// `serve` as the README starts it: nothing set but a free port, JSON logs and a network
/// that refuses every connection.
fn readme_env() -> Vec<(String, String)> {
    vec![
        ("DECKCHECK_ADDR".into(), "127.0.0.1:0".into()),
        ("DECKCHECK_LOG_FORMAT".into(), "json".into()),
        ("DECKCHECK_WORKERS".into(), "2".into()),
        ("HTTPS_PROXY".into(), "http://127.0.0.1:1".into()),
        ("HTTP_PROXY".into(), "http://127.0.0.1:1".into()),
    ]
}

/// A repository directory in `dir`, with `dir/shared` pointing at the real `shared/` if asked.
fn checkout(dir: &Path, with_shared: bool) -> PathBuf {
    let repo = dir.join("repo");
    std::fs::create_dir_all(&repo).unwrap();
    if with_shared {
        let shared = shared_dir();
        assert!(
            shared.join("data/swu/cards").is_dir(),
            "needs ../shared: no card data at {}",
            shared.display()
        );
        std::os::unix::fs::symlink(shared.canonicalize().unwrap(), dir.join("shared")).unwrap();
    }
    repo
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn the_readme_command_offline_serves_the_data_of_shared_and_says_so_in_its_start_line() {
    let home = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let repo = checkout(work.path(), true);
    let server = Server::start_in(home, &readme_env(), Some(&repo));
    let ready = server.logged_soon("deckcheck ready").expect("a start line");
    assert_eq!(ready["level"], "WARN", "{ready}");
    let games = ready["fields"]["games"].as_str().unwrap();
    for game in ["swu", "lcg", "ccg", "legion"] {
        assert!(games.contains(&format!("{game} ")), "{games}");
        assert!(!games.contains("unavailable"), "{games}");
    }
    let warnings = ready["fields"]["warnings"].as_str().unwrap();
    assert!(
        warnings.contains("The upstreams could not be reached: serving the card data where the README's offline command points (swu from ../shared/data/swu/cards, lcg from ../shared/data/swlcg, ccg from ../shared/data/swccg, legion from ../shared/data/legion/legion-hq)"),
        "{warnings}"
    );
    // Item 8: Legion HQ's snapshot of 2026-08-05 is older than the 30 days its data usually
    // goes unchanged (on any day this test runs: it was written on 2026-11-28).
    assert!(
        warnings.contains("Star Wars: Legion's card data is of 2026-08-05")
            && warnings.contains(
                "its upstream usually changes within 30 days: run `deckcheck sync --game legion`"
            ),
        "{warnings}"
    );
    // It answers on that data.
    let answer = server.post(
        "/v1/decks/validate?format=premier&as_of=2025-05-01",
        "text/plain",
        b"Leader\n1 | Han Solo | Audacious Smuggler\nBase\n1 | Level 1313\n",
    );
    assert_eq!(
        answer.status,
        200,
        "{}",
        String::from_utf8_lossy(&answer.body)
    );
    assert_eq!(answer.json()["reports"][0]["verdict"], "illegal");
}

#[test]
fn the_readme_command_offline_without_shared_stops_with_the_readmes_offline_command() {
    let home = tempfile::tempdir().unwrap();
    let work = tempfile::tempdir().unwrap();
    let repo = checkout(work.path(), false);
    let output = deckcheck(home.path())
        .current_dir(&repo)
        .arg("serve")
        .envs(readme_env())
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(2), "{text}");
    assert!(text.contains(OFFLINE_COMMAND), "{text}");
}

/// Legion HQ's repository on its live branch, as a stand-in serves it: the card files at their
/// paths (the JavaScript ones written from `../shared`'s JSON exports as the repository keeps
/// them), and its history's last change to them on `day`.
fn legion_hq(day: &str) -> Upstream {
    let legion = shared_dir().join("data/legion/legion-hq");
    let read = |name: &str| std::fs::read(legion.join(name)).unwrap();
    let js = |name: &str, json: Vec<u8>| {
        format!(
            "const {name} = {};\n\nexport default {name};\n",
            String::from_utf8(json).unwrap()
        )
        .into_bytes()
    };
    let mut files = std::collections::BTreeMap::new();
    files.insert("/src/constants/cards.json".to_string(), read("cards.json"));
    files.insert(
        "/src/constants/battleForcesDict.js".to_string(),
        js("battleForcesDict", read("battleForces.json")),
    );
    files.insert(
        "/src/constants/legionModes.js".to_string(),
        js("legionModes", read("legionModes.json")),
    );
    files.insert(
        "/commits?sha=master&path=src/constants&per_page=1".to_string(),
        format!(
            r#"[{{"sha": "0123abc", "commit": {{"committer": {{"date": "{day}T18:00:00Z"}}}}}}]"#
        )
        .into_bytes(),
    );
    Upstream::serving(files)
}

#[test]
#[ignore = "needs ../shared: the real card data (../shared/data)"]
fn a_legion_sync_names_the_day_of_legion_hqs_data_and_the_start_line_then_has_no_warning() {
    let home = tempfile::tempdir().unwrap();
    let yesterday = jiff::Zoned::now().date().yesterday().unwrap().to_string();
    let upstream = legion_hq(&yesterday);
    let catalog = home.path().join("legion");
    let out = run(deckcheck(home.path()).args([
        "sync",
        "--game",
        "legion",
        "--from",
        &upstream.url,
        "--to",
        catalog.to_str().unwrap(),
    ]));
    let said = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{said}{}", stderr(&out));
    assert!(
        said.contains(&format!("; the data is of {yesterday}")),
        "{said}"
    );
    assert!(stderr(&out).contains(&format!("Legion HQ's card data is of {yesterday}")));

    // Served from that catalog: Legion's data is fresh, nothing to warn of.
    let mut env = service_env(home.path(), &home.path().join("mirror"));
    write_mirror(&home.path().join("mirror"), &SETS, "");
    env.retain(|(k, _)| k != "DECKCHECK_LEGION_CARDS");
    env.push((
        "DECKCHECK_LEGION_CARDS".into(),
        catalog.display().to_string(),
    ));
    let server = Server::start_with(home, &env);
    let ready = server.logged_soon("deckcheck ready").expect("a start line");
    assert!(
        ready["fields"]["games"]
            .as_str()
            .unwrap()
            .contains("legion "),
        "{ready}"
    );
    assert_eq!(ready["level"], "INFO", "{ready}");
}
