#pragma once
// The categorical engine (paper chapter 3) in one include.
#include "catlayout/categories/coalesce.hpp"
#include "catlayout/categories/complement.hpp"
#include "catlayout/categories/divide.hpp"
#include "catlayout/categories/encoding.hpp"
#include "catlayout/categories/fin.hpp"
#include "catlayout/categories/nest_morphism.hpp"
#include "catlayout/categories/product.hpp"
#include "catlayout/categories/realization.hpp"
#include "catlayout/categories/refinement.hpp"
#include "catlayout/categories/text.hpp"
#include "catlayout/categories/tuple_morphism.hpp"
