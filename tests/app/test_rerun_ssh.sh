#!/usr/bin/env bash
# meshdiff rerun --backend ssh:HOST against a real sshd on 127.0.0.1 (throwaway keys, started
# and stopped here by PID): inputs copied there, outputs back; failure; time limit; cancel;
# an injection attempt through a run folder's label.
set -euo pipefail
meshdiff=$1 data=$3 source=$4
source "$source/scripts/loopback/common.sh"
source "$source/scripts/loopback/sshd.sh"
loopback_install
work=$(mktemp -d /tmp/meshdiff-rerun-ssh.XXXXXX)
chmod 755 "$work"
pwned=/tmp/meshdiff-pwned-ssh-$$
cleanup() { loopback_sshd_stop; rm -rf "$work" "$pwned"; }  # a stray sleep from a failed check ends on its own
trap cleanup EXIT
slow43=43.$$  # unique: only this test's job matches
slow44=44.$$  # unique: only this test's job matches
fail() { echo "FAIL: $*" >&2; exit 1; }
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
ledger_field() {
  "$py" -c 'import json,sys; print(json.load(open(sys.argv[1]+"/ledger.json"))["runs"][-1][sys.argv[2]])' "$1" "$2"
}
loopback_sshd_start "$work/sshd"
remote=$work/remote   # the "remote" side lives on this machine, in its own folder
ssh_rerun() { timeout 60 "$meshdiff" rerun --backend ssh:loopback --ssh-config "$LOOPBACK_SSH_CONFIG" \
                --remote-dir "$remote" --runs-dir "$work/runs" "$@"; }
graph=$data/graphs/wn2_graph_1p0deg_sse.npz

# 1. success: A's graph copied there, command run there, out/ copied back
cat > "$work/copy.json" <<'JSON'
{"name": "copy graph over ssh", "command": ["/bin/sh", "-c",
  "case \"$1\" in */in/1-*) ;; *) echo \"input not staged: $1\"; exit 9;; esac; cp \"$1\" \"$2/graph.npz\"; pwd; echo \"tf32=$NVIDIA_TF32_OVERRIDE\"",
  "sh", "{A.graph}", "{out}"], "env": {"NVIDIA_TF32_OVERRIDE": "0"}}
JSON
out=$(ssh_rerun --recipe "$work/copy.json" --run-a "$graph" --label C 2>&1) || fail "ssh run: $out"
folder=$(sed -n 's/^run folder: //p' <<<"$out")
cmp "$graph" "$folder/graph.npz" || fail "output not copied back: $out"
grep -q "tf32=0" <<<"$out" || fail "environment not set remotely: $out"
id=$(ledger_field "$work/runs" id)
grep -q "^$remote/$id/out\$" <<<"$out" || fail "not run in the remote working directory: $out"
[ "$(ledger_field "$work/runs" backend)" = ssh:loopback ] || fail "ledger backend"
[ -s "$remote/$id/in/1-$(basename "$graph")" ] || fail "input not in the remote in/ folder"

# 2. failure: remote exit status reported
set +e
out=$(ssh_rerun --recipe <(echo '{"name": "fails", "command": ["/bin/sh", "-c", "echo remote-broken; exit 5"]}') 2>&1)
rc=$?
set -e
[ "$rc" = 2 ] || fail "failure exit status $rc"
grep -q remote-broken <<<"$out" || fail "remote output missing"
[ "$(ledger_field "$work/runs" exit_code)" = 5 ] || fail "ledger exit code"

# 3. time limit: the remote process is stopped too
start=$SECONDS
set +e
ssh_rerun --recipe <(echo '{"name": "slow", "command": ["/bin/sleep", "'"$slow43"'"]}') --timeout 2 >/dev/null 2>&1
rc=$?
set -e
[ "$rc" = 2 ] || fail "timed-out exit status $rc"
((SECONDS - start < 20)) || fail "time limit not enforced"
[ "$(ledger_field "$work/runs" status)" = timed-out ] || fail "ledger: $(ledger_field "$work/runs" status)"
sleep 0.5
loopback_process_running "sleep $slow43" && fail "the remote job survived the time limit"

# 4. cancel (Ctrl-C on meshdiff)
# (timeout, not a shell function, in the background: bash makes background subshells ignore SIGINT)
timeout 60 "$meshdiff" rerun --backend ssh:loopback --ssh-config "$LOOPBACK_SSH_CONFIG" --remote-dir "$remote" \
  --runs-dir "$work/runs" --recipe <(echo '{"name": "long", "command": ["/bin/sleep", "'"$slow44"'"]}') >"$work/cancel.log" 2>&1 &
pid=$!
for _ in $(seq 100); do loopback_process_running "sleep $slow44" && break; sleep 0.1; done
loopback_process_running "sleep $slow44" || fail "the remote job never started: $(cat "$work/cancel.log")"
kill -INT "$pid"
set +e; wait "$pid"; rc=$?; set -e
[ "$rc" = 2 ] || fail "cancelled exit status $rc"
[ "$(ledger_field "$work/runs" status)" = cancelled ] || fail "ledger: $(ledger_field "$work/runs" status)"
sleep 0.5
loopback_process_running "sleep $slow44" && fail "the remote job survived cancel"

# 5. injection through a run folder's metadata: the remote shell must see it as one quoted word
mkdir "$work/evil"
cp "$graph" "$work/evil/graph.npz"
label="\$(touch $pwned) \`touch $pwned\`; touch $pwned | touch '$pwned' \"\$(touch $pwned)\" && rm -rf /nonexistent"
"$py" -c 'import json,sys; json.dump({"label": sys.argv[1]}, open(sys.argv[2], "w"))' "$label" "$work/evil/run.json"
cat > "$work/echo.json" <<'JSON'
{"name": "echo label", "command": ["/bin/sh", "-c", "printf 'label:%s|env:%s\\n' \"$1\" \"$L\"", "sh", "{A.label}"], "env": {"L": "{A.label}"}}
JSON
out=$(ssh_rerun --recipe "$work/echo.json" --run-a "$work/evil" 2>&1) || fail "injection run: $out"
grep -qF "label:$label|env:$label" <<<"$out" || fail "label not passed literally: $out"
[ ! -e "$pwned" ] || fail "injection through the run folder label ran a command over ssh"

# 6. an unreachable host fails with a reason, quickly
set +e
out=$(timeout 60 "$meshdiff" rerun --backend ssh:nosuchhost.invalid --runs-dir "$work/runs" \
      --recipe <(echo '{"name": "x", "command": ["true"]}') 2>&1)
rc=$?
set -e
[ "$rc" = 2 ] && grep -q "cannot reach" <<<"$out" || fail "unreachable host: $rc $out"
# 7. the shipped native rebuild preset on the "remote" host, fetched back and diffed against A and B
if grep -q build-graph <<<"$("$meshdiff" --help)"; then
  out=$(ssh_rerun --recipe "$source/resources/recipes/native-rebuild.json" --remote-meshdiff "$(realpath "$meshdiff")" --label D \
        --run-a "$data/graphs/wn2_graph_1p0deg_default.npz" --run-b "$graph" 2>&1) || fail "native rebuild: $out"
  folder=$(sed -n 's/^run folder: //p' <<<"$out")
  [ -s "$folder/graph.h5" ] || fail "the rebuilt graph was not copied back: $out"
  grep -q "== D vs A" <<<"$out" && grep -q "== D vs B" <<<"$out" || fail "no comparison with A and B: $out"
fi
echo "rerun ssh: all checks passed"
