#pragma once
// Colours shared by the terminal, SVG and TikZ pictures (private to viz).
#include <string>

#include "catlayout/core/error.hpp"

namespace catlayout::viz::detail {

struct Rgb {
  int r = 255, g = 255, b = 255;
};

inline constexpr int palette_size = 8;
// Tile j and thread t get colour k mod 8 of a light qualitative palette (ColorBrewer Set3's
// first eight), light enough for black labels; CuTe's print_latex cycles 8 colours the same way.
Rgb palette(Int k);
// A light scale for offsets: white at lo to a pale blue at hi.
Rgb scale(Int v, Int lo, Int hi);
double scale_fraction(Int v, Int lo, Int hi);  // in [0, 1]
// A heat scale for analyses: t in [0, 1] from a pale yellow (no cost) to a strong red (worst).
Rgb heat(double t);
std::string hex(Rgb c);                        // #rrggbb

// ANSI 256-colour background codes approximating palette(k) and scale(v, lo, hi).
int ansi_palette(Int k);
int ansi_scale(Int v, Int lo, Int hi);
int ansi_heat(double t);

// Text escapes: XML character data / attribute values, and LaTeX text.
std::string xml_escape(std::string const& s);
std::string tex_escape(std::string const& s);
// Decimal digits of v, with its sign.
int digits(Int v);
// Short decimal for coordinates in SVG/TikZ (at most 2 decimals, no trailing zeros).
std::string num(double v);

}  // namespace catlayout::viz::detail
