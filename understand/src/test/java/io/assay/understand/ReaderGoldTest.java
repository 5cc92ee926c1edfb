package io.assay.understand;

import static org.assertj.core.api.Assertions.assertThat;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.recon.compose.Composer;
import io.assay.recon.execute.CancelHandle;
import io.assay.recon.execute.QueryResult;
import io.assay.recon.execute.SqlExecutor;
import java.math.BigDecimal;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * Questions of our own read end to end, composed and run beside hand-written gold SQL (rows as a
 * set): the reading rules of rows named by key, money amounts and counted values give the right
 * answer, not only a plausible Pick.
 */
class ReaderGoldTest {

  private static void same(QuestionReader reader, String question, String gold) {
    Reading r = reader.read(question, "", List.of());
    assertThat(r).as("reading of '%s': %s", question, r).isInstanceOf(Reading.Understood.class);
    var composed = Composer.compose(((Reading.Understood) r).pick(), reader.recon());
    SqlExecutor ex = new SqlExecutor(TestWarehouse.get().readerDataSource());
    assertThat(rows(ex.execute(composed)))
        .as("%s%n%s", question, composed.inlinedSql())
        .isEqualTo(rows(ex.execute(gold, List.of(), new CancelHandle())));
  }

  private static Set<List<Object>> rows(QueryResult q) {
    Set<List<Object>> out = new HashSet<>();
    for (List<Object> row : q.rows()) {
      out.add(
          row.stream()
              .map(
                  v ->
                      v instanceof Number n
                          ? (Object) new BigDecimal(n.toString()).stripTrailingZeros()
                          : v)
              .toList());
    }
    assertThat(out).isNotEmpty();
    return out;
  }

  @Test
  void financial() {
    QuestionReader f = ReaderFixture.reader();
    same(
        f,
        "how many transactions has account 2210 made in 1997?",
        "select count(*) from financial.trans where account_id = 2210"
            + " and date >= '1997-01-01' and date < '1998-01-01'");
    same(
        f,
        "what is the birth date of client no 17?",
        "select birth_date from financial.client where client_id = 17");
    same(
        f,
        "how many loans over 400000 were granted in 1996?",
        "select count(*) from financial.loan where amount > 400000"
            + " and date >= '1996-01-01' and date < '1997-01-01'");
    same(
        f,
        "how many gold cards do owners have?",
        "select count(*) from financial.card c join financial.disp d on d.disp_id = c.disp_id"
            + " where c.type = 'gold' and d.type = 'OWNER'");
  }

  @Test
  void pagila() {
    QuestionReader p = ReaderFixture.pagila();
    Assumptions.assumeTrue(p != null, "the Pagila data is not on this machine");
    same(
        p,
        "how many payments has customer 77 made?",
        "select count(*) from pagila.payment where customer_id = 77");
    same(
        p,
        "what is the title of film number 12?",
        "select title from pagila.film where film_id = 12");
    same(
        p,
        "how many payments over 8 dollars were made in June 2022?",
        "select count(*) from pagila.payment where amount > 8"
            + " and payment_date >= '2022-06-01' and payment_date < '2022-07-01'");
    same(
        p,
        "how many G rated films are in the Children category?",
        "select count(*) from pagila.film f join pagila.film_category fc on fc.film_id = f.film_id"
            + " join pagila.category c on c.category_id = fc.category_id"
            + " where f.rating = 'G' and c.name = 'Children'");
    same(
        p,
        "count the NC-17 movies in the Drama genre",
        "select count(*) from pagila.film f join pagila.film_category fc on fc.film_id = f.film_id"
            + " join pagila.category c on c.category_id = fc.category_id"
            + " where f.rating = 'NC-17' and c.name = 'Drama'");
  }
}
