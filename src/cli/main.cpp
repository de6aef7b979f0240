// wordgames: engine, arcade and AI for word games. The command line lives in src/cli
// (app.h); this file only hands it the process.

#include <iostream>

#include "cli/app.h"

int main(int argc, char** argv) {
  std::ios::sync_with_stdio(false);
  return wg::cli::run_main(argc, argv);
}
