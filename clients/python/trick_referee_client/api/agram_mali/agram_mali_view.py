from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.agram_mali_open_view_request import AgramMaliOpenViewRequest
from ...models.agram_mali_problem import AgramMaliProblem
from ...models.agram_mali_sealed_view_request import AgramMaliSealedViewRequest
from ...models.agram_mali_seat_view import AgramMaliSeatView
from ...models.agram_mali_spectator_view import AgramMaliSpectatorView
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: AgramMaliOpenViewRequest | AgramMaliSealedViewRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/agram-mali/view",
    }

    if isinstance(body, AgramMaliOpenViewRequest):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AgramMaliProblem | AgramMaliSeatView | AgramMaliSpectatorView | Problem:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> AgramMaliSeatView | AgramMaliSpectatorView:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_0 = AgramMaliSeatView.from_dict(data)

                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_1 = AgramMaliSpectatorView.from_dict(data)

            return response_200_type_1

        response_200 = _parse_response_200(response.json())

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
) -> Response[AgramMaliProblem | AgramMaliSeatView | AgramMaliSpectatorView | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AgramMaliOpenViewRequest | AgramMaliSealedViewRequest,
) -> Response[AgramMaliProblem | AgramMaliSeatView | AgramMaliSpectatorView | Problem]:
    """One seat's view (Agram (Mali version))

     What one seat may know, and nothing more: its own cards, what has been
    played and counts of the rest; never the deal or the seed. Sealed
    mode: the credential's seat's view; without a credential, the
    spectator's view (the public state; `seat` null, no cards of any
    seat's own, no legal moves).

    Args:
        body (AgramMaliOpenViewRequest | AgramMaliSealedViewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgramMaliProblem | AgramMaliSeatView | AgramMaliSpectatorView | Problem]
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
    body: AgramMaliOpenViewRequest | AgramMaliSealedViewRequest,
) -> AgramMaliProblem | AgramMaliSeatView | AgramMaliSpectatorView | Problem | None:
    """One seat's view (Agram (Mali version))

     What one seat may know, and nothing more: its own cards, what has been
    played and counts of the rest; never the deal or the seed. Sealed
    mode: the credential's seat's view; without a credential, the
    spectator's view (the public state; `seat` null, no cards of any
    seat's own, no legal moves).

    Args:
        body (AgramMaliOpenViewRequest | AgramMaliSealedViewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgramMaliProblem | AgramMaliSeatView | AgramMaliSpectatorView | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AgramMaliOpenViewRequest | AgramMaliSealedViewRequest,
) -> Response[AgramMaliProblem | AgramMaliSeatView | AgramMaliSpectatorView | Problem]:
    """One seat's view (Agram (Mali version))

     What one seat may know, and nothing more: its own cards, what has been
    played and counts of the rest; never the deal or the seed. Sealed
    mode: the credential's seat's view; without a credential, the
    spectator's view (the public state; `seat` null, no cards of any
    seat's own, no legal moves).

    Args:
        body (AgramMaliOpenViewRequest | AgramMaliSealedViewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgramMaliProblem | AgramMaliSeatView | AgramMaliSpectatorView | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: AgramMaliOpenViewRequest | AgramMaliSealedViewRequest,
) -> AgramMaliProblem | AgramMaliSeatView | AgramMaliSpectatorView | Problem | None:
    """One seat's view (Agram (Mali version))

     What one seat may know, and nothing more: its own cards, what has been
    played and counts of the rest; never the deal or the seed. Sealed
    mode: the credential's seat's view; without a credential, the
    spectator's view (the public state; `seat` null, no cards of any
    seat's own, no legal moves).

    Args:
        body (AgramMaliOpenViewRequest | AgramMaliSealedViewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgramMaliProblem | AgramMaliSeatView | AgramMaliSpectatorView | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
