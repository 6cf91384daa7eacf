//! Rules as data: orthogonal parameters, the four presets, and the text form of docs/rules.md
//! (`aga`, `aga,scoring=area`, `japanese,ko=capture-positional`, `chinese,komi=6.5`).

use std::{fmt, str::FromStr};

/// Komi, in half points, so that 6.5 is exact and `Eq`/`Hash` work.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Komi(i16);

impl Komi {
    /// No komi.
    pub const ZERO: Komi = Komi(0);

    /// Komi of `half_points / 2` points.
    #[must_use]
    pub const fn from_half_points(half_points: i16) -> Komi {
        Komi(half_points)
    }

    /// Twice the komi: an exact integer.
    #[must_use]
    pub const fn half_points(self) -> i16 {
        self.0
    }

    /// The komi as a floating-point number (exact: it is a multiple of 0.5).
    #[must_use]
    pub fn as_f64(self) -> f64 {
        f64::from(self.0) / 2.0
    }

    /// The nearest komi to `value`, if `value` is a whole or half number within ±1000.
    #[must_use]
    pub fn from_f64(value: f64) -> Option<Komi> {
        let doubled = value * 2.0;
        (doubled.is_finite() && doubled.fract() == 0.0 && doubled.abs() <= 2000.0)
            .then_some(Komi(doubled as i16))
    }
}

impl fmt::Display for Komi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_half_points(f, i32::from(self.0))
    }
}

/// A count of half points shown as points: `13` as `6.5`, `0` as `0`, `-6` as `-3` (the one
/// way komi, margins and score tables are written).
///
/// ```
/// assert_eq!(tengen_core::HalfPoints(-13).to_string(), "-6.5");
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct HalfPoints(pub i32);

impl fmt::Display for HalfPoints {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_half_points(f, self.0)
    }
}

/// Writes `half_points / 2` as `6.5`, `0`, `-3`.
pub(crate) fn write_half_points(f: &mut impl fmt::Write, half_points: i32) -> fmt::Result {
    let sign = if half_points < 0 { "-" } else { "" };
    let abs = half_points.unsigned_abs();
    if abs.is_multiple_of(2) {
        write!(f, "{sign}{}", abs / 2)
    } else {
        write!(f, "{sign}{}.5", abs / 2)
    }
}

/// A komi that is not a whole or half number.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("komi {0:?} is not a whole or half number between -1000 and 1000")]
pub struct KomiError(pub String);

impl FromStr for Komi {
    type Err = KomiError;
    fn from_str(s: &str) -> Result<Komi, KomiError> {
        let text = s.trim();
        text.parse::<f64>()
            .ok()
            .and_then(Komi::from_f64)
            .ok_or_else(|| KomiError(s.to_owned()))
    }
}

/// Which repetitions are forbidden.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum KoRule {
    /// Basic ko (JP-5): a single stone that just captured a single stone may not be captured
    /// back at once. Whole-board cycles end the game with no result (JP-6).
    Simple,
    /// No move may recreate an earlier whole-board position.
    Positional,
    /// No move may recreate an earlier whole-board position with the same player to move (AGA-6).
    Situational,
    /// The Czech text's rule: no *capture* may recreate an earlier whole-board position;
    /// moves that capture nothing are never banned.
    CapturePositional,
}

/// How the score is counted.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    /// Territory plus prisoners (captures, dead stones, pass stones) plus komi.
    Territory,
    /// Living stones plus territory plus komi plus handicap compensation.
    Area,
}

/// Which suicides are allowed (rule C5).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Suicide {
    /// No suicide at all (every preset of the seeds).
    Forbidden,
    /// A move may capture its own chain of two or more stones (Tromp-Taylor, New Zealand).
    /// Single-stone suicide stays illegal: it would be a pass that changes nothing.
    MultiStone,
}

/// White's compensation for handicap stones under area counting (AGA-4b).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum HandicapBonus {
    /// Nothing.
    None,
    /// One point per handicap stone.
    N,
    /// One point per handicap stone beyond the first.
    NMinusOne,
}

/// Who moves first when play resumes after a dispute over dead stones, and how often it may.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum Resumption {
    /// AGA-10: the opponent of the player who passed last moves first; if the players pass
    /// twice again and still disagree, every stone on the board counts as alive.
    Aga,
    /// JP-8: the opponent of the player who asks to resume moves first; as often as asked.
    Japanese,
}

/// What a referee of engine games does with an engine's illegal move (AGA-8, JP-11).
/// A person's illegal move is always refused with the reason.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum IllegalPolicy {
    /// Replaced by a pass (with its pass stone under AGA).
    Pass,
    /// The game is lost.
    Lose,
}

/// A complete rule set. Every preset is a value of it, and every parameter can be changed.
///
/// ```
/// use tengen_core::{Rules, KoRule, Scoring};
/// let rules: Rules = "aga,scoring=area".parse().unwrap();
/// assert_eq!(rules.scoring, Scoring::Area);
/// assert_eq!(rules.ko, KoRule::Situational);
/// assert_eq!(rules.to_string(), "aga,scoring=area");
/// assert!("aga,ko=sometimes".parse::<Rules>().is_err());
/// ```
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// Which repetitions are forbidden.
    pub ko: KoRule,
    /// Territory or area counting.
    pub scoring: Scoring,
    /// Whether multi-stone suicide is allowed.
    pub suicide: Suicide,
    /// Komi of an even game.
    pub komi_even: Komi,
    /// Komi of a handicap game (one stone or more).
    pub komi_handicap: Komi,
    /// Compensation for handicap stones under area counting.
    pub handicap_bonus: HandicapBonus,
    /// A pass hands a prisoner to the opponent (AGA-7).
    pub pass_stones: bool,
    /// If Black passed last, White must pass once more (AGA-11).
    pub white_passes_last: bool,
    /// The eyes of a seki count as territory (AGA-12 yes, JP-9 no).
    pub seki_territory: bool,
    /// What a referee does with an engine's illegal move.
    pub illegal: IllegalPolicy,
    /// Who moves first after a dispute, and whether a second dispute ends the game.
    pub resumption: Resumption,
}

/// The named presets, in the order the text form prefers them.
pub const PRESET_NAMES: [&str; 4] = ["aga", "japanese", "chinese", "tromp-taylor"];

impl Rules {
    /// The AGA rules of seed 000 (komi 5.5 as the seed says; 0.5 with handicap).
    #[must_use]
    pub const fn aga() -> Rules {
        Rules {
            ko: KoRule::Situational,
            scoring: Scoring::Territory,
            suicide: Suicide::Forbidden,
            komi_even: Komi(11),
            komi_handicap: Komi(1),
            handicap_bonus: HandicapBonus::NMinusOne,
            pass_stones: true,
            white_passes_last: true,
            seki_territory: true,
            illegal: IllegalPolicy::Pass,
            resumption: Resumption::Aga,
        }
    }

    /// The Japanese rules of seeds 002–004 (komi 6.5; 0 with handicap).
    #[must_use]
    pub const fn japanese() -> Rules {
        Rules {
            ko: KoRule::Simple,
            scoring: Scoring::Territory,
            suicide: Suicide::Forbidden,
            komi_even: Komi(13),
            komi_handicap: Komi(0),
            handicap_bonus: HandicapBonus::None,
            pass_stones: false,
            white_passes_last: false,
            seki_territory: false,
            illegal: IllegalPolicy::Lose,
            resumption: Resumption::Japanese,
        }
    }

    /// Chinese rules as engines and servers name them: area, positional superko, komi 7.5.
    #[must_use]
    pub const fn chinese() -> Rules {
        Rules {
            ko: KoRule::Positional,
            scoring: Scoring::Area,
            suicide: Suicide::Forbidden,
            komi_even: Komi(15),
            komi_handicap: Komi(15),
            handicap_bonus: HandicapBonus::N,
            pass_stones: false,
            white_passes_last: false,
            seki_territory: true,
            illegal: IllegalPolicy::Lose,
            resumption: Resumption::Japanese,
        }
    }

    /// Tromp-Taylor: area, positional superko, multi-stone suicide allowed, komi 7.5.
    #[must_use]
    pub const fn tromp_taylor() -> Rules {
        Rules {
            ko: KoRule::Positional,
            scoring: Scoring::Area,
            suicide: Suicide::MultiStone,
            komi_even: Komi(15),
            komi_handicap: Komi(15),
            handicap_bonus: HandicapBonus::None,
            pass_stones: false,
            white_passes_last: false,
            seki_territory: true,
            illegal: IllegalPolicy::Lose,
            resumption: Resumption::Japanese,
        }
    }

    /// A preset by name (case-insensitive): `aga`, `japanese`, `chinese`, `tromp-taylor`.
    #[must_use]
    pub fn preset(name: &str) -> Option<Rules> {
        match name.trim().to_ascii_lowercase().as_str() {
            "aga" => Some(Rules::aga()),
            "japanese" => Some(Rules::japanese()),
            "chinese" => Some(Rules::chinese()),
            "tromp-taylor" => Some(Rules::tromp_taylor()),
            _ => None,
        }
    }

    /// The komi of a game with `handicap` stones (0 for an even game; 1 for Black moving first
    /// without komi).
    #[must_use]
    pub fn komi(&self, handicap: u8) -> Komi {
        if handicap == 0 {
            self.komi_even
        } else {
            self.komi_handicap
        }
    }

    /// These rules with one komi for every game.
    #[must_use]
    pub fn with_komi(mut self, komi: Komi) -> Rules {
        self.komi_even = komi;
        self.komi_handicap = komi;
        self
    }

    /// White's compensation in points for `handicap_stones` placed stones; zero under territory
    /// counting (AGA-4b).
    #[must_use]
    pub fn handicap_compensation(&self, handicap_stones: u32) -> u32 {
        if self.scoring != Scoring::Area || handicap_stones < 2 {
            return 0;
        }
        match self.handicap_bonus {
            HandicapBonus::None => 0,
            HandicapBonus::N => handicap_stones,
            HandicapBonus::NMinusOne => handicap_stones - 1,
        }
    }

    /// Whether a stone played costs its player a point that a pass does not: territory
    /// counting (JP-10) without pass stones (with them, AGA-12's pass stone pays a fill
    /// back). Under such rules a won game ends with passes, not with stones in anyone's
    /// territory.
    #[must_use]
    pub fn stones_cost_points(&self) -> bool {
        self.scoring == Scoring::Territory && !self.pass_stones
    }

    /// The settings of docs/rules.md ("Naming rules") as `(key, value)` text, in table order.
    fn settings(&self) -> [(&'static str, String); 10] {
        let komi = if self.komi_even == self.komi_handicap {
            self.komi_even.to_string()
        } else {
            format!("{}/{}", self.komi_even, self.komi_handicap)
        };
        [
            ("ko", self.ko.name().to_owned()),
            ("scoring", self.scoring.name().to_owned()),
            ("suicide", self.suicide.name().to_owned()),
            ("komi", komi),
            ("handicap-bonus", self.handicap_bonus.name().to_owned()),
            ("pass-stones", self.pass_stones.name().to_owned()),
            (
                "white-passes-last",
                self.white_passes_last.name().to_owned(),
            ),
            ("seki-territory", self.seki_territory.name().to_owned()),
            ("illegal", self.illegal.name().to_owned()),
            ("resumption", self.resumption.name().to_owned()),
        ]
    }

    /// Sets one parameter from its text form.
    fn set(&mut self, key: &str, value: &str) -> Result<(), RulesError> {
        fn parse<T: TextValue>(key: &str, value: &str) -> Result<T, RulesError> {
            T::from_name(value).ok_or_else(|| RulesError::BadValue {
                key: key.to_owned(),
                value: value.to_owned(),
                allowed: T::NAMES
                    .iter()
                    .map(|(name, _)| *name)
                    .collect::<Vec<_>>()
                    .join(", "),
            })
        }
        match key {
            "ko" => self.ko = parse(key, value)?,
            "scoring" => self.scoring = parse(key, value)?,
            "suicide" => self.suicide = parse(key, value)?,
            "komi" => {
                let bad = || RulesError::BadValue {
                    key: key.to_owned(),
                    value: value.to_owned(),
                    allowed: "a whole or half number such as 6.5".to_owned(),
                };
                // `even/handicap` is what Display prints for a preset's pair of komis.
                let (even, handicap) = value.split_once('/').unwrap_or((value, value));
                self.komi_even = even.parse().map_err(|_| bad())?;
                self.komi_handicap = handicap.parse().map_err(|_| bad())?;
            }
            "handicap-bonus" => self.handicap_bonus = parse(key, value)?,
            "pass-stones" => self.pass_stones = parse(key, value)?,
            "white-passes-last" => self.white_passes_last = parse(key, value)?,
            "seki-territory" => self.seki_territory = parse(key, value)?,
            "illegal" => self.illegal = parse(key, value)?,
            "resumption" => self.resumption = parse(key, value)?,
            _ => return Err(RulesError::UnknownKey(key.to_owned())),
        }
        Ok(())
    }
}

/// The text names of a setting's values, one table used both to print and to parse, so that
/// the two cannot drift apart.
trait TextValue: Copy + PartialEq + 'static {
    const NAMES: &'static [(&'static str, Self)];

    fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(_, value)| *value == self)
            .map(|(name, _)| *name)
            .expect("every value has a name")
    }

    fn from_name(text: &str) -> Option<Self> {
        Self::NAMES
            .iter()
            .find(|(name, _)| *name == text)
            .map(|(_, value)| *value)
    }
}

impl TextValue for KoRule {
    const NAMES: &'static [(&'static str, Self)] = &[
        ("simple", KoRule::Simple),
        ("positional", KoRule::Positional),
        ("situational", KoRule::Situational),
        ("capture-positional", KoRule::CapturePositional),
    ];
}

impl TextValue for Scoring {
    const NAMES: &'static [(&'static str, Self)] =
        &[("territory", Scoring::Territory), ("area", Scoring::Area)];
}

impl TextValue for Suicide {
    const NAMES: &'static [(&'static str, Self)] = &[
        ("forbidden", Suicide::Forbidden),
        ("multi-stone", Suicide::MultiStone),
    ];
}

impl TextValue for HandicapBonus {
    const NAMES: &'static [(&'static str, Self)] = &[
        ("0", HandicapBonus::None),
        ("n", HandicapBonus::N),
        ("n-1", HandicapBonus::NMinusOne),
    ];
}

impl TextValue for IllegalPolicy {
    const NAMES: &'static [(&'static str, Self)] =
        &[("pass", IllegalPolicy::Pass), ("lose", IllegalPolicy::Lose)];
}

impl TextValue for Resumption {
    const NAMES: &'static [(&'static str, Self)] =
        &[("aga", Resumption::Aga), ("japanese", Resumption::Japanese)];
}

impl TextValue for bool {
    const NAMES: &'static [(&'static str, Self)] = &[("yes", true), ("no", false)];
}

impl Default for Rules {
    fn default() -> Self {
        Rules::japanese()
    }
}

/// A rules text that cannot be read; it names the part that is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RulesError {
    /// Nothing was given.
    #[error("no rules given: name a preset (aga, japanese, chinese, tromp-taylor)")]
    Empty,
    /// The first part is not a preset.
    #[error("unknown rules preset {0:?}: expected aga, japanese, chinese or tromp-taylor")]
    UnknownPreset(String),
    /// A change without `=`.
    #[error("{0:?} is not a key=value change")]
    NotKeyValue(String),
    /// A key docs/rules.md does not define.
    #[error(
        "unknown rules key {0:?}: expected ko, scoring, suicide, komi, handicap-bonus, pass-stones, white-passes-last, seki-territory, illegal or resumption"
    )]
    UnknownKey(String),
    /// A key given twice (`aga,scoring=area,scoring=territory`): which change was meant is
    /// not for the reader to guess.
    #[error("rules key {0:?} is given twice: give each key once")]
    RepeatedKey(String),
    /// A value the key does not take.
    #[error("{key}={value} is not allowed: {key} takes {allowed}")]
    BadValue {
        /// The key.
        key: String,
        /// The value given.
        value: String,
        /// What the key takes.
        allowed: String,
    },
}

impl FromStr for Rules {
    type Err = RulesError;

    fn from_str(text: &str) -> Result<Rules, RulesError> {
        let lower = text.trim().to_ascii_lowercase();
        let mut parts = lower.split(',').map(str::trim);
        let preset = parts
            .next()
            .filter(|p| !p.is_empty())
            .ok_or(RulesError::Empty)?;
        let mut rules =
            Rules::preset(preset).ok_or_else(|| RulesError::UnknownPreset(preset.to_owned()))?;
        let mut seen: Vec<&str> = Vec::new();
        for change in parts {
            let (key, value) = change
                .split_once('=')
                .ok_or_else(|| RulesError::NotKeyValue(change.to_owned()))?;
            let key = key.trim();
            rules.set(key, value.trim())?;
            if seen.contains(&key) {
                return Err(RulesError::RepeatedKey(key.to_owned()));
            }
            seen.push(key);
        }
        Ok(rules)
    }
}

impl Rules {
    /// The preset these rules differ least from, and the `key=value` changes from it (the
    /// text form's parts).
    fn nearest_preset(&self) -> (&'static str, Vec<String>) {
        let own = self.settings();
        PRESET_NAMES
            .iter()
            .map(|name| {
                let preset = Rules::preset(name)
                    .expect("PRESET_NAMES are presets")
                    .settings();
                let changes: Vec<String> = own
                    .iter()
                    .zip(preset.iter())
                    .filter(|(mine, theirs)| mine.1 != theirs.1)
                    .map(|((key, value), _)| format!("{key}={value}"))
                    .collect();
                (*name, changes)
            })
            .min_by_key(|(_, changes)| changes.len())
            .expect("there are presets")
    }

    /// One line about these rules for players: what the nearest preset does, then the
    /// changes from it.
    ///
    /// ```
    /// use tengen_core::Rules;
    /// assert!(Rules::japanese().describe().starts_with("Japanese: territory counting, simple ko"));
    /// let rules: Rules = "chinese,komi=6.5".parse().unwrap();
    /// assert!(rules.describe().ends_with(" (changed: komi=6.5)"));
    /// ```
    #[must_use]
    pub fn describe(&self) -> String {
        let (name, changes) = self.nearest_preset();
        let base = match name {
            "aga" => {
                "AGA: territory counting, a pass gives the opponent a stone and White passes last, situational superko; area counting gives the same margin"
            }
            "japanese" => {
                "Japanese: territory counting, simple ko, no territory in seki; disputes resume play with the opponent of who asked"
            }
            "chinese" => {
                "Chinese: area counting (stones + territory), positional superko, White gets a point per handicap stone"
            }
            // "tromp-taylor", the last of PRESET_NAMES.
            _ => "Tromp-Taylor: area counting, positional superko, multi-stone suicide allowed",
        };
        if changes.is_empty() {
            base.to_owned()
        } else {
            format!("{base} (changed: {})", changes.join(","))
        }
    }
}

impl fmt::Display for Rules {
    /// The shortest text form: the preset that needs the fewest changes, then the changes.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (name, changes) = self.nearest_preset();
        f.write_str(name)?;
        for change in changes {
            write!(f, ",{change}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn presets_print_as_their_names() {
        for name in PRESET_NAMES {
            assert_eq!(Rules::preset(name).unwrap().to_string(), name);
        }
    }

    #[test]
    fn changes_round_trip() {
        for text in [
            "aga,scoring=area",
            "japanese,ko=capture-positional",
            "chinese,komi=6.5",
            "aga,komi=7.5",
            "tromp-taylor,komi=5.5",
        ] {
            let rules: Rules = text.parse().unwrap();
            assert_eq!(rules.to_string(), text);
            assert_eq!(rules.to_string().parse::<Rules>().unwrap(), rules);
        }
    }

    #[test]
    fn the_description_names_the_nearest_preset_and_the_changes_from_it() {
        for (name, shown) in
            PRESET_NAMES
                .iter()
                .zip(["AGA:", "Japanese:", "Chinese:", "Tromp-Taylor:"])
        {
            let text = Rules::preset(name).unwrap().describe();
            assert!(text.starts_with(shown), "{text}");
            assert!(!text.contains("changed"), "{text}");
        }
        let rules: Rules = "japanese,ko=capture-positional".parse().unwrap();
        assert!(rules.describe().starts_with("Japanese:"));
        assert!(
            rules
                .describe()
                .ends_with(" (changed: ko=capture-positional)"),
            "{}",
            rules.describe()
        );
    }

    #[test]
    fn text_form_is_case_insensitive() {
        let rules: Rules = " AGA , Scoring=Area ".parse().unwrap();
        assert_eq!(rules, "aga,scoring=area".parse().unwrap());
    }

    #[test]
    fn bad_text_names_what_is_wrong() {
        assert!(matches!(
            "aga,ko=sometimes".parse::<Rules>(),
            Err(RulesError::BadValue { key, value, .. }) if key == "ko" && value == "sometimes"
        ));
        assert!(matches!(
            "go".parse::<Rules>(),
            Err(RulesError::UnknownPreset(_))
        ));
        assert!(matches!(
            "aga,colour=red".parse::<Rules>(),
            Err(RulesError::UnknownKey(_))
        ));
        assert!(matches!(
            "aga,komi".parse::<Rules>(),
            Err(RulesError::NotKeyValue(_))
        ));
        assert!(matches!(
            "aga,komi=6.25".parse::<Rules>(),
            Err(RulesError::BadValue { .. })
        ));
        assert_eq!("".parse::<Rules>(), Err(RulesError::Empty));
        let message = "aga,ko=sometimes".parse::<Rules>().unwrap_err().to_string();
        assert_eq!(
            message,
            "ko=sometimes is not allowed: ko takes simple, positional, situational, capture-positional"
        );
    }

    #[test]
    fn a_key_given_twice_is_an_error_naming_it() {
        assert_eq!(
            "aga,scoring=area,scoring=territory".parse::<Rules>(),
            Err(RulesError::RepeatedKey("scoring".into()))
        );
        // Even with the same value, and whatever the case and spacing.
        assert_eq!(
            "japanese, komi=6.5 ,KOMI=6.5".parse::<Rules>(),
            Err(RulesError::RepeatedKey("komi".into()))
        );
        let message = "aga,scoring=area,scoring=territory"
            .parse::<Rules>()
            .unwrap_err()
            .to_string();
        assert!(message.contains("\"scoring\" is given twice"), "{message}");
        // Different keys are still taken together.
        assert!("aga,scoring=area,ko=simple".parse::<Rules>().is_ok());
    }

    #[test]
    fn aga_3_komi_is_5_5_even_and_0_5_with_handicap() {
        assert_eq!(Rules::aga().komi(0).to_string(), "5.5");
        assert_eq!(Rules::aga().komi(1).to_string(), "0.5");
        assert_eq!(Rules::aga().komi(4).to_string(), "0.5");
    }

    #[test]
    fn jp_2_komi_is_6_5_even_and_0_with_handicap() {
        assert_eq!(Rules::japanese().komi(0).to_string(), "6.5");
        assert_eq!(Rules::japanese().komi(2).to_string(), "0");
    }

    #[test]
    fn aga_4b_compensation_is_n_minus_one_under_area_counting_only() {
        let area: Rules = "aga,scoring=area".parse().unwrap();
        assert_eq!(area.handicap_compensation(4), 3);
        assert_eq!(Rules::aga().handicap_compensation(4), 0);
        assert_eq!(Rules::chinese().handicap_compensation(4), 4);
        assert_eq!(Rules::chinese().handicap_compensation(0), 0);
    }

    #[test]
    fn komi_text_is_exact() {
        assert_eq!("-3".parse::<Komi>().unwrap().to_string(), "-3");
        assert_eq!("-0.5".parse::<Komi>().unwrap().to_string(), "-0.5");
        assert_eq!("7.5".parse::<Komi>().unwrap().half_points(), 15);
        assert!("NaN".parse::<Komi>().is_err());
        assert!("1e9".parse::<Komi>().is_err());
    }
}
