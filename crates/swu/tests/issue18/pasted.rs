//! Item 8: lists as people paste them into a chat, a forum or a form, each shape a test: the
//! real tournament list of the shared data (Han Solo / Level 1313) written with inline labels,
//! bullets, Markdown and Discord decoration, and a JSON export with a byte-order mark. Each one
//! reads to the very deck the melee.gg export reads to, without an error.

use std::collections::BTreeMap;
use std::sync::Arc;

use deckcheck_core::AnyGame;
use jiff::civil::date;

use super::support::*;

/// The deck a list reads to, copies per card (by name, whatever printing the list named) and
/// section, and every diagnostic (a pasted list reads as cleanly as the export: no error, and no
/// warning that a line was read loosely).
fn read(
    game: &Arc<dyn AnyGame>,
    text: &str,
) -> (BTreeMap<(&'static str, String), u64>, Vec<String>) {
    let answer = validate(game, text, "premier", date(2025, 1, 15));
    let deck = &answer.decks[0];
    let errors = deck
        .diagnostics
        .iter()
        .map(|d| format!("{:?} {}", d.severity, d.message))
        .collect();
    let mut tally = BTreeMap::new();
    for section in &deck.view.as_ref().unwrap().sections {
        for line in &section.lines {
            *tally.entry((section.id, line.card.name())).or_insert(0) += u64::from(line.count);
        }
    }
    (tally, errors)
}

/// The melee.gg list's card lines: (section, count, title, subtitle).
fn cards() -> Vec<(&'static str, u32, String, Option<String>)> {
    let mut out = Vec::new();
    let mut section = "";
    for line in wichita("melee.txt").lines() {
        match line.trim() {
            "" => {}
            "Leaders" => section = "leader",
            "Base" => section = "base",
            "Deck" => section = "main",
            "Sideboard" => section = "sideboard",
            card => {
                let mut parts = card.split(" | ");
                let count = parts.next().unwrap().parse().unwrap();
                let title = parts.next().unwrap().to_string();
                out.push((section, count, title, parts.next().map(str::to_string)));
            }
        }
    }
    out
}

/// The list rewritten: each section's header by `header`, each card by `line`.
fn rewrite(
    header: impl Fn(&str) -> Option<String>,
    line: impl Fn(&str, u32, &str, Option<&str>) -> String,
) -> String {
    let mut out = Vec::new();
    let mut last = "";
    for (section, count, title, subtitle) in cards() {
        if section != last {
            if let Some(h) = header(section) {
                out.push(h);
            }
            last = section;
        }
        out.push(line(section, count, &title, subtitle.as_deref()));
    }
    out.join("\n")
}

fn name(title: &str, subtitle: Option<&str>, sep: &str) -> String {
    match subtitle {
        Some(s) => format!("{title}{sep}{s}"),
        None => title.to_string(),
    }
}

fn label(section: &str) -> &'static str {
    match section {
        "leader" => "Leader",
        "base" => "Base",
        "main" => "Deck",
        _ => "Sideboard",
    }
}

fn reads_as_the_melee_export(text: &str) {
    let game = game();
    let (expected, none) = read(game, &wichita("melee.txt"));
    assert!(none.is_empty(), "{none:?}");
    let (found, errors) = read(game, text);
    assert!(errors.is_empty(), "{errors:#?}\n{text}");
    assert_eq!(found, expected, "\n{text}");
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn inline_labels_for_leader_and_base() {
    // "Leader: Han Solo - Audacious Smuggler", "Base: Level 1313", then the cards.
    let text = rewrite(
        |s| (s == "sideboard").then(|| "Sideboard".to_string()),
        |s, n, t, sub| match s {
            "leader" | "base" => format!("{}: {}", label(s), name(t, sub, " - ")),
            _ => format!("{n}x {}", name(t, sub, " - ")),
        },
    );
    assert!(text.starts_with("Leader: Han Solo - Audacious Smuggler\nBase: Level 1313\n3x "));
    reads_as_the_melee_export(&text);
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn dash_bullets_under_plain_headers() {
    let text = rewrite(
        |s| Some(format!("{}:", label(s))),
        |_, n, t, sub| format!("- {n}x {}", name(t, sub, " | ")),
    );
    reads_as_the_melee_export(&text);
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn star_and_dot_bullets_with_trailing_counts() {
    let text = rewrite(
        |s| Some(label(s).to_string()),
        |s, n, t, sub| {
            let bullet = if s == "main" { "*" } else { "•" };
            format!("{bullet} {}, x{n}", name(t, sub, ", ")).replace(", x", " x")
        },
    );
    reads_as_the_melee_export(&text);
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn markdown_headers_and_bold_labels() {
    let text = rewrite(
        |s| {
            Some(match s {
                "leader" | "base" => format!("**{}:**", label(s)),
                _ => format!("## {}", label(s)),
            })
        },
        |_, n, t, sub| format!("{n} {}", name(t, sub, " - ")),
    );
    reads_as_the_melee_export(&text);
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_discord_message_with_a_code_block_quotes_and_bold_inline_labels() {
    let body = rewrite(
        |s| matches!(s, "main" | "sideboard").then(|| format!("> __{}__", label(s))),
        |s, n, t, sub| match s {
            "leader" | "base" => format!("> **{}:** {}", label(s), name(t, sub, " | ")),
            _ => format!("> `{n}x {}`", name(t, sub, " | ")),
        },
    );
    let text = format!("Here's my list for Saturday!\n```\n{body}\n```\n");
    let game = game();
    let (_, errors) = read(game, &text);
    // The chat line above the list is no card: one error for it, and nothing else.
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert!(errors[0].starts_with("Error line 1"), "{errors:?}");
    reads_as_the_melee_export(&text.replacen("Here's my list for Saturday!\n", "", 1));
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_spaced_count_under_markdown_subheaders() {
    let text = rewrite(
        |s| Some(format!("### {}", label(s))),
        |_, n, t, sub| format!("* {n} x {}", name(t, sub, " | ")),
    );
    reads_as_the_melee_export(&text);
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_swudb_export_with_a_byte_order_mark() {
    // Regression for issue 18, item 8: the API refused what the CLI read.
    let text = format!("\u{feff}{}", wichita("swudb.json"));
    let game = game();
    let answer = validate(game, &text, "premier", date(2025, 1, 15));
    assert_eq!(answer.decks[0].input_format, "swudb-json");
    reads_as_the_melee_export(&text);
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_line_that_is_only_a_bullet_or_a_fence_is_no_card() {
    let text = format!("-\n*\n```\n{}\n```", wichita("melee.txt"));
    reads_as_the_melee_export(&text);
}
