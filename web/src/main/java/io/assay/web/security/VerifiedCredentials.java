package io.assay.web.security;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Credentials that passed the password check recently, so that an API client sending HTTP basic on
 * every request pays for bcrypt once per {@code ttl}, not per request. Only a keyed hash is kept
 * (HMAC-SHA256 under a key drawn at start, never stored), compared in constant time; the stored
 * password hash is part of the input, so a changed password invalidates the entry.
 */
final class VerifiedCredentials {
  /** Bound on remembered users; past it the cache starts over (an attacker cannot grow it). */
  private static final int MAX_ENTRIES = 10_000;

  private record Entry(byte[] digest, long expiresAtNanos) {}

  private final ConcurrentHashMap<String, Entry> entries = new ConcurrentHashMap<>();
  private final SecretKeySpec key;
  private final long ttlNanos;
  private final LongSupplier clock;

  VerifiedCredentials(Duration ttl, LongSupplier nanoClock) {
    byte[] secret = new byte[32];
    new SecureRandom().nextBytes(secret);
    this.key = new SecretKeySpec(secret, "HmacSHA256");
    this.ttlNanos = ttl.toNanos();
    this.clock = nanoClock;
  }

  /** True when this exact password was verified for this user (and stored hash) within ttl. */
  boolean contains(String username, String storedHash, String password) {
    Entry entry = entries.get(username);
    if (entry == null) {
      return false;
    }
    if (clock.getAsLong() - entry.expiresAtNanos() >= 0) {
      entries.remove(username, entry);
      return false;
    }
    return MessageDigest.isEqual(entry.digest(), digest(username, storedHash, password));
  }

  void remember(String username, String storedHash, String password) {
    if (ttlNanos <= 0) {
      return;
    }
    if (entries.size() >= MAX_ENTRIES) {
      entries.clear();
    }
    entries.put(
        username, new Entry(digest(username, storedHash, password), clock.getAsLong() + ttlNanos));
  }

  void forget(String username) {
    entries.remove(username);
  }

  private byte[] digest(String username, String storedHash, String password) {
    try {
      Mac mac = Mac.getInstance("HmacSHA256");
      mac.init(key);
      // Lengths first, so that no two (user, hash, password) triples share an input.
      for (String part : new String[] {username, storedHash, password}) {
        byte[] bytes = part.getBytes(StandardCharsets.UTF_8);
        mac.update(java.nio.ByteBuffer.allocate(4).putInt(bytes.length).array());
        mac.update(bytes);
      }
      return mac.doFinal();
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is unavailable", e);
    }
  }
}
