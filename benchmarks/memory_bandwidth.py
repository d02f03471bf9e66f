"""Memory copy bandwidth of this machine (for the physical limit of reading fields): copies a
512 MiB buffer into another with NumPy (one read and one write of each byte, as the kernel's copy
from the page cache into a read buffer does), best of 7. Usage: memory_bandwidth.py"""
import time

import numpy as np

n = 512 << 20
src = np.ones(n, dtype=np.uint8)
dst = np.empty_like(src)
np.copyto(dst, src)  # fault every page in before timing
best = float("inf")
for _ in range(7):
    t0 = time.perf_counter()
    np.copyto(dst, src)
    best = min(best, time.perf_counter() - t0)
print(f"copy bandwidth: {n / best / 1e9:.1f} GB/s copied ({2 * n / best / 1e9:.1f} GB/s read + written), best of 7")
