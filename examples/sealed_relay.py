"""Four players hold a sealed game of Agency through a relay that knows no rules.

Start the referee in sealed mode, then run this file:

    REFEREE_SEALING_KEYS=$(python3 -c 'import secrets; print(secrets.token_urlsafe(32))') make run
    python3 examples/sealed_relay.py --url http://localhost:8000

The relay deals the first hand, hands each player one seat's credential, and
after that only forwards. It keeps the tokens to itself (players get public
states, views and events, never a token), keeps the newest token of the match
(the highest ``(match.hand, ply)``: ``ply`` starts again at 0 in each hand),
and passes each player's request on to the referee. No player ever holds
another seat's credential or a token, or sees a card hidden from it: each asks
for its own view and legal moves, and plays only for its own seat.
Only the standard library is used.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import urllib.error
import urllib.request
from typing import Any


def call(url: str, path: str, body: dict[str, Any], credential: str | None = None) -> dict[str, Any]:
    """POST JSON to the referee; the answer's JSON (a refusal raises with its sentence)."""
    headers = {"Content-Type": "application/json"}
    if credential:
        headers["Authorization"] = f"Bearer {credential}"
    request = urllib.request.Request(url + path, data=json.dumps(body).encode(), headers=headers, method="POST")
    try:
        with urllib.request.urlopen(request, timeout=10) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:
        problem = json.load(error)
        raise RuntimeError(f"{problem['status']} {problem['code']}: {problem['detail']}") from None


class Relay:
    """Forwards requests, and keeps only the newest token of the match."""

    def __init__(self, url: str, dealt: dict[str, Any]) -> None:
        self.url, self.token, self.state = url, dealt["token"], dealt["state"]

    def forward(self, name: str, body: dict[str, Any], credential: str | None = None) -> dict[str, Any]:
        """Pass a seat's request on with the newest token; keep the answer's
        token if newer, and answer the seat without it. A seat holding a
        token could try a move on it without the relay, and in Agency a move
        that ends the hand early reveals the seed (docs/holding.md: What sealed mode does not stop)."""
        answer = self.keep(call(self.url, f"/v1/games/agency/{name}", {"token": self.token, **body}, credential))
        return {key: value for key, value in answer.items() if key != "token"}

    def next_hand(self, credential: str, first_leader: int | None = None) -> dict[str, Any]:
        """Pass on a seat's request to deal the match's next hand from the
        newest token: the team that lost the hand names its leader (RULINGS
        A14), so the referee deals it only for a credential of a seat of that
        team. The seats keep their credentials."""
        body = {"previous": self.token, **({} if first_leader is None else {"first_leader": first_leader})}
        return self.keep(call(self.url, "/v1/games/agency/deal", body, credential))

    def keep(self, answer: dict[str, Any]) -> dict[str, Any]:
        if "token" in answer and newness(answer["state"]) > newness(self.state):
            self.token, self.state = answer["token"], answer["state"]
        return answer


def newness(state: dict[str, Any]) -> tuple[int, int]:
    """Where a public state stands in its match: its hand's number, then its
    ply (which starts again at 0 in each hand)."""
    return state["match"]["hand"], state["ply"]


class Player:
    """A client that knows only its own seat's credential."""

    def __init__(self, seat: int, credential: str, relay: Relay, rng: random.Random) -> None:
        self.seat, self.credential, self.relay, self.rng = seat, credential, relay, rng

    def take_turn(self) -> list[dict[str, Any]]:
        """If this seat is to act, play one of its legal moves; the events."""
        legal = self.relay.forward("legal-moves", {}, self.credential)
        if not legal["moves"]:
            return []
        view = self.relay.forward("view", {}, self.credential)
        move = self.rng.choice(legal["moves"])
        print(f"seat {self.seat} holds {len(view['reach'][0]['cards'])}+{len(view['reach'][1]['cards'])} in reach, plays {move['card']}")
        return self.relay.forward("play", {"move": move}, self.credential)["events"]

    def lead_next_hand(self) -> dict[str, Any]:
        """Ask for the next hand, this seat leading it (a seat of the team that lost, RULINGS A14)."""
        return self.relay.next_hand(self.credential, self.seat)


def main(url: str, seed: int) -> tuple[Relay, list[Player]]:
    """Deal a hand of Agency, play it to the end with four players, and check
    the revealed seed against the commitment published at the deal.

    Returns the relay, holding the hand's last token and public state, and the players by seat.

    Raises:
        SystemExit: the referee does not seal its states (no token in its deal).
    """
    dealt = call(url, "/v1/games/agency/deal", {})
    if "token" not in dealt:
        raise SystemExit(
            f"The referee at {url} is not in sealed mode: its deal answered the whole state and no token. "
            "Start it with REFEREE_SEALING_KEYS set (see the top of this file), then run this again.")
    relay = Relay(url, dealt)
    commitment = dealt["state"]["deal"]["commitment"]
    rng = random.Random(seed)
    players = [Player(entry["seat"], entry["credential"], relay, rng) for entry in dealt["seats"]]
    while not relay.state["hand_over"]:
        for player in players:
            for event in player.take_turn():
                if event["type"] in ("trick_won", "hand_over"):
                    print("  ", event)
    deal = relay.state["deal"]
    checked = hashlib.sha256(bytes.fromhex(deal["nonce"]) + deal["seed"].to_bytes(8, "big")).hexdigest()
    assert checked == commitment, "the revealed seed does not match the commitment"
    print(f"hand over after {relay.state['ply']} plays: team {relay.state['winner']} wins, points {relay.state['team_points']}; "
          f"seed {deal['seed']} matches the commitment {commitment[:16]}...")
    return relay, players


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--url", default="http://localhost:8000", help="the referee, running in sealed mode")
    parser.add_argument("--seed", type=int, default=1, help="seeds the players' random choices (not the deal)")
    arguments = parser.parse_args()
    main(arguments.url, arguments.seed)
