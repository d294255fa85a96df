"""Checking a sealed hand's commitment (written by hand; the generator keeps this module).

While a sealed hand runs, its public state's ``deal.commitment`` promises a
seed without showing it; once the hand is over, ``deal.seed`` (and
``deal.seed_text``, the same seed as a decimal string) and ``deal.nonce``
reveal it. The commitment is the lowercase hex SHA-256 of the 16-byte nonce
followed by the seed as 8 bytes big-endian (the referee's docs/holding.md,
Sealed), so anyone can check that the seed revealed is the one promised.
"""

from __future__ import annotations

import hashlib
import hmac
import re

__all__ = ["verify_commitment"]

SEED_MAX = 2**64 - 1
"""Seeds are unsigned 64-bit integers."""
_NONCE = re.compile(r"[0-9a-f]{32}")
_DIGEST = re.compile(r"[0-9a-f]{64}")
_DECIMAL = re.compile(r"0|[1-9][0-9]{0,19}")


def verify_commitment(commitment: str, seed: int | str, nonce: str) -> bool:
    """Whether ``commitment`` is the commitment of ``seed`` with ``nonce``.

    Args:
        commitment: the public state's ``deal.commitment`` (64 lowercase hex digits).
        seed: the revealed seed, as ``deal.seed`` (an int) or ``deal.seed_text``
            (its decimal string), 0 to 2^64 - 1.
        nonce: the revealed ``deal.nonce`` (32 lowercase hex digits: 16 bytes).

    Returns:
        True when the SHA-256 of the nonce's 16 bytes followed by the seed as 8
        bytes big-endian, in lowercase hex, is ``commitment``; False otherwise,
        and for any value not of the shapes above (never an exception).
    """
    if isinstance(seed, str):
        if not _DECIMAL.fullmatch(seed):
            return False
        seed = int(seed)
    if type(seed) is not int or not 0 <= seed <= SEED_MAX:
        return False
    if not (isinstance(nonce, str) and _NONCE.fullmatch(nonce) and isinstance(commitment, str) and _DIGEST.fullmatch(commitment)):
        return False
    digest = hashlib.sha256(bytes.fromhex(nonce) + seed.to_bytes(8, "big")).hexdigest()
    return hmac.compare_digest(digest, commitment)
