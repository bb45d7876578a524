#!/bin/bash
# Packs what tools/proxy-bench.sh runs into one folder that works on a machine
# without shoal's build dependencies (UCX, Boost.Context, ucx-utils): the
# sim-release shoalrun and perftests, libshoal and the UCX proxy plugin,
# ucx_perftest, and every shared library they load except glibc's own.
# Made for the GPU machines (16 cores, no UCX, no Boost), where the proxy's
# latency goal can be measured with a core for every busy thread
# (docs/perf/proxy.md).
#
#   tools/proxy-bench-bundle.sh make [DIR]   # here, after the sim-release build
#   tools/proxy-bench-bundle.sh run [DIR]    # there; REPS=<n> as for proxy-bench.sh
#   tools/proxy-bench-bundle.sh check [DIR]  # every library resolves inside DIR
#
# DIR defaults to build/proxy-bench-bundle (git-ignored; carry it with the
# device tool, ~20 MB).
set -euo pipefail
cd "$(dirname "$0")/.."
mode=${1:-}
dir=${2:-build/proxy-bench-bundle}
bins=(shoalrun shoal_p_poll_ping_pong_latency shmem_put_signal_ping_pong_latency shmem_put_bw
      shmem_put_latency shmem_p_ping_pong_latency)

# glibc and the loader come from the machine; everything else from DIR.
system_lib() { [[ $1 =~ ^(libc|libm|libdl|libpthread|librt|ld-linux-x86-64)\.so ]]; }

check() {
  local bad=0 f line lib path abs
  abs=$(cd "$dir" && pwd)
  for f in "$dir"/bin/* "$dir"/lib/*.so*; do
    while read -r line; do
      lib=${line%% *}
      path=$(echo "$line" | awk '/=>/ {print $3}')
      system_lib "$lib" && continue
      [[ $lib == linux-vdso* || $lib == /* ]] && continue
      if [[ -z $path || $path == "not" || $path != "$abs"/lib/* ]]; then
        echo "proxy-bench-bundle: $f loads $lib from '${path:-nowhere}', not from $dir/lib" >&2
        bad=1
      fi
    done < <(LD_LIBRARY_PATH="$abs/lib" ldd "$f")
  done
  [[ $bad == 0 ]] && echo "proxy-bench-bundle: every library of $dir resolves inside it"
  return $bad
}

case "$mode" in
  make)
    B=build/sim-release
    for b in "${bins[@]}"; do
      [[ -x $B/bin/$b ]] || { echo "proxy-bench-bundle: $B/bin/$b missing: cmake --preset sim-release && cmake --build --preset sim-release" >&2; exit 1; }
    done
    perftest=$(command -v ucx_perftest) || { echo "proxy-bench-bundle: ucx_perftest missing (apt install ucx-utils)" >&2; exit 1; }
    rm -rf "$dir"
    mkdir -p "$dir/bin" "$dir/lib" "$dir/ucx"
    for b in "${bins[@]}"; do cp "$B/bin/$b" "$dir/bin/"; done
    cp "$perftest" "$dir/bin/"
    cp -L "$B/lib/libshoal_transport_ucx.so" "$dir/lib/"
    # The shared libraries of all of them, followed through symlinks (the
    # soname is what the loader asks for).
    for f in "$dir"/bin/* "$dir"/lib/*.so; do
      ldd "$f" | awk '/=>/ {print $1, $3}'
    done | sort -u | while read -r name path; do
      system_lib "$name" || cp -L "$path" "$dir/lib/$name"
    done
    chmod u+w "$dir"/bin/* "$dir"/lib/*
    strip --strip-debug "$dir"/bin/* "$dir"/lib/*
    # The UCX modules are not carried (tcp is in libuct itself); an empty
    # module folder keeps UCX from loading another version's modules there.
    echo "proxy-bench-bundle: $(du -sh "$dir" | cut -f1) in $dir"
    check
    ;;
  run)
    [[ -d $dir/bin ]] || { echo "proxy-bench-bundle: no bundle in $dir (make it first)" >&2; exit 1; }
    abs=$(cd "$dir" && pwd)
    export LD_LIBRARY_PATH="$abs/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    export PATH="$abs/bin:$PATH" UCX_MODULE_DIR="$abs/ucx" BUILD="$abs"
    # Built on Debian 12 (glibc 2.36): say so at once where the loader refuses.
    for b in shoalrun ucx_perftest; do
      if ! why=$("$abs/bin/$b" -h 2>&1 >/dev/null) && [[ $why == *"not found"* ]]; then
        echo "proxy-bench-bundle: $b does not start on this machine: $(echo "$why" | head -1)" >&2
        exit 1
      fi
    done
    echo "== $(nproc) cores: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
    exec tools/proxy-bench.sh
    ;;
  check) check ;;
  *) sed -n '2,16p' "$0"; exit 2 ;;
esac
