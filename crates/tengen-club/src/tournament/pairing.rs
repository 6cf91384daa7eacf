//! Pairing a round as the EGF's programs do: a minimum-cost perfect matching over the
//! players present, where the cost of a pair says, in this order of weight, whether they
//! have met before, how far apart their scores are, how well they fit the group's seeding,
//! and how their colours balance.
//!
//! The matching is `integer-blossom`'s (Edmonds' blossom algorithm, O(n³)): every pair of
//! players is an edge, so the best pairing of the whole round is found at once rather than
//! group by group, and a group with an odd number of players draws the right player up or
//! down. The cost tiers are scaled so that a higher tier outweighs every lower one summed over
//! the whole round: no repeat is ever traded for closer scores while a pairing without it
//! exists.

use super::standings::main_scores;
use super::{Round, Seeding, Tournament, TournamentGame};
use integer_blossom::min_weight_perfect_matching;
use serde::Serialize;

/// Cost of one earlier meeting of the pair (or one earlier bye of the player given the bye).
const REPEAT: i128 = 1 << 100;
/// Cost per half point the player given the bye stands above the lowest score present: the
/// bye goes to the lowest eligible player before any score gap is weighed.
const BYE_ABOVE_LOWEST: i128 = 1 << 80;
/// Cost per squared half point of score difference.
const SCORE_GAP: i128 = 1 << 50;
/// Cost per place a pairing strays from the seeding of the score group, or from drawing up
/// the bottom of a group and down the top of the next.
const SEEDING: i128 = 1 << 20;
/// Cost per unit of colour imbalance two players of an even game share.
const COLOUR: i128 = 1 << 4;
/// Cost per handicap stone: among otherwise equal pairings, the smaller handicap.
const STONE: i128 = 1;

/// A pairing that cannot be made, naming what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum PairingError {
    /// Every planned round is paired.
    #[error("all {0} rounds are already paired")]
    AllRoundsPaired(u32),
    /// The previous round still has games without a result.
    #[error("round {round} has {pending} game(s) without a result: enter them before pairing")]
    PreviousRoundUnfinished {
        /// The unfinished round, from 1.
        round: usize,
        /// Games still without a result.
        pending: usize,
    },
    /// Fewer than two players are present.
    #[error("only {0} player(s) present: a round needs two")]
    TooFewPlayers(usize),
    /// A pinned pairing names a player who is not there, or a player twice.
    #[error("pinned pairing {index}: {reason}")]
    BadPin {
        /// Which pin, from 1.
        index: usize,
        /// Why it cannot be kept.
        reason: String,
    },
    /// The presence list does not match the players.
    #[error("presence given for {given} players, but the tournament has {players}")]
    PresenceLength {
        /// Entries given.
        given: usize,
        /// Players registered.
        players: usize,
    },
}

/// The most rounds `players` can play without anyone meeting twice: everyone meets everyone
/// once (with an odd number, everyone also has one bye).
#[must_use]
pub fn max_rounds(players: usize) -> usize {
    if players.is_multiple_of(2) {
        players.saturating_sub(1)
    } else {
        players
    }
}

/// What a round's history says of each player, for the costs and the colours.
struct History {
    /// Times each pair has met, `n × n`.
    met: Vec<u8>,
    n: usize,
    /// Byes each player has had.
    byes: Vec<u8>,
    /// Whites minus blacks in even games.
    colour_balance: Vec<i32>,
}

impl History {
    fn of(t: &Tournament) -> History {
        let n = t.players.len();
        let mut h = History {
            met: vec![0; n * n],
            n,
            byes: vec![0; n],
            colour_balance: vec![0; n],
        };
        for round in &t.rounds {
            for g in &round.games {
                h.met[g.white * n + g.black] = h.met[g.white * n + g.black].saturating_add(1);
                h.met[g.black * n + g.white] = h.met[g.black * n + g.white].saturating_add(1);
                if g.handicap == 0 {
                    h.colour_balance[g.white] += 1;
                    h.colour_balance[g.black] -= 1;
                }
            }
            if let Some(p) = round.bye {
                h.byes[p] = h.byes[p].saturating_add(1);
            }
        }
        h
    }

    fn met(&self, a: usize, b: usize) -> u8 {
        self.met[a * self.n + b]
    }
}

/// Pairs the next round among the players `present` (one flag per player), keeping the
/// director's `pinned` pairs as they are (colours and handicap are still Tengen's). The
/// previous round must be finished.
pub fn pair_round(
    t: &Tournament,
    present: &[bool],
    pinned: &[(usize, usize)],
) -> Result<Round, PairingError> {
    let n = t.players.len();
    if present.len() != n {
        return Err(PairingError::PresenceLength {
            given: present.len(),
            players: n,
        });
    }
    if t.rounds.len() >= t.settings.rounds as usize {
        return Err(PairingError::AllRoundsPaired(t.settings.rounds));
    }
    if let Some((i, last)) = t.rounds.iter().enumerate().next_back() {
        let pending = last.games.iter().filter(|g| !g.result.is_known()).count();
        if pending > 0 {
            return Err(PairingError::PreviousRoundUnfinished {
                round: i + 1,
                pending,
            });
        }
    }
    let here: Vec<usize> = (0..n).filter(|&p| present[p]).collect();
    if here.len() < 2 {
        return Err(PairingError::TooFewPlayers(here.len()));
    }
    let mut taken = vec![false; n];
    for (i, &(a, b)) in pinned.iter().enumerate() {
        let bad = |reason: &str| PairingError::BadPin {
            index: i + 1,
            reason: reason.to_owned(),
        };
        if a >= n || b >= n {
            return Err(bad("no such player"));
        }
        if a == b {
            return Err(bad("a player cannot play themselves"));
        }
        if !present[a] || !present[b] {
            return Err(bad("a player of it is not present this round"));
        }
        if taken[a] || taken[b] {
            return Err(bad("a player of it is already in another pinned pairing"));
        }
        taken[a] = true;
        taken[b] = true;
    }

    let scores = main_scores(t);
    let history = History::of(t);
    let mut games: Vec<TournamentGame> = pinned
        .iter()
        .map(|&(a, b)| assign_colours(t, &history.colour_balance, a, b))
        .collect();
    let free: Vec<usize> = here.iter().copied().filter(|&p| !taken[p]).collect();
    let seeds = seeding_positions(t, &scores, &free);
    // An odd number left: one more vertex stands for the bye.
    let bye_vertex = (free.len() % 2 == 1).then_some(free.len());
    let size = free.len() + usize::from(bye_vertex.is_some());
    let lowest = free.iter().map(|&p| scores[p]).min().unwrap_or(0);
    let mut cost = vec![0i128; size * size];
    for i in 0..size {
        for j in (i + 1)..size {
            cost[i * size + j] = if Some(j) == bye_vertex {
                bye_cost(&history, &scores, lowest, &seeds, free[i])
            } else {
                pair_cost(t, &history, &scores, &seeds, free[i], free[j])
            };
        }
    }
    let mate = min_weight_perfect_matching(&cost, size);
    let mut bye = None;
    for (i, &m) in mate.iter().enumerate() {
        if Some(m) == bye_vertex {
            bye = Some(free[i]);
        } else if i < m && Some(i) != bye_vertex {
            games.push(assign_colours(t, &history.colour_balance, free[i], free[m]));
        }
    }
    // Board 1 is the top of the standings: the higher score, then the stronger player.
    games.sort_by_key(|g| {
        let top = scores[g.white].max(scores[g.black]);
        let strongest = t.players[g.white].rank.max(t.players[g.black].rank);
        (
            std::cmp::Reverse(top),
            std::cmp::Reverse(strongest),
            g.white,
        )
    });
    Ok(Round { games, bye })
}

/// Each free player's score group and place in it: the group sorted by rank, strongest first,
/// then by registration.
struct Seed {
    position: usize,
    group_size: usize,
}

fn seeding_positions(t: &Tournament, scores: &[i64], free: &[usize]) -> Vec<Option<Seed>> {
    let mut seeds: Vec<Option<Seed>> = (0..t.players.len()).map(|_| None).collect();
    let mut sorted = free.to_vec();
    sorted.sort_by_key(|&p| {
        (
            std::cmp::Reverse(scores[p]),
            std::cmp::Reverse(t.players[p].rank),
            p,
        )
    });
    for group in sorted.chunk_by(|&a, &b| scores[a] == scores[b]) {
        for (position, &p) in group.iter().enumerate() {
            seeds[p] = Some(Seed {
                position,
                group_size: group.len(),
            });
        }
    }
    seeds
}

fn pair_cost(
    t: &Tournament,
    history: &History,
    scores: &[i64],
    seeds: &[Option<Seed>],
    a: usize,
    b: usize,
) -> i128 {
    let mut cost = REPEAT * i128::from(history.met(a, b));
    let gap = i128::from((scores[a] - scores[b]).abs());
    cost += SCORE_GAP * gap * gap;
    let (Some(sa), Some(sb)) = (&seeds[a], &seeds[b]) else {
        return cost;
    };
    let seeding_miss = if scores[a] == scores[b] {
        let (low, high) = if sa.position < sb.position {
            (sa.position, sb.position)
        } else {
            (sb.position, sa.position)
        };
        let ideal = match t.settings.seeding {
            Seeding::SplitAndSlip => low + sa.group_size / 2,
            Seeding::SplitAndFold => sa.group_size - 1 - low,
        };
        high.abs_diff(ideal)
    } else {
        // Across groups: draw up from the top of the lower group, down from the bottom of the
        // upper one.
        let (upper, lower) = if scores[a] > scores[b] {
            (sa, sb)
        } else {
            (sb, sa)
        };
        (upper.group_size - 1 - upper.position) + lower.position
    };
    cost += SEEDING * seeding_miss as i128;
    let game = assign_colours(t, &history.colour_balance, a, b);
    if game.handicap == 0 {
        let (ba, bb) = (history.colour_balance[a], history.colour_balance[b]);
        if ba.signum() == bb.signum() && ba != 0 {
            cost += COLOUR * i128::from(ba.abs().min(bb.abs()));
        }
    }
    cost + STONE * i128::from(game.handicap)
}

/// The cost of giving `p` the bye: another bye costs a repeat; otherwise the lowest score,
/// then the bottom of its group, is cheapest.
fn bye_cost(
    history: &History,
    scores: &[i64],
    lowest: i64,
    seeds: &[Option<Seed>],
    p: usize,
) -> i128 {
    let above = i128::from(scores[p] - lowest);
    let from_bottom = seeds[p]
        .as_ref()
        .map_or(0, |s| s.group_size - 1 - s.position);
    REPEAT * i128::from(history.byes[p]) + BYE_ABOVE_LOWEST * above + SEEDING * from_bottom as i128
}

/// The game of `a` and `b` with colours and handicap: the handicap from the rank difference
/// under the settings' policy, Black to the weaker player when there is one; in an even game,
/// Black to whoever has had White more often, then to the weaker, then to the later
/// registered.
#[must_use]
pub fn assign_colours(
    t: &Tournament,
    colour_balance: &[i32],
    a: usize,
    b: usize,
) -> TournamentGame {
    let (ra, rb) = (t.players[a].rank, t.players[b].rank);
    let handicap = t.settings.handicap.stones(ra.difference(rb));
    let a_takes_black = if handicap > 0 {
        ra < rb
    } else {
        let (ba, bb) = (
            colour_balance.get(a).copied().unwrap_or(0),
            colour_balance.get(b).copied().unwrap_or(0),
        );
        (ba, rb, a) > (bb, ra, b)
    };
    let (black, white) = if a_takes_black { (a, b) } else { (b, a) };
    TournamentGame {
        white,
        black,
        handicap,
        result: super::GameResult::Pending,
        by_default: false,
    }
}

/// The game of `a` and `b` as [`assign_colours`] gives it after the rounds of `t`: for a
/// pairing the director makes by hand.
#[must_use]
pub fn game_between(t: &Tournament, a: usize, b: usize) -> TournamentGame {
    assign_colours(t, &History::of(t).colour_balance, a, b)
}

/// What a pairing costs against the criteria, for the director who pins or swaps one.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum PairingNote {
    /// Two players meet again.
    Repeat {
        /// The players.
        players: (usize, usize),
        /// Times they met before.
        times: u8,
    },
    /// Two players of different scores meet.
    ScoreGap {
        /// The players.
        players: (usize, usize),
        /// The difference, in half points.
        halves: i64,
    },
    /// A player gets the same colour once more than balance allows.
    ColourImbalance {
        /// The player.
        player: usize,
        /// Whites minus blacks after this game.
        balance: i32,
    },
    /// A player gets a second bye.
    ByeAgain {
        /// The player.
        player: usize,
    },
}

/// What `round` (not yet added to `t`) costs against the criteria: repeats, score gaps,
/// colour imbalances beyond one, second byes. An empty list is a pairing that breaks none.
#[must_use]
pub fn pairing_notes(t: &Tournament, round: &Round) -> Vec<PairingNote> {
    let history = History::of(t);
    let scores = main_scores(t);
    let mut notes = Vec::new();
    for g in &round.games {
        let players = (g.white, g.black);
        let times = history.met(g.white, g.black);
        if times > 0 {
            notes.push(PairingNote::Repeat { players, times });
        }
        let halves = (scores[g.white] - scores[g.black]).abs();
        if halves > 0 {
            notes.push(PairingNote::ScoreGap { players, halves });
        }
        if g.handicap == 0 {
            for (player, step) in [(g.white, 1), (g.black, -1)] {
                let balance = history.colour_balance[player] + step;
                if balance.abs() > 1 {
                    notes.push(PairingNote::ColourImbalance { player, balance });
                }
            }
        }
    }
    if let Some(player) = round.bye {
        if history.byes[player] > 0 {
            notes.push(PairingNote::ByeAgain { player });
        }
    }
    notes
}
