//! The root of a search, made or kept for a game, and its prior over every move it
//! considers: the policy an analysis reports beside the search's results (KataGo's
//! `includePolicy`).

use tengen_core::{BoardSize, Game, Move, Position};

use super::{Search, to_move_of};
use crate::{
    prior::PriorWeights,
    tree::{PASS, Stats},
};

/// A root child's share of the prior before normalisation: the learned model's weight
/// where the root's priors have one, else the hand-set prior value.
pub(super) fn weight(priors: &PriorWeights, size: BoardSize, stats: &Stats) -> f64 {
    priors
        .learned_weight(
            size,
            stats.mv == PASS,
            stats.prior_visits,
            stats.prior_value,
        )
        .unwrap_or(stats.prior_value)
}

impl Search {
    /// The root position with its children: the tree kept or made afresh for `game`, and
    /// the last two moves before the root (the latest first).
    pub(super) fn prepare_root(
        &mut self,
        game: &Game,
        extra_komi_half: i32,
    ) -> (Position, [Option<usize>; 2]) {
        let root = Position::from_game(game);
        self.reuse_or_reset(game, extra_komi_half);
        let mut recent = game
            .moves()
            .iter()
            .rev()
            .map(|m| m.mv.point().map(|p| root.board().cells().cell(p)));
        let root_recent = [recent.next().flatten(), recent.next().flatten()];
        self.expand_root(&root, root_recent);
        (root, root_recent)
    }

    /// Makes the root for `game` (keeping the tree when [`Search::run`] would) and gives
    /// the prior of each of its moves, summing to 1, in the root's order. A later `run`
    /// on the same game searches this root. Moves the root leaves out (the legal moves
    /// the priors rule out, such as filling one's own eye) are not listed.
    pub fn root_priors(&mut self, game: &Game) -> Vec<(Move, f64)> {
        let (root, _) = self.prepare_root(game, 0);
        let board = root.board();
        let priors = self.config.priors;
        let Some((first, count)) = self.tree.root().children() else {
            return Vec::new();
        };
        let weights: Vec<(Move, f64)> = (first..first + count)
            .map(|e| {
                let stats = self.tree.edge(e).stats();
                (
                    to_move_of(board, stats.mv),
                    weight(&priors, board.size(), &stats),
                )
            })
            .collect();
        let total: f64 = weights.iter().map(|(_, w)| w).sum::<f64>().max(1e-9);
        weights.into_iter().map(|(mv, w)| (mv, w / total)).collect()
    }
}
