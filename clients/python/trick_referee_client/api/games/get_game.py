from http import HTTPStatus
from typing import Any
from urllib.parse import quote

import httpx

from ...client import AuthenticatedClient, Client
from ...models.game import Game
from ...models.get_game_game import GetGameGame
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    game: GetGameGame,
) -> dict[str, Any]:

    _kwargs: dict[str, Any] = {
        "method": "get",
        "url": "/v1/games/{game}".format(
            game=quote(str(game), safe=""),
        ),
    }

    return _kwargs


def _parse_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Game | Problem:
    if response.status_code == 200:
        response_200 = Game.from_dict(response.json())

        return response_200

    if response.status_code == 404:
        response_404 = Problem.from_dict(response.json())

        return response_404

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(*, client: AuthenticatedClient | Client, response: httpx.Response) -> Response[Game | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    game: GetGameGame,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Game | Problem]:
    """Describe one game

     Its seats, options with their defaults, deck (card codes) and rank order.

    Args:
        game (GetGameGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Game | Problem]
    """

    kwargs = _get_kwargs(
        game=game,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    game: GetGameGame,
    *,
    client: AuthenticatedClient | Client,
) -> Game | Problem | None:
    """Describe one game

     Its seats, options with their defaults, deck (card codes) and rank order.

    Args:
        game (GetGameGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Game | Problem
    """

    return sync_detailed(
        game=game,
        client=client,
    ).parsed


async def asyncio_detailed(
    game: GetGameGame,
    *,
    client: AuthenticatedClient | Client,
) -> Response[Game | Problem]:
    """Describe one game

     Its seats, options with their defaults, deck (card codes) and rank order.

    Args:
        game (GetGameGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Game | Problem]
    """

    kwargs = _get_kwargs(
        game=game,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    game: GetGameGame,
    *,
    client: AuthenticatedClient | Client,
) -> Game | Problem | None:
    """Describe one game

     Its seats, options with their defaults, deck (card codes) and rank order.

    Args:
        game (GetGameGame):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Game | Problem
    """

    return (
        await asyncio_detailed(
            game=game,
            client=client,
        )
    ).parsed
