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
move-lightning-empty-hand = you have no tile in hand: take one first with P (the pile) or R and a design (the reserve, like RS), or write a whole turn from the reserve, like RS-c1
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
move-lightning-draw-first = in a match, a tile from the pile is drawn before it is put: play { $draw } first to see it, then put it (for example { $put })
move-lightning-not-in-reserve = there is no { $design } in the reserve
move-lightning-no-room = a tile from the reserve must go on a board, and there is no room for an { $design }
move-lightning-first-tile = the first tile of the game must go on your start row (rank 1)
move-lightning-no-such-square = there is no such square
move-lightning-not-connected = { $square } is not on your start row and touches no tile of your half
move-lightning-not-blocking = { $square } touches no tile of your opponent's half: you may only block next to their tiles
move-lightning-reserve-to-reserve = a tile taken from the reserve must be put on a board

## Match service

game-loa = Lines of Action
game-lightning = Lightning
game-barrier = Barrier
game-simultana = Simultana
side-white = white
side-black = black
side-yellow = yellow
side-clear = clear
side-first = first player
side-second = second player
reason-connection = connection
reason-elimination = elimination
reason-blocked = blockade
reason-repetition = repetition
reason-move-limit = the move limit
reason-agreement = agreement
reason-resignation = resignation
reason-timeout = timeout
reason-abort = abort
variant-standard = standard
variant-scrambled-eggs = scrambled eggs
variant-parachute = parachute
variant-olympiad = olympiad rules
variant-ambidextrous = ambidextrous
variant-cylinder = cylinder board
variant-four-player = four players in two teams
ladder-variant = { $game } ({ $variant })
clock-per-move = { $time } per move
clock-none = no clock
clock-game = { $base }+{ $increment } game clock
clocks-line = Clocks: { $clocks }
clock-seat = { $player } { $time }
rated = rated
casual = casual
ai-level = AI level { $level }
who = { $who }
match-title = { $game } #{ $id } ({ $details })
lineup = { $first } ({ $first-side }) vs { $second } ({ $second-side })
turn = Move { $n }: { $player } to play ({ $side }).
turn-seat = Move { $n }: { $player } to play ({ $side }).
turn-timed = { $turn } Time left: { $time }.
draw-offer-line = { $player } offers a draw: { $draw } to accept.
takeback-line = { $player } asks to take back their last move: { $takeback } to accept.
btn-resign = Resign
btn-offer-draw = Offer draw
btn-takeback = Takeback
btn-abort = Abort
btn-accept-draw = Accept draw
btn-refuse-draw = Refuse draw
btn-accept-takeback = Accept takeback
btn-refuse-takeback = Refuse takeback
btn-accept = Accept
btn-decline = Decline
btn-cancel = Cancel
btn-rematch = Rematch
btn-confirm-resign = Yes, resign
btn-confirm-draw = Yes, accept the draw
whom-bot = the bot
whom-anyone = anyone
challenge-line = { $challenger } challenges { $whom }; the challenger moves { $seat ->
    [first] first
   *[other] second
}.
challenge-expires = The challenge expires in { $time }.
rating-preview = Ratings: { $challenger } { $mine } vs { $opponent } { $theirs }. For { $challenger }: win { $win }, draw { $draw }, loss { $loss }.
rating-change = { $player }: { $before } -> { $after } ({ $delta })
result-aborted-timeout = Aborted: the time ran out before both players had moved, so there is no result.
result-aborted = Aborted: no result.
result-win = { $player } wins by { $reason }.
result-win-resignation = { $player } wins by resignation.
result-win-timeout = { $player } wins on time.
result-win-blocked = { $player } wins (the opponent has no move).
result-draw = Draw by { $reason }.
head-resigns = { $player } resigns.
head-bot-accepts = The bot takes the challenge.
head-accepts = { $player } accepts the challenge.
head-declines = { $player } declines the challenge of { $challenger }.
head-cancelled = The challenge of { $player } is cancelled.
head-played = { $player } played { $move }.
head-accepts-draw = { $player } accepts the draw.
head-offers-draw = { $player } offers a draw. { $other }: accept or refuse.
head-asks-takeback = { $player } asks to take back their last move. { $other }: accept or refuse.
head-takeback = Takeback for { $player }: { $n } { $n ->
    [one] move
   *[other] moves
} undone.
head-refuses = { $player } refuses the { $what ->
    [draw] draw offer
   *[other] takeback
}.
head-withdrawn = The challenge of { $player } is withdrawn.
head-aborts = { $player } aborts the match.
head-out-of-time = { $player } ran out of time.
notice-expired = The { $game } challenge of { $player } (#{ $id }) expired without an answer.
notice-your-move = { $player }: your move in { $game } #{ $id }. Time left: { $time }.
moves-from = Moves from { $source }: { $moves }
menu-move = Move
menu-pick-piece = Move: pick a piece
menu-move-to = Move { $source } to...
menu-pick-move = { $source }: pick the move
replay-caption = Replay of { $game } #{ $id }: { $first } vs { $second }, { $n } { $n ->
    [one] move
   *[other] moves
}. { $result }
stored-aborted = Aborted.
stored-won = { $player } won by { $reason }.
stored-won-timeout = { $player } won on time.
stored-won-resignation = { $player } won by resignation.
stored-draw = Draw by { $reason }.
rules-full = Full rules, with pictures: { $docs }/en/{ $file }
rules-full-attached = Full rules attached: { $file }
board-title = { $scope ->
    [server] This server's leaderboard
   *[global] Global leaderboard
} for { $game }, page { $page } of { $pages }
board-row = { $rank }. { $player } { $record }
board-not-ranked = Provisional ratings, ranked after the settled ones (a rating settles after a few more rated games):
board-fresh-row = { $rank }. { $player } { $record }
board-more = …and { $n } more
board-empty = Nobody here yet: play a rated game to appear here.
record = { $rating } — { $games } { $games ->
    [one] game
   *[other] games
} ({ $wins } W / { $draws } D / { $losses } L)
stats-title = Stats of { $player }
stats-scope = { $rating } { $scope ->
    [server] on this server
   *[global] on the global ladder
}
stats-game = { $game }: { $parts }
stats-none = No rated games yet.
stats-rating = { $rating } ({ $rank }), { $games } { $games ->
    [one] game
   *[other] games
}: { $wins } W / { $draws } D / { $losses } L
rank-provisional = provisional
rank = #{ $rank }
h2h-title = { $first } vs { $second }
h2h-none = They have not finished a match against each other yet.
h2h-game = { $game }: { $wins } { $wins ->
    [one] win
   *[other] wins
}, { $draws } { $draws ->
    [one] draw
   *[other] draws
}, { $losses } { $losses ->
    [one] loss
   *[other] losses
} for { $player }
history-title = Latest matches of { $player }
history-none = No finished match yet.
history-aborted = aborted
history-draw = draw ({ $reason })
history-won = won ({ $reason })
history-lost = lost ({ $reason })
history-row = #{ $id } { $game } vs { $opponent }: { $result }
history-row-casual = #{ $id } { $game } vs { $opponent }: { $result }, casual
err-stale-board = This board is out of date: the position has changed since. Use { $board } to see the current one.
err-match-over = This match is over.
err-match-over-id = Match #{ $id } is over.
err-not-match-command = That command does not apply to a match.
err-no-such-match = There is no match #{ $id }.
err-no-match-here = There is no match in this channel. Start one with { $play }.
    .terminal = There is no match here. Start one with { $play }.
err-not-accepted = This challenge has not been accepted yet.
err-not-a-player = You are not playing in this match.
err-level = The AI level goes from 1 (gentle) to 5 (strongest).
err-no-ai = The AI is not available yet, so the bot cannot play. Challenge a person, or leave the opponent empty for an open challenge.
err-self-challenge = You cannot challenge yourself.
err-variant-setup = This variant cannot be set up: { $why }
err-cooldown = Please wait { $time } before your next challenge.
err-channel-busy = There is already a match or a challenge in this channel. Finish it first, or start a thread for another one.
err-channel-busy-here = There is already a match or a challenge here. Finish it first.
err-vanished = The challenge vanished; please try again.
err-already-accepted = This challenge has already been accepted.
err-own-challenge = You cannot accept your own challenge (you can cancel it).
err-challenge-for = This challenge is for { $player }.
err-expired = This challenge has expired.
err-no-longer-open = This challenge is no longer open.
err-open-decline = This is an open challenge: nobody needs to decline it.
err-only-cancel = Only { $player } (or a moderator) can cancel this challenge.
err-no-rematch = There is no finished match of yours to replay here.
err-not-over = Match #{ $id } is not over yet.
err-never-started = That match never started.
err-rematch-players = Only the players of match #{ $id } can ask for a rematch.
err-unknown-game = That match is of a game this version does not know.
err-game-over = The game is over.
err-not-your-turn = It's not your turn — waiting for { $player }.
err-not-your-turn-anon = It's not your turn — waiting for your opponent.
err-not-a-move = That's not a move: { $why }
err-illegal-move = That's not a legal move: { $why }
err-no-moves-from = { $source } has no legal move.
err-draw-offered = You have offered a draw already; waiting for { $player }.
err-bot-no-draw = The bot plays on: it does not accept draws.
err-no-takeback-lightning = Takebacks are off in Lightning: the tile from the pile has been seen, so taking the move back would let you peek at the pile.
err-takeback-asked = You have asked for a takeback already; waiting for { $player }.
err-nothing-to-take-back = You have no move to take back.
err-rebuild = Cannot rebuild the position: { $why }
err-own-offer = You made this { $what ->
    [draw] draw offer
   *[other] takeback request
}: it is for { $player } to accept or refuse.
err-nothing-to-refuse = There is no { $what ->
    [draw] draw offer
   *[other] takeback
} to refuse.
err-no-draw-to-accept = There is no draw offer to accept any more.
confirm-resign = Resign match #{ $id } for good? Only you see this question: press the button to confirm, or leave it and play on.
    .terminal = Resign match #{ $id } for good? Type /confirm to confirm, or play on.
confirm-draw = Accept { $player }'s draw offer and end match #{ $id } in a draw? Only you see this question: press the button to confirm, or leave it and play on.
    .terminal = Accept { $player }'s draw offer and end match #{ $id } in a draw? Type /confirm to confirm, or play on.
err-only-withdraw = Only { $player } (or a moderator) can withdraw this challenge.
err-too-late-abort = Too late to abort: both players have moved. You can resign or offer a draw.
err-abort-not-allowed = Only the players (before each has moved) or a moderator can abort this match.
err-no-opponent = This match has no opponent.
err-replay-live = Match #{ $id } is still being played: its replay comes when it ends.
err-never-played = Match #{ $id } was never played.
err-cannot-replay = Match #{ $id } cannot be replayed.
err-cannot-replay-why = Match #{ $id } cannot be replayed: { $why }
moves-title = Moves of { $game } #{ $id }
moves-row = { $row }
moves-none = No moves yet.
moves-earlier = { $n ->
    [one] … move 1 is left out here: the attached export has every move.
   *[other] … moves 1 to { $n } are left out here: the attached export has every move.
}
moves-earlier-live = { $n ->
    [one] … move 1 is left out here: the whole sheet comes with the export when the match is over.
   *[other] … moves 1 to { $n } are left out here: the whole sheet comes with the export when the match is over.
}
moves-export-later = Its export for { $engine } comes when the match is over.
moves-export = Attached: { $file }, the match for the engine: { $engine }
err-moves-elsewhere = Match #{ $id } is still being played: { $moves } in its channel lists its moves.
err-no-such-page = There is no page { $page }: this leaderboard has { $pages ->
    [one] one page
   *[other] { $pages } pages
}.
err-internal = Something went wrong on our side and nothing was changed. Please try again.
err-db-down = Parlor cannot save anything right now, so nothing was changed. Please try again in a minute.
    .terminal = Nothing was changed: { $fault }. Try again once the database is back.
db-fault = { $fault ->
    [closed] Parlor is stopping
    [unreachable] the database cannot be reached
    [login-refused] the database refused Parlor's login
    [disk-full] the disk holding the database is full
    [read-only] the database takes no writes (read-only, or a standby)
    [locked] the database stayed locked by another connection
   *[io] the database's disk failed to read or write
}
err-changed-elsewhere = Match #{ $id } was changed elsewhere in the meantime, so nothing was done. It has been read again: try once more on its latest board.
err-not-started = This match has not started.
err-no-variant = { $game } has no variant { $name }; choose one of: { $choices }.
err-not-a-clock = { $text } is not a clock; write e.g. 5+3 (a game clock), 30m, 1h, 1d or none.
err-clock-range = The clock must be between 1 minute and 7 days per move (or none).
err-game-clock-range = A game clock is written M+S: { $min } to { $max } minutes for each player, and 0 to { $increment } seconds added after each move, e.g. 5+3.
err-same-person = Pick someone else to compare with.

## Pictures

pic-side = { $side ->
    [white] White
    [black] Black
    [yellow] Yellow
    [clear] Clear
    [first] First player
    [second] Second player
   *[other] { $side }
}
pic-first-player = first player
pic-second-player = second player
pic-seat = { $side } { $n }
pic-marked = marked
pic-unmarked = unmarked
pic-start = Start
pic-move = Move { $n }
pic-move-played = Move { $n }: { $move }
pic-to-move = Move { $n }: { $side } to play
pic-aborted = Game aborted
# $kind: side (the winner is a colour), player, or team (two players: the verb is plural).
pic-win = { $kind ->
    [team] { $winner } win { $how }
   *[other] { $winner } wins { $how }
}
pic-how = { $reason ->
    [connection] by connection
    [elimination] by elimination
    [blockade] by blockade
    [repetition] by repetition
    [move-limit] at the move limit
    [agreement] by agreement
    [resignation] by resignation
   *[timeout] on time
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
pic-half-side = { $side ->
    [first] First player's half
   *[second] Second player's half
}
pic-blocking-legend = a tile laid by the opponent to block (bars in the colour of who laid it)
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

## Pictures in words (attachment descriptions, web alt texts, /board text:true)

describe-game = { $game }.
describe-game-variant = { $game }, { $variant }.
describe-players = Players: { $players }
describe-time-left = Time left for this move: { $time }.
describe-list = { $what } ({ $n }): { $items }.
describe-none = none
describe-pieces = { $side }, { $kind ->
    [marked] marked pieces
    [crowned] crowned pieces
   *[all] pieces
}
describe-to-drop = { $side }, pieces still to drop: { $n }.
describe-barrier = Barrier tiles by square
describe-to-lay = { $side }, tiles still to lay
describe-half = { $side ->
    [first] First player's half
   *[second] Second player's half
}, { $kind ->
    [blocking] tiles laid by the opponent
   *[all] tiles by square
}
describe-in-hand = In hand: { $tile }, from the { $source ->
    [pile] pile
   *[reserve] reserve
}.
describe-hand-empty = In hand: nothing.
describe-reserve = Reserve
describe-pile = { $n ->
    [0] The pile is empty.
    [one] Pile: 1 tile.
   *[other] Pile: { $n } tiles.
}
describe-cut = The whole position does not fit here: { $board } gives it.
describe-arrow = Arrow: the move played, { $played }.
describe-arrows = Arrows: the move played, { $played }; the AI's better move, { $better }.
describe-replay = Replay of { $game }: { $players }; { $n ->
    [one] 1 move.
   *[other] { $n } moves.
}
describe-graph = The coach's graph: each side's chance of winning after every move.
describe-costliest = The costliest moves
describe-costly = move { $n } ({ $side }), { $played } (better { $better })
describe-text-file = Text file { $name }.

## Rules

rules-loa =
    Played on an 8x8 board; White moves first. Move a piece in a straight line (along a rank, a
    file or a diagonal) exactly as many squares as there are pieces, of both colours, on that whole
    line. You may jump over your own pieces but not over your opponent's; landing on an opponent's
    piece captures it. The first player to gather all of their pieces into one connected group
    (pieces touch by a side or a corner) wins. Notation: b1-b3 for a move, c1xa3 for a capture.
    Variants (/play variant:): scrambled-eggs and parachute (other starts), olympiad (Black starts,
    and a move that connects both sides is a draw), ambidextrous (alternate marked and unmarked
    pieces), cylinder (files a and h touch) and four-player (two teams of two).

rules-lightning =
    Each player has their own half of the board, 8 squares wide and 17 long. On your turn, take a
    tile (the top one of the pile, or any one from the face-up reserve) and put it on your own half
    (on your start row or touching your tiles), on your opponent's half to block them, or, if it
    came from the pile, into the reserve. The first player to join their start row to their finish
    row with one line of strokes wins. A turn from the pile takes two moves: P to draw, then -c1
    (onto your half), -*d4 (onto the opponent's half) or -R (into the reserve); from the reserve,
    RV-e6 takes a V and puts it on e6. There are no takebacks, because the pile would be peeked.

rules-barrier =
    A checkers-like game on an 8x8 board. First the players take turns, Yellow first, laying their 8
    arrow tiles on the two middle ranks (N+E@c4). Then pieces step (c3-c4) or jump forward, straight
    or diagonally; on a tile, a piece may only move along its arrows. Jumps capture, may be chained
    (c3xe5xc7) and are optional. A piece reaching the far rank is crowned and then moves in all
    directions off the tiles. You win by taking all of your opponent's pieces or by leaving them
    without a move.

rules-simultana =
    Played on a 5x5 board; White moves first. Move one of your pieces one step orthogonally to an
    empty square. After the move, at least one of the empty regions touching the destination square
    must have exactly 2 or 4 squares if you are White, or exactly 3 or 5 if you are Black. Nothing
    is captured. A player with no legal move loses. Notation: a2-a3.

## Discord

cmd-play = Challenge someone to a game (or the bot, or anyone)
cmd-play-game = Which game to play
cmd-play-opponent = Who to challenge; pick me to play the computer; leave empty for an open challenge
cmd-play-variant = A variant of the rules (standard if not set)
cmd-play-rated = Whether the result changes ratings (yes by default; never against the computer)
cmd-play-clock = A game clock M+S (5+3: 5 min each, 3 s added a move) or a time per move (30m; 1d by default)
cmd-play-level = The computer's strength, 1 (easy) to 5 (strong)
cmd-move = Play a move in this channel's match
    .terminal = Play a move in the match here
cmd-move-move = Your move, e.g. b1-b3 (start typing to see the legal moves)
cmd-board = Show this channel's match again
    .terminal = Show the match here again
cmd-board-text = true: the position in words, only to you (for screen readers)
cmd-resign = Give up this channel's match
    .terminal = Give up the match here
cmd-draw = Offer a draw, or accept your opponent's offer
cmd-takeback = Ask to take back your last move (your opponent accepts or refuses)
cmd-abort = Cancel this channel's match before it really started (moderators: at any time)
    .terminal = Cancel the match here before it really started
cmd-rules = Learn how to play a game
cmd-rules-game = Which game
cmd-leaderboard = The best players of a game
cmd-leaderboard-game = Which game
cmd-leaderboard-scope = This server's players, or everyone (this server by default)
cmd-leaderboard-page = Which page of ten (the first by default)
cmd-leaderboard-variant = A variant with a ladder of its own (ambidextrous, cylinder)
cmd-stats = Ratings and results of a player (you by default), or their record against someone
cmd-stats-user = Whose stats (yours if not set)
cmd-stats-game = Only this game
cmd-stats-against = Show the results against this player instead
cmd-history = The latest matches of a player (you by default)
cmd-history-user = Whose matches (yours if not set)
cmd-replay = Watch a finished match again, as an animation
cmd-replay-match = The match number (see /history)
cmd-settings = Show or change the settings: the server's, and your own reminders and language
cmd-settings-threads = Whether each accepted match gets a thread of its own (this server; Manage Server)
cmd-settings-reminders = Whether you are reminded when your clock runs low
cmd-settings-language = What the whole server reads (auto: Discord's language; Manage Server)
cmd-settings-my-language = What you read in answers only you see (auto: your Discord app's)
cmd-settings-web = Put this server's ladders and matches on the web, with a link to share (Manage Server)
cmd-settings-my-web = Whether your name is shown on the web pages (off: you appear as "anonymous")
cmd-help = The commands, in short
choice-language-auto = Automatic
choice-language-en = English
choice-language-fr = French (français)
cmd-moves = The moves of this channel's match, or of a finished match with its export
    .terminal = The moves of the match here, or of a finished match with its export
cmd-moves-match = A match number (see /history); this channel's match if not set
    .terminal = A match number (see /history); the match here if not set
choice-game-loa = Lines of Action: connect all your pieces
choice-game-lightning = Lightning: lay tiles to draw a path across your board
choice-game-barrier = Barrier: checkers across a barrier of arrow tiles
choice-game-simultana = Simultana: small board, every move must leave the right gaps
choice-scope-server = This server
choice-scope-global = Everyone (global)
choice-variant-standard = Standard rules (any game)
choice-variant = { $game }: { $variant }

discord-expires = Expires { $time }.
discord-deadline = Deadline: { $time }.
err-other-bot = { $name } is a bot and cannot play. Challenge a person, or me to play the computer.
err-not-a-match-number = { $text } is not a match number; { $history } lists yours.
err-stale-button = This button is out of date: use the newest board, or { $board } to show it again.

## Terminal

local-reserve = Reserve: { $tiles }
local-in-hand = In hand: { $tile } { $from }
local-lightning-halves = Left half: { $left } · right half: { $right }
local-holds = { $side } still to lay: { $tiles }
local-legend-loa = { $marks ->
    [yes] w: White's pieces, b: Black's; W and B: the marked ones.
   *[no] w: White's pieces, b: Black's.
}
local-legend-simultana = O: White's pieces, X: Black's.
local-barrier-legend = y and c: yellow and clear pieces, Y and C when crowned; (y) and (c): their barrier squares.
local-quiet = Moves without a capture or a crowning: { $n } of { $max }

# The placeholders of the commands' syntax in /help (shown as <name>).
local-ph-name = name
local-ph-variant = variant
local-ph-move = move
local-ph-id = number
local-ph-source = square or source
local-ph-seat = seat number
local-ph-game = game
local-ph-n = n
local-ph-minutes = minutes
local-help = The bot's commands, typed as text:
local-help-play = challenge someone, the computer (opponent bot) or anyone (no opponent)
local-help-move = play a move, e.g. /move b1-b3
local-help-moves = the moves of the match so far; a finished one with its export for the engine
local-help-legal = list the legal moves
local-help-board = show the position again
local-help-resign = give up (asks first; /confirm resigns), whatever was printed before
local-help-draw = offer a draw, or accept the offer
local-help-refuse-draw = refuse the draw offer
local-help-takeback = ask to take back, or accept the request
local-help-refuse-takeback = refuse the takeback
local-help-abort = call the match off, before each side has moved
local-help-confirm = confirm what was just asked (resigning, accepting a draw)
local-help-accept = accept the challenge
local-help-decline = decline the challenge
local-help-cancel = withdraw your challenge
local-help-rematch = play the same opponent again
local-help-pick = the moves from one piece or source
local-help-rules = the rules of a game
local-help-leaderboard = the best players of a game
local-help-stats = ratings and results
local-help-history = the latest matches
local-help-replay = a finished match as an animation
local-help-as = switch the local player (hot-seat)
local-help-sit = take a seat at a table for four
local-help-sit-bot = seat the bot at a table for four
local-help-settings = show or change the settings (threads, turn reminders, languages, the web pages)
local-err-on-off = { $text }: use on or off.
local-err-game = { $text } is no game here: { $values }.
err-option-choice = { $text }: use { $values }.
err-option-number = { $max ->
    [0] { $text }: use a whole number from { $min }.
   *[other] { $text }: use a whole number from { $min } to { $max }.
}
local-help-help = this list
local-help-quit = leave
local-help-wait = let minutes pass, in a session started with --manual-clock (tests, demos)
local-err-slash = Commands start with / (try { $help }); to play a move, type { $move }.
local-err-which-source = Which piece or source? e.g. { $example }.
local-err-who = Who is speaking? e.g. { $example }.
local-err-name-long = A name has at most { $max } characters.
local-err-name-chars = A name cannot hold control characters.
local-err-name-bot = { $name } is the bot's name: pick another one for a person.
local-err-too-long = That line is { $n } characters long; a command has at most { $max }.
local-err-unknown = There is no { $command } command. { $help } lists them all.
local-err-missing = { $key } is missing, e.g. { $example }.

local-err-unknown-option = { $n ->
    [0] { $command } takes no option, so { $option } is not understood.
   *[other] { $command } has no option { $option }; its options are { $options }.
}
local-err-repeated-option = The option { $option } is given twice: give it once.
local-bot-later = The bot has a move to play: it will play it the next time you start parlor local.
local-greeting = Parlor, in the terminal. You are { $name }. { $help } lists the commands; { $as } lets someone else speak.
local-now-speaking = Now speaking: { $name }.
local-waited = { $minutes ->
    [one] A minute passes: it is now { $time }.
   *[other] { $minutes } minutes pass: it is now { $time }.
}
local-wait-real-clock = Time passes by itself here: only a session started with { $flag } waits on command.
local-err-how-long = How many minutes? For example { $example }.
local-no-moves = No moves: the game is over.
local-nothing-to-confirm = There is nothing to confirm.
local-legal-moves = Legal moves ({ $n }): { $moves }
local-to-you = (to you) { $text }
local-commands-here = Commands here: { $commands }
local-no-picture = (no picture: { $why })
local-picture = Picture: { $path }
local-export = Export for the engine: { $path }
local-cannot-write = (could not write { $path }: { $why })


## Four-player Lines of Action: lobbies, seats, team results
seat-name = { $seat ->
    [w1] White, marked pieces
    [w2] White, unmarked pieces
    [b1] Black, marked pieces
   *[b2] Black, unmarked pieces
}
# A seat at a table for four, named as the board's picture names it: colour and number (1 for
# the marked pieces, 2 for the unmarked ones).
seat-four = { $seat ->
    [w1] White 1, marked pieces
    [w2] White 2, unmarked pieces
    [b1] Black 1, marked pieces
   *[b2] Black 2, unmarked pieces
}
seat-short = { $seat ->
    [w1] White 1
    [w2] White 2
    [b1] Black 1
   *[b2] Black 2
}
seat-player = { $player } ({ $seat })
lineup-seats = { $seats }
offer-waiting = Still waiting for: { $players }.
lobby-line = { $challenger } opens a table for four: two teams, White and Black, each with a player for the marked pieces and one for the unmarked pieces. Take a seat!
lobby-seat = { $seat }: { $player }
lobby-empty = empty
btn-sit = Sit as { $seat }
btn-sit-bot = Seat the bot
head-sits = { $player } takes a seat.
head-lobby-full = Every seat is taken: the game begins.
head-agrees = { $player } agrees.
head-passes = { $player } has no move and passes.
head-then = { $first } { $second }
result-team-win = { $players } win by { $reason }.
result-team-win-resignation = { $players } win by resignation.
result-team-win-timeout = { $players } win on time.
stored-team-won = The team of { $players } won by { $reason }.
notice-lobby-expired = The table for four of { $game } opened by { $player } (#{ $id }) expired before every seat was taken.
err-rematch-lobby = A rematch is for two players: open a new table with { $play }.
err-not-a-lobby = This challenge has no seats to take: accept it instead.
err-already-seated = You already have a seat at this table.
err-sit-first = Only someone seated at this table can seat the bot.
err-seat-taken = That seat is taken already: pick an empty one.
err-bot-one-team = The seats left are on the other team, and I already play for this one: I will not play against myself. Ask a friend to take the last seat.
local-err-which-seat = Which seat? Give its number, for example { $example }.

## Settings
settings-title = Settings
settings-saved = Saved.
settings-threads = Matches in threads of their own (this server): { $on ->
    [on] on
   *[off] off
}
settings-reminders = Your turn reminders when your clock runs low: { $on ->
    [on] on
   *[off] off
}
err-settings-no-server = Threads, the server's language and its web pages are a server's settings: change them in a server.
    .terminal = The terminal has no server: no threads and no web pages of a server, and its language is chosen when it starts (parlor local --lang fr).
err-settings-manage-server = Only members who may manage the server can change its settings; your own reminders, language (my-language) and name on the web (my-web) are yours to change.
settings-language = What this server reads: { $lang ->
    [en] English
    [fr] French
   *[auto] automatic (Discord's language for the server)
}
settings-my-language = What you read in answers only you see: { $lang ->
    [en] English
    [fr] French
   *[auto] automatic (your Discord app's language)
}
settings-web = This server's ladders and matches on the web: { $on ->
    [on] on
   *[off] off
}
settings-web-link = Share this link to them: { $url }
settings-web-no-url = They are on, but the bot's operator must set { $variable } before the bot can give their address.
settings-my-web = Your name on the web pages: { $on ->
    [on] shown
   *[off] hidden (you appear as "anonymous")
}

## Links to the web pages
link-server = This server on the web
link-ladder = Ladder on the web
link-player = Profile on the web
link-match = Match on the web
local-on-the-web = On the web: { $url }

## Permissions (the names Discord shows)
perm-view-channel = **View Channel**
perm-send-messages = **Send Messages**
perm-send-messages-in-threads = **Send Messages in Threads**
perm-create-public-threads = **Create Public Threads**
perm-embed-links = **Embed Links**
perm-attach-files = **Attach Files**
perm-read-message-history = **Read Message History**
err-missing-permissions = I cannot start a match here: I am missing { $perms } in this channel, so I could not post its board. A member who may manage the server can grant this in the channel's settings (Edit Channel → Permissions) or to my role (Server Settings → Roles).
undelivered-gone = (The channel of this match was deleted, so I could not post its news there. Nothing is lost: the match goes on here.)
undelivered-forbidden = (I could not post the latest news of this match here: I am missing { $perms } in this channel. It is all on this board; a member who may manage the server can grant this in the channel's settings.)
undelivered-refused = (I could not post the latest news of this match here: Discord did not take it. It is all on this board.)
undelivered-unavailable = (Discord did not take my messages for a while, so the latest news of this match could not be posted here. Nothing is lost: it is all on this board.)

## Play anywhere (Parlor installed to a person's account)
err-server-only = That is a server's own: it works only in a server that added Parlor. Here, { $settings } keeps your own settings (`my-language`, `reminders`, `my-web`), and { $leaderboard } shows the global ladder.
err-dm-play-a-friend = In a DM with Parlor you play Parlor itself: leave `opponent` empty. To play { $player }, use { $play } in your DM with them (or any group or server).
note-private-here = 🔒 Only you can see my answers here: this server turned off **Use External Apps**. The match goes on all the same: { $board } shows each player the board with its buttons, and { $move } plays a move.
notice-in-dm = News of your match in { $chat }: I can write there only when someone uses a command or a button of mine, so here it is. The next one used there shows it too.

## Help
help-title = Parlor: board games in your server
help-play = { $play } challenges someone (or me, or anyone); then play with the board's buttons or { $move }.
help-match = { $board } shows the board again; { $resign } resigns, { $draw } offers a draw, { $takeback } asks to take a move back, { $abort } cancels a match that has barely begun.
help-results = { $leaderboard }, { $stats }, { $history }, { $moves }, { $replay } and { $analyze }: ladders, results and past matches.
help-settings = { $settings } shows the settings: threads, reminders, the server's language and your own, the web pages.
help-rules = How to play: { $rules }, and the full rules at { $docs }
help-rules-attached = How to play: { $rules }, which attaches the full rules
presence = /play to start a game

## Threads
note-bot-unrated = (Games against the bot are unrated: they change nobody's rating.)
note-no-threads = (I could not give this match a thread of its own: I need the permissions Create Public Threads and Send Messages in Threads in this channel. Until then, matches here are played in the channel, one at a time. A member who may manage the server can also turn threads off with /settings.)
err-play-in-thread = This thread belongs to match #{ $id }: start a new challenge in the channel it hangs from.
err-same-opponent-here = You already have a match with this person in this channel (#{ $id }): finish it first.
thread-name = { $game } #{ $id } · { $first } vs { $second }
card-over = Match #{ $id } is over: { $result }
card-moved = Match #{ $id } is played in { $thread }.
# The coach's evaluation graph (src/render/graph.rs).
graph-title = Chance of winning
graph-move = Move
graph-turning-point = Turning point: move { $n }
graph-percent = { $n }%
# The coach's one-line summary of its graph's curve: who led ($leader, ahead after $share % of
# the moves), where the lead changed hands and stayed (move $n, to $to), then $result.
coach-side = { $side ->
    [white] White
    [black] Black
    [yellow] Yellow
    [clear] Clear
    [first] First player
   *[second] Second player
}
coach-summary-led = { $first } held the lead all match (ahead after { $share }% of the moves). { $result }
coach-summary-turned = { $first } was ahead until { $to } took the lead on move { $n } and kept it to the end; { $leader } was ahead after { $share }% of the moves. { $result }
coach-summary-turns = The lead changed hands { $turns } times; { $to } took it for good on move { $n }, and { $leader } was ahead after { $share }% of the moves. { $result }
coach-summary-even = Neither side kept the lead for long; { $leader } was ahead after { $share }% of the moves. { $result }
coach-summary-level = The AI saw the chances even after every move. { $result }
coach-result-won = { $winner } won.
coach-result-behind = { $winner } won, though the AI still had them behind at the end.
coach-result-draw = The match was drawn.
coach-summary-empty = No move was played.

# The coach: /analyze and the Analyse button (src/table/coach.rs).
btn-analyse = Analyse
coach-title = Analysis of { $game } #{ $id }
coach-queued = Waiting for another analysis to finish…
coach-progress = Analysing… { $n }%
coach-failed = The analysis of match #{ $id } failed. Try again later.
coach-not-over = Match #{ $id } is not over yet: the coach reviews finished matches.
coach-aborted = Match #{ $id } was aborted: there is nothing to analyse.
coach-no-moves = No move was played in match #{ $id }: there is nothing to analyse.
coach-mistake = { $rank }. Move { $n }, { $player }: { $played }, better { $better } (chance of winning { $before }% → { $after }%)
coach-no-mistakes = The AI found no move worth marking: a clean match.
moves-marks = Marks from the AI's analysis: { $dubious } a move that gave away { $inaccuracy }% or more of its player's chance of winning, { $bad } { $mistake }% or more, { $worst } { $blunder }% or more and left its player behind.
cmd-analyze = The AI's review of a finished match: where it was won and lost
cmd-analyze-match = The match number (see /history)
local-help-analyze = the AI's review of a finished match: a graph and the three biggest mistakes

## Web pages (read-only; `/settings web:on`)

web-anonymous = anonymous
web-local = local (the terminal)
web-a-server = a Discord server
web-direct = Direct messages
web-global = global
web-footer = Parlor: board games on Discord. These pages are read-only; a server shows them with { $on }, and anyone can hide their name with { $off }.
web-home-title = Parlor's leaderboards
web-home-intro = Lines of Action, Lightning, Barrier and Simultana, played on Discord. Here are the global leaderboards of the servers that publish theirs, and of the matches played at the terminal.
web-home-link = Back to the leaderboards
web-global-ladders = Global leaderboards
web-global-title = Global leaderboard for { $ladder }
web-server-ladder-title = { $server }: leaderboard for { $ladder }
web-this-server-ladder-title = Leaderboard for { $ladder }
web-ladders = Leaderboards
web-players-count = { $n ->
    [one] { $n } player
   *[other] { $n } players
}
web-no-ratings = Nobody here yet: a rated match puts its players here.
web-no-matches = No finished match to show yet.
web-col-player = Player
web-col-rating = Rating
web-col-games = Games
web-col-record = W / D / L
web-col-ladder = Leaderboard
web-col-opponent = Opponent
web-col-game = Game
web-record-legend = W / D / L: wins, draws, losses.
web-provisional = provisional rating: it settles after a few more rated games
web-provisional-legend = A rating marked ? is still provisional: it settles after a few more rated games.
web-previous = Previous
web-next = Next
web-first = Start position
web-last = Final position
web-page-of = Page { $page } of { $pages }
web-recent = Latest matches
web-ratings = Ratings
web-rating-chart = Global rating over time
web-h2h = Head-to-head
web-match-name = { $game } #{ $id }
web-rated = rated
web-casual = casual
web-start-position = Start position
web-after-move = After move { $n } of { $total }: { $move }
web-sheet = Score sheet
web-no-moves = No move was played.
web-replay = Watch the replay (animation)
web-export = Download the moves ({ $file }, read by parlor engine)
web-analysis = The AI's analysis
web-no-mistakes = The AI found no move worth marking: a clean match.
web-mistake = Move { $n }, { $player }: { $played }, better { $better } (chance of winning { $before }% → { $after }%)
web-not-found-title = Page not found
web-not-found = This page does not exist, or is not public: a server's pages exist only while it publishes them, and a player who hides their name has no page.
web-unavailable-title = Not available right now
web-unavailable = The pages cannot read their records at the moment. Try again in a minute.
web-busy = Too many pictures are being drawn right now: try again in a few seconds.
web-puzzle-start = { $side ->
    [white] White
    [black] Black
    [yellow] Yellow
    [clear] Clear
   *[other] { $side }
} to play and win in { $n } { $n ->
    [one] move
   *[other] moves
}
web-puzzle-step = Move { $step } of { $n } of the solution: { $move }
web-puzzle-rating = rated { $rating }, tried { $n } { $n ->
    [one] time
   *[other] times
}
web-puzzle-daily = daily puzzle of { $date }
web-puzzle-solution = Solution
web-puzzle-legend = The solver's moves and the forced replies, in turn: each leads to its board.
link-puzzle-yesterday = Yesterday's puzzle on the web

## Tournaments (issue 40: the service; the commands come with issue 41)
tournament-format-swiss = Swiss
tournament-format-round-robin = round robin
tournament-format-double-round-robin = double round robin
tournament-created = Tournament #{ $id } of { $game } ({ $format }) is open for entries.
tournament-joined = { $player } joins tournament #{ $id } ({ $count } players).
tournament-late-entry = { $player } joins tournament #{ $id } late, from round { $round }: the rounds before count as absences.
tournament-left = { $player } withdraws from tournament #{ $id }.
tournament-bye-requested = { $player } sits out round { $round } of tournament #{ $id } with a half-point bye.
tournament-bot = { $bot } (level { $level })
tournament-name = { $player }
tournament-next-round = Round { $round } of tournament #{ $id } starts { $time }.
tournament-round = Tournament #{ $id }, round { $round }:
tournament-board = Board { $board }: { $white } – { $black }
tournament-board-done = { $board }: { $score }
tournament-board-bye = Board { $board }: { $player } has the bye.
tournament-result = Tournament #{ $id }, round { $round }: { $white } { $score } { $black }
tournament-standings = Standings of tournament #{ $id } after round { $round }:
tournament-standing = { $rank }. { $player }: { $points } ({ $tiebreaks })
tournament-over = Tournament #{ $id } is over. Winner: { $winners }.
tournament-unpairable = Tournament #{ $id } ends: round { $round } cannot be paired within the rules.
tournament-cancelled = Tournament #{ $id } is cancelled.
tournament-export = Tournament #{ $id } as a FIDE TRF file.
err-tournament-none = There is no open tournament here.
err-tournament-here = Tournament #{ $id } is already open here.
err-tournament-organiser = Only the organiser of tournament #{ $id } can do that.
err-tournament-registered = You are already registered.
err-tournament-closed = Entries are closed: half the rounds have been paired, or the round robin has started.
err-tournament-not-registered = You are not registered in this tournament.
err-tournament-withdrawn = You have already withdrawn.
err-tournament-no-byes = Half-point byes are for Swiss tournaments.
err-tournament-bye-limit = You have already asked for your half-point bye.
err-tournament-round = A round is being played.
err-tournament-over = The tournament is over.
err-tournament-players = At least two players are needed.
err-tournament-round-robin = A round robin needs 3 to 16 players.
err-tournament-unpairable = The next round cannot be paired within the rules.
err-tournament-started = The tournament has already started.
err-tournament-rounds = A Swiss tournament has 1 to { $max } rounds (a round robin's follow from its players).
err-tournament-interval = Rounds can be at most every { $min }.
err-tournament-past = That start time has already passed.

## Tournament pictures and their texts
pic-tournament-title = Tournament #{ $id } · { $game } · { $format }
pic-standings-after = Standings after round { $round } of { $rounds }
pic-standings-final = Final standings · { $rounds ->
    [one] { $rounds } round
   *[other] { $rounds } rounds
}
pic-pairings-round = Round { $round } of { $rounds }
pic-podium = Podium
pic-col-player = Player
pic-col-points = Pts
pic-col-rating = Rating
pic-crosstable = Round by round
pic-round-short = R{ $round }
pic-crosstable-legend = +3 won against no. 3 · =3 draw · −3 lost · F forfeit · ½ bye
pic-bye = bye
pic-no-boards = No board in this round yet.
pic-points = { $points } pts
tiebreak-short-buchholz-cut1 = BH-1
tiebreak-short-buchholz = BH
tiebreak-short-sonneborn-berger = SB
tiebreak-short-direct-encounter = DE
tiebreak-short-wins = W
tiebreak-buchholz-cut1 = Buchholz Cut-1 (BH-1)
tiebreak-buchholz = Buchholz (BH)
tiebreak-sonneborn-berger = Sonneborn-Berger (SB)
tiebreak-direct-encounter = direct encounter (DE)
tiebreak-wins = wins (W)
describe-tiebreaks = Tie-breaks, in order: { $tiebreaks }.
describe-standing = { $rank }. { $player }, score { $points }.
describe-standing-tiebreaks = Tie-breaks: { $values }.
describe-rating-change = Rating change: { $change }.
describe-rounds = Rounds: { $rounds }.
describe-withdrawn = Withdrawn.
describe-board = Board { $board }: { $white } ({ $first }) against { $black } ({ $second }).
describe-board-score = Board { $board }: { $white } ({ $first }) against { $black } ({ $second }), { $score }.
describe-board-bye = Board { $board }: { $player } has the bye.
describe-standings-cut = The rest: /tournament standings, or the page of tournament #{ $id }.
pic-rounds-range = R{ $first }–{ $last }
web-tournaments = Tournaments
web-no-tournaments = No tournament yet.
web-tournament-status = { $status ->
    [open] Open for entries
    [running] Round { $round } of { $rounds }
    [over] Over after { $rounds ->
        [one] { $rounds } round
       *[other] { $rounds } rounds
    }
   *[cancelled] Cancelled
}
web-standings = Standings
web-no-standings = No round has been played yet.
web-rounds = Rounds
web-no-rounds = No round has been paired yet.
web-round = Round { $round }
web-col-result = Result
web-playing = being played
web-round-picture = Round { $round } as a picture
web-tournament-export = The tournament as a FIDE TRF file ({ $file })
web-arena-open = Open for entries · { $minutes } minutes of play
web-arena-starts = Starts at { $time } · { $minutes } minutes of play
web-arena-ends = No new game after { $time } · { $minutes ->
    [one] { $minutes } minute left
   *[other] { $minutes } minutes left
}
web-arena-ending = No new game since { $time }: the last games are being played
web-arena-over = Over: games were paired until { $time }
web-arena-games = Games
web-arena-no-games = No game has been paired yet.
web-arena-no-players = Nobody has entered yet.
web-arena-games-count = { $finished } finished · { $playing } being played
web-arena-berserk = went berserk: half the clock, a point more for a win of at least 7 moves
web-arena-status = { $status ->
    [open] Open for entries
    [running] Under way
    [over] Over
   *[cancelled] Cancelled
}
## /tournament (issue 41)
cmd-tournament = Tournaments of this server: announce one, join, play its rounds
cmd-tournament-create = Announce a tournament (Manage Events or Manage Server)
cmd-tournament-create-game = Which game is played
cmd-tournament-create-format = Swiss, round robin or arena
cmd-tournament-create-variant = A variant of the rules (standard if not set)
cmd-tournament-create-rounds = How many rounds a Swiss has (by default enough for one winner)
cmd-tournament-create-clock = Each game's clock: M+S (5+3) or a time per move (30m; 1d by default)
cmd-tournament-create-rated = Whether the games between people change ratings (yes by default)
cmd-tournament-create-starts = When round 1 starts: in a while (30m, 2h) or at a time, UTC (20:30)
cmd-tournament-create-duration = How long an arena lasts (1h)
cmd-tournament-create-interval = Rounds at this interval (1h) instead of each when the last ends
cmd-tournament-join = Enter the tournament of this channel
cmd-tournament-leave = Withdraw from the tournament of this channel
cmd-tournament-start = Start the tournament now (its organiser)
cmd-tournament-standings = The standings so far
cmd-tournament-pairings = The pairings of the round being played
cmd-tournament-bye = Ask for a half-point bye in the next round
cmd-tournament-add-bot = Add the computer as a player (the organiser)
cmd-tournament-add-bot-level = The computer's strength, 1 (easy) to 5 (strong)
cmd-tournament-cancel = Stop the tournament (its organiser)
cmd-tournament-export = The tournament as a FIDE TRF file
local-help-tournament = tournaments: /tournament create, join, start, standings …
local-help-tournament-create = announce a tournament (Swiss, round robin), then /tournament add-bot, /as and /tournament join
local-help-tournament-join = enter the tournament
local-help-tournament-leave = withdraw from the tournament
local-help-tournament-start = start it now (the organiser)
local-help-tournament-standings = the standings so far
local-help-tournament-pairings = the pairings of the round
local-help-tournament-bye = a half-point bye in the next round
local-help-tournament-add-bot = add the computer as a player (the organiser)
local-help-tournament-berserk = in your arena game, before your first move: half your clock, one more point for a win
local-help-tournament-cancel = stop the tournament (the organiser)
local-help-tournament-export = write the tournament's TRF file
local-ph-when = when
local-ph-length = length
choice-format-swiss = Swiss (FIDE's Dutch system)
choice-format-round-robin = Round robin (everyone plays everyone)
choice-format-arena = Arena (play as many games as you can)
help-tournaments = { $tournament } announces a tournament of this server; members join with a press, its rounds pair themselves.
err-tournament-duration = Only an arena has a duration; a Swiss or round robin has rounds.
err-tournament-when = { $text } is no time: say in how long (30m, 2h) or at what time, UTC (20:30).
err-tournament-permission = Organising a tournament needs the Manage Events (or Manage Server) permission.
local-err-subcommand = { $command } is followed by one of { $subcommands }.
tournament-card-title = Tournament #{ $id }: { $game }
tournament-card-rules = { $format } · { $rounds ->
    [0] rounds as the entries require
    [one] one round
   *[other] { $rounds } rounds
} · { $clock }
tournament-card-starts = Round 1 starts { $time }.
tournament-card-when-started = Round 1 starts when the organiser types { $start }.
tournament-card-round = Round { $round } is being played.
tournament-card-over = It is over: the standings are in its thread.
tournament-card-cancelled = It was cancelled.
tournament-card-no-players = No player yet: press Join.
    .terminal = No player yet: type /tournament join.
tournament-card-players = Players ({ $count }): { $players }
button-tournament-join = Join
button-tournament-leave = Leave
tournament-thread = Tournament #{ $id }
tournament-game-thread = Tournament #{ $id } · Round { $round } · { $white } vs { $black }
tournament-your-game = { $players }: your game is in { $game }.
tournament-reminder = Tournament #{ $id } starts { $time }: { $players }, get ready.
tournament-started = { $arena ->
    [yes] Arena #{ $id } has started: its first games are paired.
   *[no] Tournament #{ $id } has started: round 1 is paired.
}
tournament-no-event = Tournament #{ $id } is not in the server's events: Parlor needs the Manage Events permission to add it there. The tournament goes on as announced.

## Puzzles
cmd-puzzle = A puzzle for you: one winning line to find, near your puzzle rating
cmd-puzzle-game = The game (one you play, or Lines of Action, if not set)
cmd-puzzle-variant = The variant (standard if not set)
cmd-puzzle-daily = true: today's puzzle, the same for everyone
cmd-puzzle-move = Your move in the puzzle under way (start typing to see the legal moves)
cmd-puzzle-hint = true: which piece to move (the attempt is then not rated)
local-help-puzzle = a puzzle near your level; /puzzle daily for today's, /puzzle hint for a hint
help-puzzles = { $puzzle } gives you a puzzle near your level, only to you: find the winning line, move by move.
puzzle-title = Puzzle #{ $id } · { $game }
puzzle-daily-title = Daily puzzle of { $date } · { $game }
puzzle-caption = { $side ->
    [white] White to play and win
    [black] Black to play and win
    [yellow] Yellow to play and win
    [clear] Clear to play and win
   *[other] { $side } to play and win
}
puzzle-your-move = Find the winning move: pick a piece below, or type { $move }.
    .terminal = Find the winning move: type { $move }, or /legal for the moves.
puzzle-rated = Rated puzzle ({ $rating }).
puzzle-unrated = Not rated (a hint was asked, or you have tried this puzzle before).
puzzle-right = { $move } is right. The forced reply: { $reply }. Your move again.
puzzle-solved = { $move }: solved!
puzzle-wrong = { $move } does not win. The solution: { $solution } (the arrows show your move and the right one).
    .terminal = { $move } does not win. The solution: { $solution }.
puzzle-hint = Hint: move the piece on { $square }.
puzzle-rating-change = Your puzzle rating: { $before } → { $after }.
puzzle-daily-solved = You have solved today's puzzle: come back tomorrow. Streak: { $streak } { $streak ->
    [one] day
   *[other] days
}.
button-puzzle-hint = Hint
stats-puzzle = Puzzles in { $game }: { $rating }, { $n } rated { $n ->
    [one] attempt
   *[other] attempts
}
stats-puzzle-streak = Daily puzzles solved in a row: { $n }
err-puzzle-gone = This puzzle can no longer be shown.
err-puzzle-over = This puzzle is over: type /puzzle for another.
err-puzzle-none-under-way = You have no puzzle under way: type { $puzzle } for one.
err-puzzle-illegal = { $move } is not a legal move in this puzzle.
err-puzzle-game = There are no puzzles for { $game }: choose Lines of Action (two players), Barrier or Simultana.
err-puzzle-none = No puzzle of { $game } is stored yet.
puzzle-daily-post = Today's puzzle, the same for everyone: press Solve to try it (only you will see your attempt).
puzzle-daily-yesterday = { $n } { $n ->
    [one] person
   *[other] people
} solved yesterday's puzzle.
button-puzzle-solve = Solve
cmd-settings-puzzle-channel = The channel where the daily puzzle is posted each day (Manage Server)
settings-puzzle-channel = Daily puzzle: posted in { $channel } each day.
local-ph-channel = channel
puzzle-daily-tried = You have tried today's puzzle: a new one comes at midnight UTC. Type /puzzle for another meanwhile.
puzzle-caption-solution = Solution: { $move }
puzzle-caption-solved = Solved!
describe-puzzle-arrows = Arrows: your move, { $played }; the solution's, { $solution }.

## Arenas (issue 40 item 4)
tournament-format-arena = arena
cmd-tournament-berserk = In your arena game, before your first move: half your clock, one more point for a win
arena-card-rules = { $format } · { $duration } · { $clock }
arena-card-ends = Under way: no new game starts after { $time }.
arena-started = Arena #{ $id } has started: play as many games as you can until { $time }; you are paired again as soon as your game ends. A win is 2 points, a draw 1, doubled after two wins in a row. Before your first move, { $berserk } halves your clock for a point more on a win of at least 7 moves of yours; { $leave } pauses.
arena-game = Game { $game }: { $white } – { $black }
arena-game-thread = Arena #{ $id } · Game { $game } · { $white } vs { $black }
arena-result = Arena #{ $id }, game { $game }: { $white } { $score } { $black } (+{ $white-points }, +{ $black-points })
arena-berserk = { $player } goes berserk in arena #{ $id }: half the clock, a point more for a win.
arena-paused = { $player } pauses in arena #{ $id } (back with { $join }).
arena-back = { $player } is back in arena #{ $id }.
arena-standings = Standings of arena #{ $id } after { $games ->
    [one] { $games } game
   *[other] { $games } games
}:
arena-standing = { $rank }. { $player }: { $points } (performance { $performance }, { $games } played)
arena-standing-streak = { $rank }. { $player }: { $points } ×2 (performance { $performance }, { $games } played)
arena-short-performance = Perf
arena-performance = performance (opponents' rating, +500 a win, −500 a loss)
arena-short-games = G
arena-games = games played
arena-short-streak = ×2
arena-streak = points doubled: two wins in a row
pic-arena-live = Live · { $games ->
    [one] { $games } game played
   *[other] { $games } games played
}
pic-arena-final = Final standings · { $games ->
    [one] { $games } game
   *[other] { $games } games
}
err-arena-duration = An arena lasts { $min } to { $max } minutes: give its length, for example { $example }.
err-arena-clock = An arena is played on a game clock (minutes + seconds a move, such as { $example }) that leaves time for two games at least.
err-arena-interval = An arena has no rounds, so no interval: players are paired as soon as they are free.
err-arena-only = Only in an arena.
err-arena-export = An arena has no rounds, so no TRF file: its standings are in { $standings }.
err-arena-no-game = You have no arena game being played.
err-arena-game-over = That game is over.
err-arena-berserk-moved = Too late: berserk is before your first move.
err-arena-berserk-done = You have already gone berserk in this game.
err-arena-paused = You are already paused: { $join } brings you back.
