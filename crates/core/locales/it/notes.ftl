note-unreadable = { $count ->
    [one] { $count } voce della lista non è stata riconosciuta come carta (vedi la sua segnalazione); il mazzo non può dirsi legale finché non viene corretta.
   *[other] { $count } voci della lista non sono state riconosciute come carte (vedi le loro segnalazioni); il mazzo non può dirsi legale finché non vengono corrette.
}
