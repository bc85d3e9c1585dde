//! The lines of a TRF file, each read into the tournament being built: players with their
//! rounds, byes, accelerations, forbidden pairs and the point system.

use super::{Color, Entrant, Forbidden, Game, Outcome, Points, Swiss};

pub struct Reader {
    pub(super) swiss: Swiss,
    pub(super) use_rank: bool,
    pub(super) pab_given: bool,
    pub(super) acceleration_given: bool,
    pub(super) initial: Option<Color>,
    pub(super) universal: Vec<Vec<usize>>,
    pub(super) byes: Vec<(usize, usize)>,
    pub(super) scores: Vec<Points>,
    pub(super) placeholders: Vec<bool>,
    pub(super) rounds_given: bool,
}

type LineResult<T> = Result<T, Option<String>>;

fn bad<T>(reason: &str) -> LineResult<T> {
    Err(Some(reason.to_string()))
}

fn invalid<T>() -> LineResult<T> {
    Err(None)
}

fn slice(line: &[char], from: usize, to: usize) -> String {
    line.get(from..to.min(line.len()))
        .map(|s| s.iter().collect())
        .unwrap_or_default()
}

/// The one word of `s` (spaces around it allowed), else an error.
fn single(s: &str) -> LineResult<&str> {
    let mut words = s.split(' ').filter(|w| !w.is_empty());
    match (words.next(), words.next()) {
        (Some(word), None) => Ok(word),
        _ => invalid(),
    }
}

fn parse_uint(s: &str) -> LineResult<usize> {
    if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
        return invalid();
    }
    s.parse().map_err(|_| Some("number too large".to_string()))
}

fn player_id(s: &str) -> LineResult<usize> {
    let value = parse_uint(single(s)?)?;
    if value == 0 {
        return bad("player ID of 0");
    }
    Ok(value - 1)
}

fn round_index(s: &str) -> LineResult<usize> {
    let value = parse_uint(single(s)?)?;
    if value == 0 {
        return bad("round index of 0");
    }
    Ok(value - 1)
}

/// A score with at most one decimal, in tenths.
fn score(s: &str) -> LineResult<Points> {
    let word = single(s)?;
    let (whole, tenth) = match word.split_once('.') {
        Some((whole, tenth)) => {
            if tenth.len() != 1 || !tenth.bytes().all(|b| b.is_ascii_digit()) {
                return invalid();
            }
            (whole, u32::from(tenth.as_bytes()[0] - b'0'))
        }
        None => (word, 0),
    };
    let whole: u32 = if whole.is_empty() {
        0
    } else {
        u32::try_from(parse_uint(whole)?).map_err(|_| Some("score too large".to_string()))?
    };
    whole
        .checked_mul(10)
        .and_then(|w| w.checked_add(tenth))
        .ok_or_else(|| Some("score too large".to_string()))
}

impl Reader {
    fn entrant_mut(&mut self, id: usize) -> &mut Entrant {
        if self.swiss.players.len() <= id {
            self.swiss.players.resize(id + 1, None);
            self.placeholders.resize(id + 1, true);
            self.scores.resize(id + 1, 0);
        }
        if self.swiss.players[id].is_none() {
            self.swiss.players[id] = Some(Entrant::default());
        }
        self.swiss.players[id].get_or_insert_with(Entrant::default)
    }

    fn player(&mut self, line: &[char]) -> LineResult<()> {
        if line.len() < 84 {
            return invalid();
        }
        let id = player_id(&slice(line, 4, 8))?;
        let rating_text = slice(line, 48, 52);
        let rating = if rating_text.trim().is_empty() {
            0
        } else {
            u32::try_from(parse_uint(single(&rating_text)?)?)
                .map_err(|_| Some("rating too large".to_string()))?
        };
        let points = score(&slice(line, 80, 84))?;
        let mut games: Vec<Game> = Vec::new();
        let mut skipped = 0usize;
        let mut start = 91usize;
        while start + 8 <= line.len() {
            let mut skip = true;
            let mut played = true;
            let opponent_text = slice(line, start, start + 4);
            let mut opponent = None;
            if opponent_text != "    " {
                if opponent_text != "0000" {
                    let o = player_id(&opponent_text)?;
                    if o == id {
                        return invalid();
                    }
                    opponent = Some(o);
                }
                skip = false;
            }
            if opponent.is_none() {
                played = false;
            }
            let color = match line[start + 5] {
                'w' => {
                    skip = false;
                    Some(Color::White)
                }
                'b' => {
                    skip = false;
                    Some(Color::Black)
                }
                '-' => {
                    skip = false;
                    played = false;
                    None
                }
                ' ' => {
                    played = false;
                    None
                }
                _ => return invalid(),
            };
            if opponent.is_none() && color.is_some() {
                return invalid();
            }
            let result = line[start + 7].to_ascii_uppercase();
            let outcome = match result {
                'D' | '=' | 'H' => Outcome::Draw,
                '+' | 'W' | '1' | 'F' | 'U' => Outcome::Win,
                '-' | 'L' | '0' | 'Z' | ' ' => Outcome::Loss,
                _ => return invalid(),
            };
            if matches!(result, '+' | '-' | 'H' | 'F' | 'U' | 'Z' | ' ') {
                played = false;
                if result != '+' && result != '-' && opponent.is_some() {
                    return invalid();
                }
            } else if color.is_none() && (result != '=' || opponent.is_some()) {
                return invalid();
            }
            if result != ' ' {
                skip = false;
            }
            let paired = opponent.is_some() || result == 'U' || result == '+';
            if skip {
                skipped += 1;
            } else {
                games.extend(std::iter::repeat_n(Game::absent(), skipped));
                skipped = 0;
                if games.len() > self.swiss.played_rounds {
                    self.swiss.played_rounds = games.len();
                }
                games.push(Game {
                    opponent,
                    color,
                    outcome,
                    played,
                    paired,
                });
                if paired && games.len() > self.swiss.played_rounds {
                    self.swiss.played_rounds = games.len();
                }
            }
            start += 10;
        }
        if line
            .get(start..)
            .is_some_and(|rest| rest.iter().any(|&c| c != ' '))
        {
            return invalid();
        }
        if self.swiss.players.get(id).is_some_and(|p| p.is_some())
            && !self.placeholders.get(id).copied().unwrap_or(true)
        {
            return bad("a pairing number is repeated");
        }
        let name = slice(line, 14, 47).trim().to_string();
        let entrant = self.entrant_mut(id);
        entrant.name = name;
        entrant.rating = rating;
        entrant.games = games;
        self.placeholders[id] = false;
        self.scores[id] = points;
        self.swiss.order.push(id);
        Ok(())
    }

    fn byes(&mut self, line: &[char]) -> LineResult<()> {
        if line.len() < 11 {
            return invalid();
        }
        let round = round_index(&slice(line, 6, 9))?;
        let mut start = 10;
        while start + 4 <= line.len() {
            self.byes
                .push((round, player_id(&slice(line, start, start + 4))?));
            start += 5;
        }
        trailing_spaces(line, start)
    }

    fn accelerations_250(&mut self, line: &[char]) -> LineResult<()> {
        if line.len() < 31 {
            return invalid();
        }
        let match_points = slice(line, 4, 8);
        if match_points != "    " && score(&match_points)? != 0 {
            return bad("match points must be empty");
        }
        let points = score(&slice(line, 9, 13))?;
        if points == 0 {
            return bad("game points must be nonzero");
        }
        let from = round_index(&slice(line, 14, 17))?;
        let to = round_index(&slice(line, 18, 21))?;
        if from > to {
            return invalid();
        }
        let first = player_id(&slice(line, 22, 26))?;
        let last = player_id(&slice(line, 27, 31))?;
        if first > last {
            return invalid();
        }
        for id in first..=last {
            let acc = &mut self.entrant_mut(id).accelerations;
            if acc.len() < from {
                acc.resize(from, 0);
            }
            let end = (to + 1).min(acc.len());
            if from < acc.len() {
                acc[from..end].iter_mut().for_each(|a| *a = points);
            }
            if acc.len() <= to {
                acc.resize(to + 1, points);
            }
        }
        Ok(())
    }

    fn accelerations_xxa(&mut self, line: &[char]) -> LineResult<()> {
        let id = player_id(&slice(line, 4, 8))?;
        let mut values = Vec::new();
        let mut start = 9;
        while start + 4 <= line.len() {
            let text = slice(line, start, start + 4);
            values.push(if text == "    " { 0 } else { score(&text)? });
            start += 5;
        }
        trailing_spaces(line, start)?;
        self.entrant_mut(id).accelerations.extend(values);
        Ok(())
    }

    fn forbidden_260(&mut self, line: &[char]) -> LineResult<()> {
        if line.len() < 18 {
            return invalid();
        }
        let from = round_index(&slice(line, 4, 7))?;
        let to = round_index(&slice(line, 8, 11))?;
        let mut players = Vec::new();
        let mut start = 12;
        while start + 4 <= line.len() {
            players.push(player_id(&slice(line, start, start + 4))?);
            start += 5;
        }
        trailing_spaces(line, start)?;
        self.swiss.forbidden.push(Forbidden {
            players,
            from,
            until: to + 1,
        });
        Ok(())
    }

    fn point_system(&mut self, line: &[char]) -> LineResult<()> {
        if line.len() < 10 {
            return invalid();
        }
        let mut start = 5;
        while start + 5 <= line.len() {
            let points = score(&slice(line, start + 1, start + 5))?;
            match line[start] {
                'X' => return bad("symbol X not supported"),
                code @ ('W' | 'D' | 'L' | 'Z' | 'P') => self.set_points(code, points),
                _ => return invalid(),
            }
            start += 9;
        }
        trailing_spaces(line, start)
    }

    /// Sets the points of one result: W win, D draw, L loss, Z zero-point bye and forfeit loss,
    /// z zero-point bye only, f forfeit loss only, P pairing-allocated bye.
    fn set_points(&mut self, code: char, points: Points) {
        let system = &mut self.swiss.points;
        match code {
            'W' => {
                system.win = points;
                if !self.pab_given {
                    system.pairing_bye = points;
                }
            }
            'D' => system.draw = points,
            'L' => system.loss = points,
            'Z' => {
                system.zero_bye = points;
                system.forfeit_loss = points;
            }
            'z' => system.zero_bye = points,
            'f' => system.forfeit_loss = points,
            _ => {
                system.pairing_bye = points;
                self.pab_given = true;
            }
        }
    }

    pub(super) fn line(&mut self, line: &[char]) -> LineResult<()> {
        let prefix: String = line[..3].iter().collect();
        let rest: String = line[3..].iter().collect();
        match prefix.as_str() {
            "001" => self.player(line)?,
            "013" | "310" => return bad("team tournaments are not supported"),
            "240" => self.byes(line)?,
            "250" => {
                self.acceleration_given = true;
                self.accelerations_250(line)?;
            }
            "XXA" => {
                self.acceleration_given = true;
                self.accelerations_xxa(line)?;
            }
            "260" => self.forbidden_260(line)?,
            "XXP" => {
                let ids = rest
                    .split([' ', '\t'])
                    .filter(|w| !w.is_empty())
                    .map(player_id)
                    .collect::<LineResult<Vec<_>>>()?;
                self.universal.push(ids);
            }
            "142" | "XXR" => {
                let rounds = parse_uint(single(&rest)?)?;
                if rounds == 0 {
                    return invalid();
                }
                self.swiss.total_rounds = rounds;
                self.rounds_given = true;
            }
            "XXC" => {
                for word in rest.split([' ', '\t']) {
                    match word {
                        "rank" => self.use_rank = true,
                        "white1" => self.initial = Some(Color::White),
                        "black1" => self.initial = Some(Color::Black),
                        _ => {}
                    }
                }
            }
            "152" => {
                if line.len() != 5 {
                    return invalid();
                }
                self.initial = Some(match line[4] {
                    'W' => Color::White,
                    'B' => Color::Black,
                    _ => return invalid(),
                });
            }
            "162" => self.point_system(line)?,
            "BBW" | "BBD" | "BBL" | "BBZ" | "BBF" | "BBU" => {
                if line.len() < 8 {
                    return invalid();
                }
                let points = score(&slice(line, 4, 12))?;
                // TRF(bx): Z and F apart (a 162 line's Z sets both), U the pairing bye.
                let code = match prefix.as_str() {
                    "BBW" => 'W',
                    "BBD" => 'D',
                    "BBL" => 'L',
                    "BBZ" => 'z',
                    "BBF" => 'f',
                    _ => 'P',
                };
                self.set_points(code, points);
            }
            "192" => {
                if line.len() < 5 {
                    return invalid();
                }
                match line[4..].iter().collect::<String>().as_str() {
                    "FIDE_DUTCH_2025" | "FIDE_DUTCH" => {}
                    "FIDE_DUTCH_2025_BAKU" | "FIDE_DUTCH_BAKU" => {
                        return bad("Baku acceleration is not supported");
                    }
                    _ => return bad("unsupported tournament type"),
                }
            }
            "299" => return bad("abnormal assignment points are not yet supported"),
            _ => {}
        }
        Ok(())
    }
}

fn trailing_spaces(line: &[char], from: usize) -> LineResult<()> {
    if line
        .get(from..)
        .is_some_and(|rest| rest.iter().any(|&c| c != ' '))
    {
        return invalid();
    }
    Ok(())
}
