package io.assay.datasets.financial;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.assay.datasets.testing.TestWarehouse;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CsvTablesReaderTest {

  @TempDir Path temp;
  private Path dir;

  @BeforeEach
  void copyTheRealFiles() throws IOException {
    Path real = TestWarehouse.financialDirectory();
    assumeTrue(Files.isDirectory(real), "the shared PKDD'99 files are needed");
    dir = Files.createDirectories(temp.resolve("financial"));
    for (String name : CsvTablesReader.FILES) {
      Files.copy(real.resolve(name), dir.resolve(name));
    }
  }

  @Test
  void readsTheRealFilesWithTheirRowCounts() {
    FinancialTables t = CsvTablesReader.read(dir);
    assertThat(t.districts()).hasSize(77);
    assertThat(t.accounts()).hasSize(4_500);
    assertThat(t.clients()).hasSize(5_369);
    assertThat(t.disps()).hasSize(5_369);
    assertThat(t.cards()).hasSize(892);
    assertThat(t.loans()).hasSize(682);
    assertThat(t.orders()).hasSize(6_471);
  }

  @Test
  void convertsTheRawCodes() {
    FinancialTables t = CsvTablesReader.read(dir);
    // birth number 706213: month 62 = December + 50, a woman
    assertThat(t.clients().get(0)).isEqualTo(new Client(1, "F", LocalDate.of(1970, 12, 13), 18));
    assertThat(t.clients().get(1)).isEqualTo(new Client(2, "M", LocalDate.of(1945, 2, 4), 1));
    assertThat(t.accounts().get(0))
        .isEqualTo(new Account(576, 55, "POPLATEK MESICNE", LocalDate.of(1993, 1, 1)));
    assertThat(t.cards().get(0))
        .isEqualTo(new Card(1005, 9285, "classic", LocalDate.of(1993, 11, 7)));
    assertThat(t.loans().get(0))
        .isEqualTo(new Loan(5314, 1787, LocalDate.of(1993, 7, 5), 96396, 12, 8033.0, "B"));
    assertThat(t.orders().get(0))
        .isEqualTo(new PermanentOrder(29401, 1, "YZ", 87144583, 2452.0, "SIPO"));
    assertThat(t.orders().get(4).kSymbol()).isEqualTo(" "); // blank is kept, as in BIRD
    District jesenik =
        t.districts().stream().filter(d -> d.a2().equals("Jesenik")).findFirst().orElseThrow();
    assertThat(jesenik.a12()).isNull(); // '?' in the raw file
    assertThat(jesenik.a15()).isNull();
    assertThat(jesenik.a13()).isEqualTo(7.01);
  }

  private void replaceField(String file, int lineNo, int field, String value) throws IOException {
    Path path = dir.resolve(file);
    List<String> lines = new ArrayList<>(Files.readAllLines(path));
    String[] fields = lines.get(lineNo - 1).split(";", -1);
    fields[field] = value;
    lines.set(lineNo - 1, String.join(";", fields));
    Files.write(path, lines);
  }

  @ParameterizedTest(name = "{0} line {1} field {2} = {3}")
  @CsvSource(
      delimiter = '|',
      quoteCharacter = '~',
      value = {
        "account.csv|3|3|931301|date '931301' is not a valid date",
        "account.csv|7|2|\"POPLATEK ROCNE\"|frequency 'POPLATEK ROCNE' is not one of",
        "account.csv|9|1|999|refers to id 999 which is not in district.csv",
        "client.csv|4|1|\"70621x\"|birth_number '70621x' is not a YYMMDD birth number",
        "client.csv|5|1|\"706243\"|birth_number '706243' is not a valid date",
        "disp.csv|6|2|99999|refers to id 99999 which is not in account.csv",
        "card.csv|8|3|931107 0:00|issued '931107 0:00' is not a 'YYMMDD hh:mm:ss' timestamp",
        "loan.csv|2|4|0|duration must be a positive number of months, was 0",
        "loan.csv|3|3|12.5|amount '12.5' is not an integer",
        "order.csv|10|0|29401|duplicate order_id 29401 (first at line 2)",
        "order.csv|11|5|\"SIPO|unterminated quoted field",
        "district.csv|2|1|?|A2 is missing",
        "district.csv|30|10|abc|A11 'abc' is not an integer",
      })
  void aMalformedValueNamesFileLineAndProblem(
      String file, int line, int field, String value, String problem) throws IOException {
    replaceField(file, line, field, value);
    assertThatThrownBy(() -> CsvTablesReader.read(dir))
        .isInstanceOfSatisfying(
            FinancialDataException.class,
            e -> {
              assertThat(e.file()).isEqualTo(dir.resolve(file));
              assertThat(e.line()).isEqualTo(line);
            })
        .hasMessageStartingWith(dir.resolve(file) + " line " + line + ": " + problem);
  }

  @Test
  void aChangedHeaderIsLineOne() throws IOException {
    replaceField("card.csv", 1, 3, "\"issued_at\"");
    assertThatThrownBy(() -> CsvTablesReader.read(dir))
        .isInstanceOf(FinancialDataException.class)
        .hasMessageStartingWith(
            dir.resolve("card.csv")
                + " line 1: header is [card_id, disp_id,"
                + " type, issued_at], expected");
  }

  @Test
  void aBlankLineInsideTheDataIsNamed() throws IOException {
    Path path = dir.resolve("disp.csv");
    List<String> lines = new ArrayList<>(Files.readAllLines(path));
    lines.add(20, "");
    Files.write(path, lines);
    assertThatThrownBy(() -> CsvTablesReader.read(dir))
        .isInstanceOf(FinancialDataException.class)
        .hasMessage(path + " line 21: blank line inside the data");
  }

  @Test
  void aControlCharacterIsRefused() throws IOException {
    replaceField("district.csv", 3, 1, "\"Bene\u0000sov\"");
    assertThatThrownBy(() -> CsvTablesReader.read(dir))
        .isInstanceOf(FinancialDataException.class)
        .hasMessage(dir.resolve("district.csv") + " line 3: A2 contains control character U+0000");
  }

  @Test
  void theFingerprintFollowsTheContent() throws IOException {
    String before = CsvTablesReader.fingerprint(dir);
    assertThat(CsvTablesReader.fingerprint(dir)).isEqualTo(before);
    replaceField("loan.csv", 2, 6, "\"A\"");
    assertThat(CsvTablesReader.fingerprint(dir)).isNotEqualTo(before);
  }
}
