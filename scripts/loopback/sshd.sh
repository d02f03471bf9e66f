# A real sshd on 127.0.0.1 with throwaway keys (sourced; needs common.sh).
#   loopback_sshd_start DIR   starts it; sets LOOPBACK_SSH_PORT, LOOPBACK_SSH_CONFIG (an ssh -F file
#                             defining Host "loopback"), LOOPBACK_SSH_PID
#   loopback_sshd_stop        stops it by PID
# Extra sshd_config lines may be given in LOOPBACK_SSHD_EXTRA (e.g. "SetEnv SLURM_CONF=…").

loopback_sshd_start() {
  local dir=$1
  mkdir -p "$dir" && chmod 755 "$dir"
  mkdir -p -m0755 /run/sshd
  ssh-keygen -q -t ed25519 -N '' -f "$dir/host_key" >/dev/null
  ssh-keygen -q -t ed25519 -N '' -f "$dir/client_key" >/dev/null
  cp "$dir/client_key.pub" "$dir/authorized_keys"
  LOOPBACK_SSH_PORT=${LOOPBACK_SSH_PORT:-$(loopback_free_port 2222)}
  cat > "$dir/sshd_config" <<CONF
ListenAddress 127.0.0.1
Port $LOOPBACK_SSH_PORT
HostKey $dir/host_key
AuthorizedKeysFile $dir/authorized_keys
PidFile $dir/sshd.pid
StrictModes no
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
Subsystem sftp /usr/lib/openssh/sftp-server
${LOOPBACK_SSHD_EXTRA:-}
CONF
  LOOPBACK_SSH_CONFIG=$dir/ssh_config
  cat > "$LOOPBACK_SSH_CONFIG" <<CONF
Host loopback
  HostName 127.0.0.1
  Port $LOOPBACK_SSH_PORT
  User $(id -un)
  IdentityFile $dir/client_key
  IdentitiesOnly yes
  BatchMode yes
  StrictHostKeyChecking no
  UserKnownHostsFile /dev/null
  LogLevel ERROR
CONF
  /usr/sbin/sshd -D -e -f "$dir/sshd_config" 2>"$dir/sshd.log" &
  LOOPBACK_SSH_PID=$!
  if ! loopback_wait_for "sshd on 127.0.0.1:$LOOPBACK_SSH_PORT" 15 ssh -n -F "$LOOPBACK_SSH_CONFIG" loopback true; then
    cat "$dir/sshd.log" >&2
    return 1
  fi
}

loopback_sshd_stop() {
  loopback_stop_pid "${LOOPBACK_SSH_PID:-}"
  LOOPBACK_SSH_PID=
}
