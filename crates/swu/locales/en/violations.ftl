# Star Wars: Unlimited: the messages of its violations (docs/violation-codes.md lists the codes).
# $cards is the cards named, already listed as a sentence; $count how many cards there are.

## Words the messages below are built with (each rendered first, then passed on).

# A card type, with its article ("a base") or, for several, its plural ("bases").
swu-type-a = { $type ->
    [leader] a leader
    [base] a base
    [unit] a unit
    [event] an event
    [upgrade] an upgrade
   *[token] a token
}
swu-types = { $type ->
    [leader] leaders
    [base] bases
    [unit] units
    [event] events
    [upgrade] upgrades
   *[token] tokens
}
# A card type as a label, in a list of types: "(unit, event)".
swu-type = { $type ->
    [leader] leader
    [base] base
    [unit] unit
    [event] event
    [upgrade] upgrade
   *[token] token
}
# A zone of a deck, after "the".
swu-zone = { $zone ->
    [leader] leader
    [base] base
    [main] main deck
   *[sideboard] sideboard
}
# An aspect, as the card database names it.
swu-aspect = { $aspect ->
    [Vigilance] Vigilance
    [Command] Command
    [Aggression] Aggression
    [Cunning] Cunning
    [Heroism] Heroism
    [Villainy] Villainy
   *[other] { $aspect }
}
# How copies are counted together.
swu-scope = { $scope ->
    [main-deck-and-sideboard] across main deck and sideboard
    [deck] in the deck
   *[all-decks] across all { $decks } decks
}
# A reprint that would make a card legal, once released.
swu-reprint = { $card } in { $set } ({ $printing }) from { $from }
swu-reprints = , apart from a reprint not yet released: { $reprints }
# Cards counted in the player's pool.
# More than three cards, by how many.
swu-n-cards = { $count ->
    [one] { $count } card
   *[other] { $count } cards
}
swu-in-pool = { $cards } in the player's pool

## The violations.

swu-not-a-base = { $count ->
    [one] { $cards } is listed as the base but is not a base card ({ $types }).
   *[other] { $cards } are listed as the base but are not a base card ({ $types }).
}
swu-not-released-no-set = { $count ->
    [one] { $cards } is not released on { $date }: no release date is known for its set.
   *[other] { $cards } are not released on { $date }: no release date is known for their set.
}
swu-not-released-no-date = { $count ->
    [one] { $cards } is not released on { $date }: no release date is known for { $set } ({ $code }).
   *[other] { $cards } are not released on { $date }: no release date is known for { $set } ({ $code }).
}
swu-not-released = { $count ->
    [one] { $cards } is not released on { $date }: { $set } ({ $code }) releases on { $release }.
   *[other] { $cards } are not released on { $date }: { $set } ({ $code }) releases on { $release }.
}
swu-not-released-counts-in = { $count ->
    [one] { $cards } is not legal in { $format } on { $date }: { $set } ({ $code }) counts in { $format } from { $release }.
   *[other] { $cards } are not legal in { $format } on { $date }: { $set } ({ $code }) counts in { $format } from { $release }.
}
swu-rotated = { $count ->
    [one] { $cards } is printed only in sets that left { $format } on { $left } ({ $sets }){ $reprints }; on { $date } { $format } uses the sets of rotation blocks { $blocks }.
   *[other] { $cards } are printed only in sets that left { $format } on { $left } ({ $sets }){ $reprints }; on { $date } { $format } uses the sets of rotation blocks { $blocks }.
}
swu-not-in-product = { $count ->
    [one] { $cards } is printed only in { $sets }, which { $format } does not include{ $reprints }.
   *[other] { $cards } are printed only in { $sets }, which { $format } does not include{ $reprints }.
}
swu-too-many-copies-format = { $copies } copies of { $card } { $scope } (listed as { $listed }); { $format } allows { $limit }.
swu-too-many-copies-text = { $copies } copies of { $card } { $scope } (listed as { $listed }); its text allows { $limit } ("{ $text }").
swu-too-many-copies-many = { $many } cards have more copies { $scope } than { $format } allows ({ $limit } of each): { $counts }.
swu-out-of-place = { $count ->
    [one] { $cards } is { $type } and cannot be in the { $zone }, which holds only units, events and upgrades: remove it.
   *[other] { $cards } are { $types } and cannot be in the { $zone }, which holds only units, events and upgrades: remove them.
}
swu-wrong-number-of-decks = { $format } is played with { $expected ->
    [one] { $expected } deck
   *[other] { $expected } decks
}; { $given ->
    [one] { $given } was given.
   *[other] { $given } were given.
}
swu-incomplete = The deck list for a competitive event must give the { $missing ->
    [player-name] player name
    [player-full-name] player's first and last name
    [player-uid] player UID
    [leader] leader
    [base] base
   *[main-deck] main deck
}.
swu-not-available = { $format } is not played on { $date }.
swu-not-available-yet = { $format } did not exist yet on { $date }; it can be played from { $from }.
# $start lists the sides the leaders start on, or is empty.
swu-aspects-clash = { $leaders } cannot lead a Twin Suns deck together: on { $date } the rule in force ({ $rule }) says { $wording ->
    [share-heroism-or-villainy] both leaders must share the Heroism or the Villainy aspect
   *[not-heroism-and-villainy] the leaders' starting sides cannot have both the Heroism and the Villainy aspect between them
}{ $start }.
swu-aspects-start = { " " }({ $sides })
swu-starting-side = { $side } starts the game as a { $aspects } leader
# English takes "an" before the one format whose name starts with a vowel.
swu-slot-count = { $format ->
    [Eternal] An
   *[other] A
} { $format } deck has exactly { $what ->
    [leader] { $expected ->
        [one] { $expected } leader
       *[other] { $expected } leaders
    }
   *[base] { $expected ->
        [one] { $expected } base
       *[other] { $expected } bases
    }
}; this one has { $actual }.
swu-not-a-leader = { $count ->
    [one] { $cards } is listed as a leader but is not a leader card ({ $types }).
   *[other] { $cards } are listed as leaders but are not a leader card ({ $types }).
}
swu-main-deck-too-small = The main deck has { $actual ->
    [one] { $actual } card
   *[other] { $actual } cards
}{ $besides }; { $format } requires at least { $minimum }{ $why }.
swu-main-deck-besides = { $count ->
    [one] { " " }besides { $count } leader, base or token, which cannot be in it
   *[other] { " " }besides { $count } leaders, bases or tokens, which cannot be in it
}
swu-main-deck-changed-by = { " " }(changed by { $bases })
swu-more-than-opened = The deck plays { $played } copies of { $cards } but the pool has { $opened }.
swu-not-opened = { $count ->
    [one] { $cards } is not in the player's pool.
   *[other] { $cards } are not in the player's pool.
}
swu-base-not-in-pool = { $cards } was not opened and is not a Common base of { $set }.
swu-base-not-in-pool-unknown = { $cards } was not opened and is not a Common base of the event's set (unknown).
swu-no-sideboard = { $format } decks have no sideboard; this one has { $actual ->
    [one] { $actual } card
   *[other] { $actual } cards
} in it.
swu-sideboard-too-large = The sideboard has { $actual ->
    [one] { $actual } card
   *[other] { $actual } cards
}; { $format } allows at most { $max }.
swu-suspended = { $count ->
    [one] { $cards } is suspended in { $format } since { $since }, by { $announcement }; { $format }'s suspension list is kept in { $list }.
   *[other] { $cards } are suspended in { $format } since { $since }, by { $announcement }; { $format }'s suspension list is kept in { $list }.
}
