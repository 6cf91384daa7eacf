//! A deliberately naive reference implementation of the rules: a plain array, flood-fill
//! captures and the full list of earlier positions. Slow and obviously right, it is the
//! oracle for the fast board and the game.

use tengen_core::{Color, KoRule, Move, Point, Rules, Suicide};

type Cells = Vec<Option<Color>>;

#[derive(Clone, Debug)]
pub(crate) struct Naive {
    n: usize,
    cells: Cells,
    to_move: Color,
    rules: Rules,
    /// Every (board, player to move) so far, the start included.
    history: Vec<(Cells, Color)>,
    /// The simple-ko point banned for the player to move.
    ko_ban: Option<usize>,
    passes: u32,
    ended: bool,
}

impl Naive {
    pub(crate) fn new(n: usize, stones: &[(Point, Color)], to_move: Color, rules: Rules) -> Naive {
        let mut cells = vec![None; n * n];
        for &(p, c) in stones {
            cells[usize::from(p.y) * n + usize::from(p.x)] = Some(c);
        }
        Naive {
            n,
            history: vec![(cells.clone(), to_move)],
            cells,
            to_move,
            rules,
            ko_ban: None,
            passes: 0,
            ended: false,
        }
    }

    fn neighbors(&self, i: usize) -> Vec<usize> {
        let (x, y) = (i % self.n, i / self.n);
        let mut out = Vec::new();
        if x > 0 {
            out.push(i - 1);
        }
        if x + 1 < self.n {
            out.push(i + 1);
        }
        if y > 0 {
            out.push(i - self.n);
        }
        if y + 1 < self.n {
            out.push(i + self.n);
        }
        out
    }

    /// The chain through `i` and its liberties, by flood fill.
    fn chain(&self, cells: &Cells, i: usize) -> (Vec<usize>, Vec<usize>) {
        let color = cells[i];
        let mut chain = vec![i];
        let mut libs = Vec::new();
        let mut k = 0;
        while k < chain.len() {
            for nb in self.neighbors(chain[k]) {
                if cells[nb] == color && !chain.contains(&nb) {
                    chain.push(nb);
                } else if cells[nb].is_none() && !libs.contains(&nb) {
                    libs.push(nb);
                }
            }
            k += 1;
        }
        (chain, libs)
    }

    /// The board after the mover plays `i`, the number captured, and the new ko ban; `None`
    /// if the stone cannot stand (occupied, suicide).
    fn after(&self, i: usize) -> Option<(Cells, usize, Option<usize>)> {
        self.after_for(i, self.to_move, false)
    }

    /// As [`Naive::after`] for `me`; `any_suicide`: a suicide of any size removes the chain.
    fn after_for(
        &self,
        i: usize,
        me: Color,
        any_suicide: bool,
    ) -> Option<(Cells, usize, Option<usize>)> {
        if self.cells[i].is_some() {
            return None;
        }
        let mut cells = self.cells.clone();
        cells[i] = Some(me);
        let mut captured = Vec::new();
        for nb in self.neighbors(i) {
            if cells[nb] == Some(me.other()) {
                let (chain, libs) = self.chain(&cells, nb);
                if libs.is_empty() {
                    for s in chain {
                        cells[s] = None;
                        captured.push(s);
                    }
                }
            }
        }
        let (own, own_libs) = self.chain(&cells, i);
        if own_libs.is_empty() {
            if any_suicide || (self.rules.suicide == Suicide::MultiStone && own.len() >= 2) {
                for s in own {
                    cells[s] = None;
                }
                return Some((cells, 0, None));
            }
            return None;
        }
        let ko =
            (captured.len() == 1 && own.len() == 1 && own_libs == captured).then(|| captured[0]);
        Some((cells, captured.len(), ko))
    }

    pub(crate) fn legal(&self, mv: Move) -> bool {
        if self.ended {
            return false;
        }
        let Move::Play(p) = mv else { return true };
        if usize::from(p.x) >= self.n || usize::from(p.y) >= self.n {
            return false;
        }
        let i = usize::from(p.y) * self.n + usize::from(p.x);
        if self.ko_ban == Some(i) {
            return false;
        }
        let Some((cells, captured, _)) = self.after(i) else {
            return false;
        };
        let next = self.to_move.other();
        match self.rules.ko {
            KoRule::Simple => true,
            KoRule::Positional => !self.history.iter().any(|(c, _)| *c == cells),
            KoRule::Situational => !self.history.iter().any(|(c, m)| *c == cells && *m == next),
            KoRule::CapturePositional => {
                captured == 0 || !self.history.iter().any(|(c, _)| *c == cells)
            }
        }
    }

    /// Plays a legal move.
    pub(crate) fn play(&mut self, mv: Move) {
        assert!(self.legal(mv));
        let accepted = self.play_tolerant(self.to_move, mv);
        assert!(accepted);
    }

    /// Plays `mv` for `color` as a tolerant replay does: in or out of turn, ko and superko
    /// ignored, a suicide of any size removing the mover's chain. Returns false, changing
    /// nothing, when the board cannot hold the stone: off the board, on a stone, or after the
    /// end of play.
    pub(crate) fn play_tolerant(&mut self, color: Color, mv: Move) -> bool {
        if self.ended {
            return false;
        }
        match mv {
            Move::Pass => {
                self.passes += 1;
                self.ko_ban = None;
                self.to_move = color.other();
                self.history.push((self.cells.clone(), self.to_move));
                if self.passes >= 2 {
                    self.ended = true;
                }
            }
            Move::Play(p) => {
                if usize::from(p.x) >= self.n || usize::from(p.y) >= self.n {
                    return false;
                }
                let i = usize::from(p.y) * self.n + usize::from(p.x);
                let Some((cells, _, ko)) = self.after_for(i, color, true) else {
                    return false;
                };
                self.cells = cells;
                self.ko_ban = ko;
                self.passes = 0;
                self.to_move = color.other();
                self.history.push((self.cells.clone(), self.to_move));
                let occurrences = self
                    .history
                    .iter()
                    .filter(|(c, m)| *c == self.cells && *m == self.to_move)
                    .count();
                if self.rules.ko == KoRule::Simple && occurrences >= 3 {
                    self.ended = true; // JP-6: no result
                }
            }
        }
        true
    }

    pub(crate) fn moves(&self) -> Vec<Move> {
        let mut out: Vec<Move> = (0..self.n * self.n)
            .map(|i| Move::Play(Point::new((i % self.n) as u8, (i / self.n) as u8)))
            .filter(|&mv| self.legal(mv))
            .collect();
        if !self.ended {
            out.push(Move::Pass);
        }
        out
    }

    /// Whether play has ended (two passes, or a cycle under simple ko).
    pub(crate) fn ended(&self) -> bool {
        self.ended
    }

    pub(crate) fn stone(&self, p: Point) -> Option<Color> {
        self.cells[usize::from(p.y) * self.n + usize::from(p.x)]
    }
}
