package io.assay.delivery;

import java.net.Inet4Address;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;

/**
 * Which hosts webhook-style channels may reach. Every address a host name resolves to must be
 * public, or inside a range the operator allowed ({@code assay.delivery.allow}): loopback,
 * link-local (cloud metadata), private, carrier-grade NAT, unique-local, multicast and reserved
 * addresses are refused, and so are IPv6 forms that embed such an IPv4 address.
 *
 * <p>The check runs at submission and again right before every send, so a name that resolved to a
 * public address at submission and to an internal one later (DNS rebinding) is refused then. The
 * JVM caches a successful lookup (30 s by default), so the connection that follows the check uses
 * the addresses that were checked.
 */
public record EgressPolicy(List<AddressRange> allowed) {

  private static final List<AddressRange> INTERNAL =
      List.of(
          AddressRange.parse("0.0.0.0/8"),
          AddressRange.parse("10.0.0.0/8"),
          AddressRange.parse("100.64.0.0/10"),
          AddressRange.parse("127.0.0.0/8"),
          AddressRange.parse("169.254.0.0/16"),
          AddressRange.parse("172.16.0.0/12"),
          AddressRange.parse("192.0.0.0/24"),
          AddressRange.parse("192.168.0.0/16"),
          AddressRange.parse("198.18.0.0/15"),
          AddressRange.parse("224.0.0.0/4"),
          AddressRange.parse("240.0.0.0/4"),
          AddressRange.parse("::/128"),
          AddressRange.parse("::1/128"),
          AddressRange.parse("fc00::/7"),
          AddressRange.parse("fe80::/10"),
          AddressRange.parse("ff00::/8"));

  public EgressPolicy {
    allowed = List.copyOf(allowed);
  }

  /** The default: public addresses only. */
  public static EgressPolicy publicOnly() {
    return new EgressPolicy(List.of());
  }

  /** A policy allowing, besides public addresses, the listed ranges. */
  public static EgressPolicy allowing(List<String> ranges) {
    return new EgressPolicy(ranges.stream().map(AddressRange::parse).toList());
  }

  /**
   * Resolves the URL's host and checks every address.
   *
   * @throws EgressDeniedException when an address is internal and not allowed
   * @throws UnknownHostException when the name does not resolve (now)
   */
  public List<InetAddress> check(URI url) throws UnknownHostException {
    String host = url.getHost();
    if (host == null) {
      throw new EgressDeniedException("the URL names no host");
    }
    if (host.startsWith("[") && host.endsWith("]")) {
      host = host.substring(1, host.length() - 1);
    }
    List<InetAddress> addresses = Arrays.asList(InetAddress.getAllByName(host));
    for (InetAddress address : addresses) {
      if (internal(address) && allowed.stream().noneMatch(r -> r.contains(address))) {
        throw new EgressDeniedException(
            "host "
                + host
                + " resolves to "
                + address.getHostAddress()
                + ", an internal address; an operator may allow it with assay.delivery.allow");
      }
    }
    return addresses;
  }

  static boolean internal(InetAddress address) {
    if (INTERNAL.stream().anyMatch(r -> r.contains(address))) {
      return true;
    }
    if (address instanceof Inet6Address v6) {
      InetAddress embedded = embeddedIpv4(v6.getAddress());
      return embedded != null && internal(embedded);
    }
    return address.isAnyLocalAddress()
        || address.isLoopbackAddress()
        || address.isLinkLocalAddress()
        || address.isSiteLocalAddress()
        || address.isMulticastAddress();
  }

  /**
   * IPv4 carried inside IPv6: mapped/compatible (::/96), NAT64 (64:ff9b::/96), 6to4 (2002::/16).
   */
  private static InetAddress embeddedIpv4(byte[] a) {
    int offset = -1;
    if (a[0] == 0x20 && a[1] == 0x02) {
      offset = 2;
    } else if (a[0] == 0 && a[1] == 0x64 && (a[2] & 0xff) == 0xff && (a[3] & 0xff) == 0x9b) {
      offset = 12;
    } else if (Arrays.equals(Arrays.copyOf(a, 10), new byte[10])) {
      offset = 12;
    }
    if (offset < 0) {
      return null;
    }
    try {
      return Inet4Address.getByAddress(Arrays.copyOfRange(a, offset, offset + 4));
    } catch (UnknownHostException e) {
      return null;
    }
  }
}
