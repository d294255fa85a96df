"""``make mutation``'s mutants (``tools/mutation.py``) still apply to the code as it is.

A change that moves a mutant's text makes it stale, and ``make mutation``
then exits 1 after its long run; this finds that in the suite, at once.
"""

from __future__ import annotations

import shutil

import pytest

from tools.mutation import MUTANTS, ROOT, apply


@pytest.mark.parametrize("mutant", MUTANTS, ids=lambda mutant: mutant.id)
def test_every_mutant_applies_once_and_changes_its_file(mutant, tmp_path):
    (tmp_path / mutant.file).parent.mkdir(parents=True)
    shutil.copyfile(ROOT / mutant.file, tmp_path / mutant.file)
    assert apply(tmp_path, mutant) is None
    assert (tmp_path / mutant.file).read_text(encoding="utf-8") != (ROOT / mutant.file).read_text(encoding="utf-8")


def test_mutant_ids_are_unique():
    ids = [mutant.id for mutant in MUTANTS]
    assert len(ids) == len(set(ids))
