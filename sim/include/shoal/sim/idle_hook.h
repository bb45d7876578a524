// A hook the sim runs when every thread of a block spins (the spin hook's
// backoff, before it gives the CPU away): layers above register work that
// a waiting thread can do for what it waits for. The host proxy registers
// its assist pass (SHOAL_PROXY_ASSIST, docs/transport-proxy.md), so a kernel
// thread waiting on a remote PE progresses the network itself instead of
// handing the CPU to the proxy thread. One hook per process.
#pragma once

namespace shoal::sim {

// will_sleep: the backoff sleeps after this call (the wait has gone on past
// its yield phase) instead of yielding, so the waiter is no longer a prompt
// progress engine. Returns the work done (> 0: the backoff skips its yield
// or sleep, the waiter looks again at once).
using IdleHook = int (*)(void* ctx, int will_sleep);
// fn null removes the hook; it returns once no call of the old one runs.
void set_idle_hook(IdleHook fn, void* ctx);

}  // namespace shoal::sim
