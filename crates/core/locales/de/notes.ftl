note-unreadable = { $count ->
    [one] { $count } Eintrag der Liste konnte nicht als Karte gelesen werden (siehe seine Meldung); das Deck kann erst als legal gelten, wenn er berichtigt ist.
   *[other] { $count } Einträge der Liste konnten nicht als Karten gelesen werden (siehe ihre Meldungen); das Deck kann erst als legal gelten, wenn sie berichtigt sind.
}
