# Star Wars: Legion, deutsch: Ränge, Karten und Armeebau in den Begriffen der deutschen Ausgabe;
# Schlüsselwörter (Equip, Detachment, Entourage, Field Commander…) sowie Einheiten-, Aufwertungs-,
# Platz-, Kampfverbands- und Fraktionsnamen so, wie die Daten von Legion HQ sie nennen.

legion-rank-units = { $rank ->
    [commander] Kommandanten-Einheiten
    [operative] Agenten-Einheiten
    [corps] Korps-Einheiten
    [special] Spezialeinheiten
    [support] Unterstützungseinheiten
   *[heavy] schwere Einheiten
}
legion-rank-units-non-merc = { $rank ->
    [commander] Kommandanten-Einheiten, die keine Söldner sind
    [operative] Agenten-Einheiten, die keine Söldner sind
    [corps] Korps-Einheiten, die keine Söldner sind
    [special] Spezialeinheiten, die keine Söldner sind
    [support] Unterstützungseinheiten, die keine Söldner sind
   *[heavy] schwere Einheiten, die keine Söldner sind
}
legion-rank-units-merc = { $rank ->
    [commander] Söldner-Kommandanten-Einheiten
    [operative] Söldner-Agenten-Einheiten
    [corps] Söldner-Korps-Einheiten
    [special] Söldner-Spezialeinheiten
    [support] Söldner-Unterstützungseinheiten
   *[heavy] schwere Söldner-Einheiten
}
legion-battle-type = { $type ->
    [primary] Primär
    [secondary] Sekundär
    [advantage] Vorteils
   *[other] { $type }
}
legion-each = , jede
legion-or = { " " }oder{ " " }
legion-exempt-entourage = { $copies } { $unit } durch Entourage von { $of }
legion-exempt-associate = { $copies } { $unit } durch Associate ({ $with } ist in der Armee)
legion-exempt-detachment = { $copies } { $unit } durch Detachment
legion-not-counted = { " " }({ $n ->
    [one] { $n } Einheit
   *[other] { $n } Einheiten
} nicht gezählt: { $reasons })

legion-battle-deck-count = Das Schlachtdeck hat { $count ->
    [one] { $count } { $type }karte
   *[other] { $count } { $type }karten
}; es braucht genau { $per_type }.
legion-battle-deck = { $cards }{ $each }: { $reason ->
    [twice] mehr als ein Exemplar im Schlachtdeck; jede Karte ist nur einmal erlaubt
    [not-recon] ein Recon-Schlachtdeck enthält nur Karten mit dem Schlüsselwort Recon
    [recon-outside-recon] Karten mit dem Schlüsselwort Recon werden nur in Recon gespielt
   *[other-faction] eine Karte einer anderen Fraktion
}.
legion-force-faction = Der Kampfverband { $force } ist keine Armee dieser Fraktion.
legion-force-units = { $count ->
    [one] { $cards } gehört nicht zum Kampfverband { $force }.
   *[other] { $cards } gehören nicht zum Kampfverband { $force }.
}
legion-force-upgrades = { $count ->
    [one] { $cards } ist im Kampfverband { $force } nicht erlaubt.
   *[other] { $cards } sind im Kampfverband { $force } nicht erlaubt.
}
legion-force-rule = { $force }: { $rule }.
legion-force-no-option = keine Option namens { $chosen } (er bietet keine Optionen)
legion-force-unknown-option = keine Option namens { $chosen } (seine Optionen sind { $offered })
legion-force-at-most = höchstens { $max } { $units } (die Armee hat { $count })
legion-force-at-least = mindestens { $min } { $units } (die Armee hat { $count })
legion-force-corps-first = von jedem seiner Korps muss eine Einheit genommen werden, bevor eine zweite irgendeines genommen wird
legion-force-wookiees = mindestens 3 Wookiee-Trooper-Einheiten (die Armee hat { $count })
legion-force-non-ewok = mindestens 2 Rebellen-Einheiten, die keine Ewoks sind (die Armee hat { $count })
legion-force-clan = jede Einheit muss der Zugehörigkeit { $affiliation } angehören
legion-hand-pips = Die Kommandohand hat { $count ->
    [one] { $count } Karte
   *[other] { $count } Karten
} mit { $pips ->
    [one] { $pips } Punkt
   *[other] { $pips } Punkten
}; sie braucht genau { $per_pip }.
legion-hand = { $cards }{ $each }: { $reason ->
    [four-pips] nur Standing Orders darf eine 4-Punkte-Karte der Hand sein
    [twice] mehr als ein Exemplar in der Kommandohand; jede Karte ist nur einmal erlaubt
    [no-commander] die Einheit, die die Karte nennt, ist nicht in der Armee
    [other-faction] eine Karte einer anderen Fraktion
    [other-force] eine Karte eines Kampfverbands, als der die Armee nicht gebaut ist
   *[unmet] keine Einheit der Armee erfüllt die Voraussetzungen der Karte
}.
legion-without-parent = { $count ->
    [one] { $cards } hat
   *[other] { $cards } haben
} Detachment: { $target }; die Armee hat { $parents ->
    [one] { $parents } solche Einheit
   *[other] { $parents } solche Einheiten
} für { $detachments ->
    [one] { $detachments } Detachment-Einheit
   *[other] { $detachments } Detachment-Einheiten
}.
legion-not-of-faction = { $count ->
    [one] { $cards } gehört nicht zur Fraktion der Armee ({ $faction }).
   *[other] { $cards } gehören nicht zur Fraktion der Armee ({ $faction }).
}
legion-mixed-factions = Die Armee mischt Einheiten mehrerer Fraktionen: { $cards }.
legion-field-commander = Die Armee hat keinen Kommandanten; { $cards } hat Field Commander, aber der Kampfverband { $force } erlaubt nicht, dass Field Commander einen Kommandanten ersetzt.
legion-merc-not-affiliated = { $count ->
    [one] { $cards } kann sich keiner Armee dieser Fraktion ({ $faction }) anschließen: ihr Schlüsselwort Mercenary nennt sie nicht.
   *[other] { $cards } können sich keiner Armee dieser Fraktion ({ $faction }) anschließen: ihr Schlüsselwort Mercenary nennt sie nicht.
}
legion-merc-too-many = Zu viele { $units }: { $count }, höchstens { $limit }.
legion-not-played-yet = Dieser Modus wurde an diesem Datum noch nicht gespielt: sein erstes bekanntes Datum ist { $first }.
legion-too-many-points = Die Armee kostet { $points } Punkte; dieser Modus erlaubt höchstens { $cap } ({ $over } zu viel).
legion-not-released-yet = { $count ->
    [one] { $cards } ist an diesem Datum noch nicht erschienen (Legion HQ nennt { $when }).
   *[other] { $cards } sind an diesem Datum noch nicht erschienen (Legion HQ nennt { $when }).
}
legion-rank-too-few = Nicht genug { $units }: { $count }, mindestens { $min }.
legion-rank-too-many = Zu viele { $units }{ $exempt }: { $count }, höchstens { $max }.
legion-commanders-and-operatives = Zu viele Kommandanten und Agenten zusammen: { $count }, höchstens { $max }.
legion-over-slots = { $unit } rüstet { $upgrades } { $slot }-Aufwertungen aus, hat aber { $slots ->
    [0] keinen { $slot }-Platz
    [one] { $slots } { $slot }-Platz
   *[other] { $slots } { $slot }-Plätze
}.
legion-special-issue = { $cards } kann nur im Kampfverband { $force } genommen werden (Special Issue).
legion-too-many-unique = Die Armee stellt { $copies } einzigartige Karten namens { $name } auf; höchstens { $bullets } { $bullets ->
    [one] ist
   *[other] sind
} erlaubt, Einheiten und Aufwertungen zusammengezählt.
legion-upgrade-twice = { $unit } rüstet dieselbe Aufwertungskarte zweimal aus: { $upgrade }.
legion-upgrade-leaders = { $unit } rüstet { $count } Leader-Aufwertungen aus ({ $cards }); eine Einheit darf nur eine ausrüsten.
legion-upgrade-missing = { $unit } muss { $need ->
    [equip] { $upgrade } (Equip)
    [programmed] eine Programmierungs-Aufwertung (Programmed)
    [heavy-weapon-team] eine Schwere-Waffen-Aufwertung (Heavy Weapon Team)
   *[flexible-response] { $count } Schwere-Waffen-Aufwertungen (Flexible Response { $count })
} ausrüsten.
legion-cannot-equip = { $unit } kann { $cards } nicht ausrüsten: { $why ->
    [faction] { $count ->
        [one] sie gehört zu einer anderen Fraktion
       *[other] sie gehören zu einer anderen Fraktion
    }
   *[restrictions] { $count ->
        [one] ihre Einschränkungen sind nicht erfüllt
       *[other] ihre Einschränkungen sind nicht erfüllt
    }
}.
