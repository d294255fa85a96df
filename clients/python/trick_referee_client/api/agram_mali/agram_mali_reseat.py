from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.agram_mali_problem import AgramMaliProblem
from ...models.agram_mali_reseat_request import AgramMaliReseatRequest
from ...models.agram_mali_reseated import AgramMaliReseated
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: AgramMaliReseatRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/agram-mali/reseat",
    }

    _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AgramMaliProblem | AgramMaliReseated | Problem:
    if response.status_code == 200:
        response_200 = AgramMaliReseated.from_dict(response.json())

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
) -> Response[AgramMaliProblem | AgramMaliReseated | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AgramMaliReseatRequest,
) -> Response[AgramMaliProblem | AgramMaliReseated | Problem]:
    """Give a seat a new player (Agram (Mali version))

     Sealed mode, with the match's host credential (answered as `host` by
    the match's first deal): the same hand in a new token, and the seat's
    new credential. On that token and every later one of the match
    (next hands dealt with `previous` too) the seat's old credential
    answers 403 `seat_credential_invalid`. It spends its token as `play`
    does: the same request again answers the same body; any other use of
    the token to move on answers 409 `state_spent`. Without the host's
    credential: 403 `seat_credential_invalid`; open and signed modes have
    no credentials: 403 `state_token_invalid`.

    Args:
        body (AgramMaliReseatRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgramMaliProblem | AgramMaliReseated | Problem]
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
    body: AgramMaliReseatRequest,
) -> AgramMaliProblem | AgramMaliReseated | Problem | None:
    """Give a seat a new player (Agram (Mali version))

     Sealed mode, with the match's host credential (answered as `host` by
    the match's first deal): the same hand in a new token, and the seat's
    new credential. On that token and every later one of the match
    (next hands dealt with `previous` too) the seat's old credential
    answers 403 `seat_credential_invalid`. It spends its token as `play`
    does: the same request again answers the same body; any other use of
    the token to move on answers 409 `state_spent`. Without the host's
    credential: 403 `seat_credential_invalid`; open and signed modes have
    no credentials: 403 `state_token_invalid`.

    Args:
        body (AgramMaliReseatRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgramMaliProblem | AgramMaliReseated | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AgramMaliReseatRequest,
) -> Response[AgramMaliProblem | AgramMaliReseated | Problem]:
    """Give a seat a new player (Agram (Mali version))

     Sealed mode, with the match's host credential (answered as `host` by
    the match's first deal): the same hand in a new token, and the seat's
    new credential. On that token and every later one of the match
    (next hands dealt with `previous` too) the seat's old credential
    answers 403 `seat_credential_invalid`. It spends its token as `play`
    does: the same request again answers the same body; any other use of
    the token to move on answers 409 `state_spent`. Without the host's
    credential: 403 `seat_credential_invalid`; open and signed modes have
    no credentials: 403 `state_token_invalid`.

    Args:
        body (AgramMaliReseatRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgramMaliProblem | AgramMaliReseated | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: AgramMaliReseatRequest,
) -> AgramMaliProblem | AgramMaliReseated | Problem | None:
    """Give a seat a new player (Agram (Mali version))

     Sealed mode, with the match's host credential (answered as `host` by
    the match's first deal): the same hand in a new token, and the seat's
    new credential. On that token and every later one of the match
    (next hands dealt with `previous` too) the seat's old credential
    answers 403 `seat_credential_invalid`. It spends its token as `play`
    does: the same request again answers the same body; any other use of
    the token to move on answers 409 `state_spent`. Without the host's
    credential: 403 `seat_credential_invalid`; open and signed modes have
    no credentials: 403 `state_token_invalid`.

    Args:
        body (AgramMaliReseatRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgramMaliProblem | AgramMaliReseated | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
