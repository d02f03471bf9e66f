#!/usr/bin/env bash
# meshdiff experiments on the 1° demo pair through a real single-node Slurm (munge, slurmctld,
# slurmd from Debian, started and stopped here by PID): every experiment is a Slurm job, and the
# evidence is the same as on the local back-end.
set -euo pipefail
meshdiff=$1 source=$4
py=${MESHDIFF_PYTHON:-/usr/bin/python3}
source "$source/scripts/loopback/common.sh"
source "$source/scripts/loopback/slurm.sh"
source "$source/tests/app/lib/experiments_json.sh"
loopback_install
work=$(mktemp -d /tmp/meshdiff-experiments-slurm.XXXXXX)
chmod 755 "$work"
cleanup() { loopback_slurm_stop; rm -rf "$work"; }
trap cleanup EXIT
fail() { echo "FAIL: $*" >&2; exit 1; }
# Ports of their own, so that this test and test_rerun_slurm may start their Slurms at once.
LOOPBACK_SLURMCTLD_PORT=$(loopback_free_port 6917) && export LOOPBACK_SLURMCTLD_PORT
loopback_slurm_start "$work/slurm"

"$meshdiff" demo --out "$work/demo" >/dev/null
A=$work/demo/A B=$work/demo/B
out=$(timeout 600 "$meshdiff" experiments "$A" "$B" --recipe "$source/resources/recipes/demo-model-step.json" \
      --backend slurm --runs-dir "$work/runs" --json "$work/diag.json" 2>&1) || fail "experiments on slurm: $out"
grep -q "submitted" <<<"$out" || grep -q "sbatch" <<<"$out" || fail "no Slurm job in the log: $out"
[ "$(diag_ids "$work/diag.json")" = "B-with-A-graph A-with-B-graph A-rebuilt-as-B B-rebuilt-as-A" ] || fail "plan"
[ "$(diag_row "$work/diag.json" B-with-A-graph rel_rms_to_a)" = 0.0 ] || fail "swap on slurm: $(cat "$work/diag.json")"
[ "$(diag_row "$work/diag.json" A-rebuilt-as-B graph_is)" = B ] || fail "rebuild on slurm"
[ "$(diag_key "$work/diag.json" verdict.cause)" = graph ] || fail "verdict $(diag_key "$work/diag.json" verdict.text)"
jobs=$("$py" -c 'import json,sys; r=json.load(open(sys.argv[1]))["runs"]; print(sum(1 for x in r if x.get("slurm_job") and x["status"]=="succeeded"))' \
       "$work/runs/ledger.json")
[ "$jobs" = 4 ] || fail "ledger: $jobs succeeded Slurm jobs"
echo "experiments slurm: all checks passed"
