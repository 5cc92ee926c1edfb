package io.assay.datasets.dump;

/** One statement of a SQL dump: plain SQL, or a {@code COPY … FROM stdin} with its data block. */
public sealed interface DumpStatement {

  /** Where the statement starts, "file:line", for messages. */
  String origin();

  /**
   * A SQL statement without its terminating semicolon.
   *
   * @param sql the statement text
   * @param origin file and line where it starts
   */
  record Sql(String sql, String origin) implements DumpStatement {}

  /**
   * {@code COPY table (columns) FROM stdin} and the text-format rows that follow it.
   *
   * @param header the COPY statement without its semicolon
   * @param data the rows, each ending in a newline, without the terminating {@code \.} line
   * @param origin file and line where it starts
   */
  record Copy(String header, String data, String origin) implements DumpStatement {}
}
