//! The EGF's tournament table (`.h9`), which the European Go Database takes: a header of
//! `; XX[…]` lines, then one line per player in standings order — place, name, rank,
//! country, club, the criteria, and one entry per round, `<opponent's line><+|-|=></|!><w|b><handicap>`
//! (`!` for a game won by default), `0+` for a bye, `0=` or `0-` for an absence.
//!
//! The writer follows OpenGotha's layout (the EGD's parser reads it daily); the reader is
//! Tengen's own, for the tests and for a director who re-imports a table.

use super::{GameResult, Round, Tournament, standings};
use serde::{Deserialize, Serialize};
use std::fmt::Write as _;

/// What the header of a results file says of the event.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct EventInfo {
    /// The tournament's name.
    pub name: String,
    /// Where it was played (city).
    pub place: String,
    /// Country code of the venue.
    pub country: String,
    /// First day, `YYYY-MM-DD`.
    pub start_date: String,
    /// Last day, `YYYY-MM-DD`.
    pub end_date: String,
    /// Komi of even games, as written (`6.5`).
    pub komi: String,
    /// Basic thinking time per player, minutes.
    pub basic_time_minutes: u32,
    /// The EGF class (`A`, `B`, `C`, `D`) from the time limits.
    pub egf_class: char,
}

/// One player's line read back from a `.h9` file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct H9Player {
    /// The place written first on the line (equal players share it). Opponents are named by
    /// the line's position in the table instead, counted from 1, which ties do not repeat.
    pub place: usize,
    /// "Surname First", with the file's underscores back to spaces.
    pub name: String,
    /// The rank as written (`3k`).
    pub rank: String,
    /// Country code.
    pub country: String,
    /// Club.
    pub club: String,
    /// One entry per round.
    pub results: Vec<H9Entry>,
}

/// One round of one player in a `.h9` line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum H9Entry {
    /// A game against the player on line `opponent`.
    Game {
        /// The opponent's line number.
        opponent: usize,
        /// Won, lost or jigo, from this player's side.
        result: H9Result,
        /// Played with White.
        white: bool,
        /// Handicap stones.
        handicap: u32,
        /// Decided by default (`!`).
        by_default: bool,
    },
    /// No game this round: a bye (`0+`), an absence with half a point (`0=`) or none (`0-`).
    NoGame(H9Result),
}

/// Won, lost or jigo.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum H9Result {
    /// `+`
    Won,
    /// `-`
    Lost,
    /// `=`
    Jigo,
}

impl H9Result {
    fn symbol(self) -> char {
        match self {
            H9Result::Won => '+',
            H9Result::Lost => '-',
            H9Result::Jigo => '=',
        }
    }
}

/// A token without spaces, as the EGD's whitespace-split columns need; `-` for nothing.
fn unblanked(s: &str, empty: &str) -> String {
    let s: String = s
        .trim()
        .chars()
        .map(|c| {
            if c.is_whitespace() || c == ';' {
                '_'
            } else {
                c
            }
        })
        .collect();
    if s.is_empty() { empty.to_owned() } else { s }
}

/// The tournament's results as an EGF `.h9` table, the standings after every round paired.
#[must_use]
pub fn write_h9(t: &Tournament, info: &EventInfo) -> String {
    let table = standings(t);
    let mut line_of = vec![0; t.players.len()];
    for (i, s) in table.iter().enumerate() {
        line_of[s.player] = i + 1;
    }
    let mut out = String::new();
    let clean = |s: &str| s.replace([']', '\n', '\r'], " ");
    let _ = writeln!(out, "; CL[{}]", info.egf_class);
    let _ = writeln!(out, "; EV[{}]", clean(&info.name));
    let _ = writeln!(out, "; PC[{},{}]", clean(&info.country), clean(&info.place));
    let _ = writeln!(out, "; DT[{},{}]", info.start_date, info.end_date);
    if let super::HandicapPolicy::RankDifference { reduction, .. } = t.settings.handicap {
        if reduction > 0 {
            let _ = writeln!(out, "; HA[h{reduction}]");
        }
    }
    let _ = writeln!(out, "; KM[{}]", clean(&info.komi));
    let _ = writeln!(out, "; TM[{}]", info.basic_time_minutes);
    let _ = writeln!(out, "; CM[Tengen {}]", env!("CARGO_PKG_VERSION"));
    let _ = writeln!(out, ";");
    let mut heading = String::from("; Pl Name                            Rk Co Club");
    for (c, _) in table.first().map_or(&[][..], |s| &s.criteria[..]) {
        let _ = write!(heading, "{:>6}", c.name());
    }
    let _ = writeln!(out, "{heading}");
    let mcmahon = t.settings.is_mcmahon();
    for s in &table {
        let p = &t.players[s.player];
        let name = format!(
            "{} {}",
            unblanked(&p.surname, "-"),
            unblanked(&p.first_name, "-")
        );
        let _ = write!(
            out,
            "{:>4} {:<31} {:>3} {:>2} {:>4}",
            s.place,
            name,
            p.rank.to_string(),
            unblanked(&p.country, "XX"),
            unblanked(&p.club, "xxxx"),
        );
        for (_, v) in &s.criteria {
            let _ = write!(out, " {v:>5}");
        }
        for round in &t.rounds {
            let _ = write!(
                out,
                " {:>8}",
                crosstable_entry(round, s.player, &line_of, mcmahon)
            );
        }
        out.push('\n');
    }
    out
}

/// The crosstable entry of player `p` in `round` as the `.h9` writes it, the opponent named
/// by their line in the table (`line_of`, by player, from 1).
#[must_use]
pub fn crosstable_entry(round: &Round, p: usize, line_of: &[usize], mcmahon: bool) -> String {
    let Some(g) = round.game_of(p) else {
        return if round.bye == Some(p) {
            "0+".to_owned()
        } else if mcmahon {
            // An absence is half a McMahon point before rounding (OpenGotha's default).
            "0=".to_owned()
        } else {
            "0-".to_owned()
        };
    };
    let white = g.white == p;
    let opponent = if white { g.black } else { g.white };
    let result = match (g.result, white) {
        (GameResult::WhiteWins, true) | (GameResult::BlackWins, false) => '+',
        (GameResult::Jigo, _) => '=',
        (GameResult::Pending, _) => '?',
        _ => '-',
    };
    let separator = if g.by_default { '!' } else { '/' };
    let colour = if white { 'w' } else { 'b' };
    format!(
        "{}{result}{separator}{colour}{}",
        line_of[opponent], g.handicap
    )
}

/// Why a `.h9` table cannot be read: the line and what is wrong in it.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {reason}")]
pub struct H9Error {
    /// The line, from 1.
    pub line: usize,
    /// What is wrong.
    pub reason: String,
}

/// Reads the players' lines of a `.h9` table (comments and header skipped). The number of
/// round entries is the number of trailing tokens that read as entries, and must be the
/// same on every line, as the EGD requires.
pub fn read_h9(text: &str) -> Result<Vec<H9Player>, H9Error> {
    let mut players = Vec::new();
    let mut lines = Vec::new();
    let mut rounds = None;
    for (i, raw) in text.lines().enumerate() {
        let line = i + 1;
        let content = raw.split(';').next().unwrap_or("").trim();
        if content.is_empty() {
            continue;
        }
        let err = |reason: String| H9Error { line, reason };
        let tokens: Vec<&str> = content.split_whitespace().collect();
        if tokens.len() < 6 {
            return Err(err(format!(
                "expected place, surname, first name, rank, country, club, results; found {} column(s)",
                tokens.len()
            )));
        }
        let place = tokens[0]
            .parse::<usize>()
            .map_err(|_| err(format!("{:?} is not a place number", tokens[0])))?;
        let entries: Vec<H9Entry> = tokens[6..]
            .iter()
            .rev()
            .map_while(|t| parse_entry(t))
            .collect::<Vec<_>>()
            .into_iter()
            .rev()
            .collect();
        if *rounds.get_or_insert(entries.len()) != entries.len() {
            return Err(err(format!(
                "{} round entries where the lines above have {}",
                entries.len(),
                rounds.unwrap_or(0)
            )));
        }
        lines.push(line);
        players.push(H9Player {
            place,
            name: format!("{} {}", tokens[1], tokens[2])
                .replace('_', " ")
                .replace(" -", "")
                .trim()
                .to_owned(),
            rank: tokens[3].to_owned(),
            country: tokens[4].to_owned(),
            club: tokens[5].to_owned(),
            results: entries,
        });
    }
    let count = players.len();
    for (p, &line) in players.iter().zip(&lines) {
        for e in &p.results {
            if let H9Entry::Game { opponent, .. } = e {
                if *opponent == 0 || *opponent > count {
                    return Err(H9Error {
                        line,
                        reason: format!("opponent {opponent} is not a line of the table"),
                    });
                }
            }
        }
    }
    Ok(players)
}

/// One round entry, or `None` when the token is not one (a criterion's number).
fn parse_entry(token: &str) -> Option<H9Entry> {
    let symbol_at = token.find(['+', '-', '=', '?'])?;
    let opponent: usize = token[..symbol_at].parse().ok()?;
    let result = match &token[symbol_at..symbol_at + 1] {
        "+" => H9Result::Won,
        "-" => H9Result::Lost,
        "=" => H9Result::Jigo,
        _ => return None,
    };
    let rest = &token[symbol_at + 1..];
    if opponent == 0 {
        return rest.is_empty().then_some(H9Entry::NoGame(result));
    }
    let mut chars = rest.chars();
    let by_default = match chars.next() {
        None => {
            return Some(H9Entry::Game {
                opponent,
                result,
                white: false,
                handicap: 0,
                by_default: false,
            });
        }
        Some('/') => false,
        Some('!') => true,
        Some(_) => return None,
    };
    let white = match chars.next()? {
        'w' => true,
        'b' => false,
        _ => return None,
    };
    let digits = chars.as_str();
    let handicap = if digits.is_empty() {
        0
    } else {
        digits.parse().ok().filter(|&h: &u32| h <= 9)?
    };
    Some(H9Entry::Game {
        opponent,
        result,
        white,
        handicap,
        by_default,
    })
}

impl H9Entry {
    /// The entry as the `.h9` writes it.
    #[must_use]
    pub fn to_text(&self) -> String {
        match self {
            H9Entry::NoGame(r) => format!("0{}", r.symbol()),
            H9Entry::Game {
                opponent,
                result,
                white,
                handicap,
                by_default,
            } => format!(
                "{opponent}{}{}{}{handicap}",
                result.symbol(),
                if *by_default { '!' } else { '/' },
                if *white { 'w' } else { 'b' }
            ),
        }
    }
}
