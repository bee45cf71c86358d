#pragma once
// CL_PROPERTY: a RapidCheck property as a GoogleTest test, run for a modest number of cases
// (default 1000) that CATLAYOUT_PROPERTY_CASES raises (or RC_PARAMS="max_success=N"). A property
// body reports each proofs::Outcome through expect(); a test also fails when fewer than 5% of
// its cases were applicable (the operation refused nearly everything: the property was vacuous).
#include <gtest/gtest.h>
#include <rapidcheck/gtest.h>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <tuple>
#include <utility>

#include "catlayout/proofs/generators.hpp"

namespace catlayout::proofs::testing {

inline int property_cases(int rc_default) {
  if (char const* v = std::getenv("CATLAYOUT_PROPERTY_CASES")) {
    int n = std::atoi(v);
    if (n > 0) return n;
  }
  if (char const* p = std::getenv("RC_PARAMS"); p && std::string(p).find("max_success") != std::string::npos)
    return rc_default;
  return 1000;
}

// The run's seed: RC_PARAMS="seed=S" when given, a random one when CATLAYOUT_PROPERTY_SEED=random,
// else a fixed one, so that ctest is deterministic (raise CATLAYOUT_PROPERTY_CASES to explore).
inline std::uint64_t run_seed(std::uint64_t rc_seed) {
  if (char const* p = std::getenv("RC_PARAMS"); p && std::string(p).find("seed") != std::string::npos) return rc_seed;
  if (char const* v = std::getenv("CATLAYOUT_PROPERTY_SEED")) {
    if (std::string(v) == "random") return rc_seed;
    return std::strtoull(v, nullptr, 10);
  }
  return 0x5eed1e55;
}

struct Stats {
  std::atomic<long> applied{0}, vacuous{0};
};
inline Stats& stats() {
  static Stats s;
  return s;
}

// Inside a property: fail (with the counterexample text) or count the case.
inline void expect(Outcome const& r) {
  if (r.verdict == Verdict::fails) RC_FAIL(r.detail);
  if (r.verdict == Verdict::vacuous) ++stats().vacuous;
  else ++stats().applied;
}

// Inside a property: draw one case (a pair or a tuple) from `gen` and report check on its members.
template <class Gen, class Check>
void expect_on(Gen gen, Check&& check) {
  expect(std::apply(std::forward<Check>(check), *gen));
}

template <class Testable>
void check(Testable&& testable, int percent_of_cases = 100, double min_applicable = 0.05) {
  auto const* info = ::testing::UnitTest::GetInstance()->current_test_info();
  rc::detail::TestMetadata md;
  md.id = std::string(info->test_suite_name()) + "/" + info->name();
  md.description = info->name();
  auto params = rc::detail::configuration().testParams;
  params.seed = run_seed(params.seed);
  std::uint64_t const seed = params.seed;
  params.maxSuccess = std::max(1, property_cases(params.maxSuccess) * percent_of_cases / 100);
  // Each test draws its own cases: the run's seed mixed (FNV-1a) with the test's name, so two
  // properties over the same generator do not see the same inputs; RC_PARAMS="seed=S" still
  // reproduces the whole run.
  for (char ch : md.id) params.seed = (params.seed ^ static_cast<unsigned char>(ch)) * 1099511628211ull;
  stats().applied = 0;
  stats().vacuous = 0;
  auto result = rc::detail::checkTestable(std::forward<Testable>(testable), md, params);
  if (!result.template is<rc::detail::SuccessResult>()) {
    std::ostringstream ss;
    rc::detail::printResultMessage(result, ss);
    FAIL() << ss.str() << "\nRapidCheck seed " << seed << ": rerun with RC_PARAMS=\"seed=" << seed
           << "\" --gtest_filter=" << info->test_suite_name() << "." << info->name()
           << " (RapidCheck also prints an exact reproduce string at exit)";
  }
  long applied = stats().applied, vacuous = stats().vacuous;
  if (applied + vacuous > 0) {
    ::testing::Test::RecordProperty("applicable", std::to_string(applied) + "/" + std::to_string(applied + vacuous));
    EXPECT_GE(applied, min_applicable * (applied + vacuous))
        << "only " << applied << " of " << applied + vacuous
        << " generated cases were applicable: the operation refused almost everything";
  }
}

}  // namespace catlayout::proofs::testing

// A property as a test: CL_PROPERTY(Coalesce, Idempotent, (Layout const& a)) { ... }
#define CL_PROPERTY_N(Suite, Name, Percent, ArgList)                               \
  static void cl_property_##Suite##_##Name ArgList;                                \
  TEST(Suite, Name) { ::catlayout::proofs::testing::check(&cl_property_##Suite##_##Name, Percent); } \
  static void cl_property_##Suite##_##Name ArgList
#define CL_PROPERTY(Suite, Name, ArgList) CL_PROPERTY_N(Suite, Name, 100, ArgList)
