//! A small hand-written catalog for the rules' unit tests: a few cards shaped like Legion
//! HQ's, enough to break each rule once. The real data is exercised by tests/legion.

use deckcheck_core::Findings;
use jiff::civil::{Date, date};

use super::{Ctx, Settings};
use crate::Legion;
use crate::army::Army;
use crate::catalog::Catalog;
use crate::data::LegionData;

pub const CARDS: &str = r#"{
 "aa": {"id":"aa","cardName":"Standing Orders","cardType":"command","cardSubtype":"4","commander":"","faction":"","keywords":[]},
 "ab": {"id":"ab","cardName":"Leia Organa","title":"Fearless and Inventive","cardType":"unit","cardSubtype":"trooper","rank":"commander","faction":"rebels","isUnique":true,"cost":75,"keywords":[],"upgradeBar":["command","gear"]},
 "ad": {"id":"ad","cardName":"Luke Skywalker","title":"Hero of the Rebellion","cardType":"unit","cardSubtype":"trooper","rank":"commander","faction":"rebels","isUnique":true,"cost":120,"keywords":["Jump"],"upgradeBar":["force","gear"],
        "history":[{"date":"5 June 2023","description":"Cost reduced from 160 to 150 points."},{"date":"19 July 2024","description":"Cost reduced from 150 to 120 point."}]},
 "ae": {"id":"ae","cardName":"Jyn Erso","title":"Stardust","cardType":"unit","cardSubtype":"trooper","rank":"operative","faction":"rebels","isUnique":true,"cost":75,"keywords":[],"upgradeBar":["gear"]},
 "kf": {"id":"kf","cardName":"Cassian Andor","title":"Rebellion Intelligence","cardType":"unit","cardSubtype":"trooper","rank":"operative","faction":"rebels","isUnique":true,"cost":90,"keywords":["Field Commander"],"upgradeBar":["gear"]},
 "ah": {"id":"ah","cardName":"Rebel Troopers","cardType":"unit","cardSubtype":"trooper","rank":"corps","faction":"rebels","cost":40,"keywords":[],"upgradeBar":["heavy weapon","personnel","gear"],"stats":{"defense":"w"}},
 "ak": {"id":"ak","cardName":"Rebel Commandos","cardType":"unit","cardSubtype":"trooper","rank":"special","faction":"rebels","cost":60,"keywords":[],"upgradeBar":["heavy weapon"]},
 "al": {"id":"al","cardName":"Rebel Commandos","displayName":"Commando Strike Team","cardType":"unit","cardSubtype":"trooper","rank":"support","faction":"rebels","cost":20,"keywords":[{"name":"Detachment","value":"Rebel Commandos"},"Heavy Weapon Team"],"upgradeBar":["heavy weapon"]},
 "ap": {"id":"ap","cardName":"T-47 Airspeeder","cardType":"unit","cardSubtype":"repulsor vehicle","rank":"heavy","faction":"rebels","cost":125,"keywords":["Speeder"],"upgradeBar":["pilot"]},
 "az": {"id":"az","cardName":"Stormtroopers","cardType":"unit","cardSubtype":"trooper","rank":"corps","faction":"empire","cost":44,"keywords":[],"upgradeBar":["heavy weapon","personnel","gear"]},
 "sr": {"id":"sr","cardName":"Stormtroopers","title":"Heavy Response Unit","cardType":"unit","cardSubtype":"trooper","rank":"corps","faction":"empire","cost":60,"specialIssue":"Blizzard Force","keywords":[],"upgradeBar":["heavy weapon"]},
 "av": {"id":"av","cardName":"Director Orson Krennic","cardType":"unit","cardSubtype":"trooper","rank":"commander","faction":"empire","isUnique":true,"cost":80,"keywords":[{"name":"Entourage","value":"Imperial Death Troopers"}],"upgradeBar":["command"]},
 "bd": {"id":"bd","cardName":"Imperial Death Troopers","cardType":"unit","cardSubtype":"trooper","rank":"special","faction":"empire","cost":76,"keywords":[],"upgradeBar":[]},
 "wl": {"id":"wl","cardName":"Fifth Brother","cardType":"unit","cardSubtype":"trooper","rank":"operative","faction":"empire","isUnique":true,"cost":80,"keywords":[],"upgradeBar":[]},
 "wm": {"id":"wm","cardName":"Seventh Sister","cardType":"unit","cardSubtype":"trooper","rank":"operative","faction":"empire","isUnique":true,"cost":80,"keywords":[{"name":"Associate","value":"Fifth Brother"}],"upgradeBar":[]},
 "at": {"id":"at","cardName":"General Veers","cardType":"unit","cardSubtype":"trooper","rank":"commander","faction":"empire","isUnique":true,"cost":70,"keywords":[],"upgradeBar":["command"]},
 "Fd": {"id":"Fd","cardName":"Weequay Pirates","cardType":"unit","cardSubtype":"trooper","rank":"corps","faction":"mercenary","affiliations":["empire","rebels"],"cost":40,"keywords":[{"name":"Mercenary","value":"Empire, Rebels"}],"upgradeBar":[]},
 "ed": {"id":"ed","cardName":"Z-6 Trooper","cardType":"upgrade","cardSubtype":"heavy weapon","cost":20,"keywords":[],"requirements":[{"cardName":"Rebel Troopers"}]},
 "dc": {"id":"dc","cardName":"Targeting Scopes","cardType":"upgrade","cardSubtype":"gear","cost":4,"keywords":[]},
 "Im": {"id":"Im","cardName":"Luke Skywalker","cardType":"upgrade","cardSubtype":"heavy weapon","isUnique":true,"cost":25,"keywords":["Leader"],"requirements":["OR",{"cardName":"Rebel Troopers"}],"additionalUpgradeSlots":["heavy weapon"]},
 "jo": {"id":"jo","cardName":"Rebel Trooper Captain","cardType":"upgrade","cardSubtype":"personnel","cost":6,"keywords":["Leader"],"requirements":[{"cardName":"Rebel Troopers"}]},
 "er": {"id":"er","cardName":"Rebel Officer","cardType":"upgrade","cardSubtype":"personnel","cost":7,"keywords":["Leader"],"requirements":[{"faction":"rebels"}]},
 "cw": {"id":"cw","cardName":"Improvised Orders","cardType":"upgrade","cardSubtype":"command","isUnique":true,"cost":5,"keywords":[]},
 "dm": {"id":"dm","cardName":"HQ Uplink","cardType":"upgrade","cardSubtype":"gear","uniqueCount":2,"cost":10,"keywords":[]},
 "lu": {"id":"lu","cardName":"Jyn's SE-14 Blaster","cardType":"upgrade","cardSubtype":"gear","isUnique":true,"cost":10,"keywords":[]},
 "Bo": {"id":"Bo","cardName":"Imperial March","cardType":"upgrade","cardSubtype":"training","cost":6,"keywords":[],"requirements":[{"faction":"empire","rank":"corps"}]},
 "pl": {"id":"pl","cardName":"Leading Pilot","cardType":"upgrade","cardSubtype":"pilot","cost":5,"keywords":[],"isUnreleased":"Q4 2026"},
 "cq": {"id":"cq","cardName":"Son of Skywalker","cardType":"command","cardSubtype":"1","commander":"Luke Skywalker","faction":"rebels","keywords":[]},
 "cr": {"id":"cr","cardName":"Coordinated Bombardment","cardType":"command","cardSubtype":"1","commander":"Leia Organa","faction":"rebels","keywords":[]},
 "c1": {"id":"c1","cardName":"Ambush","cardType":"command","cardSubtype":"1","commander":"","faction":"","keywords":[]},
 "c2": {"id":"c2","cardName":"Push","cardType":"command","cardSubtype":"2","commander":"","faction":"","keywords":[]},
 "c3": {"id":"c3","cardName":"Assault","cardType":"command","cardSubtype":"3","commander":"","faction":"","keywords":[]},
 "c4": {"id":"c4","cardName":"Covering Fire","cardType":"command","cardSubtype":"2","commander":"","faction":"","keywords":[]},
 "c5": {"id":"c5","cardName":"Take Cover","cardType":"command","cardSubtype":"3","commander":"","faction":"","keywords":[]},
 "c6": {"id":"c6","cardName":"Imperial Discipline","cardType":"command","cardSubtype":"3","commander":"","faction":"empire","keywords":[]},
 "p1": {"id":"p1","cardName":"Breakthrough","cardType":"battle","cardSubtype":"primary","keywords":[]},
 "p2": {"id":"p2","cardName":"Bunker Assault","cardType":"battle","cardSubtype":"primary","keywords":[]},
 "p3": {"id":"p3","cardName":"Close the Pocket","cardType":"battle","cardSubtype":"primary","keywords":[]},
 "pr": {"id":"pr","cardName":"Bunker Assault","cardType":"battle","cardSubtype":"primary","keywords":["Recon"]},
 "s1": {"id":"s1","cardName":"Bring Them to Heel","cardType":"battle","cardSubtype":"secondary","keywords":[]},
 "s2": {"id":"s2","cardName":"Destroy Enemy Base","cardType":"battle","cardSubtype":"secondary","keywords":[]},
 "s3": {"id":"s3","cardName":"Marked Targets","cardType":"battle","cardSubtype":"secondary","keywords":[]},
 "a1": {"id":"a1","cardName":"Advanced Intel","cardType":"battle","cardSubtype":"advantage","keywords":[]},
 "a2": {"id":"a2","cardName":"Cunning Deployment","cardType":"battle","cardSubtype":"advantage","keywords":[]},
 "a3": {"id":"a3","cardName":"Fortified Position","cardType":"battle","cardSubtype":"advantage","keywords":[]},
 "a4": {"id":"a4","cardName":"Extreme Discipline","cardType":"battle","cardSubtype":"advantage","faction":"empire","keywords":[]}
}"#;

pub const FORCES: &str = r#"{
 "Blizzard Force": {"name":"Blizzard Force","faction":"empire","linkId":"bf",
   "commander":["at"],"operative":[],"corps":["az","sr"],"special":[],"support":[],"heavy":[],
   "allowedUpgrades":["cw"],"rules":{"noFieldComm":true,"unitLimits":[{"ids":["sr"],"count":[0,1]}],"ccAsCorps":true},
   "standard mode":{"commander":[1,2],"operative":[0,0],"corps":[3,6],"special":[0,3],"support":[0,4],"heavy":[0,2]},
   "500-point mode":{"commander":[1,2],"operative":[0,0],"corps":[2,4],"special":[0,3],"support":[0,3],"heavy":[0,1]}}
}"#;

pub const MODES: &str = r#"{
 "standard mode": {"name":"Standard","maxPoints":1000,"rankReqs":{"commander":[1,2],"operative":[0,2],"corps":[3,6],"special":[0,3],"support":[0,3],"heavy":[0,2]}}
}"#;

pub fn catalog() -> Catalog {
    Catalog::from_json(CARDS, FORCES, MODES, "fixture").expect("the fixture loads")
}

pub const TODAY: Date = date(2026, 11, 22);

/// Reads a link against the fixture catalog.
pub fn army(cat: &Catalog, link: &str) -> Army {
    use deckcheck_core::InputFormat;
    crate::input::link::Link
        .read(cat, link)
        .expect("the link reads")
        .deck
}

/// The fixture catalog with the embedded data.
pub fn game() -> Legion {
    Legion::new(catalog(), LegionData::embedded().unwrap())
}

/// The codes the rules find for a link in a mode on a date.
pub fn findings(link: &str, mode: &str, as_of: Date) -> Findings {
    let game = game();
    let army = army(game.catalog(), link);
    let settings = Settings::default();
    let cx = Ctx::new(
        &game,
        &army,
        game.data().mode(mode).unwrap(),
        as_of,
        &settings,
    );
    super::check(&cx)
}

/// The codes one rule finds for a link in Standard today.
pub fn codes_of(rule: &dyn for<'a> deckcheck_core::Rule<Ctx<'a>>, link: &str) -> Vec<&'static str> {
    let game = game();
    let army = army(game.catalog(), link);
    let settings = Settings::default();
    let cx = Ctx::new(
        &game,
        &army,
        game.data().mode("standard").unwrap(),
        TODAY,
        &settings,
    );
    let mut out = Findings::default();
    rule.check(&cx, &mut out);
    out.violations.iter().map(|v| v.code.as_str()).collect()
}
