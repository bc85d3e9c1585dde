# Parlor's words in English. Every message here exists in fr.ftl with the same variables.
# No markdown: adapters style people, moves and titles themselves.

## Shared

verbatim = { $text }
unit-day = { $n ->
    [one] { $n } day
   *[other] { $n } days
}
unit-hour = { $n ->
    [one] { $n } hour
   *[other] { $n } hours
}
unit-minute = { $n ->
    [one] { $n } minute
   *[other] { $n } minutes
}
unit-second = { $n ->
    [one] { $n } second
   *[other] { $n } seconds
}

## Games

move-game-over = the game is over
move-not-legal-here = that move is not legal in this position

## Match service

## Pictures

## Rules

## Discord

## Terminal
