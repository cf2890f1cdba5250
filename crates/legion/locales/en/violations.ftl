# Star Wars: Legion: the messages of its violations (docs/violation-codes.md lists the codes).
# $cards is the cards named, already listed as a sentence; $count how many there are. Keywords
# (Equip, Detachment, Entourage, Field Commander…), unit, upgrade, slot, battle force and
# faction names are Legion HQ's, as the data names them.

## Words the messages are built with.

# Units of a rank, as players say them.
legion-rank-units = { $rank ->
    [commander] commander units
    [operative] operative units
    [corps] corps units
    [special] special forces units
    [support] support units
   *[heavy] heavy units
}
legion-rank-units-non-merc = { $rank ->
    [commander] non-mercenary commander units
    [operative] non-mercenary operative units
    [corps] non-mercenary corps units
    [special] non-mercenary special forces units
    [support] non-mercenary support units
   *[heavy] non-mercenary heavy units
}
legion-rank-units-merc = { $rank ->
    [commander] mercenary commander units
    [operative] mercenary operative units
    [corps] mercenary corps units
    [special] mercenary special forces units
    [support] mercenary support units
   *[heavy] mercenary heavy units
}
# A battle card type.
legion-battle-type = { $type ->
    [primary] primary
    [secondary] secondary
    [advantage] advantage
   *[other] { $type }
}
# After a list of several cards: "A and B, each: …".
legion-each = , each
# Between the units of a limit: "A or B".
legion-or = { " " }or{ " " }
legion-exempt-entourage = { $copies } { $unit } by Entourage of { $of }
legion-exempt-associate = { $copies } { $unit } by Associate ({ $with } is in the army)
legion-exempt-detachment = { $copies } { $unit } by Detachment
legion-not-counted = { " " }({ $n ->
    [one] { $n } unit
   *[other] { $n } units
} not counted: { $reasons })

## The violations.

legion-battle-deck-count = The battle deck has { $count ->
    [one] { $count } { $type } card
   *[other] { $count } { $type } cards
}; it needs exactly { $per_type }.
legion-battle-deck = { $cards }{ $each }: { $reason ->
    [twice] more than one copy in the battle deck; one copy of each card is allowed
    [not-recon] a Recon battle deck holds only cards with the Recon keyword
    [recon-outside-recon] cards with the Recon keyword are played only in Recon
   *[other-faction] a card of another faction
}.
legion-force-faction = The { $force } battle force is not an army of this faction.
legion-force-units = { $count ->
    [one] { $cards } is not part of the { $force } battle force.
   *[other] { $cards } are not part of the { $force } battle force.
}
legion-force-upgrades = { $count ->
    [one] { $cards } is not allowed in the { $force } battle force.
   *[other] { $cards } are not allowed in the { $force } battle force.
}
legion-force-rule = { $force }: { $rule }.
legion-force-no-option = no option named { $chosen } (it offers no options)
legion-force-unknown-option = no option named { $chosen } (its options are { $offered })
legion-force-at-most = at most { $max } { $units } (the army has { $count })
legion-force-at-least = at least { $min } { $units } (the army has { $count })
legion-force-corps-first = one unit of each of its corps must be taken before a second of any
legion-force-wookiees = at least 3 Wookiee trooper units (the army has { $count })
legion-force-non-ewok = at least 2 non-Ewok Rebel units (the army has { $count })
legion-force-clan = every unit must be of the { $affiliation } affiliation
legion-hand-pips = The command hand has { $count ->
    [one] { $count } card
   *[other] { $count } cards
} with { $pips ->
    [one] { $pips } pip
   *[other] { $pips } pips
}; it needs exactly { $per_pip }.
legion-hand = { $cards }{ $each }: { $reason ->
    [four-pips] only Standing Orders may be a 4-pip card of the hand
    [twice] more than one copy in the command hand; one copy of each card is allowed
    [no-commander] the unit the card names is not in the army
    [other-faction] a card of another faction
    [other-force] a card of a battle force the army is not built as
   *[unmet] no unit of the army meets the card's requirements
}.
legion-without-parent = { $count ->
    [one] { $cards } has
   *[other] { $cards } have
} Detachment: { $target }; the army has { $parents ->
    [one] { $parents } such unit
   *[other] { $parents } such units
} for { $detachments ->
    [one] { $detachments } detachment unit
   *[other] { $detachments } detachment units
}.
legion-not-of-faction = { $count ->
    [one] { $cards } is not of the army's faction ({ $faction }).
   *[other] { $cards } are not of the army's faction ({ $faction }).
}
legion-mixed-factions = The army mixes units of several factions: { $cards }.
legion-field-commander = The army has no commander; { $cards } has Field Commander, but the { $force } battle force does not allow Field Commander to replace a commander.
legion-merc-not-affiliated = { $count ->
    [one] { $cards } cannot join an army of this faction ({ $faction }): its Mercenary keyword does not name it.
   *[other] { $cards } cannot join an army of this faction ({ $faction }): their Mercenary keyword does not name it.
}
legion-merc-too-many = Too many { $units }: { $count }, at most { $limit }.
legion-not-played-yet = This mode was not played yet on this date: its first known date is { $first }.
legion-too-many-points = The army costs { $points } points; this mode allows at most { $cap } ({ $over } too many).
legion-not-released-yet = { $count ->
    [one] { $cards } is not released yet on this date (Legion HQ gives { $when }).
   *[other] { $cards } are not released yet on this date (Legion HQ gives { $when }).
}
legion-rank-too-few = Not enough { $units }: { $count }, at least { $min }.
legion-rank-too-many = Too many { $units }{ $exempt }: { $count }, at most { $max }.
legion-commanders-and-operatives = Too many commanders and operatives together: { $count }, at most { $max }.
legion-over-slots = { $unit } equips { $upgrades } { $slot } upgrades but has { $slots ->
    [0] no { $slot } slots
    [one] { $slots } { $slot } slot
   *[other] { $slots } { $slot } slots
}.
legion-special-issue = { $cards } can only be taken in the { $force } battle force (Special Issue).
legion-too-many-unique = The army fields { $copies } unique cards named { $name }; at most { $bullets ->
    [one] { $bullets } is
   *[other] { $bullets } are
} allowed, counting units and upgrades alike.
legion-upgrade-twice = { $unit } equips the same upgrade card twice: { $upgrade }.
legion-upgrade-leaders = { $unit } equips { $count } Leader upgrades ({ $cards }); a unit may equip only one.
legion-upgrade-missing = { $unit } must equip { $need ->
    [equip] { $upgrade } (Equip)
    [programmed] a programming upgrade (Programmed)
    [heavy-weapon-team] a heavy weapon upgrade (Heavy Weapon Team)
   *[flexible-response] { $count } heavy weapon upgrades (Flexible Response { $count })
}.
legion-cannot-equip = { $unit } cannot equip { $cards }: { $why ->
    [faction] { $count ->
        [one] it belongs to another faction
       *[other] they belong to another faction
    }
   *[restrictions] { $count ->
        [one] its restrictions are not met
       *[other] their restrictions are not met
    }
}.
