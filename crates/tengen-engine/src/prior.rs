//! Prior knowledge for a new node (Gelly and Silver 2007; Chaslot et al., "progressive
//! bias"): each move starts with virtual visits and wins from cheap tactics and shape, so
//! that the search looks at captures, escapes and good shape first, and at self-ataris and
//! edge moves in empty areas last.

use tengen_core::{BoardSize, Position};

use crate::{
    learned::Gammas,
    pattern,
    tactics::{
        Candidates, candidates, gives_atari, gridcular, ladder_effects, line, move_shape,
        own_chains_in_atari, stone_nearby,
    },
    tree::{NewChild, PASS},
};

/// Virtual visits of the priors: each term adds visits that all win (good) or all lose
/// (bad).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct PriorWeights {
    /// Every move: half won (a 0.5 prior that keeps early values from swinging).
    pub even: u16,
    /// Captures a single stone in atari.
    pub capture_one: u16,
    /// Captures more than one stone, or saves an own chain by capturing.
    pub capture_many: u16,
    /// Extends an own chain in atari to three or more liberties.
    pub escape: u16,
    /// Puts its own chain into atari (bad).
    pub self_atari: u16,
    /// Matches a 3×3 pattern.
    pub pattern: u16,
    /// Next to or diagonal to the last move, two away, three away.
    pub near_last: [u16; 3],
    /// On the third line in an empty area (good), or on the first two lines there (bad).
    pub empty_area: u16,
    /// Visits of the learned move strengths ([`crate::learned::Gammas::shipped`]) in place
    /// of every hand-set term above but `even` (0: the hand-set terms, which levels 1–3
    /// use). A move `r` times as strong as the average candidate gets these visits at a win
    /// rate of `r / (1 + r)`. 20 by default: far stronger in games against Pachi than the
    /// hand-set terms (`BENCHMARKS.md`). The form on boards smaller than
    /// [`PriorWeights::learned_sqrt_from_size`]; see [`PriorWeights::learned_sqrt`] for the
    /// larger ones.
    pub learned: u16,
    /// The learned prior's form on boards of [`PriorWeights::learned_sqrt_from_size`] and
    /// larger, in place of [`PriorWeights::learned`]'s (0: that form everywhere): a move
    /// the learned model gives the probability `p` among the candidates gets `k·√p` virtual
    /// visits that all win on top of `even`, `k` this weight (Pachi's form for its pattern
    /// prior). The likely moves get many optimistic visits; the unlikely ones keep the even
    /// prior and stay open to the playouts. These visits count in a move's real mean only,
    /// not in its AMAF mean, which they would swamp. 210 by default, from 13×13 on: as strong
    /// as the other form on 13×13 and stronger on 19×19, and it follows shape where the
    /// playouts cannot tell moves apart (`BENCHMARKS.md`). Needs `learned` > 0.
    pub learned_sqrt: u16,
    /// See [`PriorWeights::learned_sqrt`].
    pub learned_sqrt_from_size: u8,
}

impl PriorWeights {
    /// Whether the priors on a board of `size` take the optimistic form of
    /// [`PriorWeights::learned_sqrt`].
    #[must_use]
    pub(crate) fn optimistic(&self, size: BoardSize) -> bool {
        self.learned > 0 && self.learned_sqrt > 0 && size.get() >= self.learned_sqrt_from_size
    }

    /// How strongly the learned model favours a move, recovered from the prior that these
    /// weights gave it on a board of `size`: in proportion to the model's probability for
    /// the move among the candidates (the inverse of the two forms' formulas), 0 for the
    /// pass. `None` for the hand-set terms, whose priors are no probability. What analysis
    /// reports as a move's prior: the priors' values themselves are all alike under the
    /// optimistic form (0.5 to 1).
    pub(crate) fn learned_weight(
        &self,
        size: BoardSize,
        pass: bool,
        prior_visits: f64,
        prior_value: f64,
    ) -> Option<f64> {
        if self.learned == 0 {
            return None;
        }
        if pass {
            return Some(0.0);
        }
        let even = f64::from(self.even);
        if self.optimistic(size) {
            // `k·√p` wins on top of the even visits.
            let won = (prior_visits - even).max(0.0);
            return Some(won * won);
        }
        // `r / (1 + r)` of the learned visits won, `r` the strength over the average.
        let learned = f64::from(self.learned);
        let q = ((prior_value * (even + learned) - 0.5 * even) / learned).clamp(0.0, 0.999_999);
        Some(q / (1.0 - q))
    }
}

impl Default for PriorWeights {
    fn default() -> PriorWeights {
        PriorWeights {
            even: 10,
            capture_one: 30,
            capture_many: 40,
            escape: 20,
            self_atari: 10,
            pattern: 10,
            near_last: [24, 22, 8],
            empty_area: 10,
            learned: 20,
            learned_sqrt: 210,
            learned_sqrt_from_size: 13,
        }
    }
}

/// The children of `position` with their priors: every legal move of the player to move
/// that does not fill its own eye, and the pass. `recent` are the moves that led here, the
/// last first (`None`: a pass or nothing);
/// `node_value` is what the node is worth so far to the player to move, the pass's prior:
/// a pass is as good as the position until the search learns otherwise (a fixed low prior
/// would keep a search that wins with every move from ever trying it).
pub(crate) fn children(
    position: &Position,
    recent: [Option<usize>; 2],
    node_value: f64,
    weights: &PriorWeights,
    scratch: &mut Candidates,
    out: &mut Vec<NewChild>,
) {
    out.clear();
    let board = position.board();
    let color = position.to_move();
    own_chains_in_atari(board, color, scratch);
    if weights.learned > 0 {
        learned_children(position, recent, weights, scratch, out);
    } else {
        hand_set_children(position, recent[0], weights, scratch, out);
    }
    out.push(NewChild {
        mv: PASS,
        prior_visits: weights.even,
        prior_value: node_value,
    });
    // Best priors first: progressive widening looks at a prefix.
    out.sort_by(|a, b| {
        b.prior_value
            .total_cmp(&a.prior_value)
            .then(b.prior_visits.cmp(&a.prior_visits))
    });
}

/// The stone moves' priors from the learned strengths.
fn learned_children(
    position: &Position,
    recent: [Option<usize>; 2],
    weights: &PriorWeights,
    own_ataris: &Candidates,
    out: &mut Vec<NewChild>,
) {
    let board = position.board();
    let color = position.to_move();
    let gammas = Gammas::shipped();
    let mut total = 0.0;
    for cell in candidates(position) {
        let strength = gammas.strength(
            board,
            cell,
            color,
            recent[0],
            recent[1],
            own_ataris.as_slice(),
        );
        total += strength;
        // The strength waits in `prior_value` until the total is known.
        out.push(NewChild {
            mv: cell as u16,
            prior_visits: 0,
            prior_value: strength,
        });
    }
    let even = f64::from(weights.even);
    if weights.optimistic(board.size()) {
        let k = f64::from(weights.learned_sqrt);
        for child in out.iter_mut() {
            let won = (k * (child.prior_value / total.max(f64::MIN_POSITIVE)).sqrt()).round();
            let visits = (even + won).min(f64::from(u16::MAX));
            child.prior_value = (even * 0.5 + won) / visits.max(1.0);
            child.prior_visits = visits as u16;
        }
        return;
    }
    let average = total / out.len().max(1) as f64;
    let learned = f64::from(weights.learned);
    for child in out.iter_mut() {
        let r = child.prior_value / average;
        child.prior_value = (even * 0.5 + learned * r / (1.0 + r)) / (even + learned);
        child.prior_visits = weights.even.saturating_add(weights.learned);
    }
}

/// The stone moves' priors from the hand-set terms.
fn hand_set_children(
    position: &Position,
    last: Option<usize>,
    weights: &PriorWeights,
    scratch: &Candidates,
    out: &mut Vec<NewChild>,
) {
    let board = position.board();
    let color = position.to_move();
    let patterns = pattern::table();
    for cell in candidates(position) {
        let mut good = u32::from(weights.even) / 2;
        let mut visits = u32::from(weights.even);
        let mut add = |won: bool, n: u16| {
            visits += u32::from(n);
            if won {
                good += u32::from(n);
            }
        };
        let shape = move_shape(board, cell, color, 3);
        if shape.captures == 1 {
            add(true, weights.capture_one);
        } else if shape.captures > 1 {
            add(true, weights.capture_many);
        }
        if scratch.as_slice().contains(&(cell as u16)) {
            if shape.captures > 0 {
                add(true, weights.capture_many);
            } else if shape.liberties >= 3 {
                add(true, weights.escape);
            }
        }
        let escape = scratch.as_slice().contains(&(cell as u16));
        if escape || gives_atari(board, cell, color) {
            let (catches, wasted) = ladder_effects(board, cell, color);
            if catches {
                add(true, weights.capture_many);
            }
            if wasted {
                add(false, 2 * weights.escape);
            }
        }
        if shape.self_atari() {
            let n = if shape.stones > 1 {
                3 * weights.self_atari
            } else {
                weights.self_atari
            };
            add(false, n);
        }
        if pattern::matches(patterns, board, cell) {
            add(true, weights.pattern);
        }
        if let Some(last) = last {
            match gridcular(board, cell, last) {
                0..=3 => add(true, weights.near_last[0]),
                4 => add(true, weights.near_last[1]),
                5 => add(true, weights.near_last[2]),
                _ => {}
            }
        }
        if !stone_nearby(board, cell, 3) {
            match line(board, cell) {
                1 | 2 => add(false, weights.empty_area),
                3 => add(true, weights.empty_area),
                _ => {}
            }
        }
        out.push(NewChild {
            mv: cell as u16,
            prior_visits: visits.min(u32::from(u16::MAX)) as u16,
            prior_value: f64::from(good) / f64::from(visits.max(1)),
        });
    }
}

#[cfg(test)]
mod tests {
    use tengen_core::{Color, Game, Point, Rules};

    use super::*;

    /// The priors of White's moves in `diagram`, and the capture's at `capture`.
    fn white_priors(diagram: &str, capture: Point) -> (Vec<NewChild>, NewChild) {
        let game = Game::from_diagram(diagram, Color::White, Rules::japanese()).unwrap();
        let position = Position::from_game(&game);
        let mut out = Vec::new();
        children(
            &position,
            [None, None],
            0.5,
            &PriorWeights::default(),
            &mut Candidates::new(),
            &mut out,
        );
        let cell = position.board().cells().cell(capture) as u16;
        let taken = *out.iter().find(|c| c.mv == cell).unwrap();
        (out, taken)
    }

    const DIAGRAM13: &str = "
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . X . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . O X O . . . .
            . . . . . . . O . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . O . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .
            . . . . . . . . . . . . .";

    #[test]
    fn on_13x13_the_learned_prior_promotes_likely_moves_and_leaves_the_rest_even() {
        let (out, capture) = white_priors(DIAGRAM13, Point::new(7, 5));
        let even = PriorWeights::default().even;
        // The likeliest moves (here the empty corner's) get many virtual visits, nearly all
        // won, and the capture of the stone in atari more than the even prior.
        let likeliest = out.iter().max_by_key(|c| c.prior_visits).unwrap();
        assert!(likeliest.prior_visits > 4 * even, "{likeliest:?}");
        assert!(likeliest.prior_value > 0.9, "{likeliest:?}");
        assert!(capture.prior_visits > 2 * even, "{capture:?}");
        // No move is judged bad before the playouts have a say, and the unlikely ones keep
        // the even prior alone.
        assert!(
            out.iter()
                .all(|c| c.prior_value >= 0.5 && c.prior_visits >= even)
        );
        assert!(out.iter().any(|c| c.mv != PASS && c.prior_visits == even));
    }

    #[test]
    fn on_9x9_the_learned_prior_weighs_every_move_alike_for_and_against() {
        let (out, capture) = white_priors(
            "
            . . . . . . . . .
            . . . . . . . . .
            . . X . . . . . .
            . . . . . . . . .
            . . . O X O . . .
            . . . . O . . . .
            . . . . . . . . .
            . . . . . . O . .
            . . . . . . . . .",
            Point::new(4, 3),
        );
        let weights = PriorWeights::default();
        let visits = weights.even + weights.learned;
        assert!(capture.prior_value > 0.7, "{capture:?}");
        assert!(out.iter().all(|c| c.mv == PASS || c.prior_visits == visits));
        assert!(out.iter().any(|c| c.prior_value < 0.5));
    }
}
