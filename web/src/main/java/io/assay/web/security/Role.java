package io.assay.web.security;

import java.util.Arrays;
import java.util.Locale;
import java.util.stream.Collectors;

/**
 * What a person may do. An analyst submits, sees and steers their own jobs; an operator sees and
 * steers every job and reads workflow histories. Operators are analysts too, so they can submit.
 */
public enum Role {
  ANALYST,
  OPERATOR;

  /** Spring Security role names (without the ROLE_ prefix) this role grants. */
  String[] granted() {
    return this == OPERATOR ? new String[] {"OPERATOR", "ANALYST"} : new String[] {"ANALYST"};
  }

  /** Reads a configured role; blank means ANALYST, anything unknown is a configuration error. */
  static Role parse(String text, String user) {
    if (text == null || text.isBlank()) {
      return ANALYST;
    }
    try {
      return valueOf(text.strip().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      throw new IllegalStateException(
          "assay.security.users: user '"
              + user
              + "' has role '"
              + text
              + "'; the roles are "
              + Arrays.stream(values()).map(Enum::name).collect(Collectors.joining(", ")));
    }
  }
}
