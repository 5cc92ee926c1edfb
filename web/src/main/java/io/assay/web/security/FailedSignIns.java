package io.assay.web.security;

import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * Throttles password guessing: after too many failed sign-ins for one user name, or from one
 * address, within a window, further attempts for it are refused without checking the password until
 * the oldest failure leaves the window. Per user stops guessing one account from many addresses;
 * per address stops one client trying many accounts.
 */
final class FailedSignIns {
  private static final int MAX_TRACKED = 50_000;

  private final int perUser;
  private final int perAddress;
  private final long windowNanos;
  private final LongSupplier clock;
  private final ConcurrentHashMap<String, Deque<Long>> failures = new ConcurrentHashMap<>();

  FailedSignIns(int perUser, int perAddress, Duration window, LongSupplier nanoClock) {
    this.perUser = perUser;
    this.perAddress = perAddress;
    this.windowNanos = window.toNanos();
    this.clock = nanoClock;
  }

  /** How long the caller must wait, when the user or the address is over its limit. */
  Optional<Duration> blocked(String username, String address) {
    long wait =
        Math.max(
            waitNanos("user:" + username, perUser), waitNanos("address:" + address, perAddress));
    return wait > 0 ? Optional.of(Duration.ofNanos(wait)) : Optional.empty();
  }

  void failed(String username, String address) {
    if (failures.size() >= MAX_TRACKED) {
      failures.clear();
    }
    long now = clock.getAsLong();
    for (String key : new String[] {"user:" + username, "address:" + address}) {
      Deque<Long> times = failures.computeIfAbsent(key, k -> new ArrayDeque<>());
      synchronized (times) {
        times.addLast(now);
        trim(times, now);
      }
    }
  }

  /** A correct password clears the user's count; the address keeps its own. */
  void succeeded(String username) {
    failures.remove("user:" + username);
  }

  private long waitNanos(String key, int limit) {
    Deque<Long> times = failures.get(key);
    if (times == null) {
      return 0;
    }
    synchronized (times) {
      long now = clock.getAsLong();
      trim(times, now);
      if (times.size() < limit) {
        return 0;
      }
      return times.peekFirst() + windowNanos - now;
    }
  }

  private void trim(Deque<Long> times, long now) {
    while (!times.isEmpty() && now - times.peekFirst() >= windowNanos) {
      times.removeFirst();
    }
    // Only the newest `limit` failures matter; keep the deque small under a flood.
    while (times.size() > Math.max(perUser, perAddress)) {
      times.removeFirst();
    }
  }
}
