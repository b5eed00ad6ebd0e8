"""Rule sets: every option of Manille that the rule texts disagree on, as one frozen value.

A :class:`RuleSet` is data. The engine (legal play, deals) and ``scoring`` (deal and game
points) read it; the web app stores it with :meth:`RuleSet.to_dict`. Presets are found by
name (``RuleSet.preset("flemish")``) and follow the table of RULES.md section 9.

>>> house = RuleSet.preset("house")
>>> house.allowed_doublings()
(1,)
>>> RuleSet.preset("flemish").allowed_doublings()
(1, 2, 4)
>>> house.replace(target=51).target
51
>>> RuleSet.preset("auction2").cards_per_player, RuleSet.preset("auction2").replace(players=7).cards_per_player
(8, 4)
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Literal

from engine.errors import EngineError
from engine.rule_checks import check_game, check_section14

Doubling = Literal["none", "mee_tegen", "knock", "knock_back", "knock_unlimited"]
TiePolicy = Literal["single", "stacked", "whole"]
GameName = Literal["partnership", "blind", "auction1", "auction2", "auction3"]
RenoncePenalty = Literal["sixty", "flat30"]
Direction = Literal["clockwise", "counterclockwise"]
SpareCards = Literal["face_up", "exchange"]
Redoubler = Literal["partner", "side"]

DOUBLINGS: tuple[str, ...] = ("none", "mee_tegen", "knock", "knock_back", "knock_unlimited")
TIE_POLICIES: tuple[str, ...] = ("single", "stacked", "whole")
#: The games a rule set can describe (RULES.md §13): the partnership game of §§2-9, blind
#: Manille, and the three auction games (each for themselves, 3 to 7 players).
GAMES: tuple[str, ...] = ("partnership", "blind", "auction1", "auction2", "auction3")
AUCTION_GAMES: tuple[str, ...] = ("auction1", "auction2", "auction3")
AUCTION_PLAYER_COUNTS: tuple[int, ...] = (3, 4, 5, 6, 7)
#: Cards per hand in the auction games, by game and players (RULES.md §13).
AUCTION_HANDS: dict[str, dict[int, int]] = {
    "auction1": {3: 10, 4: 7, 5: 6, 6: 5, 7: 4},
    "auction2": {3: 10, 4: 8, 5: 6, 6: 5, 7: 4},
    "auction3": {3: 9, 4: 7, 5: 6, 6: 5, 7: 4},
}
RENONCE_PENALTIES: tuple[str, ...] = ("sixty", "flat30")
DIRECTIONS: tuple[str, ...] = ("clockwise", "counterclockwise")
SPARE_CARDS: tuple[str, ...] = ("face_up", "exchange")
PLAYER_COUNTS: tuple[int, ...] = (2, 3, 4, 6)
#: Highest multiplier accepted with unlimited knocking by default (2**6, ``max_knocks=6``):
#: a sheet beyond it is a typo.
MAX_UNLIMITED_DOUBLING = 64
#: Options stored rule sets may still carry that no longer change anything: ``from_dict``
#: drops them. ``additive_knocks``: with ``multipliers_add`` every call adds 1 (§14), so
#: the flag that once chose it is implied.
RETIRED_OPTIONS = frozenset({"additive_knocks"})


class RuleSetError(EngineError):
    """An impossible or unknown combination of rule-set options; ``field`` names the option
    at fault (the first one, when two options clash)."""

    default_code = "rule_set"


@dataclass(frozen=True)
class RuleSet:
    """Every option of a Manille rule set (RULES.md sections 2-9).

    The defaults are the house rules, the project's default preset.
    """

    name: str = "house"
    # Table (sections 2 and 8)
    players: int = 4
    direction: Direction = "clockwise"
    # The 2 cards left over with 3 players (section 8): face up out of play, or the French
    # variant: face down, the dealer may exchange 0-2 of them unseen after naming trump, and
    # the side that wins the first trick adds them to its tricks (all 60 points in play).
    spare_cards: SpareCards = "face_up"
    # Play obligations (section 5), each its own option
    follow_suit: bool = True
    beat_led_suit: bool = True  # rule 2: beat an opponent winning in the led suit
    must_trump: bool = True  # rule 3: void and an opponent winning: trump
    must_overtrump: bool = True  # rule 3: ... and over-trump a trumped trick
    partner_winning_free: bool = True  # rule 4: partner winning: no duty to beat or trump
    no_undertrump: bool = True  # rule 5: no lower trump on a trumped plain-suit lead
    # Announcement (section 3)
    en_face: bool = False
    blind_trump: bool = False
    no_trump_quota: int | None = None  # most no-trump calls per side per game; None: no cap
    cancel_on_partner_look: bool = True
    # Doubling and multipliers (sections 4 and 6)
    doubling: Doubling = "none"
    no_trump_multiplier: int = 2
    all_tricks_multiplier: int = 2
    blind_multiplier: int = 2
    tie_multiplier: int = 2
    multipliers_add: bool = False  # True: x2 and x2 make x3, not x4
    tie_policy: TiePolicy = "single"
    renonce_penalty: RenoncePenalty = "sixty"
    trick_bonus: bool = False  # one card point per trick taken (68 in play, threshold 34)
    # Game end (section 7): a target, or a fixed number of deals
    target: int | None = 101
    deals: int | None = None
    # Which game (RULES.md §13); spoken Manille changes neither play nor scoring
    game: GameName = "partnership"
    spoken: bool = False
    # Options other programs use (RULES.md §14), all off by default
    beat_on_trump_lead_only: bool = False  # the duty to beat: only on a trump lead (any in NT)
    beat_partner_on_trump_lead: bool = False  # trump lead (or NT): beat even a partner's card
    double_no_trump: bool = True  # False: a no-trump deal cannot be doubled
    must_undertrump: bool = False  # void, an opponent trumped, no higher trump: trump lower
    redouble_by: Redoubler = "partner"  # mee/tegen: who says tegen (§4: the partner)
    max_knocks: int = 6  # unlimited knocking: most knocks a sheet records (6: x64; up to 10)
    packets: tuple[int, ...] | None = None  # dealing packets; None: see engine.auction_deal
    # Auction games (RULES.md §13); None: the project's default named in the docstring
    stakes: tuple[int, ...] | None = None  # auction1: stake by cards drawn; None: widow+1-k
    declarer_target: int | None = None  # auction1: None: 21 with 3-4 players, 15 with 5-7
    discards_count: bool = False  # auction1: the declarer's discards count for him
    lowest_bid: int | None = None  # auction2/3: None: total in play / players, rounded up
    all_tricks_value: int | None = None  # auction2/3: None: twice the total in play
    open_widow_doubling: bool = False  # auction3: x2 all-tricks bid, x2 without exchanging
    description: str = field(default="", compare=False)

    def __post_init__(self) -> None:
        for name in ("packets", "stakes"):  # JSON gives lists; a RuleSet stays hashable
            value = getattr(self, name)
            if isinstance(value, list):
                object.__setattr__(self, name, tuple(value))
        self.validate()

    # -- construction -------------------------------------------------------------------

    @classmethod
    def preset(cls, name: str) -> RuleSet:
        """The shipped preset called ``name``: house, flemish, pagat or french (the
        partnership game), or auction1, auction2, auction3, blind (:data:`GAME_PRESETS`)."""
        found = PRESETS.get(name) or GAME_PRESETS.get(name)
        if found is None:
            raise RuleSetError(f"unknown rule set {name!r}: choose one of "
                               f"{', '.join([*PRESETS, *GAME_PRESETS])}",
                               code="unknown_preset", field="name")
        return found

    @classmethod
    def coerce(cls, rules: RuleSet | str | None) -> RuleSet:
        """A RuleSet from a RuleSet, a preset name, or None (the house rules)."""
        if rules is None:
            return PRESETS["house"]
        if isinstance(rules, RuleSet):
            return rules
        if isinstance(rules, str):
            return cls.preset(rules)
        raise RuleSetError(f"rules must be a RuleSet or a preset name, not {type(rules).__name__}",
                           code="rules_type")

    def replace(self, **changes: Any) -> RuleSet:
        """A copy with ``changes``; raises :class:`RuleSetError` for an impossible set."""
        unknown = set(changes) - {f.name for f in dataclasses.fields(self)}
        if unknown:
            raise RuleSetError(f"unknown rule-set option(s): {', '.join(sorted(unknown))}",
                               code="unknown_option", field=min(unknown))
        return dataclasses.replace(self, **changes)

    def with_players(self, players: int, **changes: Any) -> RuleSet:
        """These rules at a table of ``players``: own dealing packets are dropped when they no
        longer add up to a hand (the table then deals the default packets).

        >>> RuleSet(packets=(4, 4)).with_players(3).packets is None
        True
        """
        if players == self.players and not changes:
            return self
        if "packets" in changes:  # packets given for the new table
            packets = changes.pop("packets")
        else:
            packets = self.packets
            hands = AUCTION_HANDS.get(self.game, {2: 8, 3: 10, 4: 8, 6: 5})
            if packets is not None and sum(packets) != hands.get(players):
                packets = None
        return self.replace(players=players, packets=packets, **changes)

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict of every option; :meth:`from_dict` reads it back."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RuleSet:
        """Read a dict written by :meth:`to_dict`; missing options take the defaults, retired
        ones (:data:`RETIRED_OPTIONS`) are dropped."""
        known = {f.name for f in dataclasses.fields(cls)}
        data = {name: value for name, value in data.items() if name not in RETIRED_OPTIONS}
        unknown = set(data) - known
        if unknown:
            raise RuleSetError(f"unknown rule-set option(s): {', '.join(sorted(unknown))}",
                               code="unknown_option", field=min(unknown))
        return cls(**data)

    # -- validation ---------------------------------------------------------------------

    def validate(self) -> None:
        def need(ok: bool, field: str, message: str, code: str = "option_invalid") -> None:
            """Refuse with ``message`` about option ``field`` unless ``ok``."""
            if not ok:
                raise RuleSetError(f"{field}: {message}", code=code, field=field)

        for name in (
            "follow_suit", "beat_led_suit", "must_trump", "must_overtrump",
            "partner_winning_free", "no_undertrump", "en_face", "blind_trump",
            "cancel_on_partner_look", "multipliers_add", "trick_bonus", "spoken",
            "beat_on_trump_lead_only", "beat_partner_on_trump_lead", "double_no_trump",
            "discards_count", "open_widow_doubling", "must_undertrump",
        ):
            need(isinstance(getattr(self, name), bool), name, "must be true or false")
        need(self.game in GAMES, "game", f"must be one of {GAMES}, not {self.game!r}",
             "game_unknown")
        auction = self.game in AUCTION_GAMES
        counts = AUCTION_PLAYER_COUNTS if auction else (4,) if self.game == "blind" else PLAYER_COUNTS
        need(self.players in counts, "players", f"must be one of {counts}, not {self.players!r}")
        need(self.direction in DIRECTIONS, "direction", f"must be one of {DIRECTIONS}")
        need(self.doubling in DOUBLINGS, "doubling", f"must be one of {DOUBLINGS}")
        need(self.tie_policy in TIE_POLICIES, "tie_policy", f"must be one of {TIE_POLICIES}")
        need(self.renonce_penalty in RENONCE_PENALTIES, "renonce_penalty",
             f"must be one of {RENONCE_PENALTIES}")
        for name in ("no_trump_multiplier", "all_tricks_multiplier", "blind_multiplier",
                     "tie_multiplier"):
            value = getattr(self, name)
            need(isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 8,
                 name, "must be a whole number from 1 to 8")
        need((self.target is None) != (self.deals is None), "target",
             "a game ends either at a target or after a number of deals, exactly one of the two",
             "target_or_deals")
        if self.target is not None:
            need(isinstance(self.target, int) and 1 <= self.target <= 1000, "target",
                 "must be a whole number of game points from 1 to 1000")
        if self.deals is not None:
            need(isinstance(self.deals, int) and 1 <= self.deals <= 200, "deals",
                 "must be a whole number of deals from 1 to 200")
        if self.no_trump_quota is not None:
            need(isinstance(self.no_trump_quota, int) and self.no_trump_quota >= 0,
                 "no_trump_quota", "must be a whole number of no-trump calls, 0 or more")
        need(self.follow_suit or not self.beat_led_suit, "beat_led_suit",
             "beating in the led suit needs follow_suit", "beat_needs_follow")
        need(self.must_trump or not self.must_overtrump, "must_overtrump",
             "over-trumping is a duty only where trumping is (must_trump)",
             "overtrump_needs_trump")
        need(not (self.en_face and self.players in (2, 3)), "en_face",
             "passing the trump choice needs a partner at the table (4 or 6 players)",
             "en_face_needs_partner")
        need(self.spare_cards in SPARE_CARDS, "spare_cards", f"must be one of {SPARE_CARDS}")
        need(self.spare_cards == "face_up" or self.players == 3, "spare_cards",
             "exchanging the spare cards is the 3-player French variant (players must be 3)",
             "exchange_needs_three")
        check_section14(self, need)
        check_game(self, need, auction)

    # -- derived facts ------------------------------------------------------------------

    def allowed_doublings(self) -> tuple[int, ...]:
        """The doubling multipliers a sheet may record under this rule set.

        >>> len(RuleSet(doubling="knock_unlimited", max_knocks=8).allowed_doublings())
        9
        """
        if self.doubling == "none":
            return (1,)
        if self.doubling == "knock":
            return (1, 2)
        if self.doubling in ("mee_tegen", "knock_back"):
            return (1, 2, 4)
        out, value = [], 1
        while value <= 1 << self.max_knocks:
            out.append(value)
            value *= 2
        return tuple(out)

    @property
    def can_revoke(self) -> bool:
        """Whether a player can revoke (a renonce): not in blind Manille, where every card is
        drawn at random from the hand and any card is legal (RULES.md §13)."""
        return self.game != "blind"

    @property
    def auction(self) -> bool:
        """Whether this is one of the auction games (each for themselves, a declarer)."""
        return self.game in AUCTION_GAMES

    @property
    def cards_per_player(self) -> int:
        """8 with 2 (each hand and its dummy), 4 players; 10 with 3; 5 with 6; in the
        auction games see :data:`AUCTION_HANDS`."""
        hands = AUCTION_HANDS.get(self.game)
        if hands is not None:
            return hands[self.players]
        return {2: 8, 3: 10, 4: 8, 6: 5}[self.players]

    @property
    def tricks_per_deal(self) -> int:
        return self.cards_per_player

    @property
    def cards_out_of_play(self) -> int:
        """Cards lying out of play each deal: 2 with 3 and 6 players."""
        return 32 - self.cards_per_player * (4 if self.players == 2 else self.players)

    @property
    def cards_never_won(self) -> int:
        """Cards no side can win: those lying out of play (none when the French exchange
        gives the spare cards to the winner of the first trick).

        >>> RuleSet(players=3).cards_never_won, RuleSet(players=3, spare_cards="exchange").cards_never_won
        (2, 0)
        """
        return 0 if self.spare_cards == "exchange" else self.cards_out_of_play

    def combine(self, *multipliers: int) -> int:
        """Combine multipliers as this rule set says: multiply them, or add their excess.

        >>> RuleSet().combine(2, 2)
        4
        >>> RuleSet(multipliers_add=True).combine(2, 2)
        3
        """
        if self.multipliers_add:
            return 1 + sum(m - 1 for m in multipliers)
        product = 1
        for m in multipliers:
            product *= m
        return product


#: The partnership game's presets (RULES.md §9). The club app stores each preset as a rule set
#: by a data migration that writes its options out (a new or changed preset: a new migration).
PRESETS: dict[str, RuleSet] = {
    "house": RuleSet(
        name="house",
        description="The house rules: no doubling, single pending x2 after 30-30, "
        "no under-trumping.",
    ),
    "flemish": RuleSet(
        name="flemish",
        doubling="mee_tegen",
        no_undertrump=False,
        description="Flemish standard: mee/tegen doubling (x2/x4), under-trumping allowed.",
    ),
    "pagat": RuleSet(
        name="pagat",
        doubling="mee_tegen",
        no_undertrump=False,
        description="Pagat / Lanssens: as Flemish; also played by 2, 3 and 6 players.",
    ),
    "french": RuleSet(
        name="french",
        direction="counterclockwise",
        beat_led_suit=False,
        must_trump=False,
        must_overtrump=False,
        no_undertrump=False,
        en_face=True,
        blind_trump=True,
        cancel_on_partner_look=False,
        doubling="knock",
        renonce_penalty="flat30",
        description="French: follow suit, trumping optional, knocking, en face, "
        "blind trump allowed, renonce a flat 30.",
    ),
}

_FRENCH_PLAY = {"direction": "counterclockwise", "beat_led_suit": False, "must_trump": False,
                "must_overtrump": False, "no_undertrump": False, "cancel_on_partner_look": False}
_AUCTION = {**_FRENCH_PLAY, "trick_bonus": True, "target": None, "deals": 12}

#: The presets of the other games of RULES.md §13 (apart from :data:`PRESETS`, the partnership
#: game's). Spoken Manille is the ``spoken`` flag of any preset.
GAME_PRESETS: dict[str, RuleSet] = {
    "auction1": RuleSet(
        name="auction1", game="auction1", **_AUCTION,
        description="Auction Manille 1: the privilege passes round until taken, the declarer "
        "draws from the widow one card at a time; 21 (3-4 players) or 15 to make."),
    "auction2": RuleSet(
        name="auction2", game="auction2", **_AUCTION,
        description="Auction Manille 2: sevens removed, each bids a count (cards + tricks) or "
        "all tricks; the declarer scores or loses his bid."),
    "auction3": RuleSet(
        name="auction3", game="auction3", **_AUCTION,
        description="Auction Manille 3: packets of three, cards laid out open and closed; the "
        "highest bidder may exchange with them."),
    "blind": RuleSet(
        name="blind", game="blind", **_FRENCH_PLAY, follow_suit=False,
        description="Blind Manille: each sees every hand but his own and plays a card drawn at "
        "random: no obligations, no renonce; scored as the partnership game."),
}
