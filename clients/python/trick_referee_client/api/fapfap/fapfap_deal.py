from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.fapfap_deck_deal import FapfapDeckDeal
from ...models.fapfap_hands_deal import FapfapHandsDeal
from ...models.fapfap_next_deck_deal import FapfapNextDeckDeal
from ...models.fapfap_next_hands_deal import FapfapNextHandsDeal
from ...models.fapfap_next_random_deal import FapfapNextRandomDeal
from ...models.fapfap_next_seed_deal import FapfapNextSeedDeal
from ...models.fapfap_problem import FapfapProblem
from ...models.fapfap_random_deal import FapfapRandomDeal
from ...models.fapfap_seed_deal import FapfapSeedDeal
from ...models.fapfap_state_response import FapfapStateResponse
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: FapfapDeckDeal
    | FapfapHandsDeal
    | FapfapNextDeckDeal
    | FapfapNextHandsDeal
    | FapfapNextRandomDeal
    | FapfapNextSeedDeal
    | FapfapRandomDeal
    | FapfapSeedDeal,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/fapfap/deal",
    }

    if isinstance(body, FapfapRandomDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, FapfapSeedDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, FapfapDeckDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, FapfapHandsDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, FapfapNextRandomDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, FapfapNextSeedDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, FapfapNextDeckDeal):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> FapfapProblem | FapfapStateResponse | Problem:
    if response.status_code == 200:
        response_200 = FapfapStateResponse.from_dict(response.json())

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
        response_409 = FapfapProblem.from_dict(response.json())

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
) -> Response[FapfapProblem | FapfapStateResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: FapfapDeckDeal
    | FapfapHandsDeal
    | FapfapNextDeckDeal
    | FapfapNextHandsDeal
    | FapfapNextRandomDeal
    | FapfapNextSeedDeal
    | FapfapRandomDeal
    | FapfapSeedDeal,
) -> Response[FapfapProblem | FapfapStateResponse | Problem]:
    """Deal a hand of Fapfap

     Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

    With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7);
    sealed mode: not from an audit's token (403 `audit_token`).

    Args:
        body (FapfapDeckDeal | FapfapHandsDeal | FapfapNextDeckDeal | FapfapNextHandsDeal |
            FapfapNextRandomDeal | FapfapNextSeedDeal | FapfapRandomDeal | FapfapSeedDeal):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FapfapProblem | FapfapStateResponse | Problem]
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
    body: FapfapDeckDeal
    | FapfapHandsDeal
    | FapfapNextDeckDeal
    | FapfapNextHandsDeal
    | FapfapNextRandomDeal
    | FapfapNextSeedDeal
    | FapfapRandomDeal
    | FapfapSeedDeal,
) -> FapfapProblem | FapfapStateResponse | Problem | None:
    """Deal a hand of Fapfap

     Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

    With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7);
    sealed mode: not from an audit's token (403 `audit_token`).

    Args:
        body (FapfapDeckDeal | FapfapHandsDeal | FapfapNextDeckDeal | FapfapNextHandsDeal |
            FapfapNextRandomDeal | FapfapNextSeedDeal | FapfapRandomDeal | FapfapSeedDeal):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FapfapProblem | FapfapStateResponse | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: FapfapDeckDeal
    | FapfapHandsDeal
    | FapfapNextDeckDeal
    | FapfapNextHandsDeal
    | FapfapNextRandomDeal
    | FapfapNextSeedDeal
    | FapfapRandomDeal
    | FapfapSeedDeal,
) -> Response[FapfapProblem | FapfapStateResponse | Problem]:
    """Deal a hand of Fapfap

     Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

    With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7);
    sealed mode: not from an audit's token (403 `audit_token`).

    Args:
        body (FapfapDeckDeal | FapfapHandsDeal | FapfapNextDeckDeal | FapfapNextHandsDeal |
            FapfapNextRandomDeal | FapfapNextSeedDeal | FapfapRandomDeal | FapfapSeedDeal):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FapfapProblem | FapfapStateResponse | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: FapfapDeckDeal
    | FapfapHandsDeal
    | FapfapNextDeckDeal
    | FapfapNextHandsDeal
    | FapfapNextRandomDeal
    | FapfapNextSeedDeal
    | FapfapRandomDeal
    | FapfapSeedDeal,
) -> FapfapProblem | FapfapStateResponse | Problem | None:
    """Deal a hand of Fapfap

     Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

    With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7);
    sealed mode: not from an audit's token (403 `audit_token`).

    Args:
        body (FapfapDeckDeal | FapfapHandsDeal | FapfapNextDeckDeal | FapfapNextHandsDeal |
            FapfapNextRandomDeal | FapfapNextSeedDeal | FapfapRandomDeal | FapfapSeedDeal):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FapfapProblem | FapfapStateResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
