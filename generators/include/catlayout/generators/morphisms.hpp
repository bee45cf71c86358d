#pragma once
// Seeded Nest morphisms (the categorical engine's values) and the arguments of its operations.
#include <string>
#include <vector>

#include "catlayout/categories/nest_morphism.hpp"
#include "catlayout/generators/seeded.hpp"

namespace catlayout::generators {

// A random tractable Nest morphism into `codomain`: distinct codomain entries in random order
// (each domain entry equals its target), base-point entries of any size, random nesting.
categories::NestMorphism random_morphism_into(IntTuple const& codomain, Rng& g);
// The standard representation of a random tractable layout (20 tries, else 1 -> 1).
categories::NestMorphism random_nest(Rng& g);
// Arguments of a categorical operation (nest.to_layout, nest.coalesce, nest.complement,
// nest.compose, nest.logical_divide, nest.logical_product); empty for any other op.
std::vector<categories::NestMorphism> nest_op_args(std::string const& op, Rng& g);

}  // namespace catlayout::generators
