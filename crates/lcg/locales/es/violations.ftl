# Star Wars: El juego de cartas: los términos de la edición española (afiliación, objetivo,
# conjunto de objetivo, mazo de objetivos, mazo de mando, lado luminoso, lado oscuro).

lcg-side = { $side ->
    [light] lado luminoso
   *[dark] lado oscuro
}
lcg-affiliation = { $affiliation ->
    [jedi] Jedi
    [rebel-alliance] Alianza Rebelde
    [smugglers-and-spies] Contrabandistas y Espías
    [sith] Sith
    [imperial-navy] Armada Imperial
    [scum-and-villainy] Escoria y Villanos
   *[neutral] Neutral
}
lcg-section = { $section ->
    [affiliation] la afiliación
    [objective] el mazo de objetivos
   *[command] el mazo de mando
}
lcg-set-card = { $title } (conjunto { $set }, carta { $card }): { $what }
lcg-missing-of = { $missing } de { $objectives ->
    [one] { $objectives } copia
   *[other] { $objectives } copias
}
lcg-added-for = { $copies ->
    [one] { $copies } copia
   *[other] { $copies } copias
} para { $objectives } del objetivo
lcg-set-copies-first = { $title } (conjunto { $set }) está en este mazo { $copies } veces
lcg-set-copies = { $title } (conjunto { $set }) { $copies } veces

lcg-no-affiliation = Este mazo no tiene carta de afiliación; un mazo tiene exactamente una.
lcg-affiliation-count = Este mazo tiene { $n } cartas de afiliación ({ $cards }); un mazo tiene exactamente una.
lcg-locked-to-other = { $count ->
    [one] { $cards } es "solo afiliación { $only }", y la afiliación de este mazo es { $affiliation }.
   *[other] { $cards } son "solo afiliación { $only }", y la afiliación de este mazo es { $affiliation }.
}
lcg-alliance-count = { $card } pide exactamente { $expected } objetivos { $affiliation }{ $or_neutral ->
    [yes] { " " }y/o neutrales
   *[no] {""}
}; este mazo tiene { $actual }.
lcg-third-affiliation = { $count ->
    [one] { $cards } es de una afiliación que { $card } no permite (solo objetivos { $main } y { $ally }, y neutrales).
   *[other] { $cards } son de una afiliación que { $card } no permite (solo objetivos { $main } y { $ally }, y neutrales).
}
lcg-too-many-set-copies = { $counts }; { $limit ->
    [1] un conjunto cuyo objetivo dice "Límite 1 por mazo de objetivos." va en un mazo una sola vez
   *[other] un mazo contiene como máximo 2 copias de un conjunto de objetivo
}.
lcg-over-errata = { $titles } está en este mazo { $copies } veces; según su errata (vigente desde el { $since }) dice "Límite { $limit } por mazo de objetivos."
lcg-too-few-sets = Este mazo tiene { $sets ->
    [one] { $sets } conjunto de objetivo
   *[other] { $sets } conjuntos de objetivo
}; un mazo tiene al menos { $minimum } (no hay máximo).
lcg-mission-as-objective = { $count ->
    [one] { $cards } figura en el mazo de objetivos, pero una misión empieza la partida en el mazo de mando y no puede entrar en el mazo de objetivos; contada como carta de mando de su conjunto.
   *[other] { $cards } figuran en el mazo de objetivos, pero una misión empieza la partida en el mazo de mando y no puede entrar en el mazo de objetivos; contadas como cartas de mando de su conjunto.
}
lcg-no-objective-set = { $count ->
    [one] { $cards } no forma parte de ningún conjunto de objetivo (cartas del mazo de desafío de El Equilibrio de la Fuerza); un mazo se construye solo con conjuntos de objetivo completos.
   *[other] { $cards } no forman parte de ningún conjunto de objetivo (cartas del mazo de desafío de El Equilibrio de la Fuerza); un mazo se construye solo con conjuntos de objetivo completos.
}
lcg-same-side = Ambos mazos son del { $side }; una inscripción es un mazo del lado luminoso y un mazo del lado oscuro.
lcg-sets-missing = Los conjuntos de objetivo no están completos: cada copia de un objetivo trae las cinco cartas de su conjunto, y faltan estas: { $missing }.
lcg-sets-added = Se han añadido cartas a conjuntos de objetivo: { $added }. Las cartas de un conjunto vienen con su objetivo, una de cada por copia.
lcg-without-objective = { $count ->
    [one] { $count } carta está en el mazo sin su objetivo: { $cards }. Una carta entra en un mazo solo con su conjunto de objetivo completo.
   *[other] { $count } cartas están en el mazo sin su objetivo: { $cards }. Una carta entra en un mazo solo con su conjunto de objetivo completo.
}
lcg-not-yet-released = { $count ->
    [one] { $cards } es de { $product }, publicado el { $released } (Norteamérica): después de la fecha comprobada.
   *[other] { $cards } son de { $product }, publicado el { $released } (Norteamérica): después de la fecha comprobada.
}
lcg-same-group = { $cards } están en el mismo grupo restringido ({ $group }, { $list }): un mazo solo puede contener un conjunto de objetivo de cada grupo.
lcg-misfiled = { $count ->
    [one] { $cards } figura en { $filed }: { $belongs ->
        [objective] las cartas de objetivo van en el mazo de objetivos; contada como objetivo
        [affiliation] la carta de afiliación está aparte de los dos mazos; contada como afiliación del mazo
       *[command] solo las cartas de objetivo van en el mazo de objetivos; contada como carta de mando
    }.
   *[other] { $cards } figuran en { $filed }: { $belongs ->
        [objective] las cartas de objetivo van en el mazo de objetivos; contadas como objetivos
        [affiliation] la carta de afiliación está aparte de los dos mazos; contadas como afiliación del mazo
       *[command] solo las cartas de objetivo van en el mazo de objetivos; contadas como cartas de mando
    }.
}
lcg-other-side = { $count ->
    [one] { $cards } es del { $other }, en este mazo del { $side }; un mazo se construye para un solo lado de la Fuerza.
   *[other] { $cards } son del { $other }, en este mazo del { $side }; un mazo se construye para un solo lado de la Fuerza.
}
lcg-not-in-card-data = { $count ->
    [one] { $count } carta no está en los datos de cartas de deckcheck de Star Wars: El juego de cartas ({ $cards }): no se puede juzgar si es legal (las cartas de conjuntos de la comunidad no son cartas de torneo).
   *[other] { $count } cartas no están en los datos de cartas de deckcheck de Star Wars: El juego de cartas ({ $cards }): no se puede juzgar si son legales (las cartas de conjuntos de la comunidad no son cartas de torneo).
}
