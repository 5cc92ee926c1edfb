package io.assay.web.security;

import java.time.Duration;
import org.springframework.security.authentication.AuthenticationProvider;
import org.springframework.security.authentication.LockedException;
import org.springframework.security.authentication.UsernamePasswordAuthenticationToken;
import org.springframework.security.authentication.dao.DaoAuthenticationProvider;
import org.springframework.security.core.Authentication;
import org.springframework.security.core.AuthenticationException;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.core.userdetails.UsernameNotFoundException;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.web.authentication.WebAuthenticationDetails;

/**
 * Password sign-in (form and HTTP basic) with the bcrypt check done once per {@link
 * VerifiedCredentials} lifetime instead of per request, and failed attempts throttled per user and
 * per address ({@link FailedSignIns}). A cache miss goes through Spring's own provider, which also
 * spends the same bcrypt time on unknown users.
 */
final class CachingAuthenticationProvider implements AuthenticationProvider {
  private final UserDetailsService users;
  private final DaoAuthenticationProvider checked;
  private final VerifiedCredentials verified;
  private final FailedSignIns failures;

  CachingAuthenticationProvider(
      UserDetailsService users,
      PasswordEncoder encoder,
      VerifiedCredentials verified,
      FailedSignIns failures) {
    this.users = users;
    this.checked = new DaoAuthenticationProvider(users);
    this.checked.setPasswordEncoder(encoder);
    this.verified = verified;
    this.failures = failures;
  }

  @Override
  public Authentication authenticate(Authentication authentication) {
    String name = authentication.getName();
    String password = String.valueOf(authentication.getCredentials());
    String address = address(authentication);
    failures
        .blocked(name, address)
        .ifPresent(
            wait -> {
              throw new LockedException(
                  "Too many failed sign-ins; try again in " + Math.max(1, wait.toSeconds()) + " s");
            });
    UserDetails user = knownUser(name);
    if (user != null && usable(user) && verified.contains(name, user.getPassword(), password)) {
      UsernamePasswordAuthenticationToken result =
          UsernamePasswordAuthenticationToken.authenticated(user, null, user.getAuthorities());
      result.setDetails(authentication.getDetails());
      return result;
    }
    try {
      Authentication result = checked.authenticate(authentication);
      failures.succeeded(name);
      if (user != null) {
        verified.remember(name, user.getPassword(), password);
      }
      return result;
    } catch (AuthenticationException e) {
      failures.failed(name, address);
      verified.forget(name);
      throw e;
    }
  }

  @Override
  public boolean supports(Class<?> authentication) {
    return UsernamePasswordAuthenticationToken.class.isAssignableFrom(authentication);
  }

  private UserDetails knownUser(String name) {
    try {
      return users.loadUserByUsername(name);
    } catch (UsernameNotFoundException e) {
      return null;
    }
  }

  private static boolean usable(UserDetails user) {
    return user.isEnabled()
        && user.isAccountNonLocked()
        && user.isAccountNonExpired()
        && user.isCredentialsNonExpired();
  }

  private static String address(Authentication authentication) {
    return authentication.getDetails() instanceof WebAuthenticationDetails web
            && web.getRemoteAddress() != null
        ? web.getRemoteAddress()
        : "unknown";
  }

  /**
   * Verified credentials kept for {@code verifiedTtl} (zero: bcrypt on every request); 10 failures
   * per user and 50 per address within 5 minutes lock that user or address until they age out.
   */
  static CachingAuthenticationProvider standard(
      UserDetailsService users, PasswordEncoder encoder, Duration verifiedTtl) {
    return new CachingAuthenticationProvider(
        users,
        encoder,
        new VerifiedCredentials(verifiedTtl, System::nanoTime),
        new FailedSignIns(10, 50, Duration.ofMinutes(5), System::nanoTime));
  }
}
