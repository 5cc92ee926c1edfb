package io.assay.web.security;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.function.Consumer;
import org.springframework.security.crypto.password.PasswordEncoder;

/**
 * The password of the default users when none is configured. It is generated at first start and
 * shown once; only its hash is kept (in {@code <home>/default-users.password}, owner-readable), so
 * a later start reuses it without being able to print it again. Delete the file to get a new one.
 */
final class DefaultPassword {
  static final String FILE_NAME = "default-users.password";

  private DefaultPassword() {}

  /**
   * The encoded password, read from {@code home} or generated there; {@code announce} receives the
   * plain text exactly once, when it is generated.
   */
  static String encoded(Path home, PasswordEncoder encoder, Consumer<String> announce) {
    Path file = home.resolve(FILE_NAME);
    try {
      if (Files.exists(file)) {
        String stored = Files.readString(file).strip();
        if (!stored.isEmpty()) {
          return stored;
        }
      }
      String password = generate();
      String hash = encoder.encode(password);
      Files.createDirectories(home);
      Files.writeString(file, hash + "\n");
      try {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
      } catch (UnsupportedOperationException e) {
        // Not a POSIX file system: the file keeps the default permissions; it holds a hash only.
      }
      announce.accept(password);
      return hash;
    } catch (IOException e) {
      throw new UncheckedIOException(
          "cannot read or create the default users' password file " + file, e);
    }
  }

  /** 16 random bytes, URL-safe Base64: easy to paste, 128 bits of entropy. */
  static String generate() {
    byte[] bytes = new byte[16];
    new SecureRandom().nextBytes(bytes);
    return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
  }
}
