note-unreadable = { $count ->
    [one] { $count } entrée de la liste n'a pas pu être lue comme une carte (voir son diagnostic) ; le deck ne peut pas être déclaré légal tant qu'elle n'est pas corrigée.
   *[other] { $count } entrées de la liste n'ont pas pu être lues comme des cartes (voir leurs diagnostics) ; le deck ne peut pas être déclaré légal tant qu'elles ne sont pas corrigées.
}
