package io.assay.datasets.embedded;

import java.nio.file.Path;

/** Another JVM runs an embedded server on the same data directory; two cannot share one. */
public final class DataDirectoryInUseException extends EmbeddedPostgresException {

  private final Path dataDirectory;

  public DataDirectoryInUseException(Path dataDirectory) {
    super(
        "PostgreSQL data directory "
            + dataDirectory
            + " is in use by another process; stop it or choose another data directory.");
    this.dataDirectory = dataDirectory;
  }

  public Path dataDirectory() {
    return dataDirectory;
  }
}
