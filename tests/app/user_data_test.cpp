#include "app/user_data.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <optional>
#include <string>

#include "support/temp_dir.h"

namespace wg::app {
namespace {

// Sets an environment variable for the life of the object, then restores it.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = std::getenv(name)) old_ = old;
    if (value) {
      ::setenv(name, value, 1);
    } else {
      ::unsetenv(name);
    }
  }
  ~ScopedEnv() {
    if (old_) {
      ::setenv(name_, old_->c_str(), 1);
    } else {
      ::unsetenv(name_);
    }
  }

 private:
  const char* name_;
  std::optional<std::string> old_;
};

TEST(UserData, FollowsXdgDataHome) {
  ScopedEnv xdg("XDG_DATA_HOME", "/srv/data");
  EXPECT_EQ(user_data_dir(), std::filesystem::path("/srv/data/wordgames"));
}

TEST(UserData, FallsBackToHomeWhenXdgIsUnsetOrRelative) {
  ScopedEnv home("HOME", "/home/ann");
  {
    ScopedEnv xdg("XDG_DATA_HOME", nullptr);
    EXPECT_EQ(user_data_dir(), std::filesystem::path("/home/ann/.local/share/wordgames"));
  }
  ScopedEnv xdg("XDG_DATA_HOME", "relative/dir");
  EXPECT_EQ(user_data_dir(), std::filesystem::path("/home/ann/.local/share/wordgames"));
}

TEST(UserData, NoHomeAtAllIsAnError) {
  ScopedEnv xdg("XDG_DATA_HOME", nullptr);
  ScopedEnv home("HOME", nullptr);
  EXPECT_THROW(user_data_dir(), std::runtime_error);
}

TEST(UserData, EnsureCreatesTheDirectory) {
  test::TempDir dir;
  ScopedEnv xdg("XDG_DATA_HOME", dir.path().c_str());
  const auto made = ensure_user_data_dir();
  EXPECT_TRUE(std::filesystem::is_directory(made));
  EXPECT_EQ(made, dir.path() / "wordgames");
}

}  // namespace
}  // namespace wg::app
