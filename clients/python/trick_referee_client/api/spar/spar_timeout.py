from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.spar_open_state_request import SparOpenStateRequest
from ...models.spar_play_response import SparPlayResponse
from ...models.spar_problem import SparProblem
from ...models.spar_sealed_state_request import SparSealedStateRequest
from ...types import Response


def _get_kwargs(
    *,
    body: SparOpenStateRequest | SparSealedStateRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/spar/timeout",
    }

    if isinstance(body, SparOpenStateRequest):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | SparPlayResponse | SparProblem:
    if response.status_code == 200:
        response_200 = SparPlayResponse.from_dict(response.json())

        return response_200

    if response.status_code == 400:
        response_400 = Problem.from_dict(response.json())

        return response_400

    if response.status_code == 403:
        response_403 = Problem.from_dict(response.json())

        return response_403

    if response.status_code == 408:
        response_408 = Problem.from_dict(response.json())

        return response_408

    if response.status_code == 409:
        response_409 = SparProblem.from_dict(response.json())

        return response_409

    if response.status_code == 413:
        response_413 = Problem.from_dict(response.json())

        return response_413

    if response.status_code == 415:
        response_415 = Problem.from_dict(response.json())

        return response_415

    if response.status_code == 422:
        response_422 = Problem.from_dict(response.json())

        return response_422

    if response.status_code == 500:
        response_500 = Problem.from_dict(response.json())

        return response_500

    if response.status_code == 503:
        response_503 = Problem.from_dict(response.json())

        return response_503

    response_default = Problem.from_dict(response.json())

    return response_default


def _build_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Response[Problem | SparPlayResponse | SparProblem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SparOpenStateRequest | SparSealedStateRequest,
) -> Response[Problem | SparPlayResponse | SparProblem]:
    """Play for a seat whose time ran out (Spar)

     Signed and sealed modes, in a match dealt with a clock: once the
    deadline of the seat to act has passed, the referee plays for it the
    move `suggest` with level `rules` would choose from that seat's view
    alone, and answers as `play` does; that play's `card_played` event has
    `"timeout": true`, and the hand's record marks it (`~`). Sealed mode:
    with the credential of any seat of the match. It spends the state as
    `play` does: the same timeout again answers the same body.

    Args:
        body (SparOpenStateRequest | SparSealedStateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SparPlayResponse | SparProblem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = client.get_httpx_client().request(
        **kwargs,
    )

    return _build_response(client=client, response=response)


def sync(
    *,
    client: AuthenticatedClient | Client,
    body: SparOpenStateRequest | SparSealedStateRequest,
) -> Problem | SparPlayResponse | SparProblem | None:
    """Play for a seat whose time ran out (Spar)

     Signed and sealed modes, in a match dealt with a clock: once the
    deadline of the seat to act has passed, the referee plays for it the
    move `suggest` with level `rules` would choose from that seat's view
    alone, and answers as `play` does; that play's `card_played` event has
    `"timeout": true`, and the hand's record marks it (`~`). Sealed mode:
    with the credential of any seat of the match. It spends the state as
    `play` does: the same timeout again answers the same body.

    Args:
        body (SparOpenStateRequest | SparSealedStateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SparPlayResponse | SparProblem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SparOpenStateRequest | SparSealedStateRequest,
) -> Response[Problem | SparPlayResponse | SparProblem]:
    """Play for a seat whose time ran out (Spar)

     Signed and sealed modes, in a match dealt with a clock: once the
    deadline of the seat to act has passed, the referee plays for it the
    move `suggest` with level `rules` would choose from that seat's view
    alone, and answers as `play` does; that play's `card_played` event has
    `"timeout": true`, and the hand's record marks it (`~`). Sealed mode:
    with the credential of any seat of the match. It spends the state as
    `play` does: the same timeout again answers the same body.

    Args:
        body (SparOpenStateRequest | SparSealedStateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SparPlayResponse | SparProblem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: SparOpenStateRequest | SparSealedStateRequest,
) -> Problem | SparPlayResponse | SparProblem | None:
    """Play for a seat whose time ran out (Spar)

     Signed and sealed modes, in a match dealt with a clock: once the
    deadline of the seat to act has passed, the referee plays for it the
    move `suggest` with level `rules` would choose from that seat's view
    alone, and answers as `play` does; that play's `card_played` event has
    `"timeout": true`, and the hand's record marks it (`~`). Sealed mode:
    with the credential of any seat of the match. It spends the state as
    `play` does: the same timeout again answers the same body.

    Args:
        body (SparOpenStateRequest | SparSealedStateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SparPlayResponse | SparProblem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
