"""Sealed states: opaque tokens, seat credentials and deal commitments.

With sealing keys, the referee hands out a state as a token that only it can
read, so the players' own clients can hold the game without seeing each
other's cards (docs/holding.md: Sealed).

**Keys.** Each sealing key is a string of at least 32 characters; the first
seals, every key opens. From each key HKDF-SHA256 derives a 256-bit AES key
(for tokens) and a 256-bit HMAC key (for credentials), and a key id: the first
8 characters of the unpadded base64url SHA-256 of the key, written into every
token and credential so the right key is found and keys can roll.

**Token.** ``"t1." + key id + "." + base64url(nonce || ciphertext)``: the
payload's bytes sealed by AES-256-GCM (``cryptography``) with a fresh 96-bit
nonce, the prefix ``t1.<key id>`` as associated data. Changing, cutting or
forging any part makes it fail to open.

**Credential.** ``"c1." + key id + "." + seat + "." + base64url(HMAC-SHA256(
credential key, match id + "/" + seat))``: a seat's proof, the same for every
hand of a match, derived from the key so nothing is stored. When the host
gives the seat a new player (``reseat``), the token counts the seat's
generation g, and from then on its credential's MAC is over ``match id + "/"
+ seat + "/" + g``: the credentials of earlier generations no longer match,
and still nothing is stored. The match's **host credential** is ``"c1." +
key id + ".host." + base64url(HMAC-SHA256(credential key, match id +
"/host"))``.

**Commitment.** The lowercase hex SHA-256 of a 16-byte nonce followed by the
seed as 8 bytes big-endian, published while the hand runs; the seed and nonce
are revealed once it is over, so anyone can check the deal.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import hmac
import re
import secrets
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.ciphers.aead import AESGCM
from cryptography.hazmat.primitives.kdf.hkdf import HKDF

TOKEN_VERSION = "t1"
CREDENTIAL_VERSION = "c1"
NONCE_BYTES = 12
MAX_TOKEN_CHARS = 16_384
"""Longer strings are not tokens (a token of the largest state is far shorter)."""


class Unsealable(ValueError):
    """A token or credential that this referee did not make, or that was changed."""


BASE64URL = re.compile(r"[A-Za-z0-9_-]*")
SEAT = re.compile(r"0|[1-9][0-9]?")  # a seat number as credential() writes it


def b64(data: bytes) -> str:
    """Unpadded base64url."""
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode("ascii")


def unb64(text: str) -> bytes:
    """The bytes of unpadded base64url text in its one canonical spelling
    (what :func:`b64` writes): no padding, no ``+`` or ``/``, no unused bits
    set in the last character, so a token or credential has exactly one
    accepted form.

    Raises:
        Unsealable: anything else.
    """
    if not BASE64URL.fullmatch(text):
        raise Unsealable("not base64url")
    try:
        data = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    except (binascii.Error, ValueError):
        raise Unsealable("not base64url") from None
    if b64(data) != text:
        raise Unsealable("not canonical base64url")
    return data


def key_id(secret: str) -> str:
    """A configured key's id (8 characters): the start of the unpadded
    base64url SHA-256 of ``"referee key id/"`` followed by the key's UTF-8
    bytes. Tokens and credentials carry it; the startup log names the keys by
    it (signing keys too). Never the key, and no use in finding it."""
    return b64(hashlib.sha256(b"referee key id/" + secret.encode()).digest())[:8]


@dataclass(frozen=True)
class SealingKey:
    """One sealing key and what is derived from it."""

    id: str
    cipher: AESGCM
    credential_key: bytes

    @classmethod
    def derive(cls, secret: str) -> SealingKey:
        """The key for a configured secret (at least 32 characters)."""
        material = secret.encode()

        def hkdf(info: bytes) -> bytes:
            return HKDF(algorithm=hashes.SHA256(), length=32, salt=None, info=info).derive(material)

        return cls(id=key_id(secret), cipher=AESGCM(hkdf(b"referee token/v1")), credential_key=hkdf(b"referee seat credential/v1"))


class Sealer:
    """Seals and opens tokens and issues and checks credentials with a key list:
    the first key seals, every key opens."""

    def __init__(self, secrets_: Sequence[str]) -> None:
        if not secrets_:
            raise ValueError("a sealer needs at least one key")
        self.keys = [SealingKey.derive(secret) for secret in secrets_]
        self._by_id = {key.id: key for key in reversed(self.keys)}

    def seal(self, payload: bytes) -> str:
        """A token of ``payload``'s bytes."""
        key = self.keys[0]
        prefix = f"{TOKEN_VERSION}.{key.id}"
        nonce = secrets.token_bytes(NONCE_BYTES)
        return f"{prefix}.{b64(nonce + key.cipher.encrypt(nonce, payload, prefix.encode()))}"

    def open(self, token: object) -> bytes:
        """The payload of a token this referee sealed.

        Raises:
            Unsealable: anything else (changed, cut, foreign or not a token).
        """
        if not isinstance(token, str) or len(token) > MAX_TOKEN_CHARS:
            raise Unsealable("not a token")
        version, _, rest = token.partition(".")
        key_id, _, body = rest.partition(".")
        key = self._by_id.get(key_id)
        if version != TOKEN_VERSION or key is None:
            raise Unsealable("not a token of this referee")
        sealed = unb64(body)
        if len(sealed) <= NONCE_BYTES:
            raise Unsealable("too short")
        try:
            return key.cipher.decrypt(sealed[:NONCE_BYTES], sealed[NONCE_BYTES:], f"{version}.{key_id}".encode())
        except InvalidTag:
            raise Unsealable("changed or foreign") from None

    def credential(self, match_id: str, seat: int, generation: int = 0) -> str:
        """Seat ``seat``'s credential for match ``match_id`` while the seat
        is in its ``generation`` (how many times the host gave it a new player)."""
        key = self.keys[0]
        return f"{CREDENTIAL_VERSION}.{key.id}.{seat}.{b64(_credential_mac(key, _seat_subject(match_id, seat, generation)))}"

    def host_credential(self, match_id: str) -> str:
        """The host's credential for match ``match_id`` (``reseat``)."""
        key = self.keys[0]
        return f"{CREDENTIAL_VERSION}.{key.id}.{HOST}.{b64(_credential_mac(key, f'{match_id}/{HOST}'))}"

    def credential_seat(self, credential: object, match_id: str, generation: Callable[[int], int] = lambda seat: 0) -> int | None:
        """The seat a credential proves for match ``match_id``, each seat in
        the generation ``generation(seat)`` says; ``None``: the match's host.

        Raises:
            Unsealable: not a credential of this referee for this match
                (or of an earlier generation of its seat).
        """
        if not isinstance(credential, str) or len(credential) > 256:
            raise Unsealable("not a credential")
        parts = credential.split(".")
        if len(parts) != 4 or parts[0] != CREDENTIAL_VERSION or not (parts[2] == HOST or SEAT.fullmatch(parts[2])):
            raise Unsealable("not a credential")
        key = self._by_id.get(parts[1])
        seat = None if parts[2] == HOST else int(parts[2])
        subject = f"{match_id}/{HOST}" if seat is None else _seat_subject(match_id, seat, generation(seat))
        if key is None or not hmac.compare_digest(unb64(parts[3]), _credential_mac(key, subject)):
            raise Unsealable("not a credential for this match")
        return seat


HOST = "host"
"""Where a credential names its seat, the host's names this."""


def _seat_subject(match_id: str, seat: int, generation: int) -> str:
    return f"{match_id}/{seat}" if generation == 0 else f"{match_id}/{seat}/{generation}"


def _credential_mac(key: SealingKey, subject: str) -> bytes:
    return hmac.new(key.credential_key, subject.encode(), hashlib.sha256).digest()


def commitment(nonce: bytes, seed: int) -> str:
    """The lowercase hex SHA-256 of ``nonce`` followed by ``seed`` as 8 bytes big-endian."""
    return hashlib.sha256(nonce + seed.to_bytes(8, "big")).hexdigest()


def draw() -> tuple[int, bytes]:
    """A random deal's seed (64 bits) and commitment nonce, from the
    operating system's CSPRNG (CONTRACT: Sealed states)."""
    return secrets.randbits(64), commitment_nonce()


def commitment_nonce() -> bytes:
    """A fresh nonce (16 bytes) for one commitment: no two commitments share one."""
    return secrets.token_bytes(16)


def new_match_id() -> str:
    """A fresh match id: 16 random bytes, unpadded base64url (22 characters)."""
    return b64(secrets.token_bytes(16))
