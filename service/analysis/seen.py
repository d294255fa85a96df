"""What a seat knows, built for the rules of thumb (``tips.Seen``): from its
view (the ``rules`` level), or from a world during a playout, where each seat
is given only what its own view would hold (the searching level)."""

from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping, Sequence

from ..cards import Card
from ..games import GAMES, Hand, TrickGame
from ..games.agency import HOLDERS_OF, AgencyState, AgencyView
from ..games.last_trick import FapfapPayouts, HandsWon, LastTrickState
from ..tricks import Play
from .tips import Seen
from .worlds import View


def pays(game: TrickGame) -> Mapping[str, int]:
    """Rank -> what winning the last trick with it pays, relative to other
    ranks (F2): Spar's points, Fapfap's multiplier of 2 for a 3; empty for
    the games that pay every rank alike and for Agency."""
    found = _PAYS.get(game.id)
    if found is None:
        scoring = getattr(game, "scoring", None)
        found = _PAYS[game.id] = (
            dict(scoring.points_by_rank) if isinstance(scoring, HandsWon)
            else {scoring.bonus_rank: 2} if isinstance(scoring, FapfapPayouts)
            else {}
        )
    return found


_PAYS: dict[str, Mapping[str, int]] = {}


def _seen(game: TrickGame, seat: int, legal: Sequence[Play], trick: Sequence[Play], own: Iterable[Card],
          played: Collection[Card], *, tricks_left: int, players: int, team_points: tuple[int, int] = (0, 0),
          options: Mapping[str, object]) -> Seen:
    mine = set(own)
    unseen = [card for card in game.deck if card not in played and card not in mine]
    return Seen(
        seat=seat, legal=legal, trick=trick, unseen=unseen, strength=game.strength, tricks_left=tricks_left,
        players=players, pays=pays(game), team_points=team_points,
        end_points=options.get("early_end_points", 22),  # type: ignore[arg-type]
    )


def seen_of(view: View) -> Seen:
    """What the view's seat knows (the ``rules`` level's input).

    Raises:
        ValueError: the view is not of the seat to act, or the hand is over.
    """
    if view.seat is None or view.seat != view.to_act or not view.legal_moves:
        raise ValueError("a move is suggested for the seat to act, from its own view, while the hand runs")
    game = GAMES[view.game]
    trick = view.trick.plays if view.trick is not None else ()
    played = {play.card for done in view.tricks for play in done.plays} | {play.card for play in trick}
    if isinstance(view, AgencyView):
        own = [card for h in HOLDERS_OF[view.seat] for card in view.holders[h].cards or ()]
        return _seen(game, view.seat, view.legal_moves, trick, own, played, tricks_left=0, players=4,
                     team_points=view.team_points, options=view.options)
    assert view.hand is not None
    return _seen(game, view.seat, view.legal_moves, trick, view.hand, played,
                 tricks_left=game.hand_size - len(view.tricks), players=view.players, options=view.options)


def seen_in(hand: Hand, played: Collection[Card]) -> Seen:
    """What the seat to act in ``hand`` (a world) knows: its own cards, the
    trick, and ``played`` (every card played so far), as its view would say."""
    seat = hand.to_act
    assert seat is not None
    game = hand.game
    if isinstance(hand, AgencyState):
        own = [card for h in HOLDERS_OF[seat] for card in hand.holders[h]]
        return _seen(game, seat, hand.legal_moves(), hand.plays, own, played, tricks_left=0, players=4,
                     team_points=hand.team_points, options=hand.options)
    assert isinstance(hand, LastTrickState)
    return _seen(game, seat, hand.legal_moves(), hand.plays, hand.hands[seat], played,
                 tricks_left=game.hand_size - len(hand.tricks), players=hand.players, options=hand.options)
