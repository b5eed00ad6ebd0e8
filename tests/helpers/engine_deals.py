"""Worked deals of the engine tests, as hands by seat: the Flemish worked trick, and a deal
where one side takes every card point but not the last trick."""

from __future__ import annotations

# The Flemish worked trick. Players 2, 4, 3, 1 sit at seats 0, 1, 2, 3 (clockwise), so
# 1 and 4 (seats 3 and 1) are partners against 2 and 3 (seats 0 and 2); 1 deals.
FLEMISH_HANDS = [
    "Ks 10c Ac Kc Qc Jc 9c 8c",   # player 2
    "As 9s 7c 10d Ad Kd Qd Jd",   # player 4
    "7s Js 9d 8d 7d 10h Ah Kh",   # player 3
    "8s Qs 10s Qh Jh 9h 8h 7h",   # player 1
]

# Side 1 (seats 1 and 3) takes every card point but loses the last trick, of 0 points.
SIXTY_NOT_ALL = [
    "9s 10d Ad Kd Qd Jd 9d 8d",
    "10c Ac Kc Qc Jc 9c 8c 7s",
    "8s 10h Ah Kh Qh Jh 9h 8h",
    "7c 10s As Ks Qs Js 7d 7h",
]
SIXTY_NOT_ALL_TRICKS = ["8c 10h 7c 10d", "9c Ah 10s Ad", "Jc Kh As Kd", "Qc Qh Ks Qd",
                        "Kc Jh Qs Jd", "Ac 9h Js 9d", "10c 8h 7d 8d", "7s 8s 7h 9s"]
SIXTY_NOT_ALL_PLAY = [card for trick in SIXTY_NOT_ALL_TRICKS for card in trick.split()]
