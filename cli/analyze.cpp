// `catlayout analyze ...`: bank conflicts, coalescing, vector width, ownership and footprint of
// layouts (docs/analysis.md). Exit 0 with the report, 2 on bad input.
#include <fstream>
#include <iostream>
#include <variant>

#include "catlayout/analysis.hpp"
#include "catlayout/core/text.hpp"
#ifdef CATLAYOUT_HAVE_GPU
#include "catlayout/gpu/catalogue.hpp"
#endif
#include "command.hpp"

namespace catlayout::cli {
namespace {

using namespace catlayout::analysis;
using TvLayout = std::variant<Layout, CoordLayout>;

Result<Int> integer_option(Args const& a, std::string const& name, Int fallback) {
  if (!a.has(name)) return fallback;
  auto t = parse_int_tuple(a.value(name));
  if (!t || !t->is_leaf()) return fail(ErrorKind::invalid_input, name, " '", a.value(name), "' is not an integer");
  return t->value();
}

// The thread-value layout: --mma NAME [--operand X] (a catalogue fragment), or the first positional
// (CuTe notation, integer or coordinate strides); `used` counts the positionals it took.
Result<TvLayout> tv_layout(Args const& a, std::size_t& used) {
  used = 0;
  if (a.has("--mma")) {
#ifdef CATLAYOUT_HAVE_GPU
    auto const* ins = gpu::find_instruction(a.value("--mma"));
    if (!ins) return fail(ErrorKind::invalid_input, "no instruction '", a.value("--mma"), "' (catlayout gpu list)");
    std::string name = a.has("--operand") ? a.value("--operand") : "A";
    auto op = gpu::parse_operand(name);
    auto const* f = op ? ins->fragment(*op) : nullptr;
    if (!f) return fail(ErrorKind::invalid_input, ins->name, " has no operand '", name, "'");
    return TvLayout{f->tv};
#else
    return fail(ErrorKind::invalid_input, "--mma needs the gpu catalogue, which this build leaves out");
#endif
  }
  if (a.pos.empty()) return fail(ErrorKind::invalid_input, "expected a thread-value layout (or --mma NAME)");
  used = 1;
  auto l = parse_layout(a.pos[0]);
  if (l) return TvLayout{*l};
  auto c = parse_coord_layout(a.pos[0]);
  if (c) return TvLayout{*c};
  return std::unexpected(l.error());
}

Result<AccessSpec> spec_of(Args const& a) {
  AccessSpec s;
  CL_TRY(eb, integer_option(a, "--elem-bytes", 4));
  CL_TRY(vec, integer_option(a, "--vector", 1));
  CL_TRY(base, integer_option(a, "--base-byte", 0));
  s.elem_bytes = eb, s.vector_values = vec, s.base_byte = base;
  return s;
}

// TV, DATA and the access options: what banks, coalescing and vector read.
struct Inputs {
  TvLayout tv;
  ComposedLayout data;
  AccessSpec spec;
};

Result<Inputs> inputs(Args const& a) {
  std::size_t used = 0;
  CL_TRY(tv, tv_layout(a, used));
  if (a.pos.size() != used + 1)
    return fail(ErrorKind::invalid_input, "expected the data layout after the thread-value layout (", a.pos.size(),
                " positional arguments given)");
  CL_TRY(data, parse_composed_layout(a.pos[used]));
  CL_TRY(spec, spec_of(a));
  return Inputs{tv, data, spec};
}

Result<MemoryAccess> access_of(Inputs const& in) {
  return std::visit([&](auto const& tv) { return make_access(tv, in.data, in.spec); }, in.tv);
}

std::string threads_text(std::vector<Int> const& ts) {
  std::string out;
  for (std::size_t i = 0; i < ts.size(); ++i) {
    if (i == 16) return out + " ... (" + std::to_string(ts.size()) + " threads)";
    out += (i ? " " : "") + std::to_string(ts[i]);
  }
  return out;
}

std::string ratio(Int got, Int ideal) {
  if (got <= ideal) return "conflict-free";
  return got % ideal == 0 ? str(got / ideal, "-way") : str(static_cast<double>(got) / static_cast<double>(ideal), "x");
}

// --svg FILE and --show [--color]: the picture next to the report.
int pictures(Args const& a, Result<viz::CellGrid> const& grid) {
  if (!a.has("--svg") && !a.has("--show")) return 0;
  if (!grid) return report_error(grid.error());
  if (a.has("--show")) {
    auto t = viz::show_cells(*grid, a.has("--color"));
    if (!t) return report_error(t.error());
    std::cout << *t;
  }
  if (a.has("--svg")) {
    auto s = viz::svg_cells(*grid);
    if (!s) return report_error(s.error());
    std::ofstream f(a.value("--svg"));
    if (!(f << *s)) {
      std::cerr << "catlayout: cannot write " << a.value("--svg") << "\n";
      return 2;
    }
    std::cout << "wrote " << a.value("--svg") << "\n";
  }
  return 0;
}

int banks_main(Args const& a) {
  auto in = inputs(a);
  if (!in) return report_error(in.error());
  auto acc = access_of(*in);
  if (!acc) return report_error(acc.error());
  auto r = bank_conflicts(*acc);
  if (!r) return report_error(r.error());
  if (a.has("--json")) {
    std::cout << to_json(*r).dump(1) << "\n";
    return 0;
  }
  std::cout << "shared-memory banks: " << acc->tv_text << " over " << acc->data_text << "\n"
            << acc->vector_bytes() << "-byte accesses (" << acc->spec.vector_values << " x " << acc->spec.elem_bytes
            << "-byte elements), " << warp_size / r->threads_per_phase << " phase(s) of " << r->threads_per_phase
            << " threads per warp instruction; 32 banks of 4 bytes\n";
  std::size_t shown = 0;
  for (auto const& x : r->accesses) {
    if (shown++ == 16) {
      std::cout << "... " << r->accesses.size() - 16 << " more accesses (--json lists all)\n";
      break;
    }
    std::cout << "warp " << x.warp << " instruction " << x.instruction << ": " << x.wavefronts << " wavefronts, ideal "
              << x.ideal << " (" << ratio(x.wavefronts, x.ideal) << ")\n";
    for (std::size_t p = 0; p < x.phases.size(); ++p)
      if (x.phases[p].wavefronts > 1)
        std::cout << "  phase " << p << " (threads " << x.phases[p].first_thread << "-"
                  << x.phases[p].first_thread + x.phases[p].threads - 1 << "): bank " << x.phases[p].worst_bank
                  << " serves " << x.phases[p].wavefronts << " words to threads " << threads_text(x.phases[p].colliding)
                  << "\n";
  }
  std::cout << "total: " << r->wavefronts << " wavefronts, ideal " << r->ideal << "; worst access "
            << ratio(r->accesses[r->worst].wavefronts, r->accesses[r->worst].ideal) << "\n";
  auto rows = integer_option(a, "--rows", 64);
  if (!rows) return report_error(rows.error());
  return pictures(a, bank_heatmap(*r, *acc, *rows));
}

int coalescing_main(Args const& a) {
  auto in = inputs(a);
  if (!in) return report_error(in.error());
  auto acc = access_of(*in);
  if (!acc) return report_error(acc.error());
  auto r = coalescing(*acc);
  if (!r) return report_error(r.error());
  if (a.has("--json")) {
    std::cout << to_json(*r).dump(1) << "\n";
    return 0;
  }
  std::cout << "global coalescing: " << acc->tv_text << " over " << acc->data_text << ", " << acc->vector_bytes()
            << "-byte accesses, base byte " << acc->spec.base_byte << "\n";
  std::size_t shown = 0;
  for (auto const& x : r->accesses) {
    if (shown++ == 16) {
      std::cout << "... " << r->accesses.size() - 16 << " more accesses (--json lists all)\n";
      break;
    }
    std::cout << "warp " << x.warp << " instruction " << x.instruction << ": " << x.bytes << " bytes in " << x.sectors
              << " sectors (ideal " << x.ideal_sectors << "), " << x.lines << " lines (ideal " << x.ideal_lines << ")\n";
  }
  std::cout << "total: " << r->sectors << " sectors (ideal " << r->ideal_sectors << "), " << r->lines
            << " lines (ideal " << r->ideal_lines << "); " << static_cast<int>(100 * r->sector_efficiency() + 0.5)
            << "% of the bytes moved are used\n";
  return 0;
}

int vector_main(Args const& a) {
  auto in = inputs(a);
  if (!in) return report_error(in.error());
  auto r = std::visit([&](auto const& tv) { return widest_vector(tv, in->data, in->spec); }, in->tv);
  if (!r) return report_error(r.error());
  if (a.has("--json")) {
    std::cout << to_json(*r).dump(1) << "\n";
    return 0;
  }
  std::cout << "widest vector: " << r->values << " x " << in->spec.elem_bytes << " = " << r->bytes
            << " bytes per thread (" << r->method << ")\n";
  if (!r->composed.empty()) std::cout << "data o tv = " << r->composed << "\n";
  for (auto const& l : r->limits) std::cout << "  " << l.what << ": <= " << l.bound << " (" << l.why << ")\n";
  std::cout << "limited by " << r->limited_by << "\n";
  return 0;
}

Result<Int> tile_rows(Args const& a, Int& tile) {
  if (!a.has("--tile")) return fail(ErrorKind::invalid_input, "--tile M,N (or a size) is required");
  std::string text = a.value("--tile");
  auto t = parse_int_tuple(text.find('(') == std::string::npos ? "(" + text + ")" : text);
  auto v = t ? flatten_values(*t) : std::vector<Int>{};
  if (!t || depth(*t) > 1 || v.empty() || v.size() > 2 || v[0] < 1 || v.back() < 1 || v[0] > max_pairs ||
      v.back() > max_pairs)
    return fail(ErrorKind::invalid_input, "--tile '", text, "': expected M,N or a size, positive and at most ", max_pairs);
  tile = v.size() == 2 ? v[0] * v[1] : v[0];
  return v.size() == 2 ? v[0] : 1;
}

int ownership_main(Args const& a) {
  std::size_t used = 0;
  auto tv = tv_layout(a, used);
  if (!tv) return report_error(tv.error());
  if (!std::holds_alternative<Layout>(*tv))
    return report_error(Error{ErrorKind::invalid_input, "ownership reads integer-stride TV layouts ((thread, value) -> "
                                                        "tile index)"});
  Int tile = 0;
  auto rows = tile_rows(a, tile);
  if (!rows) return report_error(rows.error());
  auto block = integer_option(a, "--block-threads", 0);
  if (!block) return report_error(block.error());
  auto r = ownership(std::get<Layout>(*tv), tile, *block);
  if (!r) return report_error(r.error());
  if (a.has("--json")) {
    std::cout << to_json(*r).dump(1) << "\n";
    return 0;
  }
  std::cout << "ownership: " << to_string(std::get<Layout>(*tv)) << " over a tile of " << tile << " elements, "
            << r->threads << " threads x " << r->values << " values\n";
  if (r->exact()) std::cout << "exact: every element is held by exactly one (thread, value)\n";
  std::cout << r->once << " elements once, " << r->replicated << " replicated";
  if (r->replicated) std::cout << " (up to " << r->max_owners << " owners)";
  std::cout << ", " << r->uncovered.size() << " not covered\n";
  if (!r->uncovered.empty()) std::cout << "not covered: " << threads_text(r->uncovered) << "\n";
  for (std::size_t i = 0; i < r->replica_groups.size() && i < 8; ++i)
    std::cout << "threads " << threads_text(r->replica_groups[i]) << " hold the same elements\n";
  if (r->replica_groups.size() > 8) std::cout << "... " << r->replica_groups.size() - 8 << " more replica groups\n";
  for (auto const& m : r->stride0_modes) std::cout << "replicates: " << m << "\n";
  if (!r->idle_threads.empty())
    std::cout << "idle threads: " << r->idle_threads.front() << "-" << r->idle_threads.back() << "\n";
  return pictures(a, ownership_map(*r, *rows));
}

int footprint_main(Args const& a) {
  if (a.pos.size() != 1) return report_error(Error{ErrorKind::invalid_input, "expected one layout"});
  auto l = parse_composed_layout(a.pos[0]);
  if (!l) return report_error(l.error());
  auto tile = integer_option(a, "--tile", 0);
  if (!tile) return report_error(tile.error());
  auto f = footprint(*l, *tile);
  if (!f) return report_error(f.error());
  if (a.has("--json")) {
    std::cout << to_json(*f).dump(1) << "\n";
    return 0;
  }
  auto yes = [](bool b) { return b ? "yes" : "no"; };
  std::cout << "footprint: " << layout_text(*l) << "\n"
            << "size " << f->size << ", cosize " << f->cosize << " (offsets " << f->min_offset << ".." << f->max_offset
            << "), " << f->image << " distinct offsets, " << f->holes << " holes\n"
            << "injective: " << yes(f->injective) << ", compact: " << yes(f->compact) << ", surjective onto [0, "
            << f->tile << "): " << yes(f->surjective) << "\n";
  return 0;
}

}  // namespace

std::vector<Command> analysis_commands() {
  std::map<std::string, int> access{{"--elem-bytes", 1}, {"--vector", 1}, {"--base-byte", 1}, {"--json", 0},
                                    {"--mma", 1}, {"--operand", 1}};
  auto with = [](std::map<std::string, int> m, std::map<std::string, int> more) {
    m.insert(more.begin(), more.end());
    return m;
  };
  std::map<std::string, int> picture{{"--svg", 1}, {"--show", 0}, {"--color", 0}};
  std::map<std::string, int> heat_rows{{"--rows", 1}};  // phases drawn in the heat map
  return {
      {"analyze banks", "analyze banks (TV | --mma NAME [--operand X]) DATA [--elem-bytes N] [--vector N]",
       "shared-memory bank conflicts of a warp's accesses: wavefronts vs ideal, worst bank, colliding threads "
       "(--svg/--show: heat map)",
       "catlayout analyze banks '(32,32):(1,32)' '(32,32):(32,1)'", with(with(access, picture), heat_rows), banks_main},
      {"analyze coalescing", "analyze coalescing (TV | --mma NAME) DATA [--elem-bytes N] [--vector N] [--base-byte N]",
       "global memory: 32-byte sectors and 128-byte lines per warp instruction vs ideal",
       "catlayout analyze coalescing '(32,4):(4,1)' '128:1' --vector 4", access, coalescing_main},
      {"analyze vector", "analyze vector (TV | --mma NAME) DATA [--elem-bytes N]",
       "the widest vector each thread can move (<= 16 bytes) and what limits it",
       "catlayout analyze vector --mma mma.m16n8k16.f32.f16.f16.f32 '(16,16):(16,1)' --elem-bytes 2", access,
       vector_main},
      {"analyze ownership", "analyze ownership (TV | --mma NAME) --tile M,N [--block-threads P]",
       "which elements each (thread, value) holds: exact, replicated, not covered, idle threads (--svg/--show: map)",
       "catlayout analyze ownership '((32,2),4):((1,0),32)' --tile 32,4",
       with({{"--tile", 1}, {"--block-threads", 1}, {"--json", 0}, {"--mma", 1}, {"--operand", 1}}, picture),
       ownership_main},
      {"analyze footprint", "analyze footprint DATA [--tile N]",
       "size, cosize, holes; injective, compact, surjective onto its tile",
       "catlayout analyze footprint '(32,32):(33,1)'", {{"--tile", 1}, {"--json", 0}}, footprint_main},
  };
}

}  // namespace catlayout::cli
