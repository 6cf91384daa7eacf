//! What a director chooses: the pairing system, the handicap policy, the tie-breakers.

use crate::Rank;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// How players are grouped for pairing.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum System {
    /// McMahon: players start with a score from their rank, between the floor and the bar,
    /// and meet players of the same McMahon score. Everyone at or above the bar starts equal.
    McMahon {
        /// The bar: players of this rank and stronger start with the same, top score.
        bar: Rank,
        /// The floor: players of this rank and weaker start with the same, bottom score.
        floor: Rank,
    },
    /// Swiss: everyone starts at 0 and meets players with the same number of wins.
    Swiss,
}

/// How handicaps are given (JP-3, AGA-4a give stones equal to the rank difference; a
/// tournament commonly reduces that and caps it).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum HandicapPolicy {
    /// Every game even: colours balanced, the rules' even komi.
    None,
    /// The rank difference minus `reduction`, at most `ceiling` stones. One stone means
    /// Black moves first without komi (JP-3; AGA-4a's one-stone game).
    RankDifference {
        /// Ranks taken off the difference.
        reduction: u32,
        /// The most stones given.
        ceiling: u32,
    },
}

impl HandicapPolicy {
    /// The stones two players `ranks_apart` ranks apart get.
    #[must_use]
    pub fn stones(self, ranks_apart: u32) -> u32 {
        match self {
            HandicapPolicy::None => 0,
            HandicapPolicy::RankDifference { reduction, ceiling } => {
                ranks_apart.saturating_sub(reduction).min(ceiling)
            }
        }
    }
}

/// How players of one score group are matched for the first time: the EGF's two customs.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "snake_case")]
pub enum Seeding {
    /// The group's top half meets its bottom half in order: 1st–(n/2+1)th, 2nd–(n/2+2)th.
    #[default]
    SplitAndSlip,
    /// The top meets the bottom: 1st–nth, 2nd–(n−1)th.
    SplitAndFold,
}

/// A criterion of the standings, by OpenGotha's name. The sums over opponents are of the
/// main score: the McMahon score in a McMahon tournament, the number of wins in a Swiss one.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TieBreaker {
    /// McMahon score: the start score plus the points won.
    #[serde(rename = "MMS")]
    Mms,
    /// Number of wins (jigo half, the bye one).
    #[serde(rename = "NBW")]
    Nbw,
    /// Sum of the opponents' scores.
    #[serde(rename = "SOS")]
    Sos,
    /// SOS without the lowest opponent's score.
    #[serde(rename = "SOSM1")]
    SosMinus1,
    /// SOS without the two lowest.
    #[serde(rename = "SOSM2")]
    SosMinus2,
    /// Sum of the opponents' SOS.
    #[serde(rename = "SOSOS")]
    Sosos,
    /// Sum of the scores of the opponents beaten (half for a jigo).
    #[serde(rename = "SODOS")]
    Sodos,
    /// Cumulative sum of the score after each round: rewards winning early.
    #[serde(rename = "CUSS")]
    Cuss,
}

impl TieBreaker {
    /// Every criterion, in the order menus list them.
    pub const ALL: [TieBreaker; 8] = [
        TieBreaker::Mms,
        TieBreaker::Nbw,
        TieBreaker::Sos,
        TieBreaker::SosMinus1,
        TieBreaker::SosMinus2,
        TieBreaker::Sosos,
        TieBreaker::Sodos,
        TieBreaker::Cuss,
    ];

    /// OpenGotha's short name, as standings print it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            TieBreaker::Mms => "MMS",
            TieBreaker::Nbw => "NBW",
            TieBreaker::Sos => "SOS",
            TieBreaker::SosMinus1 => "SOSM1",
            TieBreaker::SosMinus2 => "SOSM2",
            TieBreaker::Sosos => "SOSOS",
            TieBreaker::Sodos => "SODOS",
            TieBreaker::Cuss => "CUSS",
        }
    }
}

impl fmt::Display for TieBreaker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for TieBreaker {
    type Err = SettingsError;
    fn from_str(s: &str) -> Result<TieBreaker, SettingsError> {
        let s = s.trim();
        TieBreaker::ALL
            .into_iter()
            .find(|t| t.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| SettingsError::UnknownTieBreaker(s.chars().take(16).collect()))
    }
}

/// A tournament's rules of play and ranking.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settings {
    /// McMahon or Swiss.
    pub system: System,
    /// Rounds planned.
    pub rounds: u32,
    /// Handicap stones from the ranks.
    pub handicap: HandicapPolicy,
    /// The order of the standings: the first criterion, then the tie-breakers.
    pub tie_breakers: Vec<TieBreaker>,
    /// Matching inside a score group.
    #[serde(default)]
    pub seeding: Seeding,
}

impl Default for Settings {
    /// A club's handicap McMahon: bar 1d, floor 20k, five rounds, the full rank difference
    /// in stones up to nine (JP-3), ranked by MMS, SOS, SOSOS.
    fn default() -> Settings {
        Settings {
            system: System::McMahon {
                bar: Rank::dan(1).expect("1d is a rank"),
                floor: Rank::kyu(20).expect("20k is a rank"),
            },
            rounds: 5,
            handicap: HandicapPolicy::RankDifference {
                reduction: 0,
                ceiling: 9,
            },
            tie_breakers: vec![TieBreaker::Mms, TieBreaker::Sos, TieBreaker::Sosos],
            seeding: Seeding::SplitAndSlip,
        }
    }
}

/// The most rounds a director may plan: beyond this no club tournament goes, and the
/// crosstable's width stays bounded.
pub const MAX_ROUNDS: u32 = 20;
/// The most tie-breakers listed.
const MAX_TIE_BREAKERS: usize = 8;

impl Settings {
    /// Checks the settings, naming the field that is wrong.
    pub fn validate(&self) -> Result<(), SettingsError> {
        if self.rounds == 0 || self.rounds > MAX_ROUNDS {
            return Err(SettingsError::Rounds(self.rounds));
        }
        if let System::McMahon { bar, floor } = self.system {
            if floor > bar {
                return Err(SettingsError::FloorAboveBar { bar, floor });
            }
        }
        if let HandicapPolicy::RankDifference { ceiling, .. } = self.handicap {
            if ceiling > 9 {
                return Err(SettingsError::Ceiling(ceiling));
            }
        }
        if self.tie_breakers.is_empty() || self.tie_breakers.len() > MAX_TIE_BREAKERS {
            return Err(SettingsError::TieBreakerCount(self.tie_breakers.len()));
        }
        for (i, t) in self.tie_breakers.iter().enumerate() {
            if self.tie_breakers[..i].contains(t) {
                return Err(SettingsError::RepeatedTieBreaker(*t));
            }
        }
        Ok(())
    }

    /// Whether scores are McMahon scores.
    #[must_use]
    pub fn is_mcmahon(&self) -> bool {
        matches!(self.system, System::McMahon { .. })
    }
}

/// Settings that cannot run a tournament, naming the field.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SettingsError {
    /// `rounds` out of range.
    #[error("rounds: {0} is not between 1 and {MAX_ROUNDS}")]
    Rounds(u32),
    /// The McMahon floor is stronger than the bar.
    #[error("floor: {floor} is above the bar {bar}")]
    FloorAboveBar {
        /// The bar.
        bar: Rank,
        /// The floor.
        floor: Rank,
    },
    /// A handicap ceiling above nine stones.
    #[error("handicap ceiling: {0} stones is more than 9")]
    Ceiling(u32),
    /// No tie-breaker, or too many.
    #[error("tie_breakers: {0} listed; list 1 to {MAX_TIE_BREAKERS}")]
    TieBreakerCount(usize),
    /// The same criterion twice.
    #[error("tie_breakers: {0} is listed twice")]
    RepeatedTieBreaker(TieBreaker),
    /// A name OpenGotha does not use.
    #[error(
        "tie_breakers: unknown criterion {0:?} (MMS, NBW, SOS, SOSM1, SOSM2, SOSOS, SODOS, CUSS)"
    )]
    UnknownTieBreaker(String),
}
