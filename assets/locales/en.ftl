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
move-wrong-game = that move belongs to another game
move-not-legal-here = that move is not legal in this position
move-no-piece = there is no piece on { $square }
move-loa-expected = write a move like b1-b3, a capture like c1xa3, or pass when you have no move
move-loa-expected-drop = write a move and a drop like a2-a4@d5, a capture like c1xa3@d5, or pass@d5 when you have no move
move-loa-pass-not-allowed = you can pass only when you have no legal move
move-loa-must-drop = { $color ->
    [white] you must also drop one of the white stones you hold on an empty square: write { $move }
   *[black] you must also drop one of the black stones you hold on an empty square: write { $move }
}
move-loa-nothing-to-drop = you hold no stones to drop: write { $move }
move-loa-drop-taken = { $square } is taken: drop the stone on an empty square
move-loa-not-a-capture = { $typed } is not a capture: write { $move }
move-loa-is-a-capture = { $typed } is a capture: write { $move }
move-loa-not-yours = { $color ->
    [white] { $square } is not your piece: you play white
   *[black] { $square } is not your piece: you play black
}
move-loa-same-square = { $square } must move to another square
move-loa-not-a-line = { $to } is not on a line from { $from }: pieces move along a rank, a file or a diagonal
move-loa-distance = { $n ->
    [one] { $square } must move exactly { $n } square along that line: it holds { $n } piece
   *[other] { $square } must move exactly { $n } squares along that line: it holds { $n } pieces
}
move-loa-jumps-enemy = you cannot jump over an enemy piece ({ $square } is in the way)
move-loa-own-piece = { $square } is taken by your own piece
move-loa-wrong-seat = { $set ->
    [marked] { $square } is not { $seat }'s piece: { $seat } moves only { $color }'s marked pieces
   *[unmarked] { $square } is not { $seat }'s piece: { $seat } moves only { $color }'s unmarked pieces
}
move-loa-wrong-set = { $set ->
    [marked] { $square } is unmarked: this turn you must move one of your marked pieces
   *[unmarked] { $square } is marked: this turn you must move one of your unmarked pieces
}
move-taken = { $square } is taken
move-simultana-expected = write a move like a2-a3: the square of one of your pieces, then the square next to it (squares a1 to e5)
move-simultana-not-yours = { $color ->
    [white] the piece on { $square } is not yours: White plays the O pieces
   *[black] the piece on { $square } is not yours: Black plays the X pieces
}
move-simultana-same-square = a piece must move to another square
move-simultana-not-next = a piece moves one square up, down, left or right: { $to } is not next to { $from }
move-simultana-region = the empty region next to { $square } has { $n } squares
move-simultana-regions = the empty regions next to { $square } have { $sizes } and { $last } squares
move-simultana-region-size = { $color ->
    [white] after { $move } { $regions }; White needs a region of exactly 2 or 4
   *[black] after { $move } { $regions }; Black needs a region of exactly 3 or 5
}
move-list-or = { $head } or { $last }
move-barrier-nowhere = nowhere
move-barrier-expected-lay = write a lay like N+E@c4: one of your unplayed tiles, @, one of your empty barrier squares
move-barrier-expected-move = write a move like c3-c4 for a step, or c3xe5 (or c3xe5xc7) for captures
move-barrier-bad-tile = `{ $tile }` is not a tile; write two different directions among N, NE, E, SE, S, SW, W, NW, like N+E; { $expected }
move-barrier-same-dirs = `{ $tile }` is not a tile: its two directions must differ; { $expected }
move-barrier-bad-square = `{ $square }` is not a square; { $expected }
move-barrier-step-separator = a step is written with -: { $move }
move-barrier-capture-separator = captures are written with x: { $move }
move-barrier-step-not-chained = { $from } to { $to } is a step, and a step is a whole turn; only captures can be chained
move-barrier-not-step-nor-jump = { $from } to { $to } is neither a step to a neighbouring square nor a jump over one
move-barrier-too-many = one turn can capture at most 12 pieces
move-barrier-laying = { $side ->
    [yellow] the barrier is not complete yet: yellow must lay a tile first, like N+E@c4
   *[clear] the barrier is not complete yet: clear must lay a tile first, like N+E@c4
}
move-barrier-complete = the barrier is complete: every tile is laid, so move a piece, like c3-c4
move-barrier-not-barrier-square = { $square } is not a barrier square: tiles go on ranks 4 and 5
move-barrier-other-barrier = { $side ->
    [yellow] { $square } is yellow's barrier square; you may lay on { $squares }
   *[clear] { $square } is clear's barrier square; you may lay on { $squares }
}
move-barrier-tile-there = there is already a tile on { $square }
move-barrier-no-such-tile = you have no { $tile } tile left; yours are { $tiles }
move-barrier-tile-direction = the { $tile } tile on { $square } only lets a piece move { $dirs }, not { $dir }
move-barrier-forward-only = an uncrowned piece off the barrier moves only forward (toward rank { $rank }): { $dirs }, not { $dir }
move-barrier-not-yours = the piece on { $square } is not yours
move-barrier-crowned = the piece is crowned on { $square }, and that ends the turn
move-barrier-nothing-to-jump = there is no piece to jump over on { $square }
move-barrier-jumps-own = you cannot jump over your own piece on { $square }
move-lightning-expected = write a turn like PS-c1 (take an S from the pile, put it on c1), PX-*d4 (on your opponent's d4), PA-R (into the reserve) or RV-e6 (a V from the reserve); or in two steps: P or RV, then -c1, -*d4 or -R
move-lightning-too-long = that is too long for a move; { $expected }
move-lightning-needs-target = P{ $design } needs a target: P{ $design }-c1, P{ $design }-*d4 or P{ $design }-R; or write P alone to draw the top tile
move-lightning-bad-target = `{ $target }` is not a target: write a square of your half like c1 (a–h, 1–17), a square of your opponent's half with a star like *d4, or R for the reserve
move-lightning-empty-hand = you have no tile in hand: take one first with P (the pile) or R and a design (the reserve, like RS), or write the whole turn, like PS-c1
move-lightning-tile = { $design ->
    [S] an S
    [X] an X
   *[other] a { $design }
}
move-lightning-hand = { $source ->
    [pile] { $tile } from the pile
   *[reserve] { $tile } from the reserve
}
move-lightning-put-examples = { $source ->
    [pile] -c1 (your half), -*d4 (your opponent's half) or -R (the reserve)
   *[reserve] -c1 (your half) or -*d4 (your opponent's half)
}
move-lightning-already-holding = you already hold { $hand }; put it first: { $examples }
move-lightning-holding = you hold { $hand }; put it with { $examples }
move-lightning-pile-empty = the draw pile is empty: take a tile from the reserve
move-lightning-not-top = P{ $design } does not match the top tile of the pile; draw it with P first to see it
move-lightning-not-in-reserve = there is no { $design } in the reserve
move-lightning-no-room = a tile from the reserve must go on a board, and there is no room for an { $design }
move-lightning-first-tile = the first tile of the game must go on your start row (rank 1)
move-lightning-no-such-square = there is no such square
move-lightning-not-connected = { $square } is not on your start row and touches no tile of your half
move-lightning-not-blocking = { $square } touches no tile of your opponent's half: you may only block next to their tiles
move-lightning-reserve-to-reserve = a tile taken from the reserve must be put on a board

## Match service

## Pictures

## Rules

## Discord

## Terminal
