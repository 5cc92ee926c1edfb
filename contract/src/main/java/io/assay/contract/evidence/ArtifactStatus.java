package io.assay.contract.evidence;

import java.util.Locale;

/**
 * PENDING between the write and the read-back check, ACCEPTED once the read-back matched and the
 * content validated, REVOKED for good otherwise: a revoked artifact can never be cited (a database
 * trigger refuses to reinstate it).
 */
public enum ArtifactStatus {
  PENDING,
  ACCEPTED,
  REVOKED;

  public String code() {
    return name().toLowerCase(Locale.ROOT);
  }

  public static ArtifactStatus ofCode(String code) {
    return valueOf(code.toUpperCase(Locale.ROOT));
  }
}
