"""Manille card play: cards, rule sets, legal play, deals and simulation; the auction games
(bidding, privilege, exchanges, the declarer's play) and blind Manille; duplicate boards and
double-dummy analysis. Pure Python.

>>> from engine import Card, legal_cards
>>> sorted(str(c) for c in legal_cards(["Qc", "7c", "Kd"], ["Jc"], trump="d"))
['Qc']
"""

from engine.auction import ALL_TRICKS, AuctionError, Bidding, Privilege, lowest_bid, total_in_play
from engine.auction_deal import Layout, deal_layout, deal_packets
from engine.auction_exchange import OpenExchange, WidowDraw
from engine.auction_play import AuctionFacts, ContractDeal
from engine.auction_sim import SimulatedAuction, simulate_auction, simulate_auction_facts
from engine.board import Board, BoardError
from engine.cards import DECK, FULL_DECK, Card, CardSet
from engine.dd import DDResult, double_dummy
from engine.dd_analysis import PlayCost, analyse_play, board_double_dummy
from engine.deal import Deal
from engine.doubling import Doubling, DoublingError
from engine.errors import CardError, DealError, EngineError, IllegalPlay
from engine.facts import DealFacts, Renonce, Trick
from engine.obligations import Obligation, broken_obligation, obligations
from engine.play import beats, legal_cards, legal_mask, rule_flags, trick_winner
from engine.players import HeuristicPlayer, Player, RandomPlayer
from engine.renonce import find_renonce
from engine.rules import GAME_PRESETS, PRESETS, RuleSet, RuleSetError
from engine.sim import SimulatedDeal, simulate_deal, simulate_facts
from engine.table import deal_hands, seat_count, seat_sides

__all__ = [
    "ALL_TRICKS", "DECK", "FULL_DECK", "GAME_PRESETS", "PRESETS", "AuctionError",
    "AuctionFacts", "Bidding", "Board", "BoardError", "Card", "CardError", "CardSet",
    "ContractDeal", "DDResult", "Deal", "DealError", "DealFacts", "Doubling", "DoublingError",
    "EngineError", "HeuristicPlayer", "IllegalPlay", "Layout", "Obligation", "OpenExchange",
    "PlayCost", "Player", "Privilege", "RandomPlayer", "Renonce", "RuleSet", "RuleSetError",
    "SimulatedAuction", "SimulatedDeal", "Trick", "WidowDraw", "analyse_play", "beats",
    "board_double_dummy", "broken_obligation", "deal_hands", "deal_layout", "deal_packets",
    "double_dummy", "find_renonce", "legal_cards", "legal_mask", "lowest_bid", "obligations",
    "rule_flags", "seat_count", "seat_sides", "simulate_auction", "simulate_auction_facts",
    "simulate_deal", "simulate_facts", "total_in_play", "trick_winner"
]
