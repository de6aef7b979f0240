#include "app/user_data.h"

#include <cstdlib>
#include <stdexcept>
#include <system_error>

namespace wg::app {

std::filesystem::path user_data_dir() {
  const char* xdg = std::getenv("XDG_DATA_HOME");
  if (xdg != nullptr && std::filesystem::path(xdg).is_absolute()) {
    return std::filesystem::path(xdg) / "wordgames";
  }
  const char* home = std::getenv("HOME");
  if (home != nullptr && std::filesystem::path(home).is_absolute()) {
    return std::filesystem::path(home) / ".local" / "share" / "wordgames";
  }
  throw std::runtime_error("cannot find a data directory: set XDG_DATA_HOME or HOME");
}

std::filesystem::path ensure_user_data_dir() {
  const std::filesystem::path dir = user_data_dir();
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (error) throw std::runtime_error(dir.string() + ": cannot create: " + error.message());
  return dir;
}

}  // namespace wg::app
