//! `score` with an estimator passed in: the marks of a record that has them, the estimator's
//! dead stones for one without (or for every record with `--dead auto`), and its notes in the
//! text and the JSON.

use tengen_core::{Game, Point};
use tengen_sgf::cli::{AutoDead, DeadStones, ScoreOptions, score_command_with};

/// 5×5: Black's wall on column c, White's on column d; a White stone on b2 in Black's area.
const MARKED: &[u8] = b"(;SZ[5]RU[Japanese]KM[0.5]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de][bb];B[];W[]TB[aa:be]TW[ea:ee])";
const UNMARKED: &[u8] =
    b"(;SZ[5]RU[Japanese]KM[0.5]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de][bb];B[];W[])";

fn temp_file(name: &str, contents: &[u8]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-sgf-auto-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// An estimator that calls the stone on b2 dead, as a real one would here.
fn b2_dead(game: &Game) -> AutoDead {
    let dead = vec![Point::new(1, 1)];
    AutoDead {
        score: game.score_as_ended(&dead),
        dead,
        notes: vec!["uncertain: E5 group".to_owned()],
    }
}

fn run(path: &std::path::Path, dead: DeadStones, json: bool) -> String {
    let options = ScoreOptions {
        dead,
        json,
        ..ScoreOptions::default()
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = score_command_with(&[path], &options, Some(&b2_dead), &mut out, &mut err);
    assert_eq!(code, 0, "{}", String::from_utf8_lossy(&err));
    String::from_utf8_lossy(&out).into_owned()
}

#[test]
fn records_without_marks_are_counted_with_the_estimate_by_default() {
    let path = temp_file("unmarked.sgf", UNMARKED);
    let line = run(&path, DeadStones::default(), false);
    assert!(line.contains("B+5.5"), "{line}");
    assert!(line.contains("1 dead: B4 (auto)"), "{line}");
    assert!(line.contains("uncertain: E5 group"), "{line}");
    let value: serde_json::Value =
        serde_json::from_str(&run(&path, DeadStones::default(), true)).unwrap();
    assert_eq!(value["dead_method"], "auto");
    assert_eq!(value["dead_stones"][0], "B4");
    assert_eq!(value["notes"][0], "uncertain: E5 group");
}

#[test]
fn records_with_marks_keep_their_marks_unless_auto_is_asked() {
    let path = temp_file("marked.sgf", MARKED);
    let value: serde_json::Value =
        serde_json::from_str(&run(&path, DeadStones::default(), true)).unwrap();
    assert_eq!(value["dead_method"], "marked");
    assert_eq!(value["notes"].as_array().map(Vec::len), Some(0));
    let value: serde_json::Value =
        serde_json::from_str(&run(&path, DeadStones::Auto, true)).unwrap();
    assert_eq!(value["dead_method"], "auto");
    // With none dead the White stone stands in Black's area: no territory for Black there.
    let value: serde_json::Value =
        serde_json::from_str(&run(&path, DeadStones::None, true)).unwrap();
    assert_eq!(value["dead_method"], "none");
    assert_eq!(value["dead_stones"].as_array().map(Vec::len), Some(0));
}

#[test]
fn auto_without_an_estimator_counts_every_stone_alive_and_says_so() {
    let path = temp_file("unmarked-plain.sgf", UNMARKED);
    let options = ScoreOptions {
        dead: DeadStones::Auto,
        json: true,
        ..ScoreOptions::default()
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(
        score_command_with(&[&path], &options, None, &mut out, &mut err),
        0
    );
    let value: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(value["dead_method"], "none");
}

#[test]
fn dead_takes_auto_marked_or_none() {
    assert_eq!("auto".parse::<DeadStones>(), Ok(DeadStones::Auto));
    assert_eq!(" Marked ".parse::<DeadStones>(), Ok(DeadStones::Marked));
    assert_eq!("none".parse::<DeadStones>(), Ok(DeadStones::None));
    let err = "some".parse::<DeadStones>().unwrap_err();
    assert!(err.contains("auto, marked or none"), "{err}");
}
