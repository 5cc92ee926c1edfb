package io.assay.web.security;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.security.crypto.factory.PasswordEncoderFactories;
import org.springframework.security.crypto.password.PasswordEncoder;

class DefaultPasswordTest {
  private final PasswordEncoder encoder =
      PasswordEncoderFactories.createDelegatingPasswordEncoder();

  @Test
  void generatedOnceShownOnceAndOnlyItsHashIsKept(@TempDir Path home) throws Exception {
    List<String> shown = new ArrayList<>();

    String first = DefaultPassword.encoded(home, encoder, shown::add);
    String second = DefaultPassword.encoded(home, encoder, shown::add);

    assertThat(shown).hasSize(1);
    String password = shown.get(0);
    assertThat(password).hasSizeGreaterThanOrEqualTo(20);
    assertThat(second).isEqualTo(first);
    assertThat(encoder.matches(password, first)).isTrue();
    Path file = home.resolve(DefaultPassword.FILE_NAME);
    assertThat(Files.readString(file)).doesNotContain(password).startsWith("{bcrypt}");
    assertThat(Files.getPosixFilePermissions(file))
        .containsExactlyInAnyOrder(PosixFilePermission.OWNER_READ, PosixFilePermission.OWNER_WRITE);
  }

  @Test
  void generatedPasswordsDiffer() {
    assertThat(DefaultPassword.generate()).isNotEqualTo(DefaultPassword.generate());
  }
}
