"""Independent reference (test oracle) for two rule sets of the referee.

Written from the rule texts only (docs/rules.md §§1-7 and 13, the public Botzone judge
``lpaladin/tsFightTheLandlord/judge_FTL2.py`` read as a rule text, and the project's decisions for
the online "huanle" table).  Standard library only; nothing is imported from the project.

Part A -- Botzone FTL2 (``botzone_classify``, ``botzone_game``)
  Cards are ids 0..53: id // 4 is the rank index (0 = the 3s ... 12 = the 2s), 52 black joker,
  53 red joker.  Point value: 3..14 for 3..A, 15 for 2, 16 black joker, 17 red joker.
  Bidding: seats 0, 1, 2 speak once each; a bid is 0 (pass) or 1..3 above every earlier bid; a 3
  ends bidding.  The highest bidder is landlord at stake = its bid; all pass: seat 0 at stake 1.
  Checks for one bid: not an int (bools rejected) / not 0..3 / not above the best bid ->
  INVALID_BID; a bid after bidding ended -> BIDDING_OVER (our name).  Plays while bidding is
  unfinished -> STILL_BIDDING (our name) at plays index 0, seat = the seat due to bid.
  Checks for one play, in this order (the judge's order):
    1. card by card, in the order given: not an int or not in the player's original cards
       (landlord: its 17 + kitty) -> MISSING_CARD; outside 0..53 -> OUT_OF_RANGE (unreachable
       after check 1, kept for fidelity); already played, or earlier in the same play ->
       REPEATED_CARD;
    2. the cards are no combination -> INVALID_CARDTYPE;
    3. leading (nothing played yet, or two passes since the last play) and a pass -> INVALID_PASS;
    4. following with a non-pass: priority rocket 3 > bomb 2 > any other 1; higher priority wins;
       lower -> LESS_COMPARE; different type -> MISMATCH_CARDTYPE; main or kicker length differs
       -> MISMATCH_CARDLENGTH; not every main card (sorted) higher than its counterpart ->
       LESS_COMPARE;
    5. an action after a seat ran out of cards -> GAME_OVER (our name).
  Multiplier = stake << (bombs + rockets + spring + anti_spring); spring: the landlord wins and
  both farmers still hold 17 cards; anti-spring: a farmer wins and the landlord made exactly one
  (non-pass) play.  Landlord wins: +2m / -m / -m; farmers win: the opposite.

Part B -- the online "huanle" table (``huanle_auction``, ``huanle_settle``)
  Order of checks for one event (the first that applies is reported):
    0. any event after a redeal -> hand_over
    1. seat not 0..2, unknown action, or a show without a known stage -> bad_event (our name)
    show:  no_show (our name: show_cards=False) -> show_twice -> show_out_of_order ->
           show_too_late -> show_too_early -> show_not_landlord
    call / decline:  already_called (someone called, or the calling round is over, including the
           all-declined-with-a-show landlord) -> wrong_seat
    rob / no_rob:  rob_before_call (no call in the record so far, also after an all-declined
           auction) -> rob_after_decline -> rob_twice (the caller counts as having spoken only after
           its rob back) -> wrong_seat (also: any rob once robbing is over by a seat that never
           robbed, e.g. the caller when nobody robbed)
    double / super_double / no_double:  no_doubling -> no_super_double -> still_bidding ->
           double_twice -> wrong_seat
  Reconciled with the engine's authors after the first differential run (the spec named no
  code for it): a call, decline, rob or no_rob once the landlord is known -> bidding_over, checked
  right after bad_event (this reference had said already_called, rob_after_decline, rob_twice or
  wrong_seat, depending on the seat).
  On an error the other fields describe the state just before the offending event.
  "complete" is False after a redeal (no play follows).  Shows are never turn actions.
"""

import itertools
from collections import Counter

# ----------------------------------------------------------------------------- Part A: Botzone


def _point(card: int) -> int:
    return card // 4 + 3 + (1 if card == 53 else 0)


def _is_card(c) -> bool:
    return isinstance(c, int) and not isinstance(c, bool)


def _consecutive(ranks: list[int]) -> bool:
    return all(b == a + 1 for a, b in itertools.pairwise(ranks))


def botzone_classify(cards: list[int]) -> tuple[str, list[int], list[int]]:  # noqa: PLR0912
    """(type, main cards, kicker cards), each list sorted by id; ("pass", [], []) for [].

    Not-a-combination is ("invalid", sorted cards, []).  Ids that are not distinct ints in 0..53
    are "invalid" too (the judge never classifies such a play: its card checks come first).
    """
    if len(cards) == 0:
        return ("pass", [], [])
    if not all(_is_card(c) and 0 <= c <= 53 for c in cards) or len(set(cards)) != len(cards):
        return ("invalid", sorted(c for c in cards if _is_card(c)), [])
    cs = sorted(cards)
    n = len(cs)
    bad = ("invalid", cs, [])
    pts = [_point(c) for c in cs]
    count = Counter(pts)
    groups = {k: sorted(p for p, v in count.items() if v == k) for k in range(1, 5)}

    def split(ranks):  # main = cards whose point is in ranks, kickers = the rest
        return ([c for c in cs if _point(c) in ranks], [c for c in cs if _point(c) not in ranks])

    if n == 1:
        return ("single", cs, [])
    if n == 2:
        if cs == [52, 53]:
            return ("rocket", cs, [])
        return ("pair", cs, []) if pts[0] == pts[1] else bad
    if n == 4 and len(count) == 1:
        return ("bomb", cs, [])
    if n >= 5 and len(groups[1]) == n and pts[-1] < 15 and _consecutive(pts):
        return ("straight", cs, [])
    if n >= 6 and len(groups[2]) * 2 == n and groups[2][-1] < 15 and _consecutive(groups[2]):
        return ("pair_chain", cs, [])
    if n <= 5 and len(groups[3]) == 1:
        main, kick = split(groups[3])
        if n == 3:
            return ("trio", main, kick)
        if n == 4:
            return ("trio_single", main, kick)
        return ("trio_pair", main, kick) if len(groups[2]) == 1 else bad  # 3+1+1 is no combination
    if n == 6 and len(groups[4]) == 1 and len(groups[1]) == 2:
        return ("four_two_singles", *split(groups[4]))
    if n == 8 and len(groups[4]) == 1 and len(groups[2]) == 2:
        return ("four_two_pairs", *split(groups[4]))
    trios, fours = groups[3], groups[4]
    if len(trios) > 1:
        # any rank held exactly three times must belong to the chain of trios
        if trios[-1] >= 15 or not _consecutive(trios):
            return bad
        k = len(trios)
        if n == 3 * k:
            return ("airplane", cs, [])
        if len(groups[1]) == k and n == 4 * k:
            return ("airplane_singles", *split(trios))
        if len(groups[2]) == k and n == 5 * k:
            return ("airplane_pairs", *split(trios))
        return bad
    if len(fours) > 1 and not trios and fours[-1] < 15 and _consecutive(fours):
        k = len(fours)
        if n == 4 * k:
            return ("space_shuttle", cs, [])
        if len(groups[1]) == k and n == 5 * k:
            return ("space_shuttle_singles", *split(fours))
        if len(groups[2]) == k and n == 6 * k:
            return ("space_shuttle_pairs", *split(fours))
    return bad


_PRIORITY = {"rocket": 3, "bomb": 2}


def _follow_error(last: tuple, cur: tuple) -> str | None:
    """Error name when `cur` (a non-pass) may not follow `last`, else None."""
    lp, cp = _PRIORITY.get(last[0], 1), _PRIORITY.get(cur[0], 1)
    if cp > lp:
        return None
    if cp < lp:
        return "LESS_COMPARE"
    if cur[0] != last[0]:
        return "MISMATCH_CARDTYPE"
    if len(cur[1]) != len(last[1]) or len(cur[2]) != len(last[2]):
        return "MISMATCH_CARDLENGTH"
    if all(_point(a) > _point(b) for a, b in zip(cur[1], last[1], strict=False)):
        return None
    return "LESS_COMPARE"


def botzone_game(  # noqa: PLR0912
    hands: list[list[int]], kitty: list[int], bids: list[int], plays: list[list[int]]
) -> dict:
    res = {
        "landlord": None,
        "stake": None,
        "error": None,
        "finished": False,
        "scores": None,
        "multiplier": None,
        "bombs": 0,
        "rockets": 0,
        "spring": False,
        "anti_spring": False,
    }

    def fail(part, index, seat, name):
        res["error"] = {"part": part, "index": index, "seat": seat, "name": name}
        return res

    # --- bidding
    best, best_seat, over = 0, None, False
    for i, b in enumerate(bids):
        if over:
            return fail("bids", i, i % 3, "BIDDING_OVER")
        if not _is_card(b) or b not in (0, 1, 2, 3) or (b != 0 and b <= best):
            return fail("bids", i, i, "INVALID_BID")
        if b > best:
            best, best_seat = b, i
        over = b == 3 or i == 2
    if not over:
        if plays:
            return fail("plays", 0, len(bids), "STILL_BIDDING")
        return res
    landlord = 0 if best_seat is None else best_seat  # intended rule: the highest bidder wins
    stake = max(best, 1)
    res["landlord"], res["stake"] = landlord, stake

    # --- play
    original = [set(h) for h in hands]
    original[landlord] |= set(kitty)
    held = [len(h) for h in hands]
    held[landlord] += len(kitty)
    played: set[int] = set()
    last = None  # classification of the last non-pass play
    passes = 0  # passes since that play
    landlord_plays = 0
    for i, play in enumerate(plays):
        seat = (landlord + i) % 3
        if res["finished"]:
            return fail("plays", i, seat, "GAME_OVER")
        for c in play:
            if not _is_card(c) or c not in original[seat]:
                return fail("plays", i, seat, "MISSING_CARD")
            if not 0 <= c <= 53:
                return fail("plays", i, seat, "OUT_OF_RANGE")
            if c in played:
                return fail("plays", i, seat, "REPEATED_CARD")
            played.add(c)
        kind = botzone_classify(list(play))
        if kind[0] == "invalid":
            return fail("plays", i, seat, "INVALID_CARDTYPE")
        leading = last is None or passes == 2
        if kind[0] == "pass":
            if leading:
                return fail("plays", i, seat, "INVALID_PASS")
            passes += 1
            continue
        if not leading:
            err = _follow_error(last, kind)
            if err:
                return fail("plays", i, seat, err)
        last, passes = kind, 0
        held[seat] -= len(play)
        res["bombs"] += kind[0] == "bomb"
        res["rockets"] += kind[0] == "rocket"
        landlord_plays += seat == landlord
        if held[seat] == 0:
            farmers = [(landlord + 1) % 3, (landlord + 2) % 3]
            res["finished"] = True
            if seat == landlord:
                res["spring"] = all(held[f] == len(hands[f]) for f in farmers)
            else:
                res["anti_spring"] = landlord_plays == 1
            m = stake << (res["bombs"] + res["rockets"] + res["spring"] + res["anti_spring"])
            sign = 1 if seat == landlord else -1
            res["multiplier"] = m
            res["scores"] = [sign * (2 * m if s == landlord else -m) for s in range(3)]
    return res


# ----------------------------------------------------------------------------- Part B: huanle

STAGES = {"before_deal": (0, 5), "early_deal": (1, 4), "late_deal": (2, 3), "after_kitty": (3, 2)}
_ACTIONS = {"call", "decline", "rob", "no_rob", "show", "double", "super_double", "no_double"}
_DOUBLE_FACTOR = {"double": 2, "super_double": 4, "no_double": 1}


def huanle_auction(  # noqa: PLR0912
    first_bidder: int, events: list, *, doubling: str = "double", show_cards: bool = True
) -> dict:
    if doubling not in ("none", "double", "super"):
        raise ValueError(f"doubling must be none, double or super, not {doubling!r}")
    shows: list[tuple[int, str]] = []  # (seat, stage) in record order
    spoken: list[int] = []  # seats that called or declined, in order
    declined: set[int] = set()
    caller = None
    rob_queue: list[int] = []  # seats still to say rob / no_rob (caller's rob back excluded)
    rob_said: set[int] = set()
    rob_back_due = False
    last_robber = None
    robs = 0
    landlord = None
    redeal = False
    factors = [1, 1, 1]
    doubled: set[int] = set()
    dbl_queue: list[int] = []

    def first_speaker():
        for s, st in shows:
            if st == "before_deal":
                return s
        return first_bidder

    def to_act():
        if redeal:
            return None
        if landlord is None:
            if caller is None:
                return (first_speaker() + len(spoken)) % 3
            return rob_queue[0] if rob_queue else caller
        return dbl_queue[0] if dbl_queue else None

    def allowed():
        if to_act() is None:
            return []
        if landlord is None:
            return ["call", "decline"] if caller is None else ["no_rob", "rob"]
        return ["double", "no_double"] + (["super_double"] if doubling == "super" else [])

    def set_landlord(seat):
        nonlocal landlord, dbl_queue
        landlord = seat
        dbl_queue = [] if doubling == "none" else [(seat + 1) % 3, (seat + 2) % 3, seat]

    def result(error=None):
        return {
            "error": error,
            "landlord": landlord,
            "redeal": redeal,
            "robs": robs,
            "show_factor": max([STAGES[st][1] for _, st in shows], default=1),
            "doublings": list(factors),
            "to_act": to_act(),
            "allowed": allowed(),
            "complete": landlord is not None and not dbl_queue,
        }

    for index, ev in enumerate(events):
        seat, action = ev[0], ev[1]
        stage = ev[2] if len(ev) > 2 else None

        def err(code, index=index):
            return result({"index": index, "code": code})

        if redeal:
            return err("hand_over")
        if (
            not _is_card(seat)
            or seat not in (0, 1, 2)
            or action not in _ACTIONS
            or (action == "show" and stage not in STAGES)
        ):
            return err("bad_event")

        if action == "show":
            if not show_cards:
                return err("no_show")
            if any(s == seat for s, _ in shows):
                return err("show_twice")
            if shows and STAGES[stage][0] < max(STAGES[st][0] for _, st in shows):
                return err("show_out_of_order")
            if stage != "after_kitty":
                if spoken:
                    return err("show_too_late")
            else:
                if landlord is None:
                    return err("show_too_early")
                if seat != landlord:
                    return err("show_not_landlord")
            shows.append((seat, stage))

        elif action in ("call", "decline", "rob", "no_rob") and landlord is not None:
            return err("bidding_over")  # reconciled with the engine (see the header)

        elif action in ("call", "decline"):
            if caller is not None or landlord is not None:
                return err("already_called")
            if seat != to_act():
                return err("wrong_seat")
            spoken.append(seat)
            if action == "call":
                caller = seat
                rob_queue = [s for s in ((seat + 1) % 3, (seat + 2) % 3) if s not in declined]
                if not rob_queue:
                    set_landlord(seat)
            else:
                declined.add(seat)
                if len(spoken) == 3:  # all three declined
                    if shows:
                        set_landlord(shows[0][0])
                    else:
                        redeal = True

        elif action in ("rob", "no_rob"):
            if caller is None:
                return err("rob_before_call")
            if seat in declined:
                return err("rob_after_decline")
            if seat in rob_said:
                return err("rob_twice")
            if seat != to_act() or landlord is not None:
                return err("wrong_seat")
            rob_said.add(seat)
            if action == "rob":
                robs += 1
                last_robber = seat
            if rob_back_due:  # the caller's rob back ends the robbing
                rob_back_due = False
                set_landlord(last_robber)
            else:
                rob_queue.pop(0)
                if not rob_queue:
                    if last_robber is None:
                        set_landlord(caller)
                    else:
                        rob_back_due = True

        else:  # double, super_double, no_double
            if doubling == "none":
                return err("no_doubling")
            if action == "super_double" and doubling != "super":
                return err("no_super_double")
            if landlord is None:
                return err("still_bidding")
            if seat in doubled:
                return err("double_twice")
            if seat != to_act():
                return err("wrong_seat")
            doubled.add(seat)
            dbl_queue.pop(0)
            factors[seat] = _DOUBLE_FACTOR[action]
    return result()


def huanle_settle(
    *,
    base_stake: int,
    robs: int,
    show_factor: int,
    bombs: int,
    rockets: int,
    spring: bool,
    anti_spring: bool,
    landlord: int,
    winner: str,
    doublings: list[int],
    multiplier_cap: int | None,
) -> dict:
    if winner not in ("landlord", "farmers"):
        raise ValueError(f"winner must be landlord or farmers, not {winner!r}")
    common = (2**robs) * show_factor * 2 ** (bombs + rockets + int(spring) + int(anti_spring))
    if multiplier_cap is not None:
        common = min(common, multiplier_cap)
    sign = 1 if winner == "landlord" else -1
    points = [0, 0, 0]
    for f in ((landlord + 1) % 3, (landlord + 2) % 3):
        amount = base_stake * common * doublings[f] * doublings[landlord]
        points[f] = -sign * amount
        points[landlord] += sign * amount
    return {"common": common, "points": points}


# ----------------------------------------------------------------------------- self-checks

if __name__ == "__main__":
    C = botzone_classify
    assert C([]) == ("pass", [], [])
    assert C([53, 52]) == ("rocket", [52, 53], [])
    assert C([0, 1]) == ("pair", [0, 1], []) and C([0, 4])[0] == "invalid"
    assert C([0, 4, 8, 12, 16])[0] == "straight"
    assert C([32, 36, 40, 44, 48])[0] == "invalid"  # T J Q K A 2 no: 2 inside
    assert C([0, 1, 2, 4]) == ("trio_single", [0, 1, 2], [4])
    assert C([0, 1, 2, 4, 8])[0] == "invalid"  # trio + two singles
    assert C([0, 1, 2, 3, 52, 53]) == ("four_two_singles", [0, 1, 2, 3], [52, 53])
    assert C([0, 1, 2, 3, 8, 9])[0] == "invalid"  # 3333+55
    assert C(list(range(8)))[0] == "space_shuttle"  # 33334444: not four_two_pairs
    assert C([0, 1, 2, 4, 5, 6, 52, 53])[0] == "airplane_singles"  # jokers as two wings
    assert C([0, 1, 2, 4, 5, 6, 8, 9])[0] == "invalid"  # 333444+55
    assert (
        C(list(range(3)) + list(range(4, 7)) + list(range(8, 11)) + [12, 13, 14])[0] == "airplane"
    )
    assert C([*list(range(8)), 8, 12])[0] == "space_shuttle_singles"
    assert _follow_error(C([4]), C([0])) == "LESS_COMPARE"
    assert _follow_error(C([0, 1, 2, 3]), C([52, 53])) is None
    assert _follow_error(C([0, 1, 2, 4]), C([8, 9, 10])) == "MISMATCH_CARDTYPE"
    assert _follow_error(C([0, 4, 8, 12, 16]), C([4, 8, 12, 16, 20, 24])) == "MISMATCH_CARDLENGTH"

    # docs/rules.md §7 (pagat): bid 3, two bombs and a rocket, landlord wins -> 24 from each farmer.
    h0 = [0, 8, 9, 10, 11, 12, 13, 14, 15, 52, 53, 16, 20, 24, 28, 32, 25]
    kitty = [40, 41, 42]
    rest = sorted(set(range(54)) - set(h0) - set(kitty) - {4})
    h1, h2 = [4, *rest[:16]], rest[16:]
    P = []
    plays = [
        [0],
        [4],
        P,
        [8, 9, 10, 11],
        P,
        P,
        [12, 13, 14, 15],
        P,
        P,
        [52, 53],
        P,
        P,
        [16, 20, 24, 28, 32],
        P,
        P,
        [40, 41, 42, 25],
    ]
    g = botzone_game([h0, h1, h2], kitty, [3], plays)
    assert g["error"] is None and g["finished"] and g["landlord"] == 0 and g["stake"] == 3
    assert (g["bombs"], g["rockets"], g["spring"], g["multiplier"]) == (2, 1, False, 24)
    assert g["scores"] == [48, -24, -24]
    # same without the farmer's card: a spring doubles once more
    g = botzone_game([h0, h1, h2], kitty, [3], [[0], P, P, *plays[3:]])
    assert g["spring"] and g["multiplier"] == 48 and g["scores"] == [96, -48, -48]
    assert botzone_game([h0, h1, h2], kitty, [3], [*plays, P])["error"]["name"] == "GAME_OVER"
    # intended rule (the judge's code would make seat 0 landlord): seat 1 bid highest
    g = botzone_game([h0, h1, h2], kitty, [0, 2, 0], [])
    assert (g["landlord"], g["stake"]) == (1, 2)
    assert botzone_game([h0, h1, h2], kitty, [0, 0, 0], [])["landlord"] == 0
    assert botzone_game([h0, h1, h2], kitty, [2, 1], [])["error"]["name"] == "INVALID_BID"
    assert botzone_game([h0, h1, h2], kitty, [3], [P])["error"]["name"] == "INVALID_PASS"
    e = botzone_game([h0, h1, h2], kitty, [3], [[0], [0]])["error"]
    assert (e["index"], e["seat"], e["name"]) == (1, 1, "MISSING_CARD")
    assert (
        botzone_game([h0, h1, h2], kitty, [3], [[0], P, P, [0]])["error"]["name"] == "REPEATED_CARD"
    )
    assert botzone_game([h0, h1, h2], kitty, [3], [[0, 8]])["error"]["name"] == "INVALID_CARDTYPE"
    assert (
        botzone_game([h0, h1, h2], kitty, [3], [[8, 9, 10, 11], [4]])["error"]["name"]
        == "LESS_COMPARE"
    )

    # huanle: seat 2 shows before the deal (x5) and speaks first although first_bidder is 0;
    # 2 calls, 0 robs, 1 robs, 2 robs back (3 robs, landlord 2); farmer 0 doubles.
    ev = [
        (2, "show", "before_deal"),
        (2, "call", None),
        (0, "rob", None),
        (1, "rob", None),
        (2, "rob", None),
        (0, "double", None),
        (1, "no_double", None),
    ]
    a = huanle_auction(0, ev)
    assert a["to_act"] == 2 and a["allowed"] == ["double", "no_double"] and not a["complete"]
    a = huanle_auction(0, [*ev, (2, "no_double", None)])
    assert a["error"] is None and a["complete"] and a["to_act"] is None and a["allowed"] == []
    assert (a["landlord"], a["robs"], a["show_factor"], a["doublings"]) == (2, 3, 5, [2, 1, 1])
    s = huanle_settle(
        base_stake=1,
        robs=3,
        show_factor=5,
        bombs=1,
        rockets=0,
        spring=False,
        anti_spring=False,
        landlord=2,
        winner="landlord",
        doublings=[2, 1, 1],
        multiplier_cap=None,
    )
    assert s == {"common": 80, "points": [-160, -80, 240]}
    s = huanle_settle(
        base_stake=1,
        robs=3,
        show_factor=5,
        bombs=1,
        rockets=0,
        spring=False,
        anti_spring=False,
        landlord=2,
        winner="farmers",
        doublings=[2, 1, 1],
        multiplier_cap=64,
    )
    assert s == {"common": 64, "points": [128, 64, -192]}
    # redeal, then anything is hand_over
    d = [(0, "decline", None), (1, "decline", None), (2, "decline", None)]
    a = huanle_auction(0, d)
    assert a["redeal"] and a["landlord"] is None and not a["complete"]
    assert huanle_auction(0, [*d, (0, "call", None)])["error"] == {"index": 3, "code": "hand_over"}
    # all decline after a show: the first shower is landlord, doubling follows
    a = huanle_auction(
        1,
        [
            (0, "show", "late_deal"),
            (1, "decline", None),
            (2, "decline", None),
            (0, "decline", None),
        ],
    )
    assert a["landlord"] == 0 and a["show_factor"] == 3 and a["to_act"] == 1
    # caller with a declined seat before it: only the remaining seat may rob
    a = huanle_auction(0, [(0, "decline", None), (1, "call", None)])
    assert a["to_act"] == 2 and a["allowed"] == ["no_rob", "rob"]
    a = huanle_auction(0, [(0, "decline", None), (1, "call", None), (0, "rob", None)])
    assert a["error"]["code"] == "rob_after_decline"
    a = huanle_auction(
        0, [(0, "decline", None), (1, "call", None), (2, "no_rob", None)], doubling="none"
    )
    assert a["landlord"] == 1 and a["complete"] and a["robs"] == 0
    assert huanle_auction(0, [(0, "rob", None)])["error"]["code"] == "rob_before_call"
    assert huanle_auction(0, [(1, "call", None)])["error"]["code"] == "wrong_seat"
    assert (
        huanle_auction(0, [(0, "call", None), (1, "call", None)])["error"]["code"]
        == "already_called"
    )
    assert (
        huanle_auction(0, [(0, "call", None), (1, "rob", None), (1, "rob", None)])["error"]["code"]
        == "rob_twice"
    )
    assert (
        huanle_auction(0, [(0, "call", None), (0, "double", None)])["error"]["code"]
        == "still_bidding"
    )
    assert (
        huanle_auction(0, [(0, "show", "late_deal"), (1, "show", "early_deal")])["error"]["code"]
        == "show_out_of_order"
    )
    assert (
        huanle_auction(0, [(0, "show", "late_deal"), (0, "show", "after_kitty")])["error"]["code"]
        == "show_twice"
    )
    assert (
        huanle_auction(0, [(0, "decline", None), (1, "show", "late_deal")])["error"]["code"]
        == "show_too_late"
    )
    assert huanle_auction(0, [(0, "show", "after_kitty")])["error"]["code"] == "show_too_early"
    won = [(0, "call", None), (1, "no_rob", None), (2, "no_rob", None)]
    assert (
        huanle_auction(0, [*won, (1, "show", "after_kitty")])["error"]["code"]
        == "show_not_landlord"
    )
    a = huanle_auction(0, [*won, (1, "double", None), (0, "show", "after_kitty")], doubling="super")
    assert a["error"] is None and a["show_factor"] == 2 and a["to_act"] == 2
    assert a["allowed"] == ["double", "no_double", "super_double"]
    assert (
        huanle_auction(0, [*won, (1, "super_double", None)])["error"]["code"] == "no_super_double"
    )
    assert (
        huanle_auction(0, [*won, (1, "double", None)], doubling="none")["error"]["code"]
        == "no_doubling"
    )
    assert huanle_auction(0, [*won, (2, "double", None)])["error"]["code"] == "wrong_seat"
    assert (
        huanle_auction(0, [*won, (1, "double", None), (1, "double", None)])["error"]["code"]
        == "double_twice"
    )
    print("online_reference self-checks passed")
