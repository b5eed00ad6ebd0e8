"""Troef's models, split by concern. Deals are the only recorded facts of play."""

from club.models.clubs import Club, ClubRole, Membership, Pair, Player, can_edit_club

__all__ = ["Club", "ClubRole", "Membership", "Pair", "Player", "can_edit_club"]
