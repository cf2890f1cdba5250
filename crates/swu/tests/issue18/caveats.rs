//! Item 6: a verdict resting on a fact the data marks single-source or unconfirmed says so in one
//! plain sentence written with that fact (a release date sources disagree on, a rotation block
//! one source gives, a suspension's dates); research notes never reach players.

use deckcheck_core::{NoteKind, Verdict};
use deckcheck_swu::data::LegalityData;
use jiff::civil::{Date, date};

use super::support::*;

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn the_eternal_suspension_names_its_announcement_and_the_guide_that_omits_it_and_no_research_notes()
{
    // Regression for issue 18, item 6: the answer printed "EXACT DATE UNKNOWN ... Karabast
    // commit date ... The apostrophe in the subtitle is ASCII".
    let game = game();
    let answer = validate(game, &sec_deck_with("JTL_140"), "eternal", date(2026, 5, 1));
    let r = report(&answer);
    assert_eq!(
        r.verdict,
        Verdict::Illegal,
        "two sources (issue 28): the verdict stands"
    );
    let v = r
        .violations
        .iter()
        .find(|v| v.code.as_str() == "card-suspended")
        .unwrap();
    let caveat = v.caveat.as_deref().unwrap();
    assert!(
        caveat.contains("Eternal Format Update of 15 April 2026")
            && caveat.contains("two sources")
            && caveat.contains("26 June 2026"),
        "{caveat}"
    );
    let json = serde_json::to_string(&answer).unwrap();
    for research in ["EXACT DATE", "Karabast", "apostrophe", "commit", "CONFLICT"] {
        assert!(!json.contains(research), "{research} reached the answer");
    }
}

#[test]
fn the_reference_data_the_api_serves_has_no_research_notes() {
    let data = LegalityData::embedded().unwrap();
    for json in [
        serde_json::to_value(&data.sets).unwrap(),
        serde_json::to_value(&data.suspensions).unwrap(),
        serde_json::to_value(&data.exceptions).unwrap(),
    ] {
        let text = json.to_string();
        assert!(
            !text.contains("\"notes\""),
            "{}",
            &text[..200.min(text.len())]
        );
    }
}

#[test]
fn every_uncertain_fact_has_its_own_sentence_and_one_without_is_refused() {
    let data = LegalityData::embedded().expect("every uncertain fact has a caveat");
    let ts26 = data.set("TS26").unwrap();
    assert!(ts26.caveat.as_deref().unwrap().contains("2026 Twin Suns"));
    // A copy of the data with one caveat removed does not load.
    let dir = tempfile::tempdir().unwrap();
    let src = std::path::Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../../card_data/swu"));
    for entry in std::fs::read_dir(src).unwrap() {
        let entry = entry.unwrap();
        std::fs::copy(entry.path(), dir.path().join(entry.file_name())).unwrap();
    }
    // (Cad Bane's suspension, the example here before issue 28, is now confirmed by two sources.)
    let sets = dir.path().join("sets.toml");
    let text = std::fs::read_to_string(&sets).unwrap();
    let ts26 = text
        .find("caveat = \"The release day of the 2026 Twin Suns")
        .unwrap();
    let end = ts26 + text[ts26..].find('\n').unwrap() + 1;
    std::fs::write(&sets, format!("{}{}", &text[..ts26], &text[end..])).unwrap();
    let err = LegalityData::from_dir(dir.path()).unwrap_err().to_string();
    assert!(err.contains("TS26") && err.contains("caveat"), "{err}");
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_twin_suns_product_card_on_a_day_the_sources_disagree_on_cannot_be_judged() {
    let game = game();
    let text = sec_deck_with("TS26_20");
    let on = |d: Date| report(&validate(game, &text, "eternal", d)).clone();
    let before = on(date(2026, 5, 1));
    assert_eq!(
        before.verdict,
        Verdict::Illegal,
        "no source has it out before 4 May"
    );
    assert!(before.violations[0].caveat.is_none());
    let disputed = on(date(2026, 5, 5));
    assert_eq!(disputed.verdict, Verdict::Unverified);
    assert!(
        disputed.violations[0]
            .caveat
            .as_deref()
            .unwrap()
            .contains("4, 6 and 8 May 2026")
    );
    assert_eq!(on(date(2026, 5, 8)).verdict, Verdict::Legal);
    assert!(on(date(2026, 5, 8)).notes.is_empty());
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn a_card_premier_legal_only_through_icons_2027_says_that_is_not_confirmed() {
    let game = game();
    // Cunning Ploy is printed only in Icons 2027, whose rotation block one source gives.
    let answer = validate(
        game,
        &sec_deck_with("IC27_168"),
        "premier",
        date(2026, 11, 22),
    );
    let r = report(&answer);
    assert_eq!(r.verdict, Verdict::Unverified, "{:#?}", r.violations);
    let note = r
        .notes
        .iter()
        .find(|n| n.kind == NoteKind::Unverified)
        .unwrap();
    assert!(
        note.message
            .contains("Icons 2027 cards count for Premier is not confirmed"),
        "{}",
        note.message
    );
    // In Eternal every released card counts: nothing to say.
    let eternal = validate(
        game,
        &sec_deck_with("IC27_168"),
        "eternal",
        date(2026, 11, 22),
    );
    assert_eq!(report(&eternal).verdict, Verdict::Legal);
    assert!(report(&eternal).notes.is_empty());
}

#[test]
#[ignore = "needs ../shared: the SWU data (../shared/data/swu)"]
fn no_answer_carries_the_old_generic_sentence() {
    let game = game();
    for (text, format, on) in [
        (sec_deck_with("JTL_170"), "eternal", date(2026, 5, 1)),
        (sec_deck_with("TS26_20"), "eternal", date(2026, 5, 5)),
        (wichita("melee.txt"), "twin-suns", date(2025, 6, 1)),
        (
            sec_deck(&["ASH_011"], "SEC_019"),
            "premier",
            date(2026, 9, 1),
        ),
    ] {
        let json = serde_json::to_string(&validate(game, &text, format, on)).unwrap();
        assert!(
            !json.contains("not confirmed by an official source"),
            "{format} {on}: {json}"
        );
    }
}
