list-and = { $init } e { $last }
list-more = { $count ->
    [one] un altro
   *[other] altri { $count }
}
card-written = { $written } ({ $english })
card-id = { $title } ({ $id })
card-id-line = { $title } ({ $id }, riga { $line })
id-line = { $id } (riga { $line })
