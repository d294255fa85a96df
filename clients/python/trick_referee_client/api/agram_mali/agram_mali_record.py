from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.agram_mali_open_state_request import AgramMaliOpenStateRequest
from ...models.agram_mali_problem import AgramMaliProblem
from ...models.agram_mali_record_response import AgramMaliRecordResponse
from ...models.agram_mali_sealed_state_request import AgramMaliSealedStateRequest
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: AgramMaliOpenStateRequest | AgramMaliSealedStateRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/agram-mali/record",
    }

    if isinstance(body, AgramMaliOpenStateRequest):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AgramMaliProblem | AgramMaliRecordResponse | Problem:
    if response.status_code == 200:
        response_200 = AgramMaliRecordResponse.from_dict(response.json())

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
) -> Response[AgramMaliProblem | AgramMaliRecordResponse | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AgramMaliOpenStateRequest | AgramMaliSealedStateRequest,
) -> Response[AgramMaliProblem | AgramMaliRecordResponse | Problem]:
    """Write the hand's record (Agram (Mali version))

     The hand on one line (docs/notation.md): the game and rules version,
    the options that differ from the defaults, the seating, the match
    record of a later hand, the deal, every play in order and, once the
    hand is over, its result. `replay` with the record gives the hand
    back. Sealed mode: 403 `hidden_cards` until the hand is over; a
    finished sealed hand's record ends with its nonce and commitment,
    which anyone can check against its seed.

    Args:
        body (AgramMaliOpenStateRequest | AgramMaliSealedStateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgramMaliProblem | AgramMaliRecordResponse | Problem]
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
    body: AgramMaliOpenStateRequest | AgramMaliSealedStateRequest,
) -> AgramMaliProblem | AgramMaliRecordResponse | Problem | None:
    """Write the hand's record (Agram (Mali version))

     The hand on one line (docs/notation.md): the game and rules version,
    the options that differ from the defaults, the seating, the match
    record of a later hand, the deal, every play in order and, once the
    hand is over, its result. `replay` with the record gives the hand
    back. Sealed mode: 403 `hidden_cards` until the hand is over; a
    finished sealed hand's record ends with its nonce and commitment,
    which anyone can check against its seed.

    Args:
        body (AgramMaliOpenStateRequest | AgramMaliSealedStateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgramMaliProblem | AgramMaliRecordResponse | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AgramMaliOpenStateRequest | AgramMaliSealedStateRequest,
) -> Response[AgramMaliProblem | AgramMaliRecordResponse | Problem]:
    """Write the hand's record (Agram (Mali version))

     The hand on one line (docs/notation.md): the game and rules version,
    the options that differ from the defaults, the seating, the match
    record of a later hand, the deal, every play in order and, once the
    hand is over, its result. `replay` with the record gives the hand
    back. Sealed mode: 403 `hidden_cards` until the hand is over; a
    finished sealed hand's record ends with its nonce and commitment,
    which anyone can check against its seed.

    Args:
        body (AgramMaliOpenStateRequest | AgramMaliSealedStateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgramMaliProblem | AgramMaliRecordResponse | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: AgramMaliOpenStateRequest | AgramMaliSealedStateRequest,
) -> AgramMaliProblem | AgramMaliRecordResponse | Problem | None:
    """Write the hand's record (Agram (Mali version))

     The hand on one line (docs/notation.md): the game and rules version,
    the options that differ from the defaults, the seating, the match
    record of a later hand, the deal, every play in order and, once the
    hand is over, its result. `replay` with the record gives the hand
    back. Sealed mode: 403 `hidden_cards` until the hand is over; a
    finished sealed hand's record ends with its nonce and commitment,
    which anyone can check against its seed.

    Args:
        body (AgramMaliOpenStateRequest | AgramMaliSealedStateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgramMaliProblem | AgramMaliRecordResponse | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
