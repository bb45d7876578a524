// The IBGDA QP table as the runtime builds it on either backend (the
// emulator in host/ibgda.cc, a NIC in host/ibgda_devx.cc): the arguments
// from this runtime, the collective build around the one allgather, and
// the agreement that gives every PE the same outcome.
#pragma once

#include <string>

#include "transport/ibgda/backend.h"
#include "transport/ibgda/table.h"

namespace shoal {

struct Runtime;

// The table arguments every backend starts from: this runtime's PEs (remote
// = not load/store reachable), heap and IBGDA settings; host memory.
ibgda::TableArgs ibgda_table_args(const Runtime& r);

// Collective: prepare, the one allgather, finish, and an agreement so that
// every PE gets the same outcome. "" with *out set, or what is missing
// (this PE's own reason first).
std::string ibgda_build_table(Runtime& r, ibgda::Backend& backend, const ibgda::TableArgs& a,
                              ibgda::Table* out);

// Collective: every PE learns whether all succeeded (one PE may fail before
// an exchange the others wait in). "" or this PE's own reason, else which
// PE failed.
std::string ibgda_agree(Runtime& r, const std::string& mine);

}  // namespace shoal
