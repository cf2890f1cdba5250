//! Entourage (spec LEG-ENTOURAGE): for each unit with Entourage: X in the army, one unit named
//! X does not count toward its rank's maximum. Source: AMG 2.6.0 Entourage; Legion HQ
//! listValidator applyRankAdjustments. An exemption, not a prohibition, so no rule and no
//! code: LEG-RANK applies it and names it; an army it does not save is a LEG-RANK violation.

use rustc_hash::FxHashMap as HashMap;

use super::Ctx;
use crate::catalog::Kw;

impl Ctx<'_> {
    /// Per unit index (empty when no unit has Entourage), how many of its copies Entourage
    /// takes out of the rank maximum, and the unit whose Entourage it is.
    pub fn entourage_exempt(&self) -> Vec<Option<(u32, String)>> {
        if !self
            .army
            .units
            .iter()
            .any(|u| self.card(u.card).has(Kw::Entourage))
        {
            return Vec::new();
        }
        let mut allowance: HashMap<&str, (u32, String)> = HashMap::default();
        for u in &self.army.units {
            let c = self.card(u.card);
            for k in c.keywords.iter().filter(|k| k.name == "Entourage") {
                if let Some(target) = k.value.as_deref() {
                    let e = allowance.entry(target).or_insert((0, c.name.to_string()));
                    e.0 += u.count;
                }
            }
        }
        self.army
            .units
            .iter()
            .map(|u| {
                let name = &*self.card(u.card).name;
                match allowance.get_mut(name) {
                    Some((left, holder)) if *left > 0 => {
                        let n = u.count.min(*left);
                        *left -= n;
                        Some((n, holder.clone()))
                    }
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
    fn krennic_lets_a_fourth_death_trooper_unit_be_taken() {
        let legal = findings("empire/1000:1av0,3az000,4bd", "standard", TODAY);
        assert!(legal.violations.is_empty(), "{:?}", legal.violations);
        let illegal = findings("empire/1000:1at0,3az000,4bd", "standard", TODAY);
        assert_eq!(illegal.violations[0].code.as_str(), "LEG-RANK");
        let too_many = findings("empire/1000:1av0,3az000,5bd", "standard", TODAY);
        assert_eq!(too_many.violations[0].code.as_str(), "LEG-RANK");
    }
}
