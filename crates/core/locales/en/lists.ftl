# How a sentence lists things: "A, B and C" ($init is "A, B", already joined by commas).
list-and = { $init } and { $last }
# The end of a list cut short: "A, B and 3 more".
list-more = { $count } more
# A card the list wrote in another language, with its English name beside.
card-written = { $written } ({ $english })
# A card by title, with the id (and line) it was listed with.
card-id = { $title } ({ $id })
card-id-line = { $title } ({ $id }, line { $line })
# A card by id, with the line it was listed on.
id-line = { $id } (line { $line })
