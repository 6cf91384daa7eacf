//! `tengen check` and `tengen score` on files: exit codes, one line per problem, the text and
//! JSON breakdowns, and the dead stones from the marks, an estimator passed in, or none.

use tengen_core::{Game, Point, Rules};

use super::*;

fn temp_file(name: &str, contents: &[u8]) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("tengen-score-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

#[test]
fn check_exits_0_1_or_2_with_one_line_per_problem() {
    let good = temp_file(
        "good.sgf",
        b"(;SZ[9]RU[Japanese];B[ee];W[cc])(;SZ[9];B[aa])",
    );
    let illegal = temp_file("illegal.sgf", b"(;SZ[19]RU[Japanese];B[pp];W[pp])");
    let missing = std::env::temp_dir().join("tengen-sgf-no-such-file.sgf");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(check_command(&[&good], &mut out, &mut err), 0);
    assert_eq!(String::from_utf8_lossy(&out).lines().count(), 2);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(check_command(&[&good, &illegal], &mut out, &mut err), 1);
    let text = String::from_utf8_lossy(&out);
    assert!(
        text.contains("illegal.sgf: game 1, move 2 (W Q4): illegal: occupied"),
        "{text}"
    );
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(check_command(&[&illegal, &missing], &mut out, &mut err), 2);
    assert!(String::from_utf8_lossy(&err).contains("cannot read"));
}

#[test]
fn check_refuses_random_bytes_and_a_file_without_properties_naming_the_file() {
    // 200 KB as /dev/urandom gives them: the lenient reader finds `(;` and stray properties.
    let mut rng = tengen_core::playout::XorShift32::new(12);
    let noise: Vec<u8> = (0..200_000).map(|_| rng.below(256) as u8).collect();
    let random = temp_file("random.sgf", &noise);
    let empty = temp_file("empty-game.sgf", b"(;)");
    for (path, why) in [
        (&random, "binary data, not text"),
        (&empty, "it holds no SGF property"),
    ] {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        assert_eq!(check_command(&[path], &mut out, &mut err), EXIT_UNREADABLE);
        assert!(out.is_empty(), "{}", String::from_utf8_lossy(&out));
        let err = String::from_utf8_lossy(&err);
        let expected = format!("{}: not an SGF file: {why}", path.display());
        assert!(err.starts_with(&expected), "{err}");
    }
}

#[test]
fn check_and_score_refuse_a_file_over_the_sgf_size_limit_naming_it_and_the_limit() {
    // A sparse file one byte over the limit: nothing is written to the disk.
    let big = temp_file("big.sgf", b"");
    std::fs::File::options()
        .write(true)
        .open(&big)
        .and_then(|f| f.set_len(tengen_sgf::MAX_FILE_BYTES + 1))
        .unwrap();
    let refusal = format!(
        "{}: larger than 16777216 bytes (16 MiB), the most Tengen reads of an SGF file\n",
        big.display()
    );
    let (mut out, mut err) = (Vec::new(), Vec::new());
    assert_eq!(check_command(&[&big], &mut out, &mut err), EXIT_UNREADABLE);
    assert_eq!(String::from_utf8_lossy(&err), refusal);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let options = ScoreOptions::default();
    assert_eq!(
        score_command(&[&big], &options, None, &mut out, &mut err),
        EXIT_UNREADABLE
    );
    assert_eq!(String::from_utf8_lossy(&err), refusal);
}

#[test]
fn score_prints_the_breakdown_and_json_with_marked_dead_stones() {
    // 5×5: Black wall on column c, White on column d; a dead white stone at b2 in Black's
    // area, marked TB.
    let text = b"(;SZ[5]RU[Japanese]KM[0.5]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de][bb];B[];W[]TB[aa:be]TW[ea:ee])";
    let path = temp_file("counted.sgf", text);
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let options = ScoreOptions {
        dead: DeadStones::Marked,
        ..ScoreOptions::default()
    };
    assert_eq!(
        score_command(&[&path], &options, None, &mut out, &mut err),
        0,
        "{}",
        String::from_utf8_lossy(&err)
    );
    let line = String::from_utf8_lossy(&out).to_string();
    // Black: 10 territory + 1 dead; White: 5 territory + 0.5 komi.
    assert!(line.contains("B+5.5"), "{line}");
    assert!(line.contains("1 dead: B4"), "{line}");
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let options = ScoreOptions {
        dead: DeadStones::Marked,
        json: true,
        ..ScoreOptions::default()
    };
    assert_eq!(
        score_command(&[&path], &options, None, &mut out, &mut err),
        0
    );
    let value: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(value["result"], "B+5.5");
    assert_eq!(value["black"]["territory"], 10);
    assert_eq!(value["black"]["dead"], 1);
    assert_eq!(value["white"]["komi"], 0.5);
    assert_eq!(value["dead_stones"][0], "B4");
    // Without marks the white stone lives; with Chinese rules the count is by area.
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let options = ScoreOptions {
        rules: Some(Rules::chinese()),
        json: true,
        ..ScoreOptions::default()
    };
    assert_eq!(
        score_command(&[&path], &options, None, &mut out, &mut err),
        0
    );
    let value: serde_json::Value = serde_json::from_slice(&out).unwrap();
    assert_eq!(value["scoring"], "area");
}

#[test]
fn littlego_illegal_games_are_reported_by_check() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../../shared/data/sgf-parser-cases/littlego/Illegal games");
    if !dir.is_dir() {
        eprintln!("skipped: ../shared/data/sgf-parser-cases absent");
        return;
    }
    for (name, reason) in [("suicide.sgf", "suicide"), ("illegal-move.sgf", "occupied")] {
        let (mut out, mut err) = (Vec::new(), Vec::new());
        let code = check_command(&[dir.join(name)], &mut out, &mut err);
        let text = String::from_utf8_lossy(&out);
        assert_eq!(code, 1, "{name}: {text}");
        assert!(
            text.contains(&format!("illegal: {reason}")),
            "{name}: {text}"
        );
    }
}

/// 5×5: Black's wall on column c, White's on column d; a White stone on b2 in Black's area.
const MARKED: &[u8] = b"(;SZ[5]RU[Japanese]KM[0.5]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de][bb];B[];W[]TB[aa:be]TW[ea:ee])";
const UNMARKED: &[u8] =
    b"(;SZ[5]RU[Japanese]KM[0.5]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de][bb];B[];W[])";

/// An estimator that calls the stone on b2 dead, as a real one would here.
fn b2_dead(game: &Game) -> AutoDead {
    let dead = vec![Point::new(1, 1)];
    AutoDead {
        score: game.score_as_ended(&dead),
        dead,
        notes: vec!["uncertain: E5 group".to_owned()],
        groups: Vec::new(),
        sealing: Vec::new(),
    }
}

fn run(path: &std::path::Path, dead: DeadStones, json: bool) -> String {
    let options = ScoreOptions {
        dead,
        json,
        ..ScoreOptions::default()
    };
    let (mut out, mut err) = (Vec::new(), Vec::new());
    let code = score_command(&[path], &options, Some(&b2_dead), &mut out, &mut err);
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
        score_command(&[&path], &options, None, &mut out, &mut err),
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

#[test]
fn half_points_are_json_numbers_written_as_the_text_writes_them() {
    assert_eq!(half(13).to_string(), "6.5");
    assert_eq!(half(12).to_string(), "6");
    assert_eq!(half(-1).to_string(), "-0.5");
    assert_eq!(half(-6).to_string(), "-3");
    assert_eq!(half(0).to_string(), "0");
}

#[test]
fn score_warns_when_the_count_differs_from_re_and_when_the_record_has_no_km() {
    // MARKED counts B+5.5.
    let marked = String::from_utf8(MARKED.to_vec()).unwrap();
    let warnings = |text: &str, json: bool| {
        let path = temp_file("warned.sgf", text.as_bytes());
        let options = ScoreOptions {
            json,
            ..ScoreOptions::default()
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        assert_eq!(
            score_command(&[&path], &options, None, &mut out, &mut err),
            0
        );
        let prefix = format!("{}: game 1: warning: ", path.display());
        let err = String::from_utf8_lossy(&err).into_owned();
        let lines: Vec<String> = err
            .lines()
            .map(|l| l.strip_prefix(&prefix).unwrap_or(l).to_owned())
            .collect();
        (lines, String::from_utf8_lossy(&out).into_owned())
    };
    let with_re = |re: &str| marked.replacen("KM[0.5]", &format!("KM[0.5]RE[{re}]"), 1);
    for agreeing in ["B+5.5", "B+", "B+R", "W+T", "Void", "?"] {
        assert_eq!(warnings(&with_re(agreeing), false).0, Vec::<String>::new());
    }
    for (re, warning) in [
        (
            "W+15.5",
            "the count B+5.5 differs from the recorded RE[W+15.5]",
        ),
        (
            "B+9.5",
            "the count B+5.5 differs from the recorded RE[B+9.5]",
        ),
        ("W+", "the count B+5.5 differs from the recorded RE[W+]"),
        ("0", "the count B+5.5 differs from the recorded RE[0]"),
    ] {
        assert_eq!(warnings(&with_re(re), false).0, [warning]);
    }
    let (lines, json) = warnings(&with_re("W+15.5"), true);
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(value["warnings"][0], lines[0]);
    // Without KM, the preset's komi (Japanese: 6.5), said so: W+0.5 on the count.
    let (lines, out) = warnings(&marked.replacen("KM[0.5]", "", 1), false);
    assert_eq!(
        lines,
        ["no KM in the record: counted with komi 6.5 of japanese"]
    );
    assert!(out.contains("W+0.5 "), "{out}");
}
