package io.assay.web.security;

import io.assay.web.config.AssayProperties;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.security.config.Customizer;
import org.springframework.security.config.annotation.web.builders.HttpSecurity;
import org.springframework.security.core.userdetails.User;
import org.springframework.security.core.userdetails.UserDetails;
import org.springframework.security.core.userdetails.UserDetailsService;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;
import org.springframework.security.provisioning.InMemoryUserDetailsManager;
import org.springframework.security.web.SecurityFilterChain;
import org.springframework.security.web.util.matcher.AntPathRequestMatcher;

/**
 * Form login for people, HTTP basic for the API. CSRF protects the forms; API calls that carry
 * basic credentials are exempt because a browser never sends those on its own.
 */
@Configuration(proxyBeanMethods = false)
@EnableConfigurationProperties(UsersProperties.class)
public class SecurityConfig {
  private static final Logger log = LoggerFactory.getLogger(SecurityConfig.class);

  @Bean
  public SecurityFilterChain filterChain(HttpSecurity http) throws Exception {
    http.authorizeHttpRequests(
            auth ->
                auth.requestMatchers("/actuator/health/**", "/actuator/health", "/login", "/css/**", "/error")
                    .permitAll()
                    .requestMatchers("/actuator/**")
                    .hasRole("OPERATOR")
                    .anyRequest()
                    .authenticated())
        .formLogin(form -> form.loginPage("/login").permitAll())
        .httpBasic(Customizer.withDefaults())
        .csrf(
            csrf ->
                csrf.ignoringRequestMatchers(
                    request ->
                        new AntPathRequestMatcher("/api/**").matches(request)
                            && request.getHeader("Authorization") != null))
        .logout(Customizer.withDefaults());
    return http.build();
  }

  @Bean
  public PasswordEncoder passwordEncoder() {
    return PasswordEncoderFactories.createDelegatingPasswordEncoder();
  }

  @Bean
  public UserDetailsService users(
      UsersProperties props, AssayProperties assay, PasswordEncoder encoder) throws IOException {
    List<UserDetails> users = new ArrayList<>();
    if (props.users().isEmpty()) {
      String password = generatedPassword(assay.home());
      users.add(User.withUsername("analyst").password(encoder.encode(password)).roles("ANALYST").build());
      users.add(User.withUsername("operator").password(encoder.encode(password)).roles("OPERATOR", "ANALYST").build());
    } else {
      for (UsersProperties.User u : props.users()) {
        String role = u.role() == null ? "ANALYST" : u.role().toUpperCase();
        String[] roles = role.equals("OPERATOR") ? new String[] {"OPERATOR", "ANALYST"} : new String[] {"ANALYST"};
        users.add(User.withUsername(u.name()).password(encoder.encode(u.password())).roles(roles).build());
      }
    }
    return new InMemoryUserDetailsManager(users);
  }

  /**
   * The default users' password: generated once, kept in {@code <home>/generated-password}
   * (owner-readable only), and printed only when it is first created.
   */
  private static String generatedPassword(Path home) throws IOException {
    Path file = home.resolve("generated-password");
    if (Files.exists(file)) {
      return Files.readString(file).strip();
    }
    byte[] bytes = new byte[12];
    new SecureRandom().nextBytes(bytes);
    String password = Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    Files.createDirectories(home);
    Files.writeString(file, password + "\n");
    try {
      Files.setPosixFilePermissions(file, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
    } catch (UnsupportedOperationException e) {
      // Not a POSIX file system; the file stays with the default permissions.
    }
    log.warn(
        "\n\n  Assay users 'analyst' and 'operator' were created with the generated password: {}\n"
            + "  (shown once; stored in {}; set assay.security.users to choose your own)\n",
        password,
        file);
    return password;
  }
}
