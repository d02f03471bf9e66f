"""Writes two 0.25° rollouts as NetCDF-4 files the way xarray lays out a GraphCast forecast:
time (lead, timedelta in hours) × [level ×] lat × lon, 5 surface variables and 8 variables on
12 levels (101 fields), float32, uncompressed (xarray's default encoding), written with
netCDF4-python one lead of one variable at a time. B = A + perturbations that grow with the lead.
10 leads are ≈ 4.2 GB per file.
Usage: make_rollout_bench_data.py OUTDIR LEADS    (writes OUTDIR/run_a/forecast.nc, run_b/forecast.nc)"""
import pathlib
import sys

import netCDF4
import numpy as np

out, leads = pathlib.Path(sys.argv[1]), int(sys.argv[2])
nlat, nlon = 721, 1440
lat = np.linspace(-90, 90, nlat)
lon = np.arange(nlon) * 0.25
surface = ["2m_temperature", "mean_sea_level_pressure", "10m_u_component_of_wind", "10m_v_component_of_wind",
           "total_precipitation_6hr"]
upper = ["geopotential", "temperature", "u_component_of_wind", "v_component_of_wind", "specific_humidity",
         "vertical_velocity", "relative_humidity", "potential_vorticity"]
levels = [50, 100, 150, 200, 250, 300, 400, 500, 600, 700, 850, 925]
rng = np.random.default_rng(0)
noise = rng.standard_normal((nlat, nlon)).astype(np.float32)  # one draw, rolled: writing stays I/O-bound
rlat = np.deg2rad(lat)[:, None]
rlon = np.deg2rad(lon)[None, :]
pattern = [(np.cos(rlat) * 20 + np.sin(3 * rlon + k) * np.cos(2 * rlat) * 5).astype(np.float32) for k in range(7)]


def field(k, t):
    return pattern[k % 7] + np.float32(k + 0.1 * t)


def write(path, perturb):
    path.parent.mkdir(parents=True, exist_ok=True)
    with netCDF4.Dataset(path, "w", format="NETCDF4") as ds:
        ds.createDimension("time", leads)
        ds.createDimension("level", len(levels))
        ds.createDimension("lat", nlat)
        ds.createDimension("lon", nlon)
        t = ds.createVariable("time", "i8", ("time",))
        t.units = "hours"
        t[:] = 6 * np.arange(1, leads + 1)
        ds.createVariable("level", "i4", ("level",))[:] = levels
        ds.createVariable("lat", "f8", ("lat",))[:] = lat
        ds.createVariable("lon", "f8", ("lon",))[:] = lon
        k = 0
        for name in surface:
            v = ds.createVariable(name, "f4", ("time", "lat", "lon"))
            for i in range(leads):
                v[i] = field(k, i) + perturb(k, i)
            k += 1
        for name in upper:
            v = ds.createVariable(name, "f4", ("time", "level", "lat", "lon"))
            for i in range(leads):
                for j in range(len(levels)):
                    v[i, j] = field(k + j, i) + perturb(k + j, i)
            k += len(levels)


write(out / "run_a" / "forecast.nc", lambda k, i: 0)
write(out / "run_b" / "forecast.nc", lambda k, i: np.roll(noise, 7 * k + i, axis=1) * np.float32(1e-4 * 2 ** i))
print(f"wrote {leads} leads × 101 fields of {nlat}×{nlon} to {out}/run_a and run_b")
