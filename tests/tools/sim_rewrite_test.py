#!/usr/bin/env python3
"""Unit test of cmake/shoal-sim-rewrite.py: launches rewritten (with comments,
strings, template arguments, qualified and member callees, multi-line
arguments, shifts inside the configuration), kernels registered (not
templates, not declarations, __launch_bounds__ skipped), template kernels
named by address wrapped in kernel_ref, extern __shared__
replaced, line count kept, bad syntax reported with its line."""
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location(
    "rewrite", os.path.join(HERE, "..", "..", "cmake", "shoal-sim-rewrite.py"))
rw = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rw)

failures = 0


def expect(cond, what):
    global failures
    print(("ok: " if cond else "FAILED: ") + what)
    failures += 0 if cond else 1


SRC = r'''
// k<<<1, 1>>>(x) in a comment
/* k<<<2, 2>>>(y) in a block comment */
#define LAUNCH(k) k<<<1, 1>>>()
template <class T> __global__ void tk(T* p) { p[0] = T(1); }
template <int N>
__global__ void tn(int* p) { p[0] = N; }
__global__ void __launch_bounds__(256, 2) kb(int* p, int n) { if (n) p[0] = '}'; }
namespace a { namespace b { __global__ void kq(float v) { (void)v; } } }
extern "C" __global__ void kc(int) {}
__global__ void declared(int);
__global__ void shared_user(int* out) {
  extern __shared__ float buf[];
  extern __shared__ __align__(16) unsigned int words[];
  out[0] = (int)buf[0] + (int)words[0];
}
struct Holder { void (*fn)(int*, int); };
void host(int* p, Holder h, cudaStream_t s) {
  const char* str = "kb<<<1, 1>>>(p, 1)";
  kb<<<dim3(4, 1), 128>>>(p, 1 << 3);
  tk<int><<<(8 >> 1), 32, 0, s>>>(p);
  tn<3><<<1, 1>>>(p);
  a::b::kq<<<1, 1, 64>>>(
      2.5f);
  kc<<<1, 1>>>(0);
  cudaLaunchKernel((const void *)tk< float >, 1, 1, 0, 0, 0);
  void* by_addr = (void*)&tn<
      7>;
  bool cmp = tk < p && p > tk;
  if (a < b && c > d) {}
}
template __global__ void tk<double>(double*);
template <class T> void run(T* p) { cudaLaunchKernel((const void*)tk<T>, 1, 1, 0, 0, 0); }
'''


def main():
    out = rw.rewrite(SRC, "/src/x.cu")
    body = out.split("\n", 2)[2]
    expect(out.startswith('#include <shoal/launch.h>\n#line 1 "/src/x.cu"\n'), "header and #line")
    expect(body.count("\n") == SRC.count("\n"), f"line count kept ({body.count(chr(10))} vs {SRC.count(chr(10))})")
    expect("::shoal::launch(kb, dim3(4, 1), 128, 0, 0, p, 1 << 3)" in body, "plain launch, defaults for smem and stream")
    expect("::shoal::launch(tk<int>, (8 >> 1), 32, 0, s, p)" in body, "template callee, >> inside the configuration")
    expect("::shoal::launch(tn<3>, 1, 1, 0, 0, p)" in body, "non-type template argument")
    expect("::shoal::launch(a::b::kq, 1, 1, 64, 0, \n      2.5f)" in body, "qualified callee, multi-line arguments")
    expect("::shoal::launch(kc, 1, 1, 0, 0, 0)" in body, "extern \"C\" kernel")
    expect('"kb<<<1, 1>>>(p, 1)"' in body, "string literal left alone")
    expect("// k<<<1, 1>>>(x) in a comment" in body and "k<<<2, 2>>>(y)" in body, "comments left alone")
    expect("#define LAUNCH(k) k<<<1, 1>>>()" in body, "preprocessor line left alone")
    for k in ("kb", "kq", "kc", "shared_user"):
        expect(f"SHOAL_SIM_REGISTER_KERNEL({k});" in body, f"{k} registered")
    for k in ("tk", "tn", "declared"):
        expect(f"SHOAL_SIM_REGISTER_KERNEL({k});" not in body, f"{k} not registered (template or declaration)")
    # template kernels named by address: the pointer, registered on first use
    expect('(const void *)::shoal::sim::kernel_ref<tk< float >>("tk< float >")' in body,
           "template kernel by address (cast)")
    expect('(void*)::shoal::sim::kernel_ref<tn< 7>>("tn< 7>")\n;' in body, "&k<N> across lines, line kept")
    expect('(const void*)::shoal::sim::kernel_ref<tk<T>>("tk<T>")' in body, "dependent arguments in a template")
    expect("bool cmp = tk < p && p > tk;" in body and "if (a < b && c > d)" in body, "comparisons left alone")
    expect("template __global__ void tk<double>(double*);" in body, "explicit instantiation left alone")
    expect("kernel_ref<tk<int>>" not in body and "kernel_ref<kb" not in body, "launches and plain kernels untouched")
    expect("float* buf = SHOAL_DYNAMIC_SMEM(float);" in body, "extern __shared__ float[]")
    expect("unsigned int* words = SHOAL_DYNAMIC_SMEM(unsigned int);" in body, "extern __shared__ with __align__")
    for bad, why in (("void f() { k<<<1>>>(); }", "2 to 4 values"), ("void f() { k<<<1, 2>>>; }", "not followed"),
                     ("void f() { k<<<1, 2(); }", "without >>>")):
        try:
            rw.rewrite(bad, "bad.cu")
            expect(False, f"'{bad}' is refused")
        except ValueError as e:
            expect(why in str(e) and "line 1" in str(e), f"'{bad}' is refused: {e}")
    print(f"sim_rewrite_test: {failures} failure(s)")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
