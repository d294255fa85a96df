from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.agram_mali_open_state_request import AgramMaliOpenStateRequest
from ...models.agram_mali_problem import AgramMaliProblem
from ...models.agram_mali_sealed_state_request import AgramMaliSealedStateRequest
from ...models.agram_mali_solution import AgramMaliSolution
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: AgramMaliOpenStateRequest | AgramMaliSealedStateRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/agram-mali/solve",
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
) -> AgramMaliProblem | AgramMaliSolution | Problem:
    if response.status_code == 200:
        response_200 = AgramMaliSolution.from_dict(response.json())

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
) -> Response[AgramMaliProblem | AgramMaliSolution | Problem]:
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
) -> Response[AgramMaliProblem | AgramMaliSolution | Problem]:
    """Solve the hand with every card known (Agram (Mali version))

     Every legal move of the seat to act, with the most that seat (Agency:
    its team) can guarantee if it makes the move and plays on perfectly,
    whatever every other seat does (they play as one side against it;
    Agency: team against team). Values as the contract's table:
    Agram, Sink-Sink, Agram Mali 1 or 0; Spar the winner's points (RULINGS
    F2); Fapfap the net payout with the stake (F6); Agency 1, 0 for a
    void hand, -1 (A13).

    Past the referee's node budget the answer is not `exact`: each move
    carries proved `lower` and `upper` in place of `value`, and the top
    `value` is absent. Once the hand is over: `to_act` and `value` null,
    no moves. Sealed mode: 403 `hidden_cards` while the hand runs.

    Args:
        body (AgramMaliOpenStateRequest | AgramMaliSealedStateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgramMaliProblem | AgramMaliSolution | Problem]
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
) -> AgramMaliProblem | AgramMaliSolution | Problem | None:
    """Solve the hand with every card known (Agram (Mali version))

     Every legal move of the seat to act, with the most that seat (Agency:
    its team) can guarantee if it makes the move and plays on perfectly,
    whatever every other seat does (they play as one side against it;
    Agency: team against team). Values as the contract's table:
    Agram, Sink-Sink, Agram Mali 1 or 0; Spar the winner's points (RULINGS
    F2); Fapfap the net payout with the stake (F6); Agency 1, 0 for a
    void hand, -1 (A13).

    Past the referee's node budget the answer is not `exact`: each move
    carries proved `lower` and `upper` in place of `value`, and the top
    `value` is absent. Once the hand is over: `to_act` and `value` null,
    no moves. Sealed mode: 403 `hidden_cards` while the hand runs.

    Args:
        body (AgramMaliOpenStateRequest | AgramMaliSealedStateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgramMaliProblem | AgramMaliSolution | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AgramMaliOpenStateRequest | AgramMaliSealedStateRequest,
) -> Response[AgramMaliProblem | AgramMaliSolution | Problem]:
    """Solve the hand with every card known (Agram (Mali version))

     Every legal move of the seat to act, with the most that seat (Agency:
    its team) can guarantee if it makes the move and plays on perfectly,
    whatever every other seat does (they play as one side against it;
    Agency: team against team). Values as the contract's table:
    Agram, Sink-Sink, Agram Mali 1 or 0; Spar the winner's points (RULINGS
    F2); Fapfap the net payout with the stake (F6); Agency 1, 0 for a
    void hand, -1 (A13).

    Past the referee's node budget the answer is not `exact`: each move
    carries proved `lower` and `upper` in place of `value`, and the top
    `value` is absent. Once the hand is over: `to_act` and `value` null,
    no moves. Sealed mode: 403 `hidden_cards` while the hand runs.

    Args:
        body (AgramMaliOpenStateRequest | AgramMaliSealedStateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgramMaliProblem | AgramMaliSolution | Problem]
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
) -> AgramMaliProblem | AgramMaliSolution | Problem | None:
    """Solve the hand with every card known (Agram (Mali version))

     Every legal move of the seat to act, with the most that seat (Agency:
    its team) can guarantee if it makes the move and plays on perfectly,
    whatever every other seat does (they play as one side against it;
    Agency: team against team). Values as the contract's table:
    Agram, Sink-Sink, Agram Mali 1 or 0; Spar the winner's points (RULINGS
    F2); Fapfap the net payout with the stake (F6); Agency 1, 0 for a
    void hand, -1 (A13).

    Past the referee's node budget the answer is not `exact`: each move
    carries proved `lower` and `upper` in place of `value`, and the top
    `value` is absent. Once the hand is over: `to_act` and `value` null,
    no moves. Sealed mode: 403 `hidden_cards` while the hand runs.

    Args:
        body (AgramMaliOpenStateRequest | AgramMaliSealedStateRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgramMaliProblem | AgramMaliSolution | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
