"""Two 0.25° rollouts as compressed .npz (numpy.savez_compressed): FIELDS arrays of
[LEADS, 721, 1440] float32, with a lead_hours array; B = A + perturbations growing with the lead.
Usage: make_npz_rollout_bench_data.py OUTDIR LEADS FIELDS   (writes OUTDIR/run_a/fields.npz, run_b/…)"""
import pathlib
import sys

import numpy as np

out, leads, nfields = pathlib.Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
lat = np.deg2rad(np.linspace(-90, 90, 721))[:, None]
lon = np.deg2rad(np.arange(1440) * 0.25)[None, :]
noise = np.random.default_rng(0).standard_normal((721, 1440)).astype(np.float32)
a, b = {}, {}
for k in range(nfields):
    base = (np.cos(lat) * 20 + np.sin(3 * lon + k) * np.cos(2 * lat) * 5 + k).astype(np.float32)
    a[f"field_{k}"] = np.stack([base + np.float32(0.1 * t) for t in range(leads)])
    b[f"field_{k}"] = a[f"field_{k}"] + np.stack([np.roll(noise, k + t, axis=1) * np.float32(1e-4 * 2 ** t)
                                                  for t in range(leads)])
for name, arrays in (("run_a", a), ("run_b", b)):
    (out / name).mkdir(parents=True, exist_ok=True)
    np.savez_compressed(out / name / "fields.npz", lead_hours=6.0 * np.arange(1, leads + 1), **arrays)
print(f"wrote {nfields} fields × {leads} leads to {out}")
