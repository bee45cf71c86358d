#pragma once
// Kernel-author analyses of layouts in one include (docs/analysis.md).
#include "catlayout/analysis/access.hpp"
#include "catlayout/analysis/banks.hpp"
#include "catlayout/analysis/coalescing.hpp"
#include "catlayout/analysis/footprint.hpp"
#include "catlayout/analysis/ownership.hpp"
#include "catlayout/analysis/pictures.hpp"
#include "catlayout/analysis/vectorize.hpp"
