package io.assay.web.cli;

/** Assay could not start; the message is one line a person can act on. */
final class StartupFailure extends RuntimeException {
  StartupFailure(String message) {
    super(message);
  }
}
