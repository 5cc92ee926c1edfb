package io.assay.understand;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Pick;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Typed shorthand reads as the words it stands for, offsets kept. Phrasings written for this test.
 */
class ShorthandTest {

  @Test
  void shorthandTokensReadAsTheirWords() {
    List<Token> tokens = Tokenizer.tokenize("avg amt w/ qty, w/o yrs");
    assertThat(tokens.stream().map(Token::norm))
        .containsExactly("avg", "amount", "with", "quantity", "without", "years");
    Token with = tokens.get(2);
    assertThat("avg amt w/ qty, w/o yrs".substring(with.start(), with.end())).isEqualTo("w/");
    // a slash between words is still two words
    assertThat(Tokenizer.tokenize("his/her").stream().map(Token::norm))
        .containsExactly("his", "her");
  }

  @Test
  void aQuestionTypedInShorthandIsUnderstood() {
    Pick p = ReaderFixture.understood(ReaderFixture.reader(), "total loan amt w/ status A in 1996");
    assertThat(p.filters().toString()).contains("loan.status").contains("A");
    assertThat(p.measures().toString()).contains("loan_amount");
    Pick none = ReaderFixture.understood(ReaderFixture.reader(), "num of accts w/o a card");
    assertThat(none.filters().toString()).contains("negated=true");
  }
}
