"""The plain NumPy way, timed, for docs/benchmarks.md: the set-based graph diff people script
today, and the compare_npz.py-style per-field loop.
Usage: numpy_baseline.py graphs A.npz B.npz | numpy_baseline.py fields A.npz B.npz"""
import resource
import sys
import time

import numpy as np


def load_graph(path):
    z = np.load(path)
    return {k: z[k] for k in z.files}


def graph_diff(a_path, b_path):
    a, b = load_graph(a_path), load_graph(b_path)
    n_mesh = len(a["mesh_lat"])
    ka = a["g2m_senders"].astype(np.int64) * n_mesh + a["g2m_receivers"]
    kb = b["g2m_senders"].astype(np.int64) * n_mesh + b["g2m_receivers"]
    only_a = np.setdiff1d(ka, kb).size
    only_b = np.setdiff1d(kb, ka).size
    def triangles(g):
        order = np.argsort(g["m2g_receivers"], kind="stable")
        return np.sort(g["m2g_senders"][order].reshape(-1, 3), axis=1)
    changed = int(np.any(triangles(a) != triangles(b), axis=1).sum())
    moved = int(((a["mesh_lat"] != b["mesh_lat"]) | (a["mesh_lon"] != b["mesh_lon"])).sum())
    return f"g2m only A {only_a} only B {only_b}; m2g changed {changed}; mesh nodes moved {moved}"


def fields_diff(a_path, b_path):
    a, b = np.load(a_path), np.load(b_path)
    rels, corrs = [], []
    for name in a.files:
        x, y = a[name].astype(np.float64), b[name].astype(np.float64)
        ok = np.isfinite(x) & np.isfinite(y)
        x, y = x[ok], y[ok]
        sd = x.std()
        rels.append(np.sqrt(np.mean((x - y) ** 2)) / sd if sd > 0 else 0.0)
        corrs.append(np.corrcoef(x, y)[0, 1] if sd > 0 else 1.0)
    return f"{len(rels)} fields min corr {min(corrs):.8f} max rel RMS {max(rels):.3e} median {np.median(rels):.3e}"


t0 = time.perf_counter()
result = graph_diff(sys.argv[2], sys.argv[3]) if sys.argv[1] == "graphs" else fields_diff(sys.argv[2], sys.argv[3])
elapsed = time.perf_counter() - t0
peak_mib = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(f"{result}\nnumpy {sys.argv[1]}: {elapsed:.3f} s wall, peak RSS {peak_mib:.0f} MiB")
