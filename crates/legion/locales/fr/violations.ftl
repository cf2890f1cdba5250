# Star Wars : Légion, en français : rangs, cartes et construction d'armée dans les termes de
# l'édition française ; mots-clés (Equip, Detachment, Entourage, Field Commander…) et noms
# d'unités, d'améliorations, d'emplacements, de forces de bataille et de factions tels que les
# données de Legion HQ les nomment.

legion-rank-units = { $rank ->
    [commander] unités de commandant
    [operative] unités d'agent
    [corps] unités de corps
    [special] unités de forces spéciales
    [support] unités de soutien
   *[heavy] unités lourdes
}
legion-rank-units-non-merc = { $rank ->
    [commander] unités de commandant non mercenaires
    [operative] unités d'agent non mercenaires
    [corps] unités de corps non mercenaires
    [special] unités de forces spéciales non mercenaires
    [support] unités de soutien non mercenaires
   *[heavy] unités lourdes non mercenaires
}
legion-rank-units-merc = { $rank ->
    [commander] unités de commandant mercenaires
    [operative] unités d'agent mercenaires
    [corps] unités de corps mercenaires
    [special] unités de forces spéciales mercenaires
    [support] unités de soutien mercenaires
   *[heavy] unités lourdes mercenaires
}
legion-battle-type = { $type ->
    [primary] principale
    [secondary] secondaire
    [advantage] d'avantage
   *[other] { $type }
}
legion-each = , chacune
legion-or = { " " }ou{ " " }
legion-exempt-entourage = { $copies } { $unit } par Entourage de { $of }
legion-exempt-associate = { $copies } { $unit } par Associate ({ $with } est dans l'armée)
legion-exempt-detachment = { $copies } { $unit } par Detachment
legion-not-counted = { " " }({ $n ->
    [one] { $n } unité non comptée
   *[other] { $n } unités non comptées
} : { $reasons })

legion-battle-deck-count = Le deck de bataille a { $count ->
    [one] { $count } carte { $type }
   *[other] { $count } cartes { $type }
} ; il en faut exactement { $per_type }.
legion-battle-deck = { $cards }{ $each } : { $reason ->
    [twice] plus d'un exemplaire dans le deck de bataille ; un seul exemplaire de chaque carte est autorisé
    [not-recon] un deck de bataille Recon ne contient que des cartes avec le mot-clé Recon
    [recon-outside-recon] les cartes avec le mot-clé Recon ne se jouent qu'en Recon
   *[other-faction] une carte d'une autre faction
}.
legion-force-faction = La force de bataille { $force } n'est pas une armée de cette faction.
legion-force-units = { $count ->
    [one] { $cards } ne fait pas partie de la force de bataille { $force }.
   *[other] { $cards } ne font pas partie de la force de bataille { $force }.
}
legion-force-upgrades = { $count ->
    [one] { $cards } n'est pas autorisée dans la force de bataille { $force }.
   *[other] { $cards } ne sont pas autorisées dans la force de bataille { $force }.
}
legion-force-rule = { $force } : { $rule }.
legion-force-no-option = aucune option nommée { $chosen } (elle n'offre aucune option)
legion-force-unknown-option = aucune option nommée { $chosen } (ses options sont { $offered })
legion-force-at-most = au plus { $max } { $units } (l'armée en a { $count })
legion-force-at-least = au moins { $min } { $units } (l'armée en a { $count })
legion-force-corps-first = une unité de chacun de ses corps doit être prise avant une deuxième de l'un d'eux
legion-force-wookiees = au moins 3 unités de Wookiee trooper (l'armée en a { $count })
legion-force-non-ewok = au moins 2 unités rebelles non Ewok (l'armée en a { $count })
legion-force-clan = chaque unité doit être de l'affiliation { $affiliation }
legion-hand-pips = La main de commandement a { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
} à { $pips ->
    [one] { $pips } point
   *[other] { $pips } points
} ; il en faut exactement { $per_pip }.
legion-hand = { $cards }{ $each } : { $reason ->
    [four-pips] seul Standing Orders peut être une carte à 4 points de la main
    [twice] plus d'un exemplaire dans la main de commandement ; un seul exemplaire de chaque carte est autorisé
    [no-commander] l'unité que la carte nomme n'est pas dans l'armée
    [other-faction] une carte d'une autre faction
    [other-force] une carte d'une force de bataille selon laquelle l'armée n'est pas construite
   *[unmet] aucune unité de l'armée ne remplit les conditions de la carte
}.
legion-without-parent = { $count ->
    [one] { $cards } a
   *[other] { $cards } ont
} Detachment : { $target } ; l'armée a { $parents ->
    [one] { $parents } telle unité
   *[other] { $parents } telles unités
} pour { $detachments ->
    [one] { $detachments } unité en détachement
   *[other] { $detachments } unités en détachement
}.
legion-not-of-faction = { $count ->
    [one] { $cards } n'est pas de la faction de l'armée ({ $faction }).
   *[other] { $cards } ne sont pas de la faction de l'armée ({ $faction }).
}
legion-mixed-factions = L'armée mélange des unités de plusieurs factions : { $cards }.
legion-field-commander = L'armée n'a pas de commandant ; { $cards } a Field Commander, mais la force de bataille { $force } ne permet pas à Field Commander de remplacer un commandant.
legion-merc-not-affiliated = { $count ->
    [one] { $cards } ne peut pas rejoindre une armée de cette faction ({ $faction }) : son mot-clé Mercenary ne la nomme pas.
   *[other] { $cards } ne peuvent pas rejoindre une armée de cette faction ({ $faction }) : leur mot-clé Mercenary ne la nomme pas.
}
legion-merc-too-many = Trop d'{ $units } : { $count }, au plus { $limit }.
legion-not-played-yet = Ce mode n'était pas encore joué à cette date : sa première date connue est le { $first }.
legion-too-many-points = L'armée coûte { $points } points ; ce mode en autorise au plus { $cap } ({ $over } de trop).
legion-not-released-yet = { $count ->
    [one] { $cards } n'est pas encore sortie à cette date (Legion HQ indique { $when }).
   *[other] { $cards } ne sont pas encore sorties à cette date (Legion HQ indique { $when }).
}
legion-rank-too-few = Pas assez d'{ $units } : { $count }, au moins { $min }.
legion-rank-too-many = Trop d'{ $units }{ $exempt } : { $count }, au plus { $max }.
legion-commanders-and-operatives = Trop de commandants et d'agents ensemble : { $count }, au plus { $max }.
legion-over-slots = { $unit } équipe { $upgrades } améliorations { $slot } mais a { $slots ->
    [0] aucun emplacement { $slot }
    [one] { $slots } emplacement { $slot }
   *[other] { $slots } emplacements { $slot }
}.
legion-special-issue = { $cards } ne peut être prise que dans la force de bataille { $force } (Special Issue).
legion-too-many-unique = L'armée aligne { $copies } cartes uniques nommées { $name } ; au plus { $bullets } { $bullets ->
    [one] est autorisée
   *[other] sont autorisées
}, unités et améliorations comptées ensemble.
legion-upgrade-twice = { $unit } équipe deux fois la même carte d'amélioration : { $upgrade }.
legion-upgrade-leaders = { $unit } équipe { $count } améliorations Leader ({ $cards }) ; une unité ne peut en équiper qu'une.
legion-upgrade-missing = { $unit } doit équiper { $need ->
    [equip] { $upgrade } (Equip)
    [programmed] une amélioration de programmation (Programmed)
    [heavy-weapon-team] une amélioration d'arme lourde (Heavy Weapon Team)
   *[flexible-response] { $count } améliorations d'arme lourde (Flexible Response { $count })
}.
legion-cannot-equip = { $unit } ne peut pas équiper { $cards } : { $why ->
    [faction] { $count ->
        [one] elle appartient à une autre faction
       *[other] elles appartiennent à une autre faction
    }
   *[restrictions] { $count ->
        [one] ses restrictions ne sont pas remplies
       *[other] leurs restrictions ne sont pas remplies
    }
}.
