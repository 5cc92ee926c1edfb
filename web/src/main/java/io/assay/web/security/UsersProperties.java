package io.assay.web.security;

import java.util.List;
import org.springframework.boot.context.properties.ConfigurationProperties;

/**
 * Embedded users ({@code assay.security.users[i].name/password/role}). When none is configured, an
 * analyst "analyst" and an operator "operator" are created with a generated password that is
 * printed once at first start.
 */
@ConfigurationProperties("assay.security")
public record UsersProperties(List<User> users) {
  public UsersProperties {
    users = users == null ? List.of() : List.copyOf(users);
  }

  /**
   * @param password plain text, or already encoded with an id prefix such as {@code {bcrypt}...}
   * @param role ANALYST or OPERATOR (blank means ANALYST)
   */
  public record User(String name, String password, String role) {}
}
