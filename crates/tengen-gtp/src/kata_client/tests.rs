//! The client against small Python engines: well-behaved, refusing, talking garbage,
//! exiting, hanging.

use std::{io::Write as _, time::Duration};

use tempfile::NamedTempFile;
use tengen_core::{BoardSize, Game, Point, Rules};

use super::*;

/// An answer with recognisable numbers: E5 best at 62.5 % for Black and 3.5 points, C3
/// second (sent first, to check the order is KataGo's `order`).
const ENGINE: &str = r#"
import json, sys

def answer(q, **extra):
    n = q["boardXSize"]
    a = {"id": q["id"], "turnNumber": len(q["moves"]), "isDuringSearch": False,
         "moveInfos": [
             {"move": "C3", "visits": 40, "winrate": 0.3, "scoreLead": -2.0,
              "prior": 0.1, "pv": ["C3", "D4"], "order": 1},
             {"move": "E5", "visits": 60, "winrate": 0.625, "scoreLead": 3.5,
              "prior": 0.5, "pv": ["E5", "C3", "pass"], "order": 0}],
         "rootInfo": {"winrate": 0.625, "scoreLead": 3.5, "visits": 100,
                      "currentPlayer": "B"},
         "ownership": [0.25] * (n * n)}
    a.update(extra)
    print(json.dumps(a), flush=True)

for line in sys.stdin:
    q = json.loads(line)
"#;

/// A Python engine: [`ENGINE`]'s loop with `behaviour` (indented by four spaces) for
/// each query `q`.
struct Fake {
    engine: KataEngine,
    _script: NamedTempFile,
}

fn fake(behaviour: &str, timeout: Duration) -> Fake {
    let mut script = NamedTempFile::new().unwrap();
    script.write_all(ENGINE.as_bytes()).unwrap();
    for line in behaviour.lines() {
        writeln!(script, "    {line}").unwrap();
    }
    script.flush().unwrap();
    let command = format!("python3 {}", script.path().display());
    Fake {
        engine: KataEngine::spawn(&command, timeout).unwrap(),
        _script: script,
    }
}

fn nine() -> Game {
    Game::new(BoardSize::new(9).unwrap(), Rules::japanese())
}

fn after_two_moves() -> Game {
    let mut game = nine();
    game.play(Move::Play(Point::new(4, 4))).unwrap();
    game.play(Move::Play(Point::new(2, 6))).unwrap();
    game
}

const SECOND: Duration = Duration::from_secs(10);

#[test]
fn an_answer_becomes_blacks_view_with_its_moves_in_the_engines_order() {
    let fake = fake("answer(q)", SECOND);
    let analysis = fake.engine.analyse(&after_two_moves()).unwrap();
    assert_eq!(analysis.winrate, 0.625);
    assert_eq!(analysis.score_lead, 3.5);
    assert_eq!(analysis.visits, 100);
    let size = BoardSize::new(9).unwrap();
    let best = &analysis.moves[0];
    assert_eq!(best.mv, parse_move("E5", size).unwrap());
    assert_eq!((best.visits, best.winrate, best.prior), (60, 0.625, 0.5));
    assert_eq!(
        best.pv,
        vec![
            parse_move("E5", size).unwrap(),
            parse_move("C3", size).unwrap(),
            Move::Pass
        ]
    );
    assert_eq!(analysis.moves[1].score_lead, -2.0);
    assert_eq!(analysis.ownership, Some(vec![0.25; 81]));
}

#[test]
fn the_query_carries_the_game_its_rules_and_blacks_perspective() {
    // The engine warns with the query it read: the client keeps the warnings.
    let fake = fake(
        "print(json.dumps({'id': q['id'], 'warning': line.strip()}), flush=True)\nanswer(q)",
        SECOND,
    );
    let mut game = Game::with_handicap(BoardSize::new(9).unwrap(), Rules::chinese(), 2).unwrap();
    game.play(Move::Play(Point::new(4, 4))).unwrap();
    let analysis = fake.engine.analyse(&game).unwrap();
    let query: Value = serde_json::from_str(&analysis.warnings[0]).unwrap();
    assert_eq!(query["moves"], json!([["W", "E5"]]));
    assert_eq!(query["initialPlayer"], "W");
    assert_eq!(query["initialStones"].as_array().unwrap().len(), 2);
    assert_eq!(query["analyzeTurns"], json!([1]));
    assert_eq!(
        (query["boardXSize"].as_u64(), query["komi"].as_f64()),
        (Some(9), Some(7.5))
    );
    assert_eq!(query["rules"]["scoring"], "AREA");
    assert_eq!(query["rules"]["whiteHandicapBonus"], "N");
    assert_eq!(query["includeOwnership"], true);
    assert_eq!(
        query["overrideSettings"]["reportAnalysisWinratesAs"],
        "BLACK"
    );
}

#[test]
fn an_error_answer_is_refused_with_its_message_and_the_engine_goes_on() {
    let fake = fake(
        "if len(q['moves']) == 0:\n    print(json.dumps({'id': q['id'], 'field': 'rules', 'error': 'Could not parse rules'}), flush=True)\nelse:\n    answer(q)",
        SECOND,
    );
    let error = fake.engine.analyse(&nine()).unwrap_err();
    let ClientError::Refused { message, .. } = &error else {
        panic!("{error:?}");
    };
    assert_eq!(message, "rules: Could not parse rules");
    assert!(fake.engine.analyse(&after_two_moves()).is_ok());
}

#[test]
fn a_line_that_is_not_json_is_garbage_and_the_next_query_restarts_the_engine() {
    // A file remembers that the first run has happened: the second run behaves.
    let marker = tempfile::tempdir().unwrap();
    let marker = marker.path().join("started");
    let fake = fake(
        &format!(
            "import os\nif not os.path.exists({marker:?}):\n    open({marker:?}, 'w').close()\n    print('Segmentation fault? {{oops', flush=True)\nelse:\n    answer(q)"
        ),
        SECOND,
    );
    let error = fake.engine.analyse(&nine()).unwrap_err();
    let ClientError::Garbage { answer, .. } = &error else {
        panic!("{error:?}");
    };
    assert!(
        answer.contains("not JSON") && answer.contains("{oops"),
        "{answer}"
    );
    assert_eq!(fake.engine.analyse(&nine()).unwrap().winrate, 0.625);
}

#[test]
fn an_answer_of_the_wrong_shape_is_garbage() {
    for behaviour in [
        "print(json.dumps({'id': q['id'], 'turnNumber': 0, 'moveInfos': []}), flush=True)",
        "answer(q, ownership=[0.5, 0.5])",
        "answer(q, turnNumber=7)",
        "answer(q, moveInfos=[{'move': 'Z99', 'visits': 1, 'winrate': 0.5, 'scoreLead': 0}])",
        "print('[1, 2, 3]', flush=True)",
    ] {
        let fake = fake(behaviour, SECOND);
        let error = fake.engine.analyse(&nine()).unwrap_err();
        assert!(
            matches!(error, ClientError::Garbage { .. }),
            "{behaviour}: {error:?}"
        );
    }
}

#[test]
fn an_engine_that_exits_is_reported_with_its_last_words() {
    let fake = fake(
        "sys.stderr.write('Could not find model file\\n'); sys.stderr.flush(); sys.exit(1)",
        SECOND,
    );
    let error = fake.engine.analyse(&nine()).unwrap_err();
    assert!(matches!(error, ClientError::Exited { .. }), "{error:?}");
    assert!(
        error.to_string().contains("Could not find model file"),
        "{error}"
    );
}

#[test]
fn an_engine_that_hangs_times_out() {
    let fake = fake("import time\ntime.sleep(60)", Duration::from_millis(300));
    let started = Instant::now();
    let error = fake.engine.analyse(&nine()).unwrap_err();
    assert!(matches!(error, ClientError::Timeout { .. }), "{error:?}");
    assert!(started.elapsed() < Duration::from_secs(5));
}

#[test]
fn a_line_over_the_limit_is_garbage_without_being_kept() {
    let fake = fake(
        &format!(
            "sys.stdout.write('x' * {}); sys.stdout.flush()\nprint('', flush=True)",
            MAX_LINE_BYTES + 10
        ),
        SECOND,
    );
    let error = fake.engine.analyse(&nine()).unwrap_err();
    let ClientError::Garbage { answer, .. } = &error else {
        panic!("{error:?}");
    };
    assert!(answer.contains("longer than the limit"), "{answer}");
}

#[test]
fn answers_out_of_order_reach_the_queries_that_asked() {
    // The engine holds the first query back and answers it after the second; the
    // answers' winrates tell the queries apart.
    let fake = fake(
        "if len(q['moves']) == 0:\n    held = q\nelse:\n    answer(q, rootInfo={'winrate': 0.75, 'scoreLead': 1, 'visits': 1})\n    answer(held)",
        SECOND,
    );
    std::thread::scope(|scope| {
        let first = scope.spawn(|| fake.engine.analyse(&nine()));
        std::thread::sleep(Duration::from_millis(300));
        let second = fake.engine.analyse(&after_two_moves()).unwrap();
        assert_eq!(second.winrate, 0.75);
        assert_eq!(first.join().unwrap().unwrap().winrate, 0.625);
    });
}

#[test]
fn a_program_that_cannot_start_is_a_spawn_error() {
    let error = KataEngine::spawn("/nonexistent/katago analysis", SECOND).unwrap_err();
    assert!(matches!(error, ClientError::Spawn { .. }), "{error:?}");
}

#[test]
fn the_program_is_the_first_words_file_name_without_directory_or_extension() {
    assert_eq!(fake("pass", SECOND).engine.program(), "python3");
    // A quoted path with a space, to a program with an extension (a link to python3 here).
    let dir = tempfile::tempdir().unwrap();
    let program = dir.path().join("go engines");
    std::fs::create_dir(&program).unwrap();
    let program = program.join("katago.exe");
    let python = std::process::Command::new("python3")
        .args(["-c", "import sys; print(sys.executable)"])
        .output()
        .unwrap();
    let python = String::from_utf8(python.stdout).unwrap();
    std::os::unix::fs::symlink(python.trim(), &program).unwrap();
    let script = fake("pass", SECOND);
    let command = format!(
        "'{}' {}",
        program.display(),
        script._script.path().display()
    );
    let engine = KataEngine::spawn(&command, SECOND).unwrap();
    assert_eq!(engine.program(), "katago");
}
