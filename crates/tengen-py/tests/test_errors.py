"""Bad input raises the documented exceptions with the command's messages, never a Rust
panic (pyo3 turns one into PanicException, a BaseException)."""

import numpy as np
import pytest

import tengen


def test_exception_classes():
    assert issubclass(tengen.IllegalMove, ValueError)
    assert issubclass(tengen.SgfError, ValueError)
    assert issubclass(tengen.ReplayError, tengen.SgfError)
    assert issubclass(tengen.RulesError, ValueError)


def test_wrong_types_raise_type_error():
    game = tengen.Game(9)
    for bad in [None, 3.5, b"D4", ["D4"], True]:
        with pytest.raises(TypeError, match="a move must be"):
            game.play(bad)
    with pytest.raises(TypeError):
        tengen.Game("nine")
    with pytest.raises(TypeError, match="rules must be"):
        tengen.Game(9, rules=42)
    with pytest.raises(TypeError, match="a color must be"):
        game.captures(1)
    with pytest.raises(TypeError, match="SGF data must be bytes or str"):
        tengen.parse_sgf(42)
    with pytest.raises(TypeError):
        tengen.Engine().genmove("not a game", playouts=10)


def test_out_of_range_values_raise_value_error():
    game = tengen.Game(9)
    for bad in ["K1", "A10", "Z99", "I5", "", "D", -1, 82, 10**30]:
        with pytest.raises(ValueError) as raised:
            game.play(bad)
        assert not isinstance(raised.value, tengen.IllegalMove), bad
    assert str(pytest.raises(ValueError, game.play, "K1").value) == "vertex K1 is off the 9x9 board"
    for size in [0, 1, 26, -19]:
        with pytest.raises(ValueError, match="board size"):
            tengen.Game(size)
    with pytest.raises(ValueError, match="handicap"):
        tengen.Game(9, handicap=-1)
    with pytest.raises(ValueError):
        tengen.Game(9, handicap=10)
    with pytest.raises(ValueError, match="komi"):
        tengen.Game(9, komi=6.3)
    with pytest.raises(ValueError, match="color"):
        game.captures("green")


def test_negative_or_empty_budgets_raise_value_error():
    game = tengen.Game(9)
    engine = tengen.Engine()
    for playouts in [0, -5]:
        with pytest.raises(ValueError, match="playouts must be at least 1"):
            engine.genmove(game, playouts=playouts)
    for seconds in [0.0, -1.0, float("nan"), float("inf")]:
        with pytest.raises(ValueError, match="seconds must be"):
            engine.analyze(game, seconds=seconds)
    with pytest.raises(ValueError, match="level"):
        tengen.Engine(level=11)
    with pytest.raises(ValueError, match="threads"):
        tengen.Engine(threads=0)
    with pytest.raises(ValueError, match="playouts"):
        game.estimate(playouts=-1)
    with pytest.raises(ValueError, match="seconds"):
        game.estimate(seconds=0)


def test_rules_errors_name_the_problem():
    with pytest.raises(tengen.RulesError, match='unknown rules preset "klingon"'):
        tengen.Rules("klingon")
    with pytest.raises(tengen.RulesError, match="ko=sometimes is not allowed"):
        tengen.Game(9, rules="aga,ko=sometimes")
    with pytest.raises(tengen.RulesError, match="no rules given"):
        tengen.Rules("")


def test_actions_outside_their_phase_raise_value_error():
    game = tengen.Game(9)
    with pytest.raises(ValueError, match="no move to undo"):
        game.undo()
    with pytest.raises(ValueError, match="not in the scoring phase"):
        game.accept("black")
    game.play("E5")
    game.pass_move()
    game.pass_move()
    with pytest.raises(tengen.IllegalMove) as raised:
        game.play("D4")
    assert raised.value.reason == "game-over"
    with pytest.raises(ValueError, match="no stone"):
        game.toggle_dead("D4")


def test_no_input_makes_a_panic():
    """A sweep of odd values through every entry point: each raises an Exception (or works),
    none a PanicException."""
    odd = [None, -1, 0, 1, 10**20, -(10**20), "", "pass", "A0", "zz", "Ⅸ", 1.5, b"(;", [], {}]
    game = tengen.Game(5)
    calls = [
        game.play, game.is_legal, game.illegal_reason, game.get, game.toggle_dead,
        game.captures, game.accept, game.resign, game.score, game.set_dead,
        lambda v: tengen.Game(v), lambda v: tengen.Game(5, rules=v),
        lambda v: tengen.Game(5, handicap=v), lambda v: tengen.Game.from_diagram(v),
        lambda v: tengen.Rules(v), lambda v: tengen.parse_sgf(v), lambda v: tengen.parse_sgf(v, True),
        lambda v: tengen.vertex_to_index(v), lambda v: tengen.index_to_vertex(v),
        lambda v: tengen.GameBatch(v), lambda v: tengen.GameBatch(2, size=5).step(v),
        lambda v: tengen.GameBatch(2, size=5).reset(v),
        lambda v: tengen.Engine().genmove(tengen.Game(5), playouts=v),
        lambda v: tengen.Engine().analyze(tengen.Game(5), seconds=v),
        lambda v: tengen.SgfGame.from_bytes(v),
    ]
    for call in calls:
        for value in odd:
            try:
                call(value)
            except Exception:
                pass
    for data in [b"(;SZ[0])", b"(;SZ[19:13])", b"(;KM[abc];B[zz])", b"(;HA[99])", b"(;AB[aa][aa])", b"(;B[ss];W[tt])"]:
        record = tengen.SgfGame.from_bytes(data, lenient=True)
        for call in [lambda: record.size, lambda: record.komi, lambda: record.handicap, lambda: record.moves, record.replay]:
            try:
                call()
            except tengen.SgfError:
                pass
