"""SGF: strict and lenient reading, replay under the record's rules, and writing; round trips
on generated records."""

import random

import pytest

import tengen


def random_game(seed, size=9, rules="japanese", handicap=0, moves=60):
    """A game of random legal moves (passes rare), ended or not."""
    rng = random.Random(seed)
    game = tengen.Game(size, rules=rules, handicap=handicap)
    for _ in range(moves):
        if game.is_over():
            break
        legal = game.legal_moves()
        stones = [m for m in legal if m != "pass"]
        game.play(rng.choice(stones) if stones and rng.random() > 0.03 else "pass")
    return game


@pytest.mark.parametrize("seed", range(12))
def test_round_trip_of_generated_records(seed):
    rules = ["japanese", "aga", "chinese", "tromp-taylor"][seed % 4]
    size = [9, 13, 19][seed % 3]
    game = random_game(seed, size=size, rules=rules, handicap=(seed % 5 if seed % 5 > 1 else 0))
    text = game.to_sgf()
    record = tengen.SgfGame.from_bytes(text.encode())
    again = record.replay()
    assert again.moves == game.moves
    assert (again.board() == game.board()).all()
    assert again.komi == game.komi and again.handicap == game.handicap
    assert str(again.rules) == str(game.rules)
    # Writing what was read gives the same tree.
    assert tengen.SgfGame.from_bytes(record.serialise()) == record
    assert tengen.parse_sgf(tengen.write_sgf([record, record])).games == [record, record]


def test_a_finished_game_keeps_its_result():
    game = random_game(3, moves=10)
    game.resign("white")
    record = tengen.SgfGame.from_game(game)
    assert record.get("RE") == "B+R"
    # RE is the record's information: the replay plays the moves, it does not resign.
    replayed = record.replay()
    assert replayed.moves == game.moves and replayed.result is None


def test_strict_reading_stops_at_the_first_problem_with_its_place():
    with pytest.raises(tengen.SgfError, match=r"^line 2, column 3: "):
        tengen.parse_sgf(b"(;FF[4]\n;B[ee")
    collection = tengen.parse_sgf(b"(;FF[4]\n;B[ee", lenient=True)
    assert len(collection) == 1 and len(collection.warnings) == 2
    assert collection[0].moves == [("black", "E15")]


def test_replay_under_the_records_rules():
    record = tengen.SgfGame.from_bytes(b"(;GM[1]FF[4]SZ[9]RU[Chinese]KM[7.5];B[ee];W[dd])")
    game = record.replay()
    assert game.rules == tengen.Rules.chinese()
    assert game.komi == 7.5
    assert game.moves == [("black", "E5"), ("white", "D6")]
    overridden = record.replay(rules="aga")
    assert str(overridden.rules) == "aga"


def test_a_record_gogui_wrote_without_ru_is_counted_by_area_and_the_note_says_so():
    record = tengen.SgfGame.from_bytes(b"(;GM[1]FF[3]AP[GoGui:0.9]SZ[9]KM[6.5];B[ee];W[dd])")
    game, notes = record.replay_with_notes()
    assert game.rules.scoring == "area"
    assert len(notes) == 1 and "counted by area as GoGui" in notes[0]
    assert record.replay(default_rules="chinese").rules.scoring == "area"


def test_illegal_moves_in_a_record_raise_replay_error_unless_tolerant():
    ko = b"(;SZ[9]RU[Japanese];B[ee];W[ee])"
    with pytest.raises(tengen.ReplayError, match=r"^move 2 \(W E5\): illegal: occupied$"):
        tengen.SgfGame.from_bytes(ko).replay()
    assert issubclass(tengen.ReplayError, tengen.SgfError)
    out_of_turn = tengen.SgfGame.from_bytes(b"(;SZ[9]RU[Japanese];B[ee];B[dd])")
    with pytest.raises(tengen.ReplayError):
        out_of_turn.replay()
    game, notes = out_of_turn.replay_with_notes(tolerant=True)
    assert len(game.moves) == 2 and "accepted although illegal" in notes[0]


def test_bad_properties_raise_replay_error():
    record = tengen.SgfGame.from_bytes(b"(;SZ[42];B[aa])")
    with pytest.raises(tengen.ReplayError, match="SZ"):
        record.size
    with pytest.raises(tengen.ReplayError):
        record.replay()


def test_root_properties_and_text():
    record = tengen.SgfGame.from_bytes("(;GM[1]FF[4]SZ[9]PB[Honinbo Shusaku]C[Hello \\] world])")
    assert record.get("PB") == "Honinbo Shusaku"
    assert ("C", ["Hello ] world"]) in record.root_properties()
    assert "Hello \\] world" in str(record)


def test_read_sgf_reads_files(tmp_path):
    path = tmp_path / "game.sgf"
    path.write_text(random_game(5).to_sgf())
    assert len(tengen.read_sgf(path)) == 1
    with pytest.raises(OSError):
        tengen.read_sgf(tmp_path / "missing.sgf")


def test_marked_dead_stones_come_from_territory_marks():
    text = b"(;SZ[5]RU[Japanese];B[ca];W[ab];B[cb];W[ee];B[cc];W[ed];B[cd];W[ec];B[ce];W[];B[]TB[aa][ba][bb][ab][ac][bc][ad][bd][ae][be])"
    record = tengen.SgfGame.from_bytes(text)
    game = record.replay()
    assert record.marked_dead_stones(game) == ["A4"]
