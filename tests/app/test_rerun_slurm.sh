#!/usr/bin/env bash
# meshdiff rerun --backend slurm against a real single-node Slurm (munge, slurmctld, slurmd from
# Debian) started and stopped here by PID: success, failure, time limit, cancel, submit
# without --wait, and an injection attempt through a run folder's label in the batch script.
set -euo pipefail
meshdiff=$1 data=$3 source=$4
source "$source/scripts/loopback/common.sh"
source "$source/scripts/loopback/slurm.sh"
loopback_install
work=$(mktemp -d /tmp/meshdiff-rerun-slurm.XXXXXX)
chmod 755 "$work"
pwned=/tmp/meshdiff-pwned-slurm-$$
cleanup() { loopback_slurm_stop; rm -rf "$work" "$pwned"; }
trap cleanup EXIT
slow45=45.$$  # unique: only this test's job matches
slow46=46.$$  # unique: only this test's job matches
fail() { echo "FAIL: $*" >&2; exit 1; }
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
ledger_field() {
  "$py" -c 'import json,sys; print(json.load(open(sys.argv[1]+"/ledger.json"))["runs"][-1][sys.argv[2]])' "$1" "$2"
}
loopback_slurm_start "$work/slurm"
slurm_rerun() { timeout 90 "$meshdiff" rerun --backend slurm --runs-dir "$work/runs" "$@"; }
graph=$data/graphs/wn2_graph_1p0deg_default.npz

# 1. success, with progress lines, an output in the run folder and the environment
cat > "$work/copy.json" <<'JSON'
{"name": "copy graph on slurm", "command": ["/bin/sh", "-c", "echo 10%; cp \"$1\" \"$2/graph.npz\"; echo \"simd=$NPY_DISABLE_CPU_FEATURES\"; echo \"job=$SLURM_JOB_ID\"; echo 100%",
  "sh", "{A.graph}", "{out}"], "env": {"NPY_DISABLE_CPU_FEATURES": "AVX512F AVX512CD"}}
JSON
out=$(slurm_rerun --recipe "$work/copy.json" --run-a "$graph" --wait 2>&1) || fail "slurm run: $out"
folder=$(sed -n 's/^run folder: //p' <<<"$out")
cmp "$graph" "$folder/graph.npz" || fail "output missing: $out"
grep -q "simd=AVX512F AVX512CD" <<<"$out" || fail "environment not set: $out"
job=$(ledger_field "$work/runs" slurm_job)
grep -q "job=$job" <<<"$out" || fail "log is not the Slurm job's output: $out"
[ "$(ledger_field "$work/runs" status)" = succeeded ] || fail "ledger status"

# 2. failure: Slurm's exit code reported
set +e
out=$(slurm_rerun --wait --recipe <(echo '{"name": "fails", "command": ["/bin/sh", "-c", "echo slurm-broken; exit 6"]}') 2>&1)
rc=$?
set -e
[ "$rc" = 2 ] || fail "failure exit status $rc: $out"
grep -q slurm-broken <<<"$out" || fail "job output missing: $out"
[ "$(ledger_field "$work/runs" exit_code)" = 6 ] || fail "ledger exit code"
grep -q FAILED <<<"$(ledger_field "$work/runs" reason)" || fail "reason: $(ledger_field "$work/runs" reason)"

# 3. time limit: meshdiff scancels the job
set +e
slurm_rerun --wait --timeout 3 --recipe <(echo '{"name": "slow", "command": ["/bin/sleep", "'"$slow45"'"]}') >/dev/null 2>&1
rc=$?
set -e
[ "$rc" = 2 ] || fail "timed-out exit status $rc"
[ "$(ledger_field "$work/runs" status)" = timed-out ] || fail "ledger: $(ledger_field "$work/runs" status)"
job=$(ledger_field "$work/runs" slurm_job)
[ "$(squeue -h -j "$job" -t all -o %T)" = CANCELLED ] || fail "Slurm job $job not cancelled"

# 4. cancel with Ctrl-C
# (timeout, not a shell function, in the background: bash makes background subshells ignore SIGINT)
timeout 90 "$meshdiff" rerun --backend slurm --runs-dir "$work/runs" --wait \
  --recipe <(echo '{"name": "long", "command": ["/bin/sleep", "'"$slow46"'"]}') >"$work/cancel.log" 2>&1 &
pid=$!
for _ in $(seq 100); do grep -q "submitted Slurm job" "$work/cancel.log" && break; sleep 0.1; done
sleep 1
kill -INT "$pid"
set +e; wait "$pid"; rc=$?; set -e
[ "$rc" = 2 ] || fail "cancelled exit status $rc: $(cat "$work/cancel.log")"
[ "$(ledger_field "$work/runs" status)" = cancelled ] || fail "ledger: $(ledger_field "$work/runs" status)"
job=$(ledger_field "$work/runs" slurm_job)
[ "$(squeue -h -j "$job" -t all -o %T)" = CANCELLED ] || fail "Slurm job $job not cancelled"

# 5. without --wait: submitted, meshdiff returns, the job finishes on its own
out=$(slurm_rerun --recipe <(echo '{"name": "detached", "command": ["/bin/sh", "-c", "sleep 1; echo done > \"$1/done.txt\"", "sh", "{out}"]}'))
folder=$(sed -n 's/^run folder (when done): //p' <<<"$out")
[ "$(ledger_field "$work/runs" status)" = submitted ] || fail "ledger: $(ledger_field "$work/runs" status)"
job=$(ledger_field "$work/runs" slurm_job)
loopback_wait_for "detached job $job" 30 test -s "$folder/done.txt"

# 6. injection through a run folder's label: the batch script quotes every word
mkdir "$work/evil"
cp "$graph" "$work/evil/graph.npz"
label="\$(touch $pwned) \`touch $pwned\`; touch $pwned | touch '$pwned' \"\$(touch $pwned)\""
"$py" -c 'import json,sys; json.dump({"label": sys.argv[1]}, open(sys.argv[2], "w"))' "$label" "$work/evil/run.json"
cat > "$work/echo.json" <<'JSON'
{"name": "echo label", "command": ["/bin/sh", "-c", "printf 'label:%s|env:%s\\n' \"$1\" \"$L\"", "sh", "{A.label}"], "env": {"L": "{A.label}"}}
JSON
out=$(slurm_rerun --wait --recipe "$work/echo.json" --run-a "$work/evil" 2>&1) || fail "injection run: $out"
grep -qF "label:$label|env:$label" <<<"$out" || fail "label not passed literally: $out"
[ ! -e "$pwned" ] || fail "injection through the run folder label ran a command in the batch script"
# 7. the shipped native rebuild preset as a Slurm job, diffed against A and B
if grep -q build-graph <<<"$("$meshdiff" --help)"; then
  out=$(slurm_rerun --wait --recipe "$source/resources/recipes/native-rebuild.json" --option precision=float64 --label E \
        --run-a "$graph" --run-b "$data/graphs/wn2_graph_1p0deg_sse.npz" 2>&1) || fail "native rebuild: $out"
  folder=$(sed -n 's/^run folder: //p' <<<"$out")
  [ -s "$folder/graph.h5" ] || fail "no rebuilt graph: $out"
  grep -qF "'--precision' 'float64'" "$(dirname "$folder")/job.sh" || fail "option not in the batch script"
  grep -q "== E vs A" <<<"$out" && grep -q "== E vs B" <<<"$out" || fail "no comparison with A and B: $out"
fi
echo "rerun slurm: all checks passed"
