//! The reviews' limits and their order with live searches; the record's tree, variations
//! tried on it, and the record written back with the analysis.

use super::*;
use tengen_core::{BoardSize, Rules};

fn finished_game(moves: &[&str]) -> Game {
    let size = BoardSize::new(9).unwrap();
    let mut game = Game::new(size, Rules::japanese());
    for text in moves {
        let mv = tengen_core::parse_move(text, size).unwrap();
        game.play(mv).unwrap();
    }
    game
}

fn limits() -> ReviewLimits {
    ReviewLimits {
        max_positions: 3,
        running: 1,
        pending: 2,
        kept: 4,
        position_time: Duration::from_millis(500),
        tried_at_once: 1,
    }
}

async fn finish(reviews: &Reviews, id: &str) -> ReviewView {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let v = reviews.get(id, 0).unwrap();
        if v.status == Status::Done {
            return v;
        }
        assert!(Instant::now() < deadline, "the review did not finish");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn a_long_game_is_reviewed_up_to_the_limit_of_positions_and_says_so() {
    let reviews = Reviews::new(SearchPool::new(1), None, limits());
    let game = finished_game(&["E5", "C3", "G7", "C7", "G3"]);
    let started = reviews.start("g1", &game, RecordInfo::default()).unwrap();
    assert_eq!((started.moves, started.total), (5, 3));
    let done = finish(&reviews, "g1").await;
    assert!(done.truncated);
    assert_eq!(done.done, 3);
    assert_eq!(
        done.positions.iter().map(|p| p.ply).collect::<Vec<_>>(),
        vec![0, 1, 2]
    );
    for p in &done.positions {
        assert_eq!(p.ownership.len(), 81);
        assert!((0.0..=1.0).contains(&p.black_winrate));
        // Half points, and at most the board and the komi.
        assert_eq!((p.black_lead * 2.0).fract(), 0.0, "{}", p.black_lead);
        assert!(p.black_lead.abs() <= 81.0 + 7.5, "{}", p.black_lead);
        assert!(p.best.is_some(), "an open 9×9 board has a move to play");
    }
    assert_eq!(reviews.get("g1", 2).unwrap().positions.len(), 1);
}

#[tokio::test]
async fn one_review_per_game_and_no_more_pending_than_the_limit() {
    let pool = SearchPool::new(1);
    // A live search holds the only worker: reviews wait and stay pending.
    let live = pool.acquire().await;
    let reviews = Reviews::new(pool.clone(), None, limits());
    let game = finished_game(&["E5", "C3"]);
    reviews.start("a", &game, RecordInfo::default()).unwrap();
    let again = reviews.start("a", &game, RecordInfo::default()).unwrap();
    assert_eq!(again.status, Status::Queued);
    reviews.start("b", &game, RecordInfo::default()).unwrap();
    let refused = reviews
        .start("c", &game, RecordInfo::default())
        .unwrap_err();
    assert!(
        matches!(&refused, AppError::TooMany(m) if m.contains("2 reviews are under way")),
        "{refused:?}"
    );
    drop(live);
    finish(&reviews, "a").await;
    finish(&reviews, "b").await;
    reviews.start("c", &game, RecordInfo::default()).unwrap();
}

#[tokio::test]
async fn a_review_takes_no_worker_a_live_search_is_waiting_for() {
    let pool = SearchPool::new(1);
    let held = pool.acquire().await;
    let (order_tx, mut order) = tokio::sync::mpsc::unbounded_channel();
    let live = {
        let (pool, tx) = (pool.clone(), order_tx.clone());
        tokio::spawn(async move {
            let permit = pool.acquire().await;
            tx.send("live").unwrap();
            tokio::time::sleep(Duration::from_millis(100)).await;
            drop(permit);
        })
    };
    tokio::time::sleep(Duration::from_millis(30)).await;
    let review = {
        let pool = pool.clone();
        tokio::spawn(async move {
            let _permit = pool.acquire_idle().await;
            order_tx.send("review").unwrap();
        })
    };
    tokio::time::sleep(Duration::from_millis(30)).await;
    drop(held);
    assert_eq!(order.recv().await, Some("live"));
    assert_eq!(order.recv().await, Some("review"));
    live.await.unwrap();
    review.await.unwrap();
}

#[test]
fn a_record_gives_its_main_line_first_then_its_variations_with_their_captures() {
    // In the variation Black takes White's A5 stone with B5.
    let text = b"(;GM[1]FF[4]SZ[5]RU[Chinese]KM[7]PB[Ann]PW[Bo];B[bb];W[aa](;B[dd];W[ba])(;B[ab];W[cc];B[ba]))";
    let tree = ReviewTree::from_sgf(text).unwrap();
    assert_eq!(tree.main_moves, 4);
    assert_eq!(tree.nodes.len(), 5 + 3);
    assert!(tree.nodes[..=4].iter().all(|n| n.main));
    assert_eq!(
        tree.nodes[5].parent,
        Some(2),
        "the variation leaves after move 2"
    );
    assert_eq!((tree.nodes[7].ply, tree.nodes[7].at), (5, Some([1, 0])));
    assert_eq!(tree.nodes[7].captured, vec![[0, 0]], "B B5 takes W A5");
    assert_eq!(tree.start.rules(), &Rules::chinese());
    assert_eq!(tree.start.komi().to_string(), "7");
    assert_eq!(
        (tree.info.black.as_str(), tree.info.white.as_str()),
        ("Ann", "Bo")
    );
}

#[test]
fn a_bad_record_is_refused_with_the_node_and_why() {
    let refused = |text: &[u8]| ReviewTree::from_sgf(text).unwrap_err();
    let e = refused(b"(;SZ[9];B[ee];W[ee])");
    assert_eq!(e, "main line, move 2 (W E5): illegal: occupied");
    let e = refused(b"(;SZ[9];B[ee](;W[dd])(;W[cc];B[ee]))");
    assert!(
        e.contains("variation leaving the main line after move 1, move 3 (B E5): illegal"),
        "{e}"
    );
    let e = refused(b"(;SZ[9];B[ee](;W[dd])(;W[cc]AB[aa]))");
    assert!(e.contains("setup stones"), "{e}");
    let e = refused(b"(;SZ[40];B[aa])");
    assert!(e.contains("SZ[40]"), "{e}");
    let e = refused(b"(;GM[3];B[aa])");
    assert!(e.contains("GM[3]"), "{e}");
    let deep = format!("(;SZ[19]{})", ";B[aa];W[bb]".repeat(50_000));
    let e = refused(deep.as_bytes());
    assert!(
        e.contains("100001 nodes") && e.contains("at most 2000"),
        "{e}"
    );
    assert!(refused(b"hello").contains("SGF"), "not SGF at all");
}

#[test]
fn a_tried_variation_is_played_from_its_node_and_an_illegal_move_says_why() {
    let tree = ReviewTree::from_sgf(b"(;SZ[5];B[bb];W[ab];B[dd])").unwrap();
    let (game, nodes) = tree
        .try_moves(1, &[Some([0, 0]), None, Some([1, 0])])
        .unwrap();
    assert_eq!(nodes.len(), 3);
    assert_eq!(nodes[2].ply, 4);
    assert_eq!(game.moves().len(), 4);
    let e = tree.try_moves(3, &[Some([1, 1])]).unwrap_err();
    assert_eq!(e, "White B4 is illegal: the point is occupied");
    let e = tree.try_moves(3, &[Some([7, 1])]).unwrap_err();
    assert!(e.contains("[7, 1] is off the board"), "{e}");
    assert!(
        tree.try_moves(99, &[])
            .unwrap_err()
            .contains("not in this review")
    );
}

/// Tengen's view of `ply` moves into `tree`'s game, as a search might give it: Black ahead
/// by 3.5 with a 62.5 % chance, preferring `best`.
fn analysis(tree: &ReviewTree, node: usize, ply: usize, best: Xy) -> PositionReview {
    let size = tree.start.size();
    let best_text = tengen_core::move_text(tree::move_of(Some(best)), size);
    PositionReview {
        node,
        ply,
        black_winrate: 0.625,
        black_lead: 3.5,
        to_move: if ply.is_multiple_of(2) {
            Color::Black
        } else {
            Color::White
        },
        best: Some(best),
        pv: vec![best_text.clone()],
        best_text,
        candidates: vec![],
        ownership: vec![],
        playouts: 2000,
        engine: position::OWN_ENGINE.to_owned(),
    }
}

#[test]
fn the_record_written_back_carries_the_analysis_and_replays() {
    let tree = ReviewTree::from_sgf(b"(;SZ[9]KM[6.5];B[ee];W[cc](;B[gg])(;B[cg]))").unwrap();
    let position = |node: usize, best: Xy| analysis(&tree, node, tree.nodes[node].ply, best);
    // Tengen prefers C3 to White's C7 at node 1, and agrees with G3 at node 2.
    let positions = [
        position(0, [4, 4]),
        position(1, [2, 6]),
        position(2, [6, 6]),
    ];
    let text = sgf_out::write(&tree, &positions, &[]);
    assert!(text.contains("SBKV[62.5]"), "{text}");
    assert!(
        text.contains("Black's win rate: 62.5% · Score lead: B+3.5"),
        "{text}"
    );
    assert!(text.contains("C[Tengen's move: C3"), "{text}");
    let read = tengen_sgf::parse(text.as_bytes(), tengen_sgf::Mode::Strict).unwrap();
    let game = &read.games[0];
    let replayed = tengen_sgf::replay(game, &tengen_sgf::ReplayOptions::default()).unwrap();
    assert_eq!(
        replayed.game.moves().len(),
        3,
        "the main line is the record's"
    );
    // Node 1 has the main line (W C7) and Tengen's C3; node 2 the main line and the record's
    // variation, and no preferred one (Tengen agrees).
    let second = game.main_line().nth(1).unwrap();
    assert_eq!(second.children().count(), 2);
    let third = game.main_line().nth(2).unwrap();
    assert_eq!(third.children().count(), 2);
}

#[test]
fn the_readers_tried_variations_go_into_the_record_joining_moves_it_already_has() {
    // Main line: B E5, W C7, B G3; the record's variation B C3 at move 3.
    let tree = ReviewTree::from_sgf(b"(;SZ[9]KM[6.5];B[ee];W[cc](;B[gg])(;B[cg]))").unwrap();
    let line = |node: usize, moves: &[Option<Xy>], analysed: bool| {
        let (_, nodes) = tree.try_moves(node, moves).unwrap();
        let analyses = nodes
            .iter()
            .map(|n| analysed.then(|| analysis(&tree, node, n.ply, [4, 2])))
            .collect();
        TriedLine {
            node,
            nodes,
            analyses,
        }
    };
    let tried = [
        // White G7 instead of C7, analysed on the page.
        line(1, &[Some([6, 2])], true),
        // The record's own B C3, then White D6: C3 is the record's node, D6 is new.
        line(2, &[Some([2, 6]), Some([3, 3])], false),
    ];
    let text = sgf_out::write(&tree, &[], &tried);
    assert!(
        text.contains("W[gc]C[Move 2: W G7\nBlack's win rate: 62.5%"),
        "{text}"
    );
    assert!(text.contains("SBKV[62.5]"), "{text}");
    assert_eq!(
        text.matches("B[cg]").count(),
        1,
        "joined, not repeated: {text}"
    );
    let read = tengen_sgf::parse(text.as_bytes(), tengen_sgf::Mode::Strict).unwrap();
    let game = &read.games[0];
    let replayed = tengen_sgf::replay(game, &tengen_sgf::ReplayOptions::default()).unwrap();
    assert_eq!(
        replayed.game.moves().len(),
        3,
        "the main line is still the record's"
    );
    let after_black = game.main_line().nth(1).unwrap();
    assert_eq!(after_black.children().count(), 2, "W C7 and the tried W G7");
    let after_white = game.main_line().nth(2).unwrap();
    assert_eq!(
        after_white.children().count(),
        2,
        "B G3 and the record's B C3"
    );
    let c3 = after_white.children().nth(1).unwrap();
    assert_eq!(
        c3.children().count(),
        1,
        "the tried W D6 under the record's C3"
    );
}

#[tokio::test]
async fn a_download_refuses_a_tried_variation_that_does_not_replay_saying_which() {
    let reviews = Reviews::new(SearchPool::new(1), None, limits());
    let tree = ReviewTree::from_sgf(b"(;SZ[5];B[bb];W[ab];B[dd])").unwrap();
    reviews.start_tree("r1", tree).unwrap();
    let e = reviews
        .analysed_with("r1", vec![(0, vec![None]), (3, vec![Some([1, 1])])])
        .err()
        .unwrap();
    assert!(
        matches!(&e, AppError::BadRequest(m) if m == "variation 2: White B4 is illegal: the point is occupied"),
        "{e:?}"
    );
    let too_many = vec![(0, vec![]); MAX_DOWNLOADED_VARIATIONS + 1];
    assert!(matches!(
        reviews.analysed_with("r1", too_many),
        Err(AppError::BadRequest(_))
    ));
}
