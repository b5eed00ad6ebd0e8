"""Competition rules for Manille: deals to game points, games, matches, standings and seasons.

Pure Python (no Django). ``auction`` scores the auction games (RULES.md §13), each player
for himself. The web app, the PDFs and the standings all call this package:
nothing else computes a score. Modules: ``deal`` (one deal's facts and score), ``game``
(games and sheets), ``match`` (match formats and outcomes), ``duplicate`` (boards: match points, datum, par),
``records``/``metrics``/
``standings`` (ranking), ``seasons`` (ladders and club rankings), ``ratings`` (player
ratings from every match), ``tables`` (a table's size:
its rules and sides), ``threes`` (tables of three: the dealer alone against two), ``errors``.

>>> import scoring
>>> scoring.score_deal(scoring.DealResult(points=(35, 25), trump=None, doubling=4), "flemish").points
(40, 0)
"""

from scoring.auction import (
    AuctionDeal,
    AuctionGame,
    AuctionRow,
    AuctionScore,
    check_auction,
    replay_auction,
    score_auction,
)
from scoring.deal import (
    DealScore,
    check_deal,
    points_in_play,
    score_deal,
)
from scoring.deal_facts import DealResult
from scoring.duplicate import (
    BoardResult,
    BoardScore,
    DuplicateError,
    PairRow,
    Par,
    board_scores,
    par,
    score_boards,
    score_directions,
)
from scoring.errors import (
    DealResultError,
    GameFinishedError,
    MatchError,
    ScoringError,
    StandingsError,
)
from scoring.game import Game, ScoredDeal, Sheet, replay_sheet
from scoring.match import MatchFormat, MatchOutcome, SideOutcome, score_match
from scoring.metrics import METRICS, Metric, get_metric, register
from scoring.ratings import (
    Rating,
    RatingError,
    RatingMatch,
    Ratings,
    RatingSettings,
    rate,
    win_probability,
)
from scoring.records import MatchRecord, RoundKey
from scoring.seasons import (
    ClubRow,
    EventResult,
    LadderRow,
    club_ranking,
    event_results,
    red_lantern,
    season_ladder,
)
from scoring.standings import (
    DEFAULT_ORDER,
    StandingRow,
    Standings,
    draw_lot,
    rank_entries,
)
from scoring.tables import dealer_alone, table_players, table_rules
from scoring.threes import ThreesGame, ThreesOutcome, ThreesRow, score_threes

__all__ = [
    "DEFAULT_ORDER",
    "METRICS",
    "AuctionDeal",
    "AuctionGame",
    "AuctionRow",
    "AuctionScore",
    "BoardResult",
    "BoardScore",
    "ClubRow",
    "DealResult",
    "DealResultError",
    "DealScore",
    "DuplicateError",
    "EventResult",
    "Game",
    "GameFinishedError",
    "LadderRow",
    "MatchError",
    "MatchFormat",
    "MatchOutcome",
    "MatchRecord",
    "Metric",
    "PairRow",
    "Par",
    "Rating",
    "RatingError",
    "RatingMatch",
    "RatingSettings",
    "Ratings",
    "RoundKey",
    "ScoredDeal",
    "ScoringError",
    "Sheet",
    "SideOutcome",
    "StandingRow",
    "Standings",
    "StandingsError",
    "ThreesGame",
    "ThreesOutcome",
    "ThreesRow",
    "board_scores",
    "check_auction",
    "check_deal",
    "club_ranking",
    "dealer_alone",
    "draw_lot",
    "event_results",
    "get_metric",
    "par",
    "points_in_play",
    "rank_entries",
    "rate",
    "red_lantern",
    "register",
    "replay_auction",
    "replay_sheet",
    "score_auction",
    "score_boards",
    "score_deal",
    "score_directions",
    "score_match",
    "score_threes",
    "season_ladder",
    "table_players",
    "table_rules",
    "win_probability",
]
