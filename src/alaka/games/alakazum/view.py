"""What a seat may see of an Alakazum! position, as JSON-ready data.

Public: teams with levels, traits and brooms, the market pile (in order), the graveyard, the
box, revealed enemies, hand sizes, the deck's size, combats (fighters, helpers, die values,
potions played; once decided, the totals as fought, the winner and why, the hypnosis roll; the
last combat stays until the next), announcements and everything said in the log. Private: hand cards (their
owner; a card given by a trap also to the giver), the enemy a seat looked at with
Clairvoyance, the cards Forest Magic showed and the order they went back (the caster).
When the game is over every hand is shown, since the ranking counts objects and amulets.
A spectator (``seat=None``) sees only what is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from alaka.core.events import event_json
from alaka.core.protocol import JsonDict
from alaka.games.alakazum import rules, text
from alaka.games.alakazum.actions import seat_key
from alaka.games.alakazum.content import CULTURES, LEVELS
from alaka.games.alakazum.events import encoder

if TYPE_CHECKING:
    from alaka.games.alakazum.state import AlakazumState


def character_json(s: AlakazumState, pid: int, level: int | None = None) -> JsonDict:
    c = s.L.character(pid)
    at = s.level[pid] if level is None else level
    return {
        "card": s.L.keys[pid],
        "name": c.name,
        "culture": c.culture,
        "level": LEVELS[at],
        "combat": c.combat[at],
        "culture_points": c.culture_points[at],
        "resistance": c.resistance[at],
        "traits": sorted(c.traits),
        "magic_energy": c.magic_energy,
        "broom": s.broom_of[pid] >= 0,
    }


def _combat(s: AlakazumState) -> JsonDict | None:
    """The combat being fought, or else the last one (kept until the next combat). Once the
    combat points are compared, the totals, levels and winner are the ones fought (R5), not
    recomputed from the level the winner has gained since."""
    combat = s.combat if s.combat is not None else s.last_combat
    if combat is None:
        return None
    result = combat.result
    fought = dict(result.levels) if result is not None else {}
    sides = []
    for side in (0, 1):
        fighter, helper = combat.fighter[side], combat.helper[side]
        forest_character = combat.forest and side == 1
        if result is not None:
            total: int | None = result.totals[side]
        else:
            total = rules.combat_total(s, combat, side) if fighter >= 0 else None
        sides.append(
            {
                "seat": combat.owner[side] if combat.owner[side] >= 0 else None,
                "fighter": character_json(s, fighter, 0 if forest_character else fought.get(fighter))
                if fighter >= 0
                else None,
                "helper": character_json(s, helper, fought.get(helper)) if helper >= 0 else None,
                "total": total,
            }
        )
    return {
        "forest": combat.forest,
        "over": combat is not s.combat,
        "sides": sides,
        "die_values": {s.L.keys[pid]: value for pid, value in combat.values.items()},
        "potions": [
            {
                "seat": potion.seat,
                "card": s.L.name(potion.card),
                "as": potion.use,
                "in_effect": potion.in_effect,
            }
            for potion in combat.played
        ],
        "winner": combat.owner[result.winner] if result is not None else None,
        "reason": result.reason if result is not None else None,
        "roll": combat.roll or None,
        "die_total": rules.die_total(s, combat) if combat.roll else None,
        "hypnosis": combat.hypnosis or None,
    }


def _enemies(s: AlakazumState, seat: int | None) -> list[JsonDict]:
    out = []
    for position, pid in enumerate(s.enemy_at):
        revealed = bool(s.revealed >> position & 1)
        known = revealed or (seat is not None and pid >= 0 and bool(s.peeked[position] >> seat & 1))
        entry: JsonDict = {"position": position + 1, "revealed": revealed}
        if known:
            entry["name"] = s.L.name(pid)
            entry["culture_points"] = rules.enemy_points(s, pid)
        out.append(entry)
    return out


def log_json(s: AlakazumState, seat: int | None, since: int) -> list[JsonDict]:
    """The log from event number ``since`` as ``seat`` may see it: each event's JSON form
    (:func:`alaka.core.events.event_json`) and its sentence as ``text``."""
    encode = encoder(s.L)
    out = []
    for event in s.log[since:]:
        entry = event_json(event, seat, encode)
        entry["text"] = text.event_text(s, event, event.hidden_from(seat))
        out.append(entry)
    return out


def view(s: AlakazumState, seat: int | None, log_since: int | None = 0) -> JsonDict:
    if seat is not None and not 0 <= seat < s.n:
        raise ValueError(f"seat must be 0..{s.n - 1} or None, not {seat!r}")
    L = s.L
    outcome = s.outcome()
    players = []
    for q in range(s.n):
        shown = seat == q or s.phase == rules.PH_OVER  # hands are shown when the game ends
        hand: Any = [L.name(pid) for pid in s.hands[q]] if shown else None
        players.append(
            {
                "seat": q,
                "name": seat_key(q),
                "team": [character_json(s, pid) for pid in s.teams[q]],
                "hand": hand,
                "hand_size": len(s.hands[q]),
                "exchanges": s.exchanges[q],
                "culture_on_table": {
                    culture: rules.culture_total(s, q, culture, hand=False) for culture in CULTURES
                },
            }
        )
    mine = seat is not None and seat == s.player
    top_known = seat is not None and bool(s.top_known >> seat & 1)
    return {
        "game": "alakazum",
        "seat": seat,
        "num_players": s.n,
        "phase": text.PHASE_NAMES[s.phase],
        "decision": text.describe_decision(s),
        "current_player": s.current_player(),
        "active_player": s.player if s.start_player >= 0 else None,
        "start_player": s.start_player if s.start_player >= 0 else None,
        "turn": s.turns,
        "actions_left": s.actions_left if s.phase == rules.PH_ACTION else 0,
        "players": players,
        "enemies": _enemies(s, seat),
        "market": [L.name(pid) for pid in reversed(s.market)],
        "deck_size": len(s.deck) + len(s.deck_top),
        "deck_top_known": [L.name(pid) for pid in reversed(s.deck_top)] if top_known else None,
        "graveyard": [character_json(s, pid) for pid in s.graveyard],
        "initial_row": [character_json(s, pid, 0) for pid in s.row],
        "box": [L.name(pid) for pid in s.box],
        "combat": _combat(s),
        "announced": text.announcement(s),
        "voodoo_to_ask": [seat_key(q) for q in s.window],
        "forest_magic": [L.name(pid) for pid in s.fm_cards] if mine and s.fm_cards else None,
        "conjure": (
            {"culture": CULTURES[s.conjure_culture], "total": s.conjure_total}
            if s.phase in (rules.PH_REVEAL, rules.PH_SACRIFICE) and s.conjure_culture >= 0
            else None
        ),
        "log": [] if log_since is None else log_json(s, seat, log_since),
        "log_size": len(s.log),
        "outcome": outcome.to_json() if outcome is not None else None,
    }
