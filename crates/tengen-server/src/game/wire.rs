//! The WebSocket protocol: typed messages, serialised as JSON objects tagged by `type`.
//!
//! A connection opens with [`ClientMsg::Hello`] (with the seat secret, or none to watch) and
//! gets [`ServerMsg::Welcome`] with the full state. Each change then arrives as
//! [`ServerMsg::Update`] with the next version number `v`; a client that sees a gap sends
//! [`ClientMsg::Resync`] and gets [`ServerMsg::State`]. Commands that refer to a position
//! carry the `ply` (moves played so far) or the dead-stone `proposal` they were made for, so a
//! late click is refused as stale instead of acting on a position the player never saw.

use serde::{Deserialize, Serialize};
use tengen_core::{Color, IllegalMove, Point};

use crate::{
    game::clock::{ClockSettings, ClockState},
    game::refusal::Refusal,
    game::settings::HandicapPlacement,
};

/// A point on the wire: `[x, y]`, `(0, 0)` at the top-left.
pub type Xy = [u8; 2];

pub(crate) fn xy(p: Point) -> Xy {
    [p.x, p.y]
}

pub(crate) fn point(xy: Xy) -> Point {
    Point::new(xy[0], xy[1])
}

/// What a client may send.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    /// The first message: the seat secret to play, none to watch.
    Hello {
        /// The seat secret (hex), if any.
        #[serde(default)]
        seat: Option<String>,
    },
    /// A stone at `(x, y)`, for the position after `ply` moves.
    Play {
        /// Moves played when the player chose this move.
        ply: u32,
        /// Column from the left.
        x: u8,
        /// Row from the top.
        y: u8,
    },
    /// A pass, for the position after `ply` moves.
    Pass {
        /// Moves played when the player chose to pass.
        ply: u32,
    },
    /// Resignation (accepted at any moment).
    Resign {
        /// Moves played when the player resigned.
        ply: u32,
    },
    /// Abort the game: allowed before the sender's second move; the game ends with no result.
    Abort {
        /// Moves played when the player aborted.
        ply: u32,
    },
    /// Claim the game from an engine that has failed (died or stopped answering): the
    /// engine loses by forfeit.
    Claim {
        /// Moves played when the player claimed.
        ply: u32,
    },
    /// Ask to take back the requester's last move (and the reply after it, if any).
    UndoRequest {
        /// Moves played when asked.
        ply: u32,
    },
    /// Answer the opponent's undo request.
    UndoAnswer {
        /// The ply of the request being answered.
        ply: u32,
        /// Take the move back or not.
        accept: bool,
    },
    /// Black's free handicap stones.
    PlaceHandicap {
        /// The points, as many as the handicap.
        points: Vec<Xy>,
    },
    /// Mark the group through `(x, y)` dead, or alive again.
    ToggleDead {
        /// The dead-stone proposal the click was made on.
        proposal: u32,
        /// Column.
        x: u8,
        /// Row.
        y: u8,
    },
    /// Replace the marks by Tengen's suggestion (stones inside unconditionally alive territory).
    SuggestDead {
        /// The proposal the click was made on.
        proposal: u32,
    },
    /// Accept exactly this dead-stone proposal.
    Accept {
        /// The proposal accepted.
        proposal: u32,
    },
    /// Dispute the dead stones and resume play (AGA-10, JP-8).
    Reject {
        /// The proposal disputed.
        proposal: u32,
    },
    /// Say something in the chat (players in the players' room, spectators in theirs).
    Chat {
        /// Plain text, at most 500 characters.
        text: String,
    },
    /// Offer a rematch (the game is over): same settings, colours swapped. Offering when
    /// the opponent has offered accepts.
    Rematch,
    /// Answer the opponent's rematch offer.
    RematchAnswer {
        /// Play again or not.
        accept: bool,
    },
    /// Ask for this seat's secret in the accepted rematch (answered to this connection only).
    RematchSeat,
    /// Ask for the full state again.
    Resync,
    /// Keep-alive.
    Ping,
}

/// Who a connection is.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Role {
    /// The Black seat.
    Black,
    /// The White seat.
    White,
    /// A read-only watcher.
    Spectator,
}

impl Role {
    /// The seat's colour, if a seat.
    #[must_use]
    pub fn color(self) -> Option<Color> {
        match self {
            Role::Black => Some(Color::Black),
            Role::White => Some(Color::White),
            Role::Spectator => None,
        }
    }

    pub(crate) fn of(color: Color) -> Role {
        match color {
            Color::Black => Role::Black,
            Color::White => Role::White,
        }
    }
}

/// What the server sends.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// The answer to `hello`: who you are and the whole state.
    Welcome {
        /// Your role.
        you: Role,
        /// The state.
        state: Box<StateView>,
        /// The chat so far that you may read.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        chat: Vec<ChatLine>,
    },
    /// Something happened: version `v`, what, and the state after it.
    Update {
        /// The version: one more than the previous update's or state's (a gap means
        /// something was missed: ask `resync`). Counted from the game's log, so it never
        /// repeats or goes back, across restarts, reloads and servers.
        v: u64,
        /// What happened.
        event: EventView,
        /// The state after it.
        state: Box<StateView>,
    },
    /// The full state, with no new version: the answer to `resync`, and a change that is
    /// not in the game's log (the state reloaded from it, a rematch offered, an engine
    /// thinking or failing).
    State {
        /// The state.
        state: Box<StateView>,
        /// What happened, for a change outside the log that players are told of (an engine
        /// failed).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        event: Option<EventView>,
    },
    /// A command was refused; the game is untouched.
    Error {
        /// Machine-readable reason.
        code: ErrorCode,
        /// A sentence for the player.
        message: String,
        /// For a ko refusal, the banned point.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ko_point: Option<Xy>,
    },
    /// Who is watching and which seats are connected: not a game change, so it has no
    /// version, and it comes at most twice a second however many come and go.
    Audience {
        /// Spectators watching.
        spectators: u32,
        /// Whether a connection holds Black's seat (engines always).
        black: bool,
        /// Whether a connection holds White's seat (engines always).
        white: bool,
    },
    /// A line of chat. Not a game change, so it has no version.
    Chat {
        /// A spectators' line during the game: the players' connections do not pass it on.
        /// (First, so that the serialised message starts with it.)
        hidden_from_players: bool,
        /// The line.
        line: ChatLine,
    },
    /// This seat's secret in the rematch (sent only to the seat's own connection).
    RematchSeat {
        /// The new game.
        game: String,
        /// The seat secret there.
        seat: String,
    },
    /// Answer to `ping`.
    Pong,
}

/// Why a command was refused.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// Not a message of this protocol.
    BadMessage,
    /// Larger than the server takes.
    TooLarge,
    /// Too many messages from this connection.
    RateLimited,
    /// The seat secret is not valid for this game.
    BadSeat,
    /// Spectators, and the other seat, cannot do this.
    NotYourSeat,
    /// The command was made for an earlier position (ply or proposal).
    Stale,
    /// It is the other player's turn.
    NotYourTurn,
    /// The point is occupied.
    Occupied,
    /// The move is suicide.
    Suicide,
    /// The point is forbidden by ko.
    Ko,
    /// The move repeats an earlier position.
    Superko,
    /// The point is off the board.
    OffBoard,
    /// The command does not fit the game's phase.
    NotNow,
    /// The server could not record the action; nothing happened.
    Unavailable,
}

/// A refused command: the code, a message, and the ko point when relevant.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WireError {
    /// The code.
    pub code: ErrorCode,
    /// The sentence.
    pub message: String,
    /// The ko-banned point.
    pub ko_point: Option<Xy>,
}

impl From<Refusal> for WireError {
    /// The protocol's code for each refusal; the sentence is the refusal's own.
    fn from(refusal: Refusal) -> WireError {
        let code = match &refusal {
            Refusal::Spectator | Refusal::HandicapIsBlacks => ErrorCode::NotYourSeat,
            Refusal::UnknownSeat => ErrorCode::BadSeat,
            Refusal::NotAGameCommand | Refusal::EmptyChat => ErrorCode::BadMessage,
            Refusal::ChatTooLong { .. } => ErrorCode::TooLarge,
            Refusal::ChatTooFast { .. } => ErrorCode::RateLimited,
            Refusal::Outdated(_) => ErrorCode::Stale,
            Refusal::DeadOffBoard => ErrorCode::OffBoard,
            Refusal::Illegal { why, .. } => match why {
                IllegalMove::Occupied => ErrorCode::Occupied,
                IllegalMove::Suicide => ErrorCode::Suicide,
                IllegalMove::Ko => ErrorCode::Ko,
                IllegalMove::Superko => ErrorCode::Superko,
                IllegalMove::OffBoard => ErrorCode::OffBoard,
                IllegalMove::NotYourTurn => ErrorCode::NotYourTurn,
                _ => ErrorCode::NotNow,
            },
            Refusal::RematchNotStored(_) | Refusal::Unrecorded | Refusal::Moved => {
                ErrorCode::Unavailable
            }
            Refusal::Aborted
            | Refusal::Expired
            | Refusal::GameOver
            | Refusal::NotStarted
            | Refusal::PlayStopped
            | Refusal::NotScoring
            | Refusal::StonesPlaced
            | Refusal::OpponentAbsent
            | Refusal::BadPlacement(_)
            | Refusal::AbortTooLate { .. }
            | Refusal::NothingToClaim
            | Refusal::UndoPending
            | Refusal::NoMoveToTakeBack
            | Refusal::NoUndoRequest
            | Refusal::NoStone
            | Refusal::AcceptedAlready
            | Refusal::ChatFull
            | Refusal::RematchBeforeEnd
            | Refusal::RematchUnderWay
            | Refusal::NoRematchOffer
            | Refusal::NoRematchSeat
            | Refusal::RematchInvalid(_)
            | Refusal::Inapplicable(_) => ErrorCode::NotNow,
        };
        let ko_point = match refusal {
            Refusal::Illegal { ko_point, .. } => ko_point.map(xy),
            _ => None,
        };
        WireError {
            code,
            message: refusal.to_string(),
            ko_point,
        }
    }
}

impl WireError {
    pub(crate) fn new(code: ErrorCode, message: impl Into<String>) -> WireError {
        WireError {
            code,
            message: message.into(),
            ko_point: None,
        }
    }

    pub(crate) fn to_msg(&self) -> ServerMsg {
        ServerMsg::Error {
            code: self.code,
            message: self.message.clone(),
            ko_point: self.ko_point,
        }
    }
}

/// What happened, for announcements ("White asks to take back move 37 (D4)").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum EventView {
    /// The game was created.
    Created,
    /// A person took a seat.
    Joined {
        /// Which.
        color: Color,
    },
    /// Black placed free handicap stones.
    Placed {
        /// How many.
        count: u32,
    },
    /// A stone was played.
    Played {
        /// Who.
        color: Color,
        /// Where.
        at: Xy,
        /// Stones captured.
        captures: u32,
    },
    /// A pass.
    Passed {
        /// Who.
        color: Color,
        /// The rules added White's closing pass (AGA-11).
        forced_white_pass: bool,
        /// An engine's illegal move replaced by a pass (AGA-8): why it was illegal.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        illegal: Option<String>,
    },
    /// An undo was requested.
    UndoRequested {
        /// Who asked.
        by: Color,
        /// The move to take back, e.g. `move 37 (D4)`.
        what: String,
        /// Plies that would be taken back.
        plies: u32,
    },
    /// The request was declined.
    UndoDeclined {
        /// Who declined.
        by: Color,
    },
    /// Moves were taken back.
    UndoAccepted {
        /// How many.
        plies: u32,
    },
    /// The dead-stone marks changed.
    DeadChanged {
        /// Who changed them.
        by: Color,
    },
    /// Tengen's estimate of the dead stones is the proposal now.
    Estimated {
        /// How many stones it marks dead.
        dead: u32,
    },
    /// A player accepted the proposal.
    Accepted {
        /// Who.
        by: Color,
    },
    /// A player disputed; play resumes.
    Resumed {
        /// Who disputed.
        by: Color,
        /// Who moves first now.
        to_move: Color,
    },
    /// A player aborted the game: it is over, with no result.
    Aborted {
        /// Who aborted.
        by: Color,
    },
    /// The game ended.
    Finished {
        /// The result, e.g. `B+3.5`, `W+R`.
        result: String,
    },
    /// Nobody opened the invitation in time: the game is over, with no result.
    Expired,
    /// An engine seat failed: it did not start, died or stopped answering. Its opponent may
    /// claim the game or abort it.
    EngineFailed {
        /// The engine's seat.
        color: Color,
        /// What happened, e.g. `gnugo: no answer to "genmove w" within 60 s`.
        reason: String,
    },
}

/// Where the game stands, for the page.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PhaseView {
    /// Waiting for the invited player.
    Waiting,
    /// Black is choosing free handicap points.
    Placing,
    /// Moves are being played.
    Playing,
    /// Dead stones are being agreed.
    Scoring,
    /// Over.
    Finished,
}

/// A clock as the page shows it.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    /// The clock at the start of the current turn.
    #[serde(flatten)]
    pub at_turn_start: ClockState,
    /// Whether this clock is running now.
    pub running: bool,
    /// Milliseconds already spent on this turn when the state was sent.
    pub elapsed_ms: u64,
    /// Whether the player is in byo-yomi.
    pub overtime: bool,
}

/// A player's panel.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The name.
    pub name: String,
    /// `person` or `engine`.
    pub kind: String,
    /// Whether the seat has been taken.
    pub joined: bool,
    /// Whether a connection holds the seat now (engines always).
    pub connected: bool,
    /// Stones captured during play.
    pub captures: u32,
    /// Pass stones received (AGA-7).
    pub pass_stones: u32,
    /// Accepted the current dead-stone proposal.
    pub accepted: bool,
    /// May still abort the game (before this player's second move, or once the engine
    /// opponent has failed).
    pub can_abort: bool,
    /// May claim the game: the engine opponent has failed.
    pub can_claim: bool,
    /// For an engine seat that has failed: what happened.
    pub failure: Option<String>,
    /// Tengen's level (1 to 10) when this seat is Tengen's own player.
    pub level: Option<u8>,
    /// Tengen's own player is searching its move now (not while it waits for a worker).
    pub thinking: bool,
    /// The clock, if the game has one.
    pub clock: Option<ClockView>,
}

/// A pending undo request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UndoView {
    /// Who asked.
    pub by: Color,
    /// The ply the request was made at (answer with it).
    pub ply: u32,
    /// Plies that would be taken back.
    pub plies: u32,
    /// The move named, e.g. `move 37 (D4)`.
    pub what: String,
}

/// One colour's column of the score table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideScoreView {
    /// Territory.
    pub territory: u32,
    /// Living stones (area counting).
    pub stones: u32,
    /// Captures during play.
    pub captures: u32,
    /// Opponent's dead stones.
    pub dead: u32,
    /// Pass stones.
    pub pass_stones: u32,
    /// Komi, e.g. `6.5`.
    pub komi: String,
    /// Handicap compensation.
    pub compensation: u32,
    /// The total, e.g. `23.5`.
    pub total: String,
}

/// The score table.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScoreView {
    /// `territory` or `area`.
    pub scoring: String,
    /// Black's column.
    pub black: SideScoreView,
    /// White's column.
    pub white: SideScoreView,
    /// The result of this count, e.g. `B+3.5`.
    pub result: String,
}

/// The whole state of a game, as every connection sees it. Secrets are never part of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StateView {
    /// The version of this state.
    pub v: u64,
    /// The game's id.
    pub id: String,
    /// Board size.
    pub size: u8,
    /// Rules, text form.
    pub rules: String,
    /// One line about the rules.
    pub rules_summary: String,
    /// Komi, e.g. `6.5`.
    pub komi: String,
    /// Handicap stones.
    pub handicap: u32,
    /// Fixed or free placement.
    pub placement: HandicapPlacement,
    /// The clock settings.
    pub time: ClockSettings,
    /// The clock settings in words.
    pub time_desc: String,
    /// A score estimate may be asked for while the game is played
    /// (`GET /api/games/{id}/estimate`).
    pub analysis: bool,
    /// The phase.
    pub phase: PhaseView,
    /// The stones, row by row from the top: `.`, `B` or `W`.
    pub board: String,
    /// Who moves.
    pub to_move: Color,
    /// Moves played so far (commands refer to it).
    pub ply: u32,
    /// The last move: the player and the point (`null` point for a pass).
    pub last_move: Option<LastMove>,
    /// The point the player to move may not take because of ko.
    pub ko_point: Option<Xy>,
    /// Black's panel.
    pub black: PlayerView,
    /// White's panel.
    pub white: PlayerView,
    /// A pending undo request.
    pub undo: Option<UndoView>,
    /// The dead-stone proposal number (accept and toggle refer to it).
    pub proposal: u32,
    /// The proposal is Tengen's estimate of the dead stones, unchanged by the players.
    #[serde(default)]
    pub estimated: bool,
    /// In the scoring phase and after: one letter per point (`-` dame, `b`/`w` territory,
    /// `X` dead stone, `Z` dead stone left in seki, `S` stone in seki, `e` seki eye, `A` alive).
    pub ownership: Option<String>,
    /// The score table (scoring phase: for the current marks; finished: the final count).
    pub score: Option<ScoreView>,
    /// The result once finished (none for an aborted game).
    pub result: Option<String>,
    /// Who aborted the game, if it was aborted (phase `finished`, no result).
    pub aborted_by: Option<Color>,
    /// The invitation expired unopened (phase `finished`, no result).
    pub expired: bool,
    /// How many times play was resumed after a dispute.
    pub resumptions: u32,
    /// Spectators watching.
    pub spectators: u32,
    /// A rematch offered at the end, its answer, and the new game once accepted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rematch: Option<RematchView>,
}

/// A rematch offer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RematchView {
    /// Who offered.
    pub by: Color,
    /// The opponent declined.
    pub declined: bool,
    /// The new game, once accepted.
    pub game: Option<String>,
}

/// The last move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LastMove {
    /// Who.
    pub color: Color,
    /// Where; `None` for a pass.
    pub at: Option<Xy>,
}

/// One move of the record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveView {
    /// Who moved.
    pub color: Color,
    /// Where; `None` for a pass.
    pub at: Option<Xy>,
    /// The stones this move captured (so a page can step through the game without rules).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub captured: Vec<Xy>,
}

/// `GET /api/games/{id}`: the state and every move so far.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameView {
    /// The state, as a connection would see it.
    pub state: StateView,
    /// Every move, in order (White's forced closing pass included).
    pub moves: Vec<MoveView>,
    /// The board before the first move (handicap stones), as [`StateView::board`].
    #[serde(default)]
    pub initial_board: String,
}

/// Which room a line was said in.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Room {
    /// Between the two players (spectators read it too).
    Players,
    /// Among spectators (players read it once the game is over).
    Spectators,
}

/// One line of chat, as stored and as sent.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatLine {
    /// The room.
    pub room: Room,
    /// The speaker's seat, none for a spectator.
    pub color: Option<Color>,
    /// The speaker's name as shown.
    pub name: String,
    /// The text, plain (the page shows it as text, never as markup).
    pub text: String,
    /// Moves played when it was said.
    pub ply: u32,
    /// When (Unix milliseconds).
    pub at_ms: u64,
}
