package io.assay.delivery;

import java.net.InetAddress;
import java.net.UnknownHostException;

/**
 * An IP network in CIDR form ({@code 10.0.0.0/8}, {@code ::1/128}) or a single address, as an
 * operator lists it in {@code assay.delivery.allow}.
 */
public record AddressRange(byte[] network, int prefix) {

  public static AddressRange parse(String text) {
    String s = text == null ? "" : text.strip();
    int slash = s.indexOf('/');
    String host = slash < 0 ? s : s.substring(0, slash);
    // Only literal addresses: a host name here would be resolved at start-up, once.
    if (host.isEmpty() || !host.matches("[0-9A-Fa-f:.]+")) {
      throw new IllegalArgumentException(
          "assay.delivery.allow: '" + text + "' is not an IP address or CIDR range");
    }
    byte[] address;
    try {
      address = InetAddress.getByName(host).getAddress();
    } catch (UnknownHostException e) {
      throw new IllegalArgumentException(
          "assay.delivery.allow: '" + text + "' is not an IP address or CIDR range");
    }
    int bits = address.length * 8;
    int prefix;
    try {
      prefix = slash < 0 ? bits : Integer.parseInt(s.substring(slash + 1));
    } catch (NumberFormatException e) {
      prefix = -1;
    }
    if (prefix < 0 || prefix > bits) {
      throw new IllegalArgumentException(
          "assay.delivery.allow: '" + text + "' needs a prefix length 0.." + bits);
    }
    return new AddressRange(address, prefix);
  }

  public boolean contains(InetAddress address) {
    byte[] a = address.getAddress();
    if (a.length != network.length) {
      return false;
    }
    int full = prefix / 8;
    for (int i = 0; i < full; i++) {
      if (a[i] != network[i]) {
        return false;
      }
    }
    int rest = prefix % 8;
    if (rest == 0) {
      return true;
    }
    int mask = (0xff << (8 - rest)) & 0xff;
    return (a[full] & mask) == (network[full] & mask);
  }
}
