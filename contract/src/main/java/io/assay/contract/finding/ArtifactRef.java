package io.assay.contract.finding;

import java.util.regex.Pattern;

/**
 * A reference to a stored artifact: its row id and the SHA-256 of its canonical content. Large
 * results travel through workflow history only as this reference; the hash lets every reader
 * confirm that the content it reads is the content that was accepted.
 */
public record ArtifactRef(long id, String sha256) {
  private static final Pattern HEX_64 = Pattern.compile("[0-9a-f]{64}");

  public ArtifactRef {
    if (id <= 0) {
      throw new IllegalArgumentException("artifact id must be positive, got " + id);
    }
    if (sha256 == null || !HEX_64.matcher(sha256).matches()) {
      throw new IllegalArgumentException(
          "artifact sha256 must be 64 lowercase hex digits, got " + sha256);
    }
  }

  /**
   * Short human label, e.g. {@code #12·3f2a9c1e}; reports print it as an identifier, never a
   * figure.
   */
  public String label() {
    return "#" + id + "·" + sha256.substring(0, 8);
  }
}
