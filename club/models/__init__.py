"""Troef's models, split by concern. Deals are the only recorded facts of play."""

from club.models.accounts import SessionGeneration, SessionUser
from club.models.championships import Championship, Entry, Round, Seat, Stage, Table
from club.models.clubs import (
    Club,
    ClubRole,
    Membership,
    Pair,
    Player,
    can_edit_club,
    can_edit_player,
    players_not_editable,
)
from club.models.imports import PlayerImportJob
from club.models.reports import ReportJob
from club.models.rules import RuleSet
from club.models.sheets import Deal, DealChange, MatchResult
from club.models.standings import StandingsSnapshot

__all__ = [
    "Championship", "Club", "ClubRole", "Deal", "DealChange", "Entry", "MatchResult",
    "Membership", "Pair", "Player", "ReportJob", "Round", "RuleSet", "Seat", "Stage", "StandingsSnapshot", "Table",
    "can_edit_club",
    "PlayerImportJob", "can_edit_player", "players_not_editable",
    "SessionGeneration", "SessionUser",
]
