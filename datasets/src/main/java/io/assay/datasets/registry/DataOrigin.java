package io.assay.datasets.registry;

import java.nio.file.Path;
import java.util.List;

/** Where a dataset's rows come from. */
public sealed interface DataOrigin {

  /**
   * A directory of files read by a loader built into Assay.
   *
   * @param loader the loader's name (e.g. {@code financial})
   * @param dir the default directory, relative to the working directory
   */
  record Files(String loader, Path dir) implements DataOrigin {}

  /**
   * A plain SQL dump with {@code COPY … FROM stdin} blocks, loaded into the dataset's schema.
   *
   * @param dir the default directory holding the files, relative to the working directory
   * @param files the dump files, applied in this order
   * @param dumpSchema the schema the dump qualifies its names with
   */
  record SqlDump(Path dir, List<String> files, String dumpSchema) implements DataOrigin {
    public SqlDump {
      files = List.copyOf(files);
    }
  }

  /** An existing schema reached through a configured connection; Assay only reads it. */
  record External() implements DataOrigin {}
}
