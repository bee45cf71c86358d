#include "catlayout/proofs/prove.hpp"

#include "catlayout/core/quote.hpp"

#include "catlayout/wire/layout_json.hpp"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <thread>

#include "catlayout/proofs/enumerate.hpp"
#include "catlayout/proofs/properties.hpp"

namespace catlayout::proofs {

using namespace catlayout::wire;  // the JSON forms of the values
namespace {

using Count = std::uint64_t;
constexpr std::size_t max_examples = 3;  // counterexamples kept per property

// Which cases a property ranges over.
enum class Domain {
  unary,      // every flat layout (size-1 modes included), every depth-2 nesting of it, and ():()
  pair,       // every pair of flat layouts without size-1 modes (plus the 1:d)
  same_size,  // those pairs whose sizes are equal
  layout_n,   // every flat layout (size-1 modes included) with every N in [1, 2 max-size]
  triple,     // every triple of the small flat layouts: size <= 8, rank <= 2, strides <= 4
};

using Fn = std::function<Outcome(Layout const&, Layout const&, Layout const&, Int)>;
struct Property {
  std::string name;
  Domain domain;
  Fn fn;
};

template <Outcome (*F)(Layout const&)>
Fn unary() { return [](Layout const& a, Layout const&, Layout const&, Int) { return F(a); }; }
template <Outcome (*F)(Layout const&, Layout const&)>
Fn binary() { return [](Layout const& a, Layout const& b, Layout const&, Int) { return F(a, b); }; }
template <Outcome (*F)(Layout const&, Int)>
Fn with_n() { return [](Layout const& a, Layout const&, Layout const&, Int n) { return F(a, n); }; }

std::vector<Property> const& registry() {
  static const std::vector<Property> props = {
      {"evaluate", Domain::unary, unary<evaluate_agrees>()},
      {"predicates", Domain::unary, unary<predicates_agree>()},
      {"coalesce.idempotent", Domain::unary, unary<coalesce_idempotent>()},
      {"coalesce.function", Domain::unary, unary<coalesce_preserves_function>()},
      {"coalesce.minimal", Domain::unary, unary<coalesce_minimal>()},
      {"coalesce.characterises", Domain::same_size, binary<coalesce_characterises_function>()},
      {"composition.function", Domain::pair, binary<composition_function>()},
      {"composition.refines", Domain::pair, binary<composition_refines>()},
      {"composition.associative", Domain::triple,
       [](Layout const& a, Layout const& b, Layout const& c, Int) { return composition_associative(a, b, c); }},
      {"complement.properties", Domain::layout_n, with_n<complement_properties>()},
      {"complement.unique", Domain::layout_n, with_n<complement_unique>()},
      {"divide.mode0", Domain::pair, binary<divide_mode0_is_composition>()},
      {"divide.permutes", Domain::pair, binary<divide_permutes>()},
      {"product.mode0", Domain::pair, binary<product_mode0_is_a>()},
      {"product.blocked_raked", Domain::pair, binary<blocked_raked_agree>()},
      {"inverse.right", Domain::unary, unary<right_inverse_property>()},
      {"inverse.left", Domain::unary, unary<left_inverse_property>()},
      {"text.round_trip", Domain::unary, unary<text_round_trip>()},
      {"json.round_trip", Domain::unary, unary<json_round_trip>()},
  };
  return props;
}

bool selects(std::vector<std::string> const& sel, std::string const& name) {
  if (sel.empty()) return true;
  for (auto const& s : sel)
    if (s == name || (name.starts_with(s) && (s.ends_with(".") || name[s.size()] == '.'))) return true;
  return false;
}

// The cases of each domain, built once on first use.
class Cases {
 public:
  explicit Cases(Bounds b) : b_(b) {}

  Count count(Domain d) {
    build(d);
    switch (d) {
      case Domain::unary: return unary_.size();
      case Domain::pair: return Count(pairs_.size()) * pairs_.size();
      case Domain::same_size: return same_prefix_.back();
      case Domain::layout_n: return Count(flat_.size()) * n_range();
      case Domain::triple: return Count(small_.size()) * small_.size() * small_.size();
    }
    return 0;
  }

  Outcome check(Property const& p, Count k) const {
    static Layout const none;
    switch (p.domain) {
      case Domain::unary: return p.fn(unary_[k], none, none, 0);
      case Domain::pair: return p.fn(pairs_[k / pairs_.size()], pairs_[k % pairs_.size()], none, 0);
      case Domain::same_size: {
        auto g = std::upper_bound(same_prefix_.begin(), same_prefix_.end(), k) - same_prefix_.begin() - 1;
        auto const& grp = groups_[g];
        Count local = k - same_prefix_[g];
        return p.fn(pairs_[grp[local / grp.size()]], pairs_[grp[local % grp.size()]], none, 0);
      }
      case Domain::layout_n:
        return p.fn(flat_[k / n_range()], none, none, static_cast<Int>(k % n_range()) + 1);
      case Domain::triple: {
        Count n = small_.size();
        return p.fn(small_[k / (n * n)], small_[(k / n) % n], small_[k % n], 0);
      }
    }
    return Outcome::ok();
  }

 private:
  Count n_range() const { return static_cast<Count>(2 * b_.max_size); }

  void build(Domain d) {
    if ((d == Domain::unary) && unary_.empty()) {
      unary_.push_back(*Layout::make(IntTuple(), IntTuple()));  // ():()
      for (auto const& f : flat_layouts(b_, true))
        for (auto& n : nestings(f)) unary_.push_back(std::move(n));
    }
    if ((d == Domain::pair || d == Domain::same_size) && pairs_.empty()) pairs_ = flat_layouts(b_, false);
    if (d == Domain::same_size && groups_.empty()) {
      std::map<Int, std::vector<std::size_t>> by_size;
      for (std::size_t i = 0; i < pairs_.size(); ++i) by_size[pairs_[i].size()].push_back(i);
      same_prefix_.push_back(0);
      for (auto& [s, idx] : by_size) {
        same_prefix_.push_back(same_prefix_.back() + Count(idx.size()) * idx.size());
        groups_.push_back(std::move(idx));
      }
    }
    if (d == Domain::layout_n && flat_.empty()) flat_ = flat_layouts(b_, true);
    if (d == Domain::triple && small_.empty())
      small_ = flat_layouts({std::min<Int>(b_.max_size, 8), std::min(b_.max_rank, 2), std::min<Int>(b_.max_stride, 4)},
                            false);
  }

  Bounds b_;
  std::vector<Layout> unary_, pairs_, flat_, small_;
  std::vector<std::vector<std::size_t>> groups_;
  std::vector<Count> same_prefix_;
};

struct Tally {
  std::string name;
  Count cases = 0, applicable = 0, failed = 0;
  double seconds = 0;
  std::vector<std::pair<Count, std::string>> examples;  // (case index, counterexample)
};

Tally run_property(Property const& p, Cases& cases, ProveOptions const& o, std::ostream& err, bool tty) {
  Tally t;
  t.name = p.name;
  Count total = cases.count(p.domain);
  Count mine = total > o.shard ? (total - o.shard + o.shards - 1) / o.shards : 0;  // k = shard + m * shards
  std::atomic<Count> next{0}, done{0}, applicable{0}, failed{0};
  std::mutex mu;
  auto start = std::chrono::steady_clock::now();
  constexpr Count chunk = 256;
  auto work = [&] {
    Count app = 0, bad = 0;
    for (Count m0; (m0 = next.fetch_add(chunk)) < mine;) {
      Count m1 = std::min(mine, m0 + chunk);
      for (Count m = m0; m < m1; ++m) {
        Count k = o.shard + m * o.shards;
        Outcome r = cases.check(p, k);
        if (r.verdict != Verdict::vacuous) ++app;
        if (r.verdict == Verdict::fails) {
          ++bad;
          std::lock_guard lock(mu);
          t.examples.emplace_back(k, r.detail);
          std::sort(t.examples.begin(), t.examples.end());
          if (t.examples.size() > max_examples) t.examples.pop_back();
        }
      }
      done += m1 - m0;
    }
    applicable += app;
    failed += bad;
  };
  std::vector<std::thread> pool;
  for (unsigned i = 0; i < std::max(1u, o.threads); ++i) pool.emplace_back(work);
  if (tty) {
    while (done.load() < mine) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      Count d = done.load();
      err << "\r  " << p.name << ": " << d << " / " << mine << " (" << (mine ? 100 * d / mine : 100) << "%)   "
          << std::flush;
    }
    err << "\r\033[K" << std::flush;
  }
  for (auto& th : pool) th.join();
  t.cases = mine;
  t.applicable = applicable;
  t.failed = failed;
  t.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return t;
}

Json tally_json(Tally const& t) {
  Json ex = Json::array();
  for (auto const& [k, s] : t.examples) ex.push_back(Json{{"case", k}, {"counterexample", s}});
  return Json{{"cases", t.cases},
              {"applicable", t.applicable},
              {"counterexamples", t.failed},
              {"seconds", t.seconds},
              {"examples", ex}};
}

void print_line(Tally const& t, std::size_t w, std::ostream& out) {
  char secs[32];
  std::snprintf(secs, sizeof secs, "%.2f", t.seconds);
  out << "  " << t.name << std::string(w > t.name.size() ? w - t.name.size() : 0, ' ') << "  " << t.cases
      << " cases checked, " << t.applicable << " applicable, " << t.failed << " counterexamples (" << secs << " s)\n";
  for (auto const& [k, s] : t.examples) out << "    counterexample (case " << k << "): " << s << "\n";
  out << std::flush;
}

void print_totals(std::vector<Tally> const& ts, std::ostream& out) {
  Count cases = 0, failed = 0;
  for (auto const& t : ts) {
    cases += t.cases;
    failed += t.failed;
  }
  out << "cases checked: " << cases << "\n";
  out << "counterexamples: " << failed << "\n";
}

void print_text(std::vector<Tally> const& ts, std::ostream& out) {
  std::size_t w = 0;
  for (auto const& t : ts) w = std::max(w, t.name.size());
  for (auto const& t : ts) print_line(t, w, out);
  print_totals(ts, out);
}

Json totals_json(ProveOptions const& o, std::vector<Tally> const& ts) {
  Json props = Json::object();
  Count cases = 0, failed = 0;
  for (auto const& t : ts) {
    props[t.name] = tally_json(t);
    cases += t.cases;
    failed += t.failed;
  }
  return Json{{"schema", "catlayout.prove/1"},
              {"bounds", {{"max_size", o.bounds.max_size}, {"max_rank", o.bounds.max_rank}, {"max_stride", o.bounds.max_stride}}},
              {"shards", Json::array({Json::array({o.shard, o.shards})})},
              {"properties", props},
              {"cases_checked", cases},
              {"counterexamples", failed}};
}

}  // namespace

Result<std::uint64_t> merge_results(std::vector<std::string> const& files, bool json, std::ostream& out) {
  if (files.empty()) return fail(ErrorKind::invalid_input, "--merge needs the JSON files of the shards");
  Json merged;
  std::map<std::string, Tally> by_name;
  std::vector<std::string> order;
  for (auto const& file : files) {
    std::ifstream in(file);
    Json j = Json::parse(in, nullptr, false);
    if (!in || j.is_discarded() || j.value("schema", "") != "catlayout.prove/1") {
      return fail(ErrorKind::invalid_input, file, " is not a catlayout.prove/1 JSON document");
    }
    if (merged.is_null()) merged = Json{{"schema", "catlayout.prove/1"}, {"bounds", j["bounds"]}, {"shards", Json::array()}};
    if (merged["bounds"] != j["bounds"]) {
      return fail(ErrorKind::invalid_input, file, " was run with other bounds ", j["bounds"].dump());
    }
    for (auto const& s : j["shards"]) merged["shards"].push_back(s);
    for (auto const& [name, p] : j["properties"].items()) {
      if (!by_name.count(name)) order.push_back(name);
      Tally& t = by_name[name];
      t.name = name;
      t.cases += p["cases"].get<Count>();
      t.applicable += p["applicable"].get<Count>();
      t.failed += p["counterexamples"].get<Count>();
      t.seconds += p["seconds"].get<double>();
      for (auto const& e : p["examples"])
        if (t.examples.size() < max_examples) t.examples.emplace_back(e["case"].get<Count>(), e["counterexample"]);
    }
  }
  std::vector<Tally> ts;
  for (auto const& n : order) ts.push_back(by_name[n]);
  Count failed = 0;
  for (auto const& t : ts) failed += t.failed;
  if (json) {
    Json props = Json::object();
    Count cases = 0;
    for (auto const& t : ts) {
      props[t.name] = tally_json(t);
      cases += t.cases;
    }
    merged["properties"] = props;
    merged["cases_checked"] = cases;
    merged["counterexamples"] = failed;
    out << merged.dump(1) << "\n";
  } else {
    out << "catlayout prove: merged " << files.size() << " shard results, bounds " << merged["bounds"].dump() << "\n";
    print_text(ts, out);
  }
  return failed;
}

std::vector<std::string> property_names() {
  std::vector<std::string> names;
  for (auto const& p : registry()) names.push_back(p.name);
  return names;
}

Result<std::vector<std::string>> select_properties(std::vector<std::string> const& selectors) {
  for (auto const& s : selectors) {
    bool any = false;
    for (auto const& p : registry()) any = any || selects({s}, p.name);
    if (!any) return fail(ErrorKind::invalid_input, "no property named '", shortened(s), "' (see --list)");
  }
  std::vector<std::string> names;
  for (auto const& p : registry())
    if (selects(selectors, p.name)) names.push_back(p.name);
  return names;
}

Result<std::uint64_t> prove(ProveOptions const& o, std::ostream& out, std::ostream& progress) {
  if (o.shards == 0 || o.shard >= o.shards)
    return fail(ErrorKind::invalid_input, "shard ", o.shard, "/", o.shards, ": expected 0 <= I < N");
  CL_TRY(names, select_properties(o.selected));
  std::vector<Property const*> chosen;
  for (auto const& p : registry())
    if (std::find(names.begin(), names.end(), p.name) != names.end()) chosen.push_back(&p);
  bool tty = o.progress && isatty(STDERR_FILENO);
  if (!o.json)
    out << "catlayout prove: max-size " << o.bounds.max_size << ", max-rank " << o.bounds.max_rank << ", max-stride "
        << o.bounds.max_stride << ", shard " << o.shard << "/" << o.shards << ", " << o.threads << " threads"
        << std::endl;
  Cases cases(o.bounds);
  std::vector<Tally> ts;
  std::size_t w = 0;
  for (auto const* p : chosen) w = std::max(w, p->name.size());
  for (auto const* p : chosen) {
    ts.push_back(run_property(*p, cases, o, progress, tty));
    if (!o.json) print_line(ts.back(), w, out);  // streamed: one line per property as it finishes
  }
  Count failed = 0;
  for (auto const& t : ts) failed += t.failed;
  if (o.json) out << totals_json(o, ts).dump(1) << "\n";
  else print_totals(ts, out);
  return failed;
}

}  // namespace catlayout::proofs
