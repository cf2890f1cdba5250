# Star Wars: Unlimited, en français : les termes de l'édition française (leader, base, unité,
# événement, amélioration, jeton ; Héroïsme, Infamie).

swu-type-a = { $type ->
    [leader] un leader
    [base] une base
    [unit] une unité
    [event] un événement
    [upgrade] une amélioration
   *[token] un jeton
}
swu-types = { $type ->
    [leader] des leaders
    [base] des bases
    [unit] des unités
    [event] des événements
    [upgrade] des améliorations
   *[token] des jetons
}
swu-type = { $type ->
    [leader] leader
    [base] base
    [unit] unité
    [event] événement
    [upgrade] amélioration
   *[token] jeton
}
# Après « dans » : la zone avec son article.
swu-zone = { $zone ->
    [leader] la zone du leader
    [base] la zone de la base
    [main] le deck principal
   *[sideboard] la réserve
}
swu-aspect = { $aspect ->
    [Vigilance] Vigilance
    [Command] Commandement
    [Aggression] Agression
    [Cunning] Ruse
    [Heroism] Héroïsme
    [Villainy] Infamie
   *[other] { $aspect }
}
swu-scope = { $scope ->
    [main-deck-and-sideboard] entre le deck principal et la réserve
    [deck] dans le deck
   *[all-decks] sur l'ensemble des { $decks } decks
}
swu-reprint = { $card } dans { $set } ({ $printing }) à partir du { $from }
swu-reprints = , hormis une réimpression pas encore sortie : { $reprints }
swu-n-cards = { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
}
swu-in-pool = { $cards } dans le pool du joueur

swu-not-a-base = { $count ->
    [one] { $cards } est indiquée comme base mais n'est pas une carte base ({ $types }).
   *[other] { $cards } sont indiquées comme base mais ne sont pas des cartes base ({ $types }).
}
swu-not-released-no-set = { $count ->
    [one] { $cards } n'est pas sortie le { $date } : aucune date de sortie n'est connue pour son extension.
   *[other] { $cards } ne sont pas sorties le { $date } : aucune date de sortie n'est connue pour leur extension.
}
swu-not-released-no-date = { $count ->
    [one] { $cards } n'est pas sortie le { $date } : aucune date de sortie n'est connue pour { $set } ({ $code }).
   *[other] { $cards } ne sont pas sorties le { $date } : aucune date de sortie n'est connue pour { $set } ({ $code }).
}
swu-not-released = { $count ->
    [one] { $cards } n'est pas sortie le { $date } : { $set } ({ $code }) sort le { $release }.
   *[other] { $cards } ne sont pas sorties le { $date } : { $set } ({ $code }) sort le { $release }.
}
swu-not-released-counts-in = { $count ->
    [one] { $cards } n'est pas légale en { $format } le { $date } : { $set } ({ $code }) compte en { $format } à partir du { $release }.
   *[other] { $cards } ne sont pas légales en { $format } le { $date } : { $set } ({ $code }) compte en { $format } à partir du { $release }.
}
swu-rotated = { $count ->
    [one] { $cards } n'est imprimée que dans des extensions sorties du format { $format } le { $left } ({ $sets }){ $reprints } ; le { $date }, { $format } utilise les extensions des blocs de rotation { $blocks }.
   *[other] { $cards } ne sont imprimées que dans des extensions sorties du format { $format } le { $left } ({ $sets }){ $reprints } ; le { $date }, { $format } utilise les extensions des blocs de rotation { $blocks }.
}
swu-not-in-product = { $count ->
    [one] { $cards } n'est imprimée que dans { $sets }, que { $format } n'inclut pas{ $reprints }.
   *[other] { $cards } ne sont imprimées que dans { $sets }, que { $format } n'inclut pas{ $reprints }.
}
swu-too-many-copies-format = { $copies } exemplaires de { $card } { $scope } (indiqués comme { $listed }) ; { $format } en autorise { $limit }.
swu-too-many-copies-text = { $copies } exemplaires de { $card } { $scope } (indiqués comme { $listed }) ; son texte en autorise { $limit } (« { $text } »).
swu-too-many-copies-many = { $many } cartes ont plus d'exemplaires { $scope } que { $format } n'en autorise ({ $limit } de chacune) : { $counts }.
swu-out-of-place = { $count ->
    [one] { $cards } est { $type } et ne peut pas être dans { $zone }, qui ne contient que des unités, des événements et des améliorations : retirez-la.
   *[other] { $cards } sont { $types } et ne peuvent pas être dans { $zone }, qui ne contient que des unités, des événements et des améliorations : retirez-les.
}
swu-wrong-number-of-decks = { $format } se joue avec { $expected ->
    [one] { $expected } deck
   *[other] { $expected } decks
} ; { $given ->
    [one] { $given } a été fourni.
   *[other] { $given } ont été fournis.
}
swu-incomplete = La liste de deck d'un événement compétitif doit indiquer { $missing ->
    [player-name] le nom du joueur
    [player-full-name] le prénom et le nom du joueur
    [player-uid] l'UID du joueur
    [leader] le leader
    [base] la base
   *[main-deck] le deck principal
}.
swu-not-available = { $format } ne se joue pas le { $date }.
swu-not-available-yet = { $format } n'existait pas encore le { $date } ; il peut être joué à partir du { $from }.
swu-aspects-clash = { $leaders } ne peuvent pas mener ensemble un deck Twin Suns : le { $date }, la règle en vigueur ({ $rule }) dit que { $wording ->
    [share-heroism-or-villainy] les deux leaders doivent partager l'aspect Héroïsme ou l'aspect Infamie
   *[not-heroism-and-villainy] les faces de départ des leaders ne peuvent pas réunir à elles deux les aspects Héroïsme et Infamie
}{ $start }.
swu-aspects-start = { " " }({ $sides })
swu-starting-side = { $side } commence la partie comme leader { $aspects }
swu-slot-count = Un deck { $format } a exactement { $what ->
    [leader] { $expected ->
        [one] { $expected } leader
       *[other] { $expected } leaders
    }
   *[base] { $expected ->
        [one] { $expected } base
       *[other] { $expected } bases
    }
} ; celui-ci en a { $actual }.
swu-not-a-leader = { $count ->
    [one] { $cards } est indiquée comme leader mais n'est pas une carte leader ({ $types }).
   *[other] { $cards } sont indiquées comme leaders mais ne sont pas des cartes leader ({ $types }).
}
swu-main-deck-too-small = Le deck principal a { $actual ->
    [one] { $actual } carte
   *[other] { $actual } cartes
}{ $besides } ; { $format } en exige au moins { $minimum }{ $why }.
swu-main-deck-besides = { $count ->
    [one] { " " }en plus de { $count } leader, base ou jeton, qui ne peut pas s'y trouver
   *[other] { " " }en plus de { $count } leaders, bases ou jetons, qui ne peuvent pas s'y trouver
}
swu-main-deck-changed-by = { " " }(modifié par { $bases })
swu-more-than-opened = Le deck joue { $played } exemplaires de { $cards } mais le pool n'en a que { $opened }.
swu-not-opened = { $count ->
    [one] { $cards } n'est pas dans le pool du joueur.
   *[other] { $cards } ne sont pas dans le pool du joueur.
}
swu-base-not-in-pool = { $cards } n'a pas été ouverte et n'est pas une base commune de { $set }.
swu-base-not-in-pool-unknown = { $cards } n'a pas été ouverte et n'est pas une base commune de l'extension de l'événement (inconnue).
swu-no-sideboard = Les decks { $format } n'ont pas de réserve ; celui-ci y a { $actual ->
    [one] { $actual } carte
   *[other] { $actual } cartes
}.
swu-sideboard-too-large = La réserve a { $actual ->
    [one] { $actual } carte
   *[other] { $actual } cartes
} ; { $format } en autorise au plus { $max }.
swu-suspended = { $count ->
    [one] { $cards } est suspendue en { $format } depuis le { $since }, par { $announcement } ; la liste des suspensions de { $format } figure dans { $list }.
   *[other] { $cards } sont suspendues en { $format } depuis le { $since }, par { $announcement } ; la liste des suspensions de { $format } figure dans { $list }.
}
