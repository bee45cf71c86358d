// The gpu room writes its probe reports and fragment vectors itself (gpu sits below the wire); the
// layouts in them must be the wire's form of a layout (docs/vector-format.md), read back as the
// same layout.
#include <gtest/gtest.h>

#include "catlayout/gpu/catalogue.hpp"
#include "catlayout/gpu/report.hpp"
#include "catlayout/wire/layout_json.hpp"

using namespace catlayout;
using namespace catlayout::wire;

TEST(GpuForms, FragmentLayoutsAreTheWiresLayoutForm) {
  int checked = 0;
  for (auto const& inst : gpu::catalogue())
    for (auto const& f : inst.fragments) {
      Json j = gpu::fragment_json(f)["tv_layout"];
      ASSERT_EQ(j, to_json(f.tv)) << inst.name;
      auto back = layout_from_json(j, "$");
      ASSERT_TRUE(back) << back.error().what();
      ASSERT_EQ(*back, f.tv) << inst.name;
      ++checked;
    }
  EXPECT_GT(checked, 100);
}
