# Star Wars: Unlimited, deutsch: die Begriffe der deutschen Turnierregeln (v1.4: Anführer,
# Basis, Spieldeck, Sideboard, Exemplar, Heldentum, Niedertracht) und der Kartendatenbank.

swu-type-a = { $type ->
    [leader] ein Anführer
    [base] eine Basis
    [unit] eine Einheit
    [event] ein Ereignis
    [upgrade] eine Aufwertung
   *[token] eine Spielmarke
}
swu-types = { $type ->
    [leader] Anführer
    [base] Basen
    [unit] Einheiten
    [event] Ereignisse
    [upgrade] Aufwertungen
   *[token] Spielmarken
}
swu-type = { $type ->
    [leader] Anführer
    [base] Basis
    [unit] Einheit
    [event] Ereignis
    [upgrade] Aufwertung
   *[token] Spielmarke
}
# Nach „im“/„in der“: der Bereich mit seinem Artikel.
swu-zone = { $zone ->
    [leader] im Anführerbereich
    [base] im Basisbereich
    [main] im Spieldeck
   *[sideboard] im Sideboard
}
swu-aspect = { $aspect ->
    [Vigilance] Wachsamkeit
    [Command] Befehl
    [Aggression] Aggression
    [Cunning] Raffinesse
    [Heroism] Heldentum
    [Villainy] Niedertracht
   *[other] { $aspect }
}
swu-scope = { $scope ->
    [main-deck-and-sideboard] in Spieldeck und Sideboard zusammen
    [deck] im Deck
   *[all-decks] in allen { $decks } Decks zusammen
}
swu-reprint = { $card } in { $set } ({ $printing }) ab { $from }
swu-reprints = , abgesehen von einem noch nicht erschienenen Nachdruck: { $reprints }
swu-n-cards = { $count ->
    [one] { $count } Karte
   *[other] { $count } Karten
}
swu-in-pool = { $cards } im Pool des Spielers

swu-not-a-base = { $count ->
    [one] { $cards } ist als Basis angegeben, ist aber keine Basis ({ $types }).
   *[other] { $cards } sind als Basis angegeben, sind aber keine Basis ({ $types }).
}
swu-not-released-no-set = { $count ->
    [one] { $cards } ist am { $date } nicht erschienen: Für ihr Set ist kein Erscheinungsdatum bekannt.
   *[other] { $cards } sind am { $date } nicht erschienen: Für ihr Set ist kein Erscheinungsdatum bekannt.
}
swu-not-released-no-date = { $count ->
    [one] { $cards } ist am { $date } nicht erschienen: Für { $set } ({ $code }) ist kein Erscheinungsdatum bekannt.
   *[other] { $cards } sind am { $date } nicht erschienen: Für { $set } ({ $code }) ist kein Erscheinungsdatum bekannt.
}
swu-not-released = { $count ->
    [one] { $cards } ist am { $date } nicht erschienen: { $set } ({ $code }) erscheint am { $release }.
   *[other] { $cards } sind am { $date } nicht erschienen: { $set } ({ $code }) erscheint am { $release }.
}
swu-not-released-counts-in = { $count ->
    [one] { $cards } ist am { $date } in { $format } nicht legal: { $set } ({ $code }) zählt in { $format } ab { $release }.
   *[other] { $cards } sind am { $date } in { $format } nicht legal: { $set } ({ $code }) zählt in { $format } ab { $release }.
}
swu-rotated = { $count ->
    [one] { $cards } ist nur in Sets gedruckt, die { $format } am { $left } verlassen haben ({ $sets }){ $reprints }; am { $date } verwendet { $format } die Sets der Rotationsblöcke { $blocks }.
   *[other] { $cards } sind nur in Sets gedruckt, die { $format } am { $left } verlassen haben ({ $sets }){ $reprints }; am { $date } verwendet { $format } die Sets der Rotationsblöcke { $blocks }.
}
swu-not-in-product = { $count ->
    [one] { $cards } ist nur in { $sets } gedruckt, das { $format } nicht umfasst{ $reprints }.
   *[other] { $cards } sind nur in { $sets } gedruckt, das { $format } nicht umfasst{ $reprints }.
}
swu-too-many-copies-format = { $copies } Exemplare von { $card } { $scope } (angegeben als { $listed }); { $format } erlaubt { $limit }.
swu-too-many-copies-text = { $copies } Exemplare von { $card } { $scope } (angegeben als { $listed }); ihr Kartentext erlaubt { $limit } („{ $text }“).
swu-too-many-copies-many = { $many } Karten haben { $scope } mehr Exemplare, als { $format } erlaubt (je { $limit }): { $counts }.
swu-out-of-place = { $count ->
    [one] { $cards } ist { $type } und darf nicht { $zone } sein, das nur Einheiten, Ereignisse und Aufwertungen enthält: Entferne die Karte.
   *[other] { $cards } sind { $types } und dürfen nicht { $zone } sein, das nur Einheiten, Ereignisse und Aufwertungen enthält: Entferne die Karten.
}
swu-wrong-number-of-decks = { $format } wird mit { $expected ->
    [one] { $expected } Deck
   *[other] { $expected } Decks
} gespielt; { $given ->
    [one] { $given } wurde angegeben.
   *[other] { $given } wurden angegeben.
}
swu-incomplete = Die Deckliste für ein Event der Competitive-Stufe muss { $missing ->
    [player-name] den Namen des Spielers
    [player-full-name] Vor- und Nachnamen des Spielers
    [player-uid] die UID des Spielers
    [leader] den Anführer
    [base] die Basis
   *[main-deck] das Spieldeck
} angeben.
swu-not-available = { $format } wird am { $date } nicht gespielt.
swu-not-available-yet = { $format } gab es am { $date } noch nicht; es kann ab { $from } gespielt werden.
swu-aspects-clash = { $leaders } können kein Twin Suns-Deck gemeinsam anführen: Am { $date } besagt die geltende Regel ({ $rule }), { $wording ->
    [share-heroism-or-villainy] dass beide Anführer entweder den Heldentum- oder den Niedertracht-Aspekt gemeinsam haben müssen
   *[not-heroism-and-villainy] dass die Startseiten der Anführer nicht zusammen den Heldentum- und den Niedertracht-Aspekt haben dürfen
}{ $start }.
swu-aspects-start = { " " }({ $sides })
swu-starting-side = { $side } beginnt das Spiel als Anführer mit { $aspects }
swu-slot-count = Ein { $format }-Deck hat genau { $what ->
    [leader] { $expected } Anführer
   *[base] { $expected ->
        [one] { $expected } Basis
       *[other] { $expected } Basen
    }
}; dieses hat { $actual }.
swu-not-a-leader = { $count ->
    [one] { $cards } ist als Anführer angegeben, ist aber keine Anführerkarte ({ $types }).
   *[other] { $cards } sind als Anführer angegeben, sind aber keine Anführerkarten ({ $types }).
}
swu-main-deck-too-small = Das Spieldeck hat { $actual ->
    [one] { $actual } Karte
   *[other] { $actual } Karten
}{ $besides }; { $format } verlangt mindestens { $minimum }{ $why }.
swu-main-deck-besides = { $count ->
    [one] { " " }neben { $count } Anführer, Basis oder Spielmarke, die nicht darin sein darf
   *[other] { " " }neben { $count } Anführern, Basen oder Spielmarken, die nicht darin sein dürfen
}
swu-main-deck-changed-by = { " " }(geändert durch { $bases })
swu-more-than-opened = Das Deck spielt { $played } Exemplare von { $cards }, aber der Pool hat { $opened }.
swu-not-opened = { $count ->
    [one] { $cards } ist nicht im Pool des Spielers.
   *[other] { $cards } sind nicht im Pool des Spielers.
}
swu-base-not-in-pool = { $cards } wurde nicht geöffnet und ist keine Common-Basis von { $set }.
swu-base-not-in-pool-unknown = { $cards } wurde nicht geöffnet und ist keine Common-Basis des Sets des Events (unbekannt).
swu-no-sideboard = { $format }-Decks haben kein Sideboard; dieses hat { $actual ->
    [one] { $actual } Karte
   *[other] { $actual } Karten
} darin.
swu-sideboard-too-large = Das Sideboard hat { $actual ->
    [one] { $actual } Karte
   *[other] { $actual } Karten
}; { $format } erlaubt höchstens { $max }.
swu-suspended = { $count ->
    [one] { $cards } ist in { $format } seit { $since } gesperrt, durch { $announcement }; die Liste der gesperrten Karten von { $format } steht in { $list }.
   *[other] { $cards } sind in { $format } seit { $since } gesperrt, durch { $announcement }; die Liste der gesperrten Karten von { $format } steht in { $list }.
}
