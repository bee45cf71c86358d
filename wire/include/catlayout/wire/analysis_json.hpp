#pragma once
// The analyses as JSON (`catlayout analyze ... --json`): plain objects of the reports' fields.
#include "catlayout/analysis/banks.hpp"
#include "catlayout/analysis/coalescing.hpp"
#include "catlayout/analysis/footprint.hpp"
#include "catlayout/analysis/ownership.hpp"
#include "catlayout/analysis/vectorize.hpp"
#include "catlayout/wire/layout_json.hpp"

namespace catlayout::wire {

Json to_json(analysis::BankReport const& r);
Json to_json(analysis::CoalescingReport const& r);
Json to_json(analysis::VectorReport const& r);
Json to_json(analysis::OwnershipReport const& r);
Json to_json(analysis::Footprint const& f);

}  // namespace catlayout::wire
