#!/usr/bin/env bash
# Runs a command against a throwaway single-node Slurm cluster on loopback:
#
#   tools/slurm-local.sh [--] command args...     e.g. -- srun --mpi=pmix -n 4 prog
#
# Starts slurmctld and slurmd (as root, no systemd or cgroups) with a config
# in a fresh temporary folder, waits until the node is idle, runs the command
# with SLURM_CONF pointing there, then stops both daemons and removes the
# folder. Exit status: the command's; 77 when the Slurm binaries are not
# installed (the only reason to skip); 1 when the cluster does not come up.
set -uo pipefail
[[ ${1:-} == -- ]] && shift
if [[ $# -eq 0 ]]; then
  echo "usage: $0 [--] command args..." >&2
  exit 2
fi
for b in slurmctld slurmd srun sinfo; do
  if ! command -v "$b" >/dev/null && [[ ! -x /usr/sbin/$b ]]; then
    echo "slurm-local: SKIP: '$b' is not installed (apt-get install slurmctld slurmd slurm-client slurm-wlm-basic-plugins)" >&2
    exit 77
  fi
done
if [[ $(id -u) -ne 0 ]]; then
  echo "slurm-local: SKIP: needs root (slurmd runs jobs as their user)" >&2
  exit 77
fi
export PATH=$PATH:/usr/sbin

dir=$(mktemp -d "${TMPDIR:-/tmp}/slurm-local.XXXXXX")
chmod 0755 "$dir"
ctld_pid="" ; d_pid=""
cleanup() {
  for p in $d_pid $ctld_pid; do kill -TERM "$p" 2>/dev/null; done
  for p in $d_pid $ctld_pid; do
    for _ in $(seq 50); do kill -0 "$p" 2>/dev/null || break; sleep 0.1; done
    kill -KILL "$p" 2>/dev/null
  done
  rm -rf "$dir"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

node=$(hostname -s)
# Ports picked at random so that parallel runs do not collide.
base=$(( 20000 + RANDOM % 20000 ))
cat >"$dir/slurm.conf" <<CONF
ClusterName=shoaltest
SlurmctldHost=$node(127.0.0.1)
SlurmctldPort=$base
SlurmdPort=$((base + 1))
SlurmUser=root
SlurmdUser=root
AuthType=auth/none
CredType=cred/none
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SlurmdParameters=config_overrides
MpiDefault=none
ReturnToService=2
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/slurmctld.pid
SlurmdPidFile=$dir/slurmd.pid
SlurmctldLogFile=$dir/slurmctld.log
SlurmdLogFile=$dir/slurmd.log
AccountingStorageType=accounting_storage/none
JobCompType=jobcomp/none
JobAcctGatherType=jobacct_gather/none
SchedulerType=sched/builtin
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
InactiveLimit=0
KillWait=5
NodeName=$node NodeAddr=127.0.0.1 CPUs=8 State=UNKNOWN
PartitionName=shoal Nodes=$node Default=YES MaxTime=INFINITE State=UP OverSubscribe=YES
CONF
mkdir -p "$dir/state" "$dir/spool"
export SLURM_CONF=$dir/slurm.conf

setsid slurmctld -D -i -f "$SLURM_CONF" >"$dir/slurmctld.out" 2>&1 &
ctld_pid=$!
setsid slurmd -D -f "$SLURM_CONF" >"$dir/slurmd.out" 2>&1 &
d_pid=$!

up=0
for _ in $(seq 150); do
  state=$(sinfo -h -n "$node" -o %T 2>/dev/null | head -1)
  if [[ $state == idle* ]]; then up=1; break; fi
  if ! kill -0 "$ctld_pid" 2>/dev/null || ! kill -0 "$d_pid" 2>/dev/null; then break; fi
  sleep 0.2
done
if [[ $up -ne 1 ]]; then
  echo "slurm-local: the cluster did not become idle (node state '${state:-none}'); logs:" >&2
  tail -n 20 "$dir"/*.log "$dir"/*.out >&2 2>/dev/null
  exit 1
fi
echo "slurm-local: cluster up (slurmctld $ctld_pid, slurmd $d_pid, SLURM_CONF=$SLURM_CONF)" >&2

"$@"
rc=$?
exit $rc
