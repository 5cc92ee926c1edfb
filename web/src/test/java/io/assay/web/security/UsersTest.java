package io.assay.web.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.security.core.GrantedAuthority;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;

class UsersTest {
  private final PasswordEncoder encoder =
      PasswordEncoderFactories.createDelegatingPasswordEncoder();

  @TempDir Path home;

  private static UsersProperties users(UsersProperties.User... users) {
    return new UsersProperties(List.of(users));
  }

  private static List<String> roles(UserDetails user) {
    return user.getAuthorities().stream().map(GrantedAuthority::getAuthority).sorted().toList();
  }

  @Test
  void configuredUsersGetTheirRolesAndOperatorsAreAnalystsToo() {
    List<UserDetails> details =
        SecurityConfig.userDetails(
            users(
                new UsersProperties.User("ann", "secret-1", "analyst"),
                new UsersProperties.User("otto", "secret-2", "OPERATOR"),
                new UsersProperties.User("nora", "secret-3", null)),
            home,
            encoder);

    assertThat(details).extracting(UserDetails::getUsername).containsExactly("ann", "otto", "nora");
    assertThat(roles(details.get(0))).containsExactly("ROLE_ANALYST");
    assertThat(roles(details.get(1))).containsExactly("ROLE_ANALYST", "ROLE_OPERATOR");
    assertThat(roles(details.get(2))).containsExactly("ROLE_ANALYST");
    assertThat(encoder.matches("secret-1", details.get(0).getPassword())).isTrue();
    assertThat(details.get(0).getPassword()).doesNotContain("secret-1");
  }

  @Test
  void anAlreadyEncodedPasswordIsKeptAsIs() {
    String hash = encoder.encode("pw");
    List<UserDetails> details =
        SecurityConfig.userDetails(
            users(new UsersProperties.User("ann", hash, "ANALYST")), home, encoder);
    assertThat(details.get(0).getPassword()).isEqualTo(hash);
  }

  @Test
  void noConfiguredUsersMeansTheTwoDefaultUsersWithAGeneratedPassword() {
    List<UserDetails> details = SecurityConfig.userDetails(users(), home, encoder);

    assertThat(details).extracting(UserDetails::getUsername).containsExactly("analyst", "operator");
    assertThat(roles(details.get(1))).contains("ROLE_OPERATOR");
    assertThat(home.resolve(DefaultPassword.FILE_NAME)).exists();
  }

  @Test
  void badConfigurationSaysWhatIsWrong() {
    assertThatThrownBy(
            () ->
                SecurityConfig.userDetails(
                    users(new UsersProperties.User("ann", "pw", "boss")), home, encoder))
        .hasMessageContaining("user 'ann' has role 'boss'")
        .hasMessageContaining("ANALYST, OPERATOR");
    assertThatThrownBy(
            () ->
                SecurityConfig.userDetails(
                    users(
                        new UsersProperties.User("ann", "pw", null),
                        new UsersProperties.User("ann", "pw2", null)),
                    home,
                    encoder))
        .hasMessageContaining("'ann' is configured twice");
    assertThatThrownBy(
            () ->
                SecurityConfig.userDetails(
                    users(new UsersProperties.User("ann", " ", null)), home, encoder))
        .hasMessageContaining("'ann' needs a password");
  }
}
