//! Who may do what, as a table: each row is an action on a match at some stage, who tries it, and
//! whether it is allowed. Every row goes through the fake Discord with the person's real member
//! permissions in the interaction. A refusal must be private (flags 64), say why, and change
//! nothing: not the database, not the channel. An allowed row must be public and change the match,
//! so the table is not vacuous.
//!
//! Refused rows of a stage share one match (they change nothing, which is checked after each);
//! every allowed row gets a fresh match in a channel of its own.

use parlor::store::{LogEntry, MatchRow, Store};
use serde_json::{Value, json};

use crate::fake::{CHANNEL_ID, FakeDiscord, GUILD_ID, Msg, User};
use crate::start;
use crate::steps::{alice, ask, bob, carol, legal, press, stop, to_move};

/// A member with Manage Messages in the channel, playing in none of the matches.
fn dave() -> User {
    User::new(100_000_000_000_000_004, "dave").with_manage_messages()
}

/// A server administrator (Discord's Administrator permission implies every other), not playing.
fn erin() -> User {
    let mut erin = User::new(100_000_000_000_000_005, "erin");
    erin.permissions |= 1 << 3;
    erin
}

/// How far a match has gone when the row is tried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Alice has challenged Bob.
    Challenge,
    /// Alice has challenged anyone.
    OpenChallenge,
    /// Bob accepted; nobody has moved.
    Fresh,
    /// One move played (by the player now waiting).
    OneMove,
    /// Each player has moved once.
    BothMoved,
    /// A player (the offerer) offered a draw by `/draw`.
    DrawOffered,
    /// The player who moved asked to take it back by `/takeback`.
    TakebackAsked,
    /// The match ended (a resignation); its result offers a rematch.
    Finished,
}

/// Who tries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Who {
    /// Alice, who made the challenge.
    Challenger,
    /// Bob, whom the challenge names.
    Challenged,
    /// Someone else, on an open challenge.
    Anyone,
    /// The player whose turn it is.
    ToMove,
    /// The other player.
    Waiting,
    /// The player whose draw offer or takeback request stands.
    Offerer,
    /// The player it waits for.
    Offeree,
    /// A member with Manage Messages, not playing.
    Moderator,
    /// A member with Administrator, not playing.
    Admin,
    /// A member without it, not playing.
    Bystander,
}

/// Declares [`Act`] and [`ACTS`], every one of its values, from one list.
macro_rules! acts {
    ($($(#[$doc:meta])* $act:ident,)*) => {
        /// What is tried: typed commands, and the buttons and menus of the card and the board.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        enum Act {
            $($(#[$doc])* $act,)*
        }

        /// Every [`Act`], for the check that the table covers them all.
        const ACTS: &[Act] = &[$(Act::$act),*];
    };
}

acts! {
    AcceptButton,
    DeclineButton,
    CancelButton,
    AbortCommand,
    AbortButton,
    MoveCommand,
    /// The board's first menu, then the mover's own menus until the move is made.
    MoveMenu,
    ResignCommand,
    /// Offers a draw, or accepts the standing offer.
    DrawCommand,
    RefuseDrawButton,
    /// Asks for a takeback, or accepts the standing request.
    TakebackCommand,
    /// "Takeback" on the board, or "Accept takeback" when a request stands.
    TakebackButton,
    RefuseTakebackButton,
    RematchButton,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    Allowed,
    /// Refused, with this part of the English reason.
    Refused(&'static str),
}

#[derive(Debug)]
struct Row {
    stage: Stage,
    act: Act,
    who: Who,
    expect: Expect,
}

const fn row(stage: Stage, act: Act, who: Who, expect: Expect) -> Row {
    Row {
        stage,
        act,
        who,
        expect,
    }
}

use Act::*;
use Expect::{Allowed, Refused};
use Stage::*;
use Who::*;

// The refusals, by a part of their English text.
const NOT_A_PLAYER: Expect = Refused("You are not playing in this match.");
const NOT_ACCEPTED: Expect = Refused("has not been accepted yet");
const NOT_YOUR_TURN: Expect = Refused("It's not your turn");
const FOR_BOB: Expect = Refused("This challenge is for <@100000000000000002>");
const ONLY_CANCEL: Expect = Refused("Only <@100000000000000001> (or a moderator) can cancel");
const ONLY_WITHDRAW: Expect = Refused("Only <@100000000000000001> (or a moderator) can withdraw");
const ABORT_NOT_ALLOWED: Expect =
    Refused("Only the players (before each has moved) or a moderator");
const OWN_CHALLENGE: Expect = Refused("your own challenge");
const NOTHING_TO_TAKE_BACK: Expect = Refused("You have no move to take back.");
const TOO_LATE: Expect = Refused("Too late to abort");
const DRAW_OFFERED: Expect = Refused("You have offered a draw already");
const OWN_DRAW_OFFER: Expect = Refused("You made this draw offer");
const TAKEBACK_ASKED: Expect = Refused("You have asked for a takeback already");
const OWN_TAKEBACK: Expect = Refused("You made this takeback request");
const REMATCH_PLAYERS: Expect = Refused("Only the players of match #");

/// The permission table.
const TABLE: &[Row] = &[
    // A challenge to Bob: only Bob answers it; only Alice (or a moderator) takes it back.
    row(Challenge, AcceptButton, Challenger, OWN_CHALLENGE),
    row(Challenge, AcceptButton, Moderator, FOR_BOB),
    row(Challenge, AcceptButton, Bystander, FOR_BOB),
    row(Challenge, AcceptButton, Challenged, Allowed),
    row(Challenge, DeclineButton, Moderator, FOR_BOB),
    row(Challenge, DeclineButton, Bystander, FOR_BOB),
    row(Challenge, DeclineButton, Challenged, Allowed),
    // The challenger's Decline withdraws the challenge.
    row(Challenge, DeclineButton, Challenger, Allowed),
    row(Challenge, CancelButton, Challenged, ONLY_CANCEL),
    row(Challenge, CancelButton, Bystander, ONLY_CANCEL),
    row(Challenge, CancelButton, Challenger, Allowed),
    row(Challenge, CancelButton, Moderator, Allowed),
    row(Challenge, AbortCommand, Challenged, ONLY_WITHDRAW),
    row(Challenge, AbortCommand, Bystander, ONLY_WITHDRAW),
    row(Challenge, AbortCommand, Challenger, Allowed),
    row(Challenge, AbortCommand, Moderator, Allowed),
    row(Challenge, MoveCommand, Challenged, NOT_ACCEPTED),
    row(Challenge, ResignCommand, Challenger, NOT_ACCEPTED),
    row(Challenge, DrawCommand, Bystander, NOT_ACCEPTED),
    row(Challenge, TakebackCommand, Challenged, NOT_ACCEPTED),
    // An open challenge: anyone but the challenger accepts it; nobody needs to decline it.
    row(OpenChallenge, AcceptButton, Challenger, OWN_CHALLENGE),
    row(OpenChallenge, AcceptButton, Anyone, Allowed),
    row(OpenChallenge, AcceptButton, Moderator, Allowed),
    row(OpenChallenge, CancelButton, Anyone, ONLY_CANCEL),
    row(OpenChallenge, CancelButton, Challenger, Allowed),
    row(OpenChallenge, AbortCommand, Anyone, ONLY_WITHDRAW),
    // A match under way: the players play; nobody else does.
    row(Fresh, MoveCommand, Waiting, NOT_YOUR_TURN),
    row(Fresh, MoveCommand, Moderator, NOT_A_PLAYER),
    row(Fresh, MoveCommand, Bystander, NOT_A_PLAYER),
    row(Fresh, MoveCommand, ToMove, Allowed),
    row(Fresh, MoveMenu, Waiting, NOT_YOUR_TURN),
    row(Fresh, MoveMenu, Moderator, NOT_A_PLAYER),
    row(Fresh, MoveMenu, Bystander, NOT_A_PLAYER),
    row(Fresh, MoveMenu, ToMove, Allowed),
    row(Fresh, ResignCommand, Moderator, NOT_A_PLAYER),
    row(Fresh, ResignCommand, Bystander, NOT_A_PLAYER),
    row(Fresh, ResignCommand, ToMove, Allowed),
    row(Fresh, ResignCommand, Waiting, Allowed),
    row(Fresh, DrawCommand, Moderator, NOT_A_PLAYER),
    row(Fresh, DrawCommand, Bystander, NOT_A_PLAYER),
    row(Fresh, DrawCommand, ToMove, Allowed),
    row(Fresh, DrawCommand, Waiting, Allowed),
    row(Fresh, TakebackCommand, Moderator, NOT_A_PLAYER),
    row(Fresh, TakebackCommand, Bystander, NOT_A_PLAYER),
    // Abort: a player before each has moved, a moderator at any time.
    row(Fresh, AbortCommand, Bystander, ABORT_NOT_ALLOWED),
    row(Fresh, AbortCommand, ToMove, Allowed),
    row(Fresh, AbortCommand, Waiting, Allowed),
    row(Fresh, AbortCommand, Moderator, Allowed),
    row(Fresh, AbortButton, Bystander, ABORT_NOT_ALLOWED),
    row(Fresh, AbortButton, ToMove, Allowed),
    row(Fresh, AbortButton, Moderator, Allowed),
    row(OneMove, TakebackCommand, Moderator, NOT_A_PLAYER),
    row(OneMove, TakebackCommand, Bystander, NOT_A_PLAYER),
    row(OneMove, TakebackCommand, ToMove, NOTHING_TO_TAKE_BACK),
    row(OneMove, TakebackCommand, Waiting, Allowed),
    row(OneMove, TakebackButton, Moderator, NOT_A_PLAYER),
    row(OneMove, TakebackButton, Bystander, NOT_A_PLAYER),
    row(OneMove, TakebackButton, Waiting, Allowed),
    row(OneMove, AbortCommand, Bystander, ABORT_NOT_ALLOWED),
    row(OneMove, AbortCommand, ToMove, Allowed),
    row(OneMove, AbortButton, Waiting, Allowed),
    row(BothMoved, AbortCommand, ToMove, TOO_LATE),
    row(BothMoved, AbortCommand, Waiting, TOO_LATE),
    row(BothMoved, AbortCommand, Bystander, ABORT_NOT_ALLOWED),
    row(BothMoved, AbortCommand, Moderator, Allowed),
    row(BothMoved, AbortCommand, Admin, Allowed),
    row(BothMoved, MoveCommand, Admin, NOT_A_PLAYER),
    // Offers: only the other player answers them.
    row(DrawOffered, DrawCommand, Offerer, DRAW_OFFERED),
    row(DrawOffered, DrawCommand, Moderator, NOT_A_PLAYER),
    row(DrawOffered, DrawCommand, Bystander, NOT_A_PLAYER),
    row(DrawOffered, DrawCommand, Offeree, Allowed),
    row(DrawOffered, RefuseDrawButton, Offerer, OWN_DRAW_OFFER),
    row(DrawOffered, RefuseDrawButton, Moderator, NOT_A_PLAYER),
    row(DrawOffered, RefuseDrawButton, Bystander, NOT_A_PLAYER),
    row(DrawOffered, RefuseDrawButton, Offeree, Allowed),
    row(TakebackAsked, TakebackCommand, Offerer, TAKEBACK_ASKED),
    row(TakebackAsked, TakebackCommand, Moderator, NOT_A_PLAYER),
    row(TakebackAsked, TakebackCommand, Bystander, NOT_A_PLAYER),
    row(TakebackAsked, TakebackCommand, Offeree, Allowed),
    row(TakebackAsked, TakebackButton, Offerer, TAKEBACK_ASKED),
    row(TakebackAsked, TakebackButton, Moderator, NOT_A_PLAYER),
    row(TakebackAsked, TakebackButton, Bystander, NOT_A_PLAYER),
    row(TakebackAsked, TakebackButton, Offeree, Allowed),
    row(TakebackAsked, RefuseTakebackButton, Offerer, OWN_TAKEBACK),
    row(TakebackAsked, RefuseTakebackButton, Moderator, NOT_A_PLAYER),
    row(TakebackAsked, RefuseTakebackButton, Bystander, NOT_A_PLAYER),
    row(TakebackAsked, RefuseTakebackButton, Offeree, Allowed),
    // A rematch is between the same two players.
    row(Finished, RematchButton, Moderator, REMATCH_PLAYERS),
    row(Finished, RematchButton, Bystander, REMATCH_PLAYERS),
    row(Finished, RematchButton, Challenger, Allowed),
    row(Finished, RematchButton, Challenged, Allowed),
];

/// One match set up for a row, in a channel of its own.
struct Scene {
    channel: u64,
    match_id: i64,
    /// The challenge card.
    card: Msg,
    /// The newest public message of the match: its board, offer or result.
    board: Msg,
    /// The two players once the match is under way (`[]` before).
    players: Vec<User>,
    /// Whose turn it is, once the match is under way.
    to_move: Option<u64>,
    /// Whose offer or request stands.
    offerer: Option<u64>,
}

impl Scene {
    fn player(&self, id: Option<u64>, what: &str) -> User {
        id.and_then(|id| self.players.iter().find(|p| p.id == id))
            .cloned()
            .unwrap_or_else(|| panic!("no {what} at this stage"))
    }

    fn other(&self, id: Option<u64>, what: &str) -> User {
        let one = self.player(id, what);
        self.players
            .iter()
            .find(|p| p.id != one.id)
            .cloned()
            .unwrap_or_else(|| panic!("no other player than the {what}"))
    }

    fn user(&self, who: Who) -> User {
        match who {
            Challenger => alice(),
            Challenged => bob(),
            Anyone | Bystander => carol(),
            Moderator => dave(),
            Admin => erin(),
            ToMove => self.player(self.to_move, "player to move"),
            Waiting => self.other(self.to_move, "player to move"),
            Offerer => self.player(self.offerer, "offerer"),
            Offeree => self.other(self.offerer, "offerer"),
        }
    }
}

/// The match a message's buttons act on.
fn match_id(msg: &Msg) -> i64 {
    msg.controls()
        .iter()
        .find_map(|(id, _, _)| id.split(':').nth(2).and_then(|n| n.parse().ok()))
        .unwrap_or_else(|| panic!("no match named by the buttons of {:?}", msg.text()))
}

/// A legal move for the player to move (autocomplete answers only them).
async fn legal_move(discord: &FakeDiscord, scene: &Scene) -> String {
    let mover = scene.user(ToMove);
    let hints = legal(discord, &mover, scene.channel).await;
    hints.into_iter().next().expect("a legal move")
}

/// Plays a legal move by `/move` and moves the scene on.
async fn advance(discord: &FakeDiscord, scene: &mut Scene) {
    let mv = legal_move(discord, scene).await;
    let mover = scene.user(ToMove);
    let board = ask(
        discord,
        &mover,
        scene.channel,
        "move",
        json!({ "move": mv }),
    )
    .await;
    assert!(!board.ephemeral, "{mv}: {}", board.text());
    scene.to_move = Some(to_move(&board));
    scene.board = board;
    // The bot greys out the older boards on its own after answering: the next step must not
    // race it.
    discord.idle().await;
}

/// Brings a new match to `stage` in `channel`.
async fn setup(discord: &FakeDiscord, stage: Stage, channel: u64) -> Scene {
    let mut options = json!({"game": "simultana", "clock": "1d"});
    if stage != OpenChallenge {
        options["opponent"] = json!(bob().id);
    }
    let id = discord.slash_in(&alice(), channel, "play", options, &[bob()]);
    let card = discord.outcome(id).await;
    assert!(!card.ephemeral, "challenge refused: {}", card.text());
    let mut scene = Scene {
        channel,
        match_id: match_id(&card),
        board: card.clone(),
        card,
        players: Vec::new(),
        to_move: None,
        offerer: None,
    };
    // An open challenge cannot be declined, so its card offers no Decline button.
    assert_eq!(
        scene.card.button("Decline").is_some(),
        stage != OpenChallenge,
        "{}",
        scene.card.text()
    );
    if matches!(stage, Challenge | OpenChallenge) {
        return scene;
    }
    let board = press(discord, &bob(), &scene.card, "Accept").await;
    assert!(!board.ephemeral, "accept refused: {}", board.text());
    scene.players = vec![alice(), bob()];
    scene.to_move = Some(to_move(&board));
    scene.board = board;
    discord.idle().await;
    match stage {
        OneMove => advance(discord, &mut scene).await,
        BothMoved => {
            advance(discord, &mut scene).await;
            advance(discord, &mut scene).await;
        }
        DrawOffered => {
            let offerer = scene.user(ToMove);
            let offer = ask(discord, &offerer, channel, "draw", json!({})).await;
            assert!(!offer.ephemeral, "{}", offer.text());
            scene.offerer = Some(offerer.id);
            scene.board = offer;
        }
        TakebackAsked => {
            advance(discord, &mut scene).await;
            let asker = scene.user(Waiting);
            let ask = ask(discord, &asker, channel, "takeback", json!({})).await;
            assert!(!ask.ephemeral, "{}", ask.text());
            scene.offerer = Some(asker.id);
            scene.board = ask;
        }
        Finished => {
            let resigner = scene.user(ToMove);
            let result = ask(discord, &resigner, channel, "resign", json!({})).await;
            assert!(result.button("Rematch").is_some(), "{}", result.text());
            scene.board = result;
        }
        _ => {}
    }
    discord.idle().await;
    scene
}

/// Tries the row's action as `user`; returns the answer.
async fn act(discord: &FakeDiscord, scene: &Scene, act: Act, user: &User) -> Msg {
    let channel = scene.channel;
    match act {
        AcceptButton => press(discord, user, &scene.card, "Accept").await,
        DeclineButton => press(discord, user, &scene.card, "Decline").await,
        CancelButton => press(discord, user, &scene.card, "Cancel").await,
        AbortButton => press(discord, user, &scene.board, "Abort").await,
        RefuseDrawButton => press(discord, user, &scene.board, "Refuse draw").await,
        RefuseTakebackButton => press(discord, user, &scene.board, "Refuse takeback").await,
        RematchButton => press(discord, user, &scene.board, "Rematch").await,
        TakebackButton => {
            let label = if scene.offerer.is_some() {
                "Accept takeback"
            } else {
                "Takeback"
            };
            press(discord, user, &scene.board, label).await
        }
        AbortCommand => ask(discord, user, channel, "abort", json!({})).await,
        ResignCommand => ask(discord, user, channel, "resign", json!({})).await,
        DrawCommand => ask(discord, user, channel, "draw", json!({})).await,
        TakebackCommand => ask(discord, user, channel, "takeback", json!({})).await,
        MoveCommand => {
            // Before the match starts there is no move to find: any text will do.
            let mv = match scene.to_move {
                Some(_) => legal_move(discord, scene).await,
                None => "a1-a2".to_owned(),
            };
            ask(discord, user, channel, "move", json!({ "move": mv })).await
        }
        MoveMenu => {
            let mut current = scene.board.clone();
            for _ in 0..4 {
                let menu = current.menus().first().cloned().unwrap_or_else(|| {
                    panic!("no menu to go on with: {}", current.text());
                });
                let value = current.menu_values(&menu)[0].clone();
                let answer = discord
                    .outcome(discord.select(user, current.id, &menu, &[&value]))
                    .await;
                // A private menu of targets is the next step, not a refusal.
                if !answer.ephemeral || answer.menus().is_empty() {
                    return answer;
                }
                current = answer;
            }
            panic!("the menus never made a move");
        }
    }
}

/// What the database holds about the matches: every open one with its log, and the scene's.
#[derive(Debug, PartialEq)]
struct Stored {
    open: Vec<(MatchRow, Vec<LogEntry>)>,
    this: Option<MatchRow>,
    log: Vec<LogEntry>,
}

/// What a row may change: the database, and the channel's public messages.
#[derive(Debug, PartialEq)]
struct Snapshot {
    store: Stored,
    /// Each public message of the channel: id, text, components, edits.
    channel: Vec<(u64, String, Vec<Value>, u32)>,
}

async fn snapshot(discord: &FakeDiscord, store: &Store, scene: &Scene) -> Snapshot {
    // What the bot does on its own after an answer (greying out older boards, the challenge
    // card's result, a picture edited in) is part of what the answer changed.
    discord.idle().await;
    // Where a challenge card was posted is written by the bot just after posting it, racing
    // the scene's first press: it is no state a press could change, so it is left out.
    let no_card = |mut m: MatchRow| {
        m.card = None;
        m
    };
    let open = store
        .open_matches(&|_, _| true)
        .await
        .expect("open matches")
        .into_iter()
        .map(|(m, log)| (no_card(m), log))
        .collect();
    let this = store
        .match_by_id(scene.match_id)
        .await
        .expect("the match")
        .map(no_card);
    let log = store.log(scene.match_id).await.expect("its log");
    let channel = discord
        .public_messages(scene.channel)
        .into_iter()
        .map(|m| (m.id, m.text(), m.components.clone(), m.edits))
        .collect();
    Snapshot {
        store: Stored { open, this, log },
        channel,
    }
}

/// Runs every row of `stages` against a bot of its own.
async fn run(stages: &[Stage], first_channel: u64) {
    let (discord, bot) = start().await;
    run_with(&discord, stages, first_channel).await;
    stop(&discord, bot).await;
}

/// Runs every row of `stages` against the bot of `discord`, from channel `first_channel` on.
async fn run_with(discord: &FakeDiscord, stages: &[Stage], first_channel: u64) {
    let store = Store::open(&discord.database_url)
        .await
        .expect("the bot's database");
    let mut channel = first_channel;
    for &stage in stages {
        let (refused, allowed): (Vec<&Row>, Vec<&Row>) = TABLE
            .iter()
            .filter(|r| r.stage == stage)
            .partition(|r| r.expect != Allowed);
        assert!(
            !refused.is_empty() && !allowed.is_empty(),
            "{stage:?}: both kinds of rows"
        );

        channel += 1;
        let scene = setup(discord, stage, channel).await;
        let before = snapshot(discord, &store, &scene).await;
        for row in refused {
            let Refused(reason) = row.expect else {
                unreachable!()
            };
            let user = scene.user(row.who);
            let answer = act(discord, &scene, row.act, &user).await;
            assert!(answer.ephemeral, "{row:?}: not private: {}", answer.text());
            assert!(
                answer.text().contains(reason),
                "{row:?}: refused for another reason: {}",
                answer.text()
            );
            assert_eq!(
                snapshot(discord, &store, &scene).await,
                before,
                "{row:?}: a refusal changed something"
            );
        }

        for row in allowed {
            channel += 1;
            let scene = setup(discord, stage, channel).await;
            let before = snapshot(discord, &store, &scene).await;
            let user = scene.user(row.who);
            let answer = act(discord, &scene, row.act, &user).await;
            assert!(!answer.ephemeral, "{row:?}: refused: {}", answer.text());
            let after = snapshot(discord, &store, &scene).await;
            assert_ne!(after.store, before.store, "{row:?}: nothing was recorded");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_right_people_answer_a_challenge() {
    run(&[Challenge, OpenChallenge], CHANNEL_ID + 1000).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_players_play_and_moderators_abort() {
    run(&[Fresh, OneMove, BothMoved], CHANNEL_ID + 2000).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_the_other_player_answers_an_offer_and_only_players_ask_a_rematch() {
    run(&[DrawOffered, TakebackAsked, Finished], CHANNEL_ID + 3000).await;
}

/// The same table when every answer is deferred first, as a slow one is: a refusal after a
/// public deferral must still reach only the person.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn refusals_stay_private_when_answers_are_deferred() {
    crate::logs();
    let discord = FakeDiscord::start().await;
    let guild = GUILD_ID.to_string();
    let mut config = discord.config(&[("DISCORD_GUILD_ID", &guild)]);
    config.defer_after = std::time::Duration::ZERO;
    let bot = discord.start_bot(config);
    discord.wait_ready(1).await;
    let all = [
        Challenge,
        OpenChallenge,
        Fresh,
        OneMove,
        BothMoved,
        DrawOffered,
        TakebackAsked,
        Finished,
    ];
    run_with(&discord, &all, CHANNEL_ID + 4000).await;
    let undeferred: Vec<u64> = discord
        .state()
        .interactions
        .values()
        .filter(|i| i.kind != 4)
        .filter(|i| {
            let first = i.callbacks.iter().find(|c| c.accepted);
            !first.is_some_and(|c| matches!(c.kind, 5 | 6))
        })
        .map(|i| i.id)
        .collect();
    assert!(
        undeferred.is_empty(),
        "answered without deferring: {undeferred:?}"
    );
    stop(&discord, bot).await;
}

#[test]
fn the_table_covers_every_action_and_everyone() {
    for &act in ACTS {
        let rows: Vec<&Row> = TABLE.iter().filter(|r| r.act == act).collect();
        assert!(
            rows.iter().any(|r| r.expect == Allowed),
            "{act:?}: someone is allowed"
        );
        assert!(
            rows.iter().any(|r| r.expect != Allowed),
            "{act:?}: someone is refused"
        );
    }
    for who in [
        Challenger, Challenged, Anyone, ToMove, Waiting, Offerer, Offeree, Moderator, Admin,
        Bystander,
    ] {
        assert!(
            TABLE.iter().any(|r| r.who == who),
            "{who:?} tries something"
        );
    }
}
