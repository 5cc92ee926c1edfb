package io.assay.datasets.financial;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** Where the seven source tables come from; {@code trans} is always generated from them. */
public sealed interface FinancialSource {

  /** Identifies the content: two sources with equal fingerprints yield equal tables. */
  String fingerprint();

  /** Reads (or generates) and checks the seven tables. */
  FinancialTables tables();

  /** Seed of the trans generator. */
  long transSeed();

  /** For messages and reports. */
  String description();

  /** The PKDD'99 files of a directory (account.csv … order.csv). */
  record Directory(Path path, long transSeed) implements FinancialSource {
    @Override
    public String fingerprint() {
      return "csv:" + CsvTablesReader.fingerprint(path);
    }

    @Override
    public FinancialTables tables() {
      return CsvTablesReader.read(path);
    }

    @Override
    public String description() {
      return "directory " + path;
    }
  }

  /** All tables generated, for a machine without the data files. */
  record Synthetic(long seed) implements FinancialSource {
    @Override
    public String fingerprint() {
      return "synthetic-v" + SyntheticTables.VERSION + ":" + seed;
    }

    @Override
    public FinancialTables tables() {
      return SyntheticTables.generate(seed);
    }

    @Override
    public long transSeed() {
      return seed;
    }

    @Override
    public String description() {
      return "synthetic tables (seed " + seed + ")";
    }
  }

  static FinancialSource directory(Path path) {
    return new Directory(path, TransGenerator.DEFAULT_SEED);
  }

  static FinancialSource synthetic() {
    return new Synthetic(TransGenerator.DEFAULT_SEED);
  }

  /**
   * The source for the configured directory, if one is configured (it must then exist); otherwise
   * the default directory when it exists; otherwise synthetic tables.
   *
   * @throws FinancialDataException when the configured directory does not exist
   */
  static FinancialSource resolve(Optional<Path> configured, Path defaultDirectory) {
    if (configured.isPresent()) {
      Path dir = configured.get();
      if (!Files.isDirectory(dir)) {
        throw new FinancialDataException(
            dir,
            "configured financial data directory (assay.datasets.financial.dir) does not exist");
      }
      return directory(dir);
    }
    return Files.isDirectory(defaultDirectory) ? directory(defaultDirectory) : synthetic();
  }
}
