# What `deckcheck check`, `window` and `diff` print for a person to read (their --json is the
# API's answer, in the same language).

## check
check-verdict = { $label }: { $format } on { $date }: { $verdict ->
    [legal] LEGAL
    [illegal] ILLEGAL
   *[unverified] UNVERIFIED (something in this deck could not be judged; see below)
}
check-did-you-mean = did you mean { $card }?
check-note = note
check-card-data = card data { $catalog }
check-written = { $label }: { $count ->
    [one] { $count } line
   *[other] { $count } lines
} read in another language, each judged as its English card:
check-at-line = line { $line }:{ " " }
check-summary = legal in: { $legal }; illegal in: { $illegal }
check-summary-none = none
check-summary-needs = ; { $format } needs { $needs } to be judged
check-summary-need = a { $option }
check-summary-unjudged = ; cannot be judged: { $formats }

## window
window-from = from { $from } on: { $verdict ->
    [legal] legal
    [illegal] illegal
   *[unverified] unverified
}
window-from-until = from { $from } until { $until }: { $verdict ->
    [legal] legal
    [illegal] illegal
   *[unverified] unverified
}
window-because = because { $change }
window-no-longer = no longer: { $violation }

## diff
diff-verdict = { $verdict ->
    [match] MATCH: the presented deck is the registered one
    [legal-sideboarding] LEGAL SIDEBOARDING: exchanges with the sideboard within the rules
   *[mismatch] MISMATCH: the presented deck is not the registered one
}
diff-counts = registered: { $registered }; presented: { $presented }
diff-note = note: { $note }
