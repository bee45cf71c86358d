#pragma once
// The chapter-4 commands (chapter4.cpp): arguments after the command name in, exit status out.
#include <ostream>
#include <string>
#include <vector>

namespace catlayout::cli {

int refine_main(std::vector<std::string> const& args, std::ostream& out, std::ostream& err);         // refine T U
int census_main(std::vector<std::string> const& args, std::ostream& out, std::ostream& err);         // census A [--rows]
int representable_main(std::vector<std::string> const& args, std::ostream& out, std::ostream& err);  // representable [0,1,4,5]
int explain_main(std::vector<std::string> const& args, std::ostream& out, std::ostream& err);        // explain A B

}  // namespace catlayout::cli
