# Star Wars: Legion, in italiano: gradi, carte e costruzione dell'armata nei termini
# dell'edizione italiana; parole chiave (Equip, Detachment, Entourage, Field Commander…) e nomi
# di unità, potenziamenti, slot, forze di battaglia e fazioni come li chiamano i dati di Legion HQ.

legion-rank-units = { $rank ->
    [commander] unità comandante
    [operative] unità agente
    [corps] unità corpo
    [special] unità forze speciali
    [support] unità supporto
   *[heavy] unità pesanti
}
legion-rank-units-non-merc = { $rank ->
    [commander] unità comandante non mercenarie
    [operative] unità agente non mercenarie
    [corps] unità corpo non mercenarie
    [special] unità forze speciali non mercenarie
    [support] unità supporto non mercenarie
   *[heavy] unità pesanti non mercenarie
}
legion-rank-units-merc = { $rank ->
    [commander] unità comandante mercenarie
    [operative] unità agente mercenarie
    [corps] unità corpo mercenarie
    [special] unità forze speciali mercenarie
    [support] unità supporto mercenarie
   *[heavy] unità pesanti mercenarie
}
legion-battle-type = { $type ->
    [primary] primaria
    [secondary] secondaria
    [advantage] vantaggio
   *[other] { $type }
}
legion-each = , ciascuna
legion-or = { " " }o{ " " }
legion-exempt-entourage = { $copies } { $unit } per Entourage di { $of }
legion-exempt-associate = { $copies } { $unit } per Associate ({ $with } è nell'armata)
legion-exempt-detachment = { $copies } { $unit } per Detachment
legion-not-counted = { " " }({ $n ->
    [one] { $n } unità non contata
   *[other] { $n } unità non contate
}: { $reasons })

legion-battle-deck-count = Il mazzo battaglia ha { $count ->
    [one] { $count } carta { $type }
   *[other] { $count } carte { $type }
}; ne servono esattamente { $per_type }.
legion-battle-deck = { $cards }{ $each }: { $reason ->
    [twice] più di una copia nel mazzo battaglia; è ammessa una copia di ogni carta
    [not-recon] un mazzo battaglia Recon contiene solo carte con la parola chiave Recon
    [recon-outside-recon] le carte con la parola chiave Recon si giocano solo in Recon
   *[other-faction] una carta di un'altra fazione
}.
legion-force-faction = La forza di battaglia { $force } non è un'armata di questa fazione.
legion-force-units = { $count ->
    [one] { $cards } non fa parte della forza di battaglia { $force }.
   *[other] { $cards } non fanno parte della forza di battaglia { $force }.
}
legion-force-upgrades = { $count ->
    [one] { $cards } non è ammessa nella forza di battaglia { $force }.
   *[other] { $cards } non sono ammesse nella forza di battaglia { $force }.
}
legion-force-rule = { $force }: { $rule }.
legion-force-no-option = nessuna opzione chiamata { $chosen } (non offre opzioni)
legion-force-unknown-option = nessuna opzione chiamata { $chosen } (le sue opzioni sono { $offered })
legion-force-at-most = al massimo { $max } { $units } (l'armata ne ha { $count })
legion-force-at-least = almeno { $min } { $units } (l'armata ne ha { $count })
legion-force-corps-first = va presa un'unità di ciascuno dei suoi corpi prima di una seconda di uno qualsiasi
legion-force-wookiees = almeno 3 unità di Wookiee trooper (l'armata ne ha { $count })
legion-force-non-ewok = almeno 2 unità ribelli non Ewok (l'armata ne ha { $count })
legion-force-clan = ogni unità deve essere dell'affiliazione { $affiliation }
legion-hand-pips = La mano di comando ha { $count ->
    [one] { $count } carta
   *[other] { $count } carte
} con { $pips ->
    [one] { $pips } punto
   *[other] { $pips } punti
}; ne servono esattamente { $per_pip }.
legion-hand = { $cards }{ $each }: { $reason ->
    [four-pips] solo Standing Orders può essere una carta da 4 punti della mano
    [twice] più di una copia nella mano di comando; è ammessa una copia di ogni carta
    [no-commander] l'unità che la carta nomina non è nell'armata
    [other-faction] una carta di un'altra fazione
    [other-force] una carta di una forza di battaglia secondo cui l'armata non è costruita
   *[unmet] nessuna unità dell'armata soddisfa i requisiti della carta
}.
legion-without-parent = { $count ->
    [one] { $cards } ha
   *[other] { $cards } hanno
} Detachment: { $target }; l'armata ha { $parents ->
    [one] { $parents } unità del genere
   *[other] { $parents } unità del genere
} per { $detachments ->
    [one] { $detachments } unità distaccata
   *[other] { $detachments } unità distaccate
}.
legion-not-of-faction = { $count ->
    [one] { $cards } non è della fazione dell'armata ({ $faction }).
   *[other] { $cards } non sono della fazione dell'armata ({ $faction }).
}
legion-mixed-factions = L'armata mescola unità di più fazioni: { $cards }.
legion-field-commander = L'armata non ha un comandante; { $cards } ha Field Commander, ma la forza di battaglia { $force } non consente a Field Commander di sostituire un comandante.
legion-merc-not-affiliated = { $count ->
    [one] { $cards } non può unirsi a un'armata di questa fazione ({ $faction }): la sua parola chiave Mercenary non la nomina.
   *[other] { $cards } non possono unirsi a un'armata di questa fazione ({ $faction }): la loro parola chiave Mercenary non la nomina.
}
legion-merc-too-many = Troppe { $units }: { $count }, al massimo { $limit }.
legion-not-played-yet = Questa modalità non si giocava ancora a questa data: la sua prima data nota è { $first }.
legion-too-many-points = L'armata costa { $points } punti; questa modalità ne consente al massimo { $cap } ({ $over } di troppo).
legion-not-released-yet = { $count ->
    [one] { $cards } non è ancora uscita a questa data (Legion HQ indica { $when }).
   *[other] { $cards } non sono ancora uscite a questa data (Legion HQ indica { $when }).
}
legion-rank-too-few = Troppo poche { $units }: { $count }, almeno { $min }.
legion-rank-too-many = Troppe { $units }{ $exempt }: { $count }, al massimo { $max }.
legion-commanders-and-operatives = Troppi comandanti e agenti insieme: { $count }, al massimo { $max }.
legion-over-slots = { $unit } equipaggia { $upgrades } potenziamenti { $slot } ma ha { $slots ->
    [0] nessuno slot { $slot }
    [one] { $slots } slot { $slot }
   *[other] { $slots } slot { $slot }
}.
legion-special-issue = { $cards } può essere presa solo nella forza di battaglia { $force } (Special Issue).
legion-too-many-unique = L'armata schiera { $copies } carte uniche chiamate { $name }; ne { $bullets ->
    [one] è ammessa
   *[other] sono ammesse
} al massimo { $bullets }, contando insieme unità e potenziamenti.
legion-upgrade-twice = { $unit } equipaggia due volte la stessa carta potenziamento: { $upgrade }.
legion-upgrade-leaders = { $unit } equipaggia { $count } potenziamenti Leader ({ $cards }); un'unità può equipaggiarne solo uno.
legion-upgrade-missing = { $unit } deve equipaggiare { $need ->
    [equip] { $upgrade } (Equip)
    [programmed] un potenziamento di programmazione (Programmed)
    [heavy-weapon-team] un potenziamento arma pesante (Heavy Weapon Team)
   *[flexible-response] { $count } potenziamenti arma pesante (Flexible Response { $count })
}.
legion-cannot-equip = { $unit } non può equipaggiare { $cards }: { $why ->
    [faction] { $count ->
        [one] appartiene a un'altra fazione
       *[other] appartengono a un'altra fazione
    }
   *[restrictions] { $count ->
        [one] le sue restrizioni non sono soddisfatte
       *[other] le loro restrizioni non sono soddisfatte
    }
}.
