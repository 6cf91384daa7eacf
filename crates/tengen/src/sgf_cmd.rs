//! `tengen check` and `tengen score`: SGF records replayed and counted under their rules.

use std::path::PathBuf;

use clap::Args;
use tengen_core::move_text;
use tengen_core::{Game, Move, Phase, Rules};
use tengen_engine::estimate::{Estimate, EstimateBudget, estimate};

mod commands;

use commands::{AutoDead, DeadStones, GroupWhy, ScoreOptions, check_command, score_command};

#[derive(Args)]
pub(crate) struct CheckArgs {
    /// SGF files to check.
    #[arg(required = true)]
    files: Vec<PathBuf>,
}

#[derive(Args)]
pub(crate) struct ScoreArgs {
    /// SGF files to count.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Rules for every game instead of each record's RU, e.g. "japanese" or "aga,scoring=area".
    #[arg(long)]
    rules: Option<Rules>,
    /// Which stones are dead: `auto` (Tengen's estimate), `marked` (inside the other
    /// colour's TB/TW marks) or `none`. Default: the marks of a record that has them, else
    /// the estimate.
    #[arg(long)]
    dead: Option<DeadStones>,
    /// One JSON object per game.
    #[arg(long)]
    json: bool,
    /// Say why: every group's status with the estimator's reason (with `--dead auto`, or
    /// for a record without marks), what needs sealing and what depends on who moves first.
    #[arg(long)]
    explain: bool,
}

/// Exits 0 when every game is readable and legal, 1 when a move is illegal, 2 when a file
/// cannot be read.
pub(crate) fn check(args: CheckArgs) -> ! {
    let code = check_command(
        &args.files,
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    );
    std::process::exit(code)
}

/// Tengen's estimate of the dead stones of `game`, with what the reader should know about it.
pub(crate) fn auto_dead(game: &Game) -> AutoDead {
    let size = game.size();
    let vertex = |p| move_text(Move::Play(p), size);
    let estimate = estimate(game, &EstimateBudget::default());
    let mut notes = Vec::new();
    if game.phase() == Phase::Playing && game.moves().len() > 1 {
        notes.push("the game did not end with two passes".to_owned());
    }
    if estimate.stopped_early {
        notes.push("stopped early: the estimate ran out of time".to_owned());
    }
    let mut reported: Vec<tengen_core::Point> = Vec::new();
    for chain in estimate.uncertain() {
        let first = chain.stones[0];
        if reported.contains(&first) {
            continue;
        }
        reported.extend(game.group(first));
        notes.push(format!("uncertain: {} group", vertex(first)));
    }
    for &(color, point) in &estimate.fills {
        notes.push(format!("{color} must still fill {}", vertex(point)));
    }
    let groups = explained_groups(&estimate);
    for group in &groups {
        if let Some(unsettled) = &group.unsettled {
            notes.push(format!(
                "unsettled: {} group: {unsettled}",
                vertex(group.stones[0])
            ));
        }
    }
    for seal in &estimate.sealing {
        let points: Vec<String> = seal.points.iter().map(|&p| vertex(p)).collect();
        notes.push(format!(
            "needs sealing: {} at {} (then {} more points are {}'s territory)",
            seal.color,
            points.join(" "),
            seal.encloses.len(),
            seal.color
        ));
    }
    AutoDead {
        dead: estimate.dead_stones(),
        score: estimate.score.clone(),
        notes,
        groups,
        sealing: estimate.sealing,
    }
}

/// Every group of the estimate with its status and reason, in words for the CLI.
fn explained_groups(estimate: &Estimate) -> Vec<GroupWhy> {
    let size = estimate.size();
    estimate
        .verdicts()
        .into_iter()
        .map(|v| GroupWhy {
            color: v.color,
            status: v.status.name(),
            reason: v.reason.name(),
            why: v.reason.describe(size),
            line: v.line_moves(size),
            unsettled: v.unsettled.as_ref().map(|u| u.describe(size)),
            uncertain: v.uncertain,
            stones: v.stones,
        })
        .collect()
}

pub(crate) fn score(args: ScoreArgs) -> ! {
    let options = ScoreOptions {
        rules: args.rules,
        dead: args.dead.unwrap_or_default(),
        json: args.json,
        explain: args.explain,
    };
    let code = score_command(
        &args.files,
        &options,
        Some(&auto_dead),
        &mut std::io::stdout().lock(),
        &mut std::io::stderr().lock(),
    );
    std::process::exit(code)
}

#[cfg(test)]
mod tests {
    use super::auto_dead;
    use tengen_core::{BoardSize, Game, Move, Point, Rules};

    #[test]
    fn the_estimate_names_dead_stones_and_says_when_the_game_did_not_end() {
        // Black walls off the left of a 5×5 board; White's stone on A4 inside is dead.
        let mut game = Game::new(BoardSize::new(5).unwrap(), Rules::japanese());
        for (x, y) in [
            (2, 0),
            (4, 4),
            (2, 1),
            (4, 3),
            (2, 2),
            (0, 1),
            (2, 3),
            (4, 2),
            (2, 4),
        ] {
            game.play(Move::Play(Point::new(x, y))).unwrap();
        }
        let auto = auto_dead(&game);
        assert!(auto.dead.contains(&Point::new(0, 1)), "{:?}", auto.dead);
        assert!(
            auto.notes
                .iter()
                .any(|n| n == "the game did not end with two passes"),
            "{:?}",
            auto.notes
        );
        game.play(Move::Pass).unwrap();
        game.play(Move::Pass).unwrap();
        let ended = auto_dead(&game);
        assert!(!ended.notes.iter().any(|n| n.contains("two passes")));
        assert_eq!(ended.score.result, auto_dead(&game).score.result);
    }

    #[test]
    fn score_explain_names_every_group_with_its_reason_and_the_json_carries_it() {
        use super::commands::{ScoreOptions, score_command};
        // 5×5: Black's wall on column C, White's on column D, a White stone on B4 inside
        // Black's area; both passed.
        let sgf =
            b"(;SZ[5]RU[Japanese]KM[0.5]AB[ca][cb][cc][cd][ce]AW[da][db][dc][dd][de][bb];B[];W[])";
        let path = std::env::temp_dir().join(format!("tengen-explain-{}.sgf", std::process::id()));
        std::fs::write(&path, sgf).unwrap();
        let mut options = ScoreOptions {
            explain: true,
            ..ScoreOptions::default()
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        assert_eq!(
            score_command(&[&path], &options, Some(&auto_dead), &mut out, &mut err),
            0
        );
        let text = String::from_utf8_lossy(&out).into_owned();
        assert!(text.contains("White stone B4: dead"), "{text}");
        assert!(text.contains("Black group C5 C4 C3 C2 C1: alive"), "{text}");
        options.json = true;
        let mut out = Vec::new();
        score_command(&[&path], &options, Some(&auto_dead), &mut out, &mut err);
        let _ = std::fs::remove_file(&path);
        let value: serde_json::Value = serde_json::from_slice(&out).unwrap();
        let groups = value["groups"].as_array().expect("groups");
        assert_eq!(groups.len(), 3, "{value}");
        let b4 = groups
            .iter()
            .find(|g| g["stones"][0] == "B4")
            .expect("the B4 stone");
        assert_eq!(b4["status"], "dead");
        assert!(b4["reason"].as_str().is_some_and(|r| !r.is_empty()), "{b4}");
        assert!(b4["why"].as_str().is_some_and(|w| !w.is_empty()), "{b4}");
        assert!(value["needs_sealing"].is_array());
    }

    #[test]
    fn score_counts_a_record_gogui_wrote_without_ru_by_area_and_says_why() {
        use super::commands::{ScoreOptions, score_command};
        // As above, with a Black stone of its own on A1: area counting gives Black 15 (5 wall
        // stones, A1 and 9 points of territory with the dead B4's point), White 10; territory
        // counting would give Black 8 + 1 prisoner against White's 5.
        let sgf = b"(;AP[GoGui:1.4.9]SZ[5]KM[0.5]AB[ca][cb][cc][cd][ce][ae]\
                    AW[da][db][dc][dd][de][bb];B[];W[])";
        let path = std::env::temp_dir().join(format!("tengen-gogui-{}.sgf", std::process::id()));
        std::fs::write(&path, sgf).unwrap();
        let options = ScoreOptions {
            json: true,
            ..ScoreOptions::default()
        };
        let (mut out, mut err) = (Vec::new(), Vec::new());
        score_command(&[&path], &options, Some(&auto_dead), &mut out, &mut err);
        let _ = std::fs::remove_file(&path);
        let value: serde_json::Value = serde_json::from_slice(&out).unwrap();
        assert_eq!(value["scoring"], "area", "{value}");
        assert_eq!(value["result"], "B+4.5", "{value}");
        let warnings = value["warnings"].as_array().expect("warnings");
        assert!(
            warnings.iter().any(|w| w
                .as_str()
                .is_some_and(|w| w.contains("counted by area as GoGui"))),
            "{value}"
        );
    }
}
