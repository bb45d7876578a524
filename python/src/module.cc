// shoal._shoal: the compiled half of the Python package. Thin on purpose:
// it exposes shoal's C API (include/shoal/shoal.h, include/shoal/ep.h) with
// addresses as integers, reads any DLPack/buffer-protocol array's address,
// shape, strides, dtype and device (array_info), and wraps shoal-owned
// memory as numpy, torch, cupy or plain DLPack arrays (wrap_*). Argument
// checking that needs shapes and dtypes, and the DeepEP-style API, live in
// Python (shoal/__init__.py, shoal/ep.py), so that every error names the
// call and the bad value before anything reaches the device.
#include <cuda_runtime_api.h>
#include <nanobind/nanobind.h>
#include <nanobind/ndarray.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <shoal/ep.h>
#include <shoal/shoal.h>

#include <cstdint>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

namespace nb = nanobind;
using namespace nb::literals;

namespace {

using addr_t = std::uintptr_t;

template <typename T = void>
T* as_ptr(addr_t a) {
  return reinterpret_cast<T*>(a);
}
addr_t as_addr(const void* p) { return reinterpret_cast<addr_t>(p); }
cudaStream_t as_stream(addr_t s) { return reinterpret_cast<cudaStream_t>(s); }

// shoal.Error (a RuntimeError): the message is shoal's own.
struct Error : std::runtime_error {
  using std::runtime_error::runtime_error;
};

void check_cuda(cudaError_t e, const char* call) {
  if (e != cudaSuccess)
    throw Error(std::string("shoal: ") + call + ": " + cudaGetErrorName(e) + ": " + cudaGetErrorString(e));
}

void check_ep(int rc) {
  if (rc != 0) throw Error(shoal_ep_last_error());
}

void require_init(const char* call) {
  if (!shoal_init_status()) throw Error(std::string("shoal.") + call + ": shoal is not initialised (call shoal.init())");
}

// ------------------------------------------------------------------ arrays

// (address, shape, strides in elements, dtype code, bits, device type,
// device id, readonly) of anything nanobind accepts as an ndarray: numpy
// (buffer protocol or DLPack), torch, cupy, jax, any __dlpack__ object.
nb::tuple array_info(nb::ndarray<nb::ro> a) {
  nb::list shape, strides;
  for (size_t i = 0; i < a.ndim(); ++i) {
    shape.append(a.shape(i));
    strides.append(a.stride(i));
  }
  const auto dt = a.dtype();
  return nb::make_tuple(as_addr(a.data()), nb::tuple(shape), nb::tuple(strides), static_cast<int>(dt.code),
                        static_cast<int>(dt.bits), a.device_type(), a.device_id());
}

template <typename Framework>
nb::object wrap(addr_t ptr, const std::vector<size_t>& shape, int code, int bits, int device_type, int device_id,
                nb::object owner) {
  nb::dlpack::dtype dt{static_cast<uint8_t>(code), static_cast<uint8_t>(bits), 1};
  nb::ndarray<Framework> arr(as_ptr(ptr), shape.size(), shape.data(), owner.is_none() ? nb::handle() : owner,
                             nullptr, dt, device_type, device_id);
  return nb::cast(arr, nb::rv_policy::reference);
}

// ------------------------------------------------------------------ EP

// A C EP buffer. Destruction is collective, so it happens only through
// destroy() (shoal.ep.Buffer.destroy, or shoal.finalize for the live ones),
// never from the garbage collector.
class EpBuffer {
 public:
  explicit EpBuffer(const shoal_ep_config_t& c) { check_ep(shoal_ep_buffer_create(&c, &b_)); }
  EpBuffer(const EpBuffer&) = delete;
  EpBuffer& operator=(const EpBuffer&) = delete;
  void destroy() {
    if (b_) {
      shoal_ep_buffer_t b = b_;
      b_ = nullptr;
      nb::gil_scoped_release unlocked;
      shoal_ep_buffer_destroy(b);
    }
  }
  bool alive() const { return b_ != nullptr; }
  shoal_ep_buffer_t get(const char* call) const {
    if (!b_) throw Error(std::string("shoal.ep.Buffer.") + call + ": the buffer was destroyed");
    return b_;
  }

 private:
  shoal_ep_buffer_t b_ = nullptr;
};

shoal_ep_config_t config_from(const nb::dict& d) {
  shoal_ep_config_t c = SHOAL_EP_CONFIG_INITIALIZER;
  for (auto [k, v] : d) {
    const std::string key = nb::cast<std::string>(k);
    auto as_int = [&] { return nb::cast<int>(v); };
    if (key == "max_tokens_per_rank") c.max_tokens_per_rank = as_int();
    else if (key == "hidden") c.hidden = as_int();
    else if (key == "num_experts") c.num_experts = as_int();
    else if (key == "max_topk") c.max_topk = as_int();
    else if (key == "dispatch_dtype") c.dispatch_dtype = as_int();
    else if (key == "zero_copy") c.zero_copy = as_int();
    else if (key == "enable_masking") c.enable_masking = as_int();
    else if (key == "num_blocks") c.num_blocks = as_int();
    else if (key == "threads") c.threads = as_int();
    else if (key == "timeout_s") c.timeout_s = nb::cast<double>(v);
    else if (key == "team") c.team = as_int();
    else if (key == "modes") c.modes = as_int();
    else if (key == "max_recv_tokens") c.max_recv_tokens = as_int();
    else if (key == "normal_channels") c.normal_channels = as_int();
    else if (key == "normal_ring_tokens") c.normal_ring_tokens = as_int();
    else throw Error("shoal.ep: unknown config key '" + key + "'");
  }
  return c;
}

nb::dict config_to(const shoal_ep_config_t& c) {
  nb::dict d;
  d["max_tokens_per_rank"] = c.max_tokens_per_rank;
  d["hidden"] = c.hidden;
  d["num_experts"] = c.num_experts;
  d["max_topk"] = c.max_topk;
  d["dispatch_dtype"] = c.dispatch_dtype;
  d["zero_copy"] = c.zero_copy;
  d["enable_masking"] = c.enable_masking;
  d["num_blocks"] = c.num_blocks;
  d["threads"] = c.threads;
  d["timeout_s"] = c.timeout_s;
  d["team"] = c.team;
  d["modes"] = c.modes;
  d["max_recv_tokens"] = c.max_recv_tokens;
  d["normal_channels"] = c.normal_channels;
  d["normal_ring_tokens"] = c.normal_ring_tokens;
  return d;
}

}  // namespace

NB_MODULE(_shoal, m) {
  m.doc() = "shoal's C API (the compiled half of the shoal package)";
  static nb::exception<Error> error(m, "Error", PyExc_RuntimeError);

#ifdef SHOAL_PLATFORM_SIM
  m.attr("platform") = "sim";
#else
  m.attr("platform") = "cuda";
#endif
  m.attr("UNIQUEID_BYTES") = SHOAL_UNIQUEID_BYTES;
  m.attr("TEAM_INVALID") = static_cast<int>(SHOAL_TEAM_INVALID);
  m.attr("TEAM_WORLD") = static_cast<int>(SHOAL_TEAM_WORLD);
  m.attr("TEAM_SHARED") = static_cast<int>(SHOAL_TEAM_SHARED);
  m.attr("TEAM_NODE") = static_cast<int>(SHOAL_TEAM_NODE);
  m.attr("TEAM_SAME_MYPE_NODE") = static_cast<int>(SHOAL_TEAM_SAME_MYPE_NODE);
  m.attr("CMP_EQ") = static_cast<int>(SHOAL_CMP_EQ);
  m.attr("CMP_NE") = static_cast<int>(SHOAL_CMP_NE);
  m.attr("CMP_GT") = static_cast<int>(SHOAL_CMP_GT);
  m.attr("CMP_LE") = static_cast<int>(SHOAL_CMP_LE);
  m.attr("CMP_LT") = static_cast<int>(SHOAL_CMP_LT);
  m.attr("CMP_GE") = static_cast<int>(SHOAL_CMP_GE);
  m.attr("SIGNAL_SET") = static_cast<int>(SHOAL_SIGNAL_SET);
  m.attr("SIGNAL_ADD") = static_cast<int>(SHOAL_SIGNAL_ADD);

  // --- init
  m.def("init", [] {
    nb::gil_scoped_release unlocked;
    if (shoal_init() != 0) {
      nb::gil_scoped_acquire locked;
      throw Error("shoal.init: initialisation failed (the reason is in the log above; SHOAL_DEBUG=info says more)");
    }
  });
  m.def("init_uid", [](nb::bytes uid, int rank, int nranks) {
    if (uid.size() != SHOAL_UNIQUEID_BYTES)
      throw Error("shoal.init_from_uid: the unique id has " + std::to_string(uid.size()) + " bytes, expected " +
                  std::to_string(SHOAL_UNIQUEID_BYTES) + " (from shoal.get_uniqueid())");
    shoal_uniqueid_t id;
    std::memcpy(id.internal, uid.c_str(), SHOAL_UNIQUEID_BYTES);
    shoal_init_attr_t attr = SHOAL_INIT_ATTR_INITIALIZER;
    if (shoal_set_attr_uniqueid_args(rank, nranks, &id, &attr) != 0)
      throw Error("shoal.init_from_uid: invalid rank " + std::to_string(rank) + " of " + std::to_string(nranks));
    int rc;
    {
      nb::gil_scoped_release unlocked;
      rc = shoal_init_attr(SHOAL_INIT_WITH_UNIQUEID, &attr);
    }
    if (rc != 0)
      throw Error("shoal.init_from_uid: rank " + std::to_string(rank) + " of " + std::to_string(nranks) +
                  ": initialisation failed (the reason is in the log above)");
  });
  m.def("get_uniqueid", [] {
    shoal_uniqueid_t id = SHOAL_UNIQUEID_INITIALIZER;
    if (shoal_get_uniqueid(&id) != 0) throw Error("shoal.get_uniqueid: failed (the reason is in the log above)");
    return nb::bytes(reinterpret_cast<const char*>(id.internal), SHOAL_UNIQUEID_BYTES);
  });
  m.def("finalize", [] { shoal_finalize(); }, nb::call_guard<nb::gil_scoped_release>());
  m.def("global_exit", [](int status) { shoal_global_exit(status); });
  m.def("initialized", [] { return shoal_init_status() != 0; });
  m.def("my_pe", [] { return shoal_init_status() ? shoal_my_pe() : -1; });
  m.def("n_pes", [] { return shoal_init_status() ? shoal_n_pes() : 0; });
  m.def("failed_pe", [] { return shoal_init_status() ? shoal_failed_pe() : -1; });
  m.def("version", [] {
    int major = 0, minor = 0;
    shoal_info_get_version(&major, &minor);
    return nb::make_tuple(major, minor);
  });

  // --- teams
  m.def("team_my_pe", [](int t) { return shoal_team_my_pe(t); });
  m.def("team_n_pes", [](int t) { return shoal_team_n_pes(t); });
  m.def("team_translate_pe", [](int src, int pe, int dst) { return shoal_team_translate_pe(src, pe, dst); });
  m.def("team_split_strided", [](int parent, int start, int stride, int size) {
    require_init("team_split_strided");
    shoal_team_t t = SHOAL_TEAM_INVALID;
    int rc;
    {
      nb::gil_scoped_release unlocked;
      rc = shoal_team_split_strided(parent, start, stride, size, nullptr, 0, &t);
    }
    if (rc != 0)
      throw Error("shoal.team_split_strided(start=" + std::to_string(start) + ", stride=" + std::to_string(stride) +
                  ", size=" + std::to_string(size) + ") on PE " + std::to_string(shoal_my_pe()) +
                  ": failed (the reason is in the log above)");
    return static_cast<int>(t);
  });
  m.def("team_destroy", [](int t) { shoal_team_destroy(t); }, nb::call_guard<nb::gil_scoped_release>());

  // --- heap
  m.def("malloc", [](size_t n) {
    require_init("empty");
    void* p;
    {
      nb::gil_scoped_release unlocked;
      p = shoal_malloc(n);
    }
    if (!p && n)
      throw Error("shoal.empty: PE " + std::to_string(shoal_my_pe()) + ": shoal_malloc(" + std::to_string(n) +
                  ") failed (heap exhausted or the PEs' calls differ: see the log; SHOAL_SYMMETRIC_SIZE sets the heap)");
    return as_addr(p);
  });
  m.def("free", [](addr_t p) { shoal_free(as_ptr(p)); }, nb::call_guard<nb::gil_scoped_release>());
  m.def("ptr", [](addr_t p, int pe) { return as_addr(shoal_ptr(as_ptr(p), pe)); });

  // --- ordering and synchronisation
  m.def("barrier_all", [] { shoal_barrier_all(); }, nb::call_guard<nb::gil_scoped_release>());
  m.def("sync_all", [] { shoal_sync_all(); }, nb::call_guard<nb::gil_scoped_release>());
  m.def("barrier", [](int t) { return shoal_barrier(t); }, nb::call_guard<nb::gil_scoped_release>());
  m.def("sync", [](int t) { return shoal_sync(t); }, nb::call_guard<nb::gil_scoped_release>());
  m.def("quiet", [] { shoal_quiet(); }, nb::call_guard<nb::gil_scoped_release>());
  m.def("fence", [] { shoal_fence(); });
  m.def("barrier_all_on_stream", [](addr_t s) { shoal_barrier_all_on_stream(as_stream(s)); });
  m.def("barrier_on_stream", [](int t, addr_t s) { return shoal_barrier_on_stream(t, as_stream(s)); });
  m.def("quiet_on_stream", [](addr_t s) { shoal_quiet_on_stream(as_stream(s)); });

  // --- RMA and signals (addresses checked in Python)
  m.def("putmem", [](addr_t d, addr_t s, size_t n, int pe, bool nbi) {
    nb::gil_scoped_release unlocked;
    (nbi ? shoal_putmem_nbi : shoal_putmem)(as_ptr(d), as_ptr(s), n, pe);
  });
  m.def("getmem", [](addr_t d, addr_t s, size_t n, int pe, bool nbi) {
    nb::gil_scoped_release unlocked;
    (nbi ? shoal_getmem_nbi : shoal_getmem)(as_ptr(d), as_ptr(s), n, pe);
  });
  m.def("putmem_signal", [](addr_t d, addr_t s, size_t n, addr_t sig, uint64_t v, int op, int pe, bool nbi) {
    nb::gil_scoped_release unlocked;
    (nbi ? shoal_putmem_signal_nbi : shoal_putmem_signal)(as_ptr(d), as_ptr(s), n, as_ptr<uint64_t>(sig), v, op, pe);
  });
  m.def("signal_op", [](addr_t sig, uint64_t v, int op, int pe) {
    nb::gil_scoped_release unlocked;
    shoal_signal_op(as_ptr<uint64_t>(sig), v, op, pe);
  });
  m.def("signal_fetch", [](addr_t sig) { return shoal_signal_fetch(as_ptr<const uint64_t>(sig)); });
  m.def("signal_wait_until", [](addr_t sig, int cmp, uint64_t v) {
    nb::gil_scoped_release unlocked;
    return shoal_signal_wait_until(as_ptr<uint64_t>(sig), cmp, v);
  });
  m.def("putmem_on_stream", [](addr_t d, addr_t s, size_t n, int pe, bool nbi, addr_t st) {
    (nbi ? shoal_putmem_nbi_on_stream : shoal_putmem_on_stream)(as_ptr(d), as_ptr(s), n, pe, as_stream(st));
  });
  m.def("getmem_on_stream", [](addr_t d, addr_t s, size_t n, int pe, bool nbi, addr_t st) {
    (nbi ? shoal_getmem_nbi_on_stream : shoal_getmem_on_stream)(as_ptr(d), as_ptr(s), n, pe, as_stream(st));
  });
  m.def("putmem_signal_on_stream",
        [](addr_t d, addr_t s, size_t n, addr_t sig, uint64_t v, int op, int pe, bool nbi, addr_t st) {
          (nbi ? shoal_putmem_signal_nbi_on_stream : shoal_putmem_signal_on_stream)(
              as_ptr(d), as_ptr(s), n, as_ptr<uint64_t>(sig), v, op, pe, as_stream(st));
        });
  m.def("signal_op_on_stream", [](addr_t sig, uint64_t v, int op, int pe, addr_t st) {
    shoal_signal_op_on_stream(as_ptr<uint64_t>(sig), v, op, pe, as_stream(st));
  });
  m.def("signal_wait_until_on_stream", [](addr_t sig, int cmp, uint64_t v, addr_t st) {
    shoal_signal_wait_until_on_stream(as_ptr<uint64_t>(sig), cmp, v, as_stream(st));
  });

  // --- the CUDA runtime (sim's on the sim platform)
  m.def("get_device", [] {
    int d = 0;
    check_cuda(cudaGetDevice(&d), "cudaGetDevice");
    return d;
  });
  m.def("stream_synchronize", [](addr_t s) {
    cudaError_t e;
    {
      nb::gil_scoped_release unlocked;
      e = cudaStreamSynchronize(as_stream(s));
    }
    check_cuda(e, "cudaStreamSynchronize");
  });
  m.def("memcpy", [](addr_t d, addr_t s, size_t n, addr_t st) {
    check_cuda(cudaMemcpyAsync(as_ptr(d), as_ptr(s), n, cudaMemcpyDefault, as_stream(st)), "cudaMemcpyAsync");
  });
  m.def("memset", [](addr_t d, int v, size_t n, addr_t st) {
    check_cuda(cudaMemsetAsync(as_ptr(d), v, n, as_stream(st)), "cudaMemsetAsync");
  });
  m.def("malloc_host", [](size_t n) {
    void* p = nullptr;
    check_cuda(cudaMallocHost(&p, n), "cudaMallocHost");
    return as_addr(p);
  });
  m.def("free_host", [](addr_t p) { check_cuda(cudaFreeHost(as_ptr(p)), "cudaFreeHost"); });
  m.def("event_create", [] {
    cudaEvent_t e = nullptr;
    check_cuda(cudaEventCreateWithFlags(&e, cudaEventDisableTiming), "cudaEventCreate");
    return as_addr(e);
  });
  m.def("event_destroy", [](addr_t e) { check_cuda(cudaEventDestroy(as_ptr<CUevent_st>(e)), "cudaEventDestroy"); });
  m.def("event_record", [](addr_t e, addr_t s) {
    check_cuda(cudaEventRecord(as_ptr<CUevent_st>(e), as_stream(s)), "cudaEventRecord");
  });
  m.def("stream_wait_event", [](addr_t s, addr_t e) {
    check_cuda(cudaStreamWaitEvent(as_stream(s), as_ptr<CUevent_st>(e), 0), "cudaStreamWaitEvent");
  });
  m.def("event_synchronize", [](addr_t e) {
    cudaError_t r;
    {
      nb::gil_scoped_release unlocked;
      r = cudaEventSynchronize(as_ptr<CUevent_st>(e));
    }
    check_cuda(r, "cudaEventSynchronize");
  });
  m.def("event_query", [](addr_t e) {
    const cudaError_t r = cudaEventQuery(as_ptr<CUevent_st>(e));
    if (r == cudaErrorNotReady) return false;
    check_cuda(r, "cudaEventQuery");
    return true;
  });

  // --- arrays
  m.def("array_info", &array_info, "a"_a);
  // owner: the object that keeps the memory alive (None: shoal's heap).
#define SHOAL_WRAP_ARGS "ptr"_a, "shape"_a, "code"_a, "bits"_a, "device_type"_a, "device_id"_a, "owner"_a.none()
  m.def("wrap_numpy", &wrap<nb::numpy>, SHOAL_WRAP_ARGS);
  m.def("wrap_torch", &wrap<nb::pytorch>, SHOAL_WRAP_ARGS);
  m.def("wrap_cupy", &wrap<nb::cupy>, SHOAL_WRAP_ARGS);
  m.def("wrap_dlpack", &wrap<nb::no_framework>, SHOAL_WRAP_ARGS);
#undef SHOAL_WRAP_ARGS

  // --- EP
  m.attr("EP_BF16") = static_cast<int>(SHOAL_EP_BF16);
  m.attr("EP_FP8_E4M3") = static_cast<int>(SHOAL_EP_FP8_E4M3);
  m.attr("EP_FP8_UE8M0") = static_cast<int>(SHOAL_EP_FP8_UE8M0);
  m.attr("EP_MODE_LOW_LATENCY") = static_cast<int>(SHOAL_EP_MODE_LOW_LATENCY);
  m.attr("EP_MODE_NORMAL") = static_cast<int>(SHOAL_EP_MODE_NORMAL);
  m.attr("EP_INDEX_INT64") = static_cast<int>(SHOAL_EP_INDEX_INT64);
  m.attr("EP_INDEX_INT32") = static_cast<int>(SHOAL_EP_INDEX_INT32);
  m.attr("EP_MAX_TOKENS_PER_RANK") = static_cast<int>(SHOAL_EP_MAX_TOKENS_PER_RANK);
  m.attr("EP_MAX_HIDDEN") = static_cast<int>(SHOAL_EP_MAX_HIDDEN);
  m.attr("EP_MAX_EXPERTS") = static_cast<int>(SHOAL_EP_MAX_EXPERTS);
  m.attr("EP_MAX_TOPK") = static_cast<int>(SHOAL_EP_MAX_TOPK);

  m.def("ep_bytes_needed", [](nb::dict d, int ranks) {
    const shoal_ep_config_t c = config_from(d);
    return shoal_ep_bytes_needed_ranks(&c, ranks);
  });
  m.def("ep_device_bytes_needed", [](nb::dict d, int ranks) {
    const shoal_ep_config_t c = config_from(d);
    return shoal_ep_device_bytes_needed(&c, ranks);
  });

  nb::class_<shoal_ep_handle_t>(m, "EpHandle")
      .def_ro("slot", &shoal_ep_handle_t::slot)
      .def_ro("num_tokens", &shoal_ep_handle_t::num_tokens)
      .def_ro("topk", &shoal_ep_handle_t::topk)
      .def_ro("seq", &shoal_ep_handle_t::seq);
  nb::class_<shoal_ep_hook_t>(m, "EpHook")
      .def_ro("op", &shoal_ep_hook_t::op)
      .def_ro("seq", &shoal_ep_hook_t::seq)
      .def("run", [](const shoal_ep_hook_t& h, addr_t s) { check_ep(shoal_ep_hook_run(h, as_stream(s))); });
  nb::class_<shoal_ep_layout_t>(m, "EpLayout")
      .def_ro("num_tokens", &shoal_ep_layout_t::num_tokens)
      .def_ro("topk", &shoal_ep_layout_t::topk)
      .def_ro("index_type", &shoal_ep_layout_t::index_type)
      .def_ro("seq", &shoal_ep_layout_t::seq);

  nb::class_<EpBuffer>(m, "EpBuffer")
      .def("__init__",
           [](EpBuffer* self, nb::dict d) {
             const shoal_ep_config_t c = config_from(d);
             nb::gil_scoped_release unlocked;
             new (self) EpBuffer(c);
           })
      .def("destroy", &EpBuffer::destroy)
      .def_prop_ro("alive", &EpBuffer::alive)
      .def("num_ranks", [](const EpBuffer& b) { return shoal_ep_num_ranks(b.get("num_ranks")); })
      .def("rank", [](const EpBuffer& b) { return shoal_ep_rank(b.get("rank")); })
      .def("num_local_experts",
           [](const EpBuffer& b) { return shoal_ep_num_local_experts(b.get("num_local_experts")); })
      .def("config", [](const EpBuffer& b) { return config_to(*shoal_ep_config(b.get("config"))); })
      .def("launch_info",
           [](const EpBuffer& b) {
             shoal_ep_launch_info_t i{};
             check_ep(shoal_ep_launch_info(b.get("launch_info"), &i));
             nb::dict d;
             d["num_blocks"] = i.num_blocks;
             d["threads"] = i.threads;
             d["gpu_sharers"] = i.gpu_sharers;
             d["all_p2p"] = i.all_p2p;
             return d;
           })
      .def("node_of_rank",
           [](const EpBuffer& b) {
             int nodes = 0;
             const int* n = shoal_ep_node_of_rank(b.get("node_of_rank"), &nodes);
             std::vector<int> v;
             if (n) v.assign(n, n + shoal_ep_num_ranks(b.get("node_of_rank")));
             return nb::make_tuple(v, nodes);
           })
      .def("normal_forwarding", [](const EpBuffer& b) { return shoal_ep_normal_forwarding(b.get("normal_forwarding")); })
      .def("dispatch_ll",
           [](const EpBuffer& b, addr_t x, addr_t idx, int num_tokens, int topk, int index_type, bool hook,
              addr_t stream) {
             shoal_ep_dispatch_args_t a{num_tokens, topk, index_type, hook ? 1 : 0};
             shoal_ep_dispatch_result_t r{};
             int rc;
             {
               nb::gil_scoped_release unlocked;
               rc = shoal_ep_dispatch_ll(b.get("low_latency_dispatch"), as_ptr(x), as_ptr(idx), &a, as_stream(stream),
                                         &r);
             }
             check_ep(rc);
             nb::dict d;
             d["recv_x"] = as_addr(r.recv_x);
             d["recv_scales"] = as_addr(r.recv_scales);
             d["recv_count"] = as_addr(r.recv_count);
             d["recv_src_rank"] = as_addr(r.recv_src_rank);
             d["recv_src_token"] = as_addr(r.recv_src_token);
             d["layout_range"] = as_addr(r.layout_range);
             d["handle"] = r.handle;
             if (hook) d["hook"] = r.hook;
             return d;
           })
      .def("combine_ll",
           [](const EpBuffer& b, addr_t y, addr_t idx, addr_t w, const shoal_ep_handle_t& h, int index_type,
              bool zero_copy, bool hook, addr_t out, addr_t stream) {
             shoal_ep_combine_args_t a{index_type, zero_copy ? 1 : 0, hook ? 1 : 0, as_ptr(out)};
             void* o = nullptr;
             shoal_ep_hook_t hk{};
             int rc;
             {
               nb::gil_scoped_release unlocked;
               rc = shoal_ep_combine_ll(b.get("low_latency_combine"), as_ptr(y), as_ptr(idx), as_ptr<const float>(w), h,
                                        &a, as_stream(stream), &o, &hk);
             }
             check_ep(rc);
             return nb::make_tuple(as_addr(o), hook ? nb::cast(hk) : nb::none());
           })
      .def("combine_input",
           [](const EpBuffer& b, const shoal_ep_handle_t& h) {
             void* p = shoal_ep_combine_input(b.get("get_next_low_latency_combine_buffer"), h);
             if (!p) throw Error(shoal_ep_last_error());
             return as_addr(p);
           })
      .def("set_masked_ranks",
           [](const EpBuffer& b, const std::vector<int>& masked, addr_t stream) {
             shoal_ep_buffer_t raw = b.get("low_latency_update_mask_buffer");
             if (static_cast<int>(masked.size()) != shoal_ep_num_ranks(raw))
               throw Error("shoal.ep: set_masked_ranks: " + std::to_string(masked.size()) + " entries for " +
                           std::to_string(shoal_ep_num_ranks(raw)) + " ranks");
             check_ep(shoal_ep_set_masked_ranks(raw, masked.data(), as_stream(stream)));
           })
      .def("query_mask",
           [](const EpBuffer& b, addr_t stream) {
             shoal_ep_buffer_t raw = b.get("low_latency_query_mask_buffer");
             std::vector<int> s(static_cast<size_t>(shoal_ep_num_ranks(raw)));
             int rc;
             {
               nb::gil_scoped_release unlocked;
               rc = shoal_ep_query_mask(raw, s.data(), as_stream(stream));
             }
             check_ep(rc);
             return s;
           })
      .def("device_mask", [](const EpBuffer& b) { return as_addr(shoal_ep_device_mask(b.get("device_mask"))); })
      .def("layout",
           [](const EpBuffer& b, addr_t idx, int num_tokens, int topk, int index_type, addr_t stream) {
             shoal_ep_layout_t l{};
             shoal_ep_layout_result_t r{};
             int rc;
             {
               nb::gil_scoped_release unlocked;
               rc = shoal_ep_layout(b.get("get_dispatch_layout"), as_ptr(idx), num_tokens, topk, index_type,
                                    as_stream(stream), &l, &r);
             }
             check_ep(rc);
             nb::dict d;
             d["tokens_per_rank"] = as_addr(r.tokens_per_rank);
             d["tokens_per_node"] = as_addr(r.tokens_per_node);
             d["tokens_per_expert"] = as_addr(r.tokens_per_expert);
             d["is_token_in_rank"] = as_addr(r.is_token_in_rank);
             d["num_nodes"] = r.num_nodes;
             return nb::make_tuple(l, d);
           })
      .def("dispatch",
           [](const EpBuffer& b, addr_t x, addr_t idx, addr_t w, const shoal_ep_layout_t& l, addr_t x_scales,
              bool cached, int num_sms, addr_t host_counts, addr_t stream) {
             shoal_ep_normal_dispatch_args_t a{as_ptr<const float>(x_scales), cached ? 1 : 0, num_sms,
                                               as_ptr<int>(host_counts)};
             shoal_ep_normal_dispatch_result_t r{};
             int rc;
             {
               nb::gil_scoped_release unlocked;
               rc = shoal_ep_dispatch(b.get("dispatch"), as_ptr(x), as_ptr(idx), as_ptr<const float>(w), l, &a,
                                      as_stream(stream), &r);
             }
             check_ep(rc);
             nb::dict d;
             d["recv_x"] = as_addr(r.recv_x);
             d["recv_scales"] = as_addr(r.recv_scales);
             d["recv_topk_idx"] = as_addr(r.recv_topk_idx);
             d["recv_topk_weights"] = as_addr(r.recv_topk_weights);
             d["recv_src_token"] = as_addr(r.recv_src_token);
             d["recv_rank_range"] = as_addr(r.recv_rank_range);
             d["recv_expert_count"] = as_addr(r.recv_expert_count);
             d["num_recv"] = as_addr(r.num_recv);
             d["capacity"] = r.capacity;
             d["host_counts_ready"] = as_addr(r.host_counts_ready);
             d["handle"] = r.handle;
             return d;
           })
      .def("combine",
           [](const EpBuffer& b, addr_t y, addr_t idx, addr_t w, const shoal_ep_layout_t& l, addr_t out,
              addr_t stream) {
             void* o = nullptr;
             int rc;
             {
               nb::gil_scoped_release unlocked;
               rc = shoal_ep_combine(b.get("combine"), as_ptr(y), as_ptr(idx), as_ptr<const float>(w), l, as_ptr(out),
                                     as_stream(stream), &o);
             }
             check_ep(rc);
             return as_addr(o);
           })
      .def("normal_status", [](const EpBuffer& b, addr_t stream) {
        shoal_ep_normal_status_t st{};
        check_ep(shoal_ep_normal_status(b.get("normal_status"), &st, as_stream(stream)));
        return nb::make_tuple(st.overflow_needed, st.dropped_rows);
      });
}
