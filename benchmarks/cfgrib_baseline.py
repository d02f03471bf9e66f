"""The cfgrib/xarray way, timed, for docs/benchmarks.md: open both GRIB files with cfgrib (no .idx
files written), then the compare_npz.py-style per-field loop (corr, rel RMS, max |A−B|) over every
variable and level. Usage: cfgrib_baseline.py A.grib2 B.grib2"""
import resource
import sys
import time

import cfgrib
import numpy as np


def fields(path):
    """{name@level: 2-D array} for every data variable of every hypercube cfgrib finds."""
    out = {}
    for ds in cfgrib.open_datasets(path, backend_kwargs={"indexpath": ""}):
        for name, var in ds.data_vars.items():
            values = var.values
            if "isobaricInhPa" in var.dims:
                for k, level in enumerate(ds["isobaricInhPa"].values):
                    out[f"{name}@{int(level)}"] = values[k]
            else:
                out[name] = values
    return out


start = time.perf_counter()
a, b = fields(sys.argv[1]), fields(sys.argv[2])
worst = 0.0
for name in a:
    x, y = a[name].astype(np.float64), b[name].astype(np.float64)
    ok = np.isfinite(x) & np.isfinite(y)
    d = x[ok] - y[ok]
    rel = np.sqrt(np.mean(d * d)) / np.std(x[ok])
    corr = np.corrcoef(x[ok], y[ok])[0, 1]
    worst = max(worst, rel)
elapsed = time.perf_counter() - start
rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"{len(a)} fields, max rel RMS {worst:.3e}; {elapsed:.2f} s, peak RSS {rss:.0f} MiB")
