"""The rules through Python: the cases of crates/tengen-core/tests (ko.rs, board_rules.rs,
scoring.rs, aga.rs) with the same answers. Points are (x, y) from the top-left, as there."""

import pytest

import tengen

# Three kos: ko 1 (top left) and ko 3 (bottom left) hold a White stone Black can take, ko 2
# (top right) a Black stone White can take (ko.rs, THREE_KOS).
THREE_KOS = """
    . X O . . . X O .
    X O . O . X . X O
    . X O . . . X O .
    . . . . . . . . .
    . X O . . . . . .
    X O . O . . . . .
    . X O . . . . . .
    . . . . . . . . .
    . . . . . . . . ."""

# A seki with one eye each on 9x9, a dead White stone in Black's eye at (0, 0)
# (scoring.rs, SEKI).
SEKI = """
    O . X . O . O X .
    X X X O O O O X .
    O O O X X X X X .
    . . O X . . . . .
    O O O X . . . . .
    . . O X . . . . .
    O O O X . . . . .
    . . O X . . . . .
    . . O X . . . . ."""

SNAPBACK = """
    X . . O X
    X O O O X
    X X X X X
    . . . . .
    . . . . ."""


def at(x, y, size=9):
    """The action index of point (x, y), row 0 at the top."""
    return y * size + x


TAKE_KO_1, RETAKE_KO_1 = at(2, 1), at(1, 1)
TAKE_KO_2, RETAKE_KO_2 = at(6, 1), at(7, 1)
TAKE_KO_3, RETAKE_KO_3 = at(2, 5), at(1, 5)
TRIPLE_KO_CYCLE = [TAKE_KO_1, TAKE_KO_2, TAKE_KO_3, RETAKE_KO_1, RETAKE_KO_2, RETAKE_KO_3]


def three_kos(rules):
    return tengen.Game.from_diagram(THREE_KOS, to_move="black", rules=rules)


def test_jp_5_basic_ko_forbids_the_immediate_recapture():
    game = three_kos("japanese")
    assert game.play(TAKE_KO_1) == 1
    assert game.illegal_reason(RETAKE_KO_1) == "ko"
    assert game.ko_point == tengen.index_to_vertex(RETAKE_KO_1, 9)
    with pytest.raises(tengen.IllegalMove) as raised:
        game.play(RETAKE_KO_1)
    assert raised.value.reason == "ko"
    assert str(raised.value) == (
        "illegal move by white: B8 (the point is forbidden by ko: play elsewhere first)"
    )
    assert game.to_move == "white" and len(game.moves) == 1, "a refused move changes nothing"


def test_jp_5_ko_may_be_retaken_after_a_move_elsewhere_or_a_pass():
    game = three_kos("japanese")
    game.play(TAKE_KO_1)
    game.play(at(8, 8))
    game.play(at(8, 7))
    assert game.is_legal(RETAKE_KO_1)
    passed = three_kos("japanese")
    passed.play(TAKE_KO_1)
    passed.pass_move()
    passed.play(at(8, 8))
    assert passed.is_legal(RETAKE_KO_1)


def test_jp_5_snapback_is_not_ko():
    game = tengen.Game.from_diagram(SNAPBACK, rules="japanese")
    game.play(at(2, 0, 5))
    assert game.play(at(1, 0, 5)) == 1
    assert game.ko_point is None
    assert game.play(at(2, 0, 5)) == 5


def test_jp_6_triple_ko_that_neither_player_leaves_ends_with_no_result():
    game = three_kos("japanese")
    for move in TRIPLE_KO_CYCLE:
        game.play(move)
    assert game.phase == "playing"
    for move in TRIPLE_KO_CYCLE:
        game.play(move)
    assert game.phase == "finished"
    assert game.result == "Void"


@pytest.mark.parametrize("rules", ["chinese", "tromp-taylor", "aga"])
def test_superko_forbids_closing_the_triple_ko_cycle(rules):
    game = three_kos(rules)
    for move in TRIPLE_KO_CYCLE[:5]:
        game.play(move)
    assert game.illegal_reason(RETAKE_KO_3) == "superko"
    with pytest.raises(tengen.IllegalMove, match="superko"):
        game.play(RETAKE_KO_3)


def test_aga_6_situational_superko_allows_a_position_seen_only_with_the_other_player_to_move():
    aga, positional = three_kos("aga"), three_kos("chinese")
    for move in [TAKE_KO_1, TAKE_KO_2, "pass", RETAKE_KO_1]:
        aga.play(move)
        positional.play(move)
    assert aga.to_move == "black"
    assert aga.is_legal(RETAKE_KO_2)
    assert positional.illegal_reason(RETAKE_KO_2) == "superko"


def test_czech_capture_positional_forbids_a_capture_that_repeats_a_position():
    game = three_kos("japanese,ko=capture-positional")
    for move in TRIPLE_KO_CYCLE[:5]:
        game.play(move)
    assert game.illegal_reason(RETAKE_KO_3) == "superko"


@pytest.mark.parametrize("rules", tengen.Rules.presets())
def test_c5_single_stone_suicide_is_illegal_in_every_preset(rules):
    game = tengen.Game.from_diagram(
        """
        . O . .
        O . . .
        . . . .
        . . . .""",
        rules=rules,
    )
    with pytest.raises(tengen.IllegalMove) as raised:
        game.play(at(0, 0, 4))
    assert raised.value.reason == "suicide"


def test_c5_multi_stone_suicide_only_where_the_rules_allow_it():
    diagram = """
        X . O .
        O O . .
        . . . .
        . . . ."""
    for rules in ["aga", "japanese"]:
        game = tengen.Game.from_diagram(diagram, rules=rules)
        assert game.illegal_reason(at(1, 0, 4)) == "suicide"
    game = tengen.Game.from_diagram(diagram, rules="tromp-taylor")
    game.play(at(1, 0, 4))
    assert game.captures("white") == 2
    assert str(game) == ". . O .\nO O . .\n. . . .\n. . . .\n"


def test_occupied_and_out_of_turn():
    game = tengen.Game(9)
    game.play("E5")
    assert game.illegal_reason("E5") == "occupied"
    assert game.board()[4, 4] == 1
    assert game.get("E5") == "black" and game.get("E4") is None


def test_jp_9_seki_found_from_the_position_and_dead_set():
    game = tengen.Game.from_diagram(SEKI, rules="japanese")
    score = game.score(dead=[at(0, 0)])
    assert score.at(at(2, 0)) == ("seki", "black")
    assert score.at(at(4, 0)) == ("seki", "white")
    assert score.at(at(3, 0)) == ("dame", None)
    assert score.at(at(5, 0)) == ("seki-eye", "white")
    assert score.at(at(1, 0)) == ("seki-eye", "black")
    assert score.at(at(0, 0)) == ("dead-in-seki", "white")
    assert score.at(at(3, 3)) == ("alive", "black")
    assert score.at(at(2, 3)) == ("alive", "white")


def test_jp_9_the_eyes_of_a_seki_are_not_territory():
    game = tengen.Game.from_diagram(SEKI, rules="japanese")
    score = game.score(dead=[at(0, 0)])
    assert (score.black.territory, score.white.territory) == (33, 8)
    assert score.result == "B+18.5"
    assert score.black.dead == 0
    assert game.score().result == score.result, "marked or not, the same count"


def test_aga_12_the_eyes_of_a_seki_count_as_territory():
    game = tengen.Game.from_diagram(SEKI, rules="aga")
    game.pass_move()
    game.pass_move()
    score = game.score(dead=[at(0, 0)])
    assert (score.black.territory, score.white.territory) == (35, 9)
    assert score.black.dead == 1
    assert score.margin == 21.5
    assert score.result == "B+21.5"


def test_jp_10_equal_points_with_integer_komi_is_jigo():
    game = tengen.Game.from_diagram(
        """
        . X O .
        . X O .
        . X O .
        . X O .""",
        rules="japanese,komi=0",
    )
    assert game.score().result == "0"


def test_seki_estimate_agrees_with_the_count():
    game = tengen.Game.from_diagram(SEKI, rules="japanese")
    estimate = game.estimate()
    assert tengen.index_to_vertex(at(2, 0), 9) in estimate.seki_stones
    assert estimate.status(at(3, 3)) == "alive"
    assert estimate.score.result == "B+18.5"


def test_jp_9_every_group_of_the_estimate_says_why_and_the_seki_is_named():
    game = tengen.Game.from_diagram(SEKI, rules="japanese")
    estimate = game.estimate()
    groups = estimate.groups
    counted = sorted(v for g in groups for v in g.stones)
    on_board = sorted(v for c in estimate.chains for v in c.stones)
    assert counted == on_board
    seki = [g for g in groups if g.status == "seki"]
    assert seki and all(g.reason == "seki" and "JP-9" in g.why for g in seki)
    assert estimate.finished and estimate.needs_sealing == []


def test_an_open_boundary_needs_a_sealing_move():
    # Black's wall stops one point short of the edge: A1 to C1 and the rest of the left
    # are dame until Black plays D1.
    game = tengen.Game.from_diagram(
        """
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . X O . . . .
        . . . . O . . . .""",
        rules="japanese",
    )
    estimate = game.estimate()
    assert not estimate.finished
    [seal] = estimate.needs_sealing
    assert (seal.color, seal.points) == ("black", ["D1"])
    assert len(seal.encloses) == 27


def test_two_passes_end_play_and_acceptance_gives_the_result():
    game = tengen.Game(9, rules="aga")
    for move in ["A2", "A1", "B1"]:
        game.play(move)
    assert game.captures("black") == 1
    game.pass_move()
    game.pass_move()
    assert game.phase == "scoring" and game.is_over()
    assert game.moves[-1] == ("white", "pass"), "AGA-11: White's closing pass"
    assert game.accept("black") is None
    assert game.accept("white") == "B+75.5"
    assert game.result == "B+75.5" and game.winner == "black"


def test_undo_takes_back_moves():
    game = tengen.Game(9)
    game.play("C3")
    game.play("D4")
    before = game.copy()
    game.play("E5")
    game.undo()
    assert game == before
    assert game.to_move == "black"


def test_handicap_placement():
    game = tengen.Game(19, rules="japanese", handicap=4)
    assert game.to_move == "white" and game.handicap == 4 and game.komi == 0.0
    assert sorted(v for _, v in game.initial_stones()) == ["D16", "D4", "Q16", "Q4"]
    free = tengen.Game.with_free_handicap(9, ["C3", "G7"], rules="chinese")
    assert free.get("C3") == "black" and free.to_move == "white"


def test_rules_text_form():
    rules = tengen.Rules("aga,scoring=area")
    assert str(rules) == "aga,scoring=area"
    assert rules.scoring == "area" and rules.ko == "situational"
    assert tengen.Rules("tromp-taylor").multi_stone_suicide
    assert tengen.Game(9, rules="chinese,komi=6.5").komi == 6.5
    assert tengen.Rules.japanese().describe().startswith("Japanese: territory counting")


def test_vertices_and_indices():
    assert tengen.vertex_to_index("A19") == 0
    assert tengen.vertex_to_index("T1") == 360
    assert tengen.vertex_to_index("pass", 19) == 361
    for index in range(82):
        assert tengen.vertex_to_index(tengen.index_to_vertex(index, 9), 9) == index
