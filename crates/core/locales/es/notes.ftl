note-unreadable = { $count ->
    [one] { $count } entrada de la lista no se ha podido leer como una carta (consulta su diagnóstico); el mazo no puede considerarse legal hasta que se corrija.
   *[other] { $count } entradas de la lista no se han podido leer como cartas (consulta sus diagnósticos); el mazo no puede considerarse legal hasta que se corrijan.
}
