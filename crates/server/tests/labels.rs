//! Every value a metric's label can take is listed in `docs/operations.md` (issue 35 item 7):
//! `deckcheck_store_errors_total` emitted kinds (`unavailable`, `read-only`) the document did not
//! list. The section between `<!-- metric-labels -->` and `<!-- /metric-labels -->` is written
//! from the code (`UPDATE_DOCS=1 cargo test -p deckcheck-server --test labels`) and this test
//! keeps the two in step: the route templates every route is registered with, every status an
//! answer can have, the games and their formats, and each bounded label's values.

use std::collections::BTreeSet;
use std::path::PathBuf;

use deckcheck_server::limits::Spend;
use deckcheck_server::metrics::{self, labels};

fn operations() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../docs/operations.md")
}

const START: &str = "<!-- metric-labels -->";
const END: &str = "<!-- /metric-labels -->";

fn list<I: IntoIterator<Item = S>, S: AsRef<str>>(values: I) -> String {
    values
        .into_iter()
        .map(|v| format!("`{}`", v.as_ref()))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The section as the code makes it.
async fn section() -> String {
    // Registering every route names each route's metrics (`RouteMetrics`).
    let _app = actix_web::test::init_service(
        actix_web::App::new().configure(deckcheck_server::app::routes),
    )
    .await;
    let mut routes: BTreeSet<String> = metrics::route_templates().into_iter().collect();
    routes.insert("/metrics".into());
    routes.insert(labels::UNMATCHED.into());

    // Every status a route documents, every error code's, and what the HTTP layer answers
    // before a route (`Error::from_status`).
    let document = deckcheck_server::app::derived();
    let mut statuses: BTreeSet<u16> = [400, 404, 405, 408, 413, 414, 431, 500].into();
    for item in document["paths"].as_object().unwrap().values() {
        for operation in item.as_object().unwrap().values() {
            if let Some(responses) = operation["responses"].as_object() {
                statuses.extend(responses.keys().filter_map(|k| k.parse::<u16>().ok()));
            }
        }
    }
    statuses.extend(deckcheck_core::ErrorCode::ALL.iter().map(|c| c.status()));

    let games = deckcheck_server::openapi::games(None).unwrap();
    let mut out = String::new();
    out.push_str(&format!("{START}\n"));
    out.push_str("Written from the code (`UPDATE_DOCS=1 cargo test -p deckcheck-server --test labels`); a test keeps it in step.\n\n");
    out.push_str(&format!(
        "- `route` (`deckcheck_http_requests_total`, `deckcheck_http_request_duration_seconds`): {}\n",
        list(&routes)
    ));
    out.push_str(&format!("- `method`: {}\n", list(labels::METHODS)));
    out.push_str(&format!(
        "- `status`: {}\n",
        list(statuses.iter().map(u16::to_string))
    ));
    out.push_str(&format!(
        "- `game` (`deckcheck_validations_total` and the gauges of each game): {}\n",
        list(games.iter().map(|g| g.id))
    ));
    for g in &games {
        out.push_str(&format!(
            "- `format` of `{}` (`deckcheck_validations_total`): {}\n",
            g.id,
            list(g.api.formats.iter().map(|f| f.id.as_str()))
        ));
    }
    out.push_str(&format!(
        "- `verdict` (`deckcheck_validations_total`): {}\n",
        list(labels::VERDICTS)
    ));
    out.push_str(&format!(
        "- `outcome` (`deckcheck_registrations_total`): {}\n",
        list(labels::OUTCOMES)
    ));
    out.push_str(&format!(
        "- `kind` of `deckcheck_rate_limited_total`: {}\n",
        list(Spend::ALL.map(Spend::kind))
    ));
    out.push_str(&format!(
        "- `kind` of `deckcheck_store_errors_total`: {}\n",
        list(labels::STORE_ERRORS)
    ));
    out.push_str(END);
    out
}

#[actix_web::test]
async fn docs_operations_lists_every_value_every_metric_label_takes() {
    let path = operations();
    let text = std::fs::read_to_string(&path).unwrap();
    let (Some(start), Some(end)) = (text.find(START), text.find(END)) else {
        panic!("docs/operations.md has no {START} … {END} section");
    };
    let written = &text[start..end + END.len()];
    let made = section().await;
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&path, text.replace(written, &made)).unwrap();
        return;
    }
    assert_eq!(
        written, made,
        "docs/operations.md's metric labels differ from the code: run UPDATE_DOCS=1 cargo test -p deckcheck-server --test labels"
    );
}

/// `text` without what its parentheses hold.
fn without_parentheses(text: &str) -> String {
    let mut depth = 0usize;
    text.chars()
        .filter(|c| match c {
            '(' => {
                depth += 1;
                false
            }
            ')' => {
                depth = depth.saturating_sub(1);
                false
            }
            _ => depth == 0,
        })
        .collect()
}

/// The table of metrics names the same values as the generated list, metric by metric.
#[test]
fn the_metrics_table_names_each_bounded_labels_values() {
    let text = std::fs::read_to_string(operations()).unwrap();
    let row = |metric: &str| {
        text.lines()
            .find(|l| l.starts_with(&format!("| `{metric}`")))
            .unwrap_or_else(|| panic!("no row of {metric}"))
            .to_string()
    };
    for (metric, values) in [
        (
            "deckcheck_store_errors_total",
            labels::STORE_ERRORS.to_vec(),
        ),
        (
            "deckcheck_rate_limited_total",
            Spend::ALL.map(Spend::kind).to_vec(),
        ),
        ("deckcheck_registrations_total", labels::OUTCOMES.to_vec()),
        ("deckcheck_validations_total", labels::VERDICTS.to_vec()),
    ] {
        let row = row(metric);
        let named: BTreeSet<&str> = row
            .split('`')
            .skip(1)
            .step_by(2)
            .filter(|v| values.contains(v))
            .collect();
        assert_eq!(
            named,
            values.iter().copied().collect::<BTreeSet<_>>(),
            "{metric}: {row}"
        );
        // Nothing listed that the code does not emit: every lower-case value in backticks
        // after the label's name, outside the parentheses that say what it means, is one.
        let column = row.split(" | ").nth(2).unwrap_or_default();
        let Some((_, values_listed)) = column.split_once("`: ") else {
            continue;
        };
        for listed in without_parentheses(values_listed)
            .split('`')
            .skip(1)
            .step_by(2)
        {
            if listed.chars().all(|c| c.is_ascii_lowercase() || c == '-')
                && !listed.is_empty()
                && !listed.starts_with("deckcheck")
            {
                assert!(
                    values.contains(&listed),
                    "{metric} lists {listed:?}, which is never emitted"
                );
            }
        }
    }
}
