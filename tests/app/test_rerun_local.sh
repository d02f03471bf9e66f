#!/usr/bin/env bash
# meshdiff rerun on the local back-end: success with outputs and ledger, failure, time limit,
# cancel (Ctrl-C), an injection attempt through a run folder's label, the native rebuild preset.
set -euo pipefail
meshdiff=$1 data=$3 source=$4
source "$source/scripts/loopback/common.sh"
work=$(mktemp -d /tmp/meshdiff-rerun-local.XXXXXX)
pwned=/tmp/meshdiff-pwned-local-$$
trap 'rm -rf "$work" "$pwned"' EXIT
slow41=41.$$  # unique: only this test's job matches
slow42=42.$$  # unique: only this test's job matches
fail() { echo "FAIL: $*" >&2; exit 1; }
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
ledger_field() {  # ledger_field RUNS_DIR KEY → KEY of the newest record
  "$py" -c 'import json,sys; print(json.load(open(sys.argv[1]+"/ledger.json"))["runs"][-1][sys.argv[2]])' "$1" "$2"
}
graph=$data/graphs/wn2_graph_1p0deg_avx2.npz

# 1. success: inputs by placeholder, outputs in the new run folder, progress lines, ledger
cat > "$work/copy.json" <<'JSON'
{"name": "copy graph", "command": ["/bin/sh", "-c", "echo 50%; cp \"$1\" \"$2/graph.npz\"; echo \"seen=$SEEN\"; echo 100%", "sh", "{A.graph}", "{out}"],
 "env": {"SEEN": "{A.label}"}}
JSON
out=$(timeout 60 "$meshdiff" rerun --recipe "$work/copy.json" --runs-dir "$work/runs" --run-a "$graph" --label C)
folder=$(sed -n 's/^run folder: //p' <<<"$out")
cmp "$graph" "$folder/graph.npz" || fail "output not in the run folder"
grep -q "seen=wn2_graph_1p0deg_avx2.npz" <<<"$out" || fail "environment not passed: $out"
[ "$(ledger_field "$work/runs" status)" = succeeded ] || fail "ledger status"
[ "$(ledger_field "$work/runs" label)" = C ] || fail "ledger label"
grep -q '"SEEN": "wn2_graph_1p0deg_avx2.npz"' "$work/runs/ledger.json" || fail "ledger env"

# 2. failure: exit status 2 and the reason
set +e
out=$(timeout 60 "$meshdiff" rerun --recipe <(echo '{"name": "fails", "command": ["/bin/sh", "-c", "echo broken >&2; exit 7"]}') \
      --runs-dir "$work/runs" 2>&1)
rc=$?
set -e
[ "$rc" = 2 ] || fail "failure exit status $rc"
grep -q "broken" <<<"$out" || fail "stderr of the job not in the log"
[ "$(ledger_field "$work/runs" exit_code)" = 7 ] || fail "ledger exit code"

# 3. time limit
start=$SECONDS
set +e
timeout 60 "$meshdiff" rerun --recipe <(echo '{"name": "slow", "command": ["/bin/sleep", "'"$slow41"'"]}') --timeout 1 \
  --runs-dir "$work/runs" >/dev/null 2>&1
rc=$?
set -e
[ "$rc" = 2 ] || fail "timed-out run exit status $rc"
((SECONDS - start < 15)) || fail "time limit not enforced"
[ "$(ledger_field "$work/runs" status)" = timed-out ] || fail "ledger: $(ledger_field "$work/runs" status)"
loopback_process_running "sleep $slow41" && fail "the timed-out job still runs"

# 4. cancel with Ctrl-C (SIGINT)
timeout 60 "$meshdiff" rerun --recipe <(echo '{"name": "long", "command": ["/bin/sleep", "'"$slow42"'"]}') \
  --runs-dir "$work/runs" >"$work/cancel.log" 2>&1 &
pid=$!
for _ in $(seq 50); do loopback_process_running "sleep $slow42" && break; sleep 0.1; done
kill -INT "$pid"
set +e; wait "$pid"; rc=$?; set -e
[ "$rc" = 2 ] || fail "cancelled run exit status $rc"
[ "$(ledger_field "$work/runs" status)" = cancelled ] || fail "ledger: $(ledger_field "$work/runs" status)"
loopback_process_running "sleep $slow42" && fail "the cancelled job still runs"

# 5. a run folder whose metadata label tries to run commands: it must stay one literal argument
mkdir "$work/evil"
cp "$graph" "$work/evil/graph.npz"
label="\$(touch $pwned) \`touch $pwned\`; touch $pwned | touch $pwned && rm -rf /nonexistent"
"$py" -c 'import json,sys; json.dump({"label": sys.argv[1]}, open(sys.argv[2], "w"))' "$label" "$work/evil/run.json"
cat > "$work/echo.json" <<'JSON'
{"name": "echo label", "command": ["/bin/echo", "label:{A.label}", ["--graph", "{A.graph}"]], "env": {"L": "{A.label}"}}
JSON
out=$(timeout 60 "$meshdiff" rerun --recipe "$work/echo.json" --runs-dir "$work/runs" --run-a "$work/evil")
grep -qF "label:$label --graph $work/evil/graph.npz" <<<"$out" || fail "label not passed literally: $out"
[ ! -e "$pwned" ] || fail "injection through the run folder label ran a command"

# 6. bad input never runs anything
set +e
"$meshdiff" rerun --recipe <(echo '{"name": "x", "command": ["/bin/touch", "{nope}"]}') --runs-dir "$work/runs2" >/dev/null 2>&1
rc=$?
"$meshdiff" rerun --recipe "$work/echo.json" --backend "ssh:-oProxyCommand=touch $pwned" --runs-dir "$work/runs2" >/dev/null 2>&1
rc2=$?
set -e
[ "$rc" = 2 ] && [ "$rc2" = 2 ] || fail "bad recipe / back-end exit status $rc $rc2"
[ ! -e "$work/runs2" ] && [ ! -e "$pwned" ] || fail "something ran for a bad request"

# 7. the shipped native rebuild preset: meshdiff build-graph, then diffed against A and B
if grep -q build-graph <<<"$("$meshdiff" --help)"; then
  out=$(timeout 120 "$meshdiff" rerun --recipe "$source/resources/recipes/native-rebuild.json" --runs-dir "$work/runs" \
        --run-a "$data/graphs/wn2_graph_1p0deg_default.npz" --run-b "$graph" --label D 2>&1) || fail "native rebuild: $out"
  folder=$(sed -n 's/^run folder: //p' <<<"$out")
  [ -s "$folder/graph.h5" ] || fail "native rebuild wrote no graph.h5"
  grep -q "== D vs A" <<<"$out" && grep -q "== D vs B" <<<"$out" || fail "no comparison with A and B: $out"
fi
echo "rerun local: all checks passed"
