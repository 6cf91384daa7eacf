"""Go (the board game) for Python: Tengen's rules, SGF, scoring and engine.

A thin layer over Tengen's Rust crates: every rule, count and search is theirs.

>>> import tengen
>>> game = tengen.Game(9, rules="japanese")
>>> game.play("E5")
0
>>> game.to_move, game.legal_moves()[:3]
('white', ['A9', 'B9', 'C9'])
"""

from ._tengen import (
    Analysis,
    Chain,
    Engine,
    Estimate,
    Game,
    GameBatch,
    Group,
    IllegalMove,
    MoveInfo,
    ReplayError,
    Rules,
    RulesError,
    Score,
    SgfCollection,
    SgfError,
    Sealing,
    SgfGame,
    SideScore,
    __version__,
    index_to_vertex,
    parse_sgf,
    read_sgf,
    vertex_to_index,
    write_sgf,
)

__all__ = [
    "Analysis",
    "Chain",
    "Engine",
    "Estimate",
    "Game",
    "GameBatch",
    "Group",
    "IllegalMove",
    "MoveInfo",
    "ReplayError",
    "Rules",
    "RulesError",
    "Score",
    "SgfCollection",
    "SgfError",
    "Sealing",
    "SgfGame",
    "SideScore",
    "__version__",
    "index_to_vertex",
    "parse_sgf",
    "read_sgf",
    "vertex_to_index",
    "write_sgf",
]
