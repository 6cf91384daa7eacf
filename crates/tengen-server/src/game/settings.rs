//! Creating a game: the form the browser sends, validated into the setup every replay starts
//! from.

use serde::{Deserialize, Serialize};
use tengen_core::{BoardSize, Color, Game, Komi, Point, Rules, max_fixed_handicap};

use crate::game::clock::ClockSettings;

/// Where handicap stones go (not `tengen_core::cells::Placement`, what a stone's placement did).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum HandicapPlacement {
    /// The star points in the seeds' order (AGA-4, JP-4).
    #[default]
    Fixed,
    /// Black chooses the points before White's first move.
    Free,
}

/// The creator's colour.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ColorChoice {
    /// A fair random draw (C7), the default for even games.
    #[default]
    Nigiri,
    /// The creator takes Black.
    Black,
    /// The creator takes White.
    White,
}

/// Who the creator plays against.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum OpponentChoice {
    /// A person who opens the invite link first.
    #[default]
    Person,
    /// Tengen's own Monte-Carlo player, in-process.
    Tengen {
        /// Its strength, 1 (a beginner who still captures and saves stones) to 10 (full
        /// strength within the game's clock); 5 when not given.
        #[serde(default)]
        level: Option<u8>,
    },
    /// A GTP engine the server was started with (`tengen serve --engine NAME=COMMAND`).
    Gtp {
        /// The engine's name, as listed by `GET /api/engines`.
        name: String,
    },
}

/// The form `POST /api/games` takes.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct CreateGame {
    /// Board size, 5 to 25 (9, 13 and 19 are the usual ones).
    pub size: u32,
    /// Rules in the text form of docs/rules.md: `aga`, `japanese`, `chinese`, `tromp-taylor`, with
    /// optional `key=value` changes.
    pub rules: String,
    /// Handicap stones, 0 to 9 (1: Black moves first with the handicap komi).
    #[serde(default)]
    pub handicap: u32,
    /// Fixed or free placement of the handicap stones.
    #[serde(default)]
    pub placement: HandicapPlacement,
    /// Komi; by default the rules' komi for the handicap.
    #[serde(default)]
    pub komi: Option<f64>,
    /// The creator's colour.
    #[serde(default)]
    pub color: ColorChoice,
    /// The clock.
    #[serde(default = "no_clock")]
    pub time: ClockSettings,
    /// The opponent.
    #[serde(default)]
    pub opponent: OpponentChoice,
    /// The creator's name, shown on the player panel.
    #[serde(default)]
    pub name: Option<String>,
    /// List the game in the lobby: anyone may take the open seat, without the invite.
    #[serde(default)]
    pub open: bool,
    /// Anyone watching may ask Tengen for a score estimate while the game is played (as
    /// OGS offers in casual games). Default yes; the club's rated games and tournament
    /// games never allow it.
    #[serde(default = "allowed")]
    pub analysis: bool,
}

fn allowed() -> bool {
    true
}

fn no_clock() -> ClockSettings {
    ClockSettings::None
}

/// Who sits on a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SeatKind {
    /// A person with a seat secret.
    Person {
        /// The name shown.
        name: String,
    },
    /// An engine the server drives.
    Engine {
        /// `tengen` for Tengen's own player, else the GTP engine's name.
        engine: String,
        /// Tengen's level (1 to 10); absent for GTP engines and in games stored before
        /// levels existed (which play at the default level).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        level: Option<u8>,
    },
}

impl SeatKind {
    /// The name shown on the panel and written in the record: Tengen's own player as
    /// "Tengen" (its stored id is `tengen`), a GTP engine by its name.
    #[must_use]
    pub fn name(&self) -> &str {
        match self {
            SeatKind::Person { name } => name,
            SeatKind::Engine { engine, .. } if engine == crate::game::seats::OWN => "Tengen",
            SeatKind::Engine { engine, .. } => engine,
        }
    }
}

/// A validated game setup: everything a replay starts from.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSetup {
    /// Board size.
    pub size: BoardSize,
    /// The rules (stored in their text form, which any earlier record's text reads as).
    pub rules: Rules,
    /// Handicap stones (0 even, 1 no komi, 2+ stones).
    pub handicap: u32,
    /// Fixed or free placement.
    pub placement: HandicapPlacement,
    /// Komi in half points.
    pub komi_half_points: i16,
    /// The clock.
    pub time: ClockSettings,
    /// Black's seat.
    pub black: SeatKind,
    /// White's seat.
    pub white: SeatKind,
    /// Colours were drawn by nigiri.
    pub nigiri: bool,
    /// The creator's colour.
    pub creator: Color,
    /// Listed in the lobby: the open seat needs no invite.
    #[serde(default)]
    pub open: bool,
    /// A score estimate may be asked for during play ([`CreateGame::analysis`]). Games
    /// stored before the setting existed allow it, as casual games do.
    #[serde(default = "allowed")]
    pub analysis: bool,
}

impl GameSetup {
    /// Names a person's seat (the joiner's name); engine seats keep theirs.
    pub(crate) fn name_seat(&mut self, color: Color, name: &str) {
        let seat = match color {
            Color::Black => &mut self.black,
            Color::White => &mut self.white,
        };
        if let SeatKind::Person { name: shown } = seat {
            name.clone_into(shown);
        }
    }
}

/// A name as shown to everyone: see [`crate::names::guest_name`].
pub(crate) fn player_name(given: Option<&str>) -> String {
    crate::names::guest_name(given)
}

impl CreateGame {
    /// Validates the form and draws colours: the setup, or a message for the player.
    /// `engines` are the GTP engines the server knows.
    ///
    /// # Errors
    /// A message naming the field that is wrong.
    pub fn resolve(&self, engines: &[String], nigiri_black: bool) -> Result<GameSetup, String> {
        if !(5..=25).contains(&self.size) {
            return Err(format!("board size {} is not in 5..25", self.size));
        }
        let size = BoardSize::new(self.size).map_err(|e| e.to_string())?;
        if self.rules.len() > 200 {
            return Err("the rules text is too long".into());
        }
        let rules: Rules = self.rules.parse().map_err(|e| format!("rules: {e}"))?;
        if self.handicap > 9 {
            return Err("handicap is 0 to 9 stones".into());
        }
        if self.handicap >= 2 {
            if self.placement == HandicapPlacement::Fixed
                && self.handicap > max_fixed_handicap(size)
            {
                return Err(format!(
                    "a {size} board takes at most {} fixed handicap stones",
                    max_fixed_handicap(size)
                ));
            }
            if self.placement == HandicapPlacement::Fixed {
                Game::with_handicap(size, rules, self.handicap).map_err(|e| e.to_string())?;
            }
        }
        let komi = match self.komi {
            Some(k) => Komi::from_f64(k).ok_or("komi must be a whole or half number")?,
            None => rules.komi(u8::try_from(self.handicap).unwrap_or(9)),
        };
        if komi.half_points().abs() > 400 {
            return Err("komi is at most 200 points".into());
        }
        self.time.validate()?;
        let name = player_name(self.name.as_deref());
        let opponent = match &self.opponent {
            OpponentChoice::Person => SeatKind::Person {
                name: "Opponent".into(),
            },
            OpponentChoice::Tengen { level } => {
                let level = level.unwrap_or(crate::game::seats::DEFAULT_LEVEL);
                if !(1..=tengen_engine::MAX_LEVEL).contains(&level) {
                    return Err(format!(
                        "level {level}: Tengen's levels are 1 to {}",
                        tengen_engine::MAX_LEVEL
                    ));
                }
                SeatKind::Engine {
                    engine: crate::game::seats::OWN.into(),
                    level: Some(level),
                }
            }
            OpponentChoice::Gtp { name } => {
                if !engines.iter().any(|e| e == name) {
                    return Err(format!("no engine named {name:?} on this server"));
                }
                SeatKind::Engine {
                    engine: name.clone(),
                    level: None,
                }
            }
        };
        let creator = match self.color {
            ColorChoice::Black => Color::Black,
            ColorChoice::White => Color::White,
            ColorChoice::Nigiri if nigiri_black => Color::Black,
            ColorChoice::Nigiri => Color::White,
        };
        let me = SeatKind::Person { name };
        let (black, white) = match creator {
            Color::Black => (me, opponent),
            Color::White => (opponent, me),
        };
        Ok(GameSetup {
            size,
            rules,
            handicap: self.handicap,
            placement: self.placement,
            komi_half_points: komi.half_points(),
            time: self.time,
            black,
            white,
            nigiri: self.color == ColorChoice::Nigiri,
            creator,
            open: self.open && matches!(self.opponent, OpponentChoice::Person),
            analysis: self.analysis,
        })
    }
}

impl GameSetup {
    /// Whether Black must still choose the handicap points.
    #[must_use]
    pub fn needs_free_placement(&self) -> bool {
        self.placement == HandicapPlacement::Free && self.handicap >= 2
    }

    /// The game at its start, or `None` while free handicap points are still to be chosen.
    #[must_use]
    pub fn start_game(&self) -> Option<Game> {
        if self.needs_free_placement() {
            return None;
        }
        let game = Game::with_handicap(self.size, self.rules, self.handicap)
            .unwrap_or_else(|_| Game::new(self.size, self.rules));
        Some(self.with_komi(game))
    }

    /// The game with Black's free handicap stones on `points`.
    ///
    /// # Errors
    /// A message when the points are not `handicap` distinct points on the board.
    pub fn start_free(&self, points: &[Point]) -> Result<Game, String> {
        if points.len() != self.handicap as usize {
            return Err(format!("place exactly {} stones", self.handicap));
        }
        let game =
            Game::with_free_handicap(self.size, self.rules, points).map_err(|e| e.to_string())?;
        Ok(self.with_komi(game))
    }

    /// The komi chosen at creation (the form's, else the rules' for the handicap).
    #[must_use]
    pub fn komi(&self) -> Komi {
        Komi::from_half_points(self.komi_half_points)
    }

    /// `game` (fresh from its handicap) with the setup's komi: the one place a server game
    /// gets its komi, whichever way its stones were placed.
    fn with_komi(&self, mut game: Game) -> Game {
        game.set_komi(self.komi());
        game
    }

    /// The seat of `color`.
    #[must_use]
    pub fn seat(&self, color: Color) -> &SeatKind {
        match color {
            Color::Black => &self.black,
            Color::White => &self.white,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn named(name: &str) -> String {
        let form = CreateGame {
            open: false,
            analysis: true,
            size: 9,
            rules: "aga".into(),
            handicap: 0,
            placement: HandicapPlacement::Fixed,
            komi: None,
            color: ColorChoice::Black,
            time: ClockSettings::None,
            opponent: OpponentChoice::Person,
            name: Some(name.into()),
        };
        form.resolve(&[], true).unwrap().black.name().to_owned()
    }

    #[test]
    fn tengens_own_player_is_named_tengen_as_gtp_names_it() {
        let own = SeatKind::Engine {
            engine: crate::game::seats::OWN.into(),
            level: Some(3),
        };
        assert_eq!(own.name(), "Tengen");
        let gtp = SeatKind::Engine {
            engine: "gnugo".into(),
            level: None,
        };
        assert_eq!(gtp.name(), "gnugo");
    }

    #[test]
    fn engine_seats_stored_before_levels_existed_still_read_and_new_ones_keep_their_level() {
        let old: SeatKind = serde_json::from_str(r#"{"kind":"engine","engine":"tengen"}"#).unwrap();
        assert_eq!(
            old,
            SeatKind::Engine {
                engine: "tengen".into(),
                level: None
            }
        );
        let form: CreateGame = serde_json::from_str(
            r#"{"size":9,"rules":"aga","color":"black","opponent":{"kind":"tengen","level":3}}"#,
        )
        .unwrap();
        let setup = form.resolve(&[], true).unwrap();
        let stored = serde_json::to_string(&setup.white).unwrap();
        assert_eq!(stored, r#"{"kind":"engine","engine":"tengen","level":3}"#);
        // A GTP engine's seat is stored as before.
        let gtp = SeatKind::Engine {
            engine: "gnugo".into(),
            level: None,
        };
        assert_eq!(
            serde_json::to_string(&gtp).unwrap(),
            r#"{"kind":"engine","engine":"gnugo"}"#
        );
    }

    #[test]
    fn a_setup_stored_by_earlier_versions_loads_typed_and_unreadable_rules_are_refused() {
        // As earlier versions stored it: the rules text as the player typed it.
        let stored = r#"{"size":9,"rules":" AGA , Scoring=Area ","handicap":0,"placement":"fixed","komi_half_points":11,"time":{"kind":"none"},"black":{"kind":"person","name":"A"},"white":{"kind":"person","name":"B"},"nigiri":false,"creator":"white"}"#;
        let setup: GameSetup = serde_json::from_str(stored).unwrap();
        assert_eq!(setup.rules, "aga,scoring=area".parse::<Rules>().unwrap());
        assert_eq!(setup.size, BoardSize::new(9).unwrap());
        assert_eq!(setup.creator, Color::White);
        let written = serde_json::to_string(&setup).unwrap();
        assert!(
            written.contains(r#""rules":"aga,scoring=area""#),
            "{written}"
        );
        assert!(written.contains(r#""size":9,"#), "{written}");
        // Not AGA in its place: the record does not load, and says why.
        let bad = stored.replace(" AGA , Scoring=Area ", "aga,ko=sometimes");
        let error = serde_json::from_str::<GameSetup>(&bad)
            .unwrap_err()
            .to_string();
        assert!(
            error.contains(r#"rules "aga,ko=sometimes": ko=sometimes is not allowed"#),
            "{error}"
        );
        let big = stored.replace(r#""size":9"#, r#""size":26"#);
        let error = serde_json::from_str::<GameSetup>(&big)
            .unwrap_err()
            .to_string();
        assert!(error.contains("board size 26 is out of range"), "{error}");
    }

    #[test]
    fn player_names_lose_control_characters_nul_and_direction_overrides() {
        assert_eq!(named("Shusaku"), "Shusaku");
        assert_eq!(named("Bad\0Name\u{1b}[31m"), "BadName[31m");
        assert_eq!(named("two\nlines\r\ttab"), "twolinestab");
        assert_eq!(named("evil\u{202e}txt.exe\u{2066}"), "eviltxt.exe");
        assert_eq!(
            named("\0\u{7f}\u{9f}"),
            "Player",
            "nothing left: the default"
        );
        assert_eq!(named("  Honinbo  "), "Honinbo");
        assert_eq!(named(&"碁".repeat(50)).chars().count(), 40);
    }
}
