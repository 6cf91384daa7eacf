"""Go (the board game) for Python: Tengen's rules, SGF, scoring and engine.

Moves are GTP vertices (``'D4'``, ``'pass'``, any case) or action indices: ``row * size +
column`` with row 0 at the top (the first row of the board arrays), ``size * size`` for the
pass. Colours are ``'black'`` and ``'white'`` (``'b'``, ``'w'`` are read too).
"""

import os
from typing import Iterator, Optional, Sequence, Union

import numpy as np
import numpy.typing as npt

__version__: str

__all__ = [
    "Analysis", "Chain", "Engine", "Estimate", "Game", "GameBatch", "IllegalMove",
    "MoveInfo", "ReplayError", "Rules", "RulesError", "Score", "SgfCollection", "SgfError",
    "SgfGame", "SideScore", "__version__", "index_to_vertex", "parse_sgf", "read_sgf",
    "vertex_to_index", "write_sgf",
]

_Move = Union[str, int]
"""A GTP vertex (``'D4'``, ``'pass'``) or an action index."""

_RulesLike = Union["Rules", str]
"""A ``Rules`` object or its text form (``'japanese,komi=6.5'``)."""

class IllegalMove(ValueError):
    """A move the rules forbid; the game is unchanged.

    ``reason`` names the rule: ``'occupied'``, ``'suicide'``, ``'ko'``, ``'superko'``,
    ``'off-board'``, ``'game-over'``, ``'not-your-turn'``, ``'ended-all-alive'``.
    ``GameBatch.step`` also sets ``game``, the index of the game that refused its action.
    """

    reason: str
    game: int

class SgfError(ValueError):
    """SGF text that cannot be read: the message gives the line and column."""

class ReplayError(SgfError):
    """A readable record whose game cannot be replayed (a bad ``SZ``/``KM``/``HA``, a
    setup that is no position, an illegal move: ``move 2 (W E5): illegal: occupied``)."""

class RulesError(ValueError):
    """A rules text that names no preset or a wrong ``key=value`` change."""

class Rules:
    """A rule set: a preset (``aga``, ``japanese``, ``chinese``, ``tromp-taylor``) with
    ``key=value`` changes (``'aga,scoring=area'``, ``'japanese,komi=7.5'``)."""

    def __init__(self, text: str = "japanese") -> None: ...
    @classmethod
    def aga(cls) -> Rules: ...
    @classmethod
    def japanese(cls) -> Rules: ...
    @classmethod
    def chinese(cls) -> Rules: ...
    @classmethod
    def tromp_taylor(cls) -> Rules: ...
    @staticmethod
    def presets() -> list[str]: ...
    @property
    def komi(self) -> float: ...
    @property
    def handicap_komi(self) -> float: ...
    @property
    def scoring(self) -> str:
        """``'territory'`` or ``'area'``."""
    @property
    def ko(self) -> str:
        """``'simple'``, ``'positional'``, ``'situational'`` or ``'capture-positional'``."""
    @property
    def multi_stone_suicide(self) -> bool: ...
    def describe(self) -> str: ...
    def __eq__(self, other: object, /) -> bool: ...
    def __hash__(self) -> int: ...

class SideScore:
    """One side's column of the count, in points."""

    territory: int
    stones: int
    captures: int
    dead: int
    pass_stones: int
    komi: float
    compensation: int
    total: float

class Score:
    """The count of a position under the game's rules."""

    @property
    def result(self) -> str:
        """``'B+3.5'``, ``'W+0.5'``, ``'0'`` for jigo."""
    @property
    def margin(self) -> float:
        """Black's total minus White's."""
    @property
    def scoring(self) -> str: ...
    @property
    def black(self) -> SideScore: ...
    @property
    def white(self) -> SideScore: ...
    def at(self, point: _Move) -> tuple[str, Optional[str]]:
        """``(kind, color)``: kind is ``'alive'``, ``'seki'``, ``'dead'``,
        ``'dead-in-seki'``, ``'territory'``, ``'seki-eye'`` or ``'dame'``."""
    def ownership(self) -> npt.NDArray[np.int8]:
        """``(size, size)``: 1 Black's, -1 White's, 0 nobody's."""
    def breakdown(self) -> str: ...

class Chain:
    """One chain as the estimator judged it."""

    color: str
    stones: list[str]
    status: str
    confidence: float
    uncertain: bool

class Group:
    """One group's verdict at the count: its status and why."""

    color: str
    stones: list[str]
    status: str
    reason: str
    why: str
    line: list[str]
    unsettled: Optional[str]
    uncertain: bool

class Sealing:
    """An open boundary: ``color`` must play on ``points`` before ``encloses`` is hers."""

    color: str
    points: list[str]
    encloses: list[str]

class Estimate:
    """The dead-stone estimate of a position: every chain's status and the count."""

    @property
    def dead_stones(self) -> list[str]: ...
    @property
    def seki_stones(self) -> list[str]: ...
    @property
    def alive_stones(self) -> list[str]: ...
    @property
    def dame(self) -> list[str]: ...
    @property
    def chains(self) -> list[Chain]: ...
    @property
    def uncertain(self) -> list[Chain]: ...
    @property
    def groups(self) -> list[Group]: ...
    @property
    def needs_sealing(self) -> list[Sealing]: ...
    @property
    def finished(self) -> bool: ...
    def status(self, point: _Move) -> Optional[str]: ...
    @property
    def score(self) -> Score: ...
    @property
    def playouts(self) -> int: ...
    @property
    def stopped_early(self) -> bool: ...
    def diagram(self) -> str: ...

class Game:
    """A game of Go under a rule set."""

    def __init__(
        self,
        size: int = 19,
        rules: Optional[_RulesLike] = None,
        handicap: int = 0,
        komi: Optional[float] = None,
    ) -> None: ...
    @classmethod
    def with_free_handicap(
        cls, size: int, stones: Sequence[_Move], rules: Optional[_RulesLike] = None
    ) -> Game: ...
    @classmethod
    def from_diagram(
        cls, diagram: str, to_move: Optional[str] = None, rules: Optional[_RulesLike] = None
    ) -> Game: ...
    @property
    def size(self) -> int: ...
    @property
    def rules(self) -> Rules: ...
    @property
    def komi(self) -> float: ...
    @komi.setter
    def komi(self, komi: float) -> None: ...
    @property
    def handicap(self) -> int: ...
    @property
    def to_move(self) -> str: ...
    @property
    def phase(self) -> str:
        """``'playing'``, ``'scoring'`` or ``'finished'``."""
    def is_over(self) -> bool: ...
    @property
    def result(self) -> Optional[str]: ...
    @property
    def winner(self) -> Optional[str]: ...
    @property
    def moves(self) -> list[tuple[str, str]]: ...
    def captures(self, color: str) -> int: ...
    @property
    def ko_point(self) -> Optional[str]: ...
    def get(self, point: _Move) -> Optional[str]: ...
    def play(self, move: _Move) -> int:
        """Plays ``move``; returns the stones captured. Raises ``IllegalMove``."""
    def pass_move(self) -> None: ...
    def undo(self) -> None: ...
    def is_legal(self, move: _Move) -> bool: ...
    def illegal_reason(self, move: _Move) -> Optional[str]: ...
    def legal_moves(self) -> list[str]: ...
    def legal_mask(self) -> npt.NDArray[np.bool_]: ...
    def board(self) -> npt.NDArray[np.int8]: ...
    @property
    def dead_stones(self) -> list[str]: ...
    def toggle_dead(self, point: _Move) -> list[str]: ...
    def set_dead(self, points: Sequence[_Move]) -> None: ...
    def accept(self, color: str) -> Optional[str]: ...
    def resign(self, color: str) -> str: ...
    def score(self, dead: Optional[Sequence[_Move]] = None) -> Score: ...
    def estimate(
        self, playouts: int = 1000, seconds: float = 10.0, reading_nodes: int = 5000
    ) -> Estimate: ...
    def to_sgf(self) -> str: ...
    def initial_stones(self) -> list[tuple[str, str]]: ...
    def copy(self) -> Game: ...
    def __copy__(self) -> Game: ...
    def __deepcopy__(self, memo: object) -> Game: ...
    def __eq__(self, other: object, /) -> bool: ...

class SgfGame:
    """One SGF game record."""

    @classmethod
    def from_bytes(cls, data: Union[bytes, str], lenient: bool = False) -> SgfGame: ...
    @classmethod
    def from_game(cls, game: Game) -> SgfGame: ...
    @property
    def size(self) -> int: ...
    @property
    def komi(self) -> Optional[float]: ...
    @property
    def handicap(self) -> int: ...
    @property
    def rules_name(self) -> Optional[str]: ...
    def get(self, identifier: str) -> Optional[str]: ...
    def root_properties(self) -> list[tuple[str, list[str]]]: ...
    def main_line(self) -> list[list[tuple[str, list[str]]]]: ...
    @property
    def moves(self) -> list[tuple[str, str]]: ...
    def replay(
        self,
        rules: Optional[_RulesLike] = None,
        default_rules: Optional[_RulesLike] = None,
        tolerant: bool = False,
        moves: Optional[int] = None,
    ) -> Game: ...
    def replay_with_notes(
        self,
        rules: Optional[_RulesLike] = None,
        default_rules: Optional[_RulesLike] = None,
        tolerant: bool = False,
        moves: Optional[int] = None,
    ) -> tuple[Game, list[str]]: ...
    def marked_dead_stones(self, game: Game) -> list[str]: ...
    def serialise(self) -> bytes: ...
    def __eq__(self, other: object, /) -> bool: ...

class SgfCollection:
    """The games of an SGF text; indexable and iterable like a list of ``SgfGame``."""

    @property
    def games(self) -> list[SgfGame]: ...
    @property
    def warnings(self) -> list[str]: ...
    @property
    def charset(self) -> str: ...
    def __len__(self) -> int: ...
    def __getitem__(self, index: int, /) -> SgfGame: ...
    def __iter__(self) -> Iterator[SgfGame]: ...

def parse_sgf(data: Union[bytes, str], lenient: bool = False) -> SgfCollection: ...
def read_sgf(path: Union[str, os.PathLike[str]], lenient: bool = False) -> SgfCollection: ...
def write_sgf(records: Sequence[SgfGame]) -> str: ...

class MoveInfo:
    """One root move of an analysis."""

    move: str
    visits: int
    winrate: float
    lcb: float
    prior: float
    score_lead: float
    pv: list[str]

class Analysis:
    """What a search found, for the player to move."""

    @property
    def best(self) -> str: ...
    @property
    def winrate(self) -> float: ...
    @property
    def score_lead(self) -> float: ...
    @property
    def playouts(self) -> int: ...
    @property
    def visits(self) -> int: ...
    @property
    def seconds(self) -> float: ...
    @property
    def moves(self) -> list[MoveInfo]: ...
    @property
    def pv(self) -> list[str]: ...
    @property
    def ownership(self) -> npt.NDArray[np.float64]: ...

class Engine:
    """Tengen's computer player. A budget is ``playouts`` (at least 1), ``seconds``
    (positive), or both."""

    def __init__(
        self, level: int = 10, threads: int = 1, seed: int = 1, resign: bool = True
    ) -> None: ...
    def genmove(
        self,
        game: Game,
        playouts: Optional[int] = None,
        seconds: Optional[float] = None,
        cleanup: bool = False,
    ) -> str:
        """A vertex, ``'pass'`` or ``'resign'``; the game is not changed."""
    def analyze(
        self, game: Game, playouts: Optional[int] = None, seconds: Optional[float] = None
    ) -> Analysis: ...
    @property
    def last_analysis(self) -> Optional[Analysis]: ...
    def new_game(self) -> None: ...
    @property
    def level(self) -> int: ...

class GameBatch:
    """Many games stepped at once with NumPy arrays in and out."""

    def __init__(
        self,
        count: int,
        size: int = 9,
        rules: Optional[_RulesLike] = None,
        komi: Optional[float] = None,
    ) -> None: ...
    def __len__(self) -> int: ...
    @property
    def size(self) -> int: ...
    def step(self, actions: npt.ArrayLike) -> npt.NDArray[np.bool_]:
        """One action per game; returns which games have stopped."""
    def legal_masks(self) -> npt.NDArray[np.bool_]:
        """``(count, size * size + 1)``, the pass last."""
    def boards(self) -> npt.NDArray[np.int8]:
        """``(count, size, size)``: 1 Black, -1 White, 0 empty."""
    def planes(self) -> npt.NDArray[np.float32]:
        """``(count, 3, size, size)``: own stones, opponent stones, ones if Black to move."""
    def to_move(self) -> npt.NDArray[np.int8]: ...
    def done(self) -> npt.NDArray[np.bool_]: ...
    def move_counts(self) -> npt.NDArray[np.int64]: ...
    def scores(self) -> npt.NDArray[np.float64]:
        """Black's total minus White's, every stone alive."""
    def reset(self, mask: Optional[npt.ArrayLike] = None) -> None: ...
    def game(self, index: int) -> Game: ...

def vertex_to_index(vertex: str, size: int = 19) -> int: ...
def index_to_vertex(index: int, size: int = 19) -> str: ...
