package io.assay.web.security;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;
import org.springframework.mock.web.MockHttpServletRequest;
import org.springframework.security.authentication.BadCredentialsException;
import org.springframework.security.authentication.LockedException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.crypto.bcrypt.BCryptPasswordEncoder;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.authentication.WebAuthenticationDetails;

class CachingAuthenticationProviderTest {
  private final AtomicLong now = new AtomicLong(1_000);
  private final AtomicInteger checks = new AtomicInteger();
  private final BCryptPasswordEncoder bcrypt = new BCryptPasswordEncoder(4);
  private final PasswordEncoder counting =
      new PasswordEncoder() {
        @Override
        public String encode(CharSequence raw) {
          return bcrypt.encode(raw);
        }

        @Override
        public boolean matches(CharSequence raw, String encoded) {
          checks.incrementAndGet();
          return bcrypt.matches(raw, encoded);
        }
      };
  private final InMemoryUserDetailsManager users =
      new InMemoryUserDetailsManager(
          User.withUsername("ann").password(bcrypt.encode("right-1")).roles("ANALYST").build(),
          User.withUsername("ben").password(bcrypt.encode("right-2")).roles("ANALYST").build());
  private final CachingAuthenticationProvider provider =
      new CachingAuthenticationProvider(
          users,
          counting,
          new VerifiedCredentials(Duration.ofSeconds(60), now::get),
          new FailedSignIns(3, 5, Duration.ofMinutes(5), now::get));

  private static Authentication attempt(String user, String password, String address) {
    UsernamePasswordAuthenticationToken token =
        UsernamePasswordAuthenticationToken.unauthenticated(user, password);
    MockHttpServletRequest request = new MockHttpServletRequest();
    request.setRemoteAddr(address);
    token.setDetails(new WebAuthenticationDetails(request));
    return token;
  }

  @Test
  void aRepeatedCorrectPasswordIsCheckedOncePerLifetime() {
    for (int i = 0; i < 5; i++) {
      Authentication ok = provider.authenticate(attempt("ann", "right-1", "10.0.0.1"));
      assertThat(ok.isAuthenticated()).isTrue();
      assertThat(ok.getAuthorities()).extracting(Object::toString).contains("ROLE_ANALYST");
    }
    assertThat(checks).hasValue(1);

    now.addAndGet(Duration.ofSeconds(61).toNanos());
    provider.authenticate(attempt("ann", "right-1", "10.0.0.1"));
    assertThat(checks).hasValue(2);
  }

  @Test
  void aWrongPasswordIsNeverAcceptedFromTheCache() {
    provider.authenticate(attempt("ann", "right-1", "10.0.0.1"));
    assertThatThrownBy(() -> provider.authenticate(attempt("ann", "right-1x", "10.0.0.1")))
        .isInstanceOf(BadCredentialsException.class);
    assertThatThrownBy(() -> provider.authenticate(attempt("ann", "right-2", "10.0.0.1")))
        .isInstanceOf(BadCredentialsException.class);
    // Another user's verified password is no key to this one.
    provider.authenticate(attempt("ben", "right-2", "10.0.0.1"));
    assertThatThrownBy(() -> provider.authenticate(attempt("ann", "right-2", "10.0.0.1")))
        .isInstanceOf(BadCredentialsException.class);
  }

  @Test
  void failuresForOneUserLockThatUserFromEveryAddressUntilTheWindowPasses() {
    for (int i = 0; i < 3; i++) {
      String address = "10.0.0." + i;
      assertThatThrownBy(() -> provider.authenticate(attempt("ann", "guess", address)))
          .isInstanceOf(BadCredentialsException.class);
    }
    int before = checks.get();
    assertThatThrownBy(() -> provider.authenticate(attempt("ann", "right-1", "10.9.9.9")))
        .isInstanceOf(LockedException.class)
        .hasMessageContaining("try again in");
    assertThat(checks).as("a locked attempt spends no bcrypt").hasValue(before);
    // Other users are not affected.
    assertThat(provider.authenticate(attempt("ben", "right-2", "10.9.9.9")).isAuthenticated())
        .isTrue();

    now.addAndGet(Duration.ofMinutes(5).toNanos());
    assertThat(provider.authenticate(attempt("ann", "right-1", "10.9.9.9")).isAuthenticated())
        .isTrue();
  }

  @Test
  void failuresFromOneAddressAcrossUsersLockThatAddress() {
    String[] names = {"u1", "u2", "u3", "u4", "u5"};
    for (String name : names) {
      assertThatThrownBy(() -> provider.authenticate(attempt(name, "guess", "10.6.6.6")))
          .isInstanceOf(BadCredentialsException.class);
    }
    assertThatThrownBy(() -> provider.authenticate(attempt("ben", "right-2", "10.6.6.6")))
        .isInstanceOf(LockedException.class);
    assertThat(provider.authenticate(attempt("ben", "right-2", "10.7.7.7")).isAuthenticated())
        .isTrue();
  }
}
