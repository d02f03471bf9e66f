#!/usr/bin/python3
"""Copies a demo pair with fields at the graphs' own resolution (the demo saves its fields at 1°),
so that the window's error map and globe overlay are measured at 0.1° too.
Usage: make_full_res_fields.py DEMO_DIR OUT_DIR RES_DEG [FIELDS]
Writes OUT_DIR/A and OUT_DIR/B: graph.npz linked from DEMO_DIR, fields.npz of FIELDS (default 8)
smooth float32 fields on the (180/RES + 1) x (360/RES) grid, B = A + a small smooth difference."""
import json
import os
import shutil
import sys

import numpy as np


def main():
    demo, out, res = sys.argv[1], sys.argv[2], float(sys.argv[3])
    count = int(sys.argv[4]) if len(sys.argv) > 4 else 8
    n = round(180 / res)
    lat = np.linspace(-90, 90, n + 1, dtype=np.float64)[:, None]
    lon = (np.arange(2 * n, dtype=np.float64) * res)[None, :]
    rng = np.random.default_rng(17)
    for run in ("A", "B"):
        os.makedirs(os.path.join(out, run), exist_ok=True)
        graph = os.path.join(out, run, "graph.npz")
        if not os.path.exists(graph):
            os.symlink(os.path.abspath(os.path.join(demo, run, "graph.npz")), graph)
        meta = json.load(open(os.path.join(demo, run, "run.json")))
        meta["fields_res_deg"] = res
        json.dump(meta, open(os.path.join(out, run, "run.json"), "w"), indent=1)
    fields_a, fields_b = {}, {}
    for k in range(count):
        phase = rng.uniform(0, 2 * np.pi, 3)
        base = (280 + 20 * np.cos(np.radians(lat)) * np.sin(np.radians((k + 1) * lon) / 3 + phase[0])
                + 5 * np.sin(np.radians(3 * lat) + phase[1]))
        diff = 1e-3 * np.sin(np.radians(7 * lon) + phase[2]) * np.cos(np.radians(lat)) ** 2
        fields_a[f"field_{k}"] = base.astype(np.float32)
        fields_b[f"field_{k}"] = (base + diff).astype(np.float32)
    np.savez(os.path.join(out, "A", "fields.npz"), **fields_a)
    np.savez(os.path.join(out, "B", "fields.npz"), **fields_b)
    shutil.copy(os.path.join(demo, "demo.json"), os.path.join(out, "demo.json"))


if __name__ == "__main__":
    main()
