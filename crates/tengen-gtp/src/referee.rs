//! The referee: matches between two GTP engines under Tengen's rules.

use std::{collections::BTreeSet, path::PathBuf, time::Duration};

use tengen_core::{
    BoardSize, Color, Game, GameResult, HandicapError, Komi, Move, Penalty, Phase, Point, Rules,
};
use tengen_engine::estimate::{EstimateBudget, estimate};

mod report;

pub use report::{EngineStats, GameRecord, MatchReport};

use crate::{
    client::{ClientError, GtpProcess},
    move_text, parse_move, vertex,
};

/// How many disputes over dead stones the referee allows under JP-8 before it scores with the
/// stones both engines call dead.
const MAX_DISPUTES: u32 = 3;

/// One of the two engines of a match.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Entrant {
    /// The engine given as `--black` (Black in odd games when colours alternate).
    First,
    /// The engine given as `--white`.
    Second,
}

impl Entrant {
    fn index(self) -> usize {
        match self {
            Entrant::First => 0,
            Entrant::Second => 1,
        }
    }
}

/// The settings of a match.
#[derive(Clone, Debug)]
pub struct MatchConfig {
    /// The command line of the first engine (Black in game 1).
    pub black: String,
    /// The command line of the second engine.
    pub white: String,
    /// How many games.
    pub games: u32,
    /// The board.
    pub size: BoardSize,
    /// The rules every move is checked against, and the count.
    pub rules: Rules,
    /// The komi; by default the rules' komi for the handicap.
    pub komi: Option<Komi>,
    /// Handicap stones for Black (the seed's placement, AGA-4; 1 = Black first with the
    /// handicap komi).
    pub handicap: u32,
    /// Swap colours every game.
    pub alternate: bool,
    /// Moves after which a game is stopped with no result; by default 4·N².
    pub max_moves: Option<u32>,
    /// Where one SGF file per game is written.
    pub sgf_dir: Option<PathBuf>,
    /// How long an engine may take to answer any command.
    pub timeout: Duration,
}

impl MatchConfig {
    /// One game on 9×9 under AGA rules between two engine command lines, 30 s per answer.
    #[must_use]
    pub fn new(black: impl Into<String>, white: impl Into<String>) -> MatchConfig {
        MatchConfig {
            black: black.into(),
            white: white.into(),
            games: 1,
            size: BoardSize::new(9).unwrap_or_default(),
            rules: Rules::aga(),
            komi: None,
            handicap: 0,
            alternate: false,
            max_moves: None,
            sgf_dir: None,
            timeout: Duration::from_secs(30),
        }
    }
}

/// A match that cannot be run.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum MatchError {
    /// The handicap does not fit the board.
    #[error("handicap: {0}")]
    Handicap(#[from] HandicapError),
    /// An engine could not be started at all.
    #[error("engine {entrant:?}: {source}")]
    Engine {
        /// Which engine.
        entrant: Entrant,
        /// Why.
        source: ClientError,
    },
    /// The SGF directory cannot be written.
    #[error("cannot write {path}: {source}")]
    Io {
        /// The file or directory.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

/// An engine of the match: its command line, its process (restarted after a failure), what it
/// supports.
struct Player {
    entrant: Entrant,
    command: String,
    process: Option<GtpProcess>,
    name: String,
    cleanup: bool,
}

impl Player {
    fn start(&mut self, timeout: Duration) -> Result<&mut GtpProcess, ClientError> {
        if self.process.as_ref().is_some_and(GtpProcess::is_broken) {
            self.process = None;
        }
        if self.process.is_none() {
            let mut process = GtpProcess::spawn(&self.command, timeout)?;
            if self.name.is_empty() {
                let name = process.send("name").unwrap_or_default();
                let version = process.send("version").unwrap_or_default();
                let name = name.lines().next().unwrap_or("").trim().to_owned();
                let version = version.lines().next().unwrap_or("").trim().to_owned();
                self.name = match (name.is_empty(), version.is_empty()) {
                    (true, _) => self.command.clone(),
                    (false, true) => name,
                    (false, false) if version.len() <= 16 => format!("{name} {version}"),
                    (false, false) => name,
                };
            }
            self.cleanup = process
                .send("known_command kgs-genmove_cleanup")
                .is_ok_and(|a| a.trim() == "true");
            self.process = Some(process);
        }
        // The process is there: it was just set.
        self.process
            .as_mut()
            .ok_or_else(|| ClientError::Crashed("start".to_owned()))
    }

    fn send(&mut self, command: &str, timeout: Duration) -> Result<String, ClientError> {
        self.start(timeout)?.send(command)
    }
}

/// How a game stopped early, and whom it cost.
struct Failure {
    color: Color,
    error: ClientError,
}

/// Plays the match. `on_game` is called after each game (for a progress display).
///
/// # Errors
/// [`MatchError`] when the handicap does not fit, an engine cannot be started for the first
/// game, or an SGF file cannot be written. Engine failures during the match are not errors:
/// the failing engine loses that game, and the match goes on.
pub fn run_match(
    config: &MatchConfig,
    mut on_game: impl FnMut(&GameRecord),
) -> Result<MatchReport, MatchError> {
    // Fails early on a handicap that does not fit the board.
    Game::with_handicap(config.size, config.rules, config.handicap)?;
    if let Some(dir) = &config.sgf_dir {
        std::fs::create_dir_all(dir).map_err(|source| MatchError::Io {
            path: dir.clone(),
            source,
        })?;
    }
    let mut players = [
        Player {
            entrant: Entrant::First,
            command: config.black.clone(),
            process: None,
            name: String::new(),
            cleanup: false,
        },
        Player {
            entrant: Entrant::Second,
            command: config.white.clone(),
            process: None,
            name: String::new(),
            cleanup: false,
        },
    ];
    for p in &mut players {
        let entrant = p.entrant;
        p.start(config.timeout)
            .map_err(|source| MatchError::Engine { entrant, source })?;
    }
    let mut games = Vec::new();
    for number in 1..=config.games {
        let black = if config.alternate && number % 2 == 0 {
            Entrant::Second
        } else {
            Entrant::First
        };
        let record = play_game(config, &mut players, number, black)?;
        on_game(&record);
        games.push(record);
    }
    for p in &mut players {
        if let Some(process) = p.process.take() {
            process.quit();
        }
    }
    let mut engines: [EngineStats; 2] = Default::default();
    for (stats, player) in engines.iter_mut().zip(&players) {
        stats.name = player.name.clone();
    }
    for g in &games {
        for color in Color::ALL {
            let entrant = g.entrant_of(color).index();
            let won = g.result.winner() == Some(color);
            let stats = &mut engines[entrant];
            match color {
                Color::Black => stats.games_black += 1,
                Color::White => stats.games_white += 1,
            }
            if won {
                stats.wins += 1;
                match color {
                    Color::Black => stats.wins_black += 1,
                    Color::White => stats.wins_white += 1,
                }
            }
        }
        for (stats, errors) in engines.iter_mut().zip(g.errors) {
            stats.errors += errors;
        }
    }
    let komi = config
        .komi
        .unwrap_or_else(|| config.rules.komi(config.handicap.min(255) as u8));
    let settings = format!(
        "{} vs {}: {} games on {}, rules {}, komi {komi}, handicap {}{}",
        engines[0].name,
        engines[1].name,
        games.len(),
        config.size,
        config.rules,
        config.handicap,
        if config.alternate {
            ", alternating colours"
        } else {
            ""
        }
    );
    Ok(MatchReport {
        games,
        engines,
        settings,
    })
}

/// One game in progress.
struct Table<'a> {
    config: &'a MatchConfig,
    game: Game,
    /// Player index of Black and White.
    seat: [usize; 2],
    notes: Vec<String>,
    move_comments: Vec<(usize, String)>,
    errors: [u32; 2],
    reason: Option<String>,
}

impl Table<'_> {
    fn player(&self, color: Color) -> usize {
        self.seat[color.index()]
    }

    fn note(&mut self, text: String) {
        let at = self.game.moves().len().saturating_sub(1);
        self.move_comments.push((at, text.clone()));
        self.notes.push(text);
    }

    /// `color`'s engine failed: it loses the game (`W+T` for a timeout, `W+F` otherwise).
    fn fail(&mut self, players: &[Player; 2], failure: Failure) {
        let Failure { color, error } = failure;
        let who = &players[self.player(color)].name;
        let reason = format!("{} ({who}) {error}", crate::color_name(color));
        self.errors[self.player(color)] += 1;
        let _ = match error {
            ClientError::Timeout { .. } => self.game.time_out(color),
            _ => self.game.forfeit(color),
        };
        self.note(reason.clone());
        self.reason = Some(reason);
    }
}

/// The stones of the starting position (the handicap), as GTP vertices.
fn handicap_vertices(game: &Game) -> Vec<String> {
    let size = game.size();
    game.initial_board()
        .stones()
        .map(|(p, _)| vertex(p, size))
        .collect()
}

/// Sets up both engines for a new game: size, empty board, komi, handicap stones.
fn setup_engines(
    table: &Table<'_>,
    players: &mut [Player; 2],
    timeout: Duration,
) -> Result<(), Failure> {
    let size = table.game.size();
    let stones = handicap_vertices(&table.game);
    for color in Color::ALL {
        let player = &mut players[table.player(color)];
        let mut commands = vec![
            format!("boardsize {}", size.get()),
            "clear_board".to_owned(),
            format!("komi {}", table.game.komi()),
        ];
        if !stones.is_empty() {
            commands.push(format!("set_free_handicap {}", stones.join(" ")));
        }
        for command in commands {
            player
                .send(&command, timeout)
                .map_err(|error| Failure { color, error })?;
        }
    }
    Ok(())
}

/// Tells `color`'s engine about a move it did not generate. A refusal of a legal move is
/// that engine's failure.
fn tell(
    players: &mut [Player; 2],
    table: &Table<'_>,
    color: Color,
    mover: Color,
    mv: Move,
    timeout: Duration,
) -> Result<(), Failure> {
    let command = format!(
        "play {} {}",
        crate::color_name(mover),
        move_text(mv, table.game.size())
    );
    players[table.player(color)]
        .send(&command, timeout)
        .map(|_| ())
        .map_err(|error| Failure { color, error })
}

/// Brings an engine whose illegal move became a pass back to the referee's game: `undo` and
/// the pass, or, if it cannot undo, the whole game again (the pass included; a closing pass
/// of White's that followed it is told by [`after_forced_pass`]).
fn resync(
    players: &mut [Player; 2],
    table: &Table<'_>,
    color: Color,
    timeout: Duration,
) -> Result<(), Failure> {
    let player = &mut players[table.player(color)];
    let fail = |error| Failure { color, error };
    let size = table.game.size();
    let undone = player.send("undo", timeout);
    match undone {
        Ok(_) => player
            .send(&format!("play {} pass", crate::color_name(color)), timeout)
            .map(|_| ())
            .map_err(fail),
        Err(ClientError::Refused { .. }) => {
            player.send("clear_board", timeout).map_err(fail)?;
            let stones = handicap_vertices(&table.game);
            if !stones.is_empty() {
                player
                    .send(&format!("set_free_handicap {}", stones.join(" ")), timeout)
                    .map_err(fail)?;
            }
            let moves = table.game.moves();
            let told = match moves.last() {
                Some(last) if last.forced => &moves[..moves.len() - 1],
                _ => moves,
            };
            for m in told {
                player
                    .send(
                        &format!(
                            "play {} {}",
                            crate::color_name(m.color),
                            move_text(m.mv, size)
                        ),
                        timeout,
                    )
                    .map_err(fail)?;
            }
            Ok(())
        }
        Err(error) => Err(fail(error)),
    }
}

/// The dead stones an engine names, as a sorted set of points with stones.
fn dead_list(text: &str, game: &Game) -> Option<BTreeSet<Point>> {
    let mut set = BTreeSet::new();
    for word in text.split_whitespace() {
        match parse_move(word, game.size()) {
            Ok(Move::Play(p)) => {
                if game.board().get(p).is_some() {
                    set.insert(p);
                }
            }
            _ => return None,
        }
    }
    Some(set)
}

fn play_game(
    config: &MatchConfig,
    players: &mut [Player; 2],
    number: u32,
    black: Entrant,
) -> Result<GameRecord, MatchError> {
    let timeout = config.timeout;
    let mut game = Game::with_handicap(config.size, config.rules, config.handicap)?;
    if let Some(komi) = config.komi {
        game.set_komi(komi);
    }
    let seat = match black {
        Entrant::First => [0, 1],
        Entrant::Second => [1, 0],
    };
    let mut table = Table {
        config,
        game,
        seat,
        notes: Vec::new(),
        move_comments: Vec::new(),
        errors: [0; 2],
        reason: None,
    };
    if let Err(failure) = setup_engines(&table, players, timeout) {
        table.fail(players, failure);
    }
    let max_moves = config
        .max_moves
        .unwrap_or(4 * table.game.size().area() as u32) as usize;
    let mut cleanup = false;
    let mut disputes = 0;
    loop {
        match table.game.phase() {
            Phase::Finished(_) => break,
            Phase::Scoring => {
                if let Err(failure) = settle(&mut table, players, &mut disputes, &mut cleanup) {
                    table.fail(players, failure);
                }
            }
            Phase::Playing if table.game.moves().len() >= max_moves => {
                let _ = table.game.declare_void();
                let reason = format!("move limit {max_moves} reached");
                table.note(reason.clone());
                table.reason = Some(reason);
            }
            Phase::Playing => {
                if let Err(failure) = one_move(&mut table, players, cleanup) {
                    table.fail(players, failure);
                }
            }
        }
    }
    if table.reason.is_none()
        && let Some(at) = table.game.cycle_closed_at()
    {
        let reason = format!(
            "the position after move {at} had occurred {} times: a cycle, no result (JP-6)",
            tengen_core::CYCLE_OCCURRENCES_FOR_VOID
        );
        table.note(reason.clone());
        table.reason = Some(reason);
    }
    let result = table.game.result().unwrap_or(GameResult::Void);
    let root_comment = format!(
        "Refereed by Tengen {}: rules {}{}",
        env!("CARGO_PKG_VERSION"),
        config.rules,
        table
            .reason
            .as_ref()
            .map(|r| format!("; {r}"))
            .unwrap_or_default()
    );
    let sgf_text = record_text(
        &table.game,
        [
            &players[table.player(Color::Black)].name,
            &players[table.player(Color::White)].name,
        ],
        &root_comment,
        &table.move_comments,
    );
    let sgf = match &config.sgf_dir {
        Some(dir) => {
            let path = dir.join(format!("game-{number:03}.sgf"));
            std::fs::write(&path, &sgf_text).map_err(|source| MatchError::Io {
                path: path.clone(),
                source,
            })?;
            Some(path)
        }
        None => None,
    };
    let errors = table.errors;
    Ok(GameRecord {
        number,
        black,
        result,
        moves: table.game.moves().len(),
        reason: table.reason,
        notes: table.notes,
        errors,
        sgf,
        sgf_text,
    })
}

/// The game's SGF record (`tengen_sgf::game_to_tree`) with the referee's notes: the engines'
/// names (`PB`, `PW`), a comment on the root, and each note on the move it followed.
fn record_text(
    game: &Game,
    [black, white]: [&str; 2],
    root_comment: &str,
    move_comments: &[(usize, String)],
) -> String {
    let mut tree = tengen_sgf::game_to_tree(game);
    let root = tree.root();
    // Identifiers are constants and every list is non-empty: these cannot fail.
    for (id, name) in [("PB", black), ("PW", white)] {
        if !name.is_empty() {
            let _ = tree.push_property(root, id, [name]);
        }
    }
    let _ = tree.push_property(root, "C", [root_comment]);
    let nodes: Vec<tengen_sgf::NodeId> = tree.main_line().skip(1).map(|n| n.id()).collect();
    for (i, &node) in nodes.iter().enumerate() {
        let mut comments: Vec<String> = move_comments
            .iter()
            .filter(|(at, _)| *at == i)
            .map(|(_, text)| text.clone())
            .collect();
        if comments.is_empty() {
            continue;
        }
        // White's closing pass has a comment of its own already: one `C` holds both.
        comments.extend(tree.node(node).value("C").map(str::to_owned));
        tree.remove_property(node, "C");
        let _ = tree.push_property(node, "C", [comments.join("\n")]);
    }
    tengen_sgf::write(&[tree])
}

/// Asks the engine to move for the side to move, checks the move, plays it and tells the
/// opponent.
fn one_move(
    table: &mut Table<'_>,
    players: &mut [Player; 2],
    cleanup: bool,
) -> Result<(), Failure> {
    let timeout = table.config.timeout;
    let color = table.game.to_move();
    let me = table.player(color);
    let command = if cleanup && players[me].cleanup {
        "kgs-genmove_cleanup"
    } else {
        "genmove"
    };
    let command = format!("{command} {}", crate::color_name(color));
    let answer = players[me]
        .send(&command, timeout)
        .map_err(|error| Failure { color, error })?;
    let word = answer.trim();
    if word.eq_ignore_ascii_case("resign") {
        let _ = table.game.resign(color);
        table.reason = Some(format!("{} resigned", crate::color_name(color)));
        return Ok(());
    }
    let garbage = || Failure {
        color,
        error: ClientError::Garbage {
            command: command.clone(),
            answer: word.chars().take(200).collect(),
        },
    };
    let mv = parse_move(word, table.game.size()).map_err(|_| garbage())?;
    if let Err(illegal) = table.game.check(mv) {
        table.errors[me] += 1;
        let text = format!(
            "illegal move by {}: {} ({illegal})",
            crate::color_name(color),
            move_text(mv, table.game.size())
        );
        return match table.game.penalize_illegal(color) {
            Ok(Penalty::Pass(_)) => {
                table.note(format!("{text}: replaced by a pass (AGA-8)"));
                resync(players, table, color, timeout)?;
                tell(players, table, color.other(), color, Move::Pass, timeout)?;
                after_forced_pass(table, players)
            }
            Ok(Penalty::Loss(_)) | Err(_) => {
                table.note(format!("{text}: the game is lost (JP-11)"));
                table.reason = Some(text);
                Ok(())
            }
        };
    }
    let _ = table.game.play(mv);
    tell(players, table, color.other(), color, mv, timeout)?;
    after_forced_pass(table, players)
}

/// If the rules added White's closing pass (AGA-11), both engines hear of it.
fn after_forced_pass(table: &mut Table<'_>, players: &mut [Player; 2]) -> Result<(), Failure> {
    if table.game.moves().last().is_some_and(|m| m.forced) {
        for color in Color::ALL {
            tell(
                players,
                table,
                color,
                Color::White,
                Move::Pass,
                table.config.timeout,
            )?;
        }
    }
    Ok(())
}

/// Play has stopped: both engines name the dead stones. Agreement ends the game; a dispute
/// resumes play (AGA-10, JP-8) with cleanup moves.
fn settle(
    table: &mut Table<'_>,
    players: &mut [Player; 2],
    disputes: &mut u32,
    cleanup: &mut bool,
) -> Result<(), Failure> {
    let timeout = table.config.timeout;
    let mut lists: Vec<Option<BTreeSet<Point>>> = Vec::new();
    for color in Color::ALL {
        let command = "final_status_list dead";
        match players[table.player(color)].send(command, timeout) {
            Ok(text) => match dead_list(&text, &table.game) {
                Some(set) => lists.push(Some(set)),
                None => {
                    return Err(Failure {
                        color,
                        error: ClientError::Garbage {
                            command: command.to_owned(),
                            answer: text.chars().take(200).collect(),
                        },
                    });
                }
            },
            // An engine without the command accepts the other's list.
            Err(ClientError::Refused { .. }) => lists.push(None),
            Err(error) => return Err(Failure { color, error }),
        }
    }
    // The referee's own estimate, recorded beside the engines' lists in the SGF comment (and
    // the dead stones when neither engine names any).
    let referee = estimate(&table.game, &EstimateBudget::default());
    let size = table.game.size();
    let names = |set: &BTreeSet<Point>| {
        set.iter()
            .map(|&p| vertex(p, size))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let estimated: BTreeSet<Point> = referee.dead_stones().into_iter().collect();
    let mut summary = format!(
        "referee's estimate: dead [{}], {}",
        names(&estimated),
        referee.score.result.to_sgf()
    );
    for chain in referee.uncertain() {
        summary.push_str(&format!(
            "; uncertain: {} group",
            vertex(chain.stones[0], size)
        ));
    }
    table.note(summary);
    let (black, white) = match (&lists[0], &lists[1]) {
        (Some(b), Some(w)) => (b.clone(), w.clone()),
        (Some(b), None) => (b.clone(), b.clone()),
        (None, Some(w)) => (w.clone(), w.clone()),
        (None, None) => (estimated.clone(), estimated),
    };
    if black == white {
        let dead: Vec<Point> = black.iter().copied().collect();
        for color in Color::ALL {
            let _ = table.game.propose_dead(color, &dead);
        }
        if !dead.is_empty() {
            table.note(format!("dead stones agreed: {}", names(&black)));
        }
        return Ok(());
    }
    *disputes += 1;
    table.note(format!(
        "dispute over dead stones: black says [{}], white says [{}]",
        names(&black),
        names(&white)
    ));
    if table.config.rules.resumption == tengen_core::Resumption::Japanese
        && *disputes >= MAX_DISPUTES
    {
        let both: Vec<Point> = black.intersection(&white).copied().collect();
        for color in Color::ALL {
            let _ = table.game.propose_dead(color, &both);
        }
        let reason = format!("{MAX_DISPUTES} disputes: scored with the stones both call dead");
        table.note(reason.clone());
        table.reason = Some(reason);
        return Ok(());
    }
    // The owner of the first disputed stone asks to resume (JP-8: its opponent moves first,
    // to show the stones dead); under AGA-10 the rules name the first mover themselves.
    let disputed = black.symmetric_difference(&white).next().copied();
    let asker = disputed
        .and_then(|p| table.game.board().get(p))
        .unwrap_or(Color::Black);
    let _ = table.game.resume(asker);
    match table.game.phase() {
        Phase::Playing => {
            *cleanup = true;
            table.note(format!(
                "play resumes, {} to move",
                crate::color_name(table.game.to_move())
            ));
        }
        _ => {
            table.note("second dispute: every stone counts as alive (AGA-10)".to_owned());
        }
    }
    Ok(())
}
