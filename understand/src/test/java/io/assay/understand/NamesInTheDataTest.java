package io.assay.understand;

import static io.assay.understand.ReaderFixture.understood;
import static org.assertj.core.api.Assertions.assertThat;

import io.assay.pick.Pick;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * One film, person or city named in a question is found among the stored names, and a name the data
 * lacks is reported, never dropped: dropping it would answer for every film, person or place.
 */
class NamesInTheDataTest {

  private static String filters(Pick p) {
    return p.filters().toString();
  }

  private static Reading read(QuestionReader r, String q) {
    return r.read(q, "", List.of());
  }

  @Test
  void aTitleWrittenAsStoredOrInLowerCaseNamesOneFilm() {
    QuestionReader r = ReaderFixture.pagilaOrSkip();
    assertThat(filters(understood(r, "What is the rental rate of the film ALASKA PHANTOM?")))
        .contains("film.title", "ALASKA PHANTOM");
    assertThat(filters(understood(r, "how many times was alabama devil rented")))
        .contains("film.title", "ALABAMA DEVIL");
  }

  @Test
  void aPersonsFirstAndLastNameAreTwoConditionsOnThePerson() {
    QuestionReader r = ReaderFixture.pagilaOrSkip();
    Pick p = understood(r, "How many payments did customer LINDA WILLIAMS make?");
    assertThat(filters(p)).contains("customer.first_name", "LINDA", "customer.last_name");
    assertThat(filters(understood(r, "How many customers have the surname GREEN?")))
        .contains("customer.last_name", "GREEN");
    assertThat(filters(understood(r, "customers whose last name is Davis")))
        .contains("customer.last_name", "DAVIS");
  }

  @Test
  void aCityOrRegionOfTheDataIsACondition() {
    QuestionReader r = ReaderFixture.pagilaOrSkip();
    assertThat(filters(understood(r, "How many customers live in Akron?")))
        .contains("city.city", "Akron");
    assertThat(filters(understood(r, "how many customers are based in california")))
        .contains("address.district", "California");
  }

  @Test
  void aPlaceTheDataLacksIsReportedNotDropped() {
    QuestionReader r = ReaderFixture.pagilaOrSkip();
    // "Paris" is also a first name of staff rows: a place name is not read as a person's name
    for (String q :
        List.of(
            "How many customers live in Paris?",
            "Show me the revenue from customers in Vienna",
            "how many rentals came from customers in munich")) {
      assertThat(read(r, q)).as(q).isNotInstanceOf(Reading.Understood.class);
    }
    assertThat(read(ReaderFixture.reader(), "How many clients live in Vienna?"))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void aCapitalisedWordInsideASentenceIsANameAndNotSetAside() {
    QuestionReader r = ReaderFixture.pagilaOrSkip();
    assertThat(read(r, "Which customers are named Mark?"))
        .isNotInstanceOf(Reading.Understood.class);
  }

  @Test
  void aStoredNameThatIsAlsoAnEnglishWordCountsOnlyAsStored() {
    QuestionReader r = ReaderFixture.pagilaOrSkip();
    // JUNE, MAY and LONG are first and last names of customers, and still a month and a length
    Pick june = understood(r, "How many rentals were there in June 2022?");
    assertThat(filters(june)).doesNotContain("first_name", "last_name");
    Pick may = understood(r, "total payments in May 2022");
    assertThat(filters(may)).doesNotContain("last_name");
    Pick longest = understood(r, "Which film is the longest?");
    assertThat(filters(longest)).doesNotContain("last_name");
    assertThat(longest.orderBy().toString()).contains("length");
  }

  @Test
  void namesChangeNothingWhereNoneIsWritten() {
    QuestionReader r = ReaderFixture.pagilaOrSkip();
    Pick p = understood(r, "How many comedies are rated PG-13?");
    assertThat(p.filters()).hasSize(2);
    assertThat(filters(p)).contains("film.rating", "category.name").doesNotContain("title");
  }
}
