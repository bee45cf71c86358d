#pragma once
// Values read from text: an operand as its position takes it (value.hpp's Takes), in any of core's
// notations (docs/notation.md: catlayout's, CuTe C++'s and CuTe DSL's prints, swizzled `Sw<B,M,S>
// o k o L`, coordinate `1@0`, F2 `F<v>`). The CLI and Python read their arguments with it.
#include <string>

#include "catlayout/wire/value.hpp"

namespace catlayout::wire {

// Operand i (0-based, named "argument i+1" in messages, with the text shortened) read as `takes`
// says; a layout in the kind its value is.
Result<Value> operand_from_text(Takes takes, std::string const& text, std::size_t i);

}  // namespace catlayout::wire
