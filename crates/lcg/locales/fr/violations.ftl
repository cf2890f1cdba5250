# Star Wars : Le Jeu de Cartes : les termes de l'édition française (affiliation, objectif, set
# d'objectif, deck d'objectifs, deck de commandement, côté lumineux, côté obscur).

lcg-side = { $side ->
    [light] côté lumineux
   *[dark] côté obscur
}
lcg-affiliation = { $affiliation ->
    [jedi] Jedi
    [rebel-alliance] Alliance Rebelle
    [smugglers-and-spies] Contrebandiers et Espions
    [sith] Sith
    [imperial-navy] Flotte Impériale
    [scum-and-villainy] Racailles et Scélérats
   *[neutral] Neutre
}
lcg-section = { $section ->
    [affiliation] l'affiliation
    [objective] le deck d'objectifs
   *[command] le deck de commandement
}
lcg-set-card = { $title } (set { $set }, carte { $card }) : { $what }
lcg-missing-of = { $missing } sur { $objectives ->
    [one] { $objectives } exemplaire
   *[other] { $objectives } exemplaires
}
lcg-added-for = { $copies ->
    [one] { $copies } exemplaire
   *[other] { $copies } exemplaires
} pour { $objectives } de l'objectif
lcg-set-copies-first = { $title } (set { $set }) est dans ce deck { $copies } fois
lcg-set-copies = { $title } (set { $set }) { $copies } fois

lcg-no-affiliation = Ce deck n'a pas de carte affiliation ; un deck en a exactement une.
lcg-affiliation-count = Ce deck a { $n } cartes affiliation ({ $cards }) ; un deck en a exactement une.
lcg-locked-to-other = { $count ->
    [one] { $cards } est « affiliation { $only } uniquement », et l'affiliation de ce deck est { $affiliation }.
   *[other] { $cards } sont « affiliation { $only } uniquement », et l'affiliation de ce deck est { $affiliation }.
}
lcg-alliance-count = { $card } demande exactement { $expected } objectifs { $affiliation }{ $or_neutral ->
    [yes] { " " }et/ou neutres
   *[no] {""}
} ; ce deck en a { $actual }.
lcg-third-affiliation = { $count ->
    [one] { $cards } est d'une affiliation que { $card } n'autorise pas (seulement des objectifs { $main } et { $ally }, et des neutres).
   *[other] { $cards } sont d'une affiliation que { $card } n'autorise pas (seulement des objectifs { $main } et { $ally }, et des neutres).
}
lcg-too-many-set-copies = { $counts } ; { $limit ->
    [1] un set dont l'objectif dit « Limite 1 par deck d'objectifs. » ne va qu'une fois dans un deck
   *[other] un deck contient au plus 2 exemplaires d'un set d'objectif
}.
lcg-over-errata = { $titles } est dans ce deck { $copies } fois ; selon son errata (en vigueur depuis le { $since }), elle indique « Limite { $limit } par deck d'objectifs. »
lcg-too-few-sets = Ce deck a { $sets ->
    [one] { $sets } set d'objectif
   *[other] { $sets } sets d'objectif
} ; un deck en a au moins { $minimum } (il n'y a pas de maximum).
lcg-mission-as-objective = { $count ->
    [one] { $cards } est rangée dans le deck d'objectifs, mais une mission commence la partie dans le deck de commandement et ne peut pas entrer dans le deck d'objectifs ; comptée comme carte de commandement de son set.
   *[other] { $cards } sont rangées dans le deck d'objectifs, mais une mission commence la partie dans le deck de commandement et ne peut pas entrer dans le deck d'objectifs ; comptées comme cartes de commandement de leur set.
}
lcg-no-objective-set = { $count ->
    [one] { $cards } ne fait partie d'aucun set d'objectif (cartes du deck de défi de L'Équilibre de la Force) ; un deck ne se construit qu'avec des sets d'objectif complets.
   *[other] { $cards } ne font partie d'aucun set d'objectif (cartes du deck de défi de L'Équilibre de la Force) ; un deck ne se construit qu'avec des sets d'objectif complets.
}
lcg-same-side = Les deux decks sont des decks du { $side } ; une inscription comprend un deck du côté lumineux et un deck du côté obscur.
lcg-sets-missing = Des sets d'objectif sont incomplets : chaque exemplaire d'un objectif apporte les cinq cartes de son set, et celles-ci manquent : { $missing }.
lcg-sets-added = Des cartes ont été ajoutées à des sets d'objectif : { $added }. Les cartes d'un set viennent avec son objectif, une de chaque par exemplaire.
lcg-without-objective = { $count ->
    [one] { $count } carte est dans le deck sans son objectif : { $cards }. Une carte ne va dans un deck qu'avec son set d'objectif complet.
   *[other] { $count } cartes sont dans le deck sans leur objectif : { $cards }. Une carte ne va dans un deck qu'avec son set d'objectif complet.
}
lcg-not-yet-released = { $count ->
    [one] { $cards } vient de { $product }, sorti le { $released } (Amérique du Nord) : après la date vérifiée.
   *[other] { $cards } viennent de { $product }, sorti le { $released } (Amérique du Nord) : après la date vérifiée.
}
lcg-same-group = { $cards } sont dans le même groupe restreint ({ $group }, { $list }) : un deck ne peut contenir qu'un set d'objectif de chaque groupe.
lcg-misfiled = { $count ->
    [one] { $cards } est rangée dans { $filed } : { $belongs ->
        [objective] les cartes objectif vont dans le deck d'objectifs ; comptée comme objectif
        [affiliation] la carte affiliation est à part des deux decks ; comptée comme affiliation du deck
       *[command] seules les cartes objectif vont dans le deck d'objectifs ; comptée comme carte de commandement
    }.
   *[other] { $cards } sont rangées dans { $filed } : { $belongs ->
        [objective] les cartes objectif vont dans le deck d'objectifs ; comptées comme objectifs
        [affiliation] la carte affiliation est à part des deux decks ; comptées comme affiliation du deck
       *[command] seules les cartes objectif vont dans le deck d'objectifs ; comptées comme cartes de commandement
    }.
}
lcg-other-side = { $count ->
    [one] { $cards } est du { $other }, dans ce deck du { $side } ; un deck se construit pour un seul côté de la Force.
   *[other] { $cards } sont du { $other }, dans ce deck du { $side } ; un deck se construit pour un seul côté de la Force.
}
lcg-not-in-card-data = { $count ->
    [one] { $count } carte n'est pas dans les données de cartes de deckcheck pour Star Wars : Le Jeu de Cartes ({ $cards }) : sa légalité ne peut pas être jugée (les cartes des sets communautaires ne sont pas des cartes de tournoi).
   *[other] { $count } cartes ne sont pas dans les données de cartes de deckcheck pour Star Wars : Le Jeu de Cartes ({ $cards }) : leur légalité ne peut pas être jugée (les cartes des sets communautaires ne sont pas des cartes de tournoi).
}
