//! Counting a finished position: territory or area, prisoners, pass stones, komi, handicap
//! compensation, dame and seki (AGA-12, JP-9, JP-10).

use std::fmt;

use crate::{
    Board, BoardSize, ByColor, Color, Komi, Point, Rules, Scoring, rules::write_half_points,
};

/// The outcome of a game.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// Won on the count by `margin_half_points / 2` points.
    Score {
        /// The winner.
        winner: Color,
        /// Twice the margin (komi may be a half point).
        margin_half_points: u32,
    },
    /// The loser resigned.
    Resignation(Color),
    /// The loser ran out of time.
    Time(Color),
    /// The loser broke a rule (JP-11: an illegal move loses).
    Forfeit(Color),
    /// Equal points (JP-10).
    Jigo,
    /// No result (JP-6: a cycle nobody left).
    Void,
}

impl GameResult {
    /// The winner, if there is one.
    #[must_use]
    pub fn winner(&self) -> Option<Color> {
        match *self {
            GameResult::Score { winner, .. }
            | GameResult::Resignation(winner)
            | GameResult::Time(winner)
            | GameResult::Forfeit(winner) => Some(winner),
            GameResult::Jigo | GameResult::Void => None,
        }
    }

    /// The SGF `RE` value: `B+3.5`, `W+R`, `B+T`, `W+F`, `0` (jigo), `Void`.
    #[must_use]
    pub fn to_sgf(&self) -> String {
        match self {
            GameResult::Jigo => "0".to_owned(),
            other => other.to_string(),
        }
    }

    /// The result with Black's margin in half points (positive: Black wins).
    #[must_use]
    pub fn from_margin(black_minus_white_half_points: i32) -> GameResult {
        match black_minus_white_half_points {
            0 => GameResult::Jigo,
            m if m > 0 => GameResult::Score {
                winner: Color::Black,
                margin_half_points: m.unsigned_abs(),
            },
            m => GameResult::Score {
                winner: Color::White,
                margin_half_points: m.unsigned_abs(),
            },
        }
    }
}

impl fmt::Display for GameResult {
    /// `B+3.5`, `W+0.5`, `B+R`, `W+T`, `B+F`, `Jigo`, `Void`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            GameResult::Score {
                winner,
                margin_half_points,
            } => {
                write!(f, "{}+", winner.letter())?;
                write_half_points(f, margin_half_points as i32)
            }
            GameResult::Resignation(w) => write!(f, "{}+R", w.letter()),
            GameResult::Time(w) => write!(f, "{}+T", w.letter()),
            GameResult::Forfeit(w) => write!(f, "{}+F", w.letter()),
            GameResult::Jigo => f.write_str("Jigo"),
            GameResult::Void => f.write_str("Void"),
        }
    }
}

/// What a point is at the count.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Ownership {
    /// A living stone.
    Alive(Color),
    /// A living stone in seki.
    Seki(Color),
    /// A dead stone, removed as a prisoner of the other colour.
    Dead(Color),
    /// A dead stone inside a seki: not removed (JP-9).
    DeadInSeki(Color),
    /// A dead stone in a region neither colour owns (an open boundary not yet sealed): removed
    /// as a prisoner of the other colour, but its point is dame, not the captor's.
    DeadInDame(Color),
    /// An empty point (or a dead stone's point) counted as territory.
    Territory(Color),
    /// An eye of a seki, not counted as territory (JP-9).
    SekiEye(Color),
    /// A neutral point.
    Dame,
}

/// One colour's column of the score table. Every figure is in whole points except `komi`.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct SideScore {
    /// Empty points surrounded by this colour's living stones.
    pub territory: u32,
    /// This colour's living stones on the board (counted under area scoring).
    pub stones: u32,
    /// Stones this colour captured during play.
    pub captures: u32,
    /// The opponent's dead stones removed at the end.
    pub dead: u32,
    /// Stones the opponent handed over by passing (AGA-7).
    pub pass_stones: u32,
    /// Komi received (White), in half points.
    pub komi_half_points: i32,
    /// Handicap compensation received under area counting (AGA-4b).
    pub compensation: u32,
    /// The total under the rules' counting, in half points.
    pub total_half_points: i32,
}

impl SideScore {
    /// Prisoners of every kind: captures, dead stones and pass stones.
    #[must_use]
    pub fn prisoners(&self) -> u32 {
        self.captures + self.dead + self.pass_stones
    }

    /// The total as a number of points (may end in .5).
    #[must_use]
    pub fn total(&self) -> f64 {
        f64::from(self.total_half_points) / 2.0
    }
}

/// The count of a position: both columns, the result, and what every point is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// Territory or area counting.
    pub scoring: Scoring,
    /// Both columns of the table.
    pub sides: ByColor<SideScore>,
    /// The result of the count.
    pub result: GameResult,
    size: BoardSize,
    ownership: Vec<Ownership>,
}

impl Score {
    /// What `point` is at the count.
    #[must_use]
    pub fn ownership(&self, point: Point) -> Ownership {
        self.ownership[usize::from(point.y) * usize::from(self.size.get()) + usize::from(point.x)]
    }

    /// Black's total minus White's, in half points.
    #[must_use]
    pub fn margin_half_points(&self) -> i32 {
        self.sides.black.total_half_points - self.sides.white.total_half_points
    }

    /// The breakdown as one line a player can add up: the result, then each side's terms
    /// and total (territory counting: territory, captures, dead stones and pass stones; area
    /// counting: stones, territory and any handicap compensation; then komi, when not 0).
    ///
    /// ```
    /// use tengen_core::{Color, Game, Rules};
    /// // Two walls: five points of territory each, a column of dame between them.
    /// let walls = "
    ///     . X . O .
    ///     . X . O .
    ///     . X . O .
    ///     . X . O .
    ///     . X . O .";
    /// let game = Game::from_diagram(walls, Color::Black, Rules::japanese()).unwrap();
    /// assert_eq!(
    ///     game.score_as_ended(&[]).breakdown(),
    ///     "W+6.5 (B territory 5 + captures 0 + dead 0 + pass stones 0 = 5, \
    ///      W territory 5 + captures 0 + dead 0 + pass stones 0 + komi 6.5 = 11.5)"
    /// );
    /// let game = Game::from_diagram(walls, Color::Black, Rules::chinese()).unwrap();
    /// assert_eq!(
    ///     game.score_as_ended(&[]).breakdown(),
    ///     "W+7.5 (B stones 5 + territory 5 = 10, W stones 5 + territory 5 + komi 7.5 = 17.5)"
    /// );
    /// ```
    #[must_use]
    pub fn breakdown(&self) -> String {
        let mut out = format!("{} (", self.result);
        for (i, color) in Color::ALL.into_iter().enumerate() {
            let s = self.sides.get(color);
            if i > 0 {
                out.push_str(", ");
            }
            out.push(color.letter());
            match self.scoring {
                Scoring::Territory => {
                    out.push_str(&format!(
                        " territory {} + captures {} + dead {} + pass stones {}",
                        s.territory, s.captures, s.dead, s.pass_stones
                    ));
                }
                Scoring::Area => {
                    out.push_str(&format!(" stones {} + territory {}", s.stones, s.territory));
                    if s.compensation > 0 {
                        out.push_str(&format!(" + compensation {}", s.compensation));
                    }
                }
            }
            if s.komi_half_points != 0 {
                out.push_str(" + komi ");
                let _ = write_half_points(&mut out, s.komi_half_points);
            }
            out.push_str(" = ");
            let _ = write_half_points(&mut out, s.total_half_points);
        }
        out.push(')');
        out
    }
}

/// Everything the count needs besides the board.
pub(crate) struct CountInput<'a> {
    pub(crate) rules: &'a Rules,
    pub(crate) komi: Komi,
    pub(crate) handicap_stones: u32,
    /// Stones handed to each colour by the opponent's passes.
    pub(crate) pass_stones: ByColor<u32>,
    /// Row-major flags of the stones agreed dead.
    pub(crate) dead: &'a [bool],
}

/// Counts `board` with the dead stones of `input` removed.
pub(crate) fn count(board: &Board, input: &CountInput<'_>) -> Score {
    let size = board.size();
    let n = usize::from(size.get());
    let idx = |p: Point| usize::from(p.y) * n + usize::from(p.x);
    let mut ownership = vec![Ownership::Dame; n * n];

    // The position without the dead stones.
    let alive_board =
        Board::from_stones(size, board.stones().filter(|&(p, _)| !input.dead[idx(p)]));

    let regions = alive_board.empty_regions();
    let mut region_of = vec![usize::MAX; n * n];
    for (id, region) in regions.list.iter().enumerate() {
        for &cell in &region.cells {
            region_of[idx(alive_board.cells().point(cell))] = id;
        }
    }

    // Seki is looked for in the dame of the position without the dead stones, but judged on
    // the board as it stands: a dead stone inside a seki's eye is what keeps its owner from
    // filling the shared liberties (JP-9).
    let seki_chain = seki_chains(board, &regions.list, input.dead, idx);
    let mut seki_eye = vec![false; regions.list.len()];
    for (id, region) in regions.list.iter().enumerate() {
        if region.sole_neighbor_color().is_some() {
            seki_eye[id] = region.cells.iter().any(|&cell| {
                let p = alive_board.cells().point(cell);
                alive_board.neighbors(p).any(|nb| seki_chain[idx(nb)])
            });
        }
    }

    let mut sides: ByColor<SideScore> = ByColor::default();
    for color in Color::ALL {
        sides.get_mut(color).captures = board.captures(color);
        sides.get_mut(color).pass_stones = *input.pass_stones.get(color);
    }
    for p in size.points() {
        let i = idx(p);
        let stone = board.get(p);
        ownership[i] = match (stone, input.dead[i] && stone.is_some()) {
            (Some(c), false) => {
                sides.get_mut(c).stones += 1;
                if seki_chain[i] {
                    Ownership::Seki(c)
                } else {
                    Ownership::Alive(c)
                }
            }
            _ => {
                let region = region_of[i];
                let owner = regions.list[region].sole_neighbor_color();
                let in_seki = seki_eye[region] && !input.rules.seki_territory;
                match (owner, stone, in_seki) {
                    (Some(o), Some(c), true) => {
                        // A dead stone inside a seki stays on the board (JP-9).
                        let _ = o;
                        sides.get_mut(c).stones += 1;
                        Ownership::DeadInSeki(c)
                    }
                    (Some(o), None, true) => Ownership::SekiEye(o),
                    (Some(o), stone, false) => {
                        sides.get_mut(o).territory += 1;
                        if let Some(c) = stone {
                            sides.get_mut(c.other()).dead += 1;
                            Ownership::Dead(c)
                        } else {
                            Ownership::Territory(o)
                        }
                    }
                    (None, Some(c), _) => {
                        sides.get_mut(c.other()).dead += 1;
                        Ownership::DeadInDame(c)
                    }
                    (None, None, _) => Ownership::Dame,
                }
            }
        };
    }

    let komi = i32::from(input.komi.half_points());
    sides.white.komi_half_points = komi;
    sides.white.compensation = input.rules.handicap_compensation(input.handicap_stones);
    for color in Color::ALL {
        let s = sides.get_mut(color);
        let points = match input.rules.scoring {
            Scoring::Territory => s.territory + s.captures + s.dead + s.pass_stones,
            Scoring::Area => s.territory + s.stones + s.compensation,
        };
        s.total_half_points = 2 * points as i32 + s.komi_half_points;
    }
    let result =
        GameResult::from_margin(sides.black.total_half_points - sides.white.total_half_points);
    Score {
        scoring: input.rules.scoring,
        sides,
        result,
        size,
        ownership,
    }
}

/// Row-major flags of the living chains in seki.
///
/// A dame region (empty points touching both colours) is a seki region when *each* colour
/// would endanger itself by filling one of its points: the move is suicide, or it captures
/// nothing and leaves the mover's chain with one liberty, even after the mover has taken the
/// dead stones next to it and joined it to its other chains nearby (a chain short of
/// liberties only while the dead stones around it stand, or only until it connects, is not
/// in seki: it does that first). The chains so endangered are in seki. Dame between groups
/// that can fill it safely (ordinary dame) is not seki, and neither is a point only one side
/// cannot fill (a group that is simply short of liberties).
fn seki_chains(
    board: &Board,
    alive_regions: &[crate::board::EmptyRegion],
    dead: &[bool],
    idx: impl Fn(Point) -> usize,
) -> Vec<bool> {
    let mut in_seki = vec![false; board.size().area()];
    for region in alive_regions {
        if region.touches != [true, true] {
            continue;
        }
        let mut endangered = [false; 2];
        let mut weak: Vec<Point> = Vec::new();
        for &cell in &region.cells {
            // Cell indices agree between boards of one size.
            let q = board.cells().point(cell);
            if board.get(q).is_some() {
                continue;
            }
            for color in Color::ALL {
                let neighbors: Vec<Point> = board
                    .neighbors(q)
                    .filter(|&nb| board.get(nb) == Some(color) && !dead[idx(nb)])
                    .collect();
                if neighbors.is_empty() {
                    continue;
                }
                if endangers(board, cell, color) && !relieved(board, cell, color, dead, &idx) {
                    endangered[color.index()] = true;
                    weak.extend(neighbors);
                }
            }
        }
        if endangered == [true, true] {
            for stone in weak {
                for s in board.chain(stone) {
                    in_seki[idx(s)] = true;
                }
            }
        }
    }
    in_seki
}

/// Whether a `color` stone on the empty `cell` of `board` is suicide, or captures nothing and
/// leaves its chain with one liberty.
fn endangers(board: &Board, cell: usize, color: Color) -> bool {
    fill(board, cell, color).is_none_or(|(captured, liberties)| captured == 0 && liberties <= 1)
}

/// What a `color` stone on the empty `cell` of `board` does: the stones it captures and the
/// liberties its chain is left with; `None` when it is suicide.
fn fill(board: &Board, cell: usize, color: Color) -> Option<(u32, usize)> {
    let mut after = board.clone();
    let placed = after.cells_mut().place_unchecked(cell, color);
    (placed.suicided == 0).then(|| {
        (
            placed.captured,
            after.liberties(board.cells().point(cell)).len(),
        )
    })
}

/// Whether `color` stops endangering itself on `cell` once it has made the moves that gain
/// its chains around `cell` liberties: taking the dead opponent chains next to them (filling
/// their liberties), and joining them to other chains of its own through an empty point next
/// to both. A seki's chain gains nothing so: the dead stone in its eye is taken by filling
/// the eye, and joining another chain of the seki through an eye fills the eye; either way
/// the test still endangers it. A seki's chain whose eye holds dead stones gains liberties by
/// taking them, but only those of a small eye, which a throw-in reduces again: the move must
/// leave it [`RELIEVED_LIBERTIES`].
fn relieved(
    board: &Board,
    cell: usize,
    color: Color,
    dead: &[bool],
    idx: impl Fn(Point) -> usize,
) -> bool {
    let point = board.cells().point(cell);
    let mut after = board.clone();
    let mut played = false;
    // Twice: the points its captures empty may join it to another chain.
    for _ in 0..2 {
        let mut around: Vec<Point> = Vec::new();
        for nb in after.neighbors(point) {
            if after.get(nb) == Some(color) && !around.contains(&nb) {
                around.extend(after.chain(nb));
            }
        }
        let mut moves: Vec<Point> = Vec::new();
        for &stone in &around {
            for nb in after.neighbors(stone) {
                match after.get(nb) {
                    // A dead opponent chain: it fills its liberties and takes it.
                    Some(c) if c != color && dead[idx(nb)] => {
                        for s in after.chain(nb) {
                            moves.extend(after.neighbors(s).filter(|&l| after.get(l).is_none()));
                        }
                    }
                    // An empty point next to another living chain of its own: it joins it.
                    None if after.neighbors(nb).any(|far| {
                        after.get(far) == Some(color) && !dead[idx(far)] && !around.contains(&far)
                    }) =>
                    {
                        moves.push(nb);
                    }
                    _ => {}
                }
            }
        }
        for m in moves {
            let c = after.cells().cell(m);
            if m != point && after.get(m).is_none() && after.cells().is_legal(c, color) {
                after.cells_mut().place_unchecked(c, color);
                played = true;
            }
        }
    }
    // Three liberties at least: a chain whose capture of the dead stones in its eye leaves it
    // two (a two-point eye) is still thrown in and taken, as in a seki.
    played
        && fill(&after, cell, color).is_some_and(|(_, liberties)| liberties >= RELIEVED_LIBERTIES)
}

/// The liberties a chain must keep after filling a dame point, once it has taken the dead
/// stones next to it and joined its neighbours, for the point not to endanger it.
const RELIEVED_LIBERTIES: usize = 3;
