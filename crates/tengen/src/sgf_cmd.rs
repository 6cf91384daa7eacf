//! `tengen check` and `tengen score`: SGF records replayed and counted under their rules.

use std::path::PathBuf;

use clap::Args;
use tengen_core::move_text;
use tengen_core::{Game, Move, Phase, Rules};
use tengen_engine::estimate::{Budget, estimate};

mod commands;

use commands::{AutoDead, DeadStones, ScoreOptions, check_command, score_command};

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
    let estimate = estimate(game, &Budget::default());
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
    AutoDead {
        dead: estimate.dead_stones(),
        score: estimate.score,
        notes,
    }
}

pub(crate) fn score(args: ScoreArgs) -> ! {
    let options = ScoreOptions {
        rules: args.rules,
        dead: args.dead.unwrap_or_default(),
        json: args.json,
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
}
