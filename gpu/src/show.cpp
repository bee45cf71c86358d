// `catlayout gpu show` and `catlayout gpu vectors`: catalogue-only entry points, no GPU needed.
#include <fstream>
#include <iomanip>

#include "catlayout/gpu/report.hpp"
#include "catlayout/gpu/validate.hpp"

namespace catlayout::gpu {

namespace {

char const* tile_axes(Operand op) { return op == Operand::A ? "(m,k)" : op == Operand::B ? "(n,k)" : "(m,n)"; }

void show_fragment(Instruction const& ins, Fragment const& f, std::ostream& out) {
  out << ins.name << " " << operand_name(f.operand) << "   [" << ins.ptx << ", " << ins.arch << "]\n"
      << "  tile " << f.rows << "x" << f.cols << " " << tile_axes(f.operand) << ", offset = row + " << f.rows
      << " * col; " << f.threads << " threads x " << f.values << " values of " << elem_name(f.elem) << " ("
      << f.per_reg() << " per " << (f.reg_words() == 2 ? "64" : "32") << "-bit register)\n"
      << "  from " << f.ptx_section << "\n"
      << "  TV layout: " << to_string(f.tv) << "\n"
      << "  thread value  reg elem   row col\n";
  for (Int t = 0; t < f.threads; ++t)
    for (Int v = 0; v < f.values; ++v) {
      Coord c = f.layout_at(t, v);
      out << "  " << std::setw(6) << t << std::setw(6) << v << std::setw(5) << v / f.per_reg() << std::setw(5)
          << v % f.per_reg() << "  " << std::setw(4) << c.row << std::setw(4) << c.col << "\n";
    }
}

}  // namespace

int gpu_show_main(std::string const& name, std::string const& operand, std::ostream& out, std::ostream& err) {
  Instruction const* ins = find_instruction(name);
  if (!ins) {
    err << "unknown instruction \"" << name << "\"; catalogued:";
    for (auto const& i : catalogue()) err << " " << i.name;
    err << "\n";
    return 2;
  }
  if (operand.empty() || operand == "all") {
    for (auto const& f : ins->fragments) show_fragment(*ins, f, out);
    return 0;
  }
  auto op = parse_operand(operand);
  Fragment const* f = op ? ins->fragment(*op) : nullptr;
  if (!f) {
    err << ins->name << " has no catalogued operand \"" << operand << "\"; it has:";
    for (auto const& g : ins->fragments) err << " " << operand_name(g.operand);
    err << "\n";
    return 2;
  }
  show_fragment(*ins, *f, out);
  return 0;
}

int gpu_vectors_main(std::string const& report_path, std::string const& out_path, std::ostream& err) {
  std::ifstream in(report_path);
  if (!in) {
    err << "cannot read " << report_path << "\n";
    return 2;
  }
  Json report = Json::parse(in, nullptr, /*allow_exceptions=*/false);
  if (report.is_discarded()) {
    err << report_path << ": not JSON\n";
    return 2;
  }
  auto vectors = vectors_from_report(report);
  if (!vectors) {
    err << report_path << ": " << vectors.error().what() << "\n";
    return 2;
  }
  std::ofstream out(out_path);
  out << vectors->dump(1) << "\n";
  if (!out) {
    err << "cannot write " << out_path << "\n";
    return 2;
  }
  return 0;
}

}  // namespace catlayout::gpu
