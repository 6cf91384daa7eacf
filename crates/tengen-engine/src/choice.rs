//! The move a search plays among its root's moves.

use tengen_core::Move;

use crate::search::{MoveInfo, SearchConfig};

/// The move to play among the root's `moves` (most visited first), with the shape's say
/// ([`SearchConfig::shape_tiebreak`]): of the stones searched at least
/// [`SearchConfig::tiebreak_visits`] as much as the most visited one and worth as much
/// within `shape_tiebreak` standard errors of the difference, the one the prior likes
/// best; the most visited on a tie, and always when `shape_tiebreak` is 0. Where the playouts cannot tell moves apart, the prior, learned from strong
/// players' games, is the better judge of shape. A pass is never chosen this way nor
/// passed over: the player's own checks decide those.
pub(crate) fn shape_choice<'a>(
    moves: &'a [MoveInfo],
    config: &SearchConfig,
) -> Option<&'a MoveInfo> {
    let top = moves.first()?;
    let noise = config.shape_tiebreak;
    if noise <= 0.0 || top.mv == Move::Pass {
        return Some(top);
    }
    // A win rate's variance, kept off 0 so that a move at 0 % or 100 % still has a noise.
    let variance = |m: &MoveInfo| (m.winrate * (1.0 - m.winrate)).max(0.01) / f64::from(m.visits);
    moves
        .iter()
        .rev()
        .filter(|m| {
            m.mv != Move::Pass
                && f64::from(m.visits) >= config.tiebreak_visits * f64::from(top.visits)
                && m.winrate + noise * (variance(m) + variance(top)).sqrt() >= top.winrate
        })
        .max_by(|a, b| a.prior.total_cmp(&b.prior))
}

#[cfg(test)]
mod tests {
    use tengen_core::Point;

    use super::*;

    fn choice(moves: &[MoveInfo], noise: f64) -> Option<&MoveInfo> {
        let config = SearchConfig {
            shape_tiebreak: noise,
            ..SearchConfig::default()
        };
        shape_choice(moves, &config)
    }

    fn info(x: u8, visits: u32, winrate: f64, prior: f64) -> MoveInfo {
        MoveInfo {
            mv: if x == 0 {
                Move::Pass
            } else {
                Move::Play(Point::new(x, 3))
            },
            visits,
            winrate,
            lcb: 0.0,
            prior,
            score_lead: 0.0,
            pv: Vec::new(),
        }
    }

    #[test]
    fn the_most_visited_move_without_the_shapes_say() {
        let moves = [info(1, 1000, 0.50, 0.01), info(2, 900, 0.50, 0.05)];
        assert_eq!(choice(&moves, 0.0), Some(&moves[0]));
        assert_eq!(choice(&[], 1.0), None);
    }

    #[test]
    fn the_better_shape_among_moves_the_playouts_cannot_tell_apart() {
        // 1,000 and 900 visits at about 50 %: a standard error of the difference of 2.3 %.
        let moves = [
            info(1, 1000, 0.52, 0.01),
            info(2, 900, 0.50, 0.05),
            info(3, 400, 0.51, 0.20),
        ];
        assert_eq!(
            choice(&moves, 1.0),
            Some(&moves[1]),
            "the third has too few visits"
        );
        assert_eq!(
            choice(&moves, 0.5),
            Some(&moves[0]),
            "2 % is more than half the noise"
        );
    }

    #[test]
    fn a_clearly_worse_move_or_a_pass_is_not_chosen_for_its_shape() {
        let moves = [info(1, 1000, 0.60, 0.01), info(2, 900, 0.50, 0.05)];
        assert_eq!(choice(&moves, 2.0), Some(&moves[0]));
        let pass_first = [info(0, 1000, 0.50, 0.01), info(2, 900, 0.50, 0.05)];
        assert_eq!(choice(&pass_first, 2.0), Some(&pass_first[0]));
        let pass_second = [info(1, 1000, 0.50, 0.01), info(0, 900, 0.50, 0.05)];
        assert_eq!(choice(&pass_second, 2.0), Some(&pass_second[0]));
    }

    #[test]
    fn a_tie_in_shape_keeps_the_most_visited() {
        let moves = [info(1, 1000, 0.50, 0.05), info(2, 900, 0.50, 0.05)];
        assert_eq!(choice(&moves, 1.0), Some(&moves[0]));
    }
}
