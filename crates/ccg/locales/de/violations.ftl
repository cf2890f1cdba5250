# Star Wars CCG, deutsch: die Namen des Spiels (Dark Side, Light Side, Objective, Starting
# Effect, Defensive Shield) bleiben englisch, wie die Spieler sie nennen.

ccg-side = { $side ->
    [dark] Dark Side
   *[light] Light Side
}
ccg-icon-a = { $icon ->
    [EPISODE_I] einem Episode-I-Symbol
    [MAINTENANCE] Unterhaltskosten
    [DEFENSIVE_SHIELD] einem Defensive-Shield-Symbol
    [EPISODE_VII] einem Episode-VII-Symbol
   *[other] { $icon }
}
ccg-verdict = { $verdict ->
    [legal] legal
    [illegal] nicht legal
   *[unverified] ungeprüft
}
ccg-source = { $source ->
    [gemp] GEMP
   *[pc] die Kartendatenbank des Players Committee
}
ccg-month = { $month ->
    [1] Januar
    [2] Februar
    [3] März
    [4] April
    [5] Mai
    [6] Juni
    [7] Juli
    [8] August
    [9] September
    [10] Oktober
    [11] November
   *[12] Dezember
} { $year }
ccg-choice = mit { $title } ({ $id }, { $set }) ist das Deck { $verdict }{ $codes }
ccg-others-left-aside = { " " }(die anderen mehrdeutigen Titel beiseitegelassen)
ccg-not-judged-each = das Deck wurde nicht mit jeder beurteilt ({ $judged } mehrdeutige Titel wurden es)
ccg-at-line = { " " }(Zeile { $line })
ccg-this-title = Dieser Titel

ccg-ambiguous-title = „{ $title }“{ $line } bezeichnet { $count } Karten, und keine wurde gewählt: { $detail }. Schreibe die Blueprint-ID hinter den Titel, um zu sagen welche, z. B. „{ $title } ({ $id })“.
ccg-on-banned-list = { $count ->
    [one] { $count } Karte steht
   *[other] { $count } Karten stehen
} auf der Bannliste von { $format }: { $cards }.
ccg-game-aid = Die Hyperroute Navigation Chart ist eine Spielhilfe und in keinem Deck legal: { $cards }.
ccg-banned-icon = { $count ->
    [one] { $count } Karte mit { $icon } ist
   *[other] { $count } Karten mit { $icon } sind
} nicht legal: { $cards }.
ccg-prize-without-testing = { $cards } darf nur in einem Deck mit Carbon Chamber Testing sein, das dieses Deck nicht hat.
ccg-over-one = Ein Deck darf nur 1 { $title } haben; dieses hat { $copies }: { $cards }.
ccg-too-new-day = Karten sind eine Woche nach dem Erscheinen ihres Sets legal; { $count ->
    [one] { $count } Karte ist
   *[other] { $count } Karten sind
} aus { $set }, erschienen am { $released } und legal ab { $legal_from }, nicht am { $date }: { $cards }.
ccg-too-new-month = Karten sind eine Woche nach dem Erscheinen ihres Sets legal; { $count ->
    [one] { $count } Karte ist
   *[other] { $count } Karten sind
} aus { $set }, erschienen im { $month } (der Tag ist nicht bekannt), also legal ab einem Tag zwischen { $first } und { $last }: ob am { $date }, ist nicht bekannt: { $cards }.
ccg-too-new-unknown = Karten sind eine Woche nach dem Erscheinen ihres Sets legal; { $count ->
    [one] { $count } Karte ist
   *[other] { $count } Karten sind
} aus { $set }, dessen Erscheinungsdatum nicht bekannt ist; ob seine Karten am { $date } legal sind, ist daher nicht bekannt: { $cards }.
ccg-not-tournament = Nur von Decipher gedruckte Karten und die virtuellen Karten des Players Committee sind legal; die Dream Cards und Playtesting-Karten von GEMP nicht: { $cards }.
ccg-at-most-one = Ein Deck hat höchstens 1 { $what }; dieses hat { $copies }: { $cards }.
ccg-mixed-sides = Ein Deck ist ganz Dark Side oder ganz Light Side. Dieses Deck ist größtenteils { $side }, hat aber { $others ->
    [one] { $others } Karte der
   *[other] { $others } Karten der
} { $other }: { $cards }.
ccg-too-many-outside = Höchstens { $max } Karten dürfen außerhalb eines Decks gehalten werden; dieses Deck hat { $outside } außerhalb.
ccg-outside-in-deck = { $count ->
    [one] Diese Karte zählt nicht zum Deck und wird außerhalb gehalten, nicht im Deck: { $cards }.
   *[other] Diese Karten zählen nicht zum Deck und werden außerhalb gehalten, nicht im Deck: { $cards }.
}
ccg-pair-alone = Eine Registrierung besteht aus zwei Decks, einem Dark-Side- und einem Light-Side-Deck; nur ein Deck wurde angegeben.
ccg-pair-same-side = Eine Registrierung besteht aus einem Dark-Side-Deck und einem Light-Side-Deck; beide angegebenen Decks sind { $side }-Decks.
ccg-banned-rarity = { $count ->
    [one] { $count } Karte hat
   *[other] { $count } Karten haben
} eine Seltenheit, die dieses Format verbietet ({ $banned }): { $cards }.
ccg-over-restricted = Ein Deck darf nur 1 Exemplar einer eingeschränkten Karte haben; dieses hat { $copies }: { $cards }.
ccg-retired = { $count ->
    [one] { $count } Karte ist eine virtuelle Karte, die nach Legacy verschoben wurde, nicht legal in { $format }: { $cards }.
   *[other] { $count } Karten sind virtuelle Karten, die nach Legacy verschoben wurden, nicht legal in { $format }: { $cards }.
}
ccg-set-not-in-format = { $count ->
    [one] { $count } Karte ist
   *[other] { $count } Karten sind
} aus einem Set, das nicht zu { $format } gehört: { $cards }.
ccg-deck-size-short = Ein Deck hat genau { $expected } Karten (Karten außerhalb des Decks zählen nicht); dieses hat { $actual }: { $diff ->
    [one] { $diff } Karte
   *[other] { $diff } Karten
} zu wenig.
ccg-deck-size-over = Ein Deck hat genau { $expected } Karten (Karten außerhalb des Decks zählen nicht); dieses hat { $actual }: { $diff ->
    [one] { $diff } Karte
   *[other] { $diff } Karten
} zu viel.
ccg-sources-disagree = { $with } gibt { $cards } ein Episode-I-Symbol und { $without } nicht: Hat { $with } recht, ist die Karte hier gebannt und das Deck nicht legal; hat { $without } recht, ist diese Karte legal.
ccg-no-such-card = { $count ->
    [one] deckchecks Kartendaten haben keine Star-Wars-CCG-Karte mit der ID { $cards }: ob sie legal ist, kann nicht beurteilt werden.
   *[other] deckchecks Kartendaten haben keine Star-Wars-CCG-Karten mit den IDs { $cards }: ob sie legal sind, kann nicht beurteilt werden.
}
ccg-newer = { $count ->
    [one] { $count } Karte ist aus { $set }, das neuer als deckchecks Kartendaten ist (ihr neuestes Set ist { $newest }): { $cards }. Synchronisiere die Kartendaten, um sie zu beurteilen.
   *[other] { $count } Karten sind aus { $set }, das neuer als deckchecks Kartendaten ist (ihr neuestes Set ist { $newest }): { $cards }. Synchronisiere die Kartendaten, um sie zu beurteilen.
}
ccg-legacy = { $count ->
    [one] { $count } Karte ist
   *[other] { $count } Karten sind
} aus GEMPs Legacy-Set, das deckchecks Kartendaten nicht enthalten: { $cards }.
