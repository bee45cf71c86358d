#pragma once
// Values read from text: an operand as its position takes it (value.hpp's Takes), in any of core's
// notations (docs/notation.md: catlayout's, CuTe C++'s and CuTe DSL's prints, swizzled `Sw<B,M,S>
// o k o L`, coordinate `1@0`, F2 `F<v>`). The CLI and Python read their arguments with it.
#include <string>

#include "catlayout/wire/value.hpp"

namespace catlayout::wire {

// Operand i (0-based, named "argument i+1" in messages, with the text shortened) read as `takes`
// says; a layout in the kind its value is.
// A text that writes CuTe's static mark (`_4`), or any text under Integers::as_printed (the CLI's
// --cute-integers, Python's cute_integers=True), is read as CuTe prints: `_4` static, `4` run-time
// (a mixed layout, tiler or int tuple, core/mixed.hpp); other texts mean what they always have.
Result<Value> operand_from_text(Takes takes, std::string const& text, std::size_t i,
                                Integers integers = Integers::all_static);

}  // namespace catlayout::wire
