# Star Wars CCG, en español: los nombres del juego (Dark Side, Light Side, Objective, Starting
# Effect, Defensive Shield) quedan en inglés, como los llaman los jugadores.

ccg-side = { $side ->
    [dark] Dark Side
   *[light] Light Side
}
ccg-icon-a = { $icon ->
    [EPISODE_I] un icono de Episodio I
    [MAINTENANCE] un coste de mantenimiento
    [DEFENSIVE_SHIELD] un icono de Defensive Shield
    [EPISODE_VII] un icono de Episodio VII
   *[other] { $icon }
}
ccg-verdict = { $verdict ->
    [legal] legal
    [illegal] ilegal
   *[unverified] sin verificar
}
ccg-source = { $source ->
    [gemp] GEMP
   *[pc] la base de datos de cartas del Players Committee
}
ccg-month = { $month ->
    [1] enero
    [2] febrero
    [3] marzo
    [4] abril
    [5] mayo
    [6] junio
    [7] julio
    [8] agosto
    [9] septiembre
    [10] octubre
    [11] noviembre
   *[12] diciembre
} de { $year }
ccg-choice = con { $title } ({ $id }, { $set }) el mazo es { $verdict }{ $codes }
ccg-others-left-aside = { " " }(dejando de lado los demás títulos ambiguos)
ccg-not-judged-each = el mazo no se juzgó con cada una ({ $judged } títulos ambiguos sí)
ccg-at-line = { " " }(línea { $line })
ccg-this-title = Este título

ccg-ambiguous-title = "{ $title }"{ $line } nombra { $count } cartas y no se eligió ninguna: { $detail }. Escribe el id de blueprint tras el título para decir cuál, p. ej. "{ $title } ({ $id })".
ccg-on-banned-list = { $count ->
    [one] { $count } carta está
   *[other] { $count } cartas están
} en la lista de cartas prohibidas de { $format }: { $cards }.
ccg-game-aid = La Hyperroute Navigation Chart es una ayuda de juego, no legal en ningún mazo: { $cards }.
ccg-banned-icon = { $count ->
    [one] { $count } carta con { $icon } no es legal
   *[other] { $count } cartas con { $icon } no son legales
}: { $cards }.
ccg-prize-without-testing = { $cards } solo puede estar en un mazo con Carbon Chamber Testing, que este mazo no tiene.
ccg-over-one = Un mazo solo puede tener 1 { $title }; este tiene { $copies }: { $cards }.
ccg-too-new-day = Las cartas son legales una semana después de la publicación de su expansión; { $count ->
    [one] { $count } carta es
   *[other] { $count } cartas son
} de { $set }, publicada el { $released } y legal desde el { $legal_from }, no el { $date }: { $cards }.
ccg-too-new-month = Las cartas son legales una semana después de la publicación de su expansión; { $count ->
    [one] { $count } carta es
   *[other] { $count } cartas son
} de { $set }, publicada en { $month } (no se conoce el día), así que legal desde un día entre el { $first } y el { $last }: no se sabe si lo es el { $date }: { $cards }.
ccg-too-new-unknown = Las cartas son legales una semana después de la publicación de su expansión; { $count ->
    [one] { $count } carta es
   *[other] { $count } cartas son
} de { $set }, cuya fecha de publicación no se conoce, así que no se sabe si sus cartas son legales el { $date }: { $cards }.
ccg-not-tournament = Solo son legales las cartas impresas por Decipher y las cartas virtuales del Players Committee; las Dream Cards y las cartas de Playtesting de GEMP no: { $cards }.
ccg-at-most-one = Un mazo tiene como máximo 1 { $what }; este tiene { $copies }: { $cards }.
ccg-mixed-sides = Un mazo es todo Dark Side o todo Light Side. Este mazo es sobre todo { $side }, pero tiene { $others ->
    [one] { $others } carta del
   *[other] { $others } cartas del
} { $other }: { $cards }.
ccg-too-many-outside = Como máximo se pueden guardar { $max } cartas fuera de un mazo; este mazo tiene { $outside } fuera.
ccg-outside-in-deck = { $count ->
    [one] Esta carta no cuenta para el mazo y se guarda fuera de él, no dentro: { $cards }.
   *[other] Estas cartas no cuentan para el mazo y se guardan fuera de él, no dentro: { $cards }.
}
ccg-pair-alone = Una inscripción son dos mazos, uno Dark Side y uno Light Side; solo se ha entregado un mazo.
ccg-pair-same-side = Una inscripción es un mazo Dark Side y un mazo Light Side; los dos mazos entregados son mazos { $side }.
ccg-banned-rarity = { $count ->
    [one] { $count } carta es
   *[other] { $count } cartas son
} de una rareza que este formato prohíbe ({ $banned }): { $cards }.
ccg-over-restricted = Un mazo solo puede tener 1 copia de una carta restringida; este tiene { $copies }: { $cards }.
ccg-retired = { $count ->
    [one] { $count } carta es una carta virtual retirada a Legacy, no legal en { $format }: { $cards }.
   *[other] { $count } cartas son cartas virtuales retiradas a Legacy, no legales en { $format }: { $cards }.
}
ccg-set-not-in-format = { $count ->
    [one] { $count } carta es
   *[other] { $count } cartas son
} de una expansión que no forma parte de { $format }: { $cards }.
ccg-deck-size-short = Un mazo tiene exactamente { $expected } cartas (las cartas guardadas fuera del mazo no cuentan); este tiene { $actual }: { $diff ->
    [one] falta { $diff } carta
   *[other] faltan { $diff } cartas
}.
ccg-deck-size-over = Un mazo tiene exactamente { $expected } cartas (las cartas guardadas fuera del mazo no cuentan); este tiene { $actual }: { $diff ->
    [one] sobra { $diff } carta
   *[other] sobran { $diff } cartas
}.
ccg-sources-disagree = { $with } da a { $cards } un icono de Episodio I y { $without } no: si { $with } tiene razón, la carta está prohibida aquí y el mazo es ilegal; si { $without } tiene razón, esta carta es legal.
ccg-no-such-card = { $count ->
    [one] Los datos de cartas de deckcheck no tienen ninguna carta de Star Wars CCG con el id { $cards }: no se puede juzgar si es legal.
   *[other] Los datos de cartas de deckcheck no tienen ninguna carta de Star Wars CCG con los ids { $cards }: no se puede juzgar si son legales.
}
ccg-newer = { $count ->
    [one] { $count } carta es de { $set }, más reciente que los datos de cartas de deckcheck (su expansión más reciente es { $newest }): { $cards }. Sincroniza los datos de cartas para juzgarla.
   *[other] { $count } cartas son de { $set }, más reciente que los datos de cartas de deckcheck (su expansión más reciente es { $newest }): { $cards }. Sincroniza los datos de cartas para juzgarlas.
}
ccg-legacy = { $count ->
    [one] { $count } carta es
   *[other] { $count } cartas son
} de la expansión Legacy de GEMP, que los datos de cartas de deckcheck no contienen: { $cards }.
