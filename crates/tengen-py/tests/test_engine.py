"""The engine: legal moves within the budget, and the analysis it reports."""

import time

import numpy as np
import pytest

import tengen


def test_genmove_returns_a_legal_move_within_its_playouts():
    game = tengen.Game(9, rules="chinese")
    engine = tengen.Engine(seed=3)
    for _ in range(4):
        move = engine.genmove(game, playouts=200)
        assert game.is_legal(move), move
        assert engine.last_analysis.playouts <= 200
        game.play(move)


def test_genmove_returns_within_its_seconds():
    game = tengen.Game(19, rules="japanese")
    engine = tengen.Engine(seed=1)
    start = time.monotonic()
    move = engine.genmove(game, seconds=0.3)
    elapsed = time.monotonic() - start
    assert game.is_legal(move)
    # The search returns within its time plus 50 ms (TIME_MARGIN); a loaded machine adds
    # the rest.
    assert elapsed < 0.3 + 0.5, elapsed


def test_genmove_passes_once_play_has_stopped():
    game = tengen.Game(9)
    game.pass_move()
    game.pass_move()
    assert tengen.Engine().genmove(game, playouts=10) == "pass"


def test_analysis_reports_winrate_score_ownership_and_variations():
    game = tengen.Game(9, rules="chinese")
    game.play("E5")
    analysis = tengen.Engine(seed=2).analyze(game, playouts=400)
    assert 0.0 <= analysis.winrate <= 1.0
    assert analysis.playouts <= 400
    assert game.is_legal(analysis.best)
    assert analysis.ownership.shape == (9, 9)
    assert np.all(np.abs(analysis.ownership) <= 1.0)
    assert analysis.ownership[4, 4] > 0.5, "Black's stone on E5 is Black's"
    moves = analysis.moves
    assert moves and moves[0].move == analysis.best
    assert moves[0].pv[0] == analysis.best
    assert sum(m.visits for m in moves) <= analysis.visits
    assert isinstance(analysis.score_lead, float)


def test_analysis_of_a_finished_game_is_refused():
    game = tengen.Game(9)
    game.pass_move()
    game.pass_move()
    with pytest.raises(ValueError, match="not in play"):
        tengen.Engine().analyze(game, playouts=10)


def test_levels_play_too():
    game = tengen.Game(9)
    move = tengen.Engine(level=1, seed=4).genmove(game)
    assert game.is_legal(move)
