//! What the Discord tests share: the people of the fake's server, and the skeleton of a match
//! (challenge, accept, play, stop) as steps, so that each test says only what it checks.

use serde_json::{Value, json};

use crate::fake::{self, Bot, FakeDiscord, Msg, User};

pub(crate) fn alice() -> User {
    User::new(100_000_000_000_000_001, "alice")
}

pub(crate) fn bob() -> User {
    User::new(100_000_000_000_000_002, "bob")
}

/// In the server, playing in none of the matches.
pub(crate) fn carol() -> User {
    User::new(100_000_000_000_000_003, "carol")
}

/// A member who may manage the server (its settings).
pub(crate) fn owner() -> User {
    User::new(100_000_000_000_000_009, "owner").with_manage_server()
}

/// The user a board pings (whose turn it is).
pub(crate) fn to_move(board: &Msg) -> u64 {
    board
        .content
        .trim_start_matches("<@")
        .split('>')
        .next()
        .and_then(|id| id.parse().ok())
        .unwrap_or_else(|| panic!("the board pings nobody: {:?}", board.content))
}

/// The player of `players` with this id.
pub(crate) fn who(players: &[User], id: u64) -> &User {
    players
        .iter()
        .find(|u| u.id == id)
        .unwrap_or_else(|| panic!("{id} is not one of the players"))
}

/// Fails unless `msg` shows `text`, saying what it shows instead.
#[track_caller]
pub(crate) fn assert_shows(msg: &Msg, text: &str) {
    assert!(msg.text().contains(text), "{}", msg.text());
}

/// A result carries a Rematch button.
pub(crate) fn is_result(msg: &Msg) -> bool {
    msg.button("Rematch").is_some()
}

/// `/name options` as `user` in `channel` (naming no user); the message it produced.
pub(crate) async fn ask(
    discord: &FakeDiscord,
    user: &User,
    channel: u64,
    name: &str,
    options: Value,
) -> Msg {
    discord
        .outcome(discord.slash_in(user, channel, name, options, &[]))
        .await
}

/// `/name options` as `user` in the fake's default channel; the message it produced.
pub(crate) async fn command(discord: &FakeDiscord, user: &User, name: &str, options: Value) -> Msg {
    discord.outcome(discord.slash(user, name, options)).await
}

/// `user` presses the button labelled `label` on `msg`; the answer.
pub(crate) async fn press(discord: &FakeDiscord, user: &User, msg: &Msg, label: &str) -> Msg {
    let button = msg
        .button(label)
        .unwrap_or_else(|| panic!("no {label} button on {:?}", msg.text()));
    discord.outcome(discord.press(user, msg.id, &button)).await
}

/// Each of `people` presses the button labelled `label` on `card` (a tournament's Join, in the
/// card's language); each is answered in public.
pub(crate) async fn join_all(discord: &FakeDiscord, card: &Msg, label: &str, people: &[User]) {
    for person in people {
        let joined = press(discord, person, card, label).await;
        assert!(!joined.ephemeral, "{}", joined.text());
    }
}

/// `challenger` asks `/play` with `options` and `opponent` (a person, or the bot) in `channel`;
/// the answer, public or private.
pub(crate) async fn ask_to_play(
    discord: &FakeDiscord,
    channel: u64,
    challenger: &User,
    opponent: &User,
    mut options: Value,
) -> Msg {
    options["opponent"] = json!(opponent.id);
    let id = discord.slash_in(
        challenger,
        channel,
        "play",
        options,
        std::slice::from_ref(opponent),
    );
    discord.outcome(id).await
}

/// [`ask_to_play`], answered in public: a challenge card, or the first board of a game against
/// the bot.
pub(crate) async fn challenge(
    discord: &FakeDiscord,
    channel: u64,
    challenger: &User,
    opponent: &User,
    options: Value,
) -> Msg {
    let card = ask_to_play(discord, channel, challenger, opponent, options).await;
    assert!(!card.ephemeral, "challenge refused: {}", card.text());
    card
}

/// Alice challenges Bob with `options` in `channel`; the card.
pub(crate) async fn alice_challenges_bob(
    discord: &FakeDiscord,
    channel: u64,
    options: Value,
) -> Msg {
    challenge(discord, channel, &alice(), &bob(), options).await
}

/// `opponent` presses Accept on `card`; the first board.
pub(crate) async fn accept(discord: &FakeDiscord, card: &Msg, opponent: &User) -> Msg {
    let board = press(discord, opponent, card, "Accept").await;
    assert!(!board.ephemeral, "accept refused: {}", board.text());
    board
}

/// `/play` against the bot at level 1 in `channel`; the first board.
pub(crate) async fn play_the_bot(discord: &FakeDiscord, user: &User, channel: u64) -> Msg {
    let options = json!({"game": "simultana", "level": 1});
    challenge(discord, channel, user, &User::bot(), options).await
}

/// `/play` Lines of Action for four by `user` in the default channel, the bot at level 1 in the
/// seats nobody takes; the lobby.
pub(crate) async fn four_player_lobby(discord: &FakeDiscord, user: &User) -> Msg {
    let options = json!({"game": "loa", "variant": "four-player", "level": 1});
    ask(discord, user, fake::CHANNEL_ID, "play", options).await
}

/// The moves `/move` offers `user` in `channel`.
pub(crate) async fn legal(discord: &FakeDiscord, user: &User, channel: u64) -> Vec<String> {
    let id = discord.send_autocomplete(user, channel, "move", "move", "");
    discord
        .choices(id)
        .await
        .iter()
        .filter_map(|c| c["value"].as_str().map(str::to_owned))
        .collect()
}

/// Plays `text` by `/move` as `user`; the message it produced.
pub(crate) async fn play(discord: &FakeDiscord, user: &User, channel: u64, text: &str) -> Msg {
    ask(discord, user, channel, "move", json!({ "move": text })).await
}

/// The player to move on `board` plays the first offered move by `/move`; the new board.
pub(crate) async fn play_first(
    discord: &FakeDiscord,
    channel: u64,
    board: &Msg,
    players: &[User],
) -> Msg {
    let mover = who(players, to_move(board)).clone();
    let moves = legal(discord, &mover, channel).await;
    let next = play(discord, &mover, channel, &moves[0]).await;
    assert!(!next.ephemeral, "move refused: {}", next.text());
    next
}

/// The bot's own move, posted by itself in `channel` (a notice saying `<@bot> played`).
pub(crate) async fn bots_move(discord: &FakeDiscord, channel: u64, played: &str) -> Msg {
    let played = format!("<@{}> {played}", fake::APP_ID);
    discord
        .wait("the AI's move", |s| {
            s.messages
                .iter()
                .find(|m| m.channel_id == channel && !m.ephemeral && m.text().contains(&played))
                .cloned()
        })
        .await
}

/// The bot's `n`th own move (from 0) in any channel: its moves are messages of their own, not
/// answers, and a fast AI may post one before the board it answers is finished, so they are
/// counted rather than found by message order.
pub(crate) async fn bots_nth_move(discord: &FakeDiscord, n: usize) -> Msg {
    let played = format!("<@{}> played", fake::APP_ID);
    discord
        .wait("the bot's move", |s| {
            let mut moves = s
                .messages
                .iter()
                .filter(|m| !m.ephemeral && m.text().contains(&played));
            moves.nth(n).cloned()
        })
        .await
}

/// Waits until the last board posted in `channel` (a message with a Resign button) has all
/// its components disabled: a finished game offers no more moves.
pub(crate) async fn last_board_greyed_out(discord: &FakeDiscord, channel: u64) {
    discord
        .wait("the last board greyed out", |s| {
            let boards: Vec<&Msg> = s
                .messages
                .iter()
                .filter(|m| m.channel_id == channel && !m.ephemeral && m.button("Resign").is_some())
                .collect();
            boards.last().filter(|m| m.all_disabled()).map(|_| ())
        })
        .await;
}

/// Waits for the thread the bot starts from `card` (a tournament's or an arena's); its id.
pub(crate) async fn thread_of_card(discord: &FakeDiscord, card: &Msg) -> u64 {
    discord
        .wait("the thread started from the card", |s| {
            s.threads
                .values()
                .find(|t| t.message == card.id)
                .map(|t| t.id)
        })
        .await
}

/// Stops the bot as SIGTERM does, and checks that no Discord rule was broken.
pub(crate) async fn stop(discord: &FakeDiscord, bot: Bot) {
    bot.stop().await.expect("clean shutdown");
    discord.assert_no_violations();
}

/// Kills the bot and waits until Discord has seen its session drop.
pub(crate) async fn kill(discord: &FakeDiscord, bot: fake::Killable) {
    bot.kill();
    discord
        .wait("the killed bot's session to drop", |s| {
            s.connected_shards().is_empty().then_some(())
        })
        .await;
}

/// Waits until the bot has begun sending the first response of each interaction in `asked` (a
/// slowed Discord then holds them in hand).
pub(crate) async fn answers_under_way(discord: &FakeDiscord, asked: &[u64]) {
    let paths: Vec<String> = asked
        .iter()
        .map(|id| format!("POST /api/v10/interactions/{id}/"))
        .collect();
    discord
        .wait("every answer on its way to Discord", |s| {
            paths
                .iter()
                .all(|p| s.requests.iter().any(|r| r.starts_with(p.as_str())))
                .then_some(())
        })
        .await;
}
