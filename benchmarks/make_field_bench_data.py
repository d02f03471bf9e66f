"""Writes two fields .npz files like a full-resolution forecast: 101 fields of 721×1440 float32,
uncompressed (numpy.savez), B = A plus small perturbations. Usage: make_field_bench_data.py OUTDIR"""
import pathlib
import sys

import numpy as np

out = pathlib.Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
nlat, nlon = 721, 1440
lat = np.deg2rad(np.linspace(-90, 90, nlat, dtype=np.float64))[:, None]
lon = np.deg2rad(np.arange(nlon) * 0.25)[None, :]
rng = np.random.default_rng(0)
surface = ["2m_temperature", "mean_sea_level_pressure", "10m_u_component_of_wind", "10m_v_component_of_wind",
           "total_precipitation_6hr"]
upper = ["geopotential", "temperature", "u_component_of_wind", "v_component_of_wind", "specific_humidity",
         "vertical_velocity", "relative_humidity", "potential_vorticity"]
levels = [50, 100, 150, 200, 250, 300, 400, 500, 600, 700, 850, 925]
names = surface + [f"{v}@{lev}" for v in upper for lev in levels]
names = names[:101]
a_fields, b_fields = {}, {}
for k, name in enumerate(names):
    base = (np.cos(lat) * 20 + np.sin(3 * lon + k) * np.cos(2 * lat) * 5 + k).astype(np.float32)
    a_fields[name] = base
    b = base.copy()
    b += rng.normal(0, 1e-4 * (k + 1), size=b.shape).astype(np.float32)
    b_fields[name] = b
(out / "run_a").mkdir(exist_ok=True)
(out / "run_b").mkdir(exist_ok=True)
np.savez(out / "run_a" / "fields.npz", **a_fields)
np.savez(out / "run_b" / "fields.npz", **b_fields)
print(f"wrote {len(names)} fields of {nlat}x{nlon} to {out}/run_a and run_b")
