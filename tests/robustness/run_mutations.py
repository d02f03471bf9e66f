"""Mutated NetCDF-4 files against `meshdiff compare` (issue 6): writes a valid fields file, derives
COUNT mutants from it with a fixed seed (bit flips, truncations, zeroed blocks, and mixes of them),
compares each with the valid file and checks that meshdiff ends with exit 0, 1 or 2 within the time
limit: never killed by a signal, never a sanitizer report, never a changed input file.

With --window-reader READER (the fuzz replay of the NetCDF field reader), each mutant is also read
the way the window reads it: in-process, after the HDF5 pre-flight, no child process around it;
that must end with exit 0 (errors caught) and no signal, or the window itself would crash.

usage: run_mutations.py MESHDIFF WORKDIR [--count N] [--jobs J] [--seed S] [--timeout SECONDS]
                        [--window-reader READER]
Failing mutants are kept in WORKDIR/failures/ with meshdiff's output beside them."""
import argparse
import collections
import concurrent.futures
import hashlib
import os
import pathlib
import random
import shutil
import subprocess
import sys
import time

here = pathlib.Path(__file__).resolve().parent


def flip_bits(data, rng):
    out = bytearray(data)
    for _ in range(rng.choice([1, 2, 4, 8, 32])):
        pos = rng.randrange(len(out))
        out[pos] ^= 1 << rng.randrange(8)
    return bytes(out)


def truncate(data, rng):
    # Mostly within the metadata at the front, sometimes anywhere.
    end = rng.randrange(1, len(data)) if rng.random() < 0.5 else rng.randrange(1, min(len(data), 4096))
    return data[:end]


def zero_blocks(data, rng):
    out = bytearray(data)
    for _ in range(rng.randint(1, 4)):
        size = rng.choice([8, 16, 64, 256, 1024])
        pos = rng.randrange(len(out))
        out[pos:pos + size] = bytes(len(out[pos:pos + size]))
    return bytes(out)


def mix(data, rng):
    for mutate in rng.sample([flip_bits, zero_blocks, truncate], 2):
        data = mutate(data, rng)
    return data


MUTATIONS = [flip_bits, truncate, zero_blocks, mix]


def read_like_the_window(reader, mutant, timeout):
    """Problems of the in-process read (the window's path), or []."""
    try:
        proc = subprocess.run([reader, str(mutant)], stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return [f"the window's reader took over {timeout} s"]
    if proc.returncode < 0:
        return [f"the window's reader was killed by signal {-proc.returncode}"]
    if proc.returncode != 0:
        return [f"the window's reader ended with exit status {proc.returncode}"]
    return []


def run_one(meshdiff, reference, mutant, timeout, window_reader=None):
    before = hashlib.sha256(mutant.read_bytes()).hexdigest()
    start = time.monotonic()
    try:
        proc = subprocess.run([meshdiff, "compare", str(reference), str(mutant), "--fields-only", "--summary"],
                              stdin=subprocess.DEVNULL, capture_output=True, timeout=timeout)
        code, output = proc.returncode, proc.stdout + proc.stderr
    except subprocess.TimeoutExpired as e:
        code, output = "timeout", (e.stdout or b"") + (e.stderr or b"")
    seconds = time.monotonic() - start
    problems = []
    if code == "timeout":
        problems.append(f"took over {timeout} s")
    elif code < 0:
        problems.append(f"killed by signal {-code}")
    elif code not in (0, 1, 2):
        problems.append(f"exit status {code}")
    text = output.decode(errors="replace")
    if "Sanitizer" in text or "runtime error:" in text:
        problems.append("sanitizer report")
    if window_reader:
        problems += read_like_the_window(window_reader, mutant, timeout)
    if hashlib.sha256(mutant.read_bytes()).hexdigest() != before:
        problems.append("the input file was modified")
    return code, seconds, problems, text


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("meshdiff")
    parser.add_argument("workdir", type=pathlib.Path)
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--seed", type=int, default=6)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--window-reader")
    args = parser.parse_args()

    work = args.workdir
    shutil.rmtree(work, ignore_errors=True)
    (work / "mutants").mkdir(parents=True)
    reference = work / "valid.nc"
    subprocess.run([sys.executable, str(here / "make_netcdf_seed.py"), str(reference)], check=True)
    valid = reference.read_bytes()

    # The valid file itself must compare as identical, or the test proves nothing.
    code, _, problems, text = run_one(args.meshdiff, reference, reference, args.timeout)
    if code != 0 or problems:
        print(f"the valid file does not compare as identical with itself (exit {code}):\n{text}")
        return 1

    rng = random.Random(args.seed)
    mutants = []
    for i in range(args.count):
        mutate = MUTATIONS[i % len(MUTATIONS)]
        data = mutate(valid, rng)
        path = work / "mutants" / f"{i:05d}_{mutate.__name__}.nc"
        path.write_bytes(data)
        mutants.append(path)

    codes = collections.Counter()
    failures = []
    times = []
    started = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        futures = {pool.submit(run_one, args.meshdiff, reference, m, args.timeout, args.window_reader): m for m in mutants}
        for future in concurrent.futures.as_completed(futures):
            mutant = futures[future]
            code, seconds, problems, text = future.result()
            codes[code] += 1
            times.append((seconds, mutant.name, code))
            if problems:
                failures.append((mutant, problems, text))
                kept = work / "failures"
                kept.mkdir(exist_ok=True)
                shutil.copy(mutant, kept / mutant.name)
                (kept / (mutant.name + ".txt")).write_text(text)
            else:
                mutant.unlink()
    elapsed = time.monotonic() - started

    print(f"{len(mutants)} mutants of a {len(valid)}-byte NetCDF-4 file in {elapsed:.1f} s "
          f"({args.jobs} at a time); exit statuses: " +
          ", ".join(f"{k}: {v}" for k, v in sorted(codes.items(), key=lambda kv: str(kv[0]))))
    times.sort(reverse=True)
    print("slowest: " + ", ".join(f"{s:.2f} s ({name}, exit {code})" for s, name, code in times[:5]))
    for mutant, problems, text in sorted(failures):
        print(f"FAIL {mutant.name}: {'; '.join(problems)}\n    " + "\n    ".join(text.strip().splitlines()[-8:]))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
