//! Tengen's GTP engine: the game state behind the commands, and their answers.

use std::io::{self, BufRead, Write};

use tengen_core::{
    BoardSize, Color, Game, GameResult, IllegalMove, Komi, Move, Phase, Point, Resumption, Rules,
    Setup, Tolerance, column_letter, gtp_handicap, max_fixed_handicap,
};
use tengen_engine::Decision;
use tengen_engine::estimate::{Estimate, EstimateBudget, Status, estimate};

use crate::{
    VertexError, color_name, move_text, parse_color, parse_move,
    player::{GtpPlayer, PlayerOptions},
    protocol::{self, Parsed},
    vertex,
};

/// Every command the engine answers, in the order `list_commands` gives them.
const COMMANDS: &[&str] = &[
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "quit",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "reg_genmove",
    "kgs-genmove_cleanup",
    "undo",
    "showboard",
    "fixed_handicap",
    "place_free_handicap",
    "set_free_handicap",
    "loadsgf",
    "printsgf",
    "final_score",
    "final_status_list",
    "is_legal",
    "lz-analyze",
    "kata-analyze",
    "time_settings",
    "time_left",
    "kgs-time_settings",
    "kgs-rules",
    "tengen-rules",
    "tengen-why_illegal",
    "tengen-score",
];

/// The player that answers `genmove`, as `name` reports it.
pub const ENGINE_NAME: &str = "Tengen";

/// A GTP engine: one game, the rules, and the player that answers `genmove`.
///
/// `final_score` and `final_status_list` judge life and death by the dead-stone estimator on
/// the position as it stands (`tengen_engine::estimate`: Benson, playouts and local reading
/// under the game's rules; seki listed as such, fills of chains in atari charged). Under
/// AGA, `final_score` counts the pass stone White still owes when Black passed last (AGA-11).
/// GTP has no end of game: after a whole-board cycle under simple ko, play goes on by the
/// board's rules, and `final_score` answers `Void`, the rules' no-result (JP-6), until the
/// closing move is undone.
///
/// ```
/// use tengen_core::Rules;
/// use tengen_gtp::Engine;
///
/// let mut engine = Engine::new(Rules::aga());
/// assert_eq!(engine.respond("1 boardsize 9").as_deref(), Some("=1 \n\n"));
/// assert_eq!(engine.respond("play b E5").as_deref(), Some("= \n\n"));
/// assert_eq!(engine.respond("play w E5").as_deref(), Some("? illegal move\n\n"));
/// assert_eq!(engine.respond("is_legal w E5").as_deref(), Some("= 0\n\n"));
/// assert_eq!(engine.respond("# a comment"), None);
/// ```
#[derive(Clone, Debug)]
pub struct Engine {
    /// The rules as the user named them.
    rules: Rules,
    /// A komi set by `komi` (or `--komi`): it outlives `clear_board` and `boardsize`.
    komi: Option<Komi>,
    game: Game,
    /// The Monte-Carlo player (`tengen-engine`) and its clocks.
    player: GtpPlayer,
    quit: bool,
}

/// The answer to one command before framing.
type Answer = Result<String, String>;

fn syntax(detail: impl std::fmt::Display) -> String {
    format!("syntax error: {detail}")
}

impl Engine {
    /// An engine on an empty 19×19 board under `rules`, with random seed 1, playing at the
    /// weakest level ([`PlayerOptions::weakest`]; [`Engine::with_player`] sets another).
    #[must_use]
    pub fn new(rules: Rules) -> Engine {
        let mut engine = Engine {
            rules,
            komi: None,
            game: Game::new(BoardSize::STANDARD, rules),
            player: GtpPlayer::new(PlayerOptions::weakest()),
            quit: false,
        };
        engine.game = engine.fresh_game(BoardSize::STANDARD);
        engine
    }

    /// The same engine with another seed for `genmove`'s random choices (a seed gives the
    /// same moves for the same commands).
    #[must_use]
    pub fn with_seed(mut self, seed: u32) -> Engine {
        let options = PlayerOptions {
            seed,
            ..self.player.options().clone()
        };
        self.player = GtpPlayer::new(options);
        self
    }

    /// The same engine with another player: level, playouts, time, threads.
    #[must_use]
    pub fn with_player(mut self, options: PlayerOptions) -> Engine {
        self.player = GtpPlayer::new(options);
        self
    }

    /// The same engine with a fixed komi, as if `komi` had been sent.
    #[must_use]
    pub fn with_komi(mut self, komi: Komi) -> Engine {
        self.fix_komi(komi);
        self
    }

    /// Fixes the komi of this game and of every game after it (`boardsize` and `clear_board`
    /// otherwise start new games with the rules' komi).
    fn fix_komi(&mut self, komi: Komi) {
        self.komi = Some(komi);
        self.game.set_komi(komi);
    }

    /// The game as the engine holds it.
    #[must_use]
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// Whether `quit` was received.
    #[must_use]
    pub fn quit_requested(&self) -> bool {
        self.quit
    }

    /// Runs the engine on a command stream until `quit` or the end of the input. Input that is
    /// not UTF-8 is read lossily; every response is flushed at once.
    ///
    /// # Errors
    /// Only errors of reading `input` or writing `output`.
    pub fn run<R: BufRead + Send + 'static, W: Write>(
        &mut self,
        input: R,
        mut output: W,
    ) -> io::Result<()> {
        // A reader thread, so that an analysis (`lz-analyze`) stops at the next command.
        let mut lines = crate::analysis::spawn_reader(input);
        let mut next = crate::analysis::Next::Read;
        while !self.quit {
            let line = match std::mem::replace(&mut next, crate::analysis::Next::Read) {
                crate::analysis::Next::Line(line) => line,
                crate::analysis::Next::End => break,
                crate::analysis::Next::Read => match lines.recv() {
                    Ok(read) => String::from_utf8_lossy(&read?).into_owned(),
                    Err(_) => break,
                },
            };
            if let Some(command) = crate::analysis::command(&line) {
                (lines, next) = crate::analysis::run(
                    &self.game,
                    &mut self.player,
                    &command,
                    lines,
                    &mut output,
                )?;
                continue;
            }
            if let Some(response) = self.respond(&line) {
                output.write_all(response.as_bytes())?;
                output.flush()?;
            }
        }
        Ok(())
    }

    /// Answers one command line with its framed response (`= …\n\n` or `? …\n\n`), or `None`
    /// for an empty or comment line. Never panics on any input.
    pub fn respond(&mut self, line: &str) -> Option<String> {
        match protocol::parse_line(line) {
            Parsed::Nothing => None,
            Parsed::MissingName(id) => Some(protocol::frame(
                id,
                false,
                "syntax error: a command name must follow the id",
            )),
            Parsed::Command(command) => {
                let answer = self.execute(&command.name, &command.args);
                let (ok, text) = match &answer {
                    Ok(text) => (true, text.as_str()),
                    Err(text) => (false, text.as_str()),
                };
                Some(protocol::frame(command.id, ok, text))
            }
        }
    }

    fn execute(&mut self, name: &str, args: &[String]) -> Answer {
        let no_args = |answer: Answer| {
            if args.is_empty() {
                answer
            } else {
                Err(syntax(format!("{name} takes no arguments")))
            }
        };
        match name {
            "protocol_version" => no_args(Ok("2".to_owned())),
            "name" => no_args(Ok(ENGINE_NAME.to_owned())),
            "version" => no_args(Ok(crate::player::version(self.player.options()))),
            "known_command" => match args {
                [command] => Ok(COMMANDS.contains(&command.as_str()).to_string()),
                _ => Err(syntax("known_command takes one command name")),
            },
            "list_commands" => no_args(Ok(COMMANDS.join("\n"))),
            "quit" => {
                self.quit = true;
                Ok(String::new())
            }
            "boardsize" => self.boardsize(args),
            "clear_board" => no_args({
                self.game = self.fresh_game(self.game.size());
                Ok(String::new())
            }),
            "komi" => self.set_komi(args),
            "play" => self.play(args),
            "genmove" | "kgs-genmove_cleanup" => self.genmove(name, args, true),
            "reg_genmove" => self.genmove(name, args, false),
            "undo" => no_args(
                self.game
                    .undo()
                    .map(|()| String::new())
                    .map_err(|_| "cannot undo".to_owned()),
            ),
            "showboard" => no_args(Ok(self.showboard())),
            "fixed_handicap" => self.fixed_handicap(args),
            "place_free_handicap" => self.place_free_handicap(args),
            "set_free_handicap" => self.set_free_handicap(args),
            "loadsgf" => self.loadsgf(args),
            "printsgf" => self.printsgf(args),
            "final_score" => no_args(self.final_score()),
            "final_status_list" => self.final_status_list(args),
            "is_legal" => self
                .color_and_move(name, args)
                .map(|(c, mv)| if self.check(c, mv).is_ok() { "1" } else { "0" }.to_owned()),
            "tengen-why_illegal" => self.color_and_move(name, args).map(|(c, mv)| {
                match self.check(c, mv) {
                    Ok(()) => "legal",
                    Err(IllegalMove::Occupied) => "occupied",
                    Err(IllegalMove::Suicide) => "suicide",
                    Err(IllegalMove::Ko) => "ko",
                    Err(IllegalMove::Superko) => "superko",
                    Err(IllegalMove::OffBoard) => "off board",
                    Err(_) => "game over",
                }
                .to_owned()
            }),
            "time_settings" => self.player.time_settings(args),
            "time_left" => self.player.time_left(args),
            "kgs-time_settings" => self.player.kgs_time_settings(args),
            "lz-analyze" | "kata-analyze" => Err(format!(
                "{name} streams its answer: it is answered by Engine::run, not Engine::respond"
            )),
            "kgs-rules" => self.kgs_rules(args),
            "tengen-rules" => self.tengen_rules(args),
            "tengen-score" => self.tengen_score(args),
            _ => Err("unknown command".to_owned()),
        }
    }

    /// The rules of the internal game: the user's, with JP-8 resumption, because GTP is not
    /// turn-checked and a controller may play on after two passes as often as it likes.
    fn game_rules(&self) -> Rules {
        Rules {
            resumption: Resumption::Japanese,
            ..self.rules
        }
    }

    fn fresh_game(&self, size: BoardSize) -> Game {
        self.for_gtp(Game::new(size, self.game_rules()))
    }

    /// A game from a starting position under the current rules, with the explicit komi.
    fn game_from(&self, setup: &Setup) -> Result<Game, String> {
        Game::from_setup(setup, self.game_rules())
            .map(|game| self.for_gtp(game))
            .map_err(|e| e.to_string())
    }

    /// `game` with the explicit komi, playing on through cycles: GTP has no end of game, so
    /// the board's rules hold after a cycle (JP-6) as before it, and `final_score` says Void.
    fn for_gtp(&self, mut game: Game) -> Game {
        if let Some(komi) = self.komi {
            game.set_komi(komi);
        }
        game.set_play_through_cycles(true);
        game
    }

    /// The same start and moves under the current rules (after `kgs-rules`, `tengen-rules`).
    fn rebuild(&mut self) {
        let Ok(mut game) = self.game_from(&self.game.initial_setup()) else {
            return;
        };
        for played in self.game.moves().iter().filter(|m| !m.forced) {
            let _ = game.replay_move(played.color, played.mv, Tolerance::Board);
        }
        self.game = game;
    }

    fn boardsize(&mut self, args: &[String]) -> Answer {
        let [n] = args else {
            return Err(syntax("boardsize takes one integer"));
        };
        let n: u32 = n
            .parse()
            .map_err(|_| syntax(format!("boardsize {n:?} is not an integer")))?;
        let size = BoardSize::new(n)
            .map_err(|_| format!("unacceptable size: {n} (Tengen plays sizes 2 to 25)"))?;
        self.game = self.fresh_game(size);
        Ok(String::new())
    }

    fn set_komi(&mut self, args: &[String]) -> Answer {
        let [k] = args else {
            return Err(syntax("komi takes one number"));
        };
        let komi: Komi = k
            .parse()
            .map_err(|_| syntax(format!("komi {k:?} is not a whole or half number")))?;
        self.fix_komi(komi);
        Ok(String::new())
    }

    fn color_and_move(&self, name: &str, args: &[String]) -> Result<(Color, Move), String> {
        let [color, mv] = args else {
            return Err(syntax(format!("{name} takes a color and a vertex")));
        };
        let color = parse_color(color).map_err(syntax)?;
        let mv = parse_move(mv, self.game.size()).map_err(|e| match e {
            VertexError::OffBoard { .. } => e.to_string(),
            e => syntax(e),
        })?;
        Ok((color, mv))
    }

    /// Whether `color` may play `mv` now, in any turn order; after two passes, as if play were
    /// resumed.
    fn check(&self, color: Color, mv: Move) -> Result<(), IllegalMove> {
        if self.game.phase() == Phase::Playing {
            // The same judgement as below, without copying the game.
            return self.game.check_ignoring_turn(color, mv);
        }
        self.game
            .clone()
            .replay_move(color, mv, Tolerance::AnyTurn)
            .map(|_| ())
    }

    /// Plays `color`'s move, in any turn order (a White pass that repeats White's closing
    /// pass, AGA-11, is acknowledged).
    fn apply(&mut self, color: Color, mv: Move) -> Answer {
        self.game
            .replay_move(color, mv, Tolerance::AnyTurn)
            .map(|_| String::new())
            .map_err(|_| "illegal move".to_owned())
    }

    fn play(&mut self, args: &[String]) -> Answer {
        let (color, mv) = self.color_and_move("play", args)?;
        self.apply(color, mv)
    }

    fn genmove(&mut self, name: &str, args: &[String], commit: bool) -> Answer {
        let [color] = args else {
            return Err(syntax(format!("{name} takes a color")));
        };
        let color = parse_color(color).map_err(syntax)?;
        let mv = match self.game.phase() {
            Phase::Finished(_) => Move::Pass,
            _ => match self
                .player
                .genmove(&self.game, color, name == "kgs-genmove_cleanup")
            {
                Decision::Play(mv) => mv,
                Decision::Resign => return Ok("resign".to_owned()),
            },
        };
        if commit && !matches!(self.game.phase(), Phase::Finished(_)) {
            self.apply(color, mv)?;
        }
        Ok(move_text(mv, self.game.size()))
    }

    fn board_is_empty(&self) -> bool {
        self.game.board().stones().next().is_none() && self.game.moves().is_empty()
    }

    fn handicap_count(&self, args: &[String], name: &str) -> Result<u32, String> {
        let [n] = args else {
            return Err(syntax(format!("{name} takes a number of stones")));
        };
        let n: u32 = n
            .parse()
            .map_err(|_| syntax(format!("{n:?} is not a number of stones")))?;
        if !self.board_is_empty() {
            return Err("board not empty".to_owned());
        }
        Ok(n)
    }

    fn place_handicap(&mut self, points: &[Point]) -> Answer {
        let size = self.game.size();
        let setup = Setup {
            size,
            stones: points.iter().map(|&p| (p, Color::Black)).collect(),
            to_move: Color::White,
            handicap: u8::try_from(points.len()).unwrap_or(u8::MAX),
        };
        self.game = self.game_from(&setup)?;
        Ok(points
            .iter()
            .map(|&p| vertex(p, size))
            .collect::<Vec<_>>()
            .join(" "))
    }

    fn fixed_handicap(&mut self, args: &[String]) -> Answer {
        let n = self.handicap_count(args, "fixed_handicap")?;
        let size = self.game.size();
        let points = gtp_handicap(size, n).map_err(|_| match max_fixed_handicap(size) {
            0 => format!("invalid number of stones: no fixed handicap on {size} (7x7 or larger)"),
            max => {
                format!("invalid number of stones: {n} (fixed handicap on {size} takes 2 to {max})")
            }
        })?;
        self.place_handicap(&points)
    }

    fn place_free_handicap(&mut self, args: &[String]) -> Answer {
        let n = self.handicap_count(args, "place_free_handicap")?;
        let size = self.game.size();
        if n < 2 || n as usize >= size.area() {
            return Err(format!(
                "invalid number of stones: {n} (2 to {} on {size})",
                size.area() - 1
            ));
        }
        let fixed = n.min(max_fixed_handicap(size));
        let mut points = if fixed >= 2 {
            gtp_handicap(size, fixed).unwrap_or_default()
        } else {
            Vec::new()
        };
        // Beyond the star points: the remaining points nearest the centre, row by row.
        let centre = i32::from(size.get() - 1);
        let mut rest: Vec<Point> = size.points().filter(|p| !points.contains(p)).collect();
        rest.sort_by_key(|p| {
            (2 * i32::from(p.x) - centre).abs() + (2 * i32::from(p.y) - centre).abs()
        });
        points.extend(rest.into_iter().take(n as usize - points.len()));
        self.place_handicap(&points)
    }

    fn set_free_handicap(&mut self, args: &[String]) -> Answer {
        if !self.board_is_empty() {
            return Err("board not empty".to_owned());
        }
        let size = self.game.size();
        let mut points = Vec::new();
        for arg in args {
            match parse_move(arg, size) {
                Ok(Move::Play(p)) if !points.contains(&p) => points.push(p),
                Ok(Move::Play(_)) => return Err(format!("bad vertex list: {arg} is repeated")),
                Ok(Move::Pass) => return Err("bad vertex list: pass is not a vertex".to_owned()),
                Err(e) => return Err(format!("bad vertex list: {e}")),
            }
        }
        if points.len() < 2 || points.len() >= size.area() {
            return Err(format!(
                "bad vertex list: {} stones (2 to {} on {size})",
                points.len(),
                size.area() - 1
            ));
        }
        self.place_handicap(&points).map(|_| String::new())
    }

    fn loadsgf(&mut self, args: &[String]) -> Answer {
        let (path, until) = match args {
            [path] => (path, None),
            [path, n] => (
                path,
                Some(
                    n.parse::<usize>()
                        .map_err(|_| syntax(format!("move number {n:?} is not an integer")))?,
                ),
            ),
            _ => {
                return Err(syntax(
                    "loadsgf takes a file name and an optional move number",
                ));
            }
        };
        let cannot = |e: &dyn std::fmt::Display| format!("cannot load file: {e}");
        // At most `MAX_FILE_BYTES` are read: `loadsgf /dev/zero` is refused, not slurped.
        let collection = tengen_sgf::read_file(path.as_ref(), tengen_sgf::Mode::Lenient)
            .map_err(|e| cannot(&e))?;
        let tree = collection
            .games
            .first()
            .ok_or_else(|| cannot(&"the file holds no game"))?;
        if let Some(rules) = tree.rules_name().and_then(tengen_sgf::rules_for_ru) {
            self.rules = rules;
        }
        if let Some(komi) = tree.komi().map_err(|e| cannot(&e))? {
            self.komi = Some(komi);
        }
        let options = tengen_sgf::ReplayOptions {
            rules_override: Some(self.game_rules()),
            tolerant: true,
            // GTP: the position before move `until` (moves count from 1).
            moves: until.map(|n| n.saturating_sub(1)),
            ..tengen_sgf::ReplayOptions::default()
        };
        let replayed = tengen_sgf::replay(tree, &options).map_err(|e| cannot(&e))?;
        self.game = self.for_gtp(replayed.game);
        Ok(color_name(self.game.to_move()).to_owned())
    }

    fn printsgf(&mut self, args: &[String]) -> Answer {
        let mut tree = tengen_sgf::game_to_tree(&self.game);
        let root = tree.root();
        // The game resumes the Japanese way for GTP (`game_rules`): the record names the
        // rules the controller chose.
        tree.remove_property(root, "RU");
        let _ = tree.push_property(root, "RU", [tengen_sgf::ru_for_rules(&self.rules)]);
        if self.game.cycle_closed_at().is_some() && self.game.result().is_none() {
            let _ = tree.push_property(root, "RE", [GameResult::Void.to_sgf()]);
        }
        let text = tengen_sgf::write(&[tree]);
        match args {
            [] => Ok(text),
            [path] => std::fs::write(path, text)
                .map(|()| String::new())
                .map_err(|e| format!("cannot write file: {e}")),
            _ => Err(syntax("printsgf takes an optional file name")),
        }
    }

    /// The estimate of the position as it stands (dead stones, seki, the count), by playouts
    /// and reading only, not the clock: `final_score` and `final_status_list` agree.
    fn estimate(&self) -> Estimate {
        estimate(&self.game, &EstimateBudget::default())
    }

    fn final_score(&self) -> Answer {
        let result = match self.game.phase() {
            Phase::Finished(result) => result,
            _ if self.game.cycle_closed_at().is_some() => GameResult::Void,
            _ => self.estimate().score.result,
        };
        Ok(gtp_result(result))
    }

    fn final_status_list(&self, args: &[String]) -> Answer {
        let [status] = args else {
            return Err(syntax("final_status_list takes alive, dead or seki"));
        };
        let status = match status.as_str() {
            "alive" => Status::Alive,
            "dead" => Status::Dead,
            "seki" => Status::Seki,
            other => {
                return Err(syntax(format!(
                    "final_status_list: unknown status {other:?} (alive, dead or seki)"
                )));
            }
        };
        let size = self.game.size();
        let stones = self.estimate().stones_with(status);
        Ok(stones
            .into_iter()
            .map(|p| vertex(p, size))
            .collect::<Vec<_>>()
            .join(" "))
    }

    fn showboard(&self) -> String {
        let board = self.game.board();
        let size = self.game.size();
        let n = size.get();
        let letters: String = (0..n).map(|x| format!(" {}", column_letter(x))).collect();
        let mut out = format!("\n  {letters}\n");
        for y in 0..n {
            let row = n - y;
            out.push_str(&format!("{row:>2}"));
            for x in 0..n {
                out.push(' ');
                out.push(match board.get(Point::new(x, y)) {
                    Some(Color::Black) => 'X',
                    Some(Color::White) => 'O',
                    None => '.',
                });
            }
            out.push_str(&format!(" {row}\n"));
        }
        out.push_str(&format!("  {letters}\n"));
        out.push_str(&format!(
            "Black (X) captures {}, White (O) captures {}; komi {}; rules {}\n",
            self.game.captures(Color::Black),
            self.game.captures(Color::White),
            self.game.komi(),
            self.rules
        ));
        let state = match self.game.phase() {
            Phase::Playing => format!("{} to move", color_name(self.game.to_move())),
            Phase::Scoring => "play has stopped (two passes)".to_owned(),
            Phase::Finished(result) => format!("game over: {result}"),
        };
        out.push_str(&format!("Move {}: {state}", self.game.moves().len()));
        if let Some(closed) = self.game.cycle_closed_at() {
            out.push_str(&format!(
                "; a cycle closed at move {closed}: no result (JP-6)"
            ));
        }
        out
    }

    fn kgs_rules(&mut self, args: &[String]) -> Answer {
        let [name] = args else {
            return Err(syntax("kgs-rules takes one rule set name"));
        };
        let text = match name.to_ascii_lowercase().as_str() {
            "japanese" => "japanese",
            "chinese" => "chinese",
            "aga" => "aga",
            "new_zealand" => "tromp-taylor",
            other => {
                return Err(format!(
                    "unknown rules {other:?}: expected japanese, chinese, aga or new_zealand"
                ));
            }
        };
        self.set_rules(text)
    }

    fn set_rules(&mut self, text: &str) -> Answer {
        let rules: Rules = text.parse().map_err(|e| format!("{e}"))?;
        self.rules = rules;
        self.rebuild();
        Ok(String::new())
    }

    fn tengen_rules(&mut self, args: &[String]) -> Answer {
        if args.is_empty() {
            return Ok(self.rules.to_string());
        }
        self.set_rules(&args.join(""))
    }

    fn tengen_score(&self, args: &[String]) -> Answer {
        let size = self.game.size();
        let mut dead = Vec::new();
        for arg in args {
            match parse_move(arg, size).map_err(syntax)? {
                Move::Play(p) if self.game.board().get(p).is_some() => dead.push(p),
                Move::Play(_) => return Err(format!("no stone at {arg}")),
                Move::Pass => return Err(syntax("pass is not a vertex")),
            }
        }
        Ok(self.game.score_as_ended(&dead).breakdown())
    }
}

/// GTP's form of a result: `B+3.5`, `W+R`, `0` for jigo.
fn gtp_result(result: GameResult) -> String {
    match result {
        GameResult::Jigo => "0".to_owned(),
        other => other.to_string(),
    }
}
