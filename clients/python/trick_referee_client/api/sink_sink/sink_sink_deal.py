from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.sink_sink_deck_deal import SinkSinkDeckDeal
from ...models.sink_sink_hands_deal import SinkSinkHandsDeal
from ...models.sink_sink_next_deck_deal import SinkSinkNextDeckDeal
from ...models.sink_sink_next_hands_deal import SinkSinkNextHandsDeal
from ...models.sink_sink_next_random_deal import SinkSinkNextRandomDeal
from ...models.sink_sink_next_seed_deal import SinkSinkNextSeedDeal
from ...models.sink_sink_problem import SinkSinkProblem
from ...models.sink_sink_random_deal import SinkSinkRandomDeal
from ...models.sink_sink_seed_deal import SinkSinkSeedDeal
from ...models.sink_sink_state_response import SinkSinkStateResponse
from ...types import Response


def _get_kwargs(
    *,
    body: SinkSinkDeckDeal
    | SinkSinkHandsDeal
    | SinkSinkNextDeckDeal
    | SinkSinkNextHandsDeal
    | SinkSinkNextRandomDeal
    | SinkSinkNextSeedDeal
    | SinkSinkRandomDeal
    | SinkSinkSeedDeal,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/sink-sink/deal",
    }

    if isinstance(body, SinkSinkRandomDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SinkSinkSeedDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SinkSinkDeckDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SinkSinkHandsDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SinkSinkNextRandomDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SinkSinkNextSeedDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SinkSinkNextDeckDeal):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | SinkSinkProblem | SinkSinkStateResponse:
    if response.status_code == 200:
        response_200 = SinkSinkStateResponse.from_dict(response.json())

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
        response_409 = SinkSinkProblem.from_dict(response.json())

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
) -> Response[Problem | SinkSinkProblem | SinkSinkStateResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SinkSinkDeckDeal
    | SinkSinkHandsDeal
    | SinkSinkNextDeckDeal
    | SinkSinkNextHandsDeal
    | SinkSinkNextRandomDeal
    | SinkSinkNextSeedDeal
    | SinkSinkRandomDeal
    | SinkSinkSeedDeal,
) -> Response[Problem | SinkSinkProblem | SinkSinkStateResponse]:
    """Deal a hand of Sink-Sink

     Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

    With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7);
    sealed mode: not from an audit's token (403 `audit_token`).

    Args:
        body (SinkSinkDeckDeal | SinkSinkHandsDeal | SinkSinkNextDeckDeal | SinkSinkNextHandsDeal
            | SinkSinkNextRandomDeal | SinkSinkNextSeedDeal | SinkSinkRandomDeal | SinkSinkSeedDeal):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SinkSinkProblem | SinkSinkStateResponse]
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
    body: SinkSinkDeckDeal
    | SinkSinkHandsDeal
    | SinkSinkNextDeckDeal
    | SinkSinkNextHandsDeal
    | SinkSinkNextRandomDeal
    | SinkSinkNextSeedDeal
    | SinkSinkRandomDeal
    | SinkSinkSeedDeal,
) -> Problem | SinkSinkProblem | SinkSinkStateResponse | None:
    """Deal a hand of Sink-Sink

     Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

    With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7);
    sealed mode: not from an audit's token (403 `audit_token`).

    Args:
        body (SinkSinkDeckDeal | SinkSinkHandsDeal | SinkSinkNextDeckDeal | SinkSinkNextHandsDeal
            | SinkSinkNextRandomDeal | SinkSinkNextSeedDeal | SinkSinkRandomDeal | SinkSinkSeedDeal):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SinkSinkProblem | SinkSinkStateResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SinkSinkDeckDeal
    | SinkSinkHandsDeal
    | SinkSinkNextDeckDeal
    | SinkSinkNextHandsDeal
    | SinkSinkNextRandomDeal
    | SinkSinkNextSeedDeal
    | SinkSinkRandomDeal
    | SinkSinkSeedDeal,
) -> Response[Problem | SinkSinkProblem | SinkSinkStateResponse]:
    """Deal a hand of Sink-Sink

     Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

    With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7);
    sealed mode: not from an audit's token (403 `audit_token`).

    Args:
        body (SinkSinkDeckDeal | SinkSinkHandsDeal | SinkSinkNextDeckDeal | SinkSinkNextHandsDeal
            | SinkSinkNextRandomDeal | SinkSinkNextSeedDeal | SinkSinkRandomDeal | SinkSinkSeedDeal):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SinkSinkProblem | SinkSinkStateResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: SinkSinkDeckDeal
    | SinkSinkHandsDeal
    | SinkSinkNextDeckDeal
    | SinkSinkNextHandsDeal
    | SinkSinkNextRandomDeal
    | SinkSinkNextSeedDeal
    | SinkSinkRandomDeal
    | SinkSinkSeedDeal,
) -> Problem | SinkSinkProblem | SinkSinkStateResponse | None:
    """Deal a hand of Sink-Sink

     Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

    With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7);
    sealed mode: not from an audit's token (403 `audit_token`).

    Args:
        body (SinkSinkDeckDeal | SinkSinkHandsDeal | SinkSinkNextDeckDeal | SinkSinkNextHandsDeal
            | SinkSinkNextRandomDeal | SinkSinkNextSeedDeal | SinkSinkRandomDeal | SinkSinkSeedDeal):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SinkSinkProblem | SinkSinkStateResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
