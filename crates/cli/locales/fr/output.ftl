check-verdict = { $label } : { $format } le { $date } : { $verdict ->
    [legal] LÉGAL
    [illegal] ILLÉGAL
   *[unverified] NON VÉRIFIÉ (un élément de ce deck n'a pas pu être jugé ; voir ci-dessous)
}
check-did-you-mean = vouliez-vous dire { $card } ?
check-note = note
check-card-data = données de cartes { $catalog }
check-written = { $label } : { $count ->
    [one] { $count } ligne lue
   *[other] { $count } lignes lues
} dans une autre langue, chacune jugée comme sa carte anglaise :
check-at-line = ligne { $line } :{ " " }
check-summary = légal en : { $legal } ; illégal en : { $illegal }
check-summary-none = aucun
check-summary-needs = ; { $format } a besoin de { $needs } pour être jugé
check-summary-need = { $option }
check-summary-unjudged = ; ne peut pas être jugé : { $formats }
window-from = à partir du { $from } : { $verdict ->
    [legal] légal
    [illegal] illégal
   *[unverified] non vérifié
}
window-from-until = du { $from } au { $until } : { $verdict ->
    [legal] légal
    [illegal] illégal
   *[unverified] non vérifié
}
window-because = parce que : { $change }
window-no-longer = plus maintenant : { $violation }
diff-verdict = { $verdict ->
    [match] CONFORME : le deck présenté est le deck enregistré
    [legal-sideboarding] SIDEBOARDING LÉGAL : échanges avec la réserve dans les règles
   *[mismatch] NON CONFORME : le deck présenté n'est pas le deck enregistré
}
diff-counts = enregistré : { $registered } ; présenté : { $presented }
diff-note = note : { $note }
