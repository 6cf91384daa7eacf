//! KataGo's rules (a shorthand name or a JSON object, as `kata-set-rules` takes them) as
//! Tengen's [`Rules`].
//!
//! KataGo describes rules by six settings: ko (`SIMPLE`, `POSITIONAL`, `SITUATIONAL`,
//! `SPIGHT`), scoring (`AREA`, `TERRITORY`), tax (`NONE`, `SEKI`: seki eyes are not
//! territory, `ALL`: no eye is), multi-stone suicide, a button, and White's handicap bonus
//! (`0`, `N`, `N-1`), with a komi. Tengen has all but three of them: the button, tax `ALL`
//! and Spight's ko. Rules with one of those are analysed under the nearest rules Tengen
//! has, and the query gets a warning naming the difference, as KataGo warns when a net
//! does not support the rules asked.
//!
//! The other way, [`kata_rules_of`] describes Tengen's rules to an external KataGo-style
//! engine (the server's analysis engine).

use serde_json::{Value, json};
use tengen_core::{HandicapBonus, KoRule, Komi, Rules, Scoring, Suicide};

/// KataGo's description of a rule set.
#[derive(Clone, Copy, Debug, PartialEq)]
struct KataRules {
    ko: KataKo,
    scoring: Scoring,
    tax: Tax,
    multi_stone_suicide: bool,
    button: bool,
    white_handicap_bonus: HandicapBonus,
    komi: f64,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum KataKo {
    Simple,
    Positional,
    Situational,
    Spight,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Tax {
    None,
    Seki,
    All,
}

/// Rules for the analysis, and what in them differs from the rules asked.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Translated {
    /// The rules, with the komi of the rules asked.
    pub(crate) rules: Rules,
    /// The komi the rules asked carry (KataGo's default for them when they name none).
    pub(crate) komi: Komi,
    /// A sentence for the query's `warning` when Tengen has no exact equivalent.
    pub(crate) approximation: Option<String>,
}

/// KataGo's defaults for a JSON rules object: Tromp-Taylor-like.
const TROMP_TAYLORISH: KataRules = KataRules {
    ko: KataKo::Positional,
    scoring: Scoring::Area,
    tax: Tax::None,
    multi_stone_suicide: true,
    button: false,
    white_handicap_bonus: HandicapBonus::None,
    komi: 7.5,
};

/// The rules a KataGo `rules` field names: a shorthand string or a JSON object.
///
/// # Errors
/// KataGo's message for rules it could not parse.
pub(crate) fn translate(value: &Value) -> Result<Translated, String> {
    let kata = match value {
        Value::String(name) => {
            shorthand(name).ok_or_else(|| format!("Could not parse rules: {name}"))?
        }
        Value::Object(_) => from_object(value)?,
        _ => {
            return Err(
                "Must specify rules string, such as \"chinese\" or \"tromp-taylor\", \
                        or a JSON object with detailed rules parameters."
                    .to_owned(),
            );
        }
    };
    Ok(to_tengen(&kata))
}

/// KataGo's named rule sets (`Rules::parseRules`), by their lower-case spellings.
fn shorthand(name: &str) -> Option<KataRules> {
    let lower = name.trim().to_ascii_lowercase();
    let area = |ko, white_handicap_bonus, multi_stone_suicide, komi| KataRules {
        ko,
        scoring: Scoring::Area,
        tax: Tax::None,
        multi_stone_suicide,
        button: false,
        white_handicap_bonus,
        komi,
    };
    let japanese = KataRules {
        ko: KataKo::Simple,
        scoring: Scoring::Territory,
        tax: Tax::Seki,
        multi_stone_suicide: false,
        button: false,
        white_handicap_bonus: HandicapBonus::None,
        komi: 6.5,
    };
    let one_of = |names: &[&str]| names.contains(&lower.as_str());
    Some(if one_of(&["japanese", "korean"]) {
        japanese
    } else if one_of(&["chinese"]) {
        area(KataKo::Simple, HandicapBonus::N, false, 7.5)
    } else if one_of(&[
        "chineseogs",
        "chinese_ogs",
        "chinese-ogs",
        "chinesekgs",
        "chinese_kgs",
        "chinese-kgs",
    ]) {
        area(KataKo::Positional, HandicapBonus::N, false, 7.5)
    } else if one_of(&[
        "ancientarea",
        "ancient-area",
        "ancient_area",
        "ancient area",
        "stonescoring",
        "stone-scoring",
        "stone_scoring",
        "stone scoring",
    ]) {
        KataRules {
            tax: Tax::All,
            ..area(KataKo::Simple, HandicapBonus::None, false, 7.5)
        }
    } else if one_of(&[
        "ancientterritory",
        "ancient-territory",
        "ancient_territory",
        "ancient territory",
    ]) {
        KataRules {
            tax: Tax::All,
            ..japanese
        }
    } else if one_of(&["agabutton", "aga-button", "aga_button", "aga button"]) {
        KataRules {
            button: true,
            ..area(KataKo::Situational, HandicapBonus::NMinusOne, false, 7.0)
        }
    } else if one_of(&["aga", "bga", "french"]) {
        area(KataKo::Situational, HandicapBonus::NMinusOne, false, 7.5)
    } else if one_of(&[
        "nz",
        "newzealand",
        "new zealand",
        "new-zealand",
        "new_zealand",
    ]) {
        area(KataKo::Situational, HandicapBonus::None, true, 7.0)
    } else if one_of(&[
        "tromp-taylor",
        "tromp_taylor",
        "tromp taylor",
        "tromptaylor",
    ]) {
        TROMP_TAYLORISH
    } else if one_of(&["goe", "ing"]) {
        area(KataKo::Positional, HandicapBonus::None, true, 7.5)
    } else {
        return None;
    })
}

/// A JSON rules object: `ko`, `scoring` (or `score`), `tax`, `suicide`, `hasButton`,
/// `whiteHandicapBonus`, `friendlyPassOk`, `komi`; the rest as Tromp-Taylor.
fn from_object(value: &Value) -> Result<KataRules, String> {
    let Value::Object(fields) = value else {
        return Err(format!("Could not parse rules: {value}"));
    };
    let bad = || format!("Could not parse rules: {value}");
    let text = |v: &Value| v.as_str().map(str::to_owned).ok_or_else(bad);
    let mut rules = TROMP_TAYLORISH;
    let (mut komi_given, mut tax_given) = (false, false);
    for (key, v) in fields {
        match key.as_str() {
            "ko" => {
                rules.ko = match text(v)?.as_str() {
                    "SIMPLE" => KataKo::Simple,
                    "POSITIONAL" => KataKo::Positional,
                    "SITUATIONAL" => KataKo::Situational,
                    "SPIGHT" => KataKo::Spight,
                    other => return Err(format!("Invalid ko rule: {other}")),
                }
            }
            "score" | "scoring" => {
                rules.scoring = match text(v)?.as_str() {
                    "AREA" => Scoring::Area,
                    "TERRITORY" => Scoring::Territory,
                    other => return Err(format!("Invalid scoring rule: {other}")),
                }
            }
            "tax" => {
                tax_given = true;
                rules.tax = match text(v)?.as_str() {
                    "NONE" => Tax::None,
                    "SEKI" => Tax::Seki,
                    "ALL" => Tax::All,
                    other => return Err(format!("Invalid tax rule: {other}")),
                }
            }
            "suicide" => rules.multi_stone_suicide = v.as_bool().ok_or_else(bad)?,
            "hasButton" => rules.button = v.as_bool().ok_or_else(bad)?,
            "whiteHandicapBonus" => {
                rules.white_handicap_bonus = white_handicap_bonus(&text(v)?)?;
            }
            // Only who may end the game by passing differs; the search does not model it.
            "friendlyPassOk" => {
                v.as_bool().ok_or_else(bad)?;
            }
            "komi" => {
                let komi = v.as_f64().ok_or_else(bad)?;
                if Komi::from_f64(komi).is_none() || !(-400.0..=400.0).contains(&komi) {
                    return Err("Komi value is not a half-integer or is too extreme".to_owned());
                }
                rules.komi = komi;
                komi_given = true;
            }
            other => return Err(format!("Unknown rules option: {other}")),
        }
    }
    if !tax_given {
        rules.tax = match rules.scoring {
            Scoring::Territory => Tax::Seki,
            Scoring::Area => Tax::None,
        };
    }
    if !komi_given {
        if rules.scoring == Scoring::Territory {
            rules.komi = 6.5;
        } else if rules.button {
            rules.komi = 7.0;
        }
    }
    Ok(rules)
}

/// KataGo's `whiteHandicapBonus`: `0`, `N` or `N-1`.
pub(crate) fn white_handicap_bonus(text: &str) -> Result<HandicapBonus, String> {
    match text {
        "0" => Ok(HandicapBonus::None),
        "N" => Ok(HandicapBonus::N),
        "N-1" => Ok(HandicapBonus::NMinusOne),
        other => Err(format!("Invalid whiteHandicapBonus rule: {other}")),
    }
}

/// KataGo's text of a `whiteHandicapBonus`.
fn white_handicap_bonus_text(bonus: HandicapBonus) -> &'static str {
    match bonus {
        HandicapBonus::None => "0",
        HandicapBonus::N => "N",
        HandicapBonus::NMinusOne => "N-1",
    }
}

/// Tengen's `rules` as a KataGo rules object (the komi goes in the query's own `komi`).
///
/// Two of Tengen's rules have no field of their own in KataGo's: AGA's pass stones make
/// territory counting come out as area counting does, so they are sent as `AREA` (KataGo's
/// own `aga` is area scoring); and the Czech capture-positional ko is sent as positional
/// superko, the KataGo rule that forbids the most of the same cycles.
pub(crate) fn kata_rules_of(rules: &Rules) -> Value {
    let ko = match rules.ko {
        KoRule::Simple => "SIMPLE",
        KoRule::Positional | KoRule::CapturePositional => "POSITIONAL",
        KoRule::Situational => "SITUATIONAL",
    };
    let scoring = match rules.scoring {
        Scoring::Territory if !rules.pass_stones => "TERRITORY",
        Scoring::Territory | Scoring::Area => "AREA",
    };
    json!({
        "ko": ko,
        "scoring": scoring,
        "tax": if rules.seki_territory { "NONE" } else { "SEKI" },
        "suicide": rules.suicide == Suicide::MultiStone,
        "hasButton": false,
        "whiteHandicapBonus": white_handicap_bonus_text(rules.handicap_bonus),
    })
}

fn to_tengen(kata: &KataRules) -> Translated {
    let base = match kata.scoring {
        Scoring::Area => Rules::chinese(),
        Scoring::Territory => Rules::japanese(),
    };
    let mut differences = Vec::new();
    let ko = match kata.ko {
        KataKo::Simple => KoRule::Simple,
        KataKo::Positional => KoRule::Positional,
        KataKo::Situational => KoRule::Situational,
        KataKo::Spight => {
            differences.push("Spight's ko rule is analysed as simple ko");
            KoRule::Simple
        }
    };
    if kata.tax == Tax::All {
        differences.push("tax ALL (eyes not counted) is analysed as tax SEKI");
    }
    if kata.button {
        differences.push("the button is not modelled (komi as given)");
    }
    let komi = Komi::from_f64(kata.komi).unwrap_or(base.komi_even);
    let rules = Rules {
        ko,
        scoring: kata.scoring,
        suicide: if kata.multi_stone_suicide {
            Suicide::MultiStone
        } else {
            Suicide::Forbidden
        },
        handicap_bonus: kata.white_handicap_bonus,
        seki_territory: kata.tax == Tax::None,
        ..base
    }
    .with_komi(komi);
    Translated {
        rules,
        komi,
        approximation: (!differences.is_empty()).then(|| {
            format!(
                "Tengen has no exact equivalent of these rules: {}",
                differences.join("; ")
            )
        }),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn rules(value: Value) -> Translated {
        translate(&value).expect("rules KataGo accepts")
    }

    #[test]
    fn kata_rule_names_map_onto_tengen_rules_with_their_komi() {
        let tt = rules(json!("tromp-taylor"));
        assert_eq!(tt.rules, Rules::tromp_taylor());
        assert_eq!(tt.komi.as_f64(), 7.5);
        assert_eq!(tt.approximation, None);
        let jp = rules(json!("Japanese"));
        assert_eq!(jp.rules.scoring, Scoring::Territory);
        assert_eq!(jp.rules.ko, KoRule::Simple);
        assert!(!jp.rules.seki_territory);
        assert_eq!(jp.komi.as_f64(), 6.5);
        assert_eq!(rules(json!("korean")).rules, jp.rules);
        let cn = rules(json!("chinese"));
        assert_eq!(
            (cn.rules.scoring, cn.rules.ko, cn.rules.handicap_bonus),
            (Scoring::Area, KoRule::Simple, HandicapBonus::N)
        );
        assert_eq!(rules(json!("chinese-ogs")).rules.ko, KoRule::Positional);
        let aga = rules(json!("aga"));
        assert_eq!(
            (aga.rules.ko, aga.rules.handicap_bonus, aga.komi.as_f64()),
            (KoRule::Situational, HandicapBonus::NMinusOne, 7.5)
        );
        let nz = rules(json!("new zealand"));
        assert_eq!(
            (nz.rules.suicide, nz.komi.as_f64()),
            (Suicide::MultiStone, 7.0)
        );
        assert_eq!(rules(json!("new-zealand")).rules, nz.rules);
    }

    #[test]
    fn kata_rules_tengen_lacks_are_approximated_with_a_note() {
        let stone = rules(json!("stone_scoring"));
        assert!(stone.approximation.unwrap().contains("tax ALL"));
        let button = rules(json!("aga-button"));
        assert_eq!(button.komi.as_f64(), 7.0);
        assert!(button.approximation.unwrap().contains("button"));
        let spight = rules(json!({"ko": "SPIGHT", "scoring": "TERRITORY"}));
        assert_eq!(spight.rules.ko, KoRule::Simple);
        assert!(spight.approximation.unwrap().contains("Spight"));
    }

    #[test]
    fn kata_rules_objects_default_to_tromp_taylor_and_territory_komi() {
        let object = rules(json!({"scoring": "TERRITORY", "ko": "SIMPLE", "suicide": false}));
        assert_eq!(object.rules.scoring, Scoring::Territory);
        assert_eq!(object.komi.as_f64(), 6.5);
        assert!(!object.rules.seki_territory);
        let with_komi = rules(json!({"komi": 0.5, "whiteHandicapBonus": "N-1"}));
        assert_eq!(with_komi.komi.as_f64(), 0.5);
        assert_eq!(with_komi.rules.handicap_bonus, HandicapBonus::NMinusOne);
        assert_eq!(with_komi.rules.suicide, Suicide::MultiStone);
    }

    #[test]
    fn tengen_rules_sent_to_kata_read_back_as_the_same_rules() {
        for preset in [Rules::japanese(), Rules::chinese(), Rules::tromp_taylor()] {
            let back = rules(kata_rules_of(&preset)).rules;
            assert_eq!(
                (
                    back.ko,
                    back.scoring,
                    back.suicide,
                    back.handicap_bonus,
                    back.seki_territory
                ),
                (
                    preset.ko,
                    preset.scoring,
                    preset.suicide,
                    preset.handicap_bonus,
                    preset.seki_territory
                ),
                "{preset:?}"
            );
        }
    }

    #[test]
    fn aga_rules_go_to_kata_as_its_aga_area_rules() {
        let sent = kata_rules_of(&Rules::aga());
        assert_eq!(
            sent["scoring"], "AREA",
            "pass stones make territory count as area"
        );
        let back = rules(sent).rules;
        let kata_aga = rules(json!("aga")).rules;
        assert_eq!(
            (back.ko, back.scoring, back.handicap_bonus),
            (kata_aga.ko, kata_aga.scoring, kata_aga.handicap_bonus)
        );
    }

    #[test]
    fn unknown_kata_rules_are_refused_with_kata_messages() {
        for bad in [
            json!("go-by-the-moon"),
            json!({"ko": "SOMETIMES"}),
            json!({"colour": "blue"}),
            json!({"komi": 7.3}),
            json!(7),
        ] {
            assert!(translate(&bad).is_err(), "{bad}");
        }
        assert_eq!(
            translate(&json!("nonsense")).unwrap_err(),
            "Could not parse rules: nonsense"
        );
    }
}
