//! `docs/violation-codes.md` lists every violation code with its meaning, generated from the
//! code so it cannot drift. Run with `UPDATE_DOCS=1` to rewrite it after adding a code.

use deckcheck::rules::Code;

fn generated() -> String {
    let mut out = String::from(
        "# Violation codes\n\nStable ids of the `violations[].code` field: an API contract. A code is never renamed or\nreused; new rules add new codes. Generated from `src/rules/report.rs` (`UPDATE_DOCS=1 cargo test`).\n\n| code | meaning |\n|---|---|\n",
    );
    for code in Code::ALL {
        out.push_str(&format!("| `{}` | {} |\n", code.as_str(), code.meaning()));
    }
    out
}

#[test]
fn the_documented_violation_codes_match_the_code() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/violation-codes.md");
    let expected = generated();
    if std::env::var_os("UPDATE_DOCS").is_some() {
        std::fs::write(&path, &expected).unwrap();
    }
    let actual = std::fs::read_to_string(&path).unwrap_or_default();
    assert_eq!(
        actual,
        expected,
        "run UPDATE_DOCS=1 cargo test to regenerate {}",
        path.display()
    );
}

#[test]
fn every_code_serializes_to_its_documented_id() {
    for code in Code::ALL {
        assert_eq!(serde_json::to_value(code).unwrap(), code.as_str());
    }
}
