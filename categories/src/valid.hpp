#pragma once
// Constructions that are valid by the paper's lemmas (squeeze, sort, coalesce, ...) still go
// through make(); a failure there is a bug in this library, never bad input, so it throws.
#include <stdexcept>

#include "catlayout/core/error.hpp"

namespace catlayout::categories::detail {

template <class T>
T valid(Result<T> r) {
  if (!r) throw std::logic_error("catlayout::categories invariant broken: " + r.error().what());
  return std::move(*r);
}

}  // namespace catlayout::categories::detail
