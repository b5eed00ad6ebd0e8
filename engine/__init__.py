"""Manille card play: cards, rule sets, legal play, deals and simulation. Pure Python.

>>> from engine import Card, legal_cards
>>> sorted(str(c) for c in legal_cards(["Qc", "7c", "Kd"], ["Jc"], trump="d"))
['Qc']
"""

from engine.cards import DECK, FULL_DECK, Card, CardSet
from engine.deal import Deal
from engine.errors import CardError, DealError, EngineError, IllegalPlay
from engine.facts import DealFacts, Renonce, Trick
from engine.obligations import Obligation, broken_obligation, obligations
from engine.play import beats, legal_cards, legal_mask, rule_flags, trick_winner
from engine.players import HeuristicPlayer, Player, RandomPlayer
from engine.renonce import find_renonce
from engine.rules import PRESETS, RuleSet, RuleSetError
from engine.sim import SimulatedDeal, simulate_deal, simulate_facts
from engine.table import deal_hands, seat_count, seat_sides

__all__ = [
    "DECK", "FULL_DECK", "PRESETS", "Card", "CardError", "CardSet", "Deal", "DealError",
    "DealFacts", "EngineError", "HeuristicPlayer", "IllegalPlay", "Obligation", "Player",
    "RandomPlayer", "Renonce", "RuleSet", "RuleSetError", "SimulatedDeal", "Trick", "beats",
    "broken_obligation", "deal_hands", "find_renonce", "legal_cards", "legal_mask",
    "obligations", "rule_flags", "seat_count", "seat_sides", "simulate_deal",
    "simulate_facts", "trick_winner",
]
