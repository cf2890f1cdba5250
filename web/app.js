// deckcheck page script
