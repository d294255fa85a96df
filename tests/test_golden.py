"""The golden corpus: recorded requests answered byte for byte as recorded
(``tools/golden.py``; ``python -m tools.golden record`` writes it again after
a deliberate change of an answer, which then shows in review)."""

from __future__ import annotations

import pytest

from tools import golden


@pytest.mark.parametrize("mode", list(golden.MODES))
def test_every_recorded_request_is_answered_as_recorded(mode: str) -> None:
    entries = golden.load(mode)
    assert len(entries) > 1000
    differences = golden.check_mode(mode, entries)
    assert not differences, "\n".join(differences[:10])
