from http import HTTPStatus
from typing import Any

import httpx

from ...client import AuthenticatedClient, Client
from ...models.agram_mali_problem import AgramMaliProblem
from ...models.agram_mali_record_replay import AgramMaliRecordReplay
from ...models.agram_mali_records_replay import AgramMaliRecordsReplay
from ...models.agram_mali_replay_request import AgramMaliReplayRequest
from ...models.agram_mali_replay_result import AgramMaliReplayResult
from ...models.problem import Problem
from ...types import Response


def _get_kwargs(
    *,
    body: AgramMaliRecordReplay | AgramMaliRecordsReplay | AgramMaliReplayRequest,
) -> dict[str, Any]:
    headers: dict[str, Any] = {}

    _kwargs: dict[str, Any] = {
        "method": "post",
        "url": "/v1/games/agram-mali/replay",
    }

    if isinstance(body, AgramMaliReplayRequest):
        _kwargs["json"] = body.to_dict()
    elif isinstance(body, AgramMaliRecordReplay):
        _kwargs["json"] = body.to_dict()
    else:
        _kwargs["json"] = body.to_dict()

    headers["Content-Type"] = "application/json"

    _kwargs["headers"] = headers
    return _kwargs


def _parse_response(
    *, client: AuthenticatedClient | Client, response: httpx.Response
) -> AgramMaliProblem | AgramMaliReplayResult | Problem:
    if response.status_code == 200:
        response_200 = AgramMaliReplayResult.from_dict(response.json())

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
) -> Response[AgramMaliProblem | AgramMaliReplayResult | Problem]:
    return Response(
        status_code=HTTPStatus(response.status_code),
        content=response.content,
        headers=response.headers,
        parsed=_parse_response(client=client, response=response),
    )


def sync_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AgramMaliRecordReplay | AgramMaliRecordsReplay | AgramMaliReplayRequest,
) -> Response[AgramMaliProblem | AgramMaliReplayResult | Problem]:
    """Replay a transcript or a record (Agram (Mali version))

     Play a whole transcript in one call: a deal request and its moves, then
    any later hands of the match (`next_hands`). Or replay one hand's
    `record` (docs/notation.md) in place of the deal and moves: the answer
    is the same as for its deal and plays given apart. Or replay a match's
    `records`, each hand's record in order: the answer is the same as for
    those hands given as a deal, moves and `next_hands` (each later hand
    must follow the one before as a next hand does: RULINGS A14, F7). A
    record that cannot be read answers 422 `record_invalid`, a refused
    deal or play 409 as a transcript's; both carry `position`, the 0-based
    offset of the first character at fault on the line, and with
    `records`, `record`: that line's index in `records`. Sealed mode: a
    replay is a chosen deal (403 `chosen_deal_refused` unless the
    operator allows them), but for one finished hand's `record`, always
    answered as an audit: where chosen deals are not allowed, its token
    deals no next hand (403 `audit_token`).

    Args:
        body (AgramMaliRecordReplay | AgramMaliRecordsReplay | AgramMaliReplayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgramMaliProblem | AgramMaliReplayResult | Problem]
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
    body: AgramMaliRecordReplay | AgramMaliRecordsReplay | AgramMaliReplayRequest,
) -> AgramMaliProblem | AgramMaliReplayResult | Problem | None:
    """Replay a transcript or a record (Agram (Mali version))

     Play a whole transcript in one call: a deal request and its moves, then
    any later hands of the match (`next_hands`). Or replay one hand's
    `record` (docs/notation.md) in place of the deal and moves: the answer
    is the same as for its deal and plays given apart. Or replay a match's
    `records`, each hand's record in order: the answer is the same as for
    those hands given as a deal, moves and `next_hands` (each later hand
    must follow the one before as a next hand does: RULINGS A14, F7). A
    record that cannot be read answers 422 `record_invalid`, a refused
    deal or play 409 as a transcript's; both carry `position`, the 0-based
    offset of the first character at fault on the line, and with
    `records`, `record`: that line's index in `records`. Sealed mode: a
    replay is a chosen deal (403 `chosen_deal_refused` unless the
    operator allows them), but for one finished hand's `record`, always
    answered as an audit: where chosen deals are not allowed, its token
    deals no next hand (403 `audit_token`).

    Args:
        body (AgramMaliRecordReplay | AgramMaliRecordsReplay | AgramMaliReplayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgramMaliProblem | AgramMaliReplayResult | Problem
    """

    return sync_detailed(
        client=client,
        body=body,
    ).parsed


async def asyncio_detailed(
    *,
    client: AuthenticatedClient | Client,
    body: AgramMaliRecordReplay | AgramMaliRecordsReplay | AgramMaliReplayRequest,
) -> Response[AgramMaliProblem | AgramMaliReplayResult | Problem]:
    """Replay a transcript or a record (Agram (Mali version))

     Play a whole transcript in one call: a deal request and its moves, then
    any later hands of the match (`next_hands`). Or replay one hand's
    `record` (docs/notation.md) in place of the deal and moves: the answer
    is the same as for its deal and plays given apart. Or replay a match's
    `records`, each hand's record in order: the answer is the same as for
    those hands given as a deal, moves and `next_hands` (each later hand
    must follow the one before as a next hand does: RULINGS A14, F7). A
    record that cannot be read answers 422 `record_invalid`, a refused
    deal or play 409 as a transcript's; both carry `position`, the 0-based
    offset of the first character at fault on the line, and with
    `records`, `record`: that line's index in `records`. Sealed mode: a
    replay is a chosen deal (403 `chosen_deal_refused` unless the
    operator allows them), but for one finished hand's `record`, always
    answered as an audit: where chosen deals are not allowed, its token
    deals no next hand (403 `audit_token`).

    Args:
        body (AgramMaliRecordReplay | AgramMaliRecordsReplay | AgramMaliReplayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        Response[AgramMaliProblem | AgramMaliReplayResult | Problem]
    """

    kwargs = _get_kwargs(
        body=body,
    )

    response = await client.get_async_httpx_client().request(**kwargs)

    return _build_response(client=client, response=response)


async def asyncio(
    *,
    client: AuthenticatedClient | Client,
    body: AgramMaliRecordReplay | AgramMaliRecordsReplay | AgramMaliReplayRequest,
) -> AgramMaliProblem | AgramMaliReplayResult | Problem | None:
    """Replay a transcript or a record (Agram (Mali version))

     Play a whole transcript in one call: a deal request and its moves, then
    any later hands of the match (`next_hands`). Or replay one hand's
    `record` (docs/notation.md) in place of the deal and moves: the answer
    is the same as for its deal and plays given apart. Or replay a match's
    `records`, each hand's record in order: the answer is the same as for
    those hands given as a deal, moves and `next_hands` (each later hand
    must follow the one before as a next hand does: RULINGS A14, F7). A
    record that cannot be read answers 422 `record_invalid`, a refused
    deal or play 409 as a transcript's; both carry `position`, the 0-based
    offset of the first character at fault on the line, and with
    `records`, `record`: that line's index in `records`. Sealed mode: a
    replay is a chosen deal (403 `chosen_deal_refused` unless the
    operator allows them), but for one finished hand's `record`, always
    answered as an audit: where chosen deals are not allowed, its token
    deals no next hand (403 `audit_token`).

    Args:
        body (AgramMaliRecordReplay | AgramMaliRecordsReplay | AgramMaliReplayRequest):

    Raises:
        errors.UnexpectedStatus: If the server returns an undocumented status code and Client.raise_on_unexpected_status is True.
        httpx.TimeoutException: If the request takes longer than Client.timeout.

    Returns:
        AgramMaliProblem | AgramMaliReplayResult | Problem
    """

    return (
        await asyncio_detailed(
            client=client,
            body=body,
        )
    ).parsed
