# Les mots de Parlor en français. Chaque message existe aussi dans en.ftl, avec les mêmes variables.
# Pas de markdown : les adaptateurs mettent eux-mêmes en forme les personnes, les coups et les titres.

## Shared

verbatim = { $text }
unit-day = { $n ->
    [one] { $n } jour
   *[other] { $n } jours
}
unit-hour = { $n ->
    [one] { $n } heure
   *[other] { $n } heures
}
unit-minute = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}
unit-second = { $n ->
    [one] { $n } seconde
   *[other] { $n } secondes
}

## Games

## Match service

## Pictures

pic-side = { $side ->
    [white] Blanc
    [black] Noir
    [yellow] Jaune
    [clear] Cristal
    [first] Premier
    [second] Second
   *[other] { $side }
}
pic-first-player = premier joueur
pic-second-player = second joueur
pic-start = Début
pic-move = Coup { $n }
pic-move-played = Coup { $n } : { $move }
pic-to-move = { $side } au trait
pic-aborted = Partie annulée
pic-win = { $reason ->
    [connection] { $winner } gagne par connexion
    [elimination] { $winner } gagne par élimination
    [blockade] { $winner } gagne par blocage
    [repetition] { $winner } gagne par répétition
    [move-limit] { $winner } gagne à la limite de coups
    [agreement] { $winner } gagne par accord
    [resignation] { $winner } gagne par abandon
   *[timeout] { $winner } gagne au temps
}
pic-draw = { $reason ->
    [connection] Nulle par connexion
    [elimination] Nulle par élimination
    [blockade] Nulle : aucune tuile ne peut être posée
    [repetition] Nulle par répétition
    [move-limit] Nulle à la limite de coups
    [agreement] Nulle par accord
    [resignation] Nulle par abandon
   *[timeout] Nulle au temps
}
pic-nothing = rien
pic-holds = { $side } tient
pic-holds-none = { $side } ne tient rien
pic-half = Camp de { $name }
pic-reserve = Réserve
pic-pile = { $n ->
    [0] Pioche : vide
    [one] Pioche : 1 tuile
   *[other] Pioche : { $n } tuiles
}
pic-in-hand = En main :
pic-from-pile = de la pioche
pic-from-reserve = de la réserve
pic-all-laid = toutes les tuiles posées
pic-pieces = { $n ->
    [one] { $n } pièce
   *[other] { $n } pièces
}
pic-crowned = { $k ->
    [one] dont { $k } couronnée
   *[other] dont { $k } couronnées
}

## Rules

## Discord

## Terminal
