from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.fapfap_open_state_request import FapfapOpenStateRequest
from ...models.fapfap_problem import FapfapProblem
from ...models.fapfap_record_response import FapfapRecordResponse
from ...models.fapfap_sealed_state_request import FapfapSealedStateRequest
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: FapfapOpenStateRequest | FapfapSealedStateRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/fapfap/record",
    }

    if isinstance(body, FapfapOpenStateRequest):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> FapfapProblem | FapfapRecordResponse | Problem:
    if response.status_code == 200:
        response_200 = FapfapRecordResponse.from_dict(response.json())

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
) -> Response[FapfapProblem | FapfapRecordResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: FapfapOpenStateRequest | FapfapSealedStateRequest,
) -> Response[FapfapProblem | FapfapRecordResponse | Problem]:
    """Write the hand's record (Fapfap)

     The hand on one line (docs/notation.md): the game and rules version,
    the options that differ from the defaults, the seating, the match
    record of a later hand, the deal, every play in order and, once the
    hand is over, its result. `replay` with the record gives the hand
    back. Sealed mode: 403 `hidden_cards` until the hand is over; a
    finished sealed hand's record ends with its nonce and commitment,
    which anyone can check against its seed.

    Args:
        body (FapfapOpenStateRequest | FapfapSealedStateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FapfapProblem | FapfapRecordResponse | Problem]
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
    body: FapfapOpenStateRequest | FapfapSealedStateRequest,
) -> FapfapProblem | FapfapRecordResponse | Problem | None:
    """Write the hand's record (Fapfap)

     The hand on one line (docs/notation.md): the game and rules version,
    the options that differ from the defaults, the seating, the match
    record of a later hand, the deal, every play in order and, once the
    hand is over, its result. `replay` with the record gives the hand
    back. Sealed mode: 403 `hidden_cards` until the hand is over; a
    finished sealed hand's record ends with its nonce and commitment,
    which anyone can check against its seed.

    Args:
        body (FapfapOpenStateRequest | FapfapSealedStateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FapfapProblem | FapfapRecordResponse | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: FapfapOpenStateRequest | FapfapSealedStateRequest,
) -> Response[FapfapProblem | FapfapRecordResponse | Problem]:
    """Write the hand's record (Fapfap)

     The hand on one line (docs/notation.md): the game and rules version,
    the options that differ from the defaults, the seating, the match
    record of a later hand, the deal, every play in order and, once the
    hand is over, its result. `replay` with the record gives the hand
    back. Sealed mode: 403 `hidden_cards` until the hand is over; a
    finished sealed hand's record ends with its nonce and commitment,
    which anyone can check against its seed.

    Args:
        body (FapfapOpenStateRequest | FapfapSealedStateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[FapfapProblem | FapfapRecordResponse | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: FapfapOpenStateRequest | FapfapSealedStateRequest,
) -> FapfapProblem | FapfapRecordResponse | Problem | None:
    """Write the hand's record (Fapfap)

     The hand on one line (docs/notation.md): the game and rules version,
    the options that differ from the defaults, the seating, the match
    record of a later hand, the deal, every play in order and, once the
    hand is over, its result. `replay` with the record gives the hand
    back. Sealed mode: 403 `hidden_cards` until the hand is over; a
    finished sealed hand's record ends with its nonce and commitment,
    which anyone can check against its seed.

    Args:
        body (FapfapOpenStateRequest | FapfapSealedStateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        FapfapProblem | FapfapRecordResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
