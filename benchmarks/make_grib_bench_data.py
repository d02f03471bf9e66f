"""Writes two GRIB2 files of one 0.25° lead like ai-models' GraphCast output, with ecCodes' Python
bindings: t, u, v, z, q, w on 13 pressure levels, 2t, 10u, 10v, msl, 6-hourly tp (83 messages,
721 × 1440, 16-bit simple packing, north → south). B is A plus small noise.
Usage: make_grib_bench_data.py OUT_DIR"""
import pathlib
import sys

import eccodes as ec
import numpy as np

out = pathlib.Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
SAMPLES = pathlib.Path("/usr/share/eccodes/samples")
LEVELS = [50, 100, 150, 200, 250, 300, 400, 500, 600, 700, 850, 925, 1000]
MESSAGES = [("regular_ll_pl_grib2", s, "isobaricInhPa", lev) for s in ["t", "u", "v", "z", "q", "w"] for lev in LEVELS]
MESSAGES += [("regular_ll_sfc_grib2", s, t, lev) for s, t, lev in
             [("2t", "heightAboveGround", 2), ("10u", "heightAboveGround", 10), ("10v", "heightAboveGround", 10),
              ("msl", "meanSea", 0), ("tp", "surface", 0)]]
lat = np.linspace(90, -90, 721)[:, None]
lon = np.arange(1440)[None, :] * 0.25
rng = np.random.default_rng(3)


def write(path, noise):
    with open(path, "wb") as f:
        for k, (sample, short, level_type, level) in enumerate(MESSAGES):
            with open(SAMPLES / f"{sample}.tmpl", "rb") as s:
                h = ec.codes_grib_new_from_file(s)
            ec.codes_set(h, "productDefinitionTemplateNumber", 8 if short == "tp" else 0)
            ec.codes_set(h, "typeOfLevel", level_type)
            ec.codes_set(h, "level", level)
            ec.codes_set(h, "shortName", short)
            if short == "tp":
                ec.codes_set(h, "stepType", "accum")
                ec.codes_set(h, "startStep", 0)
                ec.codes_set(h, "endStep", 6)
            else:
                ec.codes_set(h, "step", 6)
            for key, value in [("Ni", 1440), ("Nj", 721), ("latitudeOfFirstGridPointInDegrees", 90.0),
                               ("latitudeOfLastGridPointInDegrees", -90.0), ("longitudeOfFirstGridPointInDegrees", 0.0),
                               ("longitudeOfLastGridPointInDegrees", 359.75), ("iDirectionIncrementInDegrees", 0.25),
                               ("jDirectionIncrementInDegrees", 0.25), ("bitsPerValue", 16)]:
                ec.codes_set(h, key, value)
            values = 100 + 50 * k + 20 * np.cos(np.deg2rad(lat)) * np.sin(np.deg2rad(2 * lon + k))
            values = values + noise * rng.normal(size=values.shape)
            ec.codes_set_values(h, values.ravel())
            ec.codes_write(h, f)
            ec.codes_release(h)


write(out / "a.grib2", 0.0)
write(out / "b.grib2", 0.01)
