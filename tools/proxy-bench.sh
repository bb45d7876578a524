#!/bin/bash
# One run: ucx_perftest (tcp loopback) next to shoal's device perftests over
# the proxy (docs/perf/proxy.md). BUILD=<build dir> (default build/sim-release).
export UCX_TLS=tcp
B=${BUILD:-$(cd "$(dirname "$0")/.." && pwd)/build/sim-release}/bin
echo "== load: $(uptime)"
for t in "ucp_put_lat 8" "ucp_put_bw 1048576"; do
  set -- $t
  (timeout 60 ucx_perftest -t $1 -s $2 -n 2000 -p 13411 > /dev/null 2>&1 &); sleep 1
  echo "== ucx_perftest -t $1 -s $2 -n 2000 (client)"
  timeout 60 ucx_perftest 127.0.0.1 -p 13411 -t $1 -s $2 -n 2000 2>&1 | grep -E "Final|Stage"
  sleep 1
done
echo "== shmem_put_latency over the proxy (2 PEs, 2 simulated nodes)"
SHOAL_SIM_PES_PER_NODE=1 timeout 120 $B/shoalrun -n 2 $B/shmem_put_latency -b 8 -e 8 -n 2000 -w 100 -r 3 -s thread 2>&1 | tail -2
# The same shape as ucp_put_lat (a put, the peer polls memory, half the
# round trip reported): put_signal ping-pong (no quiet; the proxy orders the
# signal after the data) and p ping-pong (p + quiet).
for pp in shmem_put_signal_ping_pong_latency shmem_p_ping_pong_latency; do
  echo "== $pp over the proxy (2 PEs, 2 simulated nodes)"
  SHOAL_SIM_PES_PER_NODE=1 timeout 120 $B/shoalrun -n 2 $B/$pp -b 8 -e 8 -n 2000 -w 100 -r 3 2>&1 | tail -2
done
echo "== shmem_put_bw over the proxy (2 PEs, 2 simulated nodes), 1 CTA x 1 thread"
SHOAL_SIM_PES_PER_NODE=1 timeout 120 $B/shoalrun -n 2 $B/shmem_put_bw -b 1M -e 1M -n 200 -w 10 -r 3 -c 1 -t 1 -s thread 2>&1 | tail -2
echo "== shmem_put_bw over the proxy, 1 CTA x 32 threads (32 requests in flight)"
SHOAL_SIM_PES_PER_NODE=1 timeout 120 $B/shoalrun -n 2 $B/shmem_put_bw -b 1M -e 1M -n 200 -w 10 -r 3 -c 1 -t 32 -s thread 2>&1 | tail -2
