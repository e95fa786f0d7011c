# Sourced by the scripts that start servers on loopback (test-cluster.sh, bench-serve.sh).
# `free_port NAME` sets the variable NAME to a random port in 20000-59999 that nobody answers on
# and that this script has not handed out before; returns 1 after 100 tries. Bash only (no python):
# a connection attempt through /dev/tcp tells whether something listens. The port may still be
# taken in between: callers retry their start-up on "Address already in use".
taken_ports=" "
free_port() {
  local candidate
  for _ in $(seq 100); do
    candidate=$((20000 + RANDOM % 40000))
    case "$taken_ports" in *" $candidate "*) continue ;; esac
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$candidate") 2>/dev/null; then
      taken_ports+="$candidate "
      printf -v "$1" '%s' "$candidate"
      return 0
    fi
  done
  return 1
}
