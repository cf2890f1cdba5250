list-and = { $init } y { $last }
list-more = { $count } más
card-written = { $written } ({ $english })
card-id = { $title } ({ $id })
card-id-line = { $title } ({ $id }, línea { $line })
id-line = { $id } (línea { $line })
