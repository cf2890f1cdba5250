# Star Wars: Das Kartenspiel: die Begriffe der deutschen Ausgabe (Zugehörigkeit, Ziel, Zielset,
# Zieldeck, Befehlsdeck, helle und dunkle Seite).

# Im Dativ und Genitiv: „Decks der hellen Seite“, „gehört zur dunklen Seite“.
lcg-side = { $side ->
    [light] hellen Seite
   *[dark] dunklen Seite
}
lcg-affiliation = { $affiliation ->
    [jedi] Jedi
    [rebel-alliance] Rebellen-Allianz
    [smugglers-and-spies] Schmuggler und Spione
    [sith] Sith
    [imperial-navy] Imperiale Flotte
    [scum-and-villainy] Abschaum und Verkommenheit
   *[neutral] Neutral
}
# Nach „im“/„in der“: der Bereich mit Artikel.
lcg-section = { $section ->
    [affiliation] bei der Zugehörigkeit
    [objective] im Zieldeck
   *[command] im Befehlsdeck
}
lcg-set-card = { $title } (Set { $set }, Karte { $card }): { $what }
lcg-missing-of = { $missing } von { $objectives ->
    [one] { $objectives } Exemplar
   *[other] { $objectives } Exemplaren
}
lcg-added-for = { $copies ->
    [one] { $copies } Exemplar
   *[other] { $copies } Exemplare
} für { $objectives } des Ziels
lcg-set-copies-first = { $title } (Set { $set }) ist { $copies }-mal in diesem Deck
lcg-set-copies = { $title } (Set { $set }) { $copies }-mal

lcg-no-affiliation = Dieses Deck hat keine Zugehörigkeitskarte; ein Deck hat genau eine.
lcg-affiliation-count = Dieses Deck hat { $n } Zugehörigkeitskarten ({ $cards }); ein Deck hat genau eine.
lcg-locked-to-other = { $count ->
    [one] { $cards } ist „nur { $only }-Zugehörigkeit“, und die Zugehörigkeit dieses Decks ist { $affiliation }.
   *[other] { $cards } sind „nur { $only }-Zugehörigkeit“, und die Zugehörigkeit dieses Decks ist { $affiliation }.
}
lcg-alliance-count = { $card } verlangt genau { $expected } { $affiliation }{ $or_neutral ->
    [yes] -{ " " }und/oder neutrale
   *[no] {""}
} Ziele; dieses Deck hat { $actual }.
lcg-third-affiliation = { $count ->
    [one] { $cards } gehört zu einer Zugehörigkeit, die { $card } nicht erlaubt (nur Ziele von { $main } und { $ally } sowie neutrale).
   *[other] { $cards } gehören zu einer Zugehörigkeit, die { $card } nicht erlaubt (nur Ziele von { $main } und { $ally } sowie neutrale).
}
lcg-too-many-set-copies = { $counts }; { $limit ->
    [1] ein Set, dessen Ziel „Limit 1 pro Zieldeck.“ sagt, kommt nur einmal in ein Deck
   *[other] ein Deck enthält höchstens 2 Exemplare eines Zielsets
}.
lcg-over-errata = { $titles } ist { $copies }-mal in diesem Deck; laut Errata (gültig seit { $since }) lautet die Karte „Limit { $limit } pro Zieldeck.“
lcg-too-few-sets = Dieses Deck hat { $sets ->
    [one] { $sets } Zielset
   *[other] { $sets } Zielsets
}; ein Deck hat mindestens { $minimum } (es gibt kein Maximum).
lcg-mission-as-objective = { $count ->
    [one] { $cards } ist im Zieldeck angegeben, aber eine Mission beginnt das Spiel im Befehlsdeck und kann nicht ins Zieldeck; als Befehlskarte ihres Sets gezählt.
   *[other] { $cards } sind im Zieldeck angegeben, aber eine Mission beginnt das Spiel im Befehlsdeck und kann nicht ins Zieldeck; als Befehlskarten ihres Sets gezählt.
}
lcg-no-objective-set = { $count ->
    [one] { $cards } gehört zu keinem Zielset (Karten des Herausforderungsdecks von „Gleichgewicht der Macht“); ein Deck besteht nur aus vollständigen Zielsets.
   *[other] { $cards } gehören zu keinem Zielset (Karten des Herausforderungsdecks von „Gleichgewicht der Macht“); ein Deck besteht nur aus vollständigen Zielsets.
}
lcg-same-side = Beide Decks sind Decks der { $side }; eine Registrierung besteht aus einem Deck der hellen und einem Deck der dunklen Seite.
lcg-sets-missing = Zielsets sind nicht vollständig: Jedes Exemplar eines Ziels bringt die fünf Karten seines Sets mit, und diese fehlen: { $missing }.
lcg-sets-added = Zielsets wurden Karten hinzugefügt: { $added }. Die Karten eines Sets kommen mit seinem Ziel, je eine pro Exemplar.
lcg-without-objective = { $count ->
    [one] { $count } Karte ist ohne ihr Ziel im Deck: { $cards }. Eine Karte kommt nur mit ihrem vollständigen Zielset in ein Deck.
   *[other] { $count } Karten sind ohne ihr Ziel im Deck: { $cards }. Eine Karte kommt nur mit ihrem vollständigen Zielset in ein Deck.
}
lcg-not-yet-released = { $count ->
    [one] { $cards } stammt aus { $product }, erschienen am { $released } (Nordamerika): nach dem geprüften Datum.
   *[other] { $cards } stammen aus { $product }, erschienen am { $released } (Nordamerika): nach dem geprüften Datum.
}
lcg-same-group = { $cards } sind in derselben eingeschränkten Gruppe ({ $group }, { $list }): Ein Deck darf nur ein Zielset jeder Gruppe enthalten.
lcg-misfiled = { $count ->
    [one] { $cards } ist { $filed } angegeben: { $belongs ->
        [objective] Zielkarten gehören ins Zieldeck; als Ziele gezählt
        [affiliation] die Zugehörigkeitskarte steht außerhalb der beiden Decks; als Zugehörigkeit des Decks gezählt
       *[command] nur Zielkarten gehören ins Zieldeck; als Befehlskarten gezählt
    }.
   *[other] { $cards } sind { $filed } angegeben: { $belongs ->
        [objective] Zielkarten gehören ins Zieldeck; als Ziele gezählt
        [affiliation] die Zugehörigkeitskarte steht außerhalb der beiden Decks; als Zugehörigkeit des Decks gezählt
       *[command] nur Zielkarten gehören ins Zieldeck; als Befehlskarten gezählt
    }.
}
lcg-other-side = { $count ->
    [one] { $cards } gehört zur { $other }, in diesem Deck der { $side }; ein Deck wird für eine Seite der Macht gebaut.
   *[other] { $cards } gehören zur { $other }, in diesem Deck der { $side }; ein Deck wird für eine Seite der Macht gebaut.
}
lcg-not-in-card-data = { $count ->
    [one] { $count } Karte ist nicht in deckchecks Kartendaten von Star Wars: Das Kartenspiel ({ $cards }): ob sie legal ist, kann nicht beurteilt werden (Karten von Fan-Sets sind keine Turnierkarten).
   *[other] { $count } Karten sind nicht in deckchecks Kartendaten von Star Wars: Das Kartenspiel ({ $cards }): ob sie legal sind, kann nicht beurteilt werden (Karten von Fan-Sets sind keine Turnierkarten).
}
