# Star Wars: Il Gioco di Carte: i termini dell'edizione italiana (affiliazione, obiettivo, set
# obiettivo, mazzo degli obiettivi, mazzo del comando, lato chiaro, lato oscuro).

lcg-side = { $side ->
    [light] lato chiaro
   *[dark] lato oscuro
}
lcg-affiliation = { $affiliation ->
    [jedi] Jedi
    [rebel-alliance] Alleanza Ribelle
    [smugglers-and-spies] Contrabbandieri e Spie
    [sith] Sith
    [imperial-navy] Flotta Imperiale
    [scum-and-villainy] Feccia e Malvagità
   *[neutral] Neutrale
}
lcg-section = { $section ->
    [affiliation] nell'affiliazione
    [objective] nel mazzo degli obiettivi
   *[command] nel mazzo del comando
}
lcg-set-card = { $title } (set { $set }, carta { $card }): { $what }
lcg-missing-of = { $missing } su { $objectives ->
    [one] { $objectives } copia
   *[other] { $objectives } copie
}
lcg-added-for = { $copies ->
    [one] { $copies } copia
   *[other] { $copies } copie
} per { $objectives } dell'obiettivo
lcg-set-copies-first = { $title } (set { $set }) è in questo mazzo { $copies } volte
lcg-set-copies = { $title } (set { $set }) { $copies } volte

lcg-no-affiliation = Questo mazzo non ha una carta affiliazione; un mazzo ne ha esattamente una.
lcg-affiliation-count = Questo mazzo ha { $n } carte affiliazione ({ $cards }); un mazzo ne ha esattamente una.
lcg-locked-to-other = { $count ->
    [one] { $cards } è "solo affiliazione { $only }", e l'affiliazione di questo mazzo è { $affiliation }.
   *[other] { $cards } sono "solo affiliazione { $only }", e l'affiliazione di questo mazzo è { $affiliation }.
}
lcg-alliance-count = { $card } richiede esattamente { $expected } obiettivi { $affiliation }{ $or_neutral ->
    [yes] { " " }e/o neutrali
   *[no] {""}
}; questo mazzo ne ha { $actual }.
lcg-third-affiliation = { $count ->
    [one] { $cards } è di un'affiliazione che { $card } non consente (solo obiettivi { $main } e { $ally }, e neutrali).
   *[other] { $cards } sono di un'affiliazione che { $card } non consente (solo obiettivi { $main } e { $ally }, e neutrali).
}
lcg-too-many-set-copies = { $counts }; { $limit ->
    [1] un set il cui obiettivo dice "Limite 1 per mazzo degli obiettivi." va in un mazzo una sola volta
   *[other] un mazzo contiene al massimo 2 copie di un set obiettivo
}.
lcg-over-errata = { $titles } è in questo mazzo { $copies } volte; secondo la sua errata (in vigore dal { $since }) dice "Limite { $limit } per mazzo degli obiettivi."
lcg-too-few-sets = Questo mazzo ha { $sets ->
    [one] { $sets } set obiettivo
   *[other] { $sets } set obiettivo
}; un mazzo ne ha almeno { $minimum } (non c'è un massimo).
lcg-mission-as-objective = { $count ->
    [one] { $cards } è nel mazzo degli obiettivi, ma una missione inizia la partita nel mazzo del comando e non può entrare nel mazzo degli obiettivi; contata come carta comando del suo set.
   *[other] { $cards } sono nel mazzo degli obiettivi, ma una missione inizia la partita nel mazzo del comando e non può entrare nel mazzo degli obiettivi; contate come carte comando del loro set.
}
lcg-no-objective-set = { $count ->
    [one] { $cards } non fa parte di alcun set obiettivo (carte del mazzo sfida di L'Equilibrio della Forza); un mazzo si costruisce solo con set obiettivo completi.
   *[other] { $cards } non fanno parte di alcun set obiettivo (carte del mazzo sfida di L'Equilibrio della Forza); un mazzo si costruisce solo con set obiettivo completi.
}
lcg-same-side = Entrambi i mazzi sono del { $side }; un'iscrizione è un mazzo del lato chiaro e un mazzo del lato oscuro.
lcg-sets-missing = I set obiettivo non sono completi: ogni copia di un obiettivo porta le cinque carte del suo set, e queste mancano: { $missing }.
lcg-sets-added = Sono state aggiunte carte ai set obiettivo: { $added }. Le carte di un set arrivano con il suo obiettivo, una per copia.
lcg-without-objective = { $count ->
    [one] { $count } carta è nel mazzo senza il suo obiettivo: { $cards }. Una carta entra in un mazzo solo con il suo set obiettivo completo.
   *[other] { $count } carte sono nel mazzo senza il loro obiettivo: { $cards }. Una carta entra in un mazzo solo con il suo set obiettivo completo.
}
lcg-not-yet-released = { $count ->
    [one] { $cards } viene da { $product }, uscito il { $released } (Nord America): dopo la data verificata.
   *[other] { $cards } vengono da { $product }, uscito il { $released } (Nord America): dopo la data verificata.
}
lcg-same-group = { $cards } sono nello stesso gruppo ristretto ({ $group }, { $list }): un mazzo può contenere un solo set obiettivo di ogni gruppo.
lcg-misfiled = { $count ->
    [one] { $cards } è { $filed }: { $belongs ->
        [objective] le carte obiettivo vanno nel mazzo degli obiettivi; contata come obiettivo
        [affiliation] la carta affiliazione sta a parte dai due mazzi; contata come affiliazione del mazzo
       *[command] solo le carte obiettivo vanno nel mazzo degli obiettivi; contata come carta comando
    }.
   *[other] { $cards } sono { $filed }: { $belongs ->
        [objective] le carte obiettivo vanno nel mazzo degli obiettivi; contate come obiettivi
        [affiliation] la carta affiliazione sta a parte dai due mazzi; contate come affiliazione del mazzo
       *[command] solo le carte obiettivo vanno nel mazzo degli obiettivi; contate come carte comando
    }.
}
lcg-other-side = { $count ->
    [one] { $cards } è del { $other }, in questo mazzo del { $side }; un mazzo si costruisce per un solo lato della Forza.
   *[other] { $cards } sono del { $other }, in questo mazzo del { $side }; un mazzo si costruisce per un solo lato della Forza.
}
lcg-not-in-card-data = { $count ->
    [one] { $count } carta non è nei dati delle carte di deckcheck per Star Wars: Il Gioco di Carte ({ $cards }): non si può giudicare se è legale (le carte dei set della comunità non sono carte da torneo).
   *[other] { $count } carte non sono nei dati delle carte di deckcheck per Star Wars: Il Gioco di Carte ({ $cards }): non si può giudicare se sono legali (le carte dei set della comunità non sono carte da torneo).
}
