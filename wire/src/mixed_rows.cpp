// The op rows over static and run-time integers (ops.hpp run_typed): CuTe's run-time answer
// (Typed::mixed, core/mixed_algebra.hpp), kept where it is the operation's function.
//
// CuTe's run-time path computes the function of its static path with other marks wherever the
// conditions it checks statically hold (docs/definitions.md, "Static and run-time integers"); the
// static answer is the engine's, held to the definitions by the corpus. So the run-time answer is
// kept where it has the static answer's function, and refused, naming the condition, where the
// static path refuses (a condition CuTe checks only on static integers) or its function differs.
#include <algorithm>

#include "catlayout/core.hpp"
#include "op_rows.hpp"
#include "typed.hpp"

namespace catlayout::wire {

namespace typed {

MixedLayout mixed_layout(Value const& x) {
  if (auto const* m = std::get_if<MixedLayout>(&x)) return *m;
  if (auto const* t = std::get_if<MixedTiler>(&x); t && t->kind == MixedTiler::Kind::layout) return t->layout;
  if (auto const* t = std::get_if<Tiler>(&x); t && t->is_layout()) return mark_static(*t->layout);
  return mark_static(std::get<Layout>(x));
}

namespace {
MixedTiler marked_tiler(Tiler const& t) {
  MixedTiler m;
  if (t.is_layout() && t.integer) {
    m.kind = MixedTiler::Kind::integer;
    m.integer = {t.layout->size(), true};
  } else if (t.is_layout()) {
    m.layout = mark_static(*t.layout);
  } else {
    m.kind = MixedTiler::Kind::by_mode;
    for (auto const& e : t.modes) m.modes.push_back(marked_tiler(e));
  }
  return m;
}
}  // namespace

MixedTiler mixed_tiler(Value const& x) {
  if (auto const* m = std::get_if<MixedTiler>(&x)) return *m;
  if (auto const* t = std::get_if<Tiler>(&x)) return marked_tiler(*t);
  MixedTiler m;
  m.layout = mixed_layout(x);
  return m;
}

MixedTuple mixed_tuple(Value const& x) {
  if (auto const* m = std::get_if<MixedTuple>(&x)) return *m;
  if (auto const* n = std::get_if<Int>(&x)) return MixedInt{*n, true};
  return mark_static(std::get<IntTuple>(x));
}

}  // namespace typed

namespace {

// An operand with its marks dropped, in the form its position takes (an integer, an int tuple, a
// layout, a tiler).
Result<Value> unmarked_operand(Value const& v, Takes takes, std::size_t i) {
  if (auto const* t = std::get_if<MixedTuple>(&v)) {
    if (takes == Takes::integer) return Value(t->leaf.value);
    return Value(unmarked(*t));
  }
  Value u = unmarked_static(v);
  if (is_mixed(u))
    return fail(ErrorKind::invalid_input, "argument ", i + 1, ": ", to_string(typed::mixed_layout(v)),
                " is not a layout (its extents and offsets must fit in 64 bits)");
  return u;
}

// The largest table compared entry by entry; beyond it, equal coalesced forms decide.
constexpr Int max_tabulated = Int{1} << 22;

// Whether two layouts are one function on [0, size): the first index where they differ, or -1.
Result<Int> first_difference(Layout const& a, Layout const& b) {
  if (a.size() != b.size()) return 0;
  if (to_string(coalesce(a)) == to_string(coalesce(b))) return -1;
  if (a.size() > max_tabulated)
    return fail(ErrorKind::invalid_input, "the run-time answer ", to_string(a), " has ", a.size(),
                " elements, more than catlayout tabulates (", max_tabulated, ") to compare it with ", to_string(b));
  for (Int i = 0; i < a.size(); ++i)
    if (a(i) != b(i)) return i;
  return -1;
}

Error cute_wrong(std::string message) {
  Error e{ErrorKind::inadmissible, std::move(message)};
  e.cute_answers = true;
  return e;
}

// The static path refuses where CuTe's run-time path answers `shown`: a condition CuTe checks on
// static integers only. --strict keeps the paper's refusal as it is.
Result<Value> static_refusal(Result<Value> fixed, std::string const& shown, Convention c) {
  if (c == Convention::categorical) return fixed;
  Error e = fixed.error();
  e.message = "CuTe's run-time path answers " + shown + " without this check: " + e.message;
  e.cute_answers = true;
  return std::unexpected(std::move(e));
}

// A run-time integer or tuple answer (a coordinate, an index): kept where its values are the static
// answer's, which the corpus holds to the definition; CuTe's arithmetic on run-time integers is
// the same arithmetic, so a difference is a condition it checks only statically.
Result<Value> same_values(MixedTuple const& got, Result<Value> fixed, Convention c) {
  std::string const shown = to_string(got);
  if (!fixed) return static_refusal(std::move(fixed), shown, c);
  IntTuple want;
  if (auto const* n = std::get_if<Int>(&*fixed)) want = IntTuple(*n);
  else if (auto const* t = std::get_if<IntTuple>(&*fixed)) want = *t;
  else return std::unexpected(cute_wrong("CuTe's run-time answer " + shown + " is not a value catlayout can check"));
  if (unmarked(got) == want) return Value(got);
  return std::unexpected(cute_wrong(str("CuTe's run-time answer ", shown, " is not the operation's ", to_string(want),
                                        " (a condition CuTe does not check on run-time integers fails)")));
}

}  // namespace

Result<Values> unmarked_operands(OpRow const& row, std::span<Value const> args) {
  Values plain;
  for (std::size_t i = 0; i < args.size(); ++i) {
    CL_TRY(u, unmarked_operand(args[i], row.typed.takes[i], i));
    plain.push_back(std::move(u));
  }
  return plain;
}

Result<Value> run_mixed(OpRow const& row, std::span<Value const> args, Convention c) {
  CL_TRY(plain, unmarked_operands(row, args));
  auto run_time = [](Value const& v) {
    if (auto const* l = std::get_if<MixedLayout>(&v)) return !all_static(*l);
    if (auto const* t = std::get_if<MixedTiler>(&v)) return !all_static(*t);
    if (auto const* t = std::get_if<MixedTuple>(&v)) return !all_static(*t);
    return false;
  };
  auto integer_kind = [](Value const& v) {
    return is_mixed(v) || std::holds_alternative<Layout>(v) || std::holds_alternative<Tiler>(v) ||
           std::holds_alternative<IntTuple>(v) || std::holds_alternative<Int>(v) || std::holds_alternative<Order>(v);
  };
  // Every integer static: CuTe's static path, the engine's (its answer printed with CuTe's marks).
  if (std::none_of(args.begin(), args.end(), run_time)) {
    CL_TRY(r, row.typed.fn(plain, c));
    return marked_static(std::move(r));
  }
  if (!row.typed.mixed || !std::all_of(args.begin(), args.end(), integer_kind))
    for (std::size_t i = 0; i < args.size(); ++i)
      if (run_time(args[i]))
        return fail(ErrorKind::invalid_input, row.name, " does not take run-time integers with these operands (argument ",
                    i + 1, " has one; docs/definitions.md lists the operations that do): mark every integer static (_4)");
  CL_TRY(cute, row.typed.mixed(args, c));  // CuTe's refusals (its static_asserts, its run-time ones) stand
  if (row.typed.mixed_checked) return cute;
  if (auto const* t = std::get_if<MixedTuple>(&cute)) return same_values(*t, row.typed.fn(plain, c), c);
  auto const* answer = std::get_if<MixedLayout>(&cute);
  if (!answer) return cute;
  auto fixed = row.typed.fn(plain, c);
  std::string const shown = to_string(*answer);
  if (!fixed) return static_refusal(std::move(fixed), shown, c);
  auto const* reference = std::get_if<Layout>(&*fixed);
  auto got = unmarked(*answer);
  if (!reference || !got) return std::unexpected(cute_wrong("CuTe's run-time answer " + shown + " is not a layout catlayout can check"));
  CL_TRY(k, first_difference(*got, *reference));
  if (k < 0) return cute;
  if (got->size() != reference->size())
    return std::unexpected(cute_wrong(str("CuTe's run-time answer ", shown, " has size ", got->size(), ", the operation's ",
                                          to_string(*reference), " has size ", reference->size(),
                                          " (a condition CuTe does not check on run-time integers fails)")));
  return std::unexpected(cute_wrong(str("CuTe's run-time answer ", shown, " is not the operation's function: at i = ", k,
                                        " it gives ", (*got)(k), ", the operation's ", to_string(*reference), " gives ",
                                        (*reference)(k), " (a condition CuTe does not check on run-time integers fails)")));
}

}  // namespace catlayout::wire
