#pragma once
// Internal: the catalogue's families that live in their own files, each appending its entries.
#include <vector>

#include "catlayout/gpu/catalogue.hpp"

namespace catlayout::gpu {

// mma.sp::ordered_metadata (SM80 shapes) and wgmma.mma_async.sp (SM90a): catalogue_sparse.cpp.
void add_sparse(std::vector<Instruction>& cat);

}  // namespace catlayout::gpu
