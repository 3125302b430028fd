#!/usr/bin/env python3
# Wrote test/stats/quantile-truth.json: the gamma quantiles, to 30 digits (mpmath), at the
# points of test/stats/quantile-grid.json where @stdlib 0.2.3 is wrong (the upper half, p >=
# 1/2, at shapes from about 900 on: its x leaves P(a, x) as much as 0.004 away from p), up to
# shape 1e6. P(a, x) is summed here at 40 digits from its series, because mpmath's own
# gammainc gives up at such shapes. Usage (needs mpmath): python3 scripts/quantile-truth.py
import json
from pathlib import Path
from mpmath import exp, findroot, log, loggamma, mp, mpf

mp.dps = 40
root = Path(__file__).resolve().parent.parent
grid = json.loads((root / 'test' / 'stats' / 'quantile-grid.json').read_text())


def lower_gamma(a, x):
    """P(a, x) = x^a e^-x / Gamma(a + 1) * sum over n >= 0 of x^n / ((a + 1) ... (a + n))."""
    term = total = mpf(1)
    n = 0
    while term > total * mpf(10) ** -45:
        n += 1
        term *= x / (a + n)
        total += term
    return exp(a * log(x) - x - loggamma(a + 1)) * total


rows = sorted({(p, a) for p, a, _ in grid['gamma'] if 0.5 <= p < 1 and 900 <= a <= 1e6})
truth = []
for p, a in rows:
    start = next(x for q, b, x in grid['gamma'] if (q, b) == (p, a))
    x = findroot(lambda x: lower_gamma(mpf(a), x) - mpf(p), mpf(start), tol=mpf(10) ** -34, verify=False)
    truth.append([p, a, mp.nstr(x, 30)])
lines = ',\n'.join(f'  {json.dumps(row)}' for row in truth)
(root / 'test' / 'stats' / 'quantile-truth.json').write_text(f'[\n{lines}\n]\n')
