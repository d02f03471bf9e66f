#!/usr/bin/env bash
# meshdiff model-step and meshdiff experiments on the 1° demo pair through the local back-end:
# the model step reproduces the demo's runs bit for bit and its TF32 mode spreads a difference
# everywhere; the experiments on the demo pair (graph) and on a precision pair (everywhere) give real
# evidence numbers; bad input, a failing experiment and Ctrl-C end cleanly; `diagnose`, the
# command's old name, still runs it.
set -euo pipefail
meshdiff=$1 source=$4
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
source "$source/tests/app/lib/experiments_json.sh"
work=$(mktemp -d /tmp/meshdiff-experiments-local.XXXXXX)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
recipe=$source/resources/recipes/demo-model-step.json
"$meshdiff" demo --out "$work/demo" >/dev/null
A=$work/demo/A B=$work/demo/B

# 1. model-step with A's graph and A's settings reproduces A's fields bit for bit (and B's likewise)
"$meshdiff" model-step --out "$work/stepA" --graph "$A/graph.npz" --math glibc >/dev/null
"$meshdiff" model-step --out "$work/stepB" --math eigen >/dev/null   # B's graph built on the spot
"$meshdiff" model-step --out "$work/tf32" --graph "$A/graph.npz" --precision tf32 >/dev/null
"$py" - "$A" "$work/stepA" "$B" "$work/stepB" "$work/tf32" <<'PY' || fail "model-step fields"
import json, sys, numpy as np
def fields(d): return np.load(d + "/fields.npz")
a, sa, b, sb, t = (fields(d) for d in sys.argv[1:6])
for ref, new in ((a, sa), (b, sb)):
    assert sorted(ref.files) == sorted(new.files), (ref.files, new.files)
    for k in ref.files:
        assert ref[k].dtype == np.float32 and np.array_equal(ref[k].view(np.uint32), new[k].view(np.uint32)), k
moved = [k for k in a.files if not np.array_equal(a[k], t[k], equal_nan=True)]
assert len(moved) == len(a.files), f"tf32 moved only {moved}"
meta = json.load(open(sys.argv[5] + "/run.json"))
assert meta["precision"] == "tf32" and meta["graph_hash"] == json.load(open(sys.argv[1] + "/run.json"))["graph_hash"], meta
PY

# 2. --dry-run prints the plan and runs nothing
out=$("$meshdiff" experiments "$A" "$B" --recipe "$recipe" --runs-dir "$work/dry" --dry-run)
grep -q "cause graph" <<<"$out" || fail "dry run: no compare line: $out"
grep -q "plan: 4 experiment(s)" <<<"$out" || fail "dry run plan: $out"
grep -q "B-with-A-graph" <<<"$out" && grep -q 'graph="A'"'"'s graph"' <<<"$out" || fail "dry run swap: $out"
[ ! -e "$work/dry" ] || fail "dry run ran something"
# the old name, a hidden alias, runs the same command
out=$("$meshdiff" diagnose "$A" "$B" --recipe "$recipe" --runs-dir "$work/dry" --dry-run) || fail "alias diagnose: $out"
grep -q "plan: 4 experiment(s)" <<<"$out" || fail "alias diagnose: no plan: $out"

# 3. the demo pair: graph swap both ways, rebuild as the other host; real numbers
out=$(timeout 300 "$meshdiff" experiments "$A" "$B" --recipe "$recipe" --runs-dir "$work/runs" \
      --json "$work/diag.json" --markdown "$work/diag.md") || fail "experiments: $out"
j=$work/diag.json
[ "$(diag_ids "$j")" = "B-with-A-graph A-with-B-graph A-rebuilt-as-B B-rebuilt-as-A" ] || fail "ids: $(diag_ids "$j")"
[ "$(diag_key "$j" pair.cause)" = graph ] || fail "pair cause $(diag_key "$j" pair.cause)"
"$py" - "$j" <<'PY' || fail "evidence numbers: $(cat "$j")"
import json, sys
d = json.load(open(sys.argv[1])); rows = {r["id"]: r for r in d["evidence"]}; d0 = d["pair"]["max_rel_rms"]
assert d0 > 1e-6, d0
assert all(r["status"] == "succeeded" for r in rows.values()), rows
assert rows["B-with-A-graph"]["rel_rms_to_a"] == 0.0 and rows["B-with-A-graph"]["graph_is"] == "A"
assert abs(rows["B-with-A-graph"]["rel_rms_to_b"] - d0) < 0.5 * d0
assert rows["A-with-B-graph"]["rel_rms_to_b"] == 0.0 and rows["A-with-B-graph"]["rel_rms_to_a"] > 1e-6
assert rows["A-rebuilt-as-B"]["graph_is"] == "B" and rows["A-rebuilt-as-B"]["graph_hash"] == d["pair"]["graph_hash_b"]
assert rows["A-rebuilt-as-B"]["rel_rms_to_b"] == 0.0
assert rows["B-rebuilt-as-A"]["graph_is"] == "A" and rows["B-rebuilt-as-A"]["rel_rms_to_a"] == 0.0
assert d["verdict"]["cause"] == "graph", d["verdict"]
t = d["verdict"]["text"]
assert t.startswith("Cause: host-built graph.") and "B's side matches A to 0" in t and "(same hash)" in t, t
PY
grep -q "Cause: host-built graph" <<<"$out" || fail "no verdict printed: $out"
grep -q "^B-with-A-graph .*succeeded" <<<"$out" || fail "no evidence table: $out"
grep -q "| B-with-A-graph | B's side with A's graph | succeeded | 0 |" "$work/diag.md" || fail "markdown: $(cat "$work/diag.md")"
n=$("$py" -c 'import json,sys; r=json.load(open(sys.argv[1]))["runs"]; print(sum(x["status"]=="succeeded" for x in r), r[-1]["label"])' "$work/runs/ledger.json")
[ "$n" = "4 B-rebuilt-as-A" ] || fail "ledger: $n"

# 4. a precision pair (A against A's graph with TF32 matmuls): everywhere → precision knobs off
out=$(timeout 300 "$meshdiff" experiments "$A" "$work/tf32" --recipe "$recipe" --runs-dir "$work/runs" --json "$work/p.json") \
  || fail "precision experiments: $out"
[ "$(diag_key "$work/p.json" pair.cause)" = everywhere ] || fail "precision pair cause"
[ "$(diag_ids "$work/p.json")" = "B-precision-off A-precision-off" ] || fail "precision plan $(diag_ids "$work/p.json")"
[ "$(diag_row "$work/p.json" B-precision-off rel_rms_to_a)" = 0.0 ] || fail "precision off B: $(cat "$work/p.json")"
[ "$(diag_key "$work/p.json" verdict.cause)" = precision ] || fail "precision verdict $(diag_key "$work/p.json" verdict.text)"

# 5. bad input: a clear error naming the file, never a crash
set +e
out=$("$meshdiff" experiments "$A" "$B" --recipe "$work/missing.json" --runs-dir "$work/bad" 2>&1); rc=$?
[ "$rc" = 2 ] && grep -q "$work/missing.json" <<<"$out" || fail "missing recipe ($rc): $out"
out=$("$meshdiff" experiments "$A" "$B" --recipe "$source/resources/recipes/native-rebuild.json" --runs-dir "$work/bad" 2>&1); rc=$?
[ "$rc" = 2 ] && grep -q "native-rebuild.json.*no \"experiments\" block" <<<"$out" || fail "no experiments block ($rc): $out"
"$py" -c 'import json,sys; r=json.load(open(sys.argv[1])); r["experiments"]["precision_off"]={"autotune": "off"}; json.dump(r, open(sys.argv[2], "w"))' \
  "$recipe" "$work/noopt.json"
out=$("$meshdiff" experiments "$A" "$B" --recipe "$work/noopt.json" --runs-dir "$work/bad" 2>&1); rc=$?
[ "$rc" = 2 ] && grep -q "noopt.json.*autotune" <<<"$out" || fail "missing option ($rc): $out"
[ ! -e "$work/bad" ] || fail "something ran for a bad recipe"
"$py" -c 'import json,sys; r=json.load(open(sys.argv[1])); r["options"][0]["choices"][1]["params"]["graph"]="/nonexistent/graph.npz"; json.dump(r, open(sys.argv[2], "w"))' \
  "$recipe" "$work/failing.json"
out=$(timeout 300 "$meshdiff" experiments "$A" "$B" --recipe "$work/failing.json" --runs-dir "$work/runs" --json "$work/f.json" 2>&1); rc=$?
set -e
[ "$rc" = 2 ] || fail "failed experiment exit status $rc: $out"
grep -q "experiment B-with-A-graph (recipe $work/failing.json): failed" <<<"$out" || fail "failure not named: $out"
[ "$(diag_row "$work/f.json" B-with-A-graph status)" = failed ] || fail "failed row"
[ "$(diag_row "$work/f.json" A-with-B-graph status)" = succeeded ] || fail "the other experiments did not run"

# 6. Ctrl-C stops the running experiment: exit 130, the ledger says cancelled
"$py" -c 'import json,sys; r=json.load(open(sys.argv[1])); r["command"]=["/bin/sleep", sys.argv[3]]; json.dump(r, open(sys.argv[2], "w"))' \
  "$recipe" "$work/slow.json" "47.$$"
timeout 120 "$meshdiff" experiments "$A" "$B" --recipe "$work/slow.json" --runs-dir "$work/runs" >"$work/cancel.log" 2>&1 &
pid=$!
for _ in $(seq 300); do grep -q "== experiment 1/4" "$work/cancel.log" && break; sleep 0.1; done
sleep 1
kill -INT "$pid"
set +e; wait "$pid"; rc=$?; set -e
[ "$rc" = 130 ] || fail "cancelled exit status $rc: $(cat "$work/cancel.log")"
status=$("$py" -c 'import json,sys; print(json.load(open(sys.argv[1]))["runs"][-1]["status"])' "$work/runs/ledger.json")
[ "$status" = cancelled ] || fail "ledger after cancel: $status"
# 7. the report shows the verdict and the evidence table (when meshdiff has the GUI)
set +e
out=$(env -u DISPLAY -u WAYLAND_DISPLAY timeout 300 "$meshdiff" report "$A" "$B" --out "$work/report" --experiments "$work/diag.json" \
      --width 320 --height 200 --maps 0 --closeups 0 --field-closeups 0 2>&1); rc=$?
set -e
if [ "$rc" = 2 ] && grep -q "built without the GUI" <<<"$out"; then
  echo "report part not checked: meshdiff built without the GUI"
else
  [ "$rc" = 0 ] || fail "report with the experiments ($rc): $out"
  grep -q '<p id="experiments-verdict"><b>Cause: host-built graph.' "$work/report/index.html" || fail "no verdict in the report"
  grep -q "<tr><td>B&#39;s side with A&#39;s graph</td><td>succeeded</td><td>0</td>" "$work/report/index.html" \
    || grep -q "<tr><td>B's side with A's graph</td><td>succeeded</td><td>0</td>" "$work/report/index.html" \
    || fail "no evidence row in the report: $(grep -A3 experiments-evidence "$work/report/index.html")"
  echo '{"not": "an experiments result"}' > "$work/notdiag.json"
  set +e
  # --diagnosis: the option's old name, still read
  out=$("$meshdiff" report "$A" "$B" --out "$work/report2" --diagnosis "$work/notdiag.json" 2>&1); rc=$?
  set -e
  [ "$rc" = 2 ] && grep -q "$work/notdiag.json" <<<"$out" || fail "bad experiments file ($rc): $out"
fi
echo "experiments local: all checks passed"
