list-and = { $init } et { $last }
list-more = { $count ->
    [one] { $count } autre
   *[other] { $count } autres
}
card-written = { $written } ({ $english })
card-id = { $title } ({ $id })
card-id-line = { $title } ({ $id }, ligne { $line })
id-line = { $id } (ligne { $line })
