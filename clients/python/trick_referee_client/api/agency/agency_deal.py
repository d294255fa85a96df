from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.agency_deck_deal import AgencyDeckDeal
from ...models.agency_hands_deal import AgencyHandsDeal
from ...models.agency_next_deck_deal import AgencyNextDeckDeal
from ...models.agency_next_hands_deal import AgencyNextHandsDeal
from ...models.agency_next_random_deal import AgencyNextRandomDeal
from ...models.agency_next_seed_deal import AgencyNextSeedDeal
from ...models.agency_problem import AgencyProblem
from ...models.agency_random_deal import AgencyRandomDeal
from ...models.agency_seed_deal import AgencySeedDeal
from ...models.agency_state_response import AgencyStateResponse
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: AgencyDeckDeal
    | AgencyHandsDeal
    | AgencyNextDeckDeal
    | AgencyNextHandsDeal
    | AgencyNextRandomDeal
    | AgencyNextSeedDeal
    | AgencyRandomDeal
    | AgencySeedDeal,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/agency/deal",
    }

    if isinstance(body, AgencyRandomDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AgencySeedDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AgencyDeckDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AgencyHandsDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AgencyNextRandomDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AgencyNextSeedDeal):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AgencyNextDeckDeal):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AgencyProblem | AgencyStateResponse | Problem:
    if response.status_code == 200:
        response_200 = AgencyStateResponse.from_dict(response.json())

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
        response_409 = AgencyProblem.from_dict(response.json())

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
) -> Response[AgencyProblem | AgencyStateResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AgencyDeckDeal
    | AgencyHandsDeal
    | AgencyNextDeckDeal
    | AgencyNextHandsDeal
    | AgencyNextRandomDeal
    | AgencyNextSeedDeal
    | AgencyRandomDeal
    | AgencySeedDeal,
) -> Response[AgencyProblem | AgencyStateResponse | Problem]:
    """Deal a hand of Agency

     Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

    With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7);
    sealed mode: not from an audit's token (403 `audit_token`).

    Args:
        body (AgencyDeckDeal | AgencyHandsDeal | AgencyNextDeckDeal | AgencyNextHandsDeal |
            AgencyNextRandomDeal | AgencyNextSeedDeal | AgencyRandomDeal | AgencySeedDeal):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgencyProblem | AgencyStateResponse | Problem]
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
    body: AgencyDeckDeal
    | AgencyHandsDeal
    | AgencyNextDeckDeal
    | AgencyNextHandsDeal
    | AgencyNextRandomDeal
    | AgencyNextSeedDeal
    | AgencyRandomDeal
    | AgencySeedDeal,
) -> AgencyProblem | AgencyStateResponse | Problem | None:
    """Deal a hand of Agency

     Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

    With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7);
    sealed mode: not from an audit's token (403 `audit_token`).

    Args:
        body (AgencyDeckDeal | AgencyHandsDeal | AgencyNextDeckDeal | AgencyNextHandsDeal |
            AgencyNextRandomDeal | AgencyNextSeedDeal | AgencyRandomDeal | AgencySeedDeal):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgencyProblem | AgencyStateResponse | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AgencyDeckDeal
    | AgencyHandsDeal
    | AgencyNextDeckDeal
    | AgencyNextHandsDeal
    | AgencyNextRandomDeal
    | AgencyNextSeedDeal
    | AgencyRandomDeal
    | AgencySeedDeal,
) -> Response[AgencyProblem | AgencyStateResponse | Problem]:
    """Deal a hand of Agency

     Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

    With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7);
    sealed mode: not from an audit's token (403 `audit_token`).

    Args:
        body (AgencyDeckDeal | AgencyHandsDeal | AgencyNextDeckDeal | AgencyNextHandsDeal |
            AgencyNextRandomDeal | AgencyNextSeedDeal | AgencyRandomDeal | AgencySeedDeal):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgencyProblem | AgencyStateResponse | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: AgencyDeckDeal
    | AgencyHandsDeal
    | AgencyNextDeckDeal
    | AgencyNextHandsDeal
    | AgencyNextRandomDeal
    | AgencyNextSeedDeal
    | AgencyRandomDeal
    | AgencySeedDeal,
) -> AgencyProblem | AgencyStateResponse | Problem | None:
    """Deal a hand of Agency

     Deal from a seed, a deck order, explicit hands, or at random (RULINGS A7, F3).

    With `previous` (a finished hand), deal the next hand of its match (RULINGS A14, F7);
    sealed mode: not from an audit's token (403 `audit_token`).

    Args:
        body (AgencyDeckDeal | AgencyHandsDeal | AgencyNextDeckDeal | AgencyNextHandsDeal |
            AgencyNextRandomDeal | AgencyNextSeedDeal | AgencyRandomDeal | AgencySeedDeal):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgencyProblem | AgencyStateResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
