// Hooks the sim runs when a kernel outlasts SHOAL_TIMEOUT, after it has
// listed where the kernel's threads wait and before it ends the process.
// Layers above the sim register one to print state only they know (the
// IBGDA runtime: every queue pair with work outstanding), so a stuck kernel
// is reported with what it waits for, not only where. Hooks run on the
// reporting thread while the kernel's threads still run: diagnostic reads
// only.
#pragma once

namespace shoal::sim {

using TimeoutHook = void (*)(void* ctx);
void add_timeout_hook(TimeoutHook fn, void* ctx);
void remove_timeout_hook(TimeoutHook fn, void* ctx);

}  // namespace shoal::sim
