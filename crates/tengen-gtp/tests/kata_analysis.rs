//! KataGo's JSON analysis protocol as `tengen analysis` serves it (`serve_analysis`):
//! queries from KataGo's documentation, the shape and sense of every answer, KataGo's
//! errors and warnings for bad queries, actions, termination and the queue's limits.
//! Visits are kept small: each test runs in a fraction of a second.

use std::{
    collections::BTreeSet,
    io::{self, BufRead, Read},
    sync::mpsc::{Receiver, channel},
    thread,
    time::Duration,
};

use serde_json::{Value, json};
use tengen_core::{BoardSize, parse_move};
use tengen_gtp::{AnalysisOptions, serve_analysis};

fn options() -> AnalysisOptions {
    AnalysisOptions {
        positions_at_once: 2,
        default_visits: 60,
        ..AnalysisOptions::default()
    }
}

/// Every response line to `queries`, sent at once before the input ends.
fn serve(queries: &[Value], options: &AnalysisOptions) -> Vec<Value> {
    let input: String = queries.iter().map(|q| format!("{q}\n")).collect();
    serve_text(&input, options)
}

fn serve_text(input: &str, options: &AnalysisOptions) -> Vec<Value> {
    let mut output = Vec::new();
    serve_analysis(input.as_bytes(), &mut output, options).expect("in-memory I/O");
    parse_lines(&output)
}

fn parse_lines(output: &[u8]) -> Vec<Value> {
    String::from_utf8(output.to_vec())
        .expect("UTF-8")
        .lines()
        .map(|line| serde_json::from_str(line).unwrap_or_else(|e| panic!("{e}: {line}")))
        .collect()
}

/// Input that arrives line by line when the test sends it, like a client's pipe.
struct Pipe {
    lines: Receiver<String>,
    pending: Vec<u8>,
}

impl Read for Pipe {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.fill_buf()?.len().min(buf.len());
        buf[..n].copy_from_slice(&self.pending[..n]);
        self.consume(n);
        Ok(n)
    }
}

impl BufRead for Pipe {
    fn fill_buf(&mut self) -> io::Result<&[u8]> {
        if self.pending.is_empty() {
            if let Ok(line) = self.lines.recv() {
                self.pending = line.into_bytes();
            }
        }
        Ok(&self.pending)
    }

    fn consume(&mut self, amount: usize) {
        self.pending.drain(..amount);
    }
}

/// Every response to queries sent with pauses: `(query, seconds to wait after it)`.
fn converse(script: &[(Value, f64)], options: AnalysisOptions) -> Vec<Value> {
    let (send, lines) = channel();
    let server = thread::spawn(move || {
        let mut output = Vec::new();
        let pipe = Pipe {
            lines,
            pending: Vec::new(),
        };
        serve_analysis(pipe, &mut output, &options).expect("in-memory I/O");
        output
    });
    for (query, pause) in script {
        send.send(format!("{query}\n")).expect("the server listens");
        thread::sleep(Duration::from_secs_f64(*pause));
    }
    drop(send);
    parse_lines(&server.join().expect("the server ends"))
}

fn with_id<'a>(responses: &'a [Value], id: &str) -> Vec<&'a Value> {
    responses.iter().filter(|r| r["id"] == id).collect()
}

/// KataGo's documented example query, with few visits.
fn documented_example() -> Value {
    json!({"id":"foo","initialStones":[["B","Q4"],["B","C4"]],"moves":[["W","P5"],["B","P6"]],
           "rules":"tromp-taylor","komi":7.5,"boardXSize":19,"boardYSize":19,
           "analyzeTurns":[0,1,2],"maxVisits":40})
}

/// Checks one analysis line: legal vertices, visits that add up, fractions in range.
fn check_analysis(response: &Value, size: u32) {
    let board = BoardSize::new(size).unwrap();
    let root = &response["rootInfo"];
    let root_visits = root["visits"].as_u64().expect("root visits");
    let moves = response["moveInfos"].as_array().expect("moveInfos");
    assert!(!moves.is_empty(), "{response}");
    let visits: u64 = moves.iter().map(|m| m["visits"].as_u64().unwrap()).sum();
    assert!(visits <= root_visits && visits > 0, "{response}");
    for (order, info) in moves.iter().enumerate() {
        assert_eq!(info["order"], order);
        let vertex = info["move"].as_str().unwrap();
        assert!(parse_move(vertex, board).is_ok(), "{vertex}");
        for key in ["winrate", "prior"] {
            let x = info[key].as_f64().unwrap();
            assert!((0.0..=1.0).contains(&x), "{key} {x}");
        }
        assert_eq!(info["scoreMean"], info["scoreLead"]);
        let pv = info["pv"].as_array().unwrap();
        assert_eq!(pv[0], info["move"]);
        assert!(pv.len() <= 16, "the default analysisPVLen is 15");
    }
    let winrate = root["winrate"].as_f64().unwrap();
    assert!((0.0..=1.0).contains(&winrate));
    assert!(root["scoreLead"].is_number());
    assert_eq!(response["isDuringSearch"], false);
}

#[test]
fn kata_documented_query_gets_one_answer_per_turn_with_its_id_and_player() {
    let responses = serve(&[documented_example()], &options());
    assert_eq!(responses.len(), 3, "{responses:?}");
    let turns: BTreeSet<u64> = responses
        .iter()
        .map(|r| r["turnNumber"].as_u64().unwrap())
        .collect();
    assert_eq!(turns, BTreeSet::from([0, 1, 2]));
    for response in &responses {
        assert_eq!(response["id"], "foo");
        check_analysis(response, 19);
        assert_eq!(response["rootInfo"]["visits"], 40);
        // The handicap game's first move is White's (moves[0]), then they alternate.
        let player = ["W", "B", "W"][response["turnNumber"].as_u64().unwrap() as usize];
        assert_eq!(response["rootInfo"]["currentPlayer"], player);
        assert!(response.get("ownership").is_none() && response.get("policy").is_none());
    }
}

#[test]
fn kata_query_without_analyze_turns_analyses_the_last_position() {
    let query = json!({"id":"last","moves":[["B","D4"],["W","F6"],["B","pass"]],"rules":"japanese",
                       "boardXSize":9,"boardYSize":9});
    let responses = serve(&[query], &options());
    assert_eq!(responses.len(), 1);
    assert_eq!(responses[0]["turnNumber"], 3);
    assert_eq!(responses[0]["rootInfo"]["currentPlayer"], "W");
    assert_eq!(
        responses[0]["rootInfo"]["visits"], 60,
        "--max-visits' default"
    );
    check_analysis(&responses[0], 9);
}

#[test]
fn ownership_and_policy_have_one_value_per_point_row_by_row_from_the_top() {
    // A Black wall down column C and a White one down column G: the left edge is Black's,
    // the right edge White's.
    let wall = |color: &str, column: char| -> Vec<Value> {
        (1..=9)
            .map(|row| json!([color, format!("{column}{row}")]))
            .collect()
    };
    let stones: Vec<Value> = wall("B", 'C').into_iter().chain(wall("W", 'G')).collect();
    let query = json!({"id":"own","initialStones":stones,"moves":[],"rules":"chinese",
                       "boardXSize":9,"boardYSize":9,"maxVisits":80,"includeOwnership":true,
                       "includePolicy":true,"initialPlayer":"B"});
    let responses = serve(&[query], &options());
    let response = &responses[0];
    check_analysis(response, 9);
    let ownership: Vec<f64> = response["ownership"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(ownership.len(), 81);
    assert!(ownership.iter().all(|o| (-1.0..=1.0).contains(o)));
    for (index, point, sign) in [
        (0, "A9", 1.0),
        (72, "A1", 1.0),
        (8, "J9", -1.0),
        (80, "J1", -1.0),
    ] {
        assert!(
            sign * ownership[index] > 0.5,
            "{point}: {}",
            ownership[index]
        );
    }
    let policy: Vec<f64> = response["policy"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_f64().unwrap())
        .collect();
    assert_eq!(policy.len(), 82, "every point and the pass");
    for occupied in [2, 6, 74, 78] {
        assert_eq!(policy[occupied], -1.0, "an occupied point is illegal");
    }
    let legal: f64 = policy.iter().filter(|&&p| p >= 0.0).sum();
    assert!((legal - 1.0).abs() < 1e-6, "the policy sums to 1: {legal}");
    assert!(policy[81] >= 0.0, "the pass is legal");
}

#[test]
fn white_perspective_mirrors_black_perspective() {
    let query = |id: &str, perspective: &str| {
        json!({"id":id,"moves":[["B","C3"],["W","G7"],["B","G3"]],"rules":"chinese","boardXSize":9,
               "boardYSize":9,"maxVisits":50,"includeOwnership":true,
               "overrideSettings":{"reportAnalysisWinratesAs":perspective}})
    };
    let responses = serve(&[query("b", "BLACK"), query("w", "WHITE")], &options());
    let (black, white) = (with_id(&responses, "b")[0], with_id(&responses, "w")[0]);
    let close = |a: f64, b: f64| (a - b).abs() < 1e-6;
    let root = |r: &Value, key: &str| r["rootInfo"][key].as_f64().unwrap();
    assert!(close(root(black, "winrate"), 1.0 - root(white, "winrate")));
    assert!(close(root(black, "scoreLead"), -root(white, "scoreLead")));
    for (b, w) in black["ownership"]
        .as_array()
        .unwrap()
        .iter()
        .zip(white["ownership"].as_array().unwrap())
    {
        assert!(close(b.as_f64().unwrap(), -w.as_f64().unwrap()));
    }
    // White is to move: the side to move's view is White's.
    let side = serve(&[query("s", "SIDETOMOVE")], &options());
    assert!(close(root(&side[0], "winrate"), root(white, "winrate")));
}

#[test]
fn bad_queries_get_kata_errors_with_their_id_and_the_next_query_is_served() {
    let good = json!({"id":"good","moves":[],"rules":"chinese","boardXSize":9,"boardYSize":9,"maxVisits":20});
    let base = |id: &str| json!({"id":id,"moves":[],"rules":"chinese","boardXSize":9,"boardYSize":9,"maxVisits":20});
    let with = |id: &str, key: &str, value: Value| {
        let mut q = base(id);
        q[key] = value;
        q.to_string()
    };
    let input = [
        "{not json".to_owned(),
        "[1, 2]".to_owned(),
        json!({"moves":[]}).to_string(),
        with("size40", "boardXSize", json!(40)),
        with("oblong", "boardYSize", json!(13)),
        with("occupied", "moves", json!([["B", "E5"], ["W", "E5"]])),
        with("offboard", "moves", json!([["B", "K10"]])),
        with("player", "moves", json!([["X", "E5"]])),
        with("rules", "rules", json!("moon-rules")),
        with("komi", "komi", json!(7.3)),
        with("turn", "analyzeTurns", json!([1])),
        with("visits", "maxVisits", json!(0)),
        good.to_string(),
    ]
    .join("\n");
    let responses = serve_text(&input, &options());
    let error = |id: &str| -> (String, String) {
        let found = with_id(&responses, id);
        assert_eq!(found.len(), 1, "{id}: {responses:?}");
        (
            found[0]["field"].as_str().unwrap().to_owned(),
            found[0]["error"].as_str().unwrap().to_owned(),
        )
    };
    let general: Vec<&Value> = responses.iter().filter(|r| r.get("id").is_none()).collect();
    assert_eq!(general.len(), 3, "{general:?}");
    assert!(
        general[0]["error"]
            .as_str()
            .unwrap()
            .contains("could not parse input line as json")
    );
    assert!(
        general[1]["error"]
            .as_str()
            .unwrap()
            .contains("not an object")
    );
    assert!(general[2]["error"].as_str().unwrap().contains("\"id\""));
    assert_eq!(error("size40").0, "boardXSize");
    assert_eq!(error("oblong").0, "boardYSize");
    assert_eq!(
        error("occupied"),
        ("moves".into(), "Illegal move 1: E5".into())
    );
    assert_eq!(
        error("offboard"),
        ("moves".into(), "Could not parse board location: K10".into())
    );
    assert_eq!(
        error("player"),
        ("moves".into(), "Could not parse player: X".into())
    );
    assert_eq!(
        error("rules"),
        ("rules".into(), "Could not parse rules: moon-rules".into())
    );
    assert_eq!(error("komi").0, "komi");
    assert_eq!(
        error("turn"),
        ("analyzeTurns".into(), "Invalid turn number: 1".into())
    );
    assert_eq!(error("visits").0, "maxVisits");
    let served = with_id(&responses, "good");
    assert_eq!(served.len(), 1);
    check_analysis(served[0], 9);
}

#[test]
fn unknown_fields_unsupported_settings_and_huge_visits_get_warnings_and_the_query_goes_on() {
    let query = json!({"id":"w","moves":[],"rules":"chinese","boardXSize":9,"boardYSize":9,
                       "maxVisits":10_000_000,"colour":"blue","avoidMoves":[{"player":"B","moves":["E5"],"untilDepth":1}],
                       "overrideSettings":{"wideRootNoise":0.04,"reportAnalysisWinratesAs":"BLACK"}});
    let options = AnalysisOptions {
        visits_cap: 30,
        ..options()
    };
    let responses = serve(&[query], &options);
    let warnings: BTreeSet<&str> = responses
        .iter()
        .filter(|r| r.get("warning").is_some())
        .map(|r| r["field"].as_str().unwrap())
        .collect();
    assert_eq!(
        warnings,
        BTreeSet::from(["avoidMoves", "colour", "maxVisits", "overrideSettings"])
    );
    let analyses: Vec<&Value> = responses
        .iter()
        .filter(|r| r.get("moveInfos").is_some())
        .collect();
    assert_eq!(analyses.len(), 1);
    assert_eq!(
        analyses[0]["rootInfo"]["visits"], 30,
        "capped at --visits-cap"
    );
}

#[test]
fn actions_are_echoed_as_kata_does() {
    let responses = serve(
        &[
            json!({"id":"v","action":"query_version"}),
            json!({"id":"c","action":"clear_cache"}),
            json!({"id":"m","action":"query_models"}),
            json!({"id":"x","action":"dance"}),
            json!({"id":"t","action":"terminate"}),
        ],
        &options(),
    );
    assert_eq!(responses.len(), 5);
    assert_eq!(responses[0]["action"], "query_version");
    assert!(responses[0]["version"].is_string() && responses[0]["git_hash"].is_string());
    assert_eq!(responses[1], json!({"id":"c","action":"clear_cache"}));
    assert_eq!(responses[2]["models"], json!([]));
    assert_eq!(responses[3]["field"], "action");
    assert_eq!(responses[4]["field"], "terminateId");
}

#[test]
fn terminate_answers_waiting_turns_at_once_and_stops_the_running_search() {
    let long = json!({"id":"long","moves":[],"rules":"chinese","boardXSize":19,"boardYSize":19,
                      "maxVisits":100_000_000});
    let waiting = json!({"id":"waiting","moves":[["B","D4"]],"rules":"chinese","boardXSize":19,
                         "boardYSize":19,"analyzeTurns":[0,1],"maxVisits":20});
    let options = AnalysisOptions {
        positions_at_once: 1,
        visits_cap: 100_000_000,
        ..options()
    };
    let responses = converse(
        &[
            (long, 0.3),
            (waiting, 0.1),
            (
                json!({"id":"stop","action":"terminate","terminateId":"waiting","turnNumbers":[1]}),
                0.1,
            ),
            (json!({"id":"all","action":"terminate_all"}), 0.0),
        ],
        options,
    );
    let waiting = with_id(&responses, "waiting");
    assert_eq!(waiting.len(), 2, "{waiting:?}");
    for response in &waiting {
        assert_eq!(response["noResults"], true);
        assert_eq!(response["isDuringSearch"], false);
    }
    assert_eq!(waiting[0]["turnNumber"], 1, "terminated first, by turn");
    let long = with_id(&responses, "long");
    assert_eq!(long.len(), 1);
    let visits = long[0]["rootInfo"]["visits"].as_u64().unwrap();
    assert!(visits > 0 && visits < 100_000_000, "{visits}");
    check_analysis(long[0], 19);
    assert_eq!(with_id(&responses, "stop")[0]["terminateId"], "waiting");
    assert_eq!(with_id(&responses, "all")[0]["action"], "terminate_all");
}

#[test]
fn report_during_search_sends_partial_answers_before_the_final_one() {
    let query = json!({"id":"live","moves":[],"rules":"chinese","boardXSize":9,"boardYSize":9,
                       "maxVisits":1_000_000,"reportDuringSearchEvery":0.1,
                       "overrideSettings":{"maxTime":0.5}});
    let responses = serve(&[query], &options());
    let during: Vec<bool> = responses
        .iter()
        .map(|r| r["isDuringSearch"].as_bool().unwrap())
        .collect();
    assert!(during.len() >= 3, "{during:?}");
    assert_eq!(during.last(), Some(&false));
    assert!(during[..during.len() - 1].iter().all(|&d| d));
}

#[test]
fn priorities_choose_the_order_of_a_query_turns() {
    let query = json!({"id":"p","moves":[["B","C3"],["W","G7"]],"rules":"chinese","boardXSize":9,
                       "boardYSize":9,"maxVisits":10,"analyzeTurns":[0,1,2],"priorities":[0,5,1]});
    let options = AnalysisOptions {
        positions_at_once: 1,
        ..options()
    };
    let turns: Vec<u64> = serve(&[query], &options)
        .iter()
        .map(|r| r["turnNumber"].as_u64().unwrap())
        .collect();
    assert_eq!(turns, [1, 2, 0]);
}

#[test]
fn a_line_over_the_limit_and_a_full_queue_are_refused_and_the_server_goes_on() {
    let long_line = format!("{{\"id\":\"long\",\"pad\":\"{}\"}}", "x".repeat(500));
    let three_turns = json!({"id":"many","moves":[["B","C3"],["W","G7"]],"rules":"chinese",
                             "boardXSize":9,"boardYSize":9,"analyzeTurns":[0,1,2]});
    let good = json!({"id":"good","moves":[],"rules":"chinese","boardXSize":9,"boardYSize":9,"maxVisits":10});
    let options = AnalysisOptions {
        max_line_bytes: 300,
        max_queued: 2,
        ..options()
    };
    let responses = serve_text(&format!("{long_line}\n{three_turns}\n{good}\n"), &options);
    assert!(responses[0].get("id").is_none());
    assert!(
        responses[0]["error"]
            .as_str()
            .unwrap()
            .contains("longer than the limit")
    );
    let many = with_id(&responses, "many");
    assert_eq!(many.len(), 1);
    assert!(many[0]["error"].as_str().unwrap().contains("--max-queued"));
    assert_eq!(with_id(&responses, "good").len(), 1);
}

#[test]
fn records_are_replayed_as_kata_does_out_of_turn_after_passes_and_with_handicap() {
    let queries = [
        // Two passes do not end the record: play goes on.
        json!({"id":"passes","moves":[["B","C3"],["W","pass"],["B","pass"],["W","G7"]],"rules":"japanese",
               "boardXSize":9,"boardYSize":9,"maxVisits":10}),
        // Black twice in a row.
        json!({"id":"twice","moves":[["B","C3"],["B","G7"]],"rules":"chinese",
               "boardXSize":9,"boardYSize":9,"maxVisits":10}),
        // Handicap stones and no move: White first.
        json!({"id":"handicap","initialStones":[["B","C3"],["B","G7"]],"moves":[],"rules":"aga",
               "boardXSize":9,"boardYSize":9,"maxVisits":10}),
        // KataGo's (x,y) locations.
        json!({"id":"xy","moves":[["B","(2,6)"]],"rules":"chinese","boardXSize":9,"boardYSize":9,"maxVisits":10}),
    ];
    let responses = serve(&queries, &options());
    let player = |id: &str| with_id(&responses, id)[0]["rootInfo"]["currentPlayer"].clone();
    assert_eq!(player("passes"), "B");
    assert_eq!(player("twice"), "W");
    assert_eq!(player("handicap"), "W");
    assert_eq!(player("xy"), "W");
    for response in &responses {
        check_analysis(response, 9);
        assert!(
            response["moveInfos"]
                .as_array()
                .unwrap()
                .iter()
                .all(|m| m["move"] != "C3"),
            "C3 is occupied: {response}"
        );
    }
}
