//! The standings: scores and tie-breakers computed as OpenGotha computes them, so that a
//! tournament run here and there ranks its players the same (checked against OpenGotha's own
//! code in `scripts/opengotha/`).
//!
//! OpenGotha's conventions, which a director comparing the two will meet:
//! - the McMahon start score is the rank counted from 30k (1d is 30), held between the floor
//!   and the bar;
//! - a bye is worth a win (1 point of score and of McMahon score); an absence gives no win and
//!   half a McMahon point, and the points of byes and absences together are rounded down to
//!   whole points, so one absence alone adds nothing;
//! - a round without a game (bye or absence) counts in SOS as an opponent with the player's
//!   own start score (McMahon) or with no wins (Swiss); in SOSOS as that start score times the
//!   rounds counted;
//! - the opponent's McMahon score in SOS and SODOS is corrected by the handicap: raised for
//!   White's opponent, lowered for Black's, by the stones given;
//! - SOSM1 and SOSM2 drop the lowest one or two rounds' contributions.

use super::{GameResult, Settings, TieBreaker, Tournament, TournamentGame};
use crate::Rank;
use serde::{Serialize, Serializer};
use std::cmp::Ordering;
use std::fmt;

/// A score in quarter points: scores move in halves (a jigo), and SODOS multiplies a half by
/// a half. Whole numbers keep comparisons exact.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Points(i64);

impl Points {
    /// `quarters` quarter points.
    #[must_use]
    pub const fn from_quarters(quarters: i64) -> Points {
        Points(quarters)
    }

    /// `halves` half points.
    #[must_use]
    pub const fn from_halves(halves: i64) -> Points {
        Points(halves * 2)
    }

    /// The value in quarter points.
    #[must_use]
    pub const fn quarters(self) -> i64 {
        self.0
    }

    /// The value as a decimal number (exact: quarters are binary fractions).
    #[must_use]
    pub fn as_f64(self) -> f64 {
        self.0 as f64 / 4.0
    }
}

impl fmt::Display for Points {
    /// `3`, `2.5`, `7.25`: no trailing zeros, as standings print scores.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let whole = self.0.abs() / 4;
        match self.0.abs() % 4 {
            0 => write!(f, "{sign}{whole}"),
            1 => write!(f, "{sign}{whole}.25"),
            2 => write!(f, "{sign}{whole}.5"),
            _ => write!(f, "{sign}{whole}.75"),
        }
    }
}

impl Serialize for Points {
    /// As a JSON number: 2.5.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_f64(self.as_f64())
    }
}

/// One line of the standings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Standing {
    /// Index into [`Tournament::players`].
    pub player: usize,
    /// Place, from 1; players equal on every criterion share the place of the first of them.
    pub place: usize,
    /// Number of wins (a bye counts one, a jigo half).
    pub nbw: Points,
    /// McMahon score (the start score plus the points; equal to `nbw` plus the start score).
    pub mms: Points,
    /// Each criterion of the settings' `tie_breakers`, in their order.
    pub criteria: Vec<(TieBreaker, Points)>,
}

impl Standing {
    /// The value of `criterion`, if the settings list it.
    #[must_use]
    pub fn value(&self, criterion: TieBreaker) -> Option<Points> {
        self.criteria
            .iter()
            .find(|(c, _)| *c == criterion)
            .map(|(_, v)| *v)
    }
}

/// The McMahon start score of `rank` between `floor` and `bar`: the rank counted from 30k (a
/// 1d starts at 30), players above the bar start at the bar's, players below the floor at
/// the floor's.
#[must_use]
pub fn mcmahon_start(rank: Rank, bar: Rank, floor: Rank) -> u32 {
    rank.clamp(floor, bar).steps_above_bottom()
}

/// What one player did in one round.
#[derive(Copy, Clone)]
enum Played<'a> {
    Game(&'a TournamentGame),
    Bye,
    Absent,
}

/// What player `p` did in each round so far.
fn rounds_of(t: &Tournament, p: usize) -> Vec<Played<'_>> {
    t.rounds
        .iter()
        .map(|round| match round.game_of(p) {
            Some(g) => Played::Game(g),
            None if round.bye == Some(p) => Played::Bye,
            None => Played::Absent,
        })
        .collect()
}

/// The per-player scores every criterion is built from.
struct Scores {
    /// Start score in halves (0 in a Swiss tournament).
    start: i64,
    /// Number of wins in halves, after the last round counted.
    nbw: i64,
    /// McMahon score in halves.
    mms: i64,
    /// Cumulative sum of the McMahon (or Swiss) score after each round, in halves.
    cuss: i64,
}

/// The standings after the rounds paired so far, best first. Games without a result count
/// as not yet played: nobody has their point.
#[must_use]
pub fn standings(t: &Tournament) -> Vec<Standing> {
    let n = t.players.len();
    let rounds = t.rounds.len();
    let played: Vec<Vec<Played>> = (0..n).map(|p| rounds_of(t, p)).collect();
    let scores: Vec<Scores> = (0..n).map(|p| scores(t, p, &played[p])).collect();
    let mcmahon = t.settings.is_mcmahon();
    let main = |p: usize| {
        if mcmahon {
            scores[p].mms
        } else {
            scores[p].nbw
        }
    };

    // The opponents' scores round by round, in halves: SOS and its variants sum them.
    let opponent_scores: Vec<Vec<i64>> = (0..n)
        .map(|p| {
            played[p]
                .iter()
                .map(|round| match round {
                    Played::Game(g) => {
                        let opp = g.opponent(p).expect("the game is p's");
                        let mut score = main(opp);
                        if mcmahon {
                            let stones = 2 * i64::from(g.handicap);
                            score += if g.white == p { stones } else { -stones };
                        }
                        score
                    }
                    Played::Bye | Played::Absent => scores[p].start,
                })
                .collect()
        })
        .collect();
    let sos: Vec<i64> = opponent_scores.iter().map(|s| s.iter().sum()).collect();

    let mut table: Vec<Standing> = (0..n)
        .map(|p| {
            let criteria = t
                .settings
                .tie_breakers
                .iter()
                .map(|&c| {
                    let value = match c {
                        TieBreaker::Mms => Points::from_halves(scores[p].mms),
                        TieBreaker::Nbw => Points::from_halves(scores[p].nbw),
                        TieBreaker::Sos => Points::from_halves(sos[p]),
                        TieBreaker::SosMinus1 => {
                            Points::from_halves(sos_minus(&opponent_scores[p], 1))
                        }
                        TieBreaker::SosMinus2 => {
                            Points::from_halves(sos_minus(&opponent_scores[p], 2))
                        }
                        TieBreaker::Sosos => Points::from_halves(
                            played[p]
                                .iter()
                                .map(|round| match round {
                                    Played::Game(g) => sos[g.opponent(p).expect("p's game")],
                                    Played::Bye | Played::Absent => scores[p].start * rounds as i64,
                                })
                                .sum(),
                        ),
                        TieBreaker::Sodos => Points::from_quarters(
                            played[p]
                                .iter()
                                .zip(&opponent_scores[p])
                                .map(|(round, &opp)| match round {
                                    Played::Game(g) => opp * halves_won(g, p),
                                    Played::Bye | Played::Absent => 0,
                                })
                                .sum(),
                        ),
                        TieBreaker::Cuss => Points::from_halves(scores[p].cuss),
                    };
                    (c, value)
                })
                .collect();
            Standing {
                player: p,
                place: 0,
                nbw: Points::from_halves(scores[p].nbw),
                mms: Points::from_halves(scores[p].mms),
                criteria,
            }
        })
        .collect();
    let order = |a: &Standing, b: &Standing| -> Ordering {
        let values = |s: &Standing| s.criteria.iter().map(|(_, v)| *v).collect::<Vec<_>>();
        values(b).cmp(&values(a))
    };
    // Equal players are listed by name, as OpenGotha lists them.
    let name = |s: &Standing| {
        let p = &t.players[s.player];
        (p.surname.as_str(), p.first_name.as_str(), s.player)
    };
    table.sort_by(|a, b| order(a, b).then_with(|| name(a).cmp(&name(b))));
    for i in 0..table.len() {
        table[i].place = if i > 0 && order(&table[i - 1], &table[i]) == Ordering::Equal {
            table[i - 1].place
        } else {
            i + 1
        };
    }
    table
}

/// Each player's main score now, in half points: the McMahon score in a McMahon tournament,
/// the number of wins in a Swiss one. Pairing groups players by it.
pub(super) fn main_scores(t: &Tournament) -> Vec<i64> {
    let mcmahon = t.settings.is_mcmahon();
    (0..t.players.len())
        .map(|p| {
            let s = scores(t, p, &rounds_of(t, p));
            if mcmahon { s.mms } else { s.nbw }
        })
        .collect()
}

/// Half points `p` won in game `g`: 2 a win, 1 a jigo.
fn halves_won(g: &TournamentGame, p: usize) -> i64 {
    match g.result {
        GameResult::WhiteWins if g.white == p => 2,
        GameResult::BlackWins if g.black == p => 2,
        GameResult::Jigo => 1,
        _ => 0,
    }
}

/// The scores of player `p`, who did `played` in the rounds so far.
fn scores(t: &Tournament, p: usize, played: &[Played]) -> Scores {
    let start = start_halves(&t.settings, t.players[p].rank);
    let mut from_games = 0;
    // Byes and absences are summed apart and rounded down to whole points (OpenGotha's
    // default), so that one absence does not put a player half a point ahead of the
    // group they would meet.
    let mut from_byes_and_absences = 0;
    let mut nbw_from_byes = 0;
    let mut cuss = 0;
    let mcmahon = t.settings.is_mcmahon();
    for round in played {
        match round {
            Played::Game(g) => from_games += halves_won(g, p),
            Played::Bye => {
                from_byes_and_absences += 2;
                nbw_from_byes += 2;
            }
            Played::Absent => from_byes_and_absences += 1,
        }
        let nbw = from_games + round_down_to_whole(nbw_from_byes);
        let mms = start + from_games + round_down_to_whole(from_byes_and_absences);
        cuss += if mcmahon { mms } else { nbw };
    }
    Scores {
        start,
        nbw: from_games + round_down_to_whole(nbw_from_byes),
        mms: start + from_games + round_down_to_whole(from_byes_and_absences),
        cuss,
    }
}

/// The McMahon start score in halves; 0 in a Swiss tournament.
fn start_halves(settings: &Settings, rank: Rank) -> i64 {
    match settings.system {
        super::System::McMahon { bar, floor } => 2 * i64::from(mcmahon_start(rank, bar, floor)),
        super::System::Swiss => 0,
    }
}

fn round_down_to_whole(halves: i64) -> i64 {
    halves - halves % 2
}

/// SOS without the `drop` lowest rounds' contributions; nothing when there are no more rounds
/// than that.
fn sos_minus(contributions: &[i64], drop: usize) -> i64 {
    if contributions.len() <= drop {
        return 0;
    }
    let mut sorted = contributions.to_vec();
    sorted.sort_unstable();
    sorted[drop..].iter().sum()
}
