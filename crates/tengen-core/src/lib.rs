//! Go rules for Tengen: board, game, rules presets, scoring, handicap and the end of a game.
//! No I/O.

mod rules;
mod types;

pub use rules::{
    HandicapBonus, IllegalPolicy, Komi, KomiError, KoRule, PRESET_NAMES, Rules, RulesError,
    Scoring, Suicide,
};
pub use types::{BoardSize, BoardSizeError, ByColor, Color, MAX_SIZE, MIN_SIZE, Move, Point};
