"""profan diff's statistics written again from their definitions (docs/diff.md), for the
tests: not a translation of src/analysis/stats.c. The rank test enumerates every split of
the pooled runs (itertools.combinations) instead of counting them by dynamic programming;
ranks are ordinary mid-ranks; the binomial test sums C(n, k) p^k (1-p)^(n-k) directly."""
import itertools
import math


def median(values):
    """The median, the mean of the middle two rounded down for an even count (as profan's)."""
    v = sorted(values)
    n = len(v)
    if n == 0:
        return 0
    return v[n // 2] if n % 2 else v[n // 2 - 1] + (v[n // 2] - v[n // 2 - 1]) // 2


def fourth_spread(values):
    """Tukey's fourth spread: the median of the upper half of the values minus that of the
    lower half, an odd count's middle value belonging to both halves."""
    v = sorted(values)
    half = (len(v) + 1) // 2
    return median(v[len(v) - half:]) - median(v[:half])


def midranks(pooled):
    order = sorted(range(len(pooled)), key=lambda i: pooled[i])
    ranks = [0.0] * len(pooled)  # halves: exact in binary floating point
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and pooled[order[j + 1]] == pooled[order[i]]:
            j += 1
        for k in range(i, j + 1):
            ranks[order[k]] = (i + 1 + j + 1) / 2
        i = j + 1
    return ranks


def rank_p(a, b):
    """Two-sided p of the rank-sum test: the share of all splits of the pooled values into
    groups of len(a) and len(b) whose first group's rank sum is at least as far from its mean."""
    pooled = list(a) + list(b)
    if not a or not b or len(set(pooled)) == 1:
        return 1.0
    m, n = len(a), len(pooled)
    if n > 60:
        return normal_rank_p(a, b)
    assert n <= 20, "enumeration of C(n, m) splits: keep the test cases small"
    r = midranks(pooled)
    mean = m * (n + 1) / 2
    dev = abs(sum(r[:m]) - mean)
    sums = _split_sums(tuple(sorted(r)), m)
    return sum(1 for s in sums if abs(s - mean) >= dev) / len(sums)


_SPLITS = {}


def _split_sums(ranks, m):
    """The rank sum of the first group for every split (remembered: rows share tie patterns)."""
    if (ranks, m) not in _SPLITS:
        _SPLITS[(ranks, m)] = [sum(c) for c in itertools.combinations(ranks, m)]
    return _SPLITS[(ranks, m)]


def normal_rank_p(a, b):
    """The textbook normal approximation (tie-corrected variance, continuity correction)."""
    pooled = list(a) + list(b)
    m, n2, n = len(a), len(b), len(pooled)
    w = sum(midranks(pooled)[:m])
    ties = sum(t ** 3 - t for t in (pooled.count(v) for v in set(pooled)))
    var = m * n2 / 12 * (n + 1 - ties / (n * (n - 1)))
    z = (abs(w - m * (n + 1) / 2) - 0.5) / math.sqrt(var)
    return 1.0 if z <= 0 else math.erfc(z / math.sqrt(2))


def min_p(m, n):
    return min(1.0, 2 / math.comb(m + n, m)) if m and n else 1.0


def binom_p(ka, na, kb, nb):
    """Two-sided binomial test of ka of ka + kb at p0 = na / (na + nb): the probability of
    every outcome no more likely than ka (R's binom.test). Past 5000 samples, profan uses
    the normal approximation with continuity correction, and so does this."""
    n = ka + kb
    if n <= 0 or na <= 0 or nb <= 0:
        return 1.0
    p0 = na / (na + nb)
    if n > 5000:
        z = (abs(ka - n * p0) - 0.5) / math.sqrt(n * p0 * (1 - p0))
        return 1.0 if z <= 0 else math.erfc(z / math.sqrt(2))

    def logpmf(k):
        return math.log(math.comb(n, k)) + k * math.log(p0) + (n - k) * math.log1p(-p0)

    obs = logpmf(ka)
    return min(1.0, sum(math.exp(logpmf(k)) for k in range(n + 1) if logpmf(k) <= obs + 1e-7))


def verdict(a, b, alpha, samples=None, exact=False):
    """'changed', 'noise', 'same' or None (no estimate) for per-run values A and B, by the
    rule of docs/diff.md. SAMPLES: (ka, na, kb, nb) for the test against sampling noise.
    EXACT: deterministic counts (DHAT), compared as they are when no arm's runs differ."""
    diff = median(b) - median(a)
    if exact and len(set(a)) == 1 and len(set(b)) == 1:
        return "changed" if diff else "same"
    if min_p(len(a), len(b)) > alpha * (1 + 1e-9):
        return None
    if rank_p(a, b) > alpha * (1 + 1e-9) or abs(diff) <= 1.5 * max(fourth_spread(a), fourth_spread(b)):
        return "noise"
    if samples is not None and binom_p(*samples) > alpha * (1 + 1e-9):
        return "noise"
    return "changed"


def ppm(value, total):
    return math.floor(value * 1e6 / total + 0.5) if total else 0


MIN_SAMPLES_PER_RUN = 5  # docs/diff.md: below it a row says "too few samples"


def sampled_verdict(sa, sb, va, vb, alpha, counts, wall_clock):
    """profan diff's verdict on a row of a sampled profile (docs/diff.md): SA, SB its shares
    per run, VA, VB its values per run, COUNTS (ka, na, kb, nb) its samples and the arms'.
    Wall-clock profiles (V8) rest it on the shares; others on the values (separated by the
    rank test, beyond 1.5 spreads of the values or with the share moving the same way, the
    samples per run beyond sampling chance), and "share only" when only the share moved."""
    ka, _, kb, _ = counts
    share = verdict(sa, sb, alpha, samples=counts)
    if share is None:
        return None
    if wall_clock:
        v = share
    else:
        dv, ds = median(vb) - median(va), median(sb) - median(sa)
        wide = abs(dv) > 1.5 * max(fourth_spread(va), fourth_spread(vb)) or (share == "changed" and
                                                                              (dv > 0) == (ds > 0))
        moved = (dv != 0 and rank_p(va, vb) <= alpha * (1 + 1e-9) and wide and
                 binom_p(ka, len(va), kb, len(vb)) <= alpha * (1 + 1e-9))
        v = "changed" if moved else "share only" if share == "changed" else "noise"
    if ka + kb < MIN_SAMPLES_PER_RUN * (len(sa) + len(sb)):
        v = "too few samples"
    return v
