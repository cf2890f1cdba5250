check-verdict = { $label }: { $format } el { $date }: { $verdict ->
    [legal] LEGAL
    [illegal] ILEGAL
   *[unverified] SIN VERIFICAR (algo de este mazo no se ha podido juzgar; ver abajo)
}
check-did-you-mean = ¿querías decir { $card }?
check-note = nota
check-card-data = datos de cartas { $catalog }
check-written = { $label }: { $count ->
    [one] { $count } línea leída
   *[other] { $count } líneas leídas
} en otro idioma, cada una juzgada como su carta en inglés:
check-at-line = línea { $line }:{ " " }
check-summary = legal en: { $legal }; ilegal en: { $illegal }
check-summary-none = ninguno
check-summary-needs = ; { $format } necesita { $needs } para ser juzgado
check-summary-need = { $option }
check-summary-unjudged = ; no se puede juzgar: { $formats }
window-from = desde el { $from }: { $verdict ->
    [legal] legal
    [illegal] ilegal
   *[unverified] sin verificar
}
window-from-until = del { $from } al { $until }: { $verdict ->
    [legal] legal
    [illegal] ilegal
   *[unverified] sin verificar
}
window-because = porque { $change }
window-no-longer = ya no: { $violation }
diff-verdict = { $verdict ->
    [match] COINCIDE: el mazo presentado es el registrado
    [legal-sideboarding] SIDEBOARDING LEGAL: intercambios con el banquillo dentro de las reglas
   *[mismatch] NO COINCIDE: el mazo presentado no es el registrado
}
diff-counts = registrado: { $registered }; presentado: { $presented }
diff-note = nota: { $note }
