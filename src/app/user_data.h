#pragma once
/// Where wordgames keeps a user's data (saved dictionaries, game history):
/// $XDG_DATA_HOME/wordgames, or ~/.local/share/wordgames when XDG_DATA_HOME is unset or not
/// absolute (as the XDG Base Directory specification says).

#include <filesystem>

namespace wg::app {

/// The directory, not created. Throws std::runtime_error when neither XDG_DATA_HOME nor HOME
/// gives an absolute path.
std::filesystem::path user_data_dir();

/// The directory, created (with its parents) if missing. Throws std::runtime_error naming the
/// path when it cannot be created.
std::filesystem::path ensure_user_data_dir();

}  // namespace wg::app
