//! The daily puzzle: one puzzle for everyone on a UTC day, chosen once from the day, the
//! streak of days in a row, and the post a server's puzzle channel gets each day.

use super::*;

impl Puzzles {
    /// The day's puzzle: chosen once a day, deterministically from the day, among LOA's.
    pub async fn daily_puzzle(&self, day: i64) -> Result<Option<PuzzleRow>, Fail> {
        if let Some(id) = self.store.daily_puzzle(day).await? {
            return Ok(self.store.puzzle(id).await?);
        }
        let Some(chosen) = daily_candidate(&self.store, day).await? else {
            return Ok(None);
        };
        let id = self.store.choose_daily_puzzle(day, chosen).await?;
        Ok(self.store.puzzle(id).await?)
    }

    /// `/puzzle daily`: the day's puzzle; the attempt under way at it is shown again, and one
    /// attempt a day counts.
    pub(super) async fn daily(&self, actor: &Actor) -> Answer {
        let day = self.today();
        let Some(puzzle) = self.daily_puzzle(day).await? else {
            return refuse(no_daily());
        };
        if let Some((attempt, open, position)) = self.current(actor.id).await?
            && attempt.day == Some(day)
        {
            return self.present(&attempt, &open, &position, Said::Shown);
        }
        match self.store.daily_result(actor.id, day).await? {
            Some(true) => {
                let streak = self.streak(actor.id).await?;
                return refuse(Msg::new("puzzle-daily-solved").num("streak", streak));
            }
            Some(false) => return refuse(Msg::new("puzzle-daily-tried")),
            None => {}
        }
        self.begin(actor, puzzle, Some(day)).await
    }

    /// Days in a row the person solved the daily puzzle, up to today (or yesterday, when today's
    /// is still to solve).
    pub async fn streak(&self, user: u64) -> Result<i64, Fail> {
        let days = self.store.daily_days_solved(user).await?;
        Ok(streak_of(&days, self.today()))
    }

    /// What `/stats` says of a person's puzzles: their puzzle rating in each game (or `game`)
    /// and their streak of daily puzzles.
    pub async fn stats_lines(&self, user: u64, game: Option<GameKind>) -> Result<Vec<Msg>, Fail> {
        let mut lines = Vec::new();
        for r in self.store.puzzle_ratings_of(user).await? {
            let Ok(kind) = r.game.parse::<GameKind>() else {
                continue;
            };
            if game.is_some_and(|g| g != kind) {
                continue;
            }
            lines.push(
                Msg::new("stats-puzzle")
                    .msg("game", kind.label())
                    .plain("rating", rating::show(&r.value))
                    .num("n", r.attempts),
            );
        }
        let streak = self.streak(user).await?;
        if streak > 0 {
            lines.push(Msg::new("stats-puzzle-streak").num("n", streak));
        }
        Ok(lines)
    }

    /// The post of day `day`'s puzzle for a server's puzzle channel: its position, how many
    /// solved the day before's, and a Solve button that gives each presser their own attempt.
    /// `None` when no puzzle is stored.
    pub async fn daily_post(&self, day: i64) -> Result<Option<Reply>, Fail> {
        let Some(puzzle) = self.daily_puzzle(day).await? else {
            return Ok(None);
        };
        let position = position_at(&puzzle, 0)?;
        let side = position
            .status()
            .to_move()
            .map(|s| position.side_name(s))
            .unwrap_or_default();
        let mut lines = vec![Msg::new("puzzle-daily-post")];
        if self.store.daily_puzzle(day - 1).await?.is_some() {
            let n = self.store.daily_solvers(day - 1).await?;
            lines.push(Msg::new("puzzle-daily-yesterday").num("n", n));
        }
        let solve = Button {
            id: PuzzleAct::Daily
                .custom_id(Stamp {
                    match_id: day,
                    seq: 0,
                })
                .unwrap_or_default(),
            label: Msg::new("button-puzzle-solve"),
            style: ButtonStyle::Primary,
            disabled: false,
        };
        Ok(Some(Reply {
            title: Some(
                Msg::new("puzzle-daily-title")
                    .plain("date", date_of(day))
                    .msg("game", puzzle.game.label()),
            ),
            lines,
            picture: Some(Picture::Puzzle {
                puzzle_id: puzzle.id,
                step: 0,
                game: position,
                caption: Some(Msg::new("puzzle-caption").plain("side", side)),
                arrows: Vec::new(),
            }),
            buttons: vec![vec![solve]],
            ..Reply::default()
        }))
    }

    /// Today's posts still to make: (server, channel, day, post) for each server whose puzzle
    /// channel has not had today's puzzle yet. In a server whose web pages are on, the post
    /// links to yesterday's puzzle page (shown there now that its day is over).
    pub async fn due_posts(&self) -> Result<Vec<(u64, u64, i64, Reply)>, Fail> {
        let day = self.today();
        let due = self.store.puzzle_channels_due(day).await?;
        if due.is_empty() {
            return Ok(Vec::new());
        }
        let Some(post) = self.daily_post(day).await? else {
            return Ok(Vec::new());
        };
        let yesterday = self.store.daily_puzzle(day - 1).await?;
        let mut posts = Vec::with_capacity(due.len());
        for (guild, channel) in due {
            let mut post = post.clone();
            let place = Place::new(Some(guild), channel);
            if let Some(id) = yesterday
                && let Some(web) = self.web.for_place(&place).await?
            {
                let page = WebPage::Puzzle { id };
                post.links
                    .push(web.link(Msg::new("link-puzzle-yesterday"), &page));
            }
            posts.push((guild, channel, day, post));
        }
        Ok(posts)
    }

    /// Notes that `guild`'s puzzle channel had day `day`'s post (made, or given up).
    pub async fn posted(&self, guild: u64, day: i64) -> Result<(), Fail> {
        Ok(self.store.puzzle_posted(guild, day).await?)
    }

    /// How many solved day `day`'s puzzle that day.
    pub async fn solvers(&self, day: i64) -> Result<i64, Fail> {
        Ok(self.store.daily_solvers(day).await?)
    }
}

/// The puzzle day `day` would get if it were chosen now (the choice is made once, when first
/// asked for): the web pages keep it hidden until its day is over even before then.
pub async fn daily_candidate(store: &Store, day: i64) -> Result<Option<i64>, StoreError> {
    let Ok((_, options)) = super::super::start(DEFAULT_GAME, "") else {
        return Ok(None);
    };
    let count = store.puzzle_count(Some((DEFAULT_GAME, &options))).await?;
    if count <= 0 {
        return Ok(None);
    }
    let n = i64::try_from(spread(day as u64) % count as u64).unwrap_or(0);
    Ok(store
        .nth_puzzle(DEFAULT_GAME, &options, n)
        .await?
        .map(|p| p.id))
}

fn no_daily() -> Msg {
    Msg::new("err-puzzle-none").msg("game", DEFAULT_GAME.label())
}

/// Days in a row in `solved` (newest first) ending today or yesterday.
pub fn streak_of(solved: &[i64], today: i64) -> i64 {
    let Some(&last) = solved.first() else {
        return 0;
    };
    if last < today - 1 {
        return 0;
    }
    let mut n = 1;
    for pair in solved.windows(2) {
        if pair[0] - pair[1] != 1 {
            break;
        }
        n += 1;
    }
    n
}

/// A day's number mixed (SplitMix64), so that consecutive days pick puzzles far apart.
pub fn spread(day: u64) -> u64 {
    let mut z = day.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// `2026-11-28` for a day number (the i18n's own UTC time, its date part).
pub fn date_of(day: i64) -> String {
    use crate::i18n::{Lang, Plain, Style};
    let text = Plain.time(Lang::En, day.saturating_mul(DAY_MS));
    text.split(' ').next().unwrap_or_default().to_owned()
}
