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

move-game-over = la partie est terminée
move-not-legal-here = ce coup n’est pas permis dans cette position

## Match service

## Pictures

## Rules

## Discord

## Terminal
