//! The client side of KataGo's JSON analysis protocol: an external analysis engine
//! (`katago analysis`, `tengen analysis`, or any program that speaks the protocol) run as a
//! child process and asked about one position at a time.
//!
//! Several threads may ask at once: every query carries an id of its own, and the answers,
//! which may come in any order, are matched to their queries by it. Values are asked from
//! Black's point of view (`reportAnalysisWinratesAs: BLACK`) whatever the engine's
//! configuration says.
//!
//! The engine is not trusted: every answer must come within the timeout, no line is kept
//! past [`MAX_LINE_BYTES`], and a query is written by a thread of its own, so an engine that
//! stops reading cannot block the asker. An engine that exits, hangs or writes what is not
//! the protocol is killed, every query waiting on it fails with the reason, and the next
//! query starts it again.

use std::{
    collections::{HashMap, VecDeque},
    io::{BufReader, Read, Write},
    process::{Child, ChildStdin, Command, Stdio},
    sync::{
        Arc, Condvar, Mutex, MutexGuard,
        atomic::{AtomicU64, Ordering::Relaxed},
        mpsc::{self, RecvTimeoutError},
    },
    thread,
    time::{Duration, Instant},
};

use serde::Deserialize;
use serde_json::{Value, json};
use tengen_core::{BoardSize, Color, Game, Move, move_text, parse_move};

use crate::{
    client::{ClientError, split_command_line},
    kata_analysis::rules::kata_rules_of,
    protocol::read_line_bounded,
};

/// The longest line read from the engine: a 19×19 answer with every move's PV and the
/// ownership takes some tens of KiB.
const MAX_LINE_BYTES: usize = 4 << 20;

/// The engine's last lines on standard error, kept to say why it exited (KataGo explains a
/// missing model or configuration there).
const STDERR_LINES_KEPT: usize = 5;
const STDERR_LINE_BYTES: usize = 300;

/// Warnings kept per query: an engine could send them without end until the timeout.
const WARNINGS_KEPT: usize = 16;

/// An external analysis engine that speaks KataGo's JSON analysis protocol.
///
/// ```no_run
/// use std::time::Duration;
/// use tengen_core::{BoardSize, Game, Rules};
/// use tengen_gtp::KataEngine;
///
/// let engine = KataEngine::spawn(
///     "katago analysis -config analysis.cfg -model model.bin.gz",
///     Duration::from_secs(60),
/// )?;
/// let game = Game::new(BoardSize::new(19).unwrap(), Rules::japanese());
/// let analysis = engine.analyse(&game)?;
/// println!("Black wins {:.1} %", 100.0 * analysis.winrate);
/// # Ok::<(), tengen_gtp::ClientError>(())
/// ```
#[derive(Debug)]
pub struct KataEngine {
    command: String,
    timeout: Duration,
    /// The running process; `None` after it failed, until the next query starts another.
    process: Mutex<Option<Arc<Process>>>,
    next_id: AtomicU64,
}

/// The engine's analysis of one position, from Black's point of view.
#[derive(Clone, Debug, PartialEq)]
pub struct KataAnalysis {
    /// Black's chance to win, 0 to 1.
    pub winrate: f64,
    /// Black's expected lead in points (negative: White leads).
    pub score_lead: f64,
    /// Visits of the search.
    pub visits: u64,
    /// The moves the engine looked at, its best first (KataGo's `order`).
    pub moves: Vec<KataMoveInfo>,
    /// Per point, row by row from the top left: −1 (White's) to 1 (Black's); `None` if
    /// the engine sent none.
    pub ownership: Option<Vec<f64>>,
    /// The engine's warnings about the query (rules it approximates, fields it ignores).
    pub warnings: Vec<String>,
}

/// One candidate move of a [`KataAnalysis`].
#[derive(Clone, Debug, PartialEq)]
pub struct KataMoveInfo {
    /// The move.
    pub mv: Move,
    /// Visits through it.
    pub visits: u64,
    /// Black's chance to win after it, 0 to 1.
    pub winrate: f64,
    /// Black's expected lead after it.
    pub score_lead: f64,
    /// The policy's prior for it.
    pub prior: f64,
    /// The principal variation, starting with the move itself.
    pub pv: Vec<Move>,
}

impl KataEngine {
    /// Starts `command_line` (a program and its arguments, shell-style quoting); every
    /// answer must come within `timeout`.
    ///
    /// # Errors
    /// [`ClientError::BadCommandLine`] or [`ClientError::Spawn`].
    pub fn spawn(command_line: &str, timeout: Duration) -> Result<KataEngine, ClientError> {
        let process = Process::start(command_line)?;
        Ok(KataEngine {
            command: command_line.to_owned(),
            timeout,
            process: Mutex::new(Some(Arc::new(process))),
            next_id: AtomicU64::new(1),
        })
    }

    /// The command line the engine runs.
    #[must_use]
    pub fn command(&self) -> &str {
        &self.command
    }

    /// The file name of the program the engine runs, without its directory or extension
    /// (`katago` for `/opt/katago/katago analysis -config …`): what a display may call it.
    #[must_use]
    pub fn program(&self) -> String {
        let first = crate::client::split_command_line(&self.command)
            .ok()
            .and_then(|words| words.into_iter().next())
            .unwrap_or_default();
        std::path::Path::new(&first)
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default()
    }

    /// The engine's analysis of `game` as it stands (its setup, its moves, its rules and
    /// komi), waiting at most the timeout.
    ///
    /// # Errors
    /// [`ClientError::Refused`] with the engine's message for an error answer (the engine
    /// goes on); [`ClientError::Exited`], [`ClientError::Timeout`] or
    /// [`ClientError::Garbage`] when the engine failed (it is killed, and the next query
    /// starts it again); [`ClientError::Spawn`] when it cannot be started again.
    pub fn analyse(&self, game: &Game) -> Result<KataAnalysis, ClientError> {
        let id = format!("tengen-{}", self.next_id.fetch_add(1, Relaxed));
        let turn = game.moves().len();
        let command = format!("analysis query {id} (after move {turn})");
        let process = self.process()?;
        let result = process
            .ask(&id, &query_line(&id, game), self.timeout, &command)
            .and_then(|(response, warnings)| response.into_analysis(game, warnings, &command));
        if let Err(
            ClientError::Exited { .. } | ClientError::Timeout { .. } | ClientError::Garbage { .. },
        ) = &result
        {
            self.discard(&process);
        }
        result
    }

    /// The running process, or a new one if the last one failed.
    fn process(&self) -> Result<Arc<Process>, ClientError> {
        let mut slot = lock(&self.process);
        if let Some(process) = slot.as_ref().filter(|p| !p.stopped()) {
            return Ok(Arc::clone(process));
        }
        if let Some(stopped) = slot.take() {
            stopped.kill();
        }
        let process = Arc::new(Process::start(&self.command)?);
        *slot = Some(Arc::clone(&process));
        Ok(process)
    }

    /// Kills `process` and forgets it, unless another query has already replaced it.
    fn discard(&self, process: &Arc<Process>) {
        let mut slot = lock(&self.process);
        if slot.as_ref().is_some_and(|p| Arc::ptr_eq(p, process)) {
            *slot = None;
        }
        drop(slot);
        process.kill();
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// One run of the engine's program.
#[derive(Debug)]
struct Process {
    child: Mutex<Child>,
    /// Query lines, written by the writer thread.
    lines: Mutex<mpsc::Sender<String>>,
    waiting: Arc<Mutex<Waiting>>,
    stderr: Arc<StderrTail>,
}

/// The engine's last lines on standard error, and whether it has closed it.
#[derive(Debug, Default)]
struct StderrTail {
    lines: Mutex<(VecDeque<String>, bool)>,
    ended: Condvar,
}

impl StderrTail {
    /// The last lines, once the engine has closed its standard error or after `patience`.
    fn last_lines(&self, patience: Duration) -> Vec<String> {
        let lines = lock(&self.lines);
        let (lines, _) = self
            .ended
            .wait_timeout_while(lines, patience, |(_, ended)| !*ended)
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        lines.0.iter().cloned().collect()
    }
}

/// The queries waiting for their answers, by id.
#[derive(Debug, Default)]
struct Waiting {
    queries: HashMap<String, mpsc::Sender<Reply>>,
    /// The reader has stopped, and why: nothing more will be answered.
    stopped: Option<Stop>,
}

/// Why the engine's output will answer nothing more.
#[derive(Clone, Debug)]
enum Stop {
    /// It ended: the engine exited or closed it.
    Exited,
    /// A line that is not the protocol (shortened).
    Garbage(String),
}

/// What the reader hands a waiting query.
#[derive(Debug)]
enum Reply {
    Warning(String),
    Answer(Box<Response>),
    /// An error answer: the engine's message.
    Refused(String),
    /// An answer to this query that is not an analysis (shortened).
    Malformed(String),
    Stopped(Stop),
}

impl Process {
    fn start(command_line: &str) -> Result<Process, ClientError> {
        let words = split_command_line(command_line)?;
        let spawn_error = |source| ClientError::Spawn {
            command: command_line.to_owned(),
            source,
        };
        let mut child = Command::new(&words[0])
            .args(&words[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(spawn_error)?;
        let (Some(stdin), Some(stdout), Some(stderr)) =
            (child.stdin.take(), child.stdout.take(), child.stderr.take())
        else {
            let _ = child.kill();
            let _ = child.wait();
            return Err(spawn_error(std::io::Error::other("no pipes to the child")));
        };
        let waiting = Arc::new(Mutex::new(Waiting::default()));
        let tail = Arc::new(StderrTail::default());
        let (lines, to_write) = mpsc::channel();
        thread::spawn(move || write_queries(stdin, &to_write));
        let reader_waiting = Arc::clone(&waiting);
        thread::spawn(move || read_answers(stdout, &reader_waiting));
        let stderr_tail = Arc::clone(&tail);
        thread::spawn(move || keep_stderr_tail(stderr, &stderr_tail));
        Ok(Process {
            child: Mutex::new(child),
            lines: Mutex::new(lines),
            waiting,
            stderr: tail,
        })
    }

    fn stopped(&self) -> bool {
        lock(&self.waiting).stopped.is_some()
    }

    fn kill(&self) {
        let mut child = lock(&self.child);
        let _ = child.kill();
        let _ = child.wait();
    }

    /// Sends the query `line` (id `id`) and waits for its answer and the warnings before it.
    fn ask(
        &self,
        id: &str,
        line: &str,
        timeout: Duration,
        command: &str,
    ) -> Result<(Response, Vec<String>), ClientError> {
        let (reply, replies) = mpsc::channel();
        {
            let mut waiting = lock(&self.waiting);
            if let Some(stop) = &waiting.stopped {
                return Err(self.stopped_error(stop, command));
            }
            waiting.queries.insert(id.to_owned(), reply);
        }
        if lock(&self.lines).send(line.to_owned()).is_err() {
            lock(&self.waiting).queries.remove(id);
            return Err(self.stopped_error(&Stop::Exited, command));
        }
        let deadline = Instant::now() + timeout;
        let mut warnings = Vec::new();
        loop {
            let left = deadline.saturating_duration_since(Instant::now());
            match replies.recv_timeout(left) {
                Ok(Reply::Warning(warning)) => {
                    if warnings.len() < WARNINGS_KEPT {
                        warnings.push(warning);
                    }
                }
                Ok(Reply::Answer(response)) => return Ok((*response, warnings)),
                Ok(Reply::Refused(message)) => {
                    return Err(ClientError::Refused {
                        command: command.to_owned(),
                        message,
                    });
                }
                Ok(Reply::Malformed(answer)) => {
                    return Err(ClientError::Garbage {
                        command: command.to_owned(),
                        answer,
                    });
                }
                Ok(Reply::Stopped(stop)) => return Err(self.stopped_error(&stop, command)),
                Err(RecvTimeoutError::Timeout) => {
                    lock(&self.waiting).queries.remove(id);
                    return Err(ClientError::Timeout {
                        command: command.to_owned(),
                        timeout,
                    });
                }
                Err(RecvTimeoutError::Disconnected) => {
                    return Err(self.stopped_error(&Stop::Exited, command));
                }
            }
        }
    }

    fn stopped_error(&self, stop: &Stop, command: &str) -> ClientError {
        match stop {
            // The standard error is read by a thread of its own: it may not have reached
            // the end yet of what an engine said as it exited.
            Stop::Exited => ClientError::Exited {
                command: command.to_owned(),
                stderr: self.stderr.last_lines(Duration::from_secs(1)),
            },
            Stop::Garbage(answer) => ClientError::Garbage {
                command: command.to_owned(),
                answer: answer.clone(),
            },
        }
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.kill();
    }
}

/// The writer thread: query lines until the engine stops reading or the process goes.
fn write_queries(mut stdin: ChildStdin, lines: &mpsc::Receiver<String>) {
    for line in lines {
        let written = stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush());
        if written.is_err() {
            return;
        }
    }
}

/// The reader thread: every line of the engine's output to the query it answers, until
/// the output ends or is not the protocol; then every waiting query hears why.
fn read_answers(stdout: impl Read, waiting: &Mutex<Waiting>) {
    let mut reader = BufReader::new(stdout);
    let mut buf = Vec::new();
    let stop = loop {
        buf.clear();
        // One byte over the limit tells a line of exactly the limit from a longer one.
        let read = match read_line_bounded(&mut reader, &mut buf, MAX_LINE_BYTES + 1) {
            Ok(read) if read.consumed > 0 => read,
            Ok(_) | Err(_) => break Stop::Exited,
        };
        if read.length() > MAX_LINE_BYTES {
            break Stop::Garbage(format!(
                "a line of {} bytes, longer than the limit of {MAX_LINE_BYTES}",
                read.length()
            ));
        }
        if let Err(garbage) = dispatch(&buf, waiting) {
            break Stop::Garbage(garbage);
        }
    };
    let mut waiting = lock(waiting);
    for (_, query) in waiting.queries.drain() {
        let _ = query.send(Reply::Stopped(stop.clone()));
    }
    waiting.stopped = Some(stop);
}

/// The start of a line quoted in an error.
fn shortened(line: &[u8]) -> String {
    String::from_utf8_lossy(line)
        .trim()
        .chars()
        .take(200)
        .collect()
}

/// Hands one line to the query it answers. Lines for queries nobody waits for any more (a
/// late answer to one that timed out) are dropped.
///
/// # Errors
/// The line, shortened, when it is not a JSON object: the engine is not speaking the
/// protocol.
fn dispatch(line: &[u8], waiting: &Mutex<Waiting>) -> Result<(), String> {
    if line.iter().all(u8::is_ascii_whitespace) {
        return Ok(());
    }
    let value: Value =
        serde_json::from_slice(line).map_err(|e| format!("not JSON ({e}): {}", shortened(line)))?;
    let Value::Object(fields) = &value else {
        return Err(format!("not a JSON object: {}", shortened(line)));
    };
    let text = |v: &Value| v.as_str().map_or_else(|| v.to_string(), str::to_owned);
    let Some(id) = fields.get("id").and_then(Value::as_str) else {
        if let Some(message) = fields.get("error") {
            // An error about a line the engine could not read as a query: which one is
            // unknown, so every query waiting hears it.
            for (_, query) in lock(waiting).queries.drain() {
                let _ = query.send(Reply::Refused(text(message)));
            }
        }
        return Ok(());
    };
    let mut waiting = lock(waiting);
    let Some(query) = waiting.queries.get(id) else {
        return Ok(());
    };
    let flag = |name: &str| fields.get(name).and_then(Value::as_bool) == Some(true);
    let reply = if let Some(message) = fields.get("error") {
        let field = fields.get("field").map(|f| format!("{}: ", text(f)));
        Reply::Refused(format!("{}{}", field.unwrap_or_default(), text(message)))
    } else if let Some(warning) = fields.get("warning") {
        let field = fields.get("field").map(|f| format!("{}: ", text(f)));
        let _ = query.send(Reply::Warning(format!(
            "{}{}",
            field.unwrap_or_default(),
            text(warning)
        )));
        return Ok(());
    } else if flag("isDuringSearch") {
        return Ok(());
    } else if flag("noResults") {
        Reply::Refused("the engine gave no results for the position".to_owned())
    } else {
        match serde_json::from_value::<Response>(value.clone()) {
            Ok(response) => Reply::Answer(Box::new(response)),
            Err(e) => Reply::Malformed(format!("{e}: {}", shortened(line))),
        }
    };
    if let Some(query) = waiting.queries.remove(id) {
        let _ = query.send(reply);
    }
    Ok(())
}

/// The standard error thread: the last lines kept, the rest read and dropped (KataGo logs
/// there at length).
fn keep_stderr_tail(stderr: impl Read, tail: &StderrTail) {
    let mut reader = BufReader::new(stderr);
    let mut buf = Vec::new();
    loop {
        buf.clear();
        match read_line_bounded(&mut reader, &mut buf, STDERR_LINE_BYTES) {
            Ok(read) if read.consumed > 0 => {}
            Ok(_) | Err(_) => break,
        }
        let line = String::from_utf8_lossy(&buf).trim().to_owned();
        if line.is_empty() {
            continue;
        }
        let mut lines = lock(&tail.lines);
        if lines.0.len() == STDERR_LINES_KEPT {
            lines.0.pop_front();
        }
        lines.0.push_back(line);
    }
    lock(&tail.lines).1 = true;
    tail.ended.notify_all();
}

/// The query for `game` as it stands: its setup, its moves, the last turn analysed.
fn query_line(id: &str, game: &Game) -> String {
    let size = game.size();
    let player = |color: Color| match color {
        Color::Black => "B",
        Color::White => "W",
    };
    let stones: Vec<Value> = game
        .initial_board()
        .stones()
        .map(|(point, color)| json!([player(color), move_text(Move::Play(point), size)]))
        .collect();
    let moves: Vec<Value> = game
        .moves()
        .iter()
        .map(|played| json!([player(played.color), move_text(played.mv, size)]))
        .collect();
    json!({
        "id": id,
        "boardXSize": size.get(),
        "boardYSize": size.get(),
        "initialStones": stones,
        "initialPlayer": player(game.initial_to_move()),
        "moves": moves,
        "rules": kata_rules_of(game.rules()),
        "komi": game.komi().as_f64(),
        "analyzeTurns": [game.moves().len()],
        "includeOwnership": true,
        "overrideSettings": { "reportAnalysisWinratesAs": "BLACK" },
    })
    .to_string()
}

/// An analysis answer as the engine writes it (fields Tengen does not use are skipped).
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct Response {
    turn_number: usize,
    move_infos: Vec<MoveInfoLine>,
    root_info: RootInfoLine,
    #[serde(default)]
    ownership: Option<Vec<f64>>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct MoveInfoLine {
    #[serde(rename = "move")]
    mv: String,
    visits: u64,
    winrate: f64,
    score_lead: f64,
    #[serde(default)]
    prior: f64,
    #[serde(default)]
    pv: Vec<String>,
    #[serde(default)]
    order: Option<u64>,
}

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RootInfoLine {
    winrate: f64,
    score_lead: f64,
    visits: u64,
}

impl Response {
    /// The analysis of `game`, its moves read on its board.
    fn into_analysis(
        self,
        game: &Game,
        warnings: Vec<String>,
        command: &str,
    ) -> Result<KataAnalysis, ClientError> {
        let garbage = |answer: String| ClientError::Garbage {
            command: command.to_owned(),
            answer,
        };
        let turn = game.moves().len();
        if self.turn_number != turn {
            return Err(garbage(format!(
                "an answer for turn {} instead of {turn}",
                self.turn_number
            )));
        }
        let size = game.size();
        let mut infos = self.move_infos;
        infos.sort_by_key(|info| info.order.unwrap_or(u64::MAX));
        let moves = infos
            .into_iter()
            .map(|info| {
                let pv = info
                    .pv
                    .iter()
                    .map(|text| read_move(text, size))
                    .collect::<Result<Vec<Move>, String>>()
                    .map_err(&garbage)?;
                Ok(KataMoveInfo {
                    mv: read_move(&info.mv, size).map_err(&garbage)?,
                    visits: info.visits,
                    winrate: info.winrate.clamp(0.0, 1.0),
                    score_lead: info.score_lead,
                    prior: info.prior,
                    pv,
                })
            })
            .collect::<Result<Vec<_>, ClientError>>()?;
        let points = self.ownership.as_ref().map_or(size.area(), Vec::len);
        if points != size.area() {
            return Err(garbage(format!(
                "an ownership of {points} values for the {} points of the board",
                size.area()
            )));
        }
        Ok(KataAnalysis {
            winrate: self.root_info.winrate.clamp(0.0, 1.0),
            score_lead: self.root_info.score_lead,
            visits: self.root_info.visits,
            moves,
            ownership: self.ownership,
            warnings,
        })
    }
}

fn read_move(text: &str, size: BoardSize) -> Result<Move, String> {
    parse_move(text, size).map_err(|e| format!("move {text:?}: {e}"))
}

#[cfg(test)]
mod tests;
