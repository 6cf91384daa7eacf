//! Transcripts of the `tengen analysis` binary: queries on standard input, one JSON line per
//! answer on standard output, as KaTrain runs it.

use std::{
    io::Write,
    process::{Command, Stdio},
};

use serde_json::Value;

/// Runs `tengen analysis ARGS` on `input`; gives the parsed answer lines and standard error.
fn transcript(args: &[&str], input: &str) -> (Vec<Value>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tengen"))
        .arg("analysis")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("tengen runs");
    child
        .stdin
        .take()
        .expect("stdin")
        .write_all(input.as_bytes())
        .expect("tengen reads");
    let output = child.wait_with_output().expect("tengen ends");
    assert!(output.status.success(), "{output:?}");
    let lines = String::from_utf8(output.stdout)
        .expect("UTF-8")
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect();
    (lines, String::from_utf8_lossy(&output.stderr).into_owned())
}

#[test]
fn tengen_analysis_answers_kata_documented_example_and_version_query() {
    let input = concat!(
        r#"{"id":"foo","initialStones":[["B","Q4"],["B","C4"]],"moves":[["W","P5"],["B","P6"]],"rules":"tromp-taylor","komi":7.5,"boardXSize":19,"boardYSize":19,"analyzeTurns":[0,1,2],"maxVisits":30,"includeOwnership":true}"#,
        "\n",
        r#"{"id":"v","action":"query_version"}"#,
        "\n"
    );
    let (lines, stderr) = transcript(&["--threads", "2"], input);
    assert!(
        stderr.contains("ready to begin handling requests"),
        "{stderr}"
    );
    assert_eq!(lines.len(), 4, "{lines:?}");
    let mut turns: Vec<u64> = lines
        .iter()
        .filter(|l| l["id"] == "foo")
        .map(|l| l["turnNumber"].as_u64().unwrap())
        .collect();
    turns.sort_unstable();
    assert_eq!(turns, [0, 1, 2]);
    for line in lines.iter().filter(|l| l["id"] == "foo") {
        assert_eq!(line["rootInfo"]["visits"], 30);
        assert_eq!(line["ownership"].as_array().unwrap().len(), 361);
        let visits: u64 = line["moveInfos"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["visits"].as_u64().unwrap())
            .sum();
        assert!(visits > 0 && visits <= 30);
    }
    assert!(
        lines
            .iter()
            .any(|l| l["id"] == "v" && l["version"].is_string())
    );
}

#[test]
fn tengen_analysis_refuses_bad_lines_and_serves_the_next_query() {
    let input = concat!(
        "this is not json\n",
        r#"{"id":"big","moves":[],"rules":"chinese","boardXSize":40,"boardYSize":40}"#,
        "\n",
        r#"{"id":"illegal","moves":[["B","D4"],["W","D4"]],"rules":"chinese","boardXSize":9,"boardYSize":9}"#,
        "\n",
        r#"{"id":"huge","moves":[],"rules":"chinese","boardXSize":9,"boardYSize":9,"maxVisits":10000000}"#,
        "\n"
    );
    let (lines, _) = transcript(&["--threads", "1", "--visits-cap", "25"], input);
    assert!(lines[0].get("id").is_none() && lines[0]["error"].is_string());
    let by_id = |id: &str| -> Vec<&Value> { lines.iter().filter(|l| l["id"] == id).collect() };
    assert_eq!(by_id("big")[0]["field"], "boardXSize");
    assert_eq!(by_id("illegal")[0]["error"], "Illegal move 1: D4");
    let huge = by_id("huge");
    assert_eq!(huge.len(), 2, "a warning, then the analysis: {huge:?}");
    assert_eq!(huge[0]["field"], "maxVisits");
    assert_eq!(huge[1]["rootInfo"]["visits"], 25);
}

/// Tengen's own client of the protocol (what `tengen serve --analysis-engine` runs) asking
/// Tengen's own analysis engine: both sides of the protocol agree, in both colours' turns,
/// with handicap stones and Black's perspective asked whatever the engine's default.
#[test]
fn tengen_analysis_answers_tengens_own_kata_client() {
    use std::time::Duration;
    use tengen_core::{BoardSize, Game, Move, Point, Rules};

    let command = format!(
        "'{}' analysis --threads 1 --max-visits 200 --report-as WHITE",
        env!("CARGO_BIN_EXE_tengen")
    );
    let engine = tengen_gtp::KataEngine::spawn(&command, Duration::from_secs(60)).unwrap();
    let mut game = Game::with_handicap(BoardSize::new(9).unwrap(), Rules::japanese(), 2).unwrap();
    let mut black_winrates = Vec::new();
    for mv in [Some(Point::new(4, 4)), Some(Point::new(2, 2)), None] {
        let analysis = engine.analyse(&game).unwrap();
        assert!(analysis.warnings.is_empty(), "{:?}", analysis.warnings);
        assert_eq!(analysis.visits, 200);
        assert!(!analysis.moves.is_empty());
        assert_eq!(analysis.moves[0].pv.first(), Some(&analysis.moves[0].mv));
        assert_eq!(analysis.ownership.as_ref().map(Vec::len), Some(81));
        black_winrates.push(analysis.winrate);
        if let Some(point) = mv {
            game.play(Move::Play(point)).unwrap();
        }
    }
    // Two handicap stones on 9×9 with no komi: Black is ahead from Black's point of view,
    // in White's turns as in Black's (the engine's own default is White's view).
    assert!(
        black_winrates.iter().all(|&w| w > 0.5),
        "{black_winrates:?}"
    );
}
