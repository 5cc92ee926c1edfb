package io.assay.datasets.financial;

import java.nio.file.Path;

/**
 * Source data that cannot be loaded: a missing directory or file, or a malformed row. The message
 * names the file and, for a row, its 1-based line number.
 */
public final class FinancialDataException extends RuntimeException {

  private final Path file;
  private final int line;

  public FinancialDataException(Path file, int line, String problem) {
    super(file + (line > 0 ? " line " + line : "") + ": " + problem);
    this.file = file;
    this.line = line;
  }

  public FinancialDataException(Path file, String problem) {
    this(file, 0, problem);
  }

  public Path file() {
    return file;
  }

  /** 1-based line number, or 0 when the problem is not in one line. */
  public int line() {
    return line;
  }
}
