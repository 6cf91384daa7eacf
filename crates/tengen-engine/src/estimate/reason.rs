//! Why the estimator gave each chain its status, and what it found unfinished: the evidence
//! it actually used, typed, so that a count can be explained to the players who accept it.

use tengen_core::{BoardSize, Color, Move, Point, move_text};

/// One move of a line the reading proved: who plays, and where (`None`: a pass).
pub type LineMove = (Color, Option<Point>);

/// What decided a chain's status. Each variant is a step of the estimator that settled it
/// (see the module documentation of [`estimate`](super)); none is inferred afterwards.
#[derive(Clone, Debug, PartialEq)]
pub enum Reason {
    /// Benson's unconditional life: its eyes (`eyes`, the owner's pass-alive territory it
    /// touches) cannot be filled, whoever plays.
    UnconditionallyAlive {
        /// The eye points next to it.
        eyes: Vec<Point>,
    },
    /// It stands in the opponent's pass-alive territory (Benson): it can never make life.
    InPassAliveTerritory,
    /// Local reading under JP-7's confirmation (the opponent moves first, no ko retaken
    /// without a pass): every attack fails. `line`: the opponent's most urgent try and the
    /// owner's answers, up to where the group is pass-alive (two eyes, or a seki the
    /// opponent cannot fill); empty when it is so already.
    LivesByReading {
        /// The refuted attack.
        line: Vec<LineMove>,
    },
    /// Local reading under JP-7's confirmation: the opponent, moving first, captures it.
    /// `line`: the killing moves with the owner's best replies, which fail.
    DiesByReading {
        /// The killing sequence.
        line: Vec<LineMove>,
    },
    /// In atari, but the capture on `liberty` is answered by a snapback: it needs no move.
    Snapback {
        /// Its liberty.
        liberty: Point,
    },
    /// A stone in an unresolved ko (JP-7's confirmation): the opponent takes it on
    /// `capture`, and its owner may not retake before passing.
    UnresolvedKo {
        /// Where the opponent takes it.
        capture: Point,
    },
    /// In atari next to a living opponent stone, and its owner cannot escape: a stone on
    /// `liberty` is suicide or still in atari.
    CannotEscapeAtari {
        /// Its liberty.
        liberty: Point,
    },
    /// In atari only from stones that are dead themselves: it lives and needs no move.
    HeldOnlyByDeadStones {
        /// Its liberty.
        liberty: Point,
    },
    /// Judged dead first, but the empty points and dead stones around it touch living stones
    /// of its owner's only: it stands in its owner's territory, and no living opponent stone
    /// can take it.
    InOwnTerritory,
    /// Judged dead by the playouts, but the opponent cannot cut it from the living chain at
    /// `to`: they share a point (`through`) where his stone is suicide or taken at once, or
    /// two liberties, one of which its owner takes when he fills the other.
    JoinedToTheLiving {
        /// A stone of the living chain.
        to: Point,
        /// The points that join it.
        through: Vec<Point>,
    },
    /// In atari from a living stone: it lives once its owner fills `liberty` (not territory
    /// under territory scoring without pass stones).
    MustFill {
        /// The point to fill.
        liberty: Point,
    },
    /// The playouts, started by its opponent (JP-7: he moves first): no proof. `survival`:
    /// the share of them at whose end its points were its owner's; 0.65 or more is alive.
    Playouts {
        /// The share survived.
        survival: f64,
    },
    /// A seki (JP-9, AGA-12) found by the count: it shares `shared_liberties` with opponent
    /// chains, and whoever fills one is captured. `lives_by`: why it was judged alive.
    Seki {
        /// The liberties it shares with the opponent.
        shared_liberties: Vec<Point>,
        /// The evidence that it lives.
        lives_by: Box<Reason>,
    },
}

/// A group whose status depends on who moves first: the count takes JP-7's answer (the
/// opponent moves first), and the players should play it out before they accept.
#[derive(Clone, Debug, PartialEq)]
pub enum Unsettled {
    /// The reading: dead if the opponent moves first, alive if the owner does, by `line`.
    OwnerMovingFirstLives {
        /// The owner's living line.
        line: Vec<LineMove>,
    },
    /// The playouts: it survived `owner_first` of the playouts its owner started and
    /// `opponent_first` of its opponent's.
    PlayoutsSwing {
        /// Survival when the owner moves first.
        owner_first: f64,
        /// Survival when the opponent moves first.
        opponent_first: f64,
    },
}

/// An open boundary: an empty region bordered by both colours, counted as dame, that a
/// `color` stone on each of `points` would close into `color`'s territory (`encloses`).
/// OGS marks such points "needs sealing"; until they are played the count is not final.
#[derive(Clone, Debug, PartialEq)]
pub struct Sealing {
    /// Who gains by sealing (whose territory the region becomes).
    pub color: Color,
    /// The points to play, row by row.
    pub points: Vec<Point>,
    /// The points that become `color`'s territory once they are played, row by row.
    pub encloses: Vec<Point>,
}

fn vertex(p: Point, size: BoardSize) -> String {
    move_text(Move::Play(p), size)
}

fn vertices(points: &[Point], size: BoardSize) -> String {
    points
        .iter()
        .map(|&p| vertex(p, size))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A line as text: `W B7, B A7, W C7` (`pass` for a pass).
#[must_use]
pub fn line_text(line: &[LineMove], size: BoardSize) -> String {
    line.iter()
        .map(|&(c, p)| {
            format!(
                "{} {}",
                c.letter(),
                p.map_or_else(|| "pass".to_owned(), |p| vertex(p, size))
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

impl Reason {
    /// A short name for machines (the JSON's `reason`).
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Reason::UnconditionallyAlive { .. } => "unconditionally-alive",
            Reason::InPassAliveTerritory => "in-pass-alive-territory",
            Reason::LivesByReading { .. } => "lives-by-reading",
            Reason::DiesByReading { .. } => "dies-by-reading",
            Reason::Snapback { .. } => "snapback",
            Reason::UnresolvedKo { .. } => "unresolved-ko",
            Reason::CannotEscapeAtari { .. } => "cannot-escape-atari",
            Reason::HeldOnlyByDeadStones { .. } => "held-only-by-dead-stones",
            Reason::InOwnTerritory => "in-own-territory",
            Reason::JoinedToTheLiving { .. } => "joined-to-the-living",
            Reason::MustFill { .. } => "must-fill",
            Reason::Playouts { .. } => "playouts",
            Reason::Seki { .. } => "seki",
        }
    }

    /// The reason in a few words, without its points or reading line: what a player may be
    /// told where the line itself would be advice (the scoring phase of a game that allows
    /// no analysis, where play may resume after a dispute).
    #[must_use]
    pub fn summary(&self) -> &'static str {
        match self {
            Reason::UnconditionallyAlive { .. } => "unconditionally alive (Benson)",
            Reason::InPassAliveTerritory => {
                "dead: in the opponent's unconditionally alive territory (Benson)"
            }
            Reason::LivesByReading { .. } => "alive by reading (the opponent moving first, JP-7)",
            Reason::DiesByReading { .. } => "dead by reading (the opponent moving first, JP-7)",
            Reason::Snapback { .. } => "alive: in atari, but the capture is a snapback",
            Reason::UnresolvedKo { .. } => {
                "dead by JP-7's confirmation: a ko that may not be retaken without a pass"
            }
            Reason::CannotEscapeAtari { .. } => "dead: in atari and it cannot escape",
            Reason::HeldOnlyByDeadStones { .. } => "alive: only dead stones hold it in atari",
            Reason::InOwnTerritory => {
                "alive: in its owner's territory, no living stone can take it"
            }
            Reason::JoinedToTheLiving { .. } => {
                "alive: joined to a living chain where the opponent cannot cut"
            }
            Reason::MustFill { .. } => "alive once its owner fills its last liberty",
            Reason::Playouts { .. } => "by the playouts, no proof",
            Reason::Seki { .. } => {
                "seki (JP-9, AGA-12): whoever fills a shared liberty is captured"
            }
        }
    }

    /// The reason in words, with points as GTP vertices on a board of `size`.
    #[must_use]
    pub fn describe(&self, size: BoardSize) -> String {
        match self {
            Reason::UnconditionallyAlive { eyes } if eyes.is_empty() => {
                "unconditionally alive (Benson): no sequence of moves can capture it".to_owned()
            }
            Reason::UnconditionallyAlive { eyes } => format!(
                "unconditionally alive (Benson): two eyes or more that cannot be filled ({})",
                vertices(eyes, size)
            ),
            Reason::InPassAliveTerritory => {
                "dead: it stands in the opponent's unconditionally alive territory (Benson)"
                    .to_owned()
            }
            Reason::LivesByReading { line } if line.is_empty() => {
                "alive by reading: the opponent, moving first (JP-7), has no move that \
                 threatens it (two eyes, or a seki he cannot fill)"
                    .to_owned()
            }
            Reason::LivesByReading { line } => format!(
                "alive by reading: the opponent moves first (JP-7) and fails: {}, after which \
                 it cannot be captured (two eyes, or a seki he cannot fill)",
                line_text(line, size)
            ),
            Reason::DiesByReading { line } if line.is_empty() => {
                "dead by reading: the opponent, moving first (JP-7), captures it".to_owned()
            }
            Reason::DiesByReading { line } => format!(
                "dead by reading: the opponent moves first (JP-7) and captures it: {}; the \
                 owner's best replies fail",
                line_text(line, size)
            ),
            Reason::Snapback { liberty } => format!(
                "alive: in atari, but a capture on {} is retaken at once (snapback)",
                vertex(*liberty, size)
            ),
            Reason::UnresolvedKo { capture } => format!(
                "dead by JP-7's confirmation: the opponent takes the ko on {} and it may not \
                 be retaken without a pass",
                vertex(*capture, size)
            ),
            Reason::CannotEscapeAtari { liberty } => format!(
                "dead: in atari next to living stones, and a stone on its liberty {} is \
                 suicide or still in atari",
                vertex(*liberty, size)
            ),
            Reason::HeldOnlyByDeadStones { liberty } => format!(
                "alive: only dead stones hold it in atari (liberty {}); it needs no move",
                vertex(*liberty, size)
            ),
            Reason::InOwnTerritory => "alive: the empty points and dead stones around it \
                 touch only its owner's living stones, so it stands in its owner's territory \
                 and no living stone of the opponent's can take it"
                .to_owned(),
            Reason::JoinedToTheLiving { to, through } => format!(
                "alive: joined to the living chain at {} through {}, where the opponent cannot \
                 cut (his stone there is suicide or taken at once, or two shared liberties are \
                 miai)",
                vertex(*to, size),
                vertices(through, size)
            ),
            Reason::MustFill { liberty } => format!(
                "alive once its owner fills {} (it is in atari next to living stones)",
                vertex(*liberty, size)
            ),
            Reason::Playouts { survival } => format!(
                "by the playouts, no proof: its points stayed its owner's in {:.0} % of the \
                 games its opponent started (alive from 65 %)",
                100.0 * survival
            ),
            Reason::Seki {
                shared_liberties,
                lives_by,
            } => format!(
                "seki (JP-9, AGA-12): it shares the liberties {} with the opponent and whoever \
                 fills one is captured; it lives because {}",
                vertices(shared_liberties, size),
                lives_by.describe(size)
            ),
        }
    }
}

impl Unsettled {
    /// The uncertainty in words.
    #[must_use]
    pub fn describe(&self, size: BoardSize) -> String {
        match self {
            Unsettled::OwnerMovingFirstLives { line } => format!(
                "depends on who moves first: dead if the opponent does (JP-7, as counted), \
                 alive if its owner plays {}",
                line_text(line, size)
            ),
            Unsettled::PlayoutsSwing {
                owner_first,
                opponent_first,
            } => format!(
                "depends on who moves first: it survived {:.0} % of the playouts its owner \
                 started and {:.0} % of its opponent's (counted as the opponent moving first, \
                 JP-7)",
                100.0 * owner_first,
                100.0 * opponent_first
            ),
        }
    }
}
