#pragma once
// Internal: the catalogue's families, one file each; catalogue() in catalogue.cpp calls them in order.
#include <vector>

#include "catlayout/gpu/catalogue.hpp"

namespace catlayout::gpu {

void add_sm100(std::vector<Instruction>& cat);  // catalogue_sm100.cpp: tcgen05.mma D in TMEM, tcgen05.ld/st
void add_sm120(std::vector<Instruction>& cat);  // catalogue_sm120.cpp: block-scaled mma.sync

}  // namespace catlayout::gpu
