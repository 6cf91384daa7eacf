//! What a match produced: every game's record, each engine's totals, and the table.

use std::{fmt, path::PathBuf};

use tengen_core::{Color, GameResult};

use super::Entrant;

/// One game of a match.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// 1, 2, …
    pub number: u32,
    /// Which engine had Black.
    pub black: Entrant,
    /// The result, as the referee counted it.
    pub result: GameResult,
    /// Moves played (passes included).
    pub moves: usize,
    /// Why the game ended other than by the count, if it did (crash, timeout, garbage,
    /// illegal move under `illegal=lose`, move limit, …).
    pub reason: Option<String>,
    /// Everything the referee noted: illegal moves replaced by passes, disputes, refusals.
    pub notes: Vec<String>,
    /// Errors per engine (indexed by [`Entrant`]): illegal moves, crashes, timeouts, garbage,
    /// refused legal moves.
    pub errors: [u32; 2],
    /// The SGF file written, if any.
    pub sgf: Option<PathBuf>,
    /// The game's SGF text.
    pub sgf_text: String,
}

impl GameRecord {
    /// The engine that won, if any.
    #[must_use]
    pub fn winner(&self) -> Option<Entrant> {
        self.result.winner().map(|c| self.entrant_of(c))
    }

    /// The engine that played `color`.
    #[must_use]
    pub fn entrant_of(&self, color: Color) -> Entrant {
        match (color, self.black) {
            (Color::Black, entrant) => entrant,
            (Color::White, Entrant::First) => Entrant::Second,
            (Color::White, Entrant::Second) => Entrant::First,
        }
    }
}

/// Totals for one engine.
#[derive(Clone, Debug, Default)]
pub struct EngineStats {
    /// The engine's `name` (and `version`), or its command line.
    pub name: String,
    /// Games won, as Black, as White.
    pub wins: u32,
    /// Games won with Black.
    pub wins_black: u32,
    /// Games won with White.
    pub wins_white: u32,
    /// Games played with Black.
    pub games_black: u32,
    /// Games played with White.
    pub games_white: u32,
    /// Errors over the match.
    pub errors: u32,
}

/// The outcome of a match; `Display` prints the table.
#[derive(Clone, Debug)]
pub struct MatchReport {
    /// Every game, in order.
    pub games: Vec<GameRecord>,
    /// The two engines.
    pub engines: [EngineStats; 2],
    /// A one-line description of the settings.
    pub settings: String,
}

impl MatchReport {
    /// The first engine's share of the decided games and its 95% Wilson interval.
    #[must_use]
    pub fn win_rate(&self) -> Option<(f64, f64, f64)> {
        let wins = f64::from(self.engines[0].wins);
        let n = wins + f64::from(self.engines[1].wins);
        if n == 0.0 {
            return None;
        }
        let p = wins / n;
        let z: f64 = 1.96;
        let centre = (p + z * z / (2.0 * n)) / (1.0 + z * z / n);
        let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / (1.0 + z * z / n);
        Some((p, (centre - half).max(0.0), (centre + half).min(1.0)))
    }
}

impl fmt::Display for MatchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}", self.settings)?;
        for g in &self.games {
            let black = &self.engines[g.black.index()].name;
            let white = &self.engines[g.entrant_of(Color::White).index()].name;
            write!(
                f,
                "game {:>3}: B {black} / W {white}: {} in {} moves",
                g.number, g.result, g.moves
            )?;
            if let Some(reason) = &g.reason {
                write!(f, " ({reason})")?;
            }
            writeln!(f)?;
        }
        let width = self
            .engines
            .iter()
            .map(|e| e.name.chars().count())
            .max()
            .unwrap_or(6)
            .max(6);
        writeln!(
            f,
            "{:<width$}  {:>7}  {:>9}  {:>9}  {:>6}",
            "engine", "wins", "as black", "as white", "errors"
        )?;
        let games = self.games.len();
        for e in &self.engines {
            writeln!(
                f,
                "{:<width$}  {:>7}  {:>9}  {:>9}  {:>6}",
                e.name,
                format!("{}/{games}", e.wins),
                format!("{}/{}", e.wins_black, e.games_black),
                format!("{}/{}", e.wins_white, e.games_white),
                e.errors
            )?;
        }
        let undecided = games as u32 - self.engines[0].wins - self.engines[1].wins;
        match self.win_rate() {
            Some((p, lo, hi)) => writeln!(
                f,
                "win rate of {}: {:.1}% (95% interval {:.1}%-{:.1}%) over {} decided games; {undecided} jigo or void",
                self.engines[0].name,
                100.0 * p,
                100.0 * lo,
                100.0 * hi,
                games as u32 - undecided
            )?,
            None => writeln!(f, "no decided game; {undecided} jigo or void")?,
        }
        let total: usize = self.games.iter().map(|g| g.moves).sum();
        let average = if games == 0 {
            0.0
        } else {
            total as f64 / games as f64
        };
        write!(f, "average length: {average:.1} moves")
    }
}
