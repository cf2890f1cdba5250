//! Link → verdict for a real 1,000-point army (Legion HQ's data from ../shared). Skipped with
//! one line when the data is absent.
//!
//! cargo bench -p deckcheck-legion --bench legion -- --warm-up-time 1 --measurement-time 3

use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use deckcheck_core::{Ask, Game};
use deckcheck_legion::Legion;
use deckcheck_legion::catalog::Catalog;
use deckcheck_legion::data::LegionData;
use jiff::civil::date;

/// The spec's example army: 984 points, 14 units, command hand and battle deck.
const LINK: &str = "https://legionhq2.com/list/rebels/1000:1ab0000,1ad0000,3ahed0dc0,1aieh000,1gv00000,1ae000,2ak00000,2ao00,1he00,1ap000,cr,cq,vo,ck,bj,ch,Ag,Ah,Ai,Aa,Ab,Ac,yu,yv,yw";

fn bench(c: &mut Criterion) {
    let dir = Path::new(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../../shared/data/legion/legion-hq"
    ));
    if !dir.is_dir() {
        eprintln!("legion benchmark skipped: {} is absent", dir.display());
        return;
    }
    let game = Legion::new(Catalog::load(dir).unwrap(), LegionData::embedded().unwrap());
    let format = game.info().format("standard").unwrap().clone();
    let ask = Ask {
        as_of: date(2026, 11, 22),
        player: None,
        uid: None,
        registration: false,
    };
    let options = Default::default();
    c.bench_function("legion link to verdict (1,000-point army)", |b| {
        b.iter(|| {
            let army = game.import(std::hint::black_box(LINK), None).unwrap();
            let judged = game
                .check(std::slice::from_ref(&army), &[&format], &ask, &options)
                .unwrap();
            std::hint::black_box(judged[0].report.verdict)
        })
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
