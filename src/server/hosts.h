#pragma once
/// Which hosts the arcade answers for: the defence against DNS rebinding (docs/RELIABILITY.md,
/// "Who may see and act in a game"). A page on another site cannot name this server's address
/// in its own origin, but it can make its own name resolve to it: the browser then sends that
/// name as the Host, and the page's Origin matches it. So the Host itself is checked against
/// the names the server was started for, and an Origin must be one of those at the port the
/// server listens on.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace wg::server {

/// A Host header or an Origin's authority taken apart: the host as compared (lower case, an
/// IPv6 address in brackets: "[::1]") and the port, if it names one.
struct Authority {
  std::string host;
  std::optional<std::uint16_t> port;
};

/// `text` ("localhost:8080", "[::1]", "Example.ORG") taken apart; nullopt when it is not an
/// authority (an IPv6 address without brackets, a port that is not a number from 0 to 65535,
/// user information, an empty host).
std::optional<Authority> parse_authority(std::string_view text);

/// A host as the operator names it (`--host`, `--allow-host`: "Example.org", "192.168.1.5",
/// "fe80::1" or "[fe80::1]"), as compared; nullopt when it is not a host name or an address.
std::optional<std::string> host_name(std::string_view given);

/// True for the addresses that listen on every interface: "0.0.0.0", "::", "[::]", "0" and "".
bool every_interface(std::string_view address);

/// The hosts a server answers for.
class AllowedHosts {
 public:
  /// Always: the loopback names (localhost, any 127.x.y.z, [::1]). Also: each of `names` (a
  /// host name or an address, with or without brackets for IPv6; compared without case), and
  /// with `any_address` any address literal (an IPv4 address or a bracketed IPv6 one: a
  /// rebinding attack needs a name, and a browser sends an address only when its page is at
  /// that address).
  AllowedHosts(const std::vector<std::string>& names, bool any_address);

  /// True if the Host header `host` names an allowed host (any port, or none). A request
  /// without a Host header ("", which no browser sends) is allowed.
  bool allows_host(std::string_view host) const;

  /// True if `origin` (an Origin header, not empty) is a page of this server: "http://", an
  /// allowed host and the port the server listens on (`port`; 0 when it is not known, and the
  /// port the Host header `host` names is expected instead; 80 when none is named).
  bool allows_origin(std::string_view origin, std::string_view host, std::uint16_t port) const;

 private:
  bool allows(const Authority& authority) const;

  std::vector<std::string> names_;  ///< as compared: lower case, IPv6 in brackets
  bool any_address_ = false;
};

}  // namespace wg::server
