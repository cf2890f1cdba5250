# The note of an answer with entries that could not be read as cards (their diagnostics say why).
note-unreadable = { $count ->
    [one] { $count } entry of the list could not be read as a card (see its diagnostic); the deck cannot be called legal until it is fixed.
   *[other] { $count } entries of the list could not be read as cards (see their diagnostics); the deck cannot be called legal until they are fixed.
}
