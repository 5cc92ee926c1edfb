package io.assay.algorithms.testing;

import java.nio.file.Files;
import java.nio.file.Path;

/** Locates the read-only shared material: {@code ${assay.root}/../shared}. */
public final class SharedFiles {
  private SharedFiles() {}

  /** The shared folder. */
  public static Path root() {
    String root = System.getProperty("assay.root");
    Path base = root != null ? Path.of(root) : Path.of("").toAbsolutePath().getParent();
    Path shared = base.resolve("../shared").normalize();
    if (!Files.isDirectory(shared)) {
      throw new IllegalStateException("shared material not found at " + shared);
    }
    return shared;
  }

  /** A path inside the shared folder. */
  public static Path shared(String relative) {
    return root().resolve(relative);
  }
}
