//! Engine seats: external GTP engines driven as child processes (Tengen's own player is in
//! `own.rs`). An engine task watches its game's state and answers through the actor,
//! exactly like a person's connection, so the actor referees engines too.

use std::{
    path::Path,
    process::Stdio,
    sync::Arc,
    time::{Duration, Instant},
};

use tengen_core::{BoardSize, Color, Game, Move, Phase, Point, aga_handicap};
use tokio::{
    io::{AsyncBufReadExt, AsyncWriteExt, BufReader},
    process::{Child, ChildStdin, ChildStdout},
    sync::{mpsc, watch},
};

use crate::{
    actor::ActorMsg,
    clock::{ClockState, TimeControl},
    wire::{Xy, coord_name, xy},
};

/// The name of Tengen's own player, which runs in this process.
pub(crate) const OWN: &str = "tengen";

/// What the engine seat does.
#[derive(Clone, Debug)]
pub(crate) enum EngineAction {
    Move(Move),
    Illegal(String),
    Resign,
    Place(Vec<Xy>),
    Dead(Vec<Xy>),
    /// The engine did not start, died or stopped answering: why, naming the engine.
    Failed(String),
}

/// An engine seat of one game.
pub(crate) struct Seat {
    pub color: Color,
    pub name: String,
    /// The longest an answer may take.
    pub timeout: Duration,
}

/// The game as the engine task sees it after each change.
pub(crate) struct EngineSnap {
    pub seq: u64,
    /// The game is over (finished, or aborted).
    pub over: bool,
    pub started: bool,
    pub both_joined: bool,
    pub handicap: u32,
    pub size: BoardSize,
    pub game: Option<Game>,
    /// The game's clock, and the clock of the engine's colour at the start of this turn.
    pub time: TimeControl,
    pub clock: ClockState,
    /// When the turn's clock was last (re)started, and the time charged before that.
    pub turn_started: Instant,
    pub spent_before_ms: u64,
}

/// Runs a GTP engine seat until the game ends, the engine fails, or the actor goes away.
/// `command` is the engine's command line, or why the engine cannot run at all.
pub(crate) async fn run(
    seat: Seat,
    command: Result<String, String>,
    mut snaps: watch::Receiver<Option<Arc<EngineSnap>>>,
    actor: mpsc::Sender<ActorMsg>,
) {
    let color = seat.color;
    let mut gtp: Option<Gtp> = None;
    let mut acted_at: Option<u64> = None;
    loop {
        let snap = snaps.borrow_and_update().clone();
        if let Some(snap) = snap {
            if snap.over
                || snap
                    .game
                    .as_ref()
                    .is_some_and(|g| matches!(g.phase(), Phase::Finished(_)))
            {
                break;
            }
            if acted_at != Some(snap.seq) {
                let action = match act(&seat, &command, &mut gtp, &snap).await {
                    Ok(action) => action,
                    // A failed engine is not restarted in this game: its opponent is told,
                    // and may claim the game or abort it.
                    Err(e) => Some(EngineAction::Failed(format!("{}: {e}", seat.name))),
                };
                if let Some(action) = action {
                    let failed = matches!(action, EngineAction::Failed(_));
                    acted_at = Some(snap.seq);
                    let msg = ActorMsg::Engine {
                        color,
                        seq: snap.seq,
                        action,
                    };
                    if actor.send(msg).await.is_err() || failed {
                        break;
                    }
                }
            }
        }
        if snaps.changed().await.is_err() {
            break;
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
    snap: &EngineSnap,
) -> Result<Option<EngineAction>, String> {
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

/// Why `program` could not be started, with the way out when it is only off `PATH`.
fn start_error(program: &str, e: &std::io::Error) -> String {
    if e.kind() != std::io::ErrorKind::NotFound || program.contains('/') {
        return format!("cannot start {program:?}: {e}");
    }
    // Debian and Ubuntu install GNU Go (and other games) in /usr/games, which is not on
    // root's PATH.
    let games = Path::new("/usr/games").join(program);
    if games.exists() {
        format!(
            "cannot start {program:?}: it is not on PATH, but {} exists: give that path or add /usr/games to PATH",
            games.display()
        )
    } else {
        format!("cannot start {program:?}: it is not on PATH")
    }
}

pub(crate) fn handicap_points(size: BoardSize, n: u32) -> Vec<Xy> {
    if let Ok(points) = aga_handicap(size, n) {
        return points.into_iter().map(xy).collect();
    }
    let mut all: Vec<Point> = size.points().collect();
    let mut rng = rand::rng();
    rand::seq::SliceRandom::shuffle(all.as_mut_slice(), &mut rng);
    all.into_iter().take(n as usize).map(xy).collect()
}

/// A child process and its pipes.
struct Pipes {
    child: Child,
    stdin: ChildStdin,
    stdout: BufReader<ChildStdout>,
}

/// An engine spoken to in GTP.
struct Gtp {
    pipes: Pipes,
    /// The longest an answer may take.
    timeout: Duration,
    /// The moves the engine's board holds, in order.
    synced: Vec<(Color, Move)>,
    setup_done: bool,
}

impl Gtp {
    fn start(command: &str, timeout: Duration) -> Result<Gtp, String> {
        let mut words = command.split_whitespace();
        let program = words.next().ok_or("empty engine command")?;
        let mut child = tokio::process::Command::new(program)
            .args(words)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| start_error(program, &e))?;
        let stdin = child.stdin.take().ok_or("no stdin")?;
        let stdout = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        Ok(Gtp {
            pipes: Pipes {
                child,
                stdin,
                stdout,
            },
            timeout,
            synced: Vec::new(),
            setup_done: false,
        })
    }

    async fn send(&mut self, command: &str) -> Result<String, String> {
        let answer = tokio::time::timeout(self.timeout, self.send_inner(command))
            .await
            .map_err(|_| {
                format!(
                    "no answer to {command:?} within {} s",
                    self.timeout.as_secs_f64()
                )
            })?;
        match answer {
            Err(e) if e == CLOSED => Err(self.exit_reason(command).await),
            other => other,
        }
    }

    /// Why the engine's output ended before it answered `command`: it exited (how).
    async fn exit_reason(&mut self, command: &str) -> String {
        match tokio::time::timeout(Duration::from_secs(1), self.pipes.child.wait()).await {
            Ok(Ok(status)) => format!("it exited ({status}) before answering {command:?}"),
            _ => format!("it closed its output before answering {command:?}"),
        }
    }

    async fn send_inner(&mut self, command: &str) -> Result<String, String> {
        let Pipes { stdin, stdout, .. } = &mut self.pipes;
        // A pipe that cannot be written is an engine that has gone.
        stdin
            .write_all(format!("{command}\n").as_bytes())
            .await
            .map_err(|_| CLOSED.to_owned())?;
        stdin.flush().await.map_err(|_| CLOSED.to_owned())?;
        let mut answer = String::new();
        loop {
            let mut line = String::new();
            let n = stdout
                .read_line(&mut line)
                .await
                .map_err(|e| e.to_string())?;
            if n == 0 {
                return Err(CLOSED.into());
            }
            let line = line.trim_end_matches(['\r', '\n']);
            if line.is_empty() {
                if answer.is_empty() {
                    continue;
                }
                break;
            }
            if !answer.is_empty() {
                answer.push('\n');
            }
            answer.push_str(line);
        }
        if let Some(rest) = answer.strip_prefix('=') {
            Ok(rest.trim().to_owned())
        } else {
            Err(format!("{command:?} failed: {answer}"))
        }
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
                .map(|(p, _)| coord_name(p, size))
                .collect();
            if stones.len() >= 2 {
                self.send(&format!("set_free_handicap {}", stones.join(" ")))
                    .await?;
            }
            self.synced.clear();
            self.setup_done = true;
        }
        for &(color, mv) in &moves[self.synced.len()..] {
            let v = match mv {
                Move::Play(p) => coord_name(p, size),
                Move::Pass => "pass".into(),
            };
            self.send(&format!("play {} {v}", color.letter())).await?;
            self.synced.push((color, mv));
        }
        Ok(())
    }

    async fn action(
        &mut self,
        color: Color,
        snap: &EngineSnap,
    ) -> Result<Option<EngineAction>, String> {
        let Some(game) = &snap.game else {
            if color == Color::Black && snap.both_joined {
                return Ok(Some(EngineAction::Place(handicap_points(
                    snap.size,
                    snap.handicap,
                ))));
            }
            return Ok(None);
        };
        if !snap.started {
            return Ok(None);
        }
        match game.phase() {
            Phase::Playing if game.to_move() == color => {
                self.sync(game).await?;
                let answer = self.send(&format!("genmove {}", color.letter())).await?;
                let size = game.size().get();
                let action = match answer.to_ascii_lowercase().as_str() {
                    "pass" => EngineAction::Move(Move::Pass),
                    "resign" => EngineAction::Resign,
                    v => match parse_vertex(v, size) {
                        Some(p) => EngineAction::Move(Move::Play(p)),
                        None => EngineAction::Illegal(format!("not a move: {answer}")),
                    },
                };
                if let EngineAction::Move(mv) = action {
                    self.synced.push((color, mv));
                }
                Ok(Some(action))
            }
            Phase::Scoring if !game.accepted(color) => {
                self.sync(game).await?;
                let answer = self
                    .send("final_status_list dead")
                    .await
                    .unwrap_or_default();
                let size = game.size().get();
                let dead = answer
                    .split_whitespace()
                    .filter_map(|v| parse_vertex(&v.to_ascii_lowercase(), size))
                    .map(xy)
                    .collect();
                Ok(Some(EngineAction::Dead(dead)))
            }
            _ => Ok(None),
        }
    }

    async fn quit(&mut self) {
        let _ = tokio::time::timeout(Duration::from_secs(2), self.send_inner("quit")).await;
        let _ = self.pipes.child.kill().await;
    }
}

/// What [`Gtp::send_inner`] says when the engine's output ends.
const CLOSED: &str = "the engine closed its output";

/// A GTP vertex (`d4`, lower case) on a board of `size`.
pub(crate) fn parse_vertex(v: &str, size: u8) -> Option<Point> {
    let mut chars = v.chars();
    let letter = chars.next()?;
    if !letter.is_ascii_lowercase() || letter == 'i' {
        return None;
    }
    let mut x = letter as u8 - b'a';
    if letter > 'i' {
        x -= 1;
    }
    let row: u8 = chars.as_str().parse().ok()?;
    if x >= size || row == 0 || row > size {
        return None;
    }
    Some(Point::new(x, size - row))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gtp_vertices_skip_i_and_count_rows_from_the_bottom() {
        assert_eq!(parse_vertex("a1", 9), Some(Point::new(0, 8)));
        assert_eq!(parse_vertex("j9", 9), Some(Point::new(8, 0)));
        assert_eq!(parse_vertex("i5", 9), None);
        assert_eq!(parse_vertex("k1", 9), None);
        assert_eq!(coord_name(Point::new(8, 0), 9), "J9");
    }
}
