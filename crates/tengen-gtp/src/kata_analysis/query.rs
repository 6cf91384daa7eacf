//! One line of KataGo's analysis protocol, read: an analysis query (a game and the turns
//! to analyse) or an action (`query_version`, `terminate`, ...), with KataGo's error for
//! the first field that is wrong and warnings for fields Tengen ignores.
//!
//! The checks follow KataGo's `analysis.cpp` in order and wording, so that a client that
//! looks for `"Illegal move"` in an error (KaTrain does) still finds it.

use std::{collections::BTreeMap, sync::Arc, time::Duration};

use serde_json::{Map, Value};
use tengen_core::{
    BoardSize, Color, Game, Komi, MAX_SIZE, MIN_SIZE, Move, Phase, Point, Resumption, Rules, Setup,
    Tolerance, move_text, parse_color, parse_move,
};

use super::rules;

/// Whose point of view the win rates, scores and ownership take (KataGo's
/// `reportAnalysisWinratesAs`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Perspective {
    /// Black's: KataGo's analysis default, and what KaTrain asks for.
    Black,
    /// White's.
    White,
    /// The player to move's, as GTP analysis reports.
    SideToMove,
}

impl Perspective {
    /// Reads `BLACK`, `WHITE` or `SIDETOMOVE` (any case, `side-to-move` too).
    ///
    /// # Errors
    /// A message naming the value.
    pub fn parse(text: &str) -> Result<Perspective, String> {
        match text.to_ascii_lowercase().replace(['-', '_'], "").as_str() {
            "black" | "b" => Ok(Perspective::Black),
            "white" | "w" => Ok(Perspective::White),
            "sidetomove" => Ok(Perspective::SideToMove),
            _ => Err(format!(
                "{text:?} is not a perspective: BLACK, WHITE or SIDETOMOVE"
            )),
        }
    }
}

/// What the server allows a query: defaults and caps from the command line.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Limits {
    pub(crate) default_visits: u64,
    pub(crate) visits_cap: u64,
    pub(crate) max_time: Option<Duration>,
    pub(crate) perspective: Perspective,
}

/// How one query's positions are searched and reported.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Settings {
    pub(crate) max_visits: u64,
    pub(crate) max_time: Option<Duration>,
    pub(crate) perspective: Perspective,
    /// Moves of each PV after its first.
    pub(crate) pv_len: usize,
    pub(crate) ownership: bool,
    pub(crate) policy: bool,
    pub(crate) report_every: Option<Duration>,
}

/// An analysis query, checked: its game can be replayed to every turn asked.
#[derive(Clone, Debug)]
pub(crate) struct Query {
    pub(crate) id: String,
    setup: Setup,
    rules: Rules,
    komi: Komi,
    moves: Vec<(Color, Move)>,
    /// The turns to analyse with their priorities, in order of turn.
    pub(crate) turns: Vec<(usize, i64)>,
    pub(crate) settings: Settings,
}

impl Query {
    /// The game at `turn` (after `turn` moves), in play: a game the moves ended by passing
    /// is resumed with the same player to move, as KataGo analyses it.
    pub(crate) fn game_at(&self, turn: usize) -> Game {
        let mut game = new_game(&self.setup, self.rules, self.komi)
            .unwrap_or_else(|_| Game::new(self.setup.size, self.rules));
        for &(color, mv) in self.moves.iter().take(turn) {
            // Checked when the query was read.
            let _ = game.replay_move(color, mv, Tolerance::Board);
        }
        if game.phase() == Phase::Scoring {
            let _ = game.resume(game.to_move().other());
        }
        if game.phase() != Phase::Playing {
            let to_move = game.to_move();
            game = game
                .restarted_from(&game.current_setup(to_move))
                .unwrap_or(game);
        }
        game
    }
}

/// A warning or error about one field of a query.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Notice {
    pub(crate) field: String,
    pub(crate) message: String,
}

/// What a line asks.
#[derive(Debug)]
pub(crate) enum Request {
    /// Positions to analyse.
    Analyse {
        query: Arc<Query>,
        warnings: Vec<Notice>,
    },
    /// An action answered by echoing the query with these fields added.
    Echo(Map<String, Value>),
    /// `terminate` (one id) or `terminate_all` (`id` none), for these turns or all.
    Terminate {
        echo: Map<String, Value>,
        id: Option<String>,
        turns: Option<Vec<usize>>,
    },
}

/// Why a line is refused.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Refusal {
    /// No usable id: KataGo's general error.
    General(String),
    /// A field of the query with this id.
    Field { id: String, notice: Notice },
}

const FIELDS: [&str; 31] = [
    "id",
    "action",
    "terminateId",
    "turnNumbers",
    "boardXSize",
    "boardYSize",
    "initialStones",
    "moves",
    "initialPlayer",
    "analyzeTurns",
    "priorities",
    "rules",
    "komi",
    "whiteHandicapBonus",
    "overrideSettings",
    "maxVisits",
    "analysisPVLen",
    "rootFpuReductionMax",
    "rootPolicyTemperature",
    "includeMovesOwnership",
    "includeMovesOwnershipStdev",
    "includeOwnership",
    "includeOwnershipStdev",
    "includePolicy",
    "includePVVisits",
    "includeNoResultValue",
    "reportDuringSearchEvery",
    "firstReportDuringSearchAfter",
    "priority",
    "allowMoves",
    "avoidMoves",
];

/// KataGo's analysis PV length by default (`analysisPVLen`).
const DEFAULT_PV_LEN: usize = 15;

/// The most search time a query may ask through `overrideSettings` (`maxTime`): a day.
const MAX_TIME_SECONDS: f64 = 86_400.0;

const MOVES_FORM: &str =
    "Must be an array of pairs of the form: [\"b\" or \"w\", GTP board vertex]";
const IGNORED: &str = "Tengen does not support this field: it is ignored";

/// Reads one line.
///
/// # Errors
/// The refusal to report.
pub(crate) fn parse(line: &str, limits: &Limits) -> Result<Request, Refusal> {
    let input: Value = serde_json::from_str(line).map_err(|e| {
        Refusal::General(format!(
            "{e} - could not parse input line as json request: {}",
            truncated(line)
        ))
    })?;
    let Value::Object(object) = input else {
        return Err(Refusal::General(format!(
            "Request line was valid json but was not an object, ignoring: {}",
            truncated(line)
        )));
    };
    let Some(id) = object.get("id").and_then(Value::as_str).map(str::to_owned) else {
        return Err(Refusal::General(
            "Request must have a string \"id\" field".to_owned(),
        ));
    };
    let reader = Reader {
        id: id.clone(),
        object: &object,
    };
    if let Some(action) = object.get("action").and_then(Value::as_str) {
        return reader.action(action);
    }
    reader.analysis(limits)
}

/// A line quoted in an error, at most a few hundred bytes of it.
fn truncated(line: &str) -> &str {
    let mut end = line.len().min(300);
    while !line.is_char_boundary(end) {
        end -= 1;
    }
    &line[..end]
}

struct Reader<'a> {
    id: String,
    object: &'a Map<String, Value>,
}

impl Reader<'_> {
    fn refuse(&self, field: &str, message: impl Into<String>) -> Refusal {
        Refusal::Field {
            id: self.id.clone(),
            notice: Notice {
                field: field.to_owned(),
                message: message.into(),
            },
        }
    }

    fn get(&self, field: &str) -> Option<&Value> {
        self.object.get(field)
    }

    fn action(&self, action: &str) -> Result<Request, Refusal> {
        let mut echo = self.object.clone();
        match action {
            "query_version" => {
                echo.insert("version".into(), env!("CARGO_PKG_VERSION").into());
                echo.insert("git_hash".into(), "<omitted>".into());
                Ok(Request::Echo(echo))
            }
            "query_models" => {
                echo.insert("models".into(), Value::Array(Vec::new()));
                Ok(Request::Echo(echo))
            }
            // Tengen keeps no cache between queries: there is nothing to clear.
            "clear_cache" => Ok(Request::Echo(echo)),
            "terminate" | "terminate_all" => {
                let id = if action == "terminate" {
                    let target = self.get("terminateId").and_then(Value::as_str);
                    Some(target.map(str::to_owned).ok_or_else(|| {
                        self.refuse(
                            "terminateId",
                            "Requests for a terminate action must have a string \"terminateId\" field",
                        )
                    })?)
                } else {
                    None
                };
                let turns = match self.get("turnNumbers") {
                    None => None,
                    Some(value) => Some(turn_list(value).ok_or_else(|| {
                        self.refuse(
                            "turnNumbers",
                            "If provided, must be an array of integers indicating turns to terminate",
                        )
                    })?),
                };
                Ok(Request::Terminate { echo, id, turns })
            }
            _ => Err(self.refuse(
                "action",
                "'action' field must be 'query_version' or 'query_models' or 'clear_cache' or \
                 'terminate' or 'terminate_all'",
            )),
        }
    }

    fn integer(
        &self,
        field: &str,
        min: i64,
        max: i64,
        message: &str,
    ) -> Result<Option<i64>, Refusal> {
        match self.get(field) {
            None => Ok(None),
            Some(value) => value
                .as_i64()
                .filter(|n| (min..=max).contains(n))
                .map(Some)
                .ok_or_else(|| self.refuse(field, message)),
        }
    }

    fn number(
        &self,
        field: &str,
        min: f64,
        max: f64,
        message: &str,
    ) -> Result<Option<f64>, Refusal> {
        match self.get(field) {
            None => Ok(None),
            Some(value) => value
                .as_f64()
                .filter(|x| x.is_finite() && (min..=max).contains(x))
                .map(Some)
                .ok_or_else(|| self.refuse(field, message)),
        }
    }

    fn boolean(&self, field: &str) -> Result<bool, Refusal> {
        match self.get(field) {
            None => Ok(false),
            Some(value) => value
                .as_bool()
                .ok_or_else(|| self.refuse(field, "Must be a boolean")),
        }
    }

    fn size(&self) -> Result<BoardSize, Refusal> {
        let message = format!("Must provide an integer from {MIN_SIZE} to {MAX_SIZE}");
        let (min, max) = (i64::from(MIN_SIZE), i64::from(MAX_SIZE));
        let mut sides = [0; 2];
        for (side, field) in sides.iter_mut().zip(["boardXSize", "boardYSize"]) {
            *side = self
                .integer(field, min, max, &message)?
                .ok_or_else(|| self.refuse(field, message.as_str()))?;
        }
        if sides[0] != sides[1] {
            return Err(self.refuse(
                "boardYSize",
                "Tengen analyses square boards only: boardYSize must equal boardXSize",
            ));
        }
        BoardSize::new(sides[0] as u32).map_err(|e| self.refuse("boardXSize", e.to_string()))
    }

    fn moves(
        &self,
        field: &str,
        size: BoardSize,
        pass_allowed: bool,
    ) -> Result<Vec<(Color, Move)>, Refusal> {
        let Some(Value::Array(items)) = self.get(field) else {
            return Err(self.refuse(field, MOVES_FORM));
        };
        items
            .iter()
            .map(|item| {
                let pair = item.as_array().filter(|p| p.len() == 2);
                let texts = pair.and_then(|p| Some((p[0].as_str()?, p[1].as_str()?)));
                let (player, location) = texts.ok_or_else(|| self.refuse(field, MOVES_FORM))?;
                let color = parse_color(player)
                    .map_err(|_| self.refuse(field, format!("Could not parse player: {player}")))?;
                let mv = parse_location(location, size)
                    .filter(|&mv| pass_allowed || mv != Move::Pass)
                    .ok_or_else(|| {
                        self.refuse(field, format!("Could not parse board location: {location}"))
                    })?;
                Ok((color, mv))
            })
            .collect()
    }

    fn analysis(&self, limits: &Limits) -> Result<Request, Refusal> {
        let mut warnings = Vec::new();
        let mut warn = |field: &str, message: String| {
            warnings.push(Notice {
                field: field.to_owned(),
                message,
            });
        };
        let size = self.size()?;
        let stones = match self.get("initialStones") {
            None => Vec::new(),
            Some(_) => self.moves("initialStones", size, false)?,
        };
        if self.get("moves").is_none() {
            return Err(self.refuse("moves", "Must specify an array of [player,location] pairs"));
        }
        let moves = self.moves("moves", size, true)?;
        let initial_player = match self.get("initialPlayer") {
            None => None,
            Some(value) => Some(
                value
                    .as_str()
                    .and_then(|text| parse_color(text).ok())
                    .ok_or_else(|| self.refuse("initialPlayer", "Must be \"b\" or \"w\""))?,
            ),
        };
        let mut turns = BTreeMap::new();
        match self.get("analyzeTurns") {
            None => {
                turns.insert(moves.len(), 0);
            }
            Some(value) => {
                let list = value.as_array().ok_or_else(|| {
                    self.refuse(
                        "analyzeTurns",
                        "Must specify an array of integers indicating turns to analyze",
                    )
                })?;
                for item in list {
                    let turn = item.as_i64().ok_or_else(|| {
                        self.refuse(
                            "analyzeTurns",
                            "Must specify an array of integers indicating turns to analyze",
                        )
                    })?;
                    if turn < 0 || turn as u64 > moves.len() as u64 {
                        return Err(
                            self.refuse("analyzeTurns", format!("Invalid turn number: {turn}"))
                        );
                    }
                    turns.insert(turn as usize, 0);
                }
            }
        }
        let priority_range = -(1i64 << 62)..=(1i64 << 62);
        if let Some(value) = self.get("priorities") {
            if self.get("priority").is_some() {
                return Err(self.refuse("priority", "Cannot specify both priority and priorities"));
            }
            let Some(list) = self.get("analyzeTurns").and_then(Value::as_array) else {
                return Err(self.refuse(
                    "priorities",
                    "Can only specify when also specifying analyzeTurns",
                ));
            };
            let priorities = value
                .as_array()
                .and_then(|p| p.iter().map(Value::as_i64).collect::<Option<Vec<i64>>>())
                .ok_or_else(|| {
                    self.refuse(
                        "priorities",
                        "Must specify an array of integers indicating priorities",
                    )
                })?;
            if priorities.len() != list.len() {
                return Err(self.refuse("priorities", "Must be of matching length to analyzeTurns"));
            }
            for (turn, priority) in list.iter().filter_map(Value::as_i64).zip(priorities) {
                if !priority_range.contains(&priority) {
                    return Err(self.refuse("priorities", format!("Invalid priority: {priority}")));
                }
                turns.insert(turn as usize, priority);
            }
        }
        let translated = match self.get("rules") {
            None => rules::translate(&Value::Null),
            Some(value) => rules::translate(value),
        }
        .map_err(|message| self.refuse("rules", message))?;
        if let Some(note) = translated.approximation {
            warn("rules", note);
        }
        let mut game_rules = Rules {
            resumption: Resumption::Japanese,
            ..translated.rules
        };
        let komi_message = "Must be a integer or half-integer from -400.0 to 400.0";
        let komi = match self.number("komi", -400.0, 400.0, komi_message)? {
            None => translated.komi,
            Some(k) => Komi::from_f64(k).ok_or_else(|| self.refuse("komi", komi_message))?,
        };
        if let Some(value) = self.get("whiteHandicapBonus") {
            let text = value
                .as_str()
                .ok_or_else(|| self.refuse("whiteHandicapBonus", "Must be a string"))?;
            game_rules.handicap_bonus = rules::white_handicap_bonus(text)
                .map_err(|message| self.refuse("whiteHandicapBonus", message))?;
        }
        let mut settings = Settings {
            max_visits: limits.default_visits,
            max_time: limits.max_time,
            perspective: limits.perspective,
            pv_len: DEFAULT_PV_LEN,
            ownership: false,
            policy: false,
            report_every: None,
        };
        if let Some(value) = self.get("overrideSettings") {
            let overrides = value
                .as_object()
                .ok_or_else(|| self.refuse("overrideSettings", "Must be an object"))?;
            let ignored = self.overrides(overrides, &mut settings)?;
            if !ignored.is_empty() {
                warn(
                    "overrideSettings",
                    format!(
                        "Settings Tengen does not have, ignored: {}",
                        ignored.join(",")
                    ),
                );
            }
        }
        if let Some(visits) =
            self.integer("maxVisits", 1, 1 << 50, "Must be an integer from 1 to 2^50")?
        {
            settings.max_visits = visits as u64;
        }
        if settings.max_visits > limits.visits_cap {
            warn(
                "maxVisits",
                format!(
                    "Tengen searches at most {} visits a position (tengen analysis --visits-cap): \
                     {} asked, capped",
                    limits.visits_cap, settings.max_visits
                ),
            );
            settings.max_visits = limits.visits_cap;
        }
        if let Some(len) = self.integer(
            "analysisPVLen",
            1,
            1000,
            "Must be an integer from 1 to 1000",
        )? {
            settings.pv_len = len as usize;
        }
        for (field, min, max) in [
            ("rootFpuReductionMax", 0.0, 2.0),
            ("rootPolicyTemperature", 0.01, 100.0),
        ] {
            if self
                .number(
                    field,
                    min,
                    max,
                    &format!("Must be a number from {min:?} to {max:?}"),
                )?
                .is_some()
            {
                warn(field, IGNORED.to_owned());
            }
        }
        for field in [
            "includeMovesOwnership",
            "includeMovesOwnershipStdev",
            "includeOwnershipStdev",
            "includePVVisits",
            "includeNoResultValue",
        ] {
            if self.boolean(field)? {
                warn(field, IGNORED.to_owned());
            }
        }
        settings.ownership = self.boolean("includeOwnership")?;
        settings.policy = self.boolean("includePolicy")?;
        let seconds_message = "Must be number of seconds from 0.001 to 1000000.0";
        let every = self.number("reportDuringSearchEvery", 0.001, 1e6, seconds_message)?;
        let first = self.number("firstReportDuringSearchAfter", 0.001, 1e6, seconds_message)?;
        // Tengen reports at one interval: the first report comes after it too.
        settings.report_every = every.or(first).map(Duration::from_secs_f64);
        if let Some(priority) = self.integer(
            "priority",
            *priority_range.start(),
            *priority_range.end(),
            "Must be a number between -2^62 and 2^62",
        )? {
            turns.values_mut().for_each(|p| *p = priority);
        }
        for field in ["allowMoves", "avoidMoves"] {
            match self.get(field) {
                None => {}
                Some(Value::Array(list)) if list.is_empty() => {}
                Some(Value::Array(_)) => warn(field, IGNORED.to_owned()),
                Some(_) => {
                    return Err(self.refuse(
                        field,
                        "Must be a list of dicts with subfields 'player', 'moves', 'untilDepth'",
                    ));
                }
            }
        }
        let setup = setup(size, &stones, initial_player, &moves);
        let mut game = new_game(&setup, game_rules, komi)
            .map_err(|e| self.refuse("initialStones", e.to_string()))?;
        for (turn, &(color, mv)) in moves.iter().enumerate() {
            if game.replay_move(color, mv, Tolerance::Board).is_err() {
                return Err(self.refuse(
                    "moves",
                    format!("Illegal move {turn}: {}", move_text(mv, size)),
                ));
            }
        }
        for key in self.object.keys() {
            if !FIELDS.contains(&key.as_str()) {
                warn(
                    key,
                    "Unexpected or unused field, do you have a typo?".to_owned(),
                );
            }
        }
        let query = Query {
            id: self.id.clone(),
            setup,
            rules: game_rules,
            komi,
            moves,
            turns: turns.into_iter().collect(),
            settings,
        };
        Ok(Request::Analyse {
            query: Arc::new(query),
            warnings,
        })
    }

    /// Applies the `overrideSettings` Tengen has; gives the names of the others.
    fn overrides(
        &self,
        overrides: &Map<String, Value>,
        settings: &mut Settings,
    ) -> Result<Vec<String>, Refusal> {
        let mut ignored = Vec::new();
        let refuse = |message: String| {
            self.refuse(
                "overrideSettings",
                format!("Could not set settings: {message}"),
            )
        };
        for (key, value) in overrides {
            let text = value
                .as_str()
                .map_or_else(|| value.to_string(), str::to_owned);
            match key.as_str() {
                "reportAnalysisWinratesAs" => {
                    settings.perspective = Perspective::parse(&text).map_err(refuse)?;
                }
                "maxVisits" | "maxPlayouts" => {
                    settings.max_visits = text
                        .parse::<u64>()
                        .ok()
                        .filter(|&n| (1..=1 << 50).contains(&n))
                        .ok_or_else(|| {
                            refuse(format!(
                                "{key} {text:?} is not a whole number from 1 to 2^50"
                            ))
                        })?;
                }
                "maxTime" => {
                    let seconds = text
                        .parse::<f64>()
                        .ok()
                        .filter(|s| s.is_finite() && *s > 0.0)
                        .ok_or_else(|| {
                            refuse(format!(
                                "maxTime {text:?} is not a positive number of seconds"
                            ))
                        })?;
                    settings.max_time =
                        Some(Duration::from_secs_f64(seconds.min(MAX_TIME_SECONDS)));
                }
                "analysisPVLen" => {
                    settings.pv_len = text
                        .parse::<usize>()
                        .ok()
                        .filter(|n| (1..=1000).contains(n))
                        .ok_or_else(|| {
                            refuse(format!(
                                "analysisPVLen {text:?} is not a whole number from 1 to 1000"
                            ))
                        })?;
                }
                _ => ignored.push(key.clone()),
            }
        }
        Ok(ignored)
    }
}

/// The list of `turnNumbers`: non-negative integers.
fn turn_list(value: &Value) -> Option<Vec<usize>> {
    value
        .as_array()?
        .iter()
        .map(|v| v.as_u64().and_then(|n| usize::try_from(n).ok()))
        .collect()
}

/// A GTP vertex, `pass`, or KataGo's `(x,y)` from the top-left corner.
fn parse_location(text: &str, size: BoardSize) -> Option<Move> {
    let trimmed = text.trim();
    if let Some(inner) = trimmed.strip_prefix('(').and_then(|t| t.strip_suffix(')')) {
        let (x, y) = inner.split_once(',')?;
        let x: u8 = x.trim().parse().ok()?;
        let y: u8 = y.trim().parse().ok()?;
        return size.point(x, y).map(Move::Play);
    }
    parse_move(trimmed, size).ok()
}

/// The starting position: KataGo's first player is `initialPlayer`, else the first
/// mover, else White when only Black stones stand on the board (a handicap), else Black.
fn setup(
    size: BoardSize,
    stones: &[(Color, Move)],
    initial_player: Option<Color>,
    moves: &[(Color, Move)],
) -> Setup {
    let stones: Vec<(Point, Color)> = stones
        .iter()
        .filter_map(|&(color, mv)| mv.point().map(|p| (p, color)))
        .collect();
    let black = stones.iter().filter(|(_, c)| *c == Color::Black).count();
    let handicap = if black >= 2 && black == stones.len() {
        u8::try_from(black).unwrap_or(u8::MAX)
    } else {
        0
    };
    let to_move = initial_player
        .or_else(|| moves.first().map(|&(color, _)| color))
        .unwrap_or(if handicap > 0 {
            Color::White
        } else {
            Color::Black
        });
    Setup {
        size,
        stones,
        to_move,
        handicap,
    }
}

fn new_game(setup: &Setup, rules: Rules, komi: Komi) -> Result<Game, tengen_core::SetupError> {
    let mut game = Game::from_setup(setup, rules)?;
    game.set_komi(komi);
    // A record may repeat a position as often as the board allows: play goes on.
    game.set_play_through_cycles(true);
    Ok(game)
}
