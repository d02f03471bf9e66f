"""The plain xarray/NumPy way to compare two rollouts, as users' scripts do it: open both with
xarray, then per lead and per field (variable × level) rel RMS = RMS(A−B)/std(A) and the correlation,
in float64. Prints one summary line per lead.
Usage: xarray_rollout_baseline.py A.nc B.nc"""
import sys

import numpy as np
import xarray as xr

a_ds, b_ds = xr.open_dataset(sys.argv[1]), xr.open_dataset(sys.argv[2])
names = [n for n, v in a_ds.data_vars.items() if v.dims[-2:] == ("lat", "lon")]
for t in range(a_ds.sizes["time"]):
    rel, corr = [], []
    for name in names:
        a_var, b_var = a_ds[name].isel(time=t), b_ds[name].isel(time=t)
        slices = [{"level": k} for k in range(a_ds.sizes["level"])] if "level" in a_var.dims else [{}]
        for where in slices:
            a = a_var.isel(where).values.astype(np.float64)
            b = b_var.isel(where).values.astype(np.float64)
            d = a - b
            rel.append(np.sqrt(np.mean(d * d)) / np.std(a))
            corr.append(np.corrcoef(a.ravel(), b.ravel())[0, 1])
    hours = a_ds["time"].values[t] / np.timedelta64(1, "h")
    print(f"lead {hours:g} h: {len(rel)} fields, max rel RMS {max(rel):.3g}, "
          f"median {np.median(rel):.3g}, min corr {min(corr):.8f}")
