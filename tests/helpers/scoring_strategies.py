"""Hypothesis strategies: rule sets and valid deals under them, built from RULES.md, not from scoring."""

from __future__ import annotations

from hypothesis import strategies as st

from engine.rules import RuleSet

RULE_VARIANTS: list[RuleSet] = [
    RuleSet.preset("house"),
    RuleSet.preset("flemish"),
    RuleSet.preset("pagat"),
    RuleSet.preset("french"),
    RuleSet.preset("house").replace(tie_policy="stacked"),
    RuleSet.preset("house").replace(trick_bonus=True),
    RuleSet.preset("flemish").replace(multipliers_add=True),
    RuleSet.preset("pagat").replace(players=3),
    RuleSet.preset("pagat").replace(players=6, trick_bonus=True),
    RuleSet.preset("french").replace(doubling="knock_unlimited"),
    RuleSet.preset("house").replace(target=51),
    RuleSet.preset("house").replace(target=None, deals=8),
]

rule_sets = st.sampled_from(RULE_VARIANTS)
# Card points the 2 cards out of play can hold (3 and 6 players): 0 to 10.
MOST_OUT_OF_PLAY = 10


@st.composite
def deal_results(draw: st.DrawFn, rules: RuleSet, cancel: bool = True, renonce: bool = True):
    """A DealResult that is valid under ``rules``."""
    from scoring.deal_facts import DealResult

    kinds = ["played"] * 6 + ["capot", "tie"]
    if renonce:
        kinds.append("renonce")
    if cancel and rules.cancel_on_partner_look:
        kinds.append("cancelled")
    kind = draw(st.sampled_from(kinds))
    common = {
        "trump": draw(st.sampled_from(["c", "d", "h", "s", None])),
        "doubling": draw(st.sampled_from(rules.allowed_doublings())),
        "blind": draw(st.booleans()) if rules.blind_trump else False,
        "en_face": draw(st.booleans()) if rules.en_face else False,
    }
    if common["blind"]:  # a blind trump is never passed to the partner
        common["en_face"] = False
    if kind == "cancelled":
        return DealResult(points=None, trump=None, cancelled=True)
    if kind == "renonce":
        return DealResult(points=None, renonce=draw(st.sampled_from([0, 1])), **common)
    n = rules.tricks_per_deal
    bonus = rules.trick_bonus
    outs = list(range(MOST_OUT_OF_PLAY + 1)) if rules.players in (3, 6) else [0]
    if kind == "tie":
        outs = [out for out in outs if (60 - out + (n if bonus else 0)) % 2 == 0]
    out = draw(st.sampled_from(outs))
    cards = 60 - out
    if kind == "capot":
        side = draw(st.sampled_from([0, 1]))
        tricks = (n, 0) if side == 0 else (0, n)
        total = cards + (n if bonus else 0)
        points = (total, 0) if side == 0 else (0, total)
        with_tricks = bonus or draw(st.booleans())
        return DealResult(points=points, tricks=tricks if with_tricks else None,
                          all_tricks=side, **common)
    t0 = draw(st.integers(1, n - 1))
    if kind == "tie":
        c0 = (cards + n) // 2 - t0 if bonus else cards // 2
    else:
        c0 = draw(st.integers(0, cards))
    tricks = (t0, n - t0)
    points = (c0 + t0, cards - c0 + n - t0) if bonus else (c0, cards - c0)
    with_tricks = bonus or draw(st.booleans())
    return DealResult(points=points, tricks=tricks if with_tricks else None, **common)


@st.composite
def rules_and_deals(draw: st.DrawFn, max_deals: int = 40):
    rules = draw(rule_sets)
    deals = draw(st.lists(deal_results(rules), min_size=1, max_size=max_deals))
    return rules, deals
