package io.assay.contract.monitor;

import java.util.Locale;

/** What a person says about an interval a scan flagged. */
public enum Verdict {
  /** It was a real incident: the alert was right. */
  REAL_INCIDENT("real incident"),
  /** Not an incident: the monitor should not have alerted. */
  NOT_INCIDENT("not an incident"),
  /** Expected (a holiday, a campaign, a known change): keep it out of future baselines. */
  EXPECTED("expected");

  private final String words;

  Verdict(String words) {
    this.words = words;
  }

  public String words() {
    return words;
  }

  /** Accepts the constant or its words in any case ("not an incident", "not_incident"). */
  public static Verdict parse(String text) {
    if (text != null) {
      String t = text.strip().toLowerCase(Locale.ROOT).replace('-', ' ').replace('_', ' ');
      for (Verdict v : values()) {
        if (v.words.equals(t) || v.name().toLowerCase(Locale.ROOT).replace('_', ' ').equals(t)) {
          return v;
        }
      }
    }
    throw new IllegalArgumentException(
        "verdict must be one of REAL_INCIDENT, NOT_INCIDENT, EXPECTED, got '" + text + "'");
  }
}
