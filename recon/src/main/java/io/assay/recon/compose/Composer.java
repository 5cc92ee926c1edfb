package io.assay.recon.compose;

import io.assay.pick.Pick;
import io.assay.pick.PickValidationError;
import io.assay.recon.Recon;

/**
 * Turns a {@link Pick} into PostgreSQL through recon: every column is bound to its owning table,
 * tables are joined along recon's declared paths, every value is a bind parameter, and the emitted
 * SQL is parsed back and checked to be exactly one SELECT before it is returned. Stateless and
 * thread-safe.
 */
public final class Composer {

  static {
    // jOOQ prints a banner and "tips" on first use; they do not belong in a server's log.
    if (System.getProperty("org.jooq.no-logo") == null) {
      System.setProperty("org.jooq.no-logo", "true");
    }
    if (System.getProperty("org.jooq.no-tips") == null) {
      System.setProperty("org.jooq.no-tips", "true");
    }
  }

  private Composer() {}

  /**
   * Composes the SQL for a Pick.
   *
   * @throws PickValidationError when the Pick names something recon does not know, joins tables
   *     recon cannot connect, has values of the wrong type, or has a shape the Pick language does
   *     not express; the message says what to change
   */
  public static ComposedQuery compose(Pick pick, Recon recon) {
    if (pick == null) {
      throw new PickValidationError("no Pick given");
    }
    return new Composition(pick, recon).compose();
  }
}
