# Star Wars: Unlimited, in italiano: i termini dell'edizione italiana (leader, base, unità,
# evento, potenziamento, segnalino; Eroismo, Malvagità).

swu-type-a = { $type ->
    [leader] un leader
    [base] una base
    [unit] un'unità
    [event] un evento
    [upgrade] un potenziamento
   *[token] un segnalino
}
swu-types = { $type ->
    [leader] leader
    [base] basi
    [unit] unità
    [event] eventi
    [upgrade] potenziamenti
   *[token] segnalini
}
swu-type = { $type ->
    [leader] leader
    [base] base
    [unit] unità
    [event] evento
    [upgrade] potenziamento
   *[token] segnalino
}
# Dopo "in": la zona con la sua preposizione articolata.
swu-zone = { $zone ->
    [leader] nella zona del leader
    [base] nella zona della base
    [main] nel mazzo principale
   *[sideboard] nel sideboard
}
swu-aspect = { $aspect ->
    [Vigilance] Vigilanza
    [Command] Comando
    [Aggression] Aggressione
    [Cunning] Astuzia
    [Heroism] Eroismo
    [Villainy] Malvagità
   *[other] { $aspect }
}
swu-scope = { $scope ->
    [main-deck-and-sideboard] tra mazzo principale e sideboard
    [deck] nel mazzo
   *[all-decks] in tutti i { $decks } mazzi
}
swu-reprint = { $card } in { $set } ({ $printing }) dal { $from }
swu-reprints = , a parte una ristampa non ancora uscita: { $reprints }
swu-n-cards = { $count ->
    [one] { $count } carta
   *[other] { $count } carte
}
swu-in-pool = { $cards } nel pool del giocatore

swu-not-a-base = { $count ->
    [one] { $cards } è indicata come base ma non è una carta base ({ $types }).
   *[other] { $cards } sono indicate come base ma non sono carte base ({ $types }).
}
swu-not-released-no-set = { $count ->
    [one] { $cards } non è uscita al { $date }: non si conosce una data di uscita per la sua espansione.
   *[other] { $cards } non sono uscite al { $date }: non si conosce una data di uscita per la loro espansione.
}
swu-not-released-no-date = { $count ->
    [one] { $cards } non è uscita al { $date }: non si conosce una data di uscita per { $set } ({ $code }).
   *[other] { $cards } non sono uscite al { $date }: non si conosce una data di uscita per { $set } ({ $code }).
}
swu-not-released = { $count ->
    [one] { $cards } non è uscita al { $date }: { $set } ({ $code }) esce il { $release }.
   *[other] { $cards } non sono uscite al { $date }: { $set } ({ $code }) esce il { $release }.
}
swu-not-released-counts-in = { $count ->
    [one] { $cards } non è legale in { $format } al { $date }: { $set } ({ $code }) vale in { $format } dal { $release }.
   *[other] { $cards } non sono legali in { $format } al { $date }: { $set } ({ $code }) vale in { $format } dal { $release }.
}
swu-rotated = { $count ->
    [one] { $cards } è stampata solo in espansioni uscite da { $format } il { $left } ({ $sets }){ $reprints }; al { $date } { $format } usa le espansioni dei blocchi di rotazione { $blocks }.
   *[other] { $cards } sono stampate solo in espansioni uscite da { $format } il { $left } ({ $sets }){ $reprints }; al { $date } { $format } usa le espansioni dei blocchi di rotazione { $blocks }.
}
swu-not-in-product = { $count ->
    [one] { $cards } è stampata solo in { $sets }, che { $format } non comprende{ $reprints }.
   *[other] { $cards } sono stampate solo in { $sets }, che { $format } non comprende{ $reprints }.
}
swu-too-many-copies-format = { $copies } copie di { $card } { $scope } (indicate come { $listed }); { $format } ne consente { $limit }.
swu-too-many-copies-text = { $copies } copie di { $card } { $scope } (indicate come { $listed }); il suo testo ne consente { $limit } ("{ $text }").
swu-too-many-copies-many = { $many } carte hanno più copie { $scope } di quante ne consenta { $format } ({ $limit } ciascuna): { $counts }.
swu-out-of-place = { $count ->
    [one] { $cards } è { $type } e non può stare { $zone }, che contiene solo unità, eventi e potenziamenti: rimuovila.
   *[other] { $cards } sono { $types } e non possono stare { $zone }, che contiene solo unità, eventi e potenziamenti: rimuovile.
}
swu-wrong-number-of-decks = { $format } si gioca con { $expected ->
    [one] { $expected } mazzo
   *[other] { $expected } mazzi
}; { $given ->
    [one] ne è stato fornito { $given }.
   *[other] ne sono stati forniti { $given }.
}
swu-incomplete = La lista del mazzo per un evento competitivo deve indicare { $missing ->
    [player-name] il nome del giocatore
    [player-full-name] nome e cognome del giocatore
    [player-uid] l'UID del giocatore
    [leader] il leader
    [base] la base
   *[main-deck] il mazzo principale
}.
swu-not-available = { $format } non si gioca il { $date }.
swu-not-available-yet = { $format } non esisteva ancora il { $date }; si può giocare dal { $from }.
swu-aspects-clash = { $leaders } non possono guidare insieme un mazzo Twin Suns: al { $date } la regola in vigore ({ $rule }) dice che { $wording ->
    [share-heroism-or-villainy] entrambi i leader devono condividere l'aspetto Eroismo o l'aspetto Malvagità
   *[not-heroism-and-villainy] i lati iniziali dei leader non possono avere insieme sia l'aspetto Eroismo sia l'aspetto Malvagità
}{ $start }.
swu-aspects-start = { " " }({ $sides })
swu-starting-side = { $side } inizia la partita come leader { $aspects }
swu-slot-count = Un mazzo { $format } ha esattamente { $what ->
    [leader] { $expected } leader
   *[base] { $expected ->
        [one] { $expected } base
       *[other] { $expected } basi
    }
}; questo ne ha { $actual }.
swu-not-a-leader = { $count ->
    [one] { $cards } è indicata come leader ma non è una carta leader ({ $types }).
   *[other] { $cards } sono indicate come leader ma non sono carte leader ({ $types }).
}
swu-main-deck-too-small = Il mazzo principale ha { $actual ->
    [one] { $actual } carta
   *[other] { $actual } carte
}{ $besides }; { $format } ne richiede almeno { $minimum }{ $why }.
swu-main-deck-besides = { $count ->
    [one] { " " }oltre a { $count } leader, base o segnalino, che non può farne parte
   *[other] { " " }oltre a { $count } leader, basi o segnalini, che non possono farne parte
}
swu-main-deck-changed-by = { " " }(modificato da { $bases })
swu-more-than-opened = Il mazzo gioca { $played } copie di { $cards } ma il pool ne ha { $opened }.
swu-not-opened = { $count ->
    [one] { $cards } non è nel pool del giocatore.
   *[other] { $cards } non sono nel pool del giocatore.
}
swu-base-not-in-pool = { $cards } non è stata aperta e non è una base comune di { $set }.
swu-base-not-in-pool-unknown = { $cards } non è stata aperta e non è una base comune dell'espansione dell'evento (sconosciuta).
swu-no-sideboard = I mazzi { $format } non hanno sideboard; questo ne ha { $actual ->
    [one] { $actual } carta
   *[other] { $actual } carte
}.
swu-sideboard-too-large = Il sideboard ha { $actual ->
    [one] { $actual } carta
   *[other] { $actual } carte
}; { $format } ne consente al massimo { $max }.
swu-suspended = { $count ->
    [one] { $cards } è sospesa in { $format } dal { $since }, da { $announcement }; l'elenco delle sospensioni di { $format } si trova in { $list }.
   *[other] { $cards } sono sospese in { $format } dal { $since }, da { $announcement }; l'elenco delle sospensioni di { $format } si trova in { $list }.
}
