"""A slow, table-free reference for shanten and waits, to check the fast engine against.

Shanten is computed from its definition: keep as many of the hand's tiles as possible in partial
groups (parts of sets and of the pair) that can all be completed into one legal hand with no tile
more than four times; the tiles still missing, minus one, is the shanten. Everything is plain
recursion over the hand, with no lookup table.
"""

from __future__ import annotations

from itertools import product


def _options(counts: list[int], i: int):
    """Partial groups that start at tile i: (is_pair, kept tiles, possible completions)."""
    out = []
    for k in (3, 2, 1):
        if counts[i] >= k:
            out.append((False, (i,) * k, [(i, i, i)]))
    for k in (2, 1):
        if counts[i] >= k:
            out.append((True, (i,) * k, [(i, i)]))
    if i < 27:
        pos = i % 9
        if pos <= 6 and counts[i + 1] and counts[i + 2]:
            out.append((False, (i, i + 1, i + 2), [(i, i + 1, i + 2)]))
        if pos <= 7 and counts[i + 1]:
            comps = [(i - 1, i, i + 1)] if pos >= 1 else []
            comps += [(i, i + 1, i + 2)] if pos <= 6 else []
            out.append((False, (i, i + 1), comps))
        if pos <= 6 and counts[i + 2]:
            out.append((False, (i, i + 2), [(i, i + 1, i + 2)]))
    return out


def _fits(groups: list[list[tuple[int, ...]]]) -> bool:
    """Whether some choice of completions uses no tile more than four times."""
    for choice in product(*groups):
        used = [0] * 34
        for tiles in choice:
            for t in tiles:
                used[t] += 1
        if max(used) <= 4:
            return True
    return False


def reference_shanten(counts: list[int]) -> int:
    """Regular-form shanten by exhaustive search (n sets + one pair, four copies at most)."""
    n_sets = sum(counts) // 3
    target = 3 * n_sets + 2
    best = [0]
    work = counts[:]

    def search(i: int, sets: int, pair: int, kept: int, left: int, comps: list) -> None:
        if kept + left <= best[0]:
            return
        while i < 34 and work[i] == 0:
            i += 1
        if i == 34:
            if _fits(comps):
                best[0] = kept
            return
        for is_pair, tiles, completions in _options(work, i):
            if (is_pair and pair) or (not is_pair and sets == n_sets):
                continue
            for t in tiles:
                work[t] -= 1
            search(i, sets + (not is_pair), pair + is_pair, kept + len(tiles),
                   left - len(tiles), comps + [completions])
            for t in tiles:
                work[t] += 1
        work[i] -= 1  # leave one copy of tile i out of every group
        search(i, sets, pair, kept, left - 1, comps)
        work[i] += 1

    search(0, 0, 0, 0, sum(counts), [])
    return target - best[0] - 1


def reference_waits(counts: list[int]) -> list[int]:
    """Tiles whose addition makes the regular form complete (a fifth copy never)."""
    out = []
    for t in range(34):
        if counts[t] < 4:
            counts[t] += 1
            if reference_shanten(counts) == -1:
                out.append(t)
            counts[t] -= 1
    return out
