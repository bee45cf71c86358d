#pragma once
// Which answer an operation built on complement gives outside the categorical paper's
// fragment, where no complement exists (Prop. 2.1.6.21: sorted filter(A) has s_i d_i | d_{i+1}).
namespace catlayout {

enum class Convention {
  cute,         // CuTe's answer: complement folds the sorted strides with floor division
  categorical,  // refuse (not_complementable / inadmissible) where the paper has no complement
};

}  // namespace catlayout
