package io.assay.understand;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.pick.Pick;
import io.assay.recon.Recon;
import io.assay.recon.ReconLoader;
import java.util.List;
import org.junit.jupiter.api.Assumptions;

/** Recon over the shared test warehouse and a reader built on it, once per test JVM. */
public final class ReaderFixture {

  private static Recon recon;
  private static QuestionReader reader;
  private static QuestionReader pagila;

  private ReaderFixture() {}

  public static synchronized Recon recon() {
    if (recon == null) {
      recon = ReconLoader.load(TestWarehouse.get().readerDataSource(), "financial");
    }
    return recon;
  }

  public static synchronized QuestionReader reader() {
    if (reader == null) {
      reader = QuestionReader.standard(recon());
    }
    return reader;
  }

  /**
   * A reader on the second shipped dataset, which a reader rule must serve as well as the first;
   * null when its data is not on this machine (tests then skip).
   */
  public static synchronized QuestionReader pagila() {
    if (pagila == null) {
      TestWarehouse w = TestWarehouse.get();
      if (!w.ensureDataset("pagila")) {
        return null;
      }
      pagila = QuestionReader.standard(ReconLoader.load(w.readerDataSource(), "pagila"));
    }
    return pagila;
  }

  /** The Pagila reader; the calling test is skipped when its data is not on this machine. */
  public static QuestionReader pagilaOrSkip() {
    QuestionReader p = pagila();
    Assumptions.assumeTrue(p != null, "the Pagila data is not on this machine");
    return p;
  }

  /**
   * The Pick a reader makes of a question with no context; fails the test when it asks or refuses.
   */
  public static Pick understood(QuestionReader reader, String question) {
    Reading r = reader.read(question, "", List.of());
    assertThat(r).as("reading of '%s': %s", question, r).isInstanceOf(Reading.Understood.class);
    return ((Reading.Understood) r).pick();
  }
}
