list-and = { $init } und { $last }
list-more = { $count } weitere
card-written = { $written } ({ $english })
card-id = { $title } ({ $id })
card-id-line = { $title } ({ $id }, Zeile { $line })
id-line = { $id } (Zeile { $line })
