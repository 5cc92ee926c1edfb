package io.assay.datasets.embedded;

/** The configured port is taken by another process. {@link #getMessage()} is one printable line. */
public final class PortInUseException extends EmbeddedPostgresException {

  /** The setting that chooses the embedded server's port. */
  public static final String PORT_SETTING = "assay.db.embedded.port";

  private final int port;

  public PortInUseException(int port) {
    super(
        "Port "
            + port
            + " is already in use, so the embedded PostgreSQL cannot start; set "
            + PORT_SETTING
            + " to a free port (0 picks any free port).");
    this.port = port;
  }

  public int port() {
    return port;
  }
}
