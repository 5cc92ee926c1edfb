package io.assay.web.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.yaml.snakeyaml.Yaml;

/**
 * Every setting docker-compose.yml gives the Assay services names a property application.yml
 * documents, by Spring's environment-variable mapping (ASSAY_DB_URL = assay.db.url): a renamed
 * property cannot leave the deployment file silently setting nothing.
 */
class ComposeSettingsTest {

  @Test
  void everyAssayEnvironmentVariableInComposeIsAPropertyOfApplicationYml() throws IOException {
    Set<String> documented = new HashSet<>();
    try (InputStream in = getClass().getResourceAsStream("/application.yml")) {
      flatten("", new Yaml().load(in), documented);
    }
    Map<String, Object> compose =
        new Yaml().load(Files.readString(Path.of("..", "docker-compose.yml")));
    @SuppressWarnings("unchecked")
    Map<String, Map<String, Object>> services =
        (Map<String, Map<String, Object>>) compose.get("services");
    Set<String> checked = new HashSet<>();
    for (String service : List.of("web", "worker")) {
      @SuppressWarnings("unchecked")
      Map<String, Object> env = (Map<String, Object>) services.get(service).get("environment");
      assertThat(env).as("environment of %s", service).isNotEmpty();
      for (String name : env.keySet()) {
        assertThat(documented)
            .as("%s (service %s) maps to a property in application.yml", name, service)
            .contains(name);
        checked.add(name);
      }
    }
    assertThat(checked).contains("ASSAY_DB_URL", "ASSAY_TEMPORAL_TARGET", "ASSAY_MODE");
  }

  /** Adds each leaf's environment-variable form: upper case, dots to '_', dashes dropped. */
  @SuppressWarnings("unchecked")
  private static void flatten(String prefix, Object node, Set<String> out) {
    if (node instanceof Map<?, ?> map) {
      for (Map.Entry<?, ?> e : map.entrySet()) {
        String key = prefix.isEmpty() ? e.getKey().toString() : prefix + "." + e.getKey();
        flatten(key, e.getValue(), out);
      }
      return;
    }
    out.add(prefix.toUpperCase(Locale.ROOT).replace('.', '_').replace("-", ""));
  }
}
