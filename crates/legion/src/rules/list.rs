//! LEG-LIST (warning): a registered army list names every unit, upgrade and command card so
//! that each is uniquely identified; a text list without titles does not. Source: REG Army
//! Lists L148–156.

use deckcheck_core::wording::names;
use deckcheck_core::{Code, CodeInfo, Findings, NoteKind, Rule};

use super::Ctx;
use crate::army::Source;

pub const CODE: Code = Code::new("LEG-LIST");

pub struct ArmyList;

impl Rule<Ctx<'_>> for ArmyList {
    fn codes(&self) -> &'static [CodeInfo] {
        &[CodeInfo {
            code: CODE,
            meaning: "(warning) the list does not identify every card uniquely",
        }]
    }
    fn check(&self, cx: &Ctx<'_>, out: &mut Findings) {
        if cx.army.source != Source::Text {
            return;
        }
        let mut shared = Vec::new();
        super::for_each_card(cx.army, |card, line| {
            let c = cx.card(card);
            let others = cx
                .cat
                .by_short_name(c.display_name.as_deref().unwrap_or(&c.name))
                .iter()
                .filter(|o| **o != card && cx.card(**o).kind == c.kind)
                .count();
            let r = cx.card_ref(card, line);
            if others > 0 && !shared.contains(&r) {
                shared.push(r);
            }
        });
        if !shared.is_empty() {
            out.note(
                NoteKind::Caveat,
                Some("REG Army Lists L152"),
                format!(
                    "The list names {} without a title while other cards share the name; they were told apart by faction, rank or cost, but a registered list must identify them uniquely.",
                    names(&shared)
                ),
            );
        }
    }
}
