//! Learning the [`Gammas`] from game records: the large shapes played often enough to get a
//! gamma of their own ([`SpatialHarvest`]), and the positions with their candidate teams and
//! the minorization-maximization that fits one gamma per feature value ([`TrainingSet`]).

use std::collections::HashMap;

use tengen_core::{Point, Position};

use super::{
    GROUP_SIZES, GROUPS, Gammas, MIN_SHAPE_COUNT, SHAPE, SPATIAL, ShapeMap, Team, canonical,
    shape_key, tactical_team,
};
use crate::{
    spatial::{self, SIZES, largest_known},
    tactics::{Candidates, candidates, own_chains_in_atari},
};

/// Counts the large shapes of the moves played in game records: the frequent ones become
/// the dictionary a [`TrainingSet`] learns gammas for.
#[derive(Default)]
pub struct SpatialHarvest {
    counts: ShapeMap<u32>,
}

impl SpatialHarvest {
    /// Counts every size of shape around `played`, a stone of the player to move.
    pub fn add(&mut self, position: &Position, played: Point) {
        let board = position.board();
        if board.size().get() <= played.x.max(played.y) {
            return;
        }
        let mut hashes = [0; SIZES];
        spatial::shape_hashes(
            board,
            board.cells().cell(played),
            position.to_move(),
            &mut hashes,
        );
        for h in hashes {
            *self.counts.entry(h).or_insert(0) += 1;
        }
    }

    /// The shapes played at least `min_count` times, most frequent first.
    #[must_use]
    pub fn dictionary(&self, min_count: u32) -> Vec<u64> {
        let mut kept: Vec<(u64, u32)> = self
            .counts
            .iter()
            .filter(|&(_, &n)| n >= min_count)
            .map(|(&h, &n)| (h, n))
            .collect();
        kept.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
        kept.into_iter().map(|(h, _)| h).collect()
    }
}

/// One training position: its distinct candidate teams with their multiplicities, and the
/// team of the move played.
struct Sample {
    teams: Vec<(Team, u32)>,
    winner: usize,
}

/// Positions with the moves played in them, to learn [`Gammas`] from.
pub struct TrainingSet {
    samples: Vec<Sample>,
    /// Canonical shape key → its index (group 0's value minus one) while collecting.
    shape_index: HashMap<u32, u32>,
    shape_keys: Vec<u32>,
    shape_counts: Vec<u32>,
    /// The most 3×3 shapes numbered (a table's 3×3 lookup holds fewer than `u16::MAX`);
    /// further new shapes count as unknown (gamma 1).
    max_shapes: usize,
    /// The large shapes learned: hash → value (index plus one).
    spatial_index: ShapeMap<u32>,
    spatial_keys: Vec<u64>,
    scratch: Candidates,
}

impl Default for TrainingSet {
    fn default() -> TrainingSet {
        TrainingSet::with_spatial(Vec::new())
    }
}

impl TrainingSet {
    /// A set that learns a gamma for each large shape of `dictionary` (from
    /// [`SpatialHarvest::dictionary`]) besides the other features.
    #[must_use]
    pub fn with_spatial(dictionary: Vec<u64>) -> TrainingSet {
        TrainingSet {
            samples: Vec::new(),
            shape_index: HashMap::new(),
            shape_keys: Vec::new(),
            shape_counts: Vec::new(),
            max_shapes: usize::from(u16::MAX) - 1,
            spatial_index: dictionary
                .iter()
                .enumerate()
                .map(|(i, &h)| (h, i as u32 + 1))
                .collect(),
            spatial_keys: dictionary,
            scratch: Candidates::new(),
        }
    }

    /// Adds `position` in which the player to move played `played`, after `last` and
    /// `last2` (the two moves before, `None` for a pass or nothing). A move the tree would
    /// not consider (an own eye, an illegal point) is skipped.
    pub fn add(
        &mut self,
        position: &Position,
        last: Option<Point>,
        last2: Option<Point>,
        played: Point,
    ) {
        let board = position.board();
        let color = position.to_move();
        if board.size().get() <= played.x.max(played.y) {
            return;
        }
        let played = board.cells().cell(played);
        let last = last.map(|p| board.cells().cell(p));
        let last2 = last2.map(|p| board.cells().cell(p));
        own_chains_in_atari(board, color, &mut self.scratch);
        let mut teams: HashMap<Team, u32> = HashMap::new();
        let mut winner = None;
        for cell in candidates(position) {
            let mut team = tactical_team(board, cell, color, last, last2, self.scratch.as_slice());
            team[SHAPE] = self.shape_value(canonical(shape_key(board, cell, color)));
            if !self.spatial_keys.is_empty() {
                team[SPATIAL] =
                    largest_known(board, cell, color, |h| self.spatial_index.get(&h).copied())
                        .unwrap_or(0);
            }
            if cell == played {
                winner = Some(team);
            }
            *teams.entry(team).or_insert(0) += 1;
        }
        let Some(winner) = winner else { return };
        let teams: Vec<(Team, u32)> = teams.into_iter().collect();
        let winner = teams
            .iter()
            .position(|(t, _)| *t == winner)
            .expect("the winner's team");
        self.samples.push(Sample { teams, winner });
    }

    /// The shape group's value of the canonical shape `key` (its index plus one), counted
    /// once more; 0 (unknown) for a new shape beyond `max_shapes`.
    fn shape_value(&mut self, key: u32) -> u32 {
        let index = match self.shape_index.get(&key) {
            Some(&index) => index,
            None if self.shape_keys.len() < self.max_shapes => {
                let index = self.shape_keys.len() as u32;
                self.shape_index.insert(key, index);
                self.shape_keys.push(key);
                self.shape_counts.push(0);
                index
            }
            None => return 0,
        };
        self.shape_counts[index as usize] += 1;
        index + 1
    }

    /// The positions added so far.
    #[must_use]
    pub fn len(&self) -> usize {
        self.samples.len()
    }

    /// Whether no position was added.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.samples.is_empty()
    }

    /// Gammas by `sweeps` rounds of minorization-maximization over every group, each gamma
    /// with Coulom's prior of one win and one loss against a gamma of 1 (so that rare
    /// features stay near neutral).
    #[must_use]
    pub fn learn(&self, sweeps: usize) -> Gammas {
        // 3×3 shapes too rare to learn share value 0 (gamma 1).
        let kept: Vec<bool> = self
            .shape_counts
            .iter()
            .map(|&c| c >= MIN_SHAPE_COUNT)
            .collect();
        let value = |team: &Team, g: usize| {
            let v = team[g] as usize;
            if g == SHAPE && v > 0 && !kept[v - 1] {
                0
            } else {
                v
            }
        };
        let mut gammas: [Vec<f64>; GROUPS] = std::array::from_fn(|g| match g {
            SHAPE => vec![1.0; self.shape_keys.len() + 1],
            SPATIAL => vec![1.0; self.spatial_keys.len() + 1],
            _ => vec![1.0; GROUP_SIZES[g]],
        });
        let mut wins: [Vec<f64>; GROUPS] = std::array::from_fn(|g| vec![0.0; gammas[g].len()]);
        for s in &self.samples {
            let team = &s.teams[s.winner].0;
            for (g, w) in wins.iter_mut().enumerate() {
                w[value(team, g)] += 1.0;
            }
        }
        // Every team's strength, kept up to date as each group's gammas change, so that a
        // group's update costs one pass over the teams (the corpus has millions).
        let mut strengths: Vec<f64> = vec![1.0; self.samples.iter().map(|s| s.teams.len()).sum()];
        for _ in 0..sweeps {
            for g in 0..GROUPS {
                let mut denominators = vec![0.0; gammas[g].len()];
                let mut k = 0;
                for s in &self.samples {
                    let own = &strengths[k..k + s.teams.len()];
                    let total: f64 = s
                        .teams
                        .iter()
                        .zip(own)
                        .map(|((_, n), st)| f64::from(*n) * st)
                        .sum();
                    for ((team, n), st) in s.teams.iter().zip(own) {
                        let v = value(team, g);
                        denominators[v] += f64::from(*n) * st / gammas[g][v] / total;
                    }
                    k += s.teams.len();
                }
                let mut ratios = vec![1.0; gammas[g].len()];
                for v in 1..gammas[g].len() {
                    let gamma = gammas[g][v];
                    let new = (wins[g][v] + 1.0) / (denominators[v] + 2.0 / (gamma + 1.0));
                    ratios[v] = new / gamma;
                    gammas[g][v] = new;
                }
                let mut k = 0;
                for s in &self.samples {
                    for (team, _) in &s.teams {
                        strengths[k] *= ratios[value(team, g)];
                        k += 1;
                    }
                }
            }
        }
        let [shape_gammas, tactical @ ..] = gammas;
        let shapes = self
            .shape_keys
            .iter()
            .enumerate()
            .filter(|&(i, _)| kept[i])
            .map(|(i, &key)| (key, shape_gammas[i + 1]))
            .collect();
        let spatial = self
            .spatial_keys
            .iter()
            .enumerate()
            .map(|(i, &hash)| (hash, tactical[SPATIAL - 1][i + 1]))
            .collect();
        let mut all: [Vec<f64>; GROUPS] = std::array::from_fn(|_| Vec::new());
        for (g, t) in tactical.into_iter().enumerate() {
            all[g + 1] = t;
        }
        all[SHAPE] = Vec::new();
        all[SPATIAL] = Vec::new();
        Gammas::new(shapes, all, spatial)
    }

    /// The share of positions in which the played move had the highest strength under
    /// `gammas` (a tie counts as a miss): the usual measure of a move predictor.
    #[must_use]
    pub fn prediction_rate(&self, gammas: &Gammas) -> f64 {
        let strength = |team: &Team| {
            let shape = match team[SHAPE] {
                0 => 1.0,
                i => gammas.shape_gamma(self.shape_keys[i as usize - 1]),
            };
            let spatial = match team[SPATIAL] {
                0 => 1.0,
                i => gammas
                    .spatial_lookup
                    .get(&self.spatial_keys[i as usize - 1])
                    .copied()
                    .unwrap_or(1.0),
            };
            gammas.team_strength(team, shape, spatial)
        };
        let hits = self
            .samples
            .iter()
            .filter(|s| {
                let best = strength(&s.teams[s.winner].0);
                // The winner's own team may hold other candidates of equal strength.
                s.teams[s.winner].1 == 1
                    && s.teams
                        .iter()
                        .enumerate()
                        .all(|(i, (t, _))| i == s.winner || strength(t) < best)
            })
            .count();
        hits as f64 / self.samples.len().max(1) as f64
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learned::tests::position;
    use tengen_core::Color;

    #[test]
    fn shapes_beyond_the_index_limit_count_as_unknown() {
        let mut set = TrainingSet {
            max_shapes: 2,
            ..TrainingSet::default()
        };
        assert_eq!(set.shape_value(10), 1);
        assert_eq!(set.shape_value(20), 2);
        assert_eq!(set.shape_value(30), 0, "a third shape is unknown");
        assert_eq!(set.shape_value(10), 1, "a known shape keeps its number");
        assert_eq!(set.shape_counts, vec![2, 1]);
        assert_eq!(set.shape_keys, vec![10, 20]);
    }

    #[test]
    fn learning_from_a_player_who_always_captures_makes_capture_strong() {
        // In each drawing the White stone in atari can be taken; the player takes it.
        let mut set = TrainingSet::default();
        let drawings = [
            ("..X...\n.XOX..\n......\n......\n......\n......", (2, 2)),
            ("......\n......\n......\n..X...\n.XOX..\n......", (2, 5)),
            ("......\n......\n...X..\n..XOX.\n......\n......", (3, 4)),
        ];
        for _ in 0..10 {
            for &(d, (x, y)) in &drawings {
                set.add(&position(d, Color::Black), None, None, Point::new(x, y));
            }
        }
        assert_eq!(set.len(), 30);
        let gammas = set.learn(10);
        assert!(gammas.tactical[1][1] > 5.0, "{gammas}");
        assert!(set.prediction_rate(&gammas) > 0.9);
        assert!(set.prediction_rate(&Gammas::default()) < 0.1);
    }

    #[test]
    fn a_large_shape_the_player_always_plays_is_learned_and_written_back() {
        // Black answers its own stone with a knight's move: the 3×3 shape around that point
        // is empty, as it is around most candidates, so only a larger shape tells it apart.
        let drawings = [
            (
                ".........\n..X......\n.........\n.........\n.........\n.........\n.........\n.........\n.........",
                (4, 2),
            ),
            (
                ".........\n.........\n.........\n.........\n.........\n......X..\n.........\n.........\n.........",
                (4, 6),
            ),
            (
                ".........\n.........\n.........\n.......X.\n.........\n.........\n.........\n.........\n.........",
                (6, 5),
            ),
        ];
        let mut harvest = SpatialHarvest::default();
        for &(d, (x, y)) in &drawings {
            harvest.add(&position(d, Color::Black), Point::new(x, y));
        }
        let dictionary = harvest.dictionary(1);
        // The smallest sizes see the same shape in all three; the largest see the edges.
        assert!(dictionary.len() > SIZES && dictionary.len() < 3 * SIZES);
        let mut with = TrainingSet::with_spatial(dictionary);
        let mut without = TrainingSet::default();
        for _ in 0..10 {
            for &(d, (x, y)) in &drawings {
                with.add(&position(d, Color::Black), None, None, Point::new(x, y));
                without.add(&position(d, Color::Black), None, None, Point::new(x, y));
            }
        }
        let gammas = with.learn(10);
        assert!(with.prediction_rate(&gammas) > 0.9);
        assert!(without.prediction_rate(&without.learn(10)) < 0.5);
        let again = Gammas::parse(&gammas.to_string()).unwrap();
        assert_eq!(again.to_string(), gammas.to_string());
        assert_eq!(again.spatial.len(), gammas.spatial.len());
        // A table read back measures itself on new records with its own dictionary, as
        // `learn_gammas --evaluate` does; without the large shapes it predicts no better
        // than the learner without them.
        let mut measured = TrainingSet::with_spatial(again.spatial_dictionary());
        for &(d, (x, y)) in &drawings {
            measured.add(&position(d, Color::Black), None, None, Point::new(x, y));
        }
        assert!(measured.prediction_rate(&again) > 0.9);
        let p = position(drawings[0].0, Color::Black);
        let board = p.board();
        let at = |x, y| {
            again.strength(
                board,
                board.cells().cell(Point::new(x, y)),
                Color::Black,
                None,
                None,
                &[],
            )
        };
        assert!(at(4, 2) > 5.0 * at(6, 6), "{} {}", at(4, 2), at(6, 6));
    }
}
