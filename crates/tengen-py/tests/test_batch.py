"""GameBatch: stepping many games at once agrees with playing them one at a time."""

import numpy as np
import pytest

import tengen


def sample(masks, rng):
    """One random legal action per game (the pass included), without a Python loop."""
    return np.argmax(masks * rng.random(masks.shape), axis=1)


@pytest.mark.parametrize("rules", ["tromp-taylor", "japanese", "aga"])
def test_batched_stepping_agrees_with_one_at_a_time_play(rules):
    count, size = 8, 7
    batch = tengen.GameBatch(count, size=size, rules=rules)
    games = [tengen.Game(size, rules=rules) for _ in range(count)]
    rng = np.random.default_rng(11)
    for _ in range(150):
        masks = batch.legal_masks()
        for game, mask in zip(games, masks):
            assert (game.legal_mask() == mask).all()
        actions = sample(masks, rng)
        done = batch.step(actions)
        for game, action in zip(games, actions):
            if not game.is_over():
                game.play(int(action))
        assert done.tolist() == [g.is_over() for g in games]
        assert (batch.boards() == np.stack([g.board() for g in games])).all()
        assert batch.to_move().tolist() == [1 if g.to_move == "black" else -1 for g in games]
        assert batch.move_counts().tolist() == [len(g.moves) for g in games]
    for i, game in enumerate(games):
        assert batch.game(i) == game
    margins = batch.scores()
    assert margins.tolist() == [g.score(dead=[]).margin for g in games]


def test_planes_describe_the_player_to_move():
    batch = tengen.GameBatch(2, size=5, rules="chinese")
    batch.step(np.array([12, 0]))
    planes = batch.planes()
    assert planes.shape == (2, 3, 5, 5) and planes.dtype == np.float32
    # White to move: the opponent's plane holds Black's stone, the colour plane is zero.
    assert planes[0, 1, 2, 2] == 1.0 and planes[0, 0].sum() == 0.0
    assert planes[0, 2].sum() == 0.0
    assert planes[1, 1, 0, 0] == 1.0


def test_finished_games_ignore_their_actions_until_reset():
    batch = tengen.GameBatch(3, size=5)
    passes = np.full(3, 25)
    batch.step(passes)
    done = batch.step(passes)
    assert done.all()
    assert not batch.legal_masks().any()
    batch.step(np.zeros(3, dtype=np.int32))  # ignored, any dtype
    assert (batch.move_counts() == 2).all()
    batch.reset(np.array([True, False, True]))
    assert batch.done().tolist() == [False, True, False]
    batch.reset()
    assert not batch.done().any()


def test_an_illegal_action_moves_no_game():
    batch = tengen.GameBatch(3, size=5)
    batch.step(np.array([0, 1, 2]))
    with pytest.raises(tengen.IllegalMove) as raised:
        batch.step(np.array([5, 1, 7]))  # game 1: B2... is occupied
    assert raised.value.game == 1 and raised.value.reason == "occupied"
    assert str(raised.value).startswith("game 1: illegal move by white: B5")
    assert (batch.move_counts() == 1).all()
    with pytest.raises(ValueError, match="off the 5x5 board"):
        batch.step(np.array([5, 26, 7]))
    with pytest.raises(ValueError, match="3 actions for 2 games"):
        tengen.GameBatch(2, size=5).step(np.array([1, 2, 3]))
