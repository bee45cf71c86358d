#pragma once
// Helpers shared by the gpu tests: the values of Results a test relies on, gtest-safe parameter names, and the probe on
// the CPU simulator with a fault injected.
#include <gtest/gtest.h>

#include <cctype>
#include <stdexcept>
#include <string>
#include <utility>

#include "catlayout/core/error.hpp"
#include "catlayout/gpu/probe.hpp"

namespace catlayout::gpu::testing {

// The value of a Result a test relies on (a parse of its text, a check it reads): an error fails the
// test with the error's message (a typo in a test is a failed test, not UB).
template <class T>
T must(Result<T> r) {
  if (!r) throw std::invalid_argument(r.error().what());
  return std::move(*r);
}

// A parameterised test's name: every character gtest does not allow in one becomes '_'.
inline std::string gtest_name(std::string s) {
  for (char& c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}
// The name of a test parameterised by a catalogue name (an instruction, a shared-memory layout).
inline std::string param_name(::testing::TestParamInfo<std::string> const& info) { return gtest_name(info.param); }

// The probe of `ins` on the CPU simulator, with `fault` injected (none: the simulator as the
// catalogue says).
inline Result<InstructionObservation> observe_simulated(Instruction const& ins, Fault const& fault = {}) {
  return observe(ins, [&](device::Batch& b) { return simulate(b, fault); });
}

// Every operand of an observation confirmed (`what` leads each failure's message).
inline void expect_all_confirmed(InstructionObservation const& obs, std::string const& what = "") {
  for (auto const& o : obs.operands)
    EXPECT_TRUE(o.verdict.confirmed) << what << operand_name(o.operand) << ": " << o.verdict.message;
}

// A verdict that names an exchange of two slots: not confirmed, the first offending slot (thread,
// value), observed where the catalogue puts `observed` (`what` follows each failure).
inline void expect_swap_named(Verdict const& v, Int thread, Int value, Coord observed, std::string const& what = "") {
  EXPECT_FALSE(v.confirmed) << what;
  EXPECT_EQ(v.thread, thread) << what;
  EXPECT_EQ(v.value, value) << what;
  EXPECT_EQ(v.observed, observed) << what;
}

// The probe of b1 `name` (m16n8k256 .and.popc or .xor.popc) on the simulator with slots (3, 40) and
// (2, 41) of `op` (A or B) exchanged: both hold one row (A's row 8: groupID 0, register 1; B's n = 0),
// so C, observed through rows only, stays intact, and the observation of `op` names the exchange.
inline void expect_popc_swap_named(std::string const& name, Operand op) {
  Instruction const& ins = *find_instruction(name);
  auto obs = observe_simulated(ins, {op, 3, 40, 2, 41});
  ASSERT_TRUE(obs) << obs.error().what();
  expect_swap_named(obs->operands[op == Operand::A ? 0 : 1].verdict, 2, 41, ins.fragment(op)->layout_at(3, 40));
  EXPECT_TRUE(obs->operands[2].verdict.confirmed) << obs->operands[2].verdict.message;
}

}  // namespace catlayout::gpu::testing
