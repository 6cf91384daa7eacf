//! The end of a game: the scoring phase (dead stones, acceptance, disputes and resumption),
//! the endings that are not a count (resignation, time, forfeit, void), and the count.

use crate::{
    ByColor, Color, Game, GameResult, Move, Phase, Point, Resumption, Score, UnconditionalLife,
    score::{CountInput, count},
};

use super::{Action, ActionError};

impl Game {
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
