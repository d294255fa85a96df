from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar

from attrs import define as _attrs_define

from ..models.sealed_deal_source import SealedDealSource
from ..types import UNSET, Unset

T = TypeVar("T", bound="SealedDeal")


@_attrs_define
class SealedDeal:
    """
    Attributes:
        source (SealedDealSource): Where the deal came from: drawn at random, or chosen (a seed, a deck order, hands).
        commitment (str | Unset): A seeded deal: lowercase hex SHA-256 of the nonce then the seed as 8 bytes big-endian.
        nonce (str | Unset): Once the hand is over: the nonce, lowercase hex.
        seed (int | Unset): Once the hand is over: the seed (recompute the deal with the documented shuffle).
        seed_text (str | Unset): Once the hand is over: the seed as a decimal string, which JavaScript reads exactly
            (the seed may be 2^53 or more).
    """

    source: SealedDealSource
    commitment: str | Unset = UNSET
    nonce: str | Unset = UNSET
    seed: int | Unset = UNSET
    seed_text: str | Unset = UNSET

    def to_dict(self) -> dict[str, Any]:
        source = self.source.value

        commitment = self.commitment

        nonce = self.nonce

        seed = self.seed

        seed_text = self.seed_text

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "source": source,
            }
        )
        if commitment is not UNSET:
            field_dict["commitment"] = commitment
        if nonce is not UNSET:
            field_dict["nonce"] = nonce
        if seed is not UNSET:
            field_dict["seed"] = seed
        if seed_text is not UNSET:
            field_dict["seed_text"] = seed_text

        return field_dict

    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        source = SealedDealSource(d.pop("source"))

        commitment = d.pop("commitment", UNSET)

        nonce = d.pop("nonce", UNSET)

        seed = d.pop("seed", UNSET)

        seed_text = d.pop("seed_text", UNSET)

        sealed_deal = cls(
            source=source,
            commitment=commitment,
            nonce=nonce,
            seed=seed,
            seed_text=seed_text,
        )

        return sealed_deal
