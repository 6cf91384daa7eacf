//! Engine seats: external GTP engines driven as child processes (Tengen's own player is in
//! `own.rs`). An engine task watches its game's state and answers through the actor,
//! exactly like a person's connection, so the actor referees engines too.

use std::{sync::Arc, time::Duration};

use tengen_core::{Color, Game, Move, Phase, Point, move_text, parse_move, vertex};
use tengen_gtp::GtpProcess;
use tokio::sync::{mpsc, watch};

use crate::{
    game::dead_stones::estimate_dead_stones,
    game::seats::{Due, Seat, SeatAction, SeatMsg, SeatSnap, Turns},
};

/// Runs a GTP engine seat until the game ends, the engine fails, or the actor goes away.
/// `command` is the engine's command line, or why the engine cannot run at all.
pub(crate) async fn run(
    seat: Seat,
    command: Result<String, String>,
    snaps: watch::Receiver<Option<Arc<SeatSnap>>>,
    actor: mpsc::Sender<impl From<SeatMsg>>,
) {
    let mut turns = Turns::new(seat.color, snaps, actor);
    let mut gtp: Option<Gtp> = None;
    while let Some(snap) = turns.next().await {
        let action = match act(&seat, &command, &mut gtp, &snap).await {
            Ok(action) => action,
            // A failed engine is not restarted in this game: its opponent is told, and may
            // claim the game or abort it.
            Err(e) => Some(SeatAction::Failed(format!("{}: {e}", seat.name))),
        };
        if let Some(action) = action {
            if turns.act(&snap, action).await {
                break;
            }
        }
    }
    if let Some(mut g) = gtp {
        g.quit().await;
    }
}

/// Starts the engine if it is not running, and asks it what to do in `snap`.
async fn act(
    seat: &Seat,
    command: &Result<String, String>,
    gtp: &mut Option<Gtp>,
    snap: &SeatSnap,
) -> Result<Option<SeatAction>, String> {
    let g = match gtp {
        Some(g) => g,
        None => {
            let command = command.as_ref().map_err(Clone::clone)?;
            gtp.insert(Gtp::start(command, seat.timeout)?)
        }
    };
    g.action(seat.color, snap).await
}

/// What an engine said about itself when it was checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EngineCheck {
    /// Its answer to `name`.
    pub name: String,
    /// Its answer to `protocol_version`.
    pub protocol_version: String,
}

/// Starts the GTP engine `command`, asks its `name` and `protocol_version` (each answer
/// within `timeout`) and stops it: what it said, or why it is unusable (it cannot be
/// started, exits, or does not answer), in a sentence naming the program.
///
/// # Errors
/// The reason, e.g. `cannot start "gnugo": it is not on PATH (… /usr/games/gnugo …)`.
pub async fn check_engine(command: String, timeout: Duration) -> Result<EngineCheck, String> {
    let mut gtp = Gtp::start(&command, timeout)?;
    let answers = async {
        let name = gtp.send("name").await?;
        let protocol_version = gtp.send("protocol_version").await?;
        Ok(EngineCheck {
            name,
            protocol_version,
        })
    }
    .await;
    gtp.quit().await;
    answers
}

/// An engine spoken to in GTP, through `tengen_gtp`'s client on a blocking thread (every
/// answer within the seat's timeout).
struct Gtp {
    /// `None` only while a command is on its way.
    process: Option<GtpProcess>,
    /// The moves the engine's board holds, in order.
    synced: Vec<(Color, Move)>,
    setup_done: bool,
}

impl Gtp {
    fn start(command: &str, timeout: Duration) -> Result<Gtp, String> {
        // Unnumbered: GTP lets the controller leave ids out, and engines that are small
        // scripts do not read them.
        let process = GtpProcess::spawn(command, timeout)
            .map_err(|e| e.to_string())?
            .numbered(false);
        Ok(Gtp {
            process: Some(process),
            synced: Vec::new(),
            setup_done: false,
        })
    }

    async fn send(&mut self, command: &str) -> Result<String, String> {
        let mut process = self
            .process
            .take()
            .ok_or_else(|| format!("the engine is gone (before {command:?})"))?;
        let line = command.to_owned();
        let (process, answer) = tokio::task::spawn_blocking(move || {
            let answer = process.send(&line);
            (process, answer)
        })
        .await
        .map_err(|e| format!("the thread talking to the engine failed: {e}"))?;
        self.process = Some(process);
        answer.map_err(|e| e.to_string())
    }

    async fn sync(&mut self, game: &Game) -> Result<(), String> {
        let size = game.size().get();
        let moves: Vec<(Color, Move)> = game.moves().iter().map(|m| (m.color, m.mv)).collect();
        let prefix = self.setup_done
            && self.synced.len() <= moves.len()
            && moves[..self.synced.len()] == self.synced[..];
        if !prefix {
            self.send(&format!("boardsize {size}")).await?;
            self.send("clear_board").await?;
            self.send(&format!("komi {}", game.komi())).await?;
            let stones: Vec<String> = game
                .initial_board()
                .stones()
                .filter(|(_, c)| *c == Color::Black)
                .map(|(p, _)| vertex(p, game.size()))
                .collect();
            if stones.len() >= 2 {
                self.send(&format!("set_free_handicap {}", stones.join(" ")))
                    .await?;
            }
            self.synced.clear();
            self.setup_done = true;
        }
        for &(color, mv) in &moves[self.synced.len()..] {
            let v = move_text(mv, game.size());
            self.send(&format!("play {} {v}", color.letter())).await?;
            self.synced.push((color, mv));
        }
        Ok(())
    }

    async fn action(
        &mut self,
        color: Color,
        snap: &SeatSnap,
    ) -> Result<Option<SeatAction>, String> {
        let game = match snap.due(color) {
            Due::Nothing => return Ok(None),
            Due::Handicap(points) => return Ok(Some(SeatAction::Place(points))),
            Due::Game(game) => game,
        };
        match game.phase() {
            Phase::Playing if game.to_move() == color => {
                self.sync(game).await?;
                let answer = self.send(&format!("genmove {}", color.letter())).await?;
                let action = if answer.eq_ignore_ascii_case("resign") {
                    SeatAction::Resign
                } else {
                    match parse_move(&answer, game.size()) {
                        Ok(mv) => SeatAction::Move(mv),
                        Err(_) => SeatAction::Illegal(format!("not a move: {answer}")),
                    }
                };
                if let SeatAction::Move(mv) = action {
                    self.synced.push((color, mv));
                }
                Ok(Some(action))
            }
            Phase::Scoring if !game.accepted(color) => {
                self.sync(game).await?;
                let dead: Vec<Point> = match self.send("final_status_list dead").await {
                    Ok(answer) => answer
                        .split_whitespace()
                        .filter_map(|v| parse_move(v, game.size()).ok()?.point())
                        .collect(),
                    // GTP makes `final_status_list` optional: an engine without it (or
                    // failing at it) gets Tengen's estimate, not "nothing is dead".
                    Err(_) => estimate_dead_stones(game.clone()).await.unwrap_or_default(),
                };
                Ok(Some(SeatAction::Dead(dead)))
            }
            _ => Ok(None),
        }
    }

    async fn quit(&mut self) {
        if let Some(process) = self.process.take() {
            let _ = tokio::task::spawn_blocking(move || process.quit()).await;
        }
    }
}
