"""What an instance shows in public that could give its variant away is the same for every instance of its
family: its tags (the family's topic: the tags every instance carries), its difficulty (the family's
hardest) and whether an answer is required (when any variant needs one). The tags that tell variants
apart — a policy's branch, a refusal, a priority, the phrasing — stay in the truth (`TaskTruth.variant_tags`).

The profile is read from instances spread over the family's catalog, cached in the process and on disk
(keyed by the world's fingerprint, the family's name, version and module source).
"""

from __future__ import annotations

import hashlib
import inspect
import json
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from apps.core.golden_cache import cache_dir
from apps.core.worlds import load_world
from tasks.families.base import Family, Spec

SAMPLE = 12  # instances the profile is read from
LEVELS = ("easy", "medium", "hard", "frontier")


@dataclass(frozen=True)
class Profile:
    """The public part every instance of a family shares."""

    tags: tuple[str, ...]
    difficulty: str
    answer_required: bool


def public_tags(spec: Spec) -> list[str]:
    """Every tag an instance has, public or not (the phrasing it was written in last)."""
    return ["family", *spec.tags, f"phrasing-{spec.phrasing}"]


def _key(world: str, fam: Family) -> str:
    source = inspect.getsource(inspect.getmodule(type(fam)))  # type: ignore[arg-type]
    blob = json.dumps([load_world(world).fingerprint, fam.name, fam.version, fam.answers, source])
    return hashlib.sha256(blob.encode()).hexdigest()[:32]


def _read(world: str, fam: Family) -> tuple[Profile | None, Any]:
    folder = cache_dir()
    if folder is None:
        return None, None
    path = folder.parent / "profiles" / f"{fam.name}-{_key(world, fam)}.json"
    try:
        data = json.loads(path.read_text())
        return Profile(tuple(data["tags"]), data["difficulty"], data["answer_required"]), path
    except (OSError, ValueError, KeyError):
        return None, path


def profile_of(samples: list[tuple[Spec, str]]) -> Profile:
    """The profile of a family from instances spread over its catalog (each drawn spec and its difficulty)."""
    tag_sets = [public_tags(spec) for spec, _ in samples]
    common = [t for t in tag_sets[0] if all(t in tags for tags in tag_sets[1:])]
    return Profile(
        tags=tuple(common),
        difficulty=max((level for _, level in samples), key=LEVELS.index),
        answer_required=any(spec.answer is not None for spec, _ in samples),
    )


def sample_seeds(fam: Family) -> list[int]:
    """The seeds a profile is read from: `SAMPLE` of them spread over the catalog."""
    return list(range(0, fam.size, max(1, fam.size // SAMPLE)))[:SAMPLE]


def profile(world: str, fam: Family, draw_samples: Callable[[], list[tuple[Spec, str]]]) -> Profile:
    """The public profile of `fam` in `world`, from the cache or from `draw_samples()`."""
    found, path = _read(world, fam)
    if found is not None:
        return found
    found = profile_of(draw_samples())
    if fam.answers and not found.answer_required:
        found = Profile(found.tags, found.difficulty, True)
    if path is not None:
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(asdict(found)))
        except OSError:  # a read-only cache: the profile is drawn again next time
            pass
    return found
