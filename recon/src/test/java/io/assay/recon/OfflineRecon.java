package io.assay.recon;

import io.assay.recon.knowledge.KnowledgeSource;

/** Recon built from the bundled schema snapshot and the working tree's YAML: no database. */
public final class OfflineRecon {

  private static Recon recon;

  private OfflineRecon() {}

  public static synchronized Recon get() {
    if (recon == null) {
      recon =
          ReconLoader.fromSnapshot(
              ReconLoader.bundledSnapshot("financial"), KnowledgeSource.classpath("financial"));
    }
    return recon;
  }
}
