package io.assay.web;

import io.assay.web.cli.Cli;

/**
 * The single entry point of the {@code assay} jar: {@code up} runs the application, the other
 * commands ({@code ask}, {@code recon}, {@code eval}, {@code bench}) are in {@link Cli}.
 */
public final class AssayMain {
  private AssayMain() {}

  public static void main(String[] args) {
    int code = Cli.run(args, System.out, System.err);
    if (code >= 0) {
      System.exit(code);
    }
    // A negative code means the application is running; its threads keep the JVM alive.
  }
}
