# Star Wars: Unlimited, en español: los términos de la edición española (líder, base, unidad,
# evento, mejora, ficha; Heroísmo, Villanía).

swu-type-a = { $type ->
    [leader] un líder
    [base] una base
    [unit] una unidad
    [event] un evento
    [upgrade] una mejora
   *[token] una ficha
}
swu-types = { $type ->
    [leader] líderes
    [base] bases
    [unit] unidades
    [event] eventos
    [upgrade] mejoras
   *[token] fichas
}
swu-type = { $type ->
    [leader] líder
    [base] base
    [unit] unidad
    [event] evento
    [upgrade] mejora
   *[token] ficha
}
# Tras "en": la zona con su artículo.
swu-zone = { $zone ->
    [leader] la zona del líder
    [base] la zona de la base
    [main] el mazo principal
   *[sideboard] el banquillo
}
swu-aspect = { $aspect ->
    [Vigilance] Vigilancia
    [Command] Mando
    [Aggression] Agresividad
    [Cunning] Astucia
    [Heroism] Heroísmo
    [Villainy] Villanía
   *[other] { $aspect }
}
swu-scope = { $scope ->
    [main-deck-and-sideboard] entre el mazo principal y el banquillo
    [deck] en el mazo
   *[all-decks] entre los { $decks } mazos
}
swu-reprint = { $card } en { $set } ({ $printing }) desde el { $from }
swu-reprints = , salvo por una reimpresión aún no publicada: { $reprints }
swu-n-cards = { $count ->
    [one] { $count } carta
   *[other] { $count } cartas
}
swu-in-pool = { $cards } en el pool del jugador

swu-not-a-base = { $count ->
    [one] { $cards } figura como base pero no es una carta de base ({ $types }).
   *[other] { $cards } figuran como base pero no son cartas de base ({ $types }).
}
swu-not-released-no-set = { $count ->
    [one] { $cards } no está publicada el { $date }: no se conoce la fecha de publicación de su expansión.
   *[other] { $cards } no están publicadas el { $date }: no se conoce la fecha de publicación de su expansión.
}
swu-not-released-no-date = { $count ->
    [one] { $cards } no está publicada el { $date }: no se conoce la fecha de publicación de { $set } ({ $code }).
   *[other] { $cards } no están publicadas el { $date }: no se conoce la fecha de publicación de { $set } ({ $code }).
}
swu-not-released = { $count ->
    [one] { $cards } no está publicada el { $date }: { $set } ({ $code }) se publica el { $release }.
   *[other] { $cards } no están publicadas el { $date }: { $set } ({ $code }) se publica el { $release }.
}
swu-not-released-counts-in = { $count ->
    [one] { $cards } no es legal en { $format } el { $date }: { $set } ({ $code }) cuenta en { $format } desde el { $release }.
   *[other] { $cards } no son legales en { $format } el { $date }: { $set } ({ $code }) cuenta en { $format } desde el { $release }.
}
swu-rotated = { $count ->
    [one] { $cards } solo está impresa en expansiones que salieron de { $format } el { $left } ({ $sets }){ $reprints }; el { $date } { $format } usa las expansiones de los bloques de rotación { $blocks }.
   *[other] { $cards } solo están impresas en expansiones que salieron de { $format } el { $left } ({ $sets }){ $reprints }; el { $date } { $format } usa las expansiones de los bloques de rotación { $blocks }.
}
swu-not-in-product = { $count ->
    [one] { $cards } solo está impresa en { $sets }, que { $format } no incluye{ $reprints }.
   *[other] { $cards } solo están impresas en { $sets }, que { $format } no incluye{ $reprints }.
}
swu-too-many-copies-format = { $copies } copias de { $card } { $scope } (indicadas como { $listed }); { $format } permite { $limit }.
swu-too-many-copies-text = { $copies } copias de { $card } { $scope } (indicadas como { $listed }); su texto permite { $limit } («{ $text }»).
swu-too-many-copies-many = { $many } cartas tienen más copias { $scope } de las que permite { $format } ({ $limit } de cada una): { $counts }.
swu-out-of-place = { $count ->
    [one] { $cards } es { $type } y no puede estar en { $zone }, que solo admite unidades, eventos y mejoras: retírala.
   *[other] { $cards } son { $types } y no pueden estar en { $zone }, que solo admite unidades, eventos y mejoras: retíralas.
}
swu-wrong-number-of-decks = { $format } se juega con { $expected ->
    [one] { $expected } mazo
   *[other] { $expected } mazos
}; { $given ->
    [one] se ha entregado { $given }.
   *[other] se han entregado { $given }.
}
swu-incomplete = La lista de mazo de un evento competitivo debe indicar { $missing ->
    [player-name] el nombre del jugador
    [player-full-name] el nombre y los apellidos del jugador
    [player-uid] el UID del jugador
    [leader] el líder
    [base] la base
   *[main-deck] el mazo principal
}.
swu-not-available = { $format } no se juega el { $date }.
swu-not-available-yet = { $format } aún no existía el { $date }; puede jugarse desde el { $from }.
swu-aspects-clash = { $leaders } no pueden liderar juntos un mazo de Twin Suns: el { $date } la regla vigente ({ $rule }) dice que { $wording ->
    [share-heroism-or-villainy] ambos líderes deben compartir el aspecto Heroísmo o el aspecto Villanía
   *[not-heroism-and-villainy] las caras iniciales de los líderes no pueden reunir entre ambas los aspectos Heroísmo y Villanía
}{ $start }.
swu-aspects-start = { " " }({ $sides })
swu-starting-side = { $side } empieza la partida como líder de { $aspects }
swu-slot-count = Un mazo de { $format } tiene exactamente { $what ->
    [leader] { $expected ->
        [one] { $expected } líder
       *[other] { $expected } líderes
    }
   *[base] { $expected ->
        [one] { $expected } base
       *[other] { $expected } bases
    }
}; este tiene { $actual }.
swu-not-a-leader = { $count ->
    [one] { $cards } figura como líder pero no es una carta de líder ({ $types }).
   *[other] { $cards } figuran como líderes pero no son cartas de líder ({ $types }).
}
swu-main-deck-too-small = El mazo principal tiene { $actual ->
    [one] { $actual } carta
   *[other] { $actual } cartas
}{ $besides }; { $format } exige al menos { $minimum }{ $why }.
swu-main-deck-besides = { $count ->
    [one] { " " }además de { $count } líder, base o ficha, que no puede estar en él
   *[other] { " " }además de { $count } líderes, bases o fichas, que no pueden estar en él
}
swu-main-deck-changed-by = { " " }(cambiado por { $bases })
swu-more-than-opened = El mazo juega { $played } copias de { $cards } pero el pool tiene { $opened }.
swu-not-opened = { $count ->
    [one] { $cards } no está en el pool del jugador.
   *[other] { $cards } no están en el pool del jugador.
}
swu-base-not-in-pool = { $cards } no se abrió y no es una base común de { $set }.
swu-base-not-in-pool-unknown = { $cards } no se abrió y no es una base común de la expansión del evento (desconocida).
swu-no-sideboard = Los mazos de { $format } no tienen banquillo; este tiene { $actual ->
    [one] { $actual } carta
   *[other] { $actual } cartas
} en él.
swu-sideboard-too-large = El banquillo tiene { $actual ->
    [one] { $actual } carta
   *[other] { $actual } cartas
}; { $format } permite como máximo { $max }.
swu-suspended = { $count ->
    [one] { $cards } está suspendida en { $format } desde el { $since }, por { $announcement }; la lista de suspensiones de { $format } figura en { $list }.
   *[other] { $cards } están suspendidas en { $format } desde el { $since }, por { $announcement }; la lista de suspensiones de { $format } figura en { $list }.
}
