package io.assay.web.cli;

import io.assay.datasets.embedded.EmbeddedPostgresException;
import io.assay.datasets.financial.FinancialDataException;

/** Finds the cause a person can act on in a start-up failure's chain and says it in one line. */
final class StartupMessages {
  private StartupMessages() {}

  static String oneLine(Throwable failure) {
    Throwable t = failure;
    while (t != null) {
      if (t instanceof FinancialDataException || t instanceof EmbeddedPostgresException) {
        return firstLine(t.getMessage());
      }
      t = t.getCause();
    }
    Throwable root = failure;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    return "start-up failed: "
        + firstLine(root.getMessage() == null ? root.toString() : root.getMessage());
  }

  private static String firstLine(String message) {
    int newline = message.indexOf('\n');
    return newline < 0 ? message : message.substring(0, newline);
  }
}
