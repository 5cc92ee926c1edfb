package io.assay.recon.bench;

import io.assay.pick.Pick;
import java.util.List;

/** Test access to ComposeVsGold's package-private question list and Picks. */
public final class ComposeVsGoldAccess {
  private ComposeVsGoldAccess() {}

  public static List<Integer> questions() {
    return ComposeVsGold.QUESTIONS;
  }

  public static Pick pick(int id) {
    return ComposeVsGold.pick(id);
  }
}
