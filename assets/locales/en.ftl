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

## Match service

## Pictures

pic-side = { $side ->
    [white] White
    [black] Black
    [yellow] Yellow
    [clear] Clear
    [first] First
    [second] Second
   *[other] { $side }
}
pic-first-player = first player
pic-second-player = second player
pic-start = Start
pic-move = Move { $n }
pic-move-played = Move { $n }: { $move }
pic-to-move = { $side } to move
pic-aborted = Game aborted
pic-win = { $reason ->
    [connection] { $winner } wins by connection
    [elimination] { $winner } wins by elimination
    [blockade] { $winner } wins by blockade
    [repetition] { $winner } wins by repetition
    [move-limit] { $winner } wins by the move limit
    [agreement] { $winner } wins by agreement
    [resignation] { $winner } wins by resignation
   *[timeout] { $winner } wins on time
}
pic-draw = { $reason ->
    [connection] Draw by connection
    [elimination] Draw by elimination
    [blockade] Draw: no tile can be placed
    [repetition] Draw by repetition
    [move-limit] Draw by the move limit
    [agreement] Draw by agreement
    [resignation] Draw by resignation
   *[timeout] Draw on time
}
pic-nothing = nothing
pic-holds = { $side } holds
pic-holds-none = { $side } holds nothing
pic-half = { $name }'s half
pic-reserve = Reserve
pic-pile = { $n ->
    [0] Pile: empty
    [one] Pile: 1 tile
   *[other] Pile: { $n } tiles
}
pic-in-hand = In hand:
pic-from-pile = from the pile
pic-from-reserve = from the reserve
pic-all-laid = all tiles laid
pic-pieces = { $n ->
    [one] { $n } piece
   *[other] { $n } pieces
}
pic-crowned = { $k ->
    [one] { $k } crowned
   *[other] { $k } crowned
}

## Rules

## Discord

## Terminal
