#pragma once
// Subcommands of the catlayout CLI for chapter 4. Each takes the arguments after the subcommand
// name, writes to out/err, and returns the exit status: 0 ok, 1 a negative answer of the algebra
// (not_refinable, not representable, inadmissible), 2 usage or input error.
#include <ostream>
#include <string>
#include <vector>

namespace catlayout {

int refine_main(std::vector<std::string> const& args, std::ostream& out, std::ostream& err);         // refine T U
int census_main(std::vector<std::string> const& args, std::ostream& out, std::ostream& err);         // census A [--rows]
int representable_main(std::vector<std::string> const& args, std::ostream& out, std::ostream& err);  // representable [0,1,4,5]
int explain_main(std::vector<std::string> const& args, std::ostream& out, std::ostream& err);        // explain A B

}  // namespace catlayout
