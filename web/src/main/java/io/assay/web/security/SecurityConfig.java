package io.assay.web.security;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.assay.web.config.AssayProperties;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.http.HttpServletRequest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.access.AccessDeniedHandlerImpl;
import org.springframework.security.web.servlet.util.matcher.PathPatternRequestMatcher;
import org.springframework.security.web.util.matcher.AnyRequestMatcher;
import org.springframework.security.web.util.matcher.RequestMatcher;

/**
 * Who may do what. People sign in with a form (session cookie, CSRF token on every form); API
 * clients send HTTP basic credentials and get RFC 7807 problem details for 401/403. CSRF is waived
 * only for API requests that carry HTTP basic credentials, which a browser never adds to a forged
 * cross-site request on its own.
 *
 * <p>Job ownership (an analyst sees only their own jobs) is checked per job by {@code JobAccess};
 * the rules here are the role-wide ones.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(UsersProperties.class)
public class SecurityConfig {
  private static final Logger log = LoggerFactory.getLogger(SecurityConfig.class);

  /** A password already encoded for the delegating encoder, e.g. {@code {bcrypt}$2a$...}. */
  private static final Pattern ENCODED = Pattern.compile("\\{[A-Za-z0-9-]+}.+");

  /** Scripts only from our own origin; the report (served separately) is sandboxed further. */
  static final String CONTENT_SECURITY_POLICY =
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self'"
          + " data:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors"
          + " 'self'";

  /**
   * A frozen report wherever it is served (page frame, download, API): no script, no same-origin
   * access, nothing loaded from anywhere; inline styles and data images.
   */
  public static final String REPORT_CONTENT_POLICY =
      "sandbox; default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'";

  @Bean
  public SecurityFilterChain filterChain(HttpSecurity http, ObjectMapper json) throws Exception {
    PathPatternRequestMatcher.Builder path = PathPatternRequestMatcher.withDefaults();
    RequestMatcher api = path.matcher("/api/**");
    // Only HTTP basic credentials waive CSRF: the basic filter then authenticates the request by
    // them or refuses it, whereas any other header (e.g. "Bearer junk") would leave the session
    // cookie in charge.
    RequestMatcher apiWithCredentials = request -> api.matches(request) && basic(request);
    ApiSecurityProblems problems = new ApiSecurityProblems(json);

    http.authorizeHttpRequests(
            auth ->
                // An async dispatch (a finished live stream) continues a request already allowed.
                auth.dispatcherTypeMatchers(DispatcherType.ASYNC)
                    .permitAll()
                    .requestMatchers(
                        "/login",
                        "/css/**",
                        "/js/**",
                        "/favicon.svg",
                        "/error",
                        "/actuator/health",
                        "/actuator/health/**")
                    .permitAll()
                    .requestMatchers(
                        "/actuator/**",
                        "/jobs/*/history",
                        "/jobs/*/history/**",
                        "/jobs/*/history.json",
                        "/jobs/*/terminate",
                        "/api/jobs/*/history",
                        "/api/jobs/*/history/**")
                    .hasRole("OPERATOR")
                    .anyRequest()
                    .hasRole("ANALYST"))
        .formLogin(form -> form.loginPage("/login").defaultSuccessUrl("/jobs", false).permitAll())
        .httpBasic(basic -> basic.authenticationEntryPoint(problems))
        .exceptionHandling(
            // With one mapping Spring Security would use it for every request: pages get the
            // servlet error (an HTML page for browsers), the API its problem details.
            ex ->
                ex.defaultAuthenticationEntryPointFor(problems, api)
                    .defaultAccessDeniedHandlerFor(problems, api)
                    .defaultAccessDeniedHandlerFor(
                        new AccessDeniedHandlerImpl(), AnyRequestMatcher.INSTANCE))
        .csrf(csrf -> csrf.ignoringRequestMatchers(apiWithCredentials))
        .logout(logout -> logout.logoutSuccessUrl("/login?logout").permitAll())
        .headers(
            headers ->
                headers
                    .frameOptions(frame -> frame.sameOrigin())
                    .contentSecurityPolicy(csp -> csp.policyDirectives(CONTENT_SECURITY_POLICY)));
    return http.build();
  }

  private static boolean basic(HttpServletRequest request) {
    String header = request.getHeader("Authorization");
    return header != null && header.regionMatches(true, 0, "Basic ", 0, 6);
  }

  @Bean
  public PasswordEncoder passwordEncoder() {
    return PasswordEncoderFactories.createDelegatingPasswordEncoder();
  }

  /** Sign-in without a bcrypt per request and with failed attempts throttled. */
  @Bean
  public org.springframework.security.authentication.AuthenticationProvider authentication(
      UserDetailsService users,
      PasswordEncoder encoder,
      @org.springframework.beans.factory.annotation.Value(
              "${assay.security.verified-credentials-ttl:60s}")
          java.time.Duration verifiedTtl) {
    return CachingAuthenticationProvider.standard(users, encoder, verifiedTtl);
  }

  @Bean
  public UserDetailsService users(
      UsersProperties props, AssayProperties assay, PasswordEncoder encoder) {
    return new InMemoryUserDetailsManager(userDetails(props, assay.home(), encoder));
  }

  /** The configured users, or the two default ones sharing a generated password. */
  static List<UserDetails> userDetails(UsersProperties props, Path home, PasswordEncoder encoder) {
    List<UserDetails> users = new ArrayList<>();
    if (props.users().isEmpty()) {
      String hash =
          DefaultPassword.encoded(
              home,
              encoder,
              password -> announce(password, home.resolve(DefaultPassword.FILE_NAME)));
      users.add(user("analyst", hash, Role.ANALYST));
      users.add(user("operator", hash, Role.OPERATOR));
      return users;
    }
    Set<String> names = new HashSet<>();
    for (UsersProperties.User u : props.users()) {
      if (u.name() == null || u.name().isBlank()) {
        throw new IllegalStateException("assay.security.users: every user needs a name");
      }
      if (!names.add(u.name())) {
        throw new IllegalStateException(
            "assay.security.users: user '" + u.name() + "' is configured twice");
      }
      if (u.password() == null || u.password().isBlank()) {
        throw new IllegalStateException(
            "assay.security.users: user '" + u.name() + "' needs a password");
      }
      String password =
          ENCODED.matcher(u.password()).matches() ? u.password() : encoder.encode(u.password());
      users.add(user(u.name(), password, Role.parse(u.role(), u.name())));
    }
    return users;
  }

  private static UserDetails user(String name, String encodedPassword, Role role) {
    return User.withUsername(name).password(encodedPassword).roles(role.granted()).build();
  }

  private static void announce(String password, Path file) {
    log.warn(
        "\n\n  Assay created the users 'analyst' (ANALYST) and 'operator' (OPERATOR) with the"
            + " generated password:\n\n      {}\n\n  It is shown only this once and stored only as"
            + " a hash in {}.\n  Configure assay.security.users[i].name/password/role to choose"
            + " your own users.\n",
        password,
        file);
  }
}
