#pragma once
// SM120 block-scaled mma.sync (PTX ISA 9.7.14.3 "Block Scaling for mma.sync"), CPU only (arch sm120a).
// The scale-factor fragments SFA / SFB hold only the threads that supply scale factors (with the
// selectors thread-id = 0, byte-id = 0), in lane order; this gives their %laneid.
#include "catlayout/gpu/catalogue.hpp"

namespace catlayout::gpu {

// SFA: lanes 0, 1, 4, 5, ... (threads 0 and 1 of each quad); SFB: lanes 0, 4, 8, ... (thread 0 of each quad).
// pre: op is SFA (0 <= t < 16) or SFB (0 <= t < 8); else -1.
Int scale_factor_lane(Operand op, Int t);

}  // namespace catlayout::gpu
