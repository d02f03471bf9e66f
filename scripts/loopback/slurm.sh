# A real single-node Slurm on localhost: munged, slurmctld and slurmd from Debian (sourced;
# needs common.sh).
#   loopback_slurm_start DIR   starts all three; exports SLURM_CONF; sets LOOPBACK_SLURM_PIDS
#   loopback_slurm_stop        cancels remaining jobs, then stops the daemons by PID, in reverse
# No cgroup plugins (they would leave folders under /sys/fs/cgroup).

loopback_slurm_start() {
  local dir=$1 host cpus node ctld_port slurmd_port
  mkdir -p "$dir/state" "$dir/spool" "$dir/munge" && chmod 755 "$dir" "$dir/munge"
  LOOPBACK_SLURM_PIDS=()
  # munge: its own key and socket; the socket folder must not be mode 700.
  mungekey -c -k "$dir/munge/munge.key" >/dev/null 2>&1 || create-munge-key -f -k "$dir/munge/munge.key" >/dev/null
  chmod 600 "$dir/munge/munge.key"
  munged -F -f -S "$dir/munge/socket" --key-file="$dir/munge/munge.key" --pid-file="$dir/munge/munged.pid" \
    --seed-file="$dir/munge/seed" --log-file="$dir/munge/munged.log" 2>>"$dir/munge/munged.err" &
  LOOPBACK_SLURM_PIDS+=($!)
  if ! loopback_wait_for munged 10 test -S "$dir/munge/socket"; then cat "$dir/munge/"*.err "$dir/munge/"*.log >&2 || true; return 1; fi

  host=$(hostname -s)
  node=$(slurmd -C | head -n1)
  ctld_port=${LOOPBACK_SLURMCTLD_PORT:-$(loopback_free_port 6817)}
  slurmd_port=${LOOPBACK_SLURMD_PORT:-$(loopback_free_port $((ctld_port + 1)))}
  export SLURM_CONF=$dir/slurm.conf
  cat > "$SLURM_CONF" <<CONF
ClusterName=meshdiff-loopback
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
SlurmUser=$(id -un)
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/munge/socket
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
JobAcctGatherType=jobacct_gather/none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SchedulerParameters=batch_sched_delay=0
MinJobAge=3600
MailProg=/bin/true
ReturnToService=2
CommunicationParameters=NoCtldInAddrAny,NoInAddrAny
$node NodeAddr=127.0.0.1 State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
  slurmctld -D -f "$SLURM_CONF" 2>>"$dir/slurmctld.err" &
  LOOPBACK_SLURM_PIDS+=($!)
  slurmd -D -f "$SLURM_CONF" 2>>"$dir/slurmd.err" &
  LOOPBACK_SLURM_PIDS+=($!)
  if ! loopback_wait_for "an idle Slurm node" 30 bash -c 'sinfo -h -o %t | grep -qx idle'; then
    tail -n 20 "$dir"/*.log "$dir"/*.err >&2 || true
    return 1
  fi
}

loopback_slurm_stop() {
  if [ -n "${SLURM_CONF:-}" ] && ((${#LOOPBACK_SLURM_PIDS[@]})); then
    local jobs
    jobs=$(squeue -h -o %i 2>/dev/null || true)
    if [ -n "$jobs" ]; then
      scancel $jobs 2>/dev/null || true
      for _ in $(seq 30); do [ -z "$(squeue -h -t running,completing -o %i 2>/dev/null)" ] && break; sleep 0.2; done
    fi
  fi
  local i
  for ((i = ${#LOOPBACK_SLURM_PIDS[@]} - 1; i >= 0; i--)); do loopback_stop_pid "${LOOPBACK_SLURM_PIDS[i]}"; done
  LOOPBACK_SLURM_PIDS=()
}
