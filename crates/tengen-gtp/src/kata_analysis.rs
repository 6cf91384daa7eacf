//! KataGo's JSON analysis protocol (`katago analysis`, docs/Analysis_Engine.md in KataGo's
//! repository), served by Tengen's Monte-Carlo search: what KaTrain and other analysis
//! tools drive.
//!
//! Queries arrive one JSON object a line; each names a game (`initialStones`, `moves`,
//! `rules`, `komi`, board size) and the turns to analyse (`analyzeTurns`, by default the
//! last). Every turn is a position of its own in a priority queue (`priority`,
//! `priorities`; ties go to the earlier query), and [`AnalysisOptions::positions_at_once`]
//! threads search them, so answers come out of order as KataGo's do: one line per turn,
//! `isDuringSearch: false` last, partial ones before it when `reportDuringSearchEvery`
//! asks. The reading thread answers actions (`query_version`, `query_models`,
//! `clear_cache`, `terminate`, `terminate_all`) at once.
//!
//! A line that is not a query gets KataGo's `{"error": ...}` without an id; a query with a
//! wrong field `{"id", "field", "error"}`, and is dropped; a field Tengen reads but does
//! not act on (`avoidMoves`, `includeMovesOwnership`, unknown `overrideSettings`, a field
//! KataGo does not know either) a `{"id", "field", "warning"}`, and the query goes on.
//! Memory is bounded: lines of at most [`AnalysisOptions::max_line_bytes`], at most
//! [`AnalysisOptions::max_queued`] positions waiting, at most
//! [`AnalysisOptions::visits_cap`] visits a position.
//!
//! At the end of the input the positions still queued are analysed before
//! [`serve_analysis`] returns, as KataGo does.

mod query;
mod response;
pub(crate) mod rules;

use std::{
    cmp::{Ordering as Order, Reverse},
    collections::{BinaryHeap, HashMap},
    io::{self, BufRead, Write},
    sync::{
        Arc, Condvar, Mutex, MutexGuard,
        atomic::{AtomicBool, Ordering::Relaxed},
    },
    time::Duration,
};

use tengen_engine::{Budget, Progress, RunOptions, Search, SearchConfig, SearchResult};

pub use query::Perspective;
use query::{Limits, Notice, Query, Refusal, Request};
use response::Analysis;

/// How `tengen analysis` serves.
#[derive(Clone, Debug, PartialEq)]
pub struct AnalysisOptions {
    /// Positions searched at the same time (KataGo's `numAnalysisThreads`).
    pub positions_at_once: usize,
    /// Search threads on each position (KataGo's `numSearchThreadsPerAnalysisThread`).
    pub search_threads: usize,
    /// Visits of a query that names no `maxVisits`.
    pub default_visits: u64,
    /// The most visits a query may ask; more is capped, with a warning.
    pub visits_cap: u64,
    /// Search time per position at most (KataGo's `maxTime`), unless the query's
    /// `overrideSettings` sets its own.
    pub max_time: Option<Duration>,
    /// Positions waiting at most; a query that would queue more is refused.
    pub max_queued: usize,
    /// The longest line read; a longer one is skipped with an error.
    pub max_line_bytes: usize,
    /// Whose point of view values take unless a query says (`reportAnalysisWinratesAs`).
    pub perspective: Perspective,
    /// Seed of the playouts (each position's search starts from it).
    pub seed: u32,
}

impl Default for AnalysisOptions {
    /// KataGo's example configuration where it has one (500 visits, Black's perspective),
    /// one search thread per position.
    fn default() -> AnalysisOptions {
        AnalysisOptions {
            positions_at_once: 2,
            search_threads: 1,
            default_visits: 500,
            visits_cap: 1_000_000,
            max_time: None,
            max_queued: 10_000,
            max_line_bytes: 4 << 20,
            perspective: Perspective::Black,
            seed: 1,
        }
    }
}

/// Serves the analysis protocol: queries from `input`, answers to `output`, until the
/// input ends and every queued position is answered.
///
/// # Errors
/// Errors reading the input or writing the output.
pub fn serve_analysis<R: BufRead, W: Write + Send>(
    mut input: R,
    output: W,
    options: &AnalysisOptions,
) -> io::Result<()> {
    let out = Output {
        writer: Mutex::new(output),
        error: Mutex::new(None),
    };
    let queue = Queue {
        state: Mutex::new(QueueState::default()),
        ready: Condvar::new(),
    };
    let limits = Limits {
        default_visits: options.default_visits,
        visits_cap: options.visits_cap,
        max_time: options.max_time,
        perspective: options.perspective,
    };
    let read = std::thread::scope(|scope| {
        for _ in 0..options.positions_at_once.max(1) {
            scope.spawn(|| work(&queue, &out, options));
        }
        let read = serve_lines(&mut input, &queue, &out, &limits, options);
        if read.is_err() || out.failed() {
            // Nobody will read the answers: stop the searches instead of finishing them.
            terminate(&queue, &out, None, None);
        }
        queue.lock().closed = true;
        queue.ready.notify_all();
        read
    });
    read?;
    match out.error.into_inner().unwrap_or_else(|e| e.into_inner()) {
        Some(e) => Err(e),
        None => Ok(()),
    }
}

/// The response lines, written whole by whichever thread has one.
struct Output<W> {
    writer: Mutex<W>,
    /// The first write error: the reader stops at it.
    error: Mutex<Option<io::Error>>,
}

impl<W: Write> Output<W> {
    fn line(&self, text: &str) {
        let mut writer = self.writer.lock().unwrap_or_else(|e| e.into_inner());
        let written = writer
            .write_all(text.as_bytes())
            .and_then(|()| writer.write_all(b"\n"))
            .and_then(|()| writer.flush());
        if let Err(e) = written {
            self.error
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get_or_insert(e);
        }
    }

    fn failed(&self) -> bool {
        self.error
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .is_some()
    }
}

/// One turn of one query, waiting or being searched.
struct Job {
    query: Arc<Query>,
    turn: usize,
    priority: i64,
    /// Arrival order: the tie-break, and the key of a running job.
    serial: u64,
}

impl Job {
    fn key(&self) -> (i64, Reverse<u64>) {
        (self.priority, Reverse(self.serial))
    }
}

impl PartialEq for Job {
    fn eq(&self, other: &Job) -> bool {
        self.key() == other.key()
    }
}

impl Eq for Job {}

impl PartialOrd for Job {
    fn partial_cmp(&self, other: &Job) -> Option<Order> {
        Some(self.cmp(other))
    }
}

impl Ord for Job {
    fn cmp(&self, other: &Job) -> Order {
        self.key().cmp(&other.key())
    }
}

/// A job being searched, as `terminate` finds it.
struct Running {
    id: String,
    turn: usize,
    cancel: Arc<AtomicBool>,
}

#[derive(Default)]
struct QueueState {
    waiting: BinaryHeap<Job>,
    running: HashMap<u64, Running>,
    next_serial: u64,
    /// The input ended: workers stop when nothing waits.
    closed: bool,
}

struct Queue {
    state: Mutex<QueueState>,
    ready: Condvar,
}

impl Queue {
    fn lock(&self) -> MutexGuard<'_, QueueState> {
        self.state.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The next job, marked running with its cancel flag; `None` once the input ended
    /// and nothing waits.
    fn next(&self) -> Option<(Job, Arc<AtomicBool>)> {
        let mut state = self.lock();
        loop {
            if let Some(job) = state.waiting.pop() {
                let cancel = Arc::new(AtomicBool::new(false));
                state.running.insert(
                    job.serial,
                    Running {
                        id: job.query.id.clone(),
                        turn: job.turn,
                        cancel: Arc::clone(&cancel),
                    },
                );
                return Some((job, cancel));
            }
            if state.closed {
                return None;
            }
            state = self.ready.wait(state).unwrap_or_else(|e| e.into_inner());
        }
    }
}

/// One line of input: its bytes, or how long it was when over the limit.
enum Line {
    Text(Vec<u8>),
    TooLong(usize),
    End,
}

/// Reads a line of at most `limit` bytes; the rest of a longer one is skipped unread.
fn read_line<R: BufRead>(input: &mut R, limit: usize) -> io::Result<Line> {
    let mut buf = Vec::new();
    // One byte over the limit tells a line of exactly `limit` bytes from a longer one.
    let read = crate::protocol::read_line_bounded(input, &mut buf, limit + 1)?;
    Ok(if read.consumed == 0 {
        Line::End
    } else if read.length() > limit {
        Line::TooLong(read.length())
    } else {
        Line::Text(buf)
    })
}

/// The reading thread: every line answered or queued, until the input ends.
fn serve_lines<R: BufRead, W: Write>(
    input: &mut R,
    queue: &Queue,
    out: &Output<W>,
    limits: &Limits,
    options: &AnalysisOptions,
) -> io::Result<()> {
    while !out.failed() {
        let bytes = match read_line(input, options.max_line_bytes)? {
            Line::End => return Ok(()),
            Line::TooLong(length) => {
                out.line(&response::general_error(&format!(
                    "Request line of {length} bytes is longer than the limit of {} bytes \
                     (tengen analysis --max-line-bytes), ignoring it",
                    options.max_line_bytes
                )));
                continue;
            }
            Line::Text(bytes) => bytes,
        };
        let text = String::from_utf8_lossy(&bytes);
        let text = text.trim();
        if text.is_empty() {
            continue;
        }
        match query::parse(text, limits) {
            Err(Refusal::General(message)) => out.line(&response::general_error(&message)),
            Err(Refusal::Field { id, notice }) => out.line(&response::field_error(&id, &notice)),
            Ok(Request::Echo(echo)) => out.line(&serde_json::Value::Object(echo).to_string()),
            Ok(Request::Terminate { echo, id, turns }) => {
                terminate(queue, out, id.as_deref(), turns.as_deref());
                out.line(&serde_json::Value::Object(echo).to_string());
            }
            Ok(Request::Analyse { query, warnings }) => {
                for warning in &warnings {
                    out.line(&response::field_warning(&query.id, warning));
                }
                enqueue(queue, out, query, options.max_queued);
            }
        }
    }
    Ok(())
}

fn enqueue<W: Write>(queue: &Queue, out: &Output<W>, query: Arc<Query>, max_queued: usize) {
    let mut state = queue.lock();
    let waiting = state.waiting.len();
    if waiting + query.turns.len() > max_queued {
        drop(state);
        let notice = Notice {
            field: "analyzeTurns".to_owned(),
            message: format!(
                "{waiting} positions are waiting and {} more would pass the limit of \
                 {max_queued} (tengen analysis --max-queued): query dropped, send it again later",
                query.turns.len()
            ),
        };
        out.line(&response::field_error(&query.id, &notice));
        return;
    }
    for &(turn, priority) in &query.turns {
        let serial = state.next_serial;
        state.next_serial += 1;
        state.waiting.push(Job {
            query: Arc::clone(&query),
            turn,
            priority,
            serial,
        });
    }
    drop(state);
    queue.ready.notify_all();
}

/// `terminate` (`id` given) or `terminate_all`: waiting turns are answered with
/// `noResults` at once, running ones stop and report what they found.
fn terminate<W: Write>(queue: &Queue, out: &Output<W>, id: Option<&str>, turns: Option<&[usize]>) {
    let matches = |job_id: &str, turn: usize| {
        id.is_none_or(|id| id == job_id) && turns.is_none_or(|turns| turns.contains(&turn))
    };
    let mut state = queue.lock();
    let (dropped, kept): (Vec<Job>, Vec<Job>) = std::mem::take(&mut state.waiting)
        .into_iter()
        .partition(|job| matches(&job.query.id, job.turn));
    state.waiting = kept.into_iter().collect();
    for running in state.running.values() {
        if matches(&running.id, running.turn) {
            running.cancel.store(true, Relaxed);
        }
    }
    drop(state);
    let mut dropped = dropped;
    dropped.sort_by_key(|job| job.serial);
    for job in dropped {
        out.line(&response::no_results(&job.query.id, job.turn));
    }
}

/// An analysis thread: jobs until the queue closes and empties.
fn work<W: Write>(queue: &Queue, out: &Output<W>, options: &AnalysisOptions) {
    let config = SearchConfig {
        threads: options.search_threads.max(1),
        seed: options.seed,
        // An analysis reports every move's figures at the visits asked, not only the best
        // move as soon as it is certain.
        early_stop: false,
        ..SearchConfig::default()
    };
    while let Some((job, cancel)) = queue.next() {
        if !out.failed() {
            // A fresh search for every position, as KataGo's analysis does: the visits are
            // the ones asked, and with one search thread the same query gets the same
            // answer whatever came before it.
            analyse(&job, &cancel, &mut Search::new(config.clone()), out);
        }
        queue.lock().running.remove(&job.serial);
    }
}

fn analyse<W: Write>(job: &Job, cancel: &AtomicBool, search: &mut Search, out: &Output<W>) {
    let query = &job.query;
    let settings = &query.settings;
    let game = query.game_at(job.turn);
    let priors = settings.policy.then(|| search.root_priors(&game));
    let response = |result: &SearchResult, during_search: bool| {
        Analysis {
            id: &query.id,
            turn: job.turn,
            game: &game,
            settings,
            result,
            during_search,
            priors: priors.as_deref(),
        }
        .to_line()
    };
    let mut report = |result: &SearchResult| {
        if result.root_visits > 0 {
            out.line(&response(result, true));
        }
    };
    let report: &mut dyn FnMut(&SearchResult) = &mut report;
    let progress = settings
        .report_every
        .map(|every| Progress { every, report });
    let budget = Budget {
        playouts: Some(settings.max_visits),
        time: settings.max_time,
    };
    let result = search.run_with(
        &game,
        RunOptions {
            budget,
            cancel: Some(cancel),
            progress,
            ..RunOptions::default()
        },
    );
    if result.root_visits == 0 && cancel.load(Relaxed) {
        out.line(&response::no_results(&query.id, job.turn));
    } else {
        out.line(&response(&result, false));
    }
}
