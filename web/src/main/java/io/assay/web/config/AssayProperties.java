package io.assay.web.config;

import java.nio.file.Path;
import java.time.Duration;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.boot.context.properties.bind.DefaultValue;

/**
 * Every knob of Assay, documented in application.yml and README. Each part is replaceable: an
 * external PostgreSQL ({@code assay.db.url}), an external Temporal service ({@code
 * assay.temporal.target}), and the process mode.
 *
 * @param mode {@code all} (web + worker), {@code worker} (no web UI/API), {@code web} (no worker)
 * @param home where embedded state lives (PostgreSQL data directory, report files)
 */
@ConfigurationProperties("assay")
public record AssayProperties(
    @DefaultValue("all") Mode mode,
    @DefaultValue("${user.home}/.assay") Path home,
    @DefaultValue Db db,
    @DefaultValue Temporal temporal,
    @DefaultValue Datasets datasets,
    @DefaultValue Delivery delivery) {

  public enum Mode {
    ALL,
    WORKER,
    WEB;

    public boolean runsWorker() {
      return this != WEB;
    }
  }

  /**
   * @param url JDBC URL of an external PostgreSQL; blank starts the embedded one
   * @param username owner role of the external database (embedded: the generated, non-superuser
   *     role assay_owner)
   * @param readerUsername the read-only role analyses run as; created at start when missing
   * @param statementTimeout statement timeout of the read-only role
   * @param poolSize connections of the owner's pool (job store, evidence, reports)
   * @param readerPoolSize connections of the read-only pool (analysis queries)
   */
  public record Db(
      String url,
      @DefaultValue("postgres") String username,
      @DefaultValue("") String password,
      @DefaultValue("assay_reader") String readerUsername,
      @DefaultValue("assay_reader") String readerPassword,
      @DefaultValue("30s") Duration statementTimeout,
      @DefaultValue("10") int poolSize,
      @DefaultValue("8") int readerPoolSize,
      @DefaultValue Embedded embedded) {

    public boolean external() {
      return url != null && !url.isBlank();
    }

    /**
     * @param port 0 picks any free port
     * @param dataDir blank means {@code <home>/pgdata}
     */
    public record Embedded(@DefaultValue("0") int port, String dataDir) {}
  }

  /**
   * @param target host:port of an external Temporal frontend; blank starts the in-process service
   * @param embeddedPort port of the in-process service, so outside tools can connect to it too
   */
  public record Temporal(
      String target,
      @DefaultValue("default") String namespace,
      @DefaultValue("7233") int embeddedPort,
      @DefaultValue("assay-jobs") String taskQueue) {

    public boolean external() {
      return target != null && !target.isBlank();
    }
  }

  /** Where each dataset's data comes from. */
  public record Datasets(@DefaultValue Financial financial) {

    /**
     * @param dir directory with the financial CSV files. Blank means {@code
     *     ../shared/datasets/financial} when that exists, else generated data; a configured
     *     directory that does not exist stops start-up.
     */
    public record Financial(String dir) {}
  }

  /**
   * Delivery channel settings that stay on the server: the SMTP relay for {@code email:} targets,
   * secrets by channel name (SMTP password, DingTalk signing secret) kept out of workflow history,
   * the directory {@code file:} targets are confined to, and the internal address ranges (CIDR)
   * webhook-style targets may reach besides public addresses ({@code allow}, empty by default).
   */
  public record Delivery(
      @DefaultValue Smtp smtp,
      java.util.Map<String, String> secrets,
      @DefaultValue File file,
      java.util.List<String> allow) {
    public Delivery {
      secrets = secrets == null ? java.util.Map.of() : java.util.Map.copyOf(secrets);
      allow = allow == null ? java.util.List.of() : java.util.List.copyOf(allow);
    }

    /**
     * @param baseDir every {@code file:} target lies inside it; blank means {@code
     *     <home>/deliveries}
     */
    public record File(String baseDir) {}

    /**
     * @param host blank disables email delivery
     */
    public record Smtp(
        String host,
        @DefaultValue("25") int port,
        @DefaultValue("assay@localhost") String from,
        @DefaultValue("false") boolean startTls,
        String username) {}
  }
}
