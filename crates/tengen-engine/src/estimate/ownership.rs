//! Ownership from many playouts of the final position, half of them with Black to move first
//! and half with White, under a deadline.

use std::time::Instant;

use tengen_core::playout::{XorShift32, playout_with};
use tengen_core::{Board, Color};

use crate::PlayoutWeights;
use crate::policy::HeavyPolicy;

/// The engine's playout policy as the estimator sets it: every rule applied every time (a
/// finished position has few moves left, and each one is a reply that settles a chain: the
/// vital point of a three-point eye space, the answer to a threat against two liberties), no
/// move in pass-alive territory, and a chain of up to [`MAX_SACRIFICE`] stones thrown in.
/// Measured on the dev records: without the nakade and two-liberty rules 295 of 333 (default
/// budget), with both 299 (4 s per estimate, before the survival threshold was raised).
const WEIGHTS: PlayoutWeights = PlayoutWeights {
    atari: 100,
    nakade: 100,
    two_liberties: 100,
    pattern: 100,
    single_self_atari_reject: 0,
};

/// The largest chain a random move of the playouts may put into atari: a sacrifice that can
/// kill an eye (one stone, two, or a bent or straight three); a larger chain in atari keeps a
/// seki's or a living group's shortage of liberties.
const MAX_SACRIFICE: u32 = 3;

/// How often each cell ended as whose area, by who moved first.
pub(crate) struct Ownership {
    /// `owned[first][cell]`: playouts started by `first` (Black 0, White 1) in which `cell`
    /// was Black's area (`.0`) and White's (`.1`).
    owned: [Vec<(u32, u32)>; 2],
    /// Playouts started by each colour.
    runs: [u32; 2],
    /// The deadline came before the planned playouts were done.
    pub(crate) stopped_early: bool,
}

impl Ownership {
    /// Runs up to `playouts` playouts from `board` (alternating who starts), stopping at
    /// `deadline`. `no_play` marks the cells the policy leaves alone.
    pub(crate) fn measure(
        board: &Board,
        no_play: &[bool],
        playouts: u32,
        deadline: Instant,
        seed: u32,
    ) -> Ownership {
        let cells = board.cells().cell_count();
        let mut ownership = Ownership {
            owned: [vec![(0, 0); cells], vec![(0, 0); cells]],
            runs: [0, 0],
            stopped_early: false,
        };
        ownership.run(board, no_play, playouts, deadline, seed);
        ownership
    }

    /// Adds up to `playouts` more playouts from `board` (the same position), from `seed`.
    pub(crate) fn run(
        &mut self,
        board: &Board,
        no_play: &[bool],
        playouts: u32,
        deadline: Instant,
        seed: u32,
    ) {
        let cells = board.cells().cell_count();
        let ownership = self;
        let mut rng = XorShift32::new(seed);
        let mut scratch = board.clone();
        let mut owners = vec![None; cells];
        let max_plies = 3 * board.size().area() as u32;
        let mut policy = HeavyPolicy::restricted(WEIGHTS, no_play.to_vec(), MAX_SACRIFICE);
        for i in 0..playouts {
            if Instant::now() >= deadline {
                ownership.stopped_early = true;
                break;
            }
            let first = if i % 2 == 0 {
                Color::Black
            } else {
                Color::White
            };
            scratch.clone_from(board);
            policy.reset(None);
            playout_with(
                &mut scratch,
                first,
                &mut policy,
                &mut rng,
                max_plies,
                &mut owners,
            );
            let table = &mut ownership.owned[first.index()];
            for (count, owner) in table.iter_mut().zip(&owners) {
                match owner {
                    Some(Color::Black) => count.0 += 1,
                    Some(Color::White) => count.1 += 1,
                    None => {}
                }
            }
            ownership.runs[first.index()] += 1;
        }
    }

    /// Playouts run in all.
    pub(crate) fn playouts(&self) -> u32 {
        self.runs[0] + self.runs[1]
    }

    /// The share of playouts in which `cell` ended as `color`'s area, over both starts.
    pub(crate) fn share(&self, cell: usize, color: Color) -> f64 {
        let total = self.playouts();
        if total == 0 {
            return 0.5;
        }
        let owned: u32 = self.owned.iter().map(|t| pick(t[cell], color)).sum();
        f64::from(owned) / f64::from(total)
    }

    /// The share of playouts started by `first` in which `cell` ended as `color`'s area.
    pub(crate) fn share_when_first(&self, cell: usize, color: Color, first: Color) -> f64 {
        let runs = self.runs[first.index()];
        if runs == 0 {
            return self.share(cell, color);
        }
        f64::from(pick(self.owned[first.index()][cell], color)) / f64::from(runs)
    }
}

fn pick(counts: (u32, u32), color: Color) -> u32 {
    match color {
        Color::Black => counts.0,
        Color::White => counts.1,
    }
}

#[cfg(test)]
impl Ownership {
    /// Ownership as if each colour had started `runs` playouts and every cell had ended
    /// `color`'s area in `owned` of each colour's runs.
    pub(crate) fn for_test(cell_count: usize, runs: u32, color: Color, owned: u32) -> Ownership {
        let counts = match color {
            Color::Black => (owned, runs - owned),
            Color::White => (runs - owned, owned),
        };
        Ownership {
            owned: [vec![counts; cell_count], vec![counts; cell_count]],
            runs: [runs, runs],
            stopped_early: false,
        }
    }
}
