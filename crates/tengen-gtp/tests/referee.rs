//! The referee against misbehaving engines (small shell scripts) and Tengen's own engine:
//! crashes, hangs, garbage and illegal moves lose or pass as the rules say, and the match goes
//! on. These need only `sh`.

use std::{path::Path, time::Duration};

use tengen_core::{GameResult, Rules};
use tengen_gtp::{Entrant, MatchConfig, MatchReport, run_match};

mod common;

/// Tengen's engine as `tengen gtp` plays with no options: level 1, seed 1, one thread.
fn tengen(rules: Rules) -> String {
    common::tengen_gtp(&rules, "--level 1 --seed 1")
}

/// A fake engine: answers every command with `=` except `genmove`, which runs `on_genmove`
/// (shell code that may use `$id`).
fn fake_engine(dir: &Path, name: &str, on_genmove: &str) -> String {
    let script = format!(
        "while read -r id cmd rest; do\n  case \"$cmd\" in\n    genmove|kgs-genmove_cleanup) {on_genmove} ;;\n    final_status_list) printf '=%s\\n\\n' \"$id\" ;;\n    *) printf '=%s\\n\\n' \"$id\" ;;\n  esac\ndone\n"
    );
    let path = dir.join(format!("{name}.sh"));
    std::fs::write(&path, script).expect("script written");
    format!("sh '{}'", path.display())
}

fn run(black: String, white: String, rules: Rules, games: u32) -> MatchReport {
    let config = MatchConfig {
        games,
        rules,
        size: tengen_core::BoardSize::new(5).expect("5x5"),
        // Generous: the engines here answer in milliseconds, but a loaded CI machine (load 16 seen)
        // once stretched Tengen's final_status_list past 1.5 s; only the hang test waits it out.
        timeout: Duration::from_secs(4),
        ..MatchConfig::new(black, white)
    };
    run_match(&config, |_| {}).expect("the match runs")
}

#[test]
fn referee_engine_that_crashes_loses_and_the_match_goes_on() {
    let dir = tempfile::tempdir().expect("temp dir");
    let crash = fake_engine(dir.path(), "crash", "exit 3");
    let report = run(crash, tengen(Rules::aga()), Rules::aga(), 2);
    assert_eq!(report.games.len(), 2);
    for g in &report.games {
        // The result names the winner: W+F.
        assert_eq!(g.result, GameResult::Forfeit(tengen_core::Color::White));
        assert!(
            g.reason.as_deref().unwrap_or("").contains("exited"),
            "{:?}",
            g.reason
        );
        assert_eq!(g.errors, [1, 0]);
    }
    assert_eq!(report.engines[1].wins, 2);
}

#[test]
fn referee_engine_that_hangs_past_the_timeout_loses_on_time() {
    let dir = tempfile::tempdir().expect("temp dir");
    let hang = fake_engine(dir.path(), "hang", "sleep 30");
    let report = run(tengen(Rules::aga()), hang, Rules::aga(), 1);
    let g = &report.games[0];
    assert_eq!(g.result, GameResult::Time(tengen_core::Color::Black));
    assert!(
        g.reason.as_deref().unwrap_or("").contains("no answer"),
        "{:?}",
        g.reason
    );
    assert_eq!(g.winner(), Some(Entrant::First));
}

#[test]
fn referee_engine_that_answers_garbage_loses() {
    let dir = tempfile::tempdir().expect("temp dir");
    let garbage = fake_engine(dir.path(), "garbage", "printf '=%s banana\\n\\n' \"$id\"");
    let report = run(garbage, tengen(Rules::aga()), Rules::aga(), 1);
    let g = &report.games[0];
    // The result names the winner: W+F.
    assert_eq!(g.result, GameResult::Forfeit(tengen_core::Color::White));
    assert!(
        g.reason.as_deref().unwrap_or("").contains("banana"),
        "{:?}",
        g.reason
    );
}

#[test]
fn aga_8_illegal_move_is_replaced_by_a_pass_and_recorded() {
    let dir = tempfile::tempdir().expect("temp dir");
    // Always C3: legal once, then occupied.
    let stubborn = fake_engine(dir.path(), "stubborn", "printf '=%s C3\\n\\n' \"$id\"");
    let report = run(stubborn, tengen(Rules::aga()), Rules::aga(), 1);
    let g = &report.games[0];
    assert!(g.errors[0] >= 1, "{:?}", g.notes);
    assert!(
        g.notes
            .iter()
            .any(|n| n.contains("illegal move by black: C3")
                && n.contains("replaced by a pass (AGA-8)")),
        "{:?}",
        g.notes
    );
    assert!(g.sgf_text.contains("replaced by a pass"));
    assert!(
        matches!(g.result, GameResult::Score { .. } | GameResult::Jigo),
        "{}",
        g.result
    );
}

#[test]
fn jp_11_illegal_move_loses_the_game() {
    let dir = tempfile::tempdir().expect("temp dir");
    let stubborn = fake_engine(dir.path(), "stubborn", "printf '=%s C3\\n\\n' \"$id\"");
    let report = run(tengen(Rules::japanese()), stubborn, Rules::japanese(), 1);
    let g = &report.games[0];
    // White plays C3 once (or finds it taken at once), then repeats it: B+F.
    assert_eq!(g.result, GameResult::Forfeit(tengen_core::Color::Black));
    assert!(
        g.reason
            .as_deref()
            .unwrap_or("")
            .contains("illegal move by white: C3")
    );
}

#[test]
fn referee_tengen_self_play_ends_by_count_and_alternates_colours() {
    let config = MatchConfig {
        games: 2,
        alternate: true,
        size: tengen_core::BoardSize::new(7).expect("7x7"),
        ..MatchConfig::new(tengen(Rules::aga()), tengen(Rules::aga()))
    };
    let report = run_match(&config, |_| {}).expect("the match runs");
    assert_eq!(report.games[0].black, Entrant::First);
    assert_eq!(report.games[1].black, Entrant::Second);
    for g in &report.games {
        assert_eq!(g.errors, [0, 0], "{:?}", g.notes);
        assert!(g.moves > 10);
    }
    let table = report.to_string();
    assert!(table.contains("win rate"), "{table}");
    assert!(table.contains("average length"), "{table}");
}

#[test]
fn referee_engine_that_cannot_start_is_an_error() {
    let config = MatchConfig::new("/nonexistent/engine", tengen(Rules::aga()));
    assert!(run_match(&config, |_| {}).is_err());
}

/// A fake engine that always passes and calls every stone on a 5×5 board dead.
fn passer_calling_everything_dead(dir: &Path) -> String {
    let all: Vec<String> = "ABCDE"
        .chars()
        .flat_map(|c| (1..=5).map(move |r| format!("{c}{r}")))
        .collect();
    let script = format!(
        "while read -r id cmd rest; do\n  case \"$cmd\" in\n    genmove|kgs-genmove_cleanup) printf '=%s pass\\n\\n' \"$id\" ;;\n    final_status_list) printf '=%s {}\\n\\n' \"$id\" ;;\n    *) printf '=%s\\n\\n' \"$id\" ;;\n  esac\ndone\n",
        all.join(" ")
    );
    let path = dir.join("passer.sh");
    std::fs::write(&path, script).expect("script written");
    format!("sh '{}'", path.display())
}

#[test]
fn aga_10_dispute_resumes_play_and_a_second_dispute_leaves_every_stone_alive() {
    let dir = tempfile::tempdir().expect("temp dir");
    let passer = passer_calling_everything_dead(dir.path());
    let report = run(tengen(Rules::aga()), passer, Rules::aga(), 1);
    let g = &report.games[0];
    assert_eq!(g.errors, [0, 0], "{:?}", g.notes);
    assert!(
        g.notes
            .iter()
            .any(|n| n.starts_with("dispute over dead stones"))
    );
    assert!(
        g.notes.iter().any(|n| n.starts_with("play resumes")),
        "{:?}",
        g.notes
    );
    assert!(
        g.notes
            .iter()
            .any(|n| n.contains("every stone counts as alive (AGA-10)")),
        "{:?}",
        g.notes
    );
    // Black's stones all count: Black wins the count.
    assert_eq!(
        g.result.winner(),
        Some(tengen_core::Color::Black),
        "{}",
        g.result
    );
}

#[test]
fn referee_records_its_own_estimate_beside_the_engines_lists_in_the_sgf_comment() {
    let dir = tempfile::tempdir().expect("temp dir");
    let passer = passer_calling_everything_dead(dir.path());
    let report = run(tengen(Rules::aga()), passer, Rules::aga(), 1);
    let g = &report.games[0];
    let estimate = g
        .notes
        .iter()
        .position(|n| n.starts_with("referee's estimate: dead ["))
        .unwrap_or_else(|| panic!("no estimate in {:?}", g.notes));
    // Recorded before the engines' lists of the same count, in the same comment.
    let dispute = &g.notes[estimate + 1];
    assert!(
        dispute.starts_with("dispute over dead stones"),
        "{:?}",
        g.notes
    );
    let together = format!("{}\n{dispute}", g.notes[estimate]).replace(']', "\\]");
    assert!(g.sgf_text.contains(&together), "{together}\n{}", g.sgf_text);
}

#[test]
fn jp_8_disputes_resume_play_until_the_referee_scores_what_both_call_dead() {
    let dir = tempfile::tempdir().expect("temp dir");
    let passer = passer_calling_everything_dead(dir.path());
    let report = run(tengen(Rules::japanese()), passer, Rules::japanese(), 1);
    let g = &report.games[0];
    let disputes = g.notes.iter().filter(|n| n.starts_with("dispute")).count();
    assert_eq!(disputes, 3, "{:?}", g.notes);
    assert!(g.reason.as_deref().unwrap_or("").contains("both call dead"));
    assert_eq!(
        g.result.winner(),
        Some(tengen_core::Color::Black),
        "{}",
        g.result
    );
}

/// A fake engine that plays `moves` in order, one per `genmove`.
fn scripted(dir: &Path, name: &str, moves: &[&str]) -> String {
    let list = dir.join(format!("{name}.moves"));
    std::fs::write(&list, moves.join("\n") + "\n").expect("moves written");
    let list = list.display();
    fake_engine(
        dir,
        name,
        &format!(
            "mv=$(head -n 1 '{list}'); sed -i 1d '{list}'; printf '=%s %s\\n\\n' \"$id\" \"$mv\""
        ),
    )
}

/// Eternal life on 7×7, built move by move, then played round twice: Black A7 sacrifices
/// two, White C7 takes them, Black B7 takes two back, White D7 throws in, and the position
/// is back. The start and two returns are three occurrences: the referee ends the game with
/// no result and says why, in the report and in the SGF.
///
/// ```text
///     A B C D E F G
///   7 . X . O X . .
///   6 O O X X X . .
///   5 . O X . . . .
///   4 O O X . . . .
///   3 . . X . . . .
///   2 . . X . . . .
///   1 . . X . . . .
/// ```
#[test]
fn jp_6_a_cycle_neither_player_leaves_ends_the_game_with_no_result() {
    let dir = tempfile::tempdir().expect("temp dir");
    let setup_black = ["B7", "E7", "C6", "D6", "E6", "C5", "C4", "C3", "C2", "C1"];
    let setup_white = [
        "D7", "A6", "B6", "B5", "A4", "B4", "pass", "pass", "pass", "pass",
    ];
    let round_black = ["A7", "B7", "A7", "B7"];
    let round_white = ["C7", "D7", "C7", "D7"];
    let black = scripted(
        dir.path(),
        "black",
        &[&setup_black[..], &round_black].concat(),
    );
    let white = scripted(
        dir.path(),
        "white",
        &[&setup_white[..], &round_white].concat(),
    );
    let config = MatchConfig {
        games: 1,
        rules: Rules::japanese(),
        size: tengen_core::BoardSize::new(7).expect("7x7"),
        timeout: Duration::from_secs(4),
        ..MatchConfig::new(black, white)
    };
    let report = run_match(&config, |_| {}).expect("the match runs");
    let g = &report.games[0];
    assert_eq!(g.result, GameResult::Void, "{:?}", g.notes);
    assert_eq!(g.moves, 28);
    assert_eq!(g.errors, [0, 0], "{:?}", g.notes);
    let reason = g.reason.as_deref().unwrap_or("");
    assert!(
        reason.contains("after move 28") && reason.contains("(JP-6)"),
        "{reason}"
    );
    assert!(g.sgf_text.contains("RE[Void]"), "{}", g.sgf_text);
    assert!(g.sgf_text.contains("no result (JP-6)"), "{}", g.sgf_text);
}
