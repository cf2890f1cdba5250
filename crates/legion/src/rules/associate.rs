//! Associate (spec LEG-ASSOCIATE): a unit with Associate: X does not count toward its rank's
//! maximum when a unit named X is in the army. Source: AMG 2.6.0 Associate; Legion HQ
//! listValidator applyRankAdjustments. An exemption, not a prohibition, so no rule and no
//! code: LEG-RANK applies it and names it.

use super::Ctx;
use crate::catalog::Kw;

impl Ctx<'_> {
    /// Per unit index (empty when no unit has Associate): whether one copy is out of the
    /// rank maximum by Associate, and whom.
    pub fn associate_exempt(&self) -> Vec<Option<(u32, String)>> {
        if !self
            .army
            .units
            .iter()
            .any(|u| self.card(u.card).has(Kw::Associate))
        {
            return Vec::new();
        }
        self.army
            .units
            .iter()
            .map(|u| {
                let c = self.card(u.card);
                match c.keyword("Associate").and_then(|k| k.value.as_deref()) {
                    Some(x) if self.has_unit_named(x) => Some((1, x.to_string())),
                    _ => None,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::super::fixture::*;

    #[test]
    fn seventh_sister_is_a_third_operative_only_beside_fifth_brother() {
        let legal = findings("empire/1000:1at0,3az000,1wl,1wm,1ae0", "standard", TODAY);
        assert!(
            legal
                .violations
                .iter()
                .all(|v| v.code.as_str() != "LEG-RANK"),
            "{:?}",
            legal.violations
        );
    }
}
