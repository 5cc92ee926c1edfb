package io.assay.recon.compose;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Quoted text is blanked in place, so scans for '?' or parentheses see the statement only. */
class SqlTextTest {

  @Test
  void theInsideOfLiteralsAndIdentifiersIsBlankedKeepingTheQuotesAndLength() {
    String sql = "select \"a(?)\" from t where x = 'it''s ?' and y = ?";
    String plain = SqlText.blankQuoted(sql);
    assertThat(plain).hasSameSizeAs(sql);
    assertThat(plain).isEqualTo("select \"    \" from t where x = '  ''   ' and y = ?");
    assertThat(Rendering.placeholders(sql)).isEqualTo(1);
  }
}
