#include "catlayout/categories/fin.hpp"

#include <algorithm>

namespace catlayout::categories {

Result<FinMap> FinMap::make(std::vector<Point> values, std::size_t n) {
  for (std::size_t i = 0; i < values.size(); ++i)
    if (values[i] > n)
      return fail(ErrorKind::invalid_input, "alpha(", i + 1, ") = ", values[i], " is not a point of <", n, ">_*");
  return FinMap(std::move(values), n);
}

FinMap FinMap::identity(std::size_t n) {
  std::vector<Point> v(n);
  for (std::size_t i = 0; i < n; ++i) v[i] = i + 1;
  return FinMap(std::move(v), n);
}

bool is_tractable(FinMap const& alpha) {
  std::vector<bool> hit(alpha.n() + 1, false);
  for (Point j : alpha.values()) {
    if (j == star) continue;
    if (hit[j]) return false;
    hit[j] = true;
  }
  return true;
}

bool is_injective(FinMap const& alpha) {
  return is_tractable(alpha) && std::ranges::find(alpha.values(), star) == alpha.values().end();
}

bool is_bijective(FinMap const& alpha) { return alpha.m() == alpha.n() && is_injective(alpha); }

std::vector<Point> image(FinMap const& alpha) {
  std::vector<Point> out;
  for (Point j : alpha.values())
    if (j != star) out.push_back(j);
  std::ranges::sort(out);
  auto [first, last] = std::ranges::unique(out);
  out.erase(first, last);
  return out;
}

bool disjoint_images(FinMap const& alpha, FinMap const& beta) {
  if (alpha.n() != beta.n()) return false;
  std::vector<bool> hit(alpha.n() + 1, false);
  for (Point j : alpha.values()) hit[j] = true;
  for (Point j : beta.values())
    if (j != star && hit[j]) return false;
  return true;
}

Result<FinMap> compose(FinMap const& beta, FinMap const& alpha) {
  if (alpha.n() != beta.m())
    return fail(ErrorKind::inadmissible, "cannot compose: alpha lands in <", alpha.n(), ">_* but beta starts at <",
                beta.m(), ">_*");
  std::vector<Point> v;
  for (Point j : alpha.values()) v.push_back(beta(j));  // beta(*) = *
  return FinMap::make(std::move(v), beta.n());
}

FinMap sum(FinMap const& alpha, FinMap const& beta) {
  std::vector<Point> v = alpha.values();
  for (Point j : beta.values()) v.push_back(j == star ? star : j + alpha.n());
  return *FinMap::make(std::move(v), alpha.n() + beta.n());
}

Result<FinMap> concat(FinMap const& alpha, FinMap const& beta) {
  if (alpha.n() != beta.n())
    return fail(ErrorKind::inadmissible, "cannot concatenate maps into <", alpha.n(), ">_* and <", beta.n(), ">_*");
  if (!disjoint_images(alpha, beta))
    return fail(ErrorKind::inadmissible, "cannot concatenate: the images of alpha and beta share a point other than *");
  std::vector<Point> v = alpha.values();
  v.insert(v.end(), beta.values().begin(), beta.values().end());
  return FinMap::make(std::move(v), alpha.n());
}

}  // namespace catlayout::categories
