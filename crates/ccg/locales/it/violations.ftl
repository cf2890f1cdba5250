# Star Wars CCG, in italiano: i nomi del gioco (Dark Side, Light Side, Objective, Starting
# Effect, Defensive Shield) restano in inglese, come li chiamano i giocatori.

ccg-side = { $side ->
    [dark] Dark Side
   *[light] Light Side
}
ccg-icon-a = { $icon ->
    [EPISODE_I] un'icona Episodio I
    [MAINTENANCE] un costo di manutenzione
    [DEFENSIVE_SHIELD] un'icona Defensive Shield
    [EPISODE_VII] un'icona Episodio VII
   *[other] { $icon }
}
ccg-verdict = { $verdict ->
    [legal] legale
    [illegal] non legale
   *[unverified] non verificato
}
ccg-source = { $source ->
    [gemp] GEMP
   *[pc] il database delle carte del Players Committee
}
ccg-month = { $month ->
    [1] gennaio
    [2] febbraio
    [3] marzo
    [4] aprile
    [5] maggio
    [6] giugno
    [7] luglio
    [8] agosto
    [9] settembre
    [10] ottobre
    [11] novembre
   *[12] dicembre
} { $year }
ccg-choice = con { $title } ({ $id }, { $set }) il mazzo è { $verdict }{ $codes }
ccg-others-left-aside = { " " }(gli altri titoli ambigui lasciati da parte)
ccg-not-judged-each = il mazzo non è stato giudicato con ciascuna ({ $judged } titoli ambigui lo sono stati)
ccg-at-line = { " " }(riga { $line })
ccg-this-title = Questo titolo

ccg-ambiguous-title = "{ $title }"{ $line } indica { $count } carte e nessuna è stata scelta: { $detail }. Scrivi l'id del blueprint dopo il titolo per dire quale, ad es. "{ $title } ({ $id })".
ccg-on-banned-list = { $count ->
    [one] { $count } carta è
   *[other] { $count } carte sono
} nella lista delle carte bandite di { $format }: { $cards }.
ccg-game-aid = La Hyperroute Navigation Chart è un aiuto di gioco, non legale in alcun mazzo: { $cards }.
ccg-banned-icon = { $count ->
    [one] { $count } carta con { $icon } non è legale
   *[other] { $count } carte con { $icon } non sono legali
}: { $cards }.
ccg-prize-without-testing = { $cards } può stare solo in un mazzo con Carbon Chamber Testing, che questo mazzo non ha.
ccg-over-one = Un mazzo può avere solo 1 { $title }; questo ne ha { $copies }: { $cards }.
ccg-too-new-day = Le carte sono legali una settimana dopo l'uscita della loro espansione; { $count ->
    [one] { $count } carta è
   *[other] { $count } carte sono
} di { $set }, uscita il { $released } e legale dal { $legal_from }, non il { $date }: { $cards }.
ccg-too-new-month = Le carte sono legali una settimana dopo l'uscita della loro espansione; { $count ->
    [one] { $count } carta è
   *[other] { $count } carte sono
} di { $set }, uscita a { $month } (il giorno non è noto), quindi legale da un giorno tra il { $first } e il { $last }: non si sa se lo sia il { $date }: { $cards }.
ccg-too-new-unknown = Le carte sono legali una settimana dopo l'uscita della loro espansione; { $count ->
    [one] { $count } carta è
   *[other] { $count } carte sono
} di { $set }, la cui data di uscita non è nota, quindi non si sa se le sue carte siano legali il { $date }: { $cards }.
ccg-not-tournament = Sono legali solo le carte stampate da Decipher e le carte virtuali del Players Committee; le Dream Cards e le carte di Playtesting di GEMP no: { $cards }.
ccg-at-most-one = Un mazzo ha al massimo 1 { $what }; questo ne ha { $copies }: { $cards }.
ccg-mixed-sides = Un mazzo è tutto Dark Side o tutto Light Side. Questo mazzo è per lo più { $side }, ma ha { $others ->
    [one] { $others } carta del
   *[other] { $others } carte del
} { $other }: { $cards }.
ccg-too-many-outside = Al massimo { $max } carte possono essere tenute fuori da un mazzo; questo mazzo ne ha { $outside } fuori.
ccg-outside-in-deck = { $count ->
    [one] Questa carta non conta nel mazzo e va tenuta fuori, non nel mazzo: { $cards }.
   *[other] Queste carte non contano nel mazzo e vanno tenute fuori, non nel mazzo: { $cards }.
}
ccg-pair-alone = Un'iscrizione è di due mazzi, uno Dark Side e uno Light Side; è stato fornito un solo mazzo.
ccg-pair-same-side = Un'iscrizione è un mazzo Dark Side e un mazzo Light Side; entrambi i mazzi forniti sono mazzi { $side }.
ccg-banned-rarity = { $count ->
    [one] { $count } carta è
   *[other] { $count } carte sono
} di una rarità che questo formato bandisce ({ $banned }): { $cards }.
ccg-over-restricted = Un mazzo può avere solo 1 copia di una carta ristretta; questo ne ha { $copies }: { $cards }.
ccg-retired = { $count ->
    [one] { $count } carta è una carta virtuale ritirata in Legacy, non legale in { $format }: { $cards }.
   *[other] { $count } carte sono carte virtuali ritirate in Legacy, non legali in { $format }: { $cards }.
}
ccg-set-not-in-format = { $count ->
    [one] { $count } carta è
   *[other] { $count } carte sono
} di un'espansione che non fa parte di { $format }: { $cards }.
ccg-deck-size-short = Un mazzo ha esattamente { $expected } carte (le carte tenute fuori dal mazzo non contano); questo ne ha { $actual }: { $diff ->
    [one] manca { $diff } carta
   *[other] mancano { $diff } carte
}.
ccg-deck-size-over = Un mazzo ha esattamente { $expected } carte (le carte tenute fuori dal mazzo non contano); questo ne ha { $actual }: { $diff ->
    [one] { $diff } carta di troppo
   *[other] { $diff } carte di troppo
}.
ccg-sources-disagree = { $with } dà a { $cards } un'icona Episodio I e { $without } no: se ha ragione { $with }, la carta qui è bandita e il mazzo non è legale; se ha ragione { $without }, questa carta è legale.
ccg-no-such-card = { $count ->
    [one] I dati delle carte di deckcheck non hanno alcuna carta di Star Wars CCG con l'id { $cards }: non si può giudicare se è legale.
   *[other] I dati delle carte di deckcheck non hanno alcuna carta di Star Wars CCG con gli id { $cards }: non si può giudicare se sono legali.
}
ccg-newer = { $count ->
    [one] { $count } carta è di { $set }, più recente dei dati delle carte di deckcheck (la loro espansione più recente è { $newest }): { $cards }. Sincronizza i dati delle carte per giudicarla.
   *[other] { $count } carte sono di { $set }, più recente dei dati delle carte di deckcheck (la loro espansione più recente è { $newest }): { $cards }. Sincronizza i dati delle carte per giudicarle.
}
ccg-legacy = { $count ->
    [one] { $count } carta è
   *[other] { $count } carte sono
} dell'espansione Legacy di GEMP, che i dati delle carte di deckcheck non contengono: { $cards }.
