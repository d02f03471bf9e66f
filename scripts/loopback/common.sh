# Shared helpers for the loopback back-ends (sourced). Only 127.0.0.1 is ever used.

# Installs the daemons when missing (CI: root, fresh Debian 12, no systemd).
loopback_install() {
  local missing=()
  [ -x /usr/sbin/sshd ] || missing+=(openssh-server)
  command -v ssh >/dev/null || missing+=(openssh-client)
  [ -x /usr/sbin/slurmctld ] || missing+=(slurm-wlm)
  [ -x /usr/sbin/munged ] || missing+=(munge)
  ((${#missing[@]})) || return 0
  local sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "loopback: installing ${missing[*]}" >&2
  $sudo apt-get update -q >&2
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q --no-install-recommends "${missing[@]}" >&2
}

# First TCP port in [from, from+span) nobody listens on at 127.0.0.1.
loopback_free_port() {
  local from=$1 span=${2:-200} port
  for ((port = from; port < from + span; port++)); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then echo "$port"; return 0; fi
  done
  return 1
}

# Waits up to $2 seconds (default 15) for the command "$3 …" to succeed.
loopback_wait_for() {
  local what=$1 seconds=$2; shift 2
  local deadline=$((SECONDS + seconds))
  until "$@" >/dev/null 2>&1; do
    if ((SECONDS >= deadline)); then echo "loopback: $what did not come up in ${seconds}s" >&2; return 1; fi
    sleep 0.2
  done
}

# Sends TERM to a PID we started, waits up to 5 s, then KILL.
loopback_stop_pid() {
  local pid=$1
  [ -n "$pid" ] || return 0
  kill -TERM "$pid" 2>/dev/null || return 0
  for _ in $(seq 50); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}

# True when a process whose command line ends with "$1" runs (reads /proc: no procps needed).
loopback_process_running() {
  local file words
  for file in /proc/[0-9]*/cmdline; do
    mapfile -d '' words <"$file" 2>/dev/null || continue
    [[ "${words[*]}" == *"$1" ]] && return 0
  done
  return 1
}
