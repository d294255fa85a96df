from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.spar_deck_deal import SparDeckDeal
from ...models.spar_hands_deal import SparHandsDeal
from ...models.spar_next_deck_deal import SparNextDeckDeal
from ...models.spar_next_hands_deal import SparNextHandsDeal
from ...models.spar_next_random_deal import SparNextRandomDeal
from ...models.spar_next_seed_deal import SparNextSeedDeal
from ...models.spar_problem import SparProblem
from ...models.spar_random_deal import SparRandomDeal
from ...models.spar_seed_deal import SparSeedDeal
from ...models.spar_state_response import SparStateResponse
from ...types import Response


def _get_kwargs(
    *,
    body: SparDeckDeal
    | SparHandsDeal
    | SparNextDeckDeal
    | SparNextHandsDeal
    | SparNextRandomDeal
    | SparNextSeedDeal
    | SparRandomDeal
    | SparSeedDeal,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/spar/deal",
    }

    if isinstance(body, SparRandomDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SparSeedDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SparDeckDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SparHandsDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SparNextRandomDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SparNextSeedDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, SparNextDeckDeal):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | SparProblem | SparStateResponse:
    if response.status_code == 200:
        response_200 = SparStateResponse.from_dict(response.json())

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
) -> Response[Problem | SparProblem | SparStateResponse]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SparDeckDeal
    | SparHandsDeal
    | SparNextDeckDeal
    | SparNextHandsDeal
    | SparNextRandomDeal
    | SparNextSeedDeal
    | SparRandomDeal
    | SparSeedDeal,
) -> Response[Problem | SparProblem | SparStateResponse]:
    """Deal a hand of Spar

     Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

    With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7);
    sealed mode: not from an audit's token (403 `audit_token`).

    Args:
        body (SparDeckDeal | SparHandsDeal | SparNextDeckDeal | SparNextHandsDeal |
            SparNextRandomDeal | SparNextSeedDeal | SparRandomDeal | SparSeedDeal):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SparProblem | SparStateResponse]
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
    body: SparDeckDeal
    | SparHandsDeal
    | SparNextDeckDeal
    | SparNextHandsDeal
    | SparNextRandomDeal
    | SparNextSeedDeal
    | SparRandomDeal
    | SparSeedDeal,
) -> Problem | SparProblem | SparStateResponse | None:
    """Deal a hand of Spar

     Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

    With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7);
    sealed mode: not from an audit's token (403 `audit_token`).

    Args:
        body (SparDeckDeal | SparHandsDeal | SparNextDeckDeal | SparNextHandsDeal |
            SparNextRandomDeal | SparNextSeedDeal | SparRandomDeal | SparSeedDeal):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SparProblem | SparStateResponse
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SparDeckDeal
    | SparHandsDeal
    | SparNextDeckDeal
    | SparNextHandsDeal
    | SparNextRandomDeal
    | SparNextSeedDeal
    | SparRandomDeal
    | SparSeedDeal,
) -> Response[Problem | SparProblem | SparStateResponse]:
    """Deal a hand of Spar

     Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

    With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7);
    sealed mode: not from an audit's token (403 `audit_token`).

    Args:
        body (SparDeckDeal | SparHandsDeal | SparNextDeckDeal | SparNextHandsDeal |
            SparNextRandomDeal | SparNextSeedDeal | SparRandomDeal | SparSeedDeal):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SparProblem | SparStateResponse]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: SparDeckDeal
    | SparHandsDeal
    | SparNextDeckDeal
    | SparNextHandsDeal
    | SparNextRandomDeal
    | SparNextSeedDeal
    | SparRandomDeal
    | SparSeedDeal,
) -> Problem | SparProblem | SparStateResponse | None:
    """Deal a hand of Spar

     Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

    With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7);
    sealed mode: not from an audit's token (403 `audit_token`).

    Args:
        body (SparDeckDeal | SparHandsDeal | SparNextDeckDeal | SparNextHandsDeal |
            SparNextRandomDeal | SparNextSeedDeal | SparRandomDeal | SparSeedDeal):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SparProblem | SparStateResponse
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
