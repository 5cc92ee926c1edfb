package io.assay.report.check;

/**
 * One problem found by a check.
 *
 * @param sectionId the section to regenerate to fix it
 * @param subject what is wrong: a fact, sentence, chart or artifact id
 */
public record Issue(CheckKind check, String sectionId, String subject, String message) {
  @Override
  public String toString() {
    return check + " [" + sectionId + "] " + subject + ": " + message;
  }
}
