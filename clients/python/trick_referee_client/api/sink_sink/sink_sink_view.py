from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.problem import Problem
from ...models.sink_sink_open_view_request import SinkSinkOpenViewRequest
from ...models.sink_sink_problem import SinkSinkProblem
from ...models.sink_sink_sealed_view_request import SinkSinkSealedViewRequest
from ...models.sink_sink_seat_view import SinkSinkSeatView
from ...models.sink_sink_spectator_view import SinkSinkSpectatorView
from ...types import Response


def _get_kwargs(
    *,
    body: SinkSinkOpenViewRequest | SinkSinkSealedViewRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/sink-sink/view",
    }

    if isinstance(body, SinkSinkOpenViewRequest):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> Problem | SinkSinkProblem | SinkSinkSeatView | SinkSinkSpectatorView:
    if response.status_code == 200:

        def _parse_response_200(data: object) -> SinkSinkSeatView | SinkSinkSpectatorView:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                response_200_type_0 = SinkSinkSeatView.from_dict(data)

                return response_200_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            response_200_type_1 = SinkSinkSpectatorView.from_dict(data)

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
) -> Response[Problem | SinkSinkProblem | SinkSinkSeatView | SinkSinkSpectatorView]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SinkSinkOpenViewRequest | SinkSinkSealedViewRequest,
) -> Response[Problem | SinkSinkProblem | SinkSinkSeatView | SinkSinkSpectatorView]:
    """One seat's view (Sink-Sink)

     What one seat may know, and nothing more: its own cards, what has been
    played and counts of the rest; never the deal or the seed. Sealed
    mode: the credential's seat's view; without a credential, the
    spectator's view (the public state; `seat` null, no cards of any
    seat's own, no legal moves).

    Args:
        body (SinkSinkOpenViewRequest | SinkSinkSealedViewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SinkSinkProblem | SinkSinkSeatView | SinkSinkSpectatorView]
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
    body: SinkSinkOpenViewRequest | SinkSinkSealedViewRequest,
) -> Problem | SinkSinkProblem | SinkSinkSeatView | SinkSinkSpectatorView | None:
    """One seat's view (Sink-Sink)

     What one seat may know, and nothing more: its own cards, what has been
    played and counts of the rest; never the deal or the seed. Sealed
    mode: the credential's seat's view; without a credential, the
    spectator's view (the public state; `seat` null, no cards of any
    seat's own, no legal moves).

    Args:
        body (SinkSinkOpenViewRequest | SinkSinkSealedViewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SinkSinkProblem | SinkSinkSeatView | SinkSinkSpectatorView
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: SinkSinkOpenViewRequest | SinkSinkSealedViewRequest,
) -> Response[Problem | SinkSinkProblem | SinkSinkSeatView | SinkSinkSpectatorView]:
    """One seat's view (Sink-Sink)

     What one seat may know, and nothing more: its own cards, what has been
    played and counts of the rest; never the deal or the seed. Sealed
    mode: the credential's seat's view; without a credential, the
    spectator's view (the public state; `seat` null, no cards of any
    seat's own, no legal moves).

    Args:
        body (SinkSinkOpenViewRequest | SinkSinkSealedViewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[Problem | SinkSinkProblem | SinkSinkSeatView | SinkSinkSpectatorView]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: SinkSinkOpenViewRequest | SinkSinkSealedViewRequest,
) -> Problem | SinkSinkProblem | SinkSinkSeatView | SinkSinkSpectatorView | None:
    """One seat's view (Sink-Sink)

     What one seat may know, and nothing more: its own cards, what has been
    played and counts of the rest; never the deal or the seed. Sealed
    mode: the credential's seat's view; without a credential, the
    spectator's view (the public state; `seat` null, no cards of any
    seat's own, no legal moves).

    Args:
        body (SinkSinkOpenViewRequest | SinkSinkSealedViewRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Problem | SinkSinkProblem | SinkSinkSeatView | SinkSinkSpectatorView
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
