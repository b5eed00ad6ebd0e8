"""Troef's models, split by concern. Deals are the only recorded facts of play. Who may do
what is in :mod:`club.access`."""

from club.models.accounts import Invitation, SessionGeneration, SessionUser, TemporaryPassword
from club.models.api import ApiToken, IdempotentRequest
from club.models.audit import ACTIONS, AuditEntry
from club.models.championships import Championship, Entry, Round, Seat, Stage, Table
from club.models.clubs import Club, ClubRole, Membership, Pair, Player
from club.models.duplicate import (
                                   DuplicateBoard,
                                   DuplicateEvent,
                                   DuplicatePair,
                                   DuplicateSession,
                                   DuplicateTable,
                                   Traveller,
                                   TravellerChange,
)
from club.models.imports import PlayerImportJob
from club.models.late import LateDeal
from club.models.ratings import (
    ClubRatingSettings,
    PendingRatingRefresh,
    PlayerRating,
    RatingPoint,
    RatingScope,
)
from club.models.reports import ReportJob
from club.models.rules import RuleSet
from club.models.sheets import Deal, DealChange, MatchResult
from club.models.standings import StandingsSnapshot
from club.models.throttle import ThrottleCount

__all__ = [
    "ACTIONS", "ApiToken", "AuditEntry", "Championship", "Club", "ClubRatingSettings", "ClubRole", "Deal", "DealChange", "DuplicateBoard", "DuplicateEvent",
    "DuplicatePair", "DuplicateSession", "DuplicateTable", "Entry",
    "IdempotentRequest", "Invitation", "LateDeal", "MatchResult", "Membership", "Pair", "PendingRatingRefresh", "Player", "PlayerImportJob", "PlayerRating", "RatingPoint", "RatingScope", "ReportJob", "Round", "RuleSet", "Seat",
    "SessionGeneration", "SessionUser", "Stage", "StandingsSnapshot", "Table", "TemporaryPassword", "ThrottleCount",
    "Traveller", "TravellerChange",
]
