#include "server/hangman_routes.h"

#include <memory>
#include <utility>

#include "server/arcade_options.h"

namespace wg::server {

namespace {

class HangmanRoutes final : public GameRoutes {
 public:
  HangmanRoutes(const GameRoutesHost& host, DictionaryOptions options)
      : dictionaries_(host.lexicon, [&] {
          if (host.options.offline) options.fetch_open_library = false;
          return options;
        }()) {}

  bool owns(const HttpRequest& request, const std::vector<std::string_view>&) const override {
    return Dictionaries::owns(request.path);
  }

  HttpResponse route(const HttpRequest& request, const std::vector<std::string_view>&,
                     Respond& respond) override {
    dictionaries_.handle(request, std::exchange(respond, nullptr));  // may answer from its worker
    return {};
  }

  bool takes_upload(std::string_view path) const override {
    return Dictionaries::takes_upload(path);
  }

 private:
  Dictionaries dictionaries_;
};

}  // namespace

GameRoutesMaker hangman_routes(DictionaryOptions options) {
  return [options = std::move(options)](const GameRoutesHost& host) {
    return std::make_unique<HangmanRoutes>(host, options);
  };
}

}  // namespace wg::server
