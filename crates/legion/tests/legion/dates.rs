//! The same army on different dates: the cap went from 800 to 1,000 points on 2024-07-24,
//! costs are rebuilt from each card's history, and rank and uniqueness changes apply on
//! their dates.

use deckcheck_core::{Game, NoteKind, Verdict};
use deckcheck_legion::rules::{Ctx, Settings};
use jiff::civil::date;

use super::common::*;

pub(crate) const UNITS: &str = "https://legionhq2.com/list/rebels/1000:1ab0000,1ad0000,3ahed0dc0,1aieh000,1gv00000,1ae000,2ak00000,2ao00,1he00,1ap000";

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn before_2024_07_24_the_same_army_breaks_the_800_point_cap_at_its_old_costs() {
    let g = game();
    let r = judge(g, UNITS, "standard", date(2023, 8, 1));
    assert_illegal(&r, "LEG-POINTS");
    let v = r
        .violations
        .iter()
        .find(|v| v.code.as_str() == "LEG-POINTS")
        .unwrap();
    assert_eq!(v.expected, Some(800));
    assert!(v.actual.unwrap() > 984, "{:?}", v.actual);
    assert_eq!(v.section, "REG Army Building L140");
    assert!(
        r.notes
            .iter()
            .any(|n| n.kind == NoteKind::Unverified && n.message.contains("card pool"))
    );
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn costs_on_a_past_date_are_rebuilt_from_the_cards_history() {
    let g = game();
    let imported = g.import("rebels/1000:1ad0000", None).unwrap();
    let s = Settings::default();
    let total = |d| {
        let cx = Ctx::new(g, &imported.deck, g.data().mode("standard").unwrap(), d, &s);
        cx.total().0.points
    };
    // Luke: 160 until 2023-06-05, 150 until 2024-07-19, 120 since.
    assert_eq!(total(date(2023, 6, 4)), 160);
    assert_eq!(total(date(2023, 6, 5)), 150);
    assert_eq!(total(date(2024, 7, 19)), 120);
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn a_cost_change_written_in_words_only_leaves_the_points_unverified() {
    let g = game();
    // Iden Versio: "card cost increased by cost of gun (100 to 115)" on 2025-04-15.
    let r = judge(
        g,
        "https://legionhq2.com/list/empire/1000:1kg0000+1lw0,3ay0000",
        "standard",
        date(2025, 1, 1),
    );
    assert_eq!(r.verdict, Verdict::Unverified);
    assert!(
        r.notes.iter().any(|n| n.message.contains("Iden Versio")),
        "{:?}",
        r.notes
    );
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn jyn_erso_was_a_commander_before_2025_04_15() {
    let g = game();
    let list = "https://legionhq2.com/list/rebels/1000:1ab0000,1ad0000,1ae000,3ah0000";
    let then = judge(g, list, "standard", date(2025, 4, 14));
    assert_illegal(&then, "LEG-RANK");
    let now = judge(g, list, "standard", TODAY);
    assert_legal(&now);
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn the_window_of_an_army_opens_when_the_cap_rose_to_1000() {
    let g = game();
    let any = any(g);
    let window = any
        .window(
            &request(UNITS, &["standard"], TODAY),
            Some(date(2023, 1, 1)),
            Some(TODAY),
        )
        .unwrap();
    let intervals = &window.formats[0].intervals;
    let illegal_until = intervals
        .iter()
        .find(|i| i.verdict == Verdict::Illegal)
        .and_then(|i| i.until);
    assert!(
        illegal_until.is_some_and(|d| d <= date(2024, 7, 24)),
        "{intervals:#?}"
    );
    assert_eq!(intervals.last().unwrap().verdict, Verdict::Legal);
}

/// A Recon army with Recon battle cards; `units` are its units, before the command hand.
fn recon(units: &str) -> String {
    format!(
        "https://legionhq2.com/list/rebels/600:{units},cr,bl,vo,bk,bj,ch,An,Ao,Ap,Aq,Ar,As,At,Au,Av"
    )
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn a_recon_army_between_500_and_600_points_is_unverified_as_the_600_cap_is_unconfirmed() {
    let g = game();
    let list = recon("1ab0000,3ahed0dc0,1ae000,1ap000,1ak00000");
    let r = judge(g, &list, "recon", TODAY);
    let points = points_of(g, &list);
    assert!((501..=600).contains(&points), "{points} points");
    assert_eq!(
        r.verdict,
        Verdict::Unverified,
        "{}",
        serde_json::to_string_pretty(&r).unwrap()
    );
    assert!(
        r.notes
            .iter()
            .any(|n| n.kind == NoteKind::Unverified && n.message.contains("600-point")),
        "{:?}",
        r.notes
    );
    // Under 500 points the unconfirmed cap decides nothing: legal.
    let small = recon("1ab0000,3ah0000,1ae000");
    assert!(points_of(g, &small) <= 500);
    assert_legal(&judge(g, &small, "recon", TODAY));
}

#[test]
#[ignore = "needs ../shared: the Legion data (../shared/data/legion)"]
fn a_battle_deck_before_2024_07_24_is_unverified_as_ffgs_4_4_4_cards_are_not_in_the_data() {
    let g = game();
    // Legal today with its 3/3/3 battle deck; in 2023 its 984 points also broke the 800 cap,
    // so an 800-point army is judged.
    let list = "https://legionhq2.com/list/rebels/1000:1ab0000,1ad0000,3ah0000,cr,cq,vo,ck,bj,ch,Ag,Ah,Ai,Aa,Ab,Ac,yu,yv,yw";
    assert_legal(&judge(g, list, "standard", TODAY));
    let then = judge(g, list, "standard", date(2024, 7, 23));
    assert_eq!(
        then.verdict,
        Verdict::Unverified,
        "{}",
        serde_json::to_string_pretty(&then).unwrap()
    );
    assert!(
        then.notes
            .iter()
            .any(|n| n.kind == NoteKind::Unverified && n.message.contains("four of each")),
        "{:?}",
        then.notes
    );
}

fn points_of(g: &deckcheck_legion::Legion, list: &str) -> u64 {
    let imported = g.import(list, None).unwrap();
    let s = Settings::default();
    Ctx::new(
        g,
        &imported.deck,
        g.data().mode("recon").unwrap(),
        TODAY,
        &s,
    )
    .total()
    .0
    .points
}
