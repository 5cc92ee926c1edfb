package io.assay.datasets.warehouse;

import java.time.Duration;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * The read-only role analysis queries run as.
 *
 * @param role role name, a plain lower-case identifier
 * @param password its password (checked by servers that authenticate by password; the embedded
 *     server trusts local connections)
 * @param statementTimeout longest a statement of this role may run
 */
public record ReaderSettings(String role, String password, Duration statementTimeout) {

  public static final String DEFAULT_ROLE = "assay_reader";
  public static final Duration DEFAULT_STATEMENT_TIMEOUT = Duration.ofSeconds(30);
  private static final Pattern IDENTIFIER = Pattern.compile("[a-z_][a-z0-9_]{0,62}");

  public ReaderSettings {
    Objects.requireNonNull(role, "role");
    Objects.requireNonNull(password, "password");
    Objects.requireNonNull(statementTimeout, "statementTimeout");
    // Role names and passwords are spliced into DDL, which takes no bind parameters.
    if (!IDENTIFIER.matcher(role).matches()) {
      throw new IllegalArgumentException(
          "reader role must be a lower-case identifier, was '" + role + "'");
    }
    if (password.isEmpty() || password.indexOf('\0') >= 0) {
      throw new IllegalArgumentException("reader password must be non-empty text");
    }
    if (statementTimeout.isNegative() || statementTimeout.isZero()) {
      throw new IllegalArgumentException("statement timeout must be positive");
    }
  }

  /** Role {@value #DEFAULT_ROLE} with a 30 s statement timeout. */
  public static ReaderSettings withPassword(String password) {
    return new ReaderSettings(DEFAULT_ROLE, password, DEFAULT_STATEMENT_TIMEOUT);
  }
}
