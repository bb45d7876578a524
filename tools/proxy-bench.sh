#!/bin/bash
# ucx_perftest (tcp loopback) next to shoal's device perftests over the proxy
# (docs/perf/proxy.md). BUILD=<build dir> (default build/sim-release).
# REPS=<n> (default 5): the two goal comparisons run n times, interleaved
# (ucx, shoal, ucx, shoal, ...), and the summary gives each side's median and
# the ratio of the medians, so a load spike lands on both sides.
export UCX_TLS=tcp
B=${BUILD:-$(cd "$(dirname "$0")/.." && pwd)/build/sim-release}/bin
REPS=${REPS:-5}
export SHOAL_SIM_PES_PER_NODE=1  # 2 PEs on 2 simulated nodes: everything goes through the proxy
echo "== load: $(uptime)"

# ucx_perftest's "Final:" line: iterations, latency 50%ile / average /
# overall (us), bandwidth average / overall (MB/s, MB = 2^20 B), rates.
ucx() {  # test size -> the Final line
  (timeout 60 ucx_perftest -t "$1" -s "$2" -n 2000 -p 13411 > /dev/null 2>&1 &)
  sleep 1
  timeout 60 ucx_perftest 127.0.0.1 -p 13411 -t "$1" -s "$2" -n 2000 2>&1 | grep Final
  sleep 1
}
shoal() {  # perftest args... -> the result row (size scope value min max)
  local bin=$1; shift
  timeout 120 "$B/shoalrun" -n 2 "$B/$bin" "$@" 2>&1 | tail -1
}
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2}'; }

lat_ucx=() lat_shoal=() lat_noassist=() lat_sig=() bw_ucx=() bw_shoal=()
for ((i = 1; i <= REPS; ++i)); do
  l=$(ucx ucp_put_lat 8); echo "ucp_put_lat 8 B:            $l"
  lat_ucx+=("$(echo "$l" | awk '{print $4}')")  # average us
  # ucp_put_lat's shape: one 8-byte put per hop, the peer polls that word,
  # half the round trip reported.
  l=$(shoal shoal_p_poll_ping_pong_latency -n 2000 -w 100 -r 3)
  echo "p-poll ping-pong 8 B:       $l"
  lat_shoal+=("$(echo "$l" | awk '{print $3}')")
  # The same without assisting threads: the proxy thread issues everything.
  l=$(SHOAL_PROXY_ASSIST=0 shoal shoal_p_poll_ping_pong_latency -n 2000 -w 100 -r 3)
  echo "p-poll, SHOAL_PROXY_ASSIST=0: $l"
  lat_noassist+=("$(echo "$l" | awk '{print $3}')")
  # put_signal: two UCX operations per hop (the data, then the signal
  # ordered after it).
  l=$(shoal shmem_put_signal_ping_pong_latency -b 8 -e 8 -n 2000 -w 100 -r 3)
  echo "put_signal ping-pong 8 B:   $l"
  lat_sig+=("$(echo "$l" | awk '{print $3}')")
  l=$(ucx ucp_put_bw 1048576); echo "ucp_put_bw 1 MiB:          $l"
  bw_ucx+=("$(echo "$l" | awk '{printf "%.4f", $7 * 1048576 / 1e9}')")  # overall, GB/s
  # One thread, one 1 MiB put per iteration (nbi, quiet at the end): the
  # message size of ucp_put_bw. (-t 32 would split each MiB into 32 puts.)
  l=$(shoal shmem_put_bw -b 1M -e 1M -n 1000 -w 10 -r 3 -c 1 -t 1 -s thread)
  echo "shmem_put_bw 1 MiB -t 1:    $l"
  bw_shoal+=("$(echo "$l" | awk '{print $3}')")
done

echo "== once each: put + quiet latency, p ping-pong (2 p + fence + signal), 1 MiB split over 32 threads"
echo "put+quiet 8 B:        $(shoal shmem_put_latency -b 8 -e 8 -n 2000 -w 100 -r 3 -s thread)"
echo "p ping-pong 8 B:      $(shoal shmem_p_ping_pong_latency -n 2000 -w 100 -r 3)"
echo "put_bw 1 MiB -t 32:   $(shoal shmem_put_bw -b 1M -e 1M -n 1000 -w 10 -r 3 -c 1 -t 32 -s thread)"

mu=$(printf '%s\n' "${lat_ucx[@]}" | median); ms=$(printf '%s\n' "${lat_shoal[@]}" | median)
mg=$(printf '%s\n' "${lat_sig[@]}" | median); mn=$(printf '%s\n' "${lat_noassist[@]}" | median)
bu=$(printf '%s\n' "${bw_ucx[@]}" | median); bs=$(printf '%s\n' "${bw_shoal[@]}" | median)
echo "== summary over $REPS interleaved runs (medians)"
echo "8 B latency:   ucp_put_lat ${mu} us (runs: ${lat_ucx[*]}); shoal p-poll ping-pong ${ms} us (runs: ${lat_shoal[*]}); ratio $(awk -v a="$ms" -v b="$mu" 'BEGIN {printf "%.2f", a / b}') (goal <= 1.3)"
wins=0; for ((i = 0; i < REPS; ++i)); do
  awk -v a="${lat_shoal[i]}" -v b="${lat_noassist[i]}" 'BEGIN {exit !(a < b)}' && wins=$((wins + 1))
done
echo "               SHOAL_PROXY_ASSIST=0 p-poll ${mn} us (runs: ${lat_noassist[*]}); ratio $(awk -v a="$mn" -v b="$mu" 'BEGIN {printf "%.2f", a / b}'); assist faster in ${wins} of ${REPS} rounds"
echo "               put_signal ping-pong ${mg} us (runs: ${lat_sig[*]}); ratio $(awk -v a="$mg" -v b="$mu" 'BEGIN {printf "%.2f", a / b}')"
echo "1 MiB put bw:  ucp_put_bw ${bu} GB/s (runs: ${bw_ucx[*]}); shoal -t 1 ${bs} GB/s (runs: ${bw_shoal[*]}); ratio $(awk -v a="$bs" -v b="$bu" 'BEGIN {printf "%.2f", a / b}') (goal >= 0.8)"
