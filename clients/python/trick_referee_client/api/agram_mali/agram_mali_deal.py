from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.agram_mali_deck_deal import AgramMaliDeckDeal
from ...models.agram_mali_hands_deal import AgramMaliHandsDeal
from ...models.agram_mali_next_deck_deal import AgramMaliNextDeckDeal
from ...models.agram_mali_next_hands_deal import AgramMaliNextHandsDeal
from ...models.agram_mali_next_random_deal import AgramMaliNextRandomDeal
from ...models.agram_mali_next_seed_deal import AgramMaliNextSeedDeal
from ...models.agram_mali_problem import AgramMaliProblem
from ...models.agram_mali_random_deal import AgramMaliRandomDeal
from ...models.agram_mali_seed_deal import AgramMaliSeedDeal
from ...models.agram_mali_state_response import AgramMaliStateResponse
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: AgramMaliDeckDeal
    | AgramMaliHandsDeal
    | AgramMaliNextDeckDeal
    | AgramMaliNextHandsDeal
    | AgramMaliNextRandomDeal
    | AgramMaliNextSeedDeal
    | AgramMaliRandomDeal
    | AgramMaliSeedDeal,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/agram-mali/deal",
    }

    if isinstance(body, AgramMaliRandomDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AgramMaliSeedDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AgramMaliDeckDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AgramMaliHandsDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AgramMaliNextRandomDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AgramMaliNextSeedDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AgramMaliNextDeckDeal):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AgramMaliProblem | AgramMaliStateResponse | Problem:
    if response.status_code == 200:
        response_200 = AgramMaliStateResponse.from_dict(response.json())

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
        response_409 = AgramMaliProblem.from_dict(response.json())

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
) -> Response[AgramMaliProblem | AgramMaliStateResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AgramMaliDeckDeal
    | AgramMaliHandsDeal
    | AgramMaliNextDeckDeal
    | AgramMaliNextHandsDeal
    | AgramMaliNextRandomDeal
    | AgramMaliNextSeedDeal
    | AgramMaliRandomDeal
    | AgramMaliSeedDeal,
) -> Response[AgramMaliProblem | AgramMaliStateResponse | Problem]:
    """Deal a hand of Agram (Mali version)

     Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

    With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7);
    sealed mode: not from an audit's token (403 `audit_token`).

    Args:
        body (AgramMaliDeckDeal | AgramMaliHandsDeal | AgramMaliNextDeckDeal |
            AgramMaliNextHandsDeal | AgramMaliNextRandomDeal | AgramMaliNextSeedDeal |
            AgramMaliRandomDeal | AgramMaliSeedDeal):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgramMaliProblem | AgramMaliStateResponse | Problem]
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
    body: AgramMaliDeckDeal
    | AgramMaliHandsDeal
    | AgramMaliNextDeckDeal
    | AgramMaliNextHandsDeal
    | AgramMaliNextRandomDeal
    | AgramMaliNextSeedDeal
    | AgramMaliRandomDeal
    | AgramMaliSeedDeal,
) -> AgramMaliProblem | AgramMaliStateResponse | Problem | None:
    """Deal a hand of Agram (Mali version)

     Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

    With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7);
    sealed mode: not from an audit's token (403 `audit_token`).

    Args:
        body (AgramMaliDeckDeal | AgramMaliHandsDeal | AgramMaliNextDeckDeal |
            AgramMaliNextHandsDeal | AgramMaliNextRandomDeal | AgramMaliNextSeedDeal |
            AgramMaliRandomDeal | AgramMaliSeedDeal):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgramMaliProblem | AgramMaliStateResponse | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AgramMaliDeckDeal
    | AgramMaliHandsDeal
    | AgramMaliNextDeckDeal
    | AgramMaliNextHandsDeal
    | AgramMaliNextRandomDeal
    | AgramMaliNextSeedDeal
    | AgramMaliRandomDeal
    | AgramMaliSeedDeal,
) -> Response[AgramMaliProblem | AgramMaliStateResponse | Problem]:
    """Deal a hand of Agram (Mali version)

     Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

    With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7);
    sealed mode: not from an audit's token (403 `audit_token`).

    Args:
        body (AgramMaliDeckDeal | AgramMaliHandsDeal | AgramMaliNextDeckDeal |
            AgramMaliNextHandsDeal | AgramMaliNextRandomDeal | AgramMaliNextSeedDeal |
            AgramMaliRandomDeal | AgramMaliSeedDeal):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgramMaliProblem | AgramMaliStateResponse | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: AgramMaliDeckDeal
    | AgramMaliHandsDeal
    | AgramMaliNextDeckDeal
    | AgramMaliNextHandsDeal
    | AgramMaliNextRandomDeal
    | AgramMaliNextSeedDeal
    | AgramMaliRandomDeal
    | AgramMaliSeedDeal,
) -> AgramMaliProblem | AgramMaliStateResponse | Problem | None:
    """Deal a hand of Agram (Mali version)

     Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

    With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7);
    sealed mode: not from an audit's token (403 `audit_token`).

    Args:
        body (AgramMaliDeckDeal | AgramMaliHandsDeal | AgramMaliNextDeckDeal |
            AgramMaliNextHandsDeal | AgramMaliNextRandomDeal | AgramMaliNextSeedDeal |
            AgramMaliRandomDeal | AgramMaliSeedDeal):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgramMaliProblem | AgramMaliStateResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
