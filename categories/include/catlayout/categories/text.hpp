#pragma once
// The paper's notation for morphisms: S -(alpha(1),...,alpha(m))-> T, e.g. (2,2) -(1,3)-> (2,2,2),
// with * for the base point. Parse errors say what was expected and at which (1-based) column.
#include <string>
#include <string_view>

#include "catlayout/categories/nest_morphism.hpp"

namespace catlayout::categories {

// §3.1.1 notation: alpha as (1,*,3); f as S -alpha-> T.
std::string to_string(FinMap const& alpha);        // (1,*,3)
std::string to_string(TupleMorphism const& f);     // (2,2) -(1,3)-> (2,2,2)
std::string to_string(NestMorphism const& f);      // (2,(2,2)) -(1,*,3)-> (2,2,2)

// §3.2.1 notation: invalid_input naming the column, or the morphism's own invalidity.
Result<NestMorphism> parse_nest_morphism(std::string_view text);
// §3.1.1 notation; the domain and codomain must be flat tuples.
Result<TupleMorphism> parse_tuple_morphism(std::string_view text);

}  // namespace catlayout::categories
