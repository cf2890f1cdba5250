# Star Wars: The Card Game: the messages of its violations (docs/violation-codes.md lists the
# codes). $cards is the cards named, already listed as a sentence; $count how many there are.

## Words the messages are built with.

# A side of the Force.
lcg-side = { $side ->
    [light] light side
   *[dark] dark side
}
# An affiliation, as the cards print it.
lcg-affiliation = { $affiliation ->
    [jedi] Jedi
    [rebel-alliance] Rebel Alliance
    [smugglers-and-spies] Smugglers and Spies
    [sith] Sith
    [imperial-navy] Imperial Navy
    [scum-and-villainy] Scum and Villainy
   *[neutral] Neutral
}
# A section of a list, after "the".
lcg-section = { $section ->
    [affiliation] Affiliation
    [objective] Objective Deck
   *[command] Command Deck
}
# A card of an objective set: "Luke (set 1, card 2): …".
lcg-set-card = { $title } (set { $set }, card { $card }): { $what }
lcg-missing-of = { $missing } of { $objectives ->
    [one] { $objectives } copy
   *[other] { $objectives } copies
}
lcg-added-for = { $copies ->
    [one] { $copies } copy
   *[other] { $copies } copies
} for { $objectives } of the objective
# An objective set and its copies, in a list of them; the first says where.
lcg-set-copies-first = { $title } (set { $set }) is in this deck { $copies } times
lcg-set-copies = { $title } (set { $set }) { $copies } times

## The violations.

lcg-no-affiliation = This deck has no affiliation card; a deck has exactly one.
lcg-affiliation-count = This deck has { $n } affiliation cards ({ $cards }); a deck has exactly one.
lcg-locked-to-other = { $count ->
    [one] { $cards } is "{ $only } affiliation only", and this deck's affiliation is { $affiliation }.
   *[other] { $cards } are "{ $only } affiliation only", and this deck's affiliation is { $affiliation }.
}
lcg-alliance-count = { $card } asks for exactly { $expected } { $affiliation }{ $or_neutral ->
    [yes] { " " }and/or neutral
   *[no] {""}
} objectives; this deck has { $actual }.
lcg-third-affiliation = { $count ->
    [one] { $cards } is of an affiliation { $card } does not allow (only { $main } and { $ally } objectives, and neutral ones).
   *[other] { $cards } are of an affiliation { $card } does not allow (only { $main } and { $ally } objectives, and neutral ones).
}
lcg-too-many-set-copies = { $counts }; { $limit ->
    [1] a set whose objective says "Limit 1 per objective deck." goes in a deck once
   *[other] a deck holds at most 2 copies of an objective set
}.
lcg-over-errata = { $titles } is in this deck { $copies } times; by its errata (in force since { $since }) it reads "Limit { $limit } per objective deck."
lcg-too-few-sets = This deck has { $sets ->
    [one] { $sets } objective set
   *[other] { $sets } objective sets
}; a deck has at least { $minimum } (there is no maximum).
lcg-mission-as-objective = { $count ->
    [one] { $cards } is filed in the Objective Deck, but a mission begins the game in the command deck and cannot enter the objective deck; counted as a command card of its set.
   *[other] { $cards } are filed in the Objective Deck, but a mission begins the game in the command deck and cannot enter the objective deck; counted as a command card of its set.
}
lcg-no-objective-set = { $count ->
    [one] { $cards } is not part of any objective set (Balance of the Force challenge-deck cards); a deck is built from whole objective sets only.
   *[other] { $cards } are not part of any objective set (Balance of the Force challenge-deck cards); a deck is built from whole objective sets only.
}
lcg-same-side = Both decks are { $side } decks; a registration is one light side deck and one dark side deck.
lcg-sets-missing = Objective sets are not whole: each copy of an objective brings the five cards of its set, and these are missing: { $missing }.
lcg-sets-added = Cards were added to objective sets: { $added }. A set's cards come with its objective, one of each per copy.
lcg-without-objective = { $count ->
    [one] { $count } card is in the deck without its objective: { $cards }. A card goes in a deck only with its whole objective set.
   *[other] { $count } cards are in the deck without their objective: { $cards }. A card goes in a deck only with its whole objective set.
}
lcg-not-yet-released = { $count ->
    [one] { $cards } is from { $product }, released on { $released } (North America): after the date checked.
   *[other] { $cards } are from { $product }, released on { $released } (North America): after the date checked.
}
lcg-same-group = { $cards } are in the same restricted group ({ $group }, { $list }): a deck may hold only one objective set of each group.
lcg-misfiled = { $count ->
    [one] { $cards } is filed in the { $filed }: { $belongs ->
        [objective] objective cards go in the Objective Deck; counted as objectives
        [affiliation] the affiliation card stands apart from the two decks; counted as the deck's affiliation
       *[command] only objective cards go in the Objective Deck; counted as command cards
    }.
   *[other] { $cards } are filed in the { $filed }: { $belongs ->
        [objective] objective cards go in the Objective Deck; counted as objectives
        [affiliation] the affiliation card stands apart from the two decks; counted as the deck's affiliation
       *[command] only objective cards go in the Objective Deck; counted as command cards
    }.
}
lcg-other-side = { $count ->
    [one] { $cards } is of the { $other }, in this { $side } deck; a deck is built for one side of the Force.
   *[other] { $cards } are of the { $other }, in this { $side } deck; a deck is built for one side of the Force.
}
lcg-not-in-card-data = { $count ->
    [one] { $count } card is not in deckcheck's card data of Star Wars: The Card Game ({ $cards }): whether it is legal cannot be judged (cards of community-made sets are not tournament cards).
   *[other] { $count } cards are not in deckcheck's card data of Star Wars: The Card Game ({ $cards }): whether they are legal cannot be judged (cards of community-made sets are not tournament cards).
}
