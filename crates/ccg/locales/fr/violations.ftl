# Star Wars CCG, en français : les noms du jeu (Dark Side, Light Side, Objective, Starting
# Effect, Defensive Shield) restent en anglais, comme les joueurs les nomment.

ccg-side = { $side ->
    [dark] Dark Side
   *[light] Light Side
}
ccg-icon-a = { $icon ->
    [EPISODE_I] une icône Épisode I
    [MAINTENANCE] un coût de maintenance
    [DEFENSIVE_SHIELD] une icône Defensive Shield
    [EPISODE_VII] une icône Épisode VII
   *[other] { $icon }
}
ccg-verdict = { $verdict ->
    [legal] légal
    [illegal] illégal
   *[unverified] non vérifié
}
ccg-source = { $source ->
    [gemp] GEMP
   *[pc] la base de cartes du Players Committee
}
ccg-month = { $month ->
    [1] janvier
    [2] février
    [3] mars
    [4] avril
    [5] mai
    [6] juin
    [7] juillet
    [8] août
    [9] septembre
    [10] octobre
    [11] novembre
   *[12] décembre
} { $year }
ccg-choice = avec { $title } ({ $id }, { $set }) le deck est { $verdict }{ $codes }
ccg-others-left-aside = { " " }(les autres titres ambigus laissés de côté)
ccg-not-judged-each = le deck n'a pas été jugé avec chacune ({ $judged } titres ambigus l'ont été)
ccg-at-line = { " " }(ligne { $line })
ccg-this-title = Ce titre

ccg-ambiguous-title = « { $title } »{ $line } désigne { $count } cartes et aucune n'a été choisie : { $detail }. Écrivez l'id de blueprint après le titre pour dire laquelle, par ex. « { $title } ({ $id }) ».
ccg-on-banned-list = { $count ->
    [one] { $count } carte est
   *[other] { $count } cartes sont
} sur la liste des cartes bannies de { $format } : { $cards }.
ccg-game-aid = La Hyperroute Navigation Chart est une aide de jeu, légale dans aucun deck : { $cards }.
ccg-banned-icon = { $count ->
    [one] { $count } carte avec { $icon } n'est pas légale
   *[other] { $count } cartes avec { $icon } ne sont pas légales
} : { $cards }.
ccg-prize-without-testing = { $cards } ne peut être que dans un deck avec Carbon Chamber Testing, que ce deck n'a pas.
ccg-over-one = Un deck ne peut avoir qu'un seul { $title } ; celui-ci en a { $copies } : { $cards }.
ccg-too-new-day = Les cartes sont légales une semaine après la sortie de leur extension ; { $count ->
    [one] { $count } carte vient
   *[other] { $count } cartes viennent
} de { $set }, sortie le { $released } et légale à partir du { $legal_from }, pas le { $date } : { $cards }.
ccg-too-new-month = Les cartes sont légales une semaine après la sortie de leur extension ; { $count ->
    [one] { $count } carte vient
   *[other] { $count } cartes viennent
} de { $set }, sortie en { $month } (le jour n'est pas connu), donc légale à partir d'un jour entre le { $first } et le { $last } : on ne sait pas si elle l'est le { $date } : { $cards }.
ccg-too-new-unknown = Les cartes sont légales une semaine après la sortie de leur extension ; { $count ->
    [one] { $count } carte vient
   *[other] { $count } cartes viennent
} de { $set }, dont la date de sortie n'est pas connue, donc on ne sait pas si ses cartes sont légales le { $date } : { $cards }.
ccg-not-tournament = Seules les cartes imprimées par Decipher et les cartes virtuelles du Players Committee sont légales ; les Dream Cards et cartes de Playtesting de GEMP ne le sont pas : { $cards }.
ccg-at-most-one = Un deck a au plus 1 { $what } ; celui-ci en a { $copies } : { $cards }.
ccg-mixed-sides = Un deck est entièrement Dark Side ou entièrement Light Side. Ce deck est surtout { $side }, mais il a { $others ->
    [one] { $others } carte du
   *[other] { $others } cartes du
} { $other } : { $cards }.
ccg-too-many-outside = Au plus { $max } cartes peuvent être gardées hors d'un deck ; ce deck en a { $outside } hors du deck.
ccg-outside-in-deck = { $count ->
    [one] Cette carte ne compte pas dans le deck et se garde hors du deck, pas dedans : { $cards }.
   *[other] Ces cartes ne comptent pas dans le deck et se gardent hors du deck, pas dedans : { $cards }.
}
ccg-pair-alone = Une inscription comprend deux decks, un Dark Side et un Light Side ; un seul deck a été fourni.
ccg-pair-same-side = Une inscription comprend un deck Dark Side et un deck Light Side ; les deux decks fournis sont des decks { $side }.
ccg-banned-rarity = { $count ->
    [one] { $count } carte est
   *[other] { $count } cartes sont
} d'une rareté que ce format bannit ({ $banned }) : { $cards }.
ccg-over-restricted = Un deck ne peut avoir qu'un exemplaire d'une carte restreinte ; celui-ci en a { $copies } : { $cards }.
ccg-retired = { $count ->
    [one] { $count } carte est une carte virtuelle retirée en Legacy, non légale en { $format } : { $cards }.
   *[other] { $count } cartes sont des cartes virtuelles retirées en Legacy, non légales en { $format } : { $cards }.
}
ccg-set-not-in-format = { $count ->
    [one] { $count } carte vient
   *[other] { $count } cartes viennent
} d'une extension qui ne fait pas partie de { $format } : { $cards }.
ccg-deck-size-short = Un deck a exactement { $expected } cartes (les cartes gardées hors du deck ne comptent pas) ; celui-ci en a { $actual } : { $diff ->
    [one] il manque { $diff } carte
   *[other] il manque { $diff } cartes
}.
ccg-deck-size-over = Un deck a exactement { $expected } cartes (les cartes gardées hors du deck ne comptent pas) ; celui-ci en a { $actual } : { $diff ->
    [one] { $diff } carte de trop
   *[other] { $diff } cartes de trop
}.
ccg-sources-disagree = { $with } donne à { $cards } une icône Épisode I et { $without } non : si { $with } a raison, la carte est bannie ici et le deck est illégal ; si { $without } a raison, cette carte est légale.
ccg-no-such-card = { $count ->
    [one] Les données de cartes de deckcheck n'ont aucune carte Star Wars CCG avec l'id { $cards } : sa légalité ne peut pas être jugée.
   *[other] Les données de cartes de deckcheck n'ont aucune carte Star Wars CCG avec les ids { $cards } : leur légalité ne peut pas être jugée.
}
ccg-newer = { $count ->
    [one] { $count } carte vient de { $set }, plus récente que les données de cartes de deckcheck (leur extension la plus récente est { $newest }) : { $cards }. Synchronisez les données de cartes pour la juger.
   *[other] { $count } cartes viennent de { $set }, plus récente que les données de cartes de deckcheck (leur extension la plus récente est { $newest }) : { $cards }. Synchronisez les données de cartes pour les juger.
}
ccg-legacy = { $count ->
    [one] { $count } carte vient
   *[other] { $count } cartes viennent
} de l'extension Legacy de GEMP, que les données de cartes de deckcheck ne contiennent pas : { $cards }.
