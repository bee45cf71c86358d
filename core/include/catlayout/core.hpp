#pragma once
// The direct engine in one include.
#include "catlayout/core/coalesce.hpp"
#include "catlayout/core/complement.hpp"
#include "catlayout/core/composition.hpp"
#include "catlayout/core/divide.hpp"
#include "catlayout/core/evaluate.hpp"
#include "catlayout/core/inverse.hpp"
#include "catlayout/core/json.hpp"
#include "catlayout/core/predicates.hpp"
#include "catlayout/core/product.hpp"
#include "catlayout/core/slice.hpp"
#include "catlayout/core/structural.hpp"
#include "catlayout/core/text.hpp"
