//! The end of a game: the scoring phase (dead stones, acceptance, disputes and resumption),
//! the endings that are not a count (resignation, time, forfeit, void), and the count.

use crate::{
    ByColor, Color, Game, GameResult, IllegalMove, IllegalPolicy, Move, MoveOutcome, Phase, Point,
    Resumption, Score, UnconditionalLife,
    score::{CountInput, count},
};

use super::{Action, ActionError};

/// What the rules did with a program's illegal move ([`Game::penalize_illegal`]).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Penalty {
    /// AGA-8: the move counts as a pass (with its pass stone).
    Pass(MoveOutcome),
    /// JP-11: the player loses the game.
    Loss(GameResult),
}

/// Which rules [`Game::replay_move`] lets a move break.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Tolerance {
    /// None: the move must be legal and in turn.
    Strict,
    /// Only the turn: either colour may move at any time (GTP `play`), every other rule
    /// holds.
    AnyTurn,
    /// Whatever the board can hold ([`Game::play_tolerant`]): a record from elsewhere. Play
    /// resumes after AGA-10 ended the game too.
    Board,
}

/// What [`Game::replay_move`] did.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Replayed {
    /// The move was played.
    Played {
        /// What it did.
        outcome: MoveOutcome,
        /// Play had stopped (two passes) and this move resumed it.
        resumed: bool,
        /// The rule the move broke, when the tolerance let it.
        broke: Option<IllegalMove>,
    },
    /// White's closing pass, which the rules had already made (AGA-11), given again by the
    /// record or the controller: nothing changed.
    ForcedPassEcho,
}

impl Game {
    /// `color`, a program, tried an illegal move (under a referee or a server; a person's
    /// illegal move is refused instead). The rules' [`IllegalPolicy`] decides: the move counts
    /// as a pass (AGA-8) or the game is lost (JP-11).
    ///
    /// ```
    /// use tengen_core::{BoardSize, Color, Game, GameResult, Penalty, Rules};
    /// let size = BoardSize::new(9).unwrap();
    /// let mut aga = Game::new(size, Rules::aga());
    /// assert!(matches!(aga.penalize_illegal(Color::Black), Ok(Penalty::Pass(_))));
    /// assert_eq!(aga.pass_stones(Color::White), 1);
    /// let mut japanese = Game::new(size, Rules::japanese());
    /// let loss = japanese.penalize_illegal(Color::Black).unwrap();
    /// assert_eq!(loss, Penalty::Loss(GameResult::Forfeit(Color::White)));
    /// ```
    ///
    /// # Errors
    /// [`IllegalMove::GameOver`] when play has stopped, [`IllegalMove::NotYourTurn`] when it
    /// is not `color`'s move; the game is unchanged.
    pub fn penalize_illegal(&mut self, color: Color) -> Result<Penalty, IllegalMove> {
        self.check_as(color, Move::Pass)?;
        match self.rules.illegal {
            IllegalPolicy::Pass => self.play_as(color, Move::Pass).map(Penalty::Pass),
            IllegalPolicy::Lose => self
                .forfeit(color)
                .map(Penalty::Loss)
                .map_err(|_| IllegalMove::GameOver),
        }
    }

    /// `color` proposes `points` as the dead stones and accepts them, in one step (a
    /// program's `final_status_list dead`). When they are the stones already marked dead,
    /// this is an acceptance, and the opponent's acceptance stands; otherwise the marks are
    /// replaced, which clears the opponent's acceptance. Points without stones are ignored.
    /// Returns the result when both players have accepted.
    ///
    /// ```
    /// use tengen_core::{BoardSize, Color, Game, Move, Point, Rules};
    /// let mut game = Game::new(BoardSize::new(9).unwrap(), Rules::japanese());
    /// game.play(Move::Play(Point::new(4, 4))).unwrap();
    /// game.play(Move::Pass).unwrap();
    /// game.play(Move::Pass).unwrap();
    /// assert_eq!(game.propose_dead(Color::Black, &[]), Ok(None));
    /// let result = game.propose_dead(Color::White, &[]).unwrap();
    /// assert_eq!(result.unwrap().to_string(), "B+73.5"); // 80 points, 6.5 komi
    /// ```
    ///
    /// # Errors
    /// [`ActionError::NotScoring`] outside the scoring phase.
    pub fn propose_dead(
        &mut self,
        color: Color,
        points: &[Point],
    ) -> Result<Option<GameResult>, ActionError> {
        if self.phase != Phase::Scoring {
            return Err(ActionError::NotScoring);
        }
        let mut proposed = vec![false; self.dead.len()];
        for &p in points {
            if self.board.get(p).is_some() {
                proposed[self.index(p)] = true;
            }
        }
        if proposed != self.dead {
            self.set_dead(points)?;
        }
        self.accept(color)
    }

    /// Plays `color`'s move from a record or from a controller that does not take part in
    /// the scoring phase (GTP `play`, an SGF file): after two passes a move resumes play
    /// ([`Game::resume`] asked by the mover's opponent: under JP-8 the mover moves first), and
    /// White's closing pass that the rules made (AGA-11) is taken as already played. Under
    /// AGA a move after the second double pass is refused with [`IllegalMove::EndedAllAlive`]
    /// (AGA-10: that double pass ended the game with every stone alive), except with
    /// [`Tolerance::Board`], which resumes play anyway, the mover first, and reports that rule
    /// as broken. The tolerance says which rules the move may break; `broke` names the first.
    ///
    /// ```
    /// use tengen_core::{BoardSize, Color, Game, Move, Phase, Point, Replayed, Rules, Tolerance};
    /// let mut game = Game::new(BoardSize::new(9).unwrap(), Rules::aga());
    /// game.play(Move::Play(Point::new(4, 4))).unwrap();
    /// game.play(Move::Pass).unwrap();
    /// game.play(Move::Pass).unwrap(); // Black's: White's closing pass is added
    /// let echo = game.replay_move(Color::White, Move::Pass, Tolerance::Strict);
    /// assert_eq!(echo, Ok(Replayed::ForcedPassEcho));
    /// let stone = Move::Play(Point::new(2, 2));
    /// let played = game.replay_move(Color::Black, stone, Tolerance::Strict).unwrap();
    /// assert!(matches!(played, Replayed::Played { resumed: true, broke: None, .. }));
    /// assert_eq!(game.phase(), Phase::Playing);
    /// ```
    ///
    /// # Errors
    /// The rule the move breaks beyond the tolerance (after a resumption, judged in the
    /// resumed game); the game is unchanged.
    pub fn replay_move(
        &mut self,
        color: Color,
        mv: Move,
        tolerance: Tolerance,
    ) -> Result<Replayed, IllegalMove> {
        if self.phase != Phase::Playing
            && color == Color::White
            && mv == Move::Pass
            && self.moves.last().is_some_and(|m| m.forced)
        {
            return Ok(Replayed::ForcedPassEcho);
        }
        if self.phase == Phase::Scoring {
            let mut resumed = self.clone();
            let mut ended = None;
            if self.rules.resumption == Resumption::Aga && self.resumptions >= 1 {
                // A second dispute under AGA does not resume play: it ends the game with
                // every stone alive (AGA-10). Only a record replayed for what the board can
                // hold goes on, the mover moving first as under JP-8.
                if tolerance != Tolerance::Board {
                    return Err(IllegalMove::EndedAllAlive);
                }
                resumed.resume_tolerant(color);
                ended = Some(IllegalMove::EndedAllAlive);
            } else {
                // Outside AGA's second dispute, `resume` in the scoring phase reopens play.
                let _ = resumed.resume(color.other());
            }
            let replayed = resumed.replay_move(color, mv, tolerance)?;
            *self = resumed;
            return Ok(match replayed {
                Replayed::Played { outcome, broke, .. } => Replayed::Played {
                    outcome,
                    resumed: true,
                    broke: ended.or(broke),
                },
                echo @ Replayed::ForcedPassEcho => echo,
            });
        }
        let (outcome, broke) = match tolerance {
            Tolerance::Strict => (self.play_as(color, mv)?, None),
            Tolerance::AnyTurn => {
                self.check_ignoring_turn(color, mv)?;
                self.play_tolerant(color, mv)?
            }
            Tolerance::Board => self.play_tolerant(color, mv)?,
        };
        Ok(Replayed::Played {
            outcome,
            resumed: false,
            broke,
        })
    }

    /// The stones marked dead, row by row.
    #[must_use]
    pub fn dead_stones(&self) -> Vec<Point> {
        self.size()
            .points()
            .filter(|&p| self.dead[self.index(p)])
            .collect()
    }

    /// Whether the stone on `point` is marked dead.
    #[must_use]
    pub fn is_dead(&self, point: Point) -> bool {
        self.size().contains(point) && self.dead[self.index(point)]
    }

    /// A number that changes whenever the dead set changes: an acceptance refers to it.
    #[must_use]
    pub fn dead_version(&self) -> u32 {
        self.dead_version
    }

    /// Whether `color` has accepted the current dead set.
    #[must_use]
    pub fn accepted(&self, color: Color) -> bool {
        *self.accepted.get(color)
    }

    /// The group a click on `point` marks: its chain and the chains of the same colour that
    /// share a liberty with it, transitively.
    #[must_use]
    pub fn group(&self, point: Point) -> Vec<Point> {
        let Some(color) = self.board.get(point) else {
            return Vec::new();
        };
        let mut in_group = vec![false; self.size().area()];
        let mut stack = vec![point];
        let mut group = Vec::new();
        while let Some(p) = stack.pop() {
            if in_group[self.index(p)] {
                continue;
            }
            let chain = self.board.chain(p);
            for &s in &chain {
                in_group[self.index(s)] = true;
            }
            group.extend_from_slice(&chain);
            for lib in self.board.liberties(p) {
                for nb in self.board.neighbors(lib) {
                    if self.board.get(nb) == Some(color) && !in_group[self.index(nb)] {
                        stack.push(nb);
                    }
                }
            }
        }
        group.sort();
        group
    }

    /// Marks the group through `point` dead, or alive again if it was dead. Clears both
    /// acceptances.
    ///
    /// # Errors
    /// [`ActionError::NotScoring`] outside the scoring phase, [`ActionError::NoStone`] on
    /// an empty point.
    pub fn toggle_dead(&mut self, point: Point) -> Result<Vec<Point>, ActionError> {
        if self.phase != Phase::Scoring {
            return Err(ActionError::NotScoring);
        }
        let group = self.group(point);
        if group.is_empty() {
            return Err(ActionError::NoStone);
        }
        let now_dead = !self.dead[self.index(point)];
        for &p in &group {
            let i = self.index(p);
            self.dead[i] = now_dead;
        }
        self.dead_changed();
        self.actions.push(Action::ToggleDead(point));
        Ok(group)
    }

    /// Replaces the dead set (an engine's proposal, a suggestion). Points without stones are
    /// ignored. Clears both acceptances.
    ///
    /// # Errors
    /// [`ActionError::NotScoring`] outside the scoring phase.
    pub fn set_dead(&mut self, points: &[Point]) -> Result<(), ActionError> {
        if self.phase != Phase::Scoring {
            return Err(ActionError::NotScoring);
        }
        self.dead.iter_mut().for_each(|d| *d = false);
        for &p in points {
            if self.board.get(p).is_some() {
                let i = self.index(p);
                self.dead[i] = true;
            }
        }
        self.dead_changed();
        self.actions.push(Action::SetDead(self.dead_stones()));
        Ok(())
    }

    fn dead_changed(&mut self) {
        self.dead_version += 1;
        self.accepted = ByColor::default();
    }

    /// `color` accepts the current dead set. When both have accepted it, the game is counted
    /// and finished.
    ///
    /// # Errors
    /// [`ActionError::NotScoring`] outside the scoring phase.
    pub fn accept(&mut self, color: Color) -> Result<Option<GameResult>, ActionError> {
        if self.phase != Phase::Scoring {
            return Err(ActionError::NotScoring);
        }
        *self.accepted.get_mut(color) = true;
        self.actions.push(Action::Accept(color));
        if self.accepted.black && self.accepted.white {
            let result = self.score().result;
            self.phase = Phase::Finished(result);
            return Ok(Some(result));
        }
        Ok(None)
    }

    /// `color` disputes the dead stones and asks to resume play. Who moves next follows the
    /// rules' [`Resumption`]: AGA-10 (the opponent of the last passer) or JP-8 (the opponent of
    /// the player asking). Under AGA, a dispute after play was already resumed once ends the
    /// game with every stone alive. Returns the phase after the request.
    ///
    /// # Errors
    /// [`ActionError::NotScoring`] outside the scoring phase.
    pub fn resume(&mut self, color: Color) -> Result<Phase, ActionError> {
        if self.phase != Phase::Scoring {
            return Err(ActionError::NotScoring);
        }
        self.actions.push(Action::Resume(color));
        match self.rules.resumption {
            Resumption::Aga if self.resumptions >= 1 => {
                self.dead.iter_mut().for_each(|d| *d = false);
                self.dead_changed();
                let result = self.score().result;
                self.phase = Phase::Finished(result);
            }
            Resumption::Aga => {
                self.resumptions += 1;
                self.to_move = self.last_passer.map_or(Color::Black, Color::other);
                self.reopen();
            }
            Resumption::Japanese => {
                self.resumptions += 1;
                self.to_move = color.other();
                self.reopen();
            }
        }
        Ok(self.phase)
    }

    /// Play resumed by a record after AGA-10 ended the game (a second dispute under AGA),
    /// with `to_move` to play: [`Game::replay_move`] with [`Tolerance::Board`].
    pub(super) fn resume_tolerant(&mut self, to_move: Color) {
        self.actions.push(Action::ResumeTolerant(to_move));
        self.resumptions += 1;
        self.to_move = to_move;
        self.reopen();
    }

    fn reopen(&mut self) {
        self.phase = Phase::Playing;
        self.consecutive_passes = 0;
        self.dead.iter_mut().for_each(|d| *d = false);
        self.dead_changed();
    }

    /// `color` resigns (C2: at any moment, on either player's turn).
    ///
    /// # Errors
    /// [`ActionError::Finished`] if the game is over.
    pub fn resign(&mut self, color: Color) -> Result<GameResult, ActionError> {
        self.end(GameResult::Resignation(color.other()))
    }

    /// `color` ran out of time.
    ///
    /// # Errors
    /// [`ActionError::Finished`] if the game is over.
    pub fn time_out(&mut self, color: Color) -> Result<GameResult, ActionError> {
        self.end(GameResult::Time(color.other()))
    }

    /// `color` loses for an illegal move (a referee under `illegal=lose`, JP-11).
    ///
    /// # Errors
    /// [`ActionError::Finished`] if the game is over.
    pub fn forfeit(&mut self, color: Color) -> Result<GameResult, ActionError> {
        self.end(GameResult::Forfeit(color.other()))
    }

    /// The game ends with no result (JP-6, by agreement or a referee's decision).
    ///
    /// # Errors
    /// [`ActionError::Finished`] if the game is over.
    pub fn declare_void(&mut self) -> Result<GameResult, ActionError> {
        self.end(GameResult::Void)
    }

    pub(super) fn end(&mut self, result: GameResult) -> Result<GameResult, ActionError> {
        if matches!(self.phase, Phase::Finished(_)) {
            return Err(ActionError::Finished);
        }
        self.phase = Phase::Finished(result);
        self.actions.push(Action::End(result));
        Ok(result)
    }

    /// The count with the current dead set (in the scoring phase: the players' marks; when
    /// finished by counting: the agreed set).
    #[must_use]
    pub fn score(&self) -> Score {
        self.score_with_dead_flags(&self.dead)
    }

    /// The count with exactly the stones on `dead` removed (points without stones are ignored).
    #[must_use]
    pub fn score_with(&self, dead: &[Point]) -> Score {
        let mut flags = vec![false; self.size().area()];
        for &p in dead {
            if self.board.get(p).is_some() {
                flags[self.index(p)] = true;
            }
        }
        self.score_with_dead_flags(&flags)
    }

    /// The count as it would be if play stopped now and the owing player passed once more:
    /// under AGA-11, when Black passed last, White still owes a pass stone. For GTP
    /// `final_score` in the middle of the end.
    #[must_use]
    pub fn score_as_ended(&self, dead: &[Point]) -> Score {
        let mut game = self.clone();
        if game.phase == Phase::Playing
            && game.rules.white_passes_last
            && game.moves.last().map(|m| (m.color, m.mv)) == Some((Color::Black, Move::Pass))
            && game.rules.pass_stones
        {
            *game.pass_stones.get_mut(Color::Black) += 1;
        }
        game.score_with(dead)
    }

    fn score_with_dead_flags(&self, dead: &[bool]) -> Score {
        count(
            &self.board,
            &CountInput {
                rules: &self.rules,
                komi: self.komi,
                handicap_stones: self.handicap_stones(),
                pass_stones: self.pass_stones,
                dead,
            },
        )
    }

    /// A starting suggestion for the dead stones: the stones inside the other colour's
    /// pass-alive territory (Benson). Certain, but it misses stones that are dead only by
    /// reading.
    #[must_use]
    pub fn suggest_dead(&self) -> Vec<Point> {
        UnconditionalLife::of(&self.board).dead_stones(&self.board)
    }
}
