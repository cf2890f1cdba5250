check-verdict = { $label }: { $format } al { $date }: { $verdict ->
    [legal] LEGALE
    [illegal] NON LEGALE
   *[unverified] NON VERIFICATO (qualcosa in questo mazzo non è stato giudicato; vedi sotto)
}
check-did-you-mean = forse intendevi { $card }?
check-note = nota
check-card-data = dati delle carte { $catalog }
check-written = { $label }: { $count ->
    [one] { $count } riga letta
   *[other] { $count } righe lette
} in un'altra lingua, ciascuna giudicata come la sua carta inglese:
check-at-line = riga { $line }:{ " " }
check-summary = legale in: { $legal }; non legale in: { $illegal }
check-summary-none = nessuno
check-summary-needs = ; { $format } richiede { $needs } per essere giudicato
check-summary-need = { $option }
check-summary-unjudged = ; non giudicabile: { $formats }
window-from = dal { $from } in poi: { $verdict ->
    [legal] legale
    [illegal] non legale
   *[unverified] non verificato
}
window-from-until = dal { $from } al { $until }: { $verdict ->
    [legal] legale
    [illegal] non legale
   *[unverified] non verificato
}
window-because = perché { $change }
window-no-longer = non più: { $violation }
diff-verdict = { $verdict ->
    [match] CORRISPONDE: il mazzo presentato è quello registrato
    [legal-sideboarding] SIDEBOARDING LEGALE: scambi con il sideboard nei limiti delle regole
   *[mismatch] NON CORRISPONDE: il mazzo presentato non è quello registrato
}
diff-counts = registrato: { $registered }; presentato: { $presented }
diff-note = nota: { $note }
