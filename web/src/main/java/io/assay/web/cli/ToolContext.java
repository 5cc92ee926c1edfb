package io.assay.web.cli;

import io.assay.web.config.AssayProperties;
import io.assay.web.config.KnowledgeConfig;
import io.assay.web.database.DatabaseConfig;
import io.assay.web.database.DatasetConnections;
import io.assay.web.database.WarehouseBootstrap;
import java.util.function.Function;
import org.springframework.boot.Banner;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.autoconfigure.jackson.JacksonAutoConfiguration;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.Import;

/**
 * A small application context for commands that need the warehouse and recon but no web server and
 * no Temporal worker: the database (the running Assay's embedded PostgreSQL when one is up, else a
 * fresh embedded start), the warehouse bootstrap, recon and the {@link Tools}.
 */
final class ToolContext {
  private ToolContext() {}

  static int with(Function<Tools, Integer> command) {
    return withBeans(Beans.class, context -> command.apply(context.getBean(Tools.class)));
  }

  /** Runs {@code command} in a context of {@code configuration} alone (no web, no worker). */
  static int withBeans(
      Class<?> configuration, Function<ConfigurableApplicationContext, Integer> command) {
    return run(configuration, false, new String[0], command);
  }

  /** As {@link #withBeans}, with settings of the command line ({@code --assay.…=…}) added. */
  static int withBeans(
      Class<?> configuration,
      String[] settings,
      Function<ConfigurableApplicationContext, Integer> command) {
    return run(configuration, false, settings, command);
  }

  /**
   * As {@link #withBeans}, creating only the beans {@code command} asks for (and what they need):
   * for a command that needs the database but not the warehouse bootstrap.
   */
  static int withLazyBeans(
      Class<?> configuration, Function<ConfigurableApplicationContext, Integer> command) {
    return run(configuration, true, new String[0], command);
  }

  private static int run(
      Class<?> configuration,
      boolean lazy,
      String[] settings,
      Function<ConfigurableApplicationContext, Integer> command) {
    if (lazy) {
      // Spring's background pre-initialisation warms up what a web application uses (validation,
      // Jackson, charsets): CPU a command that only needs the database never gets back.
      System.setProperty("spring.backgroundpreinitializer.ignore", "true");
    }
    ConfigurableApplicationContext context;
    String[] args =
        java.util.stream.Stream.concat(
                java.util.stream.Stream.of(
                    "--logging.level.root=warn", "--logging.level.io.assay=warn"),
                java.util.stream.Stream.of(settings))
            .toArray(String[]::new);
    try {
      context =
          new SpringApplicationBuilder(configuration)
              .web(WebApplicationType.NONE)
              .bannerMode(Banner.Mode.OFF)
              .logStartupInfo(false)
              .lazyInitialization(lazy)
              .run(args);
    } catch (RuntimeException e) {
      throw new StartupFailure(StartupMessages.oneLine(e));
    }
    try (context) {
      return command.apply(context);
    }
  }

  @Configuration(proxyBeanMethods = false)
  @EnableConfigurationProperties(AssayProperties.class)
  @Import({
    DatabaseConfig.class,
    WarehouseBootstrap.class,
    DatasetConnections.class,
    KnowledgeConfig.class,
    JacksonAutoConfiguration.class,
    Tools.class
  })
  static class Beans {}
}
