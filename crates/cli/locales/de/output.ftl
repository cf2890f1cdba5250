check-verdict = { $label }: { $format } am { $date }: { $verdict ->
    [legal] LEGAL
    [illegal] NICHT LEGAL
   *[unverified] UNGEPRÜFT (etwas in diesem Deck konnte nicht beurteilt werden; siehe unten)
}
check-did-you-mean = Meintest du { $card }?
check-note = Hinweis
check-card-data = Kartendaten { $catalog }
check-written = { $label }: { $count ->
    [one] { $count } Zeile
   *[other] { $count } Zeilen
} in einer anderen Sprache gelesen, jede als ihre englische Karte beurteilt:
check-at-line = Zeile { $line }:{ " " }
check-summary = legal in: { $legal }; nicht legal in: { $illegal }
check-summary-none = keinem
check-summary-needs = ; { $format } braucht { $needs }, um beurteilt zu werden
check-summary-need = { $option }
check-summary-unjudged = ; nicht beurteilbar: { $formats }
window-from = ab { $from }: { $verdict ->
    [legal] legal
    [illegal] nicht legal
   *[unverified] ungeprüft
}
window-from-until = von { $from } bis { $until }: { $verdict ->
    [legal] legal
    [illegal] nicht legal
   *[unverified] ungeprüft
}
window-because = weil { $change }
window-no-longer = nicht mehr: { $violation }
diff-verdict = { $verdict ->
    [match] STIMMT ÜBEREIN: das vorgelegte Deck ist das registrierte
    [legal-sideboarding] LEGALES SIDEBOARDING: Austausch mit dem Sideboard im Rahmen der Regeln
   *[mismatch] STIMMT NICHT ÜBEREIN: das vorgelegte Deck ist nicht das registrierte
}
diff-counts = registriert: { $registered }; vorgelegt: { $presented }
diff-note = Hinweis: { $note }
