#pragma once
// Pictures of layouts in one include.
#include "catlayout/viz/cells.hpp"
#include "catlayout/viz/diagram.hpp"
#include "catlayout/viz/grid.hpp"
#include "catlayout/viz/show.hpp"
#include "catlayout/viz/svg.hpp"
#include "catlayout/viz/tikz.hpp"
#include "catlayout/viz/tiles.hpp"
#include "catlayout/viz/tv.hpp"
