"""'Did you mean' for misspelt keys and values."""

from __future__ import annotations

from collections.abc import Iterable


def did_you_mean(word: str, candidates: Iterable[str]) -> str | None:
    """The closest candidate to `word`, if one is close enough to be a likely misspelling."""
    options = [c for c in candidates if isinstance(c, str)]
    lowered = {c.lower(): c for c in options}
    if word.lower() in lowered:
        return lowered[word.lower()]
    import difflib  # not at start-up: most runs misspell nothing

    match = difflib.get_close_matches(word.lower(), list(lowered), n=1, cutoff=0.6)
    return lowered[match[0]] if match else None


def hint(word: str, candidates: Iterable[str]) -> str:
    """'; did you mean 'x'?' or ''."""
    best = did_you_mean(word, candidates)
    return f"; did you mean '{best}'?" if best else ""
