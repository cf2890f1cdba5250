# Star Wars: Legión, en español: rangos, cartas y construcción del ejército en los términos de la
# edición española; palabras clave (Equip, Detachment, Entourage, Field Commander…) y nombres de
# unidades, mejoras, ranuras, fuerzas de batalla y facciones tal como los nombran los datos de
# Legion HQ.

legion-rank-units = { $rank ->
    [commander] unidades de comandante
    [operative] unidades de agente
    [corps] unidades de tropa
    [special] unidades de fuerzas especiales
    [support] unidades de apoyo
   *[heavy] unidades pesadas
}
legion-rank-units-non-merc = { $rank ->
    [commander] unidades de comandante no mercenarias
    [operative] unidades de agente no mercenarias
    [corps] unidades de tropa no mercenarias
    [special] unidades de fuerzas especiales no mercenarias
    [support] unidades de apoyo no mercenarias
   *[heavy] unidades pesadas no mercenarias
}
legion-rank-units-merc = { $rank ->
    [commander] unidades de comandante mercenarias
    [operative] unidades de agente mercenarias
    [corps] unidades de tropa mercenarias
    [special] unidades de fuerzas especiales mercenarias
    [support] unidades de apoyo mercenarias
   *[heavy] unidades pesadas mercenarias
}
legion-battle-type = { $type ->
    [primary] principal
    [secondary] secundaria
    [advantage] de ventaja
   *[other] { $type }
}
legion-each = , cada una
legion-or = { " " }o{ " " }
legion-exempt-entourage = { $copies } { $unit } por Entourage de { $of }
legion-exempt-associate = { $copies } { $unit } por Associate ({ $with } está en el ejército)
legion-exempt-detachment = { $copies } { $unit } por Detachment
legion-not-counted = { " " }({ $n ->
    [one] { $n } unidad no contada
   *[other] { $n } unidades no contadas
}: { $reasons })

legion-battle-deck-count = El mazo de batalla tiene { $count ->
    [one] { $count } carta { $type }
   *[other] { $count } cartas { $type }
}; necesita exactamente { $per_type }.
legion-battle-deck = { $cards }{ $each }: { $reason ->
    [twice] más de una copia en el mazo de batalla; se permite una copia de cada carta
    [not-recon] un mazo de batalla Recon solo contiene cartas con la palabra clave Recon
    [recon-outside-recon] las cartas con la palabra clave Recon solo se juegan en Recon
   *[other-faction] una carta de otra facción
}.
legion-force-faction = La fuerza de batalla { $force } no es un ejército de esta facción.
legion-force-units = { $count ->
    [one] { $cards } no forma parte de la fuerza de batalla { $force }.
   *[other] { $cards } no forman parte de la fuerza de batalla { $force }.
}
legion-force-upgrades = { $count ->
    [one] { $cards } no está permitida en la fuerza de batalla { $force }.
   *[other] { $cards } no están permitidas en la fuerza de batalla { $force }.
}
legion-force-rule = { $force }: { $rule }.
legion-force-no-option = ninguna opción llamada { $chosen } (no ofrece opciones)
legion-force-unknown-option = ninguna opción llamada { $chosen } (sus opciones son { $offered })
legion-force-at-most = como máximo { $max } { $units } (el ejército tiene { $count })
legion-force-at-least = al menos { $min } { $units } (el ejército tiene { $count })
legion-force-corps-first = hay que tomar una unidad de cada uno de sus cuerpos antes que una segunda de cualquiera
legion-force-wookiees = al menos 3 unidades de Wookiee trooper (el ejército tiene { $count })
legion-force-non-ewok = al menos 2 unidades rebeldes que no sean ewoks (el ejército tiene { $count })
legion-force-clan = toda unidad debe ser de la afiliación { $affiliation }
legion-hand-pips = La mano de mando tiene { $count ->
    [one] { $count } carta
   *[other] { $count } cartas
} de { $pips ->
    [one] { $pips } punto
   *[other] { $pips } puntos
}; necesita exactamente { $per_pip }.
legion-hand = { $cards }{ $each }: { $reason ->
    [four-pips] solo Standing Orders puede ser una carta de 4 puntos de la mano
    [twice] más de una copia en la mano de mando; se permite una copia de cada carta
    [no-commander] la unidad que nombra la carta no está en el ejército
    [other-faction] una carta de otra facción
    [other-force] una carta de una fuerza de batalla con la que el ejército no está construido
   *[unmet] ninguna unidad del ejército cumple los requisitos de la carta
}.
legion-without-parent = { $count ->
    [one] { $cards } tiene
   *[other] { $cards } tienen
} Detachment: { $target }; el ejército tiene { $parents ->
    [one] { $parents } unidad así
   *[other] { $parents } unidades así
} para { $detachments ->
    [one] { $detachments } unidad destacada
   *[other] { $detachments } unidades destacadas
}.
legion-not-of-faction = { $count ->
    [one] { $cards } no es de la facción del ejército ({ $faction }).
   *[other] { $cards } no son de la facción del ejército ({ $faction }).
}
legion-mixed-factions = El ejército mezcla unidades de varias facciones: { $cards }.
legion-field-commander = El ejército no tiene comandante; { $cards } tiene Field Commander, pero la fuerza de batalla { $force } no permite que Field Commander sustituya a un comandante.
legion-merc-not-affiliated = { $count ->
    [one] { $cards } no puede unirse a un ejército de esta facción ({ $faction }): su palabra clave Mercenary no la nombra.
   *[other] { $cards } no pueden unirse a un ejército de esta facción ({ $faction }): su palabra clave Mercenary no la nombra.
}
legion-merc-too-many = Demasiadas { $units }: { $count }, como máximo { $limit }.
legion-not-played-yet = Este modo aún no se jugaba en esta fecha: su primera fecha conocida es { $first }.
legion-too-many-points = El ejército cuesta { $points } puntos; este modo permite como máximo { $cap } ({ $over } de más).
legion-not-released-yet = { $count ->
    [one] { $cards } aún no está publicada en esta fecha (Legion HQ indica { $when }).
   *[other] { $cards } aún no están publicadas en esta fecha (Legion HQ indica { $when }).
}
legion-rank-too-few = No hay suficientes { $units }: { $count }, al menos { $min }.
legion-rank-too-many = Demasiadas { $units }{ $exempt }: { $count }, como máximo { $max }.
legion-commanders-and-operatives = Demasiados comandantes y agentes juntos: { $count }, como máximo { $max }.
legion-over-slots = { $unit } equipa { $upgrades } mejoras de { $slot } pero tiene { $slots ->
    [0] ninguna ranura de { $slot }
    [one] { $slots } ranura de { $slot }
   *[other] { $slots } ranuras de { $slot }
}.
legion-special-issue = { $cards } solo puede incluirse en la fuerza de batalla { $force } (Special Issue).
legion-too-many-unique = El ejército despliega { $copies } cartas únicas llamadas { $name }; se { $bullets ->
    [one] permite
   *[other] permiten
} como máximo { $bullets }, contando unidades y mejoras por igual.
legion-upgrade-twice = { $unit } equipa dos veces la misma carta de mejora: { $upgrade }.
legion-upgrade-leaders = { $unit } equipa { $count } mejoras Leader ({ $cards }); una unidad solo puede equipar una.
legion-upgrade-missing = { $unit } debe equipar { $need ->
    [equip] { $upgrade } (Equip)
    [programmed] una mejora de programación (Programmed)
    [heavy-weapon-team] una mejora de arma pesada (Heavy Weapon Team)
   *[flexible-response] { $count } mejoras de arma pesada (Flexible Response { $count })
}.
legion-cannot-equip = { $unit } no puede equipar { $cards }: { $why ->
    [faction] { $count ->
        [one] pertenece a otra facción
       *[other] pertenecen a otra facción
    }
   *[restrictions] { $count ->
        [one] no se cumplen sus restricciones
       *[other] no se cumplen sus restricciones
    }
}.
