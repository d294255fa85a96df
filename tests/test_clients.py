"""The official clients (``clients/``) and the table page's script.

* The committed clients and script are what the pinned generators make from
  the committed ``openapi.yaml`` and ``web/`` (``make clients``).
* No request or response body is typed ``Any`` (Python) or ``unknown``/``any``
  (TypeScript).
* Whole hands of all six games through each client against gunicorn, open and
  sealed; the code that drives them type-checks (``mypy --strict``,
  ``tsc --strict``).
"""

from __future__ import annotations

import hashlib
import importlib
import json
import os
import pkgutil
import random
import re
import shutil
import subprocess
import sys
import tomllib
import types
import typing
from pathlib import Path

import attrs
import pytest

from service.games import GAMES
from support import ROOT, a13_hand_result, f7_hand_result, running_gunicorn
from tools import clients

sys.path.insert(0, str(ROOT / "clients" / "python"))

import python_client_hands as hands  # noqa: E402 - needs the client on the path
import trick_referee_client.api  # noqa: E402
import trick_referee_client.models  # noqa: E402
import trick_referee_client.types  # noqa: E402
from trick_referee_client.commitments import verify_commitment  # noqa: E402

SEALING_KEY = "client-tests-sealing-key-0123456789abcdef"
BOT_BUDGET = {"REFEREE_SUGGEST_WORLDS": "8", "REFEREE_SUGGEST_PLIES": "2000"}
"""A searching level cheap enough for whole hands of bots (the budget does not change what a move may be)."""
MODES = {"open": BOT_BUDGET, "sealed": {"REFEREE_SEALING_KEYS": SEALING_KEY, **BOT_BUDGET}}
GAME_CLIENTS = [hands.AGENCY, hands.AGRAM, hands.SINK_SINK, hands.FAPFAP, hands.AGRAM_MALI, hands.SPAR]


@pytest.fixture(scope="module", params=list(MODES))
def server(request):
    with running_gunicorn(workers=2, env=MODES[request.param]) as process:
        process.mode = request.param
        yield process


# -- generated from the committed spec ------------------------------------------------


def test_python_client_is_what_the_generator_makes(tmp_path):
    output = clients.python_client(tmp_path / "python")
    assert "warning" not in output.lower(), output
    assert clients.differences(tmp_path / "python", clients.PYTHON_CLIENT) == [], "run `make clients`"


def test_typescript_client_is_what_the_generator_makes(tmp_path):
    output = clients.typescript_client(tmp_path / "typescript")
    assert "warn" not in output.lower() and "error" not in output.lower(), output
    assert clients.differences(tmp_path / "typescript", clients.TYPESCRIPT_CLIENT) == [], "run `make clients`"


def test_page_script_is_its_bundled_source(tmp_path):
    clients.bundle_page(tmp_path / "play.js")
    assert (tmp_path / "play.js").read_bytes() == clients.PAGE_BUNDLE.read_bytes(), "run `make page`"


# -- no body is Any -----------------------------------------------------------------------

NAMESPACE = {**vars(trick_referee_client.models), **vars(trick_referee_client.types)}


def untyped(hint: object, where: str, seen: set[type]) -> list[str]:
    """Where ``hint`` (a type the client declares) is or holds ``Any``."""
    if hint is typing.Any:
        return [where]
    origin = typing.get_origin(hint)
    if origin is not None or isinstance(hint, types.UnionType):
        return [found for arg in typing.get_args(hint) for found in untyped(arg, where, seen)]
    if isinstance(hint, type) and attrs.has(hint) and hint not in seen:
        seen.add(hint)
        declared = typing.get_type_hints(hint, localns=NAMESPACE)
        return [found for name, field_hint in declared.items() for found in untyped(field_hint, f"{hint.__name__}.{name}", seen)]
    return []


def python_operations():
    package = trick_referee_client.api
    for module in pkgutil.walk_packages(package.__path__, package.__name__ + "."):
        operation = importlib.import_module(module.name)
        if hasattr(operation, "sync_detailed"):
            yield module.name.rsplit(".", 1)[1], operation.sync_detailed


def test_no_python_request_or_response_body_is_any():
    operations = dict(python_operations())
    assert len(operations) == 91  # 14 per game (8, reseat, timeout; solve, suggest, analyze; record), list and get games, health, readiness, metrics, 2 problem types
    found = []
    for name, function in operations.items():
        declared = typing.get_type_hints(function, localns=NAMESPACE)
        for parameter in ("body", "return"):
            found += [f"{name} {parameter}: {where}" for where in untyped(declared.get(parameter), "", set())]
    assert found == []
    # and the walk does reach into bodies: a play answer's events are typed records
    declared = typing.get_type_hints(trick_referee_client.models.AgencyPlayResponse, localns=NAMESPACE)
    assert trick_referee_client.models.AgencyTrickWon in typing.get_args(typing.get_args(declared["events"])[0])


def test_no_typescript_body_type_is_unknown_or_any():
    source = (clients.TYPESCRIPT_CLIENT / "types.gen.ts").read_text(encoding="utf-8")
    code = re.sub(r"/\*.*?\*/|//[^\n]*", "", source, flags=re.S)
    assert re.findall(r"\b(?:unknown|any)\b", code) == []
    assert "export type AgencyPlayData = {\n    body: AgencyOpenPlayRequest | AgencySealedPlayRequest;" in code


# -- types checked --------------------------------------------------------------------------


def test_python_client_code_type_checks_strictly():
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", str(ROOT / "tests" / "python_client_hands.py"),
         *(str(clients.PYTHON_CLIENT / clients.PYTHON_PACKAGE / name) for name in ("refusals.py", "events.py"))],
        cwd=ROOT, env={"MYPYPATH": str(ROOT / "clients" / "python"), "PATH": str(Path(sys.executable).parent)},
        capture_output=True, text=True, timeout=300,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_typescript_client_and_programs_type_check_strictly():
    result = subprocess.run([str(clients.NODE_BIN / "tsc"), "-p", str(ROOT / "tsconfig.json")],
                            cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stdout + result.stderr
    assert json.loads((ROOT / "tsconfig.json").read_text())["compilerOptions"]["strict"] is True


# -- whole hands through each client ----------------------------------------------------------


def expected_plays(game: str, players: int) -> int | None:
    """Cards played in a whole hand of the Agram family: every card dealt (F2); Agency's varies."""
    return None if game == "agency" else players * GAMES[game].hand_size


@pytest.mark.parametrize("game", GAME_CLIENTS, ids=lambda game: game.id)
def test_python_client_plays_a_whole_hand(server, game):
    sealed = server.mode == "sealed"
    hand = hands.play_hand(game, f"http://127.0.0.1:{server.port}", random.Random(3), seed=None if sealed else 40)
    events = [event.to_dict() for played in hand.plays for event in played.events]
    assert events[-1]["type"] == "hand_over"
    assert sum(event["type"] == "card_played" for event in events) == len(hand.moves)
    assert expected_plays(game.id, game.players) in (None, len(hand.moves))
    assert hand.score.hand_over is True and hand.score.winner == events[-1]["winner"]
    if sealed:
        first, last = hand.sealed_deals
        assert first.commitment == last.commitment and isinstance(first.seed, trick_referee_client.types.Unset)
        digest = hashlib.sha256(bytes.fromhex(last.nonce) + last.seed.to_bytes(8, "big")).hexdigest()
        assert digest == first.commitment  # the revealed seed and nonce are the ones committed to (docs/holding.md)
        assert last.seed_text == str(last.seed)  # CONTRACT: Seeds in JavaScript
        assert verify_commitment(first.commitment, last.seed_text, last.nonce) and verify_commitment(first.commitment, last.seed, last.nonce)
    else:
        state = hand.plays[-1].state.to_dict()  # the whole hand, judged by the rules read again in support
        winner = a13_hand_result(state)[1] if game.id == "agency" else f7_hand_result(game.id, state)[0]
        assert events[-1]["winner"] == winner
        assert hand.sealed_deals == []


def test_python_client_plays_whole_signed_hands_with_and_without_a_clock():
    """Regression: the spec gave a signed state's issued_at (and its clock's
    deadline) as format date-time, so the generated client read it into a
    datetime and wrote it back as Python's isoformat (``…57.900000+00:00``
    for ``…57.900Z``), and the referee answered 403 state_signature_invalid
    to the first play (the signature covers the time as written). Now both
    are strings with the referee's spelling as a pattern: a whole hand of
    every game plays through the client, with and without a clock."""
    with running_gunicorn(workers=1, env={"REFEREE_SIGNING_KEYS": SEALING_KEY, **BOT_BUDGET}) as process:
        url = f"http://127.0.0.1:{process.port}"
        for number, game in enumerate(GAME_CLIENTS):
            for clock in (None, 600):
                hand = hands.play_hand(game, url, random.Random(number), seed=40 + number, clock=clock)
                states = [played.state.to_dict() for played in hand.plays]
                assert hand.score.hand_over is True and states[-1]["hand_over"] is True
                assert all(isinstance(state["issued_at"], str) and state["issued_at"].endswith("Z") for state in states)
                assert all(("clock" in state) is (clock is not None) for state in states)


def test_commitment_helpers_verify_the_seeds_of_real_sealed_hands(server, tmp_path):
    """verify_commitment (Python) and verifyCommitment (TypeScript) on a
    finished sealed hand of every game, played through the Python client:
    each revealed seed and nonce (the seed as seed_text, and as an integer)
    verifies against the commitment its deal published; a changed seed or
    nonce, another hand's commitment or a seed_text with a leading zero does
    not (docs/holding.md: Sealed). The seeds are 64 bits, so JavaScript's
    number of a seed of 2^53 or more (JSON.parse) no longer verifies."""
    if server.mode != "sealed":
        pytest.skip("only a sealed hand commits to its seed")
    deals = []
    for number, game in enumerate(GAME_CLIENTS):
        first, last = hands.play_hand(game, f"http://127.0.0.1:{server.port}", random.Random(number)).sealed_deals
        assert isinstance(first.commitment, str) and first.commitment == last.commitment
        assert isinstance(last.seed, int) and isinstance(last.seed_text, str) and isinstance(last.nonce, str)
        deals.append(last.to_dict())
    for index, deal in enumerate(deals):
        commitment, seed, text, nonce = deal["commitment"], deal["seed"], deal["seed_text"], deal["nonce"]
        assert text == str(seed)
        assert verify_commitment(commitment, text, nonce) and verify_commitment(commitment, seed, nonce)
        flipped = ("1" if nonce[0] == "0" else "0") + nonce[1:]
        assert not verify_commitment(commitment, seed ^ 1, nonce) and not verify_commitment(commitment, str(seed ^ 1), nonce)
        assert not verify_commitment(commitment, text, flipped)
        assert not verify_commitment(deals[(index + 1) % len(deals)]["commitment"], text, nonce)
        assert not verify_commitment(commitment, "0" + text, nonce) and not verify_commitment(commitment, text, nonce[:-2])
    program = tmp_path / "commitments.mjs"  # the seeds written as the referee writes them: whole numbers
    clients.bundle(program, source=ROOT / "tests" / "typescript" / "commitments.ts", platform="node", define={"DEALS": json.dumps(deals)})
    result = subprocess.run(["node", str(program)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    checked = [json.loads(line) for line in result.stdout.splitlines()]
    assert [entry["seed_text"] for entry in checked] == [deal["seed_text"] for deal in deals]
    for entry in checked:
        assert entry["verified"] is True and entry["as_bigint"] is True, entry
        assert entry["as_number"] is entry["exact_number"], entry  # a double holds a seed exactly only below 2^53
        assert not (entry["other_seed"] or entry["other_nonce"] or entry["other_commitment"] or entry["malformed"]), entry
    assert not all(entry["exact_number"] for entry in checked)  # 64-bit seeds: (almost) never below 2^53


@pytest.mark.parametrize("game", [hands.AGENCY, hands.SINK_SINK], ids=lambda game: game.id)
def test_python_client_plays_a_whole_hand_with_bots_on_every_seat_but_one(server, game):
    """Seat 0 plays at random; every other seat plays what `suggest` answers it
    (sealed mode: asked with its own credential), which is always legal. Two
    games, one of each family (every game's `suggest` is the same code; its
    client functions are typed by the strict check of python_client_hands)."""
    sealed = server.mode == "sealed"
    bots = frozenset(range(1, game.players))
    hand = hands.play_hand(game, f"http://127.0.0.1:{server.port}", random.Random(5), seed=None if sealed else 41, bots=bots)
    events = [event.to_dict() for played in hand.plays for event in played.events]
    assert events[-1]["type"] == "hand_over" and hand.score.hand_over is True
    assert any(move.seat in bots for move in hand.moves)
    assert expected_plays(game.id, game.players) in (None, len(hand.moves))


def test_typescript_client_plays_whole_hands(server, tmp_path):
    program = tmp_path / "play_hands.mjs"
    clients.bundle(program, source=ROOT / "tests" / "typescript" / "play_hands.ts", platform="node",
                        define={"REFEREE_URL": f"http://127.0.0.1:{server.port}"})
    result = subprocess.run(["node", str(program)], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    played = [json.loads(line) for line in result.stdout.splitlines()]
    assert [(hand["game"], hand["players"]) for hand in played] == [
        ("agency", 4), ("agram", 3), ("sink-sink", 7), ("fapfap", 4), ("agram-mali", 2), ("spar", 5)]
    for hand in played:
        assert hand["sealed"] is (server.mode == "sealed")
        assert hand["events"][-1] == "hand_over" and hand["last"].startswith("The hand is over"), hand
        plays = hand["events"].count("card_played")
        assert expected_plays(hand["game"], hand["players"]) in (None, plays), hand
        assert hand["views"] == plays + 1  # seat 0's view read before every move and once the hand was over
        assert hand["hidden"] == 0 and hand["result"]["headline"], hand  # once over, the page shows every card and a result
        if hand["game"] != "agency":
            assert hand["cards_left"] == []  # the Agram family plays every card dealt
        else:  # what is left in the four holders and what was played: 32 dealt cards and 8 Walls (A5, A7)
            assert len(hand["cards_left"]) + plays == 40, hand


def readme_blocks(readme: Path, language: str) -> list[str]:
    return re.findall(rf"```{language}\n(.*?)```", readme.read_text(encoding="utf-8"), re.S)


@pytest.fixture(scope="module")
def installed_python_client(tmp_path_factory):
    """A fresh virtual environment where the README's install commands ran as
    written (from the repository's root); its ``bin`` directory."""
    venv = tmp_path_factory.mktemp("client-venv") / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=120)
    (install,) = readme_blocks(clients.PYTHON_CLIENT / "README.md", "sh")
    result = subprocess.run(["bash", "-euo", "pipefail", "-c", install], cwd=ROOT, capture_output=True, text=True, timeout=300,
                            env={**os.environ, "PATH": f"{venv / 'bin'}{os.pathsep}{os.environ['PATH']}", "VIRTUAL_ENV": str(venv)})
    assert result.returncode == 0, result.stdout + result.stderr
    assert result.stdout.splitlines()[-1] == clients.spec_version()  # the version line: the service's
    return venv / "bin"


@pytest.mark.parametrize("package", [ROOT, clients.TYPESCRIPT_PACKAGE], ids=["tools", "typescript-client"])
def test_every_install_script_npm_runs_is_approved_in_package_json(package):
    """npm 11.16 and later warn, at every install, about dependencies with an install script that
    package.json's ``allowScripts`` does not cover (npm 12 skips those scripts): here esbuild's
    postinstall, which checks its binary for the machine and puts it in place. Each such package of
    the lock file is approved, and nothing else."""
    lock = json.loads((package / "package-lock.json").read_text(encoding="utf-8"))
    scripted = {path.rsplit("node_modules/", 1)[-1] for path, entry in lock["packages"].items() if entry.get("hasInstallScript")}
    allowed = json.loads((package / "package.json").read_text(encoding="utf-8")).get("allowScripts", {})
    assert scripted == {"esbuild"} and allowed == {name: True for name in scripted}


def test_client_versions_are_the_specs():
    """Both clients carry the spec's info.version (make clients writes it)."""
    version = clients.spec_version()
    python = tomllib.loads((clients.PYTHON_CLIENT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]
    assert {"pyproject.toml": python, **clients.package_versions()} == {
        "pyproject.toml": version, "package.json": version, "package-lock.json": version, "package-lock.json packages['']": version}
    assert version == tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]["version"]


def test_python_client_readme_plays_its_hands(server, installed_python_client, tmp_path):
    """The README's programs run as written with the client installed as it
    says: the open-mode one (a refusal, then a whole hand) against an open
    referee, the sealed-mode one against a sealed one."""
    open_hand, _, sealed_hand, *_ = readme_blocks(clients.PYTHON_CLIENT / "README.md", "python")
    lines = _run_python_client(installed_python_client, open_hand if server.mode == "open" else sealed_hand, server, tmp_path)
    if server.mode == "open":  # the refused move, the events, the winner, then the hand's record
        refused, *events, winner, record = lines
        assert winner.startswith("winner: ")
        assert record.startswith("record: agram/1 p3 d0 s") and record.endswith(f" ={winner.split()[-1]}")
        # dealer 0, so seat 1 leads (F4): seat 0 is refused, and is shown none of seat 1's moves
        assert refused == "not_your_turn It is seat 1's turn, not seat 0's (RULINGS C1, C2) []"
    else:
        *events, winner, verified = lines
        assert winner.startswith("winning team: ")
        assert re.fullmatch(r"commitment verified: seed (0|[1-9][0-9]*)", verified) and int(verified.split()[-1]) < 2**64
    kinds = [line.split(" ", 1)[0] for line in events]
    assert set(kinds) <= {"card_played", "trick_won", "trick_discarded", "hand_over"} and kinds[-1] == "hand_over"
    assert kinds.count("hand_over") == 1
    if server.mode == "open":
        assert kinds.count("card_played") == 3 * 6  # Agram, 3 players: every card dealt is played (F2)


def refusal_lines_are_right(lines: list[str]) -> None:
    """What each README's refusals program prints against an open referee: a
    422 whose detail names its first fault and counts the other (9 players and
    a negative seed), seat 1's lead (dealer 0, so seat 1 leads: F4), seat 0's
    card of another suit refused with the moves that follow suit (F5), and a
    card held twice refused as an invalid state."""
    refused, lead, illegal, invalid, *rest = lines
    assert re.fullmatch(r"ValidationFailed: `(seed|players)`: .*; 1 more fault is listed in `errors`\.", refused), refused
    assert re.fullmatch(r"Seat 1 plays the (\w+) of (spades|hearts|diamonds|clubs)\.", lead), lead
    suit = {"spades": "S", "hearts": "H", "diamonds": "D", "clubs": "C"}[lead.split()[-1].rstrip(".")]
    code, moves = illegal.removeprefix("IllegalMove ").split(": ")
    assert code == "must_follow_suit" and moves and all(card.endswith(suit) for card in moves.split()), illegal
    assert invalid.startswith("InvalidState: hands: ") and "appears more than once" in invalid, invalid
    assert rest in ([], ["class InvalidState"])


def test_readmes_tell_refusals_apart_and_write_events_in_words(server, installed_python_client, typescript_readme_checked, tmp_path):
    """Each README's refusals program runs as written against an open referee."""
    if server.mode != "open":
        pytest.skip("the programs hold open states")
    (_, python, *_), (_, typescript, *_) = (readme_blocks(clients.PYTHON_CLIENT / "README.md", "python"),
                                                readme_blocks(clients.TYPESCRIPT_CLIENT.parent / "README.md", "ts"))
    python_lines = _run_python_client(installed_python_client, python, server, tmp_path)
    refusal_lines_are_right(python_lines)
    typescript_lines = _run_typescript(typescript, server, tmp_path, typescript_readme_checked)
    refusal_lines_are_right(typescript_lines)
    assert typescript_lines[:4] == python_lines  # the same deal, the same words


def test_python_client_readme_holds_a_table_without_a_relay(server, installed_python_client, tmp_path):
    """The README's table program runs as written against a sealed referee
    (CONTRACT: States spent once, and clocks): the spectator's view shows the
    clock (dealer 0, so seat 1 acts first: F4); a timeout before the
    deadline is refused with clock_running; after it the referee plays for
    seat 1, and the event says so; after a reseat, seat 1's old credential
    is refused and its new one is a seat's."""
    if server.mode != "sealed":
        pytest.skip("the program holds sealed tokens")
    _, _, _, table, _ = readme_blocks(clients.PYTHON_CLIENT / "README.md", "python")
    table_lines_are_right(_run_python_client(installed_python_client, table, server, tmp_path))


def test_typescript_client_readme_holds_a_table_without_a_relay(server, typescript_readme_checked, tmp_path):
    """The TypeScript README's table program type-checks strictly and runs as
    written against a sealed referee, printing what the Python one prints."""
    if server.mode != "sealed":
        pytest.skip("the program holds sealed tokens")
    _, _, _, table, _ = readme_blocks(clients.TYPESCRIPT_CLIENT.parent / "README.md", "ts")
    table_lines_are_right(_run_typescript(table, server, tmp_path, typescript_readme_checked))


def table_lines_are_right(lines: list[str]) -> None:
    """What each README's table program prints against a sealed referee."""
    watched, early, *events, old, new = lines
    assert re.fullmatch(r"seat to act: 1 until 20\d\d-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", watched), watched
    assert early == "clock_running"
    assert len(events) == 1 and re.fullmatch(r"Seat 1's time ran out: the referee plays the \w+ of \w+ for it\.", events[0]), events
    assert old == "old credential: seat_credential_invalid"
    assert new == "new credential accepted; seat to act: 2", new  # seat 2 acts after seat 1's card (F4)


def _run_python_client(bin_dir: Path, program: str, server, cwd: Path) -> list[str]:
    """The lines a README program prints, run with the installed client against ``server``."""
    result = subprocess.run([str(bin_dir / "python"), "-c", program.replace("localhost:8000", f"127.0.0.1:{server.port}")],
                            cwd=cwd, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_python_client_readme_plays_a_hand_with_bots_and_reviews_it(server, installed_python_client, tmp_path):
    """The README's bots program runs as written against an open referee:
    seat 0's two cards valued by solve two tricks from the end (0 or 1,
    Agram's values), each play the review says lost its seat the hand, the
    winner; the same lines every run (every suggestion seeded)."""
    if server.mode != "open":
        pytest.skip("the program holds open states")
    *_, bots = readme_blocks(clients.PYTHON_CLIENT / "README.md", "python")
    lines = _run_python_client(installed_python_client, bots, server, tmp_path)
    solved = [line.split() for line in lines if line.startswith("solve ")]
    assert len(solved) == 2 and all(value in ("0", "1") for _, _, value in solved), lines
    lost = [line.split() for line in lines if line.startswith("lost ")]
    assert all(0 <= int(ply) < 18 and seat in "012" for _, ply, seat, _ in lost), lines
    assert lines[-1] in ("winner: 0", "winner: 1", "winner: 2") and len(lines) == 2 + len(lost) + 1, lines
    assert _run_python_client(installed_python_client, bots, server, tmp_path) == lines


def _typescript_as_run(program: str, port: int) -> str:
    """A README program as it runs here: importing the package's folder, against the referee on ``port``."""
    return program.replace("from './", f"from '{clients.TYPESCRIPT_PACKAGE}/").replace("localhost:8000", f"127.0.0.1:{port}")


@pytest.fixture(scope="module")
def typescript_readme_checked(tmp_path_factory) -> list[str]:
    """Every program of the TypeScript README, as it runs here (the referee's
    port aside, a string's digits), type-checked strictly by one run of tsc,
    which must pass: the programs, each a module of its own. One run, not one a
    program: each took about 5 s, nearly all of it checking the client they
    all import. Answers the programs."""
    programs = readme_blocks(clients.TYPESCRIPT_CLIENT.parent / "README.md", "ts")
    folder = tmp_path_factory.mktemp("typescript-readme")
    sources = [folder / f"program-{number}.ts" for number in range(len(programs))]
    for source, program in zip(sources, programs):
        source.write_text(_typescript_as_run(program, 8000))
    config = folder / "tsconfig.json"
    config.write_text(json.dumps({"extends": str(ROOT / "tsconfig.json"), "include": [str(source) for source in sources]}))
    checked = subprocess.run([str(clients.NODE_BIN / "tsc"), "-p", str(config)], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    return programs


def _run_typescript(program: str, server, tmp_path: Path, checked: list[str]) -> list[str]:
    """The lines a README program prints, bundled and run against ``server``;
    it must be one of ``checked``, the README's programs type-checked strictly
    (:func:`typescript_readme_checked`)."""
    assert program in checked
    source = tmp_path / "hand.ts"
    source.write_text(_typescript_as_run(program, server.port))
    clients.bundle(tmp_path / "hand.mjs", source, platform="node")
    result = subprocess.run(["node", str(tmp_path / "hand.mjs")], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_typescript_client_readme_plays_its_hands(server, typescript_readme_checked, tmp_path):
    """The README's programs type-check strictly and run as written: the open
    one against an open referee, the sealed one against a sealed one."""
    open_hand, _, sealed_hand, *_ = readme_blocks(clients.TYPESCRIPT_CLIENT.parent / "README.md", "ts")
    lines = _run_typescript(open_hand if server.mode == "open" else sealed_hand, server, tmp_path, typescript_readme_checked)
    if server.mode == "open":  # the events, the winner, then the hand's record
        *events, last, record = lines
        assert record.startswith("record agram/1 p3 d0 s") and record.endswith(f" ={last.split()[-1]}")
    else:
        *events, last, verified = lines
        assert re.fullmatch(r"commitment verified: seed (0|[1-9][0-9]*)", verified) and int(verified.split()[-1]) < 2**64
    kinds = [line.split(" ", 1)[0] for line in events]
    assert kinds[-1] == "hand_over" and kinds.count("hand_over") == 1
    if server.mode == "open":
        assert kinds.count("card_played") == 3 * 6 and last.startswith("winner ")
    else:
        assert last.startswith("winning team ")


def test_typescript_client_readme_plays_a_sealed_hand_with_bots_and_reviews_it(server, typescript_readme_checked, tmp_path):
    """The README's bots program type-checks strictly and runs as written
    against a sealed referee: a hint for seat 0 at each of its turns (each
    a move with a holder, Agency's), bots with their own credentials on the
    other seats, then the review of every play once the hand is over (an
    Agency hand has 2 to 40 plays: 32 dealt cards and 8 Walls at most, and
    at the first trick the third seat may already have no legal play, A5, A12)."""
    if server.mode != "sealed":
        pytest.skip("the program holds sealed tokens")
    *_, bots = readme_blocks(clients.TYPESCRIPT_CLIENT.parent / "README.md", "ts")
    lines = _run_typescript(bots, server, tmp_path, typescript_readme_checked)
    hints = [json.loads(line.split(" ", 1)[1]) for line in lines if line.startswith("hint ")]
    assert hints and all(hint["seat"] == 0 and "card" in hint and "holder" in hint for hint in hints), lines
    reviewed = int(lines[-1].removeprefix("reviewed "))
    assert 2 <= reviewed <= 40 and len(hints) <= (reviewed + 3) // 4, lines
    lost = [line for line in lines if line.startswith("lost ")]
    assert len(lines) == len(hints) + len(lost) + 1, lines


def test_typescript_package_builds_tests_and_packs_as_its_readme_says(tmp_path):
    """The README's commands, run as written in a copy of the package's folder
    (only what git tracks there), then the tarball they pack installed in
    another project, and the README's first program run with it as written."""
    readme = clients.TYPESCRIPT_PACKAGE / "README.md"
    (commands,) = readme_blocks(readme, "sh")
    package = tmp_path / "typescript"
    tracked = subprocess.run(["git", "ls-files", "-z", "."], cwd=clients.TYPESCRIPT_PACKAGE, capture_output=True, check=True).stdout
    for name in filter(None, tracked.decode().split("\0")):
        (package / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(clients.TYPESCRIPT_PACKAGE / name, package / name)
    result = subprocess.run(["bash", "-euo", "pipefail", "-c", commands], cwd=package, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "# pass 3\n# fail 0" in result.stdout  # npm test: node's runner over test/
    assert "install-scripts" not in result.stderr  # npm 11.16+: esbuild's postinstall is approved (allowScripts)
    tarball = package / f"trick-referee-client-{clients.spec_version()}.tgz"
    assert tarball.exists(), sorted(path.name for path in package.iterdir())

    project = tmp_path / "project"
    project.mkdir()
    (project / "package.json").write_text('{"name": "uses-the-client", "private": true, "type": "module"}\n')
    installed = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--loglevel=error", str(tarball)],
                               cwd=project, capture_output=True, text=True, timeout=300)
    assert installed.returncode == 0, installed.stdout + installed.stderr
    (program,) = readme_blocks(readme, "js")
    with running_gunicorn(workers=1) as server:
        (project / "hand.mjs").write_text(program.replace("localhost:8000", f"127.0.0.1:{server.port}"))
        result = subprocess.run(["node", "hand.mjs"], cwd=project, capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert re.fullmatch(r"6 tricks; seat [01] wins\n", result.stdout)  # 2 players of Agram play 6 tricks (F2)
