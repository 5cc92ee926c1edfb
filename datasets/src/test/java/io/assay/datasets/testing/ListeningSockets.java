package io.assay.datasets.testing;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The TCP addresses that processes listen on, read from Linux's /proc (each process's socket inodes
 * matched against /proc/net/tcp and tcp6), so a test can assert what a server really bound rather
 * than what its configuration says.
 */
public final class ListeningSockets {
  private static final String LISTEN = "0A";

  private ListeningSockets() {}

  /** A listening socket: its address ("127.0.0.1", "0.0.0.0", "::1", "::") and port. */
  public record Listener(String address, int port) {
    public boolean loopback() {
      return address.equals("127.0.0.1") || address.equals("::1");
    }

    @Override
    public String toString() {
      return address + ":" + port;
    }
  }

  /** Listeners of {@code root} and every process it started. */
  public static List<Listener> ofTree(ProcessHandle root) {
    Set<String> inodes = new HashSet<>();
    List<ProcessHandle> tree = new ArrayList<>(root.descendants().toList());
    tree.add(root);
    for (ProcessHandle p : tree) {
      inodes.addAll(socketInodes(p.pid()));
    }
    List<Listener> found = new ArrayList<>();
    found.addAll(read(Path.of("/proc/net/tcp"), inodes));
    found.addAll(read(Path.of("/proc/net/tcp6"), inodes));
    return found;
  }

  private static Set<String> socketInodes(long pid) {
    Set<String> inodes = new HashSet<>();
    try (Stream<Path> fds = Files.list(Path.of("/proc", Long.toString(pid), "fd"))) {
      for (Path fd : fds.toList()) {
        try {
          String target = Files.readSymbolicLink(fd).toString();
          if (target.startsWith("socket:[")) {
            inodes.add(target.substring(8, target.length() - 1));
          }
        } catch (IOException closedMeanwhile) {
          // the descriptor went away while listing
        }
      }
    } catch (IOException gone) {
      // the process exited
    }
    return inodes;
  }

  private static List<Listener> read(Path table, Set<String> inodes) {
    List<Listener> found = new ArrayList<>();
    List<String> lines;
    try {
      lines = Files.readAllLines(table);
    } catch (IOException e) {
      return found; // no IPv6 on this machine
    }
    for (String line : lines.subList(1, lines.size())) {
      String[] f = line.trim().split("\\s+");
      if (f.length < 10 || !f[3].equals(LISTEN) || !inodes.contains(f[9])) {
        continue;
      }
      String[] local = f[1].split(":");
      found.add(new Listener(address(local[0]), Integer.parseInt(local[1], 16)));
    }
    return found;
  }

  /** /proc prints each 32-bit word of the address in host (little-endian) order. */
  static String address(String hex) {
    byte[] bytes = new byte[hex.length() / 2];
    for (int word = 0; word < bytes.length / 4; word++) {
      for (int b = 0; b < 4; b++) {
        int at = (word * 4 + b) * 2;
        bytes[word * 4 + 3 - b] = (byte) Integer.parseInt(hex.substring(at, at + 2), 16);
      }
    }
    if (bytes.length == 16 && isV4Mapped(bytes)) {
      return (bytes[12] & 0xff)
          + "."
          + (bytes[13] & 0xff)
          + "."
          + (bytes[14] & 0xff)
          + "."
          + (bytes[15] & 0xff);
    }
    try {
      String text = java.net.InetAddress.getByAddress(bytes).getHostAddress();
      return switch (text) {
        case "0:0:0:0:0:0:0:1" -> "::1";
        case "0:0:0:0:0:0:0:0" -> "::";
        default -> text;
      };
    } catch (java.net.UnknownHostException e) {
      throw new IllegalStateException(e);
    }
  }

  private static boolean isV4Mapped(byte[] b) {
    for (int i = 0; i < 10; i++) {
      if (b[i] != 0) {
        return false;
      }
    }
    return (b[10] & 0xff) == 0xff && (b[11] & 0xff) == 0xff;
  }
}
