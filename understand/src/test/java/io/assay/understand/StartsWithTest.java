package io.assay.understand;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.ColumnRef;
import io.assay.pick.Filter;
import io.assay.pick.Pick;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * "… starts with S": a prefix of a text column, in the case the column stores, on own phrasings.
 */
class StartsWithTest {

  @Test
  void aTextColumnStartingWithLettersIsAPrefixInTheStoredCase() {
    Pick p =
        ReaderFixture.understood(
            ReaderFixture.pagilaOrSkip(), "which actors have a first name that begins with Jo");
    // actors' names are stored in capitals
    assertThat(p.filters())
        .containsExactly(new Filter.Prefix(ColumnRef.parse("actor.first_name"), "JO"));
    Pick districts =
        ReaderFixture.understood(
            ReaderFixture.reader(),
            "list the accounts in districts whose district name starts with K");
    assertThat(districts.filters())
        .containsExactly(new Filter.Prefix(ColumnRef.parse("district.a2"), "K"));
  }

  @Test
  void rowsWithOneTextLabelStartWithItsLetters() {
    Pick p =
        ReaderFixture.understood(
            ReaderFixture.pagilaOrSkip(), "count the films starting with the letter Z");
    assertThat(p.filters()).containsExactly(new Filter.Prefix(ColumnRef.parse("film.title"), "Z"));
    // the label the reader's vocabulary gives the rows counts as theirs too
    Pick districts =
        ReaderFixture.understood(ReaderFixture.reader(), "list districts starting with B");
    assertThat(districts.filters())
        .containsExactly(new Filter.Prefix(ColumnRef.parse("district.a2"), "B"));
  }

  @Test
  void withoutAVerbOfBeginningNothingIsAPrefix() {
    assertThat(
            ReaderFixture.pagilaOrSkip()
                .read("customers whose last name ends with S", "", List.of()))
        .isNotInstanceOf(Reading.Understood.class);
  }
}
