# Star Wars CCG: the messages of its violations (docs/violation-codes.md lists the codes).
# $cards is the cards named with their ids and lines, already listed as a sentence; $count how
# many there are. The game's own names (Dark Side, Light Side, Objective, Starting Effect,
# Defensive Shield) are the English ones its players use in every language.

## Words the messages are built with.

ccg-side = { $side ->
    [dark] Dark Side
   *[light] Light Side
}
# An icon a format bans, with its article.
ccg-icon-a = { $icon ->
    [EPISODE_I] an Episode I icon
    [MAINTENANCE] a Maintenance cost
    [DEFENSIVE_SHIELD] a Defensive Shield icon
    [EPISODE_VII] an Episode VII icon
   *[other] a { $icon }
}
ccg-verdict = { $verdict ->
    [legal] legal
    [illegal] illegal
   *[unverified] unverified
}
ccg-source = { $source ->
    [gemp] GEMP
   *[pc] the Players Committee card database
}
ccg-month = { $month ->
    [1] January
    [2] February
    [3] March
    [4] April
    [5] May
    [6] June
    [7] July
    [8] August
    [9] September
    [10] October
    [11] November
   *[12] December
} { $year }
# One way an ambiguous title could be read, and the verdict with it.
ccg-choice = with { $title } ({ $id }, { $set }) the deck is { $verdict }{ $codes }
ccg-others-left-aside = { " " }(the other ambiguous titles left aside)
ccg-not-judged-each = the deck was not judged with each ({ $judged } ambiguous titles were)
ccg-at-line = { " " }(line { $line })
ccg-this-title = This title

## The violations.

ccg-ambiguous-title = "{ $title }"{ $line } names { $count } cards and none was chosen: { $detail }. Write the blueprint id after the title to say which, e.g. "{ $title } ({ $id })".
ccg-on-banned-list = { $count ->
    [one] { $count } card is
   *[other] { $count } cards are
} on the banned list of { $format }: { $cards }.
ccg-game-aid = The Hyperroute Navigation Chart is a game aid, not legal in any deck: { $cards }.
ccg-banned-icon = { $count ->
    [one] { $count } card with { $icon } is
   *[other] { $count } cards with { $icon } are
} not legal: { $cards }.
ccg-prize-without-testing = { $cards } may only be in a deck with Carbon Chamber Testing, which this deck does not have.
ccg-over-one = A deck may have only 1 { $title }; this one has { $copies }: { $cards }.
ccg-too-new-day = Cards are legal one week after their set's release; { $count ->
    [one] { $count } card is from
   *[other] { $count } cards are from
} { $set }, released { $released } and legal from { $legal_from }, not on { $date }: { $cards }.
ccg-too-new-month = Cards are legal one week after their set's release; { $count ->
    [one] { $count } card is from
   *[other] { $count } cards are from
} { $set }, released in { $month } (the day is not known), so legal from a day between { $first } and { $last }: whether on { $date } is not known: { $cards }.
ccg-too-new-unknown = Cards are legal one week after their set's release; { $count ->
    [one] { $count } card is from
   *[other] { $count } cards are from
} { $set }, whose release date is not known, so whether its cards are legal on { $date } is not known: { $cards }.
ccg-not-tournament = Only Decipher-printed cards and the Players Committee's virtual cards are legal; GEMP's Dream Cards and Playtesting cards are not: { $cards }.
ccg-at-most-one = A deck has at most 1 { $what }; this one has { $copies }: { $cards }.
ccg-mixed-sides = A deck is all Dark Side or all Light Side. Most of this deck is { $side }, but it has { $others ->
    [one] { $others } card of the
   *[other] { $others } cards of the
} { $other }: { $cards }.
ccg-too-many-outside = At most { $max } cards may be kept outside a deck; this deck has { $outside } outside it.
ccg-outside-in-deck = { $count ->
    [one] This card does not count toward the deck and is kept outside it, not in the deck: { $cards }.
   *[other] These cards do not count toward the deck and are kept outside it, not in the deck: { $cards }.
}
ccg-pair-alone = A registration is two decks, one Dark Side and one Light Side; only one deck was given.
ccg-pair-same-side = A registration is one Dark Side deck and one Light Side deck; both decks given are { $side } decks.
ccg-banned-rarity = { $count ->
    [one] { $count } card is
   *[other] { $count } cards are
} of a rarity this format bans ({ $banned }): { $cards }.
ccg-over-restricted = A deck may have only 1 copy of a restricted card; this one has { $copies }: { $cards }.
ccg-retired = { $count ->
    [one] { $count } card is a virtual card
   *[other] { $count } cards are virtual cards
} retired to Legacy, not legal in { $format }: { $cards }.
ccg-set-not-in-format = { $count ->
    [one] { $count } card is
   *[other] { $count } cards are
} from a set that is not part of { $format }: { $cards }.
ccg-deck-size-short = A deck has exactly { $expected } cards (cards kept outside the deck are not counted); this one has { $actual }: { $diff ->
    [one] { $diff } card
   *[other] { $diff } cards
} short.
ccg-deck-size-over = A deck has exactly { $expected } cards (cards kept outside the deck are not counted); this one has { $actual }: { $diff ->
    [one] { $diff } card
   *[other] { $diff } cards
} too many.
ccg-sources-disagree = { $with } gives { $cards } an Episode I icon and { $without } does not: if { $with } is right the card is banned here and the deck is illegal; if { $without } is right this card is legal.
ccg-no-such-card = { $count ->
    [one] deckcheck's card data has no Star Wars CCG card with the id { $cards }: whether it is legal cannot be judged.
   *[other] deckcheck's card data has no Star Wars CCG card with the ids { $cards }: whether they are legal cannot be judged.
}
ccg-newer = { $count ->
    [one] { $count } card is of { $set }, which deckcheck's card data predates (its newest set is { $newest }): { $cards }. Sync the card data to judge it.
   *[other] { $count } cards are of { $set }, which deckcheck's card data predates (its newest set is { $newest }): { $cards }. Sync the card data to judge them.
}
ccg-legacy = { $count ->
    [one] { $count } card is
   *[other] { $count } cards are
} of GEMP's Legacy set, which deckcheck's card data does not hold: { $cards }.
