package io.assay.datasets.financial;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;

/**
 * Reads the seven PKDD'99 files of a directory (account.csv … order.csv) and checks them whole
 * before anything is loaded: field counts, value formats, code values, duplicate keys and
 * references between the tables. Any problem stops with the file and line.
 */
public final class CsvTablesReader {

  public static final List<String> FILES =
      List.of(
          "district.csv",
          "account.csv",
          "client.csv",
          "disp.csv",
          "card.csv",
          "loan.csv",
          "order.csv");

  private static final List<String> DISTRICT_HEADER =
      List.of(
          "A1", "A2", "A3", "A4", "A5", "A6", "A7", "A8", "A9", "A10", "A11", "A12", "A13", "A14",
          "A15", "A16");
  private static final List<String> ACCOUNT_HEADER =
      List.of("account_id", "district_id", "frequency", "date");
  private static final List<String> CLIENT_HEADER =
      List.of("client_id", "birth_number", "district_id");
  private static final List<String> DISP_HEADER =
      List.of("disp_id", "client_id", "account_id", "type");
  private static final List<String> CARD_HEADER = List.of("card_id", "disp_id", "type", "issued");
  private static final List<String> LOAN_HEADER =
      List.of("loan_id", "account_id", "date", "amount", "duration", "payments", "status");
  private static final List<String> ORDER_HEADER =
      List.of("order_id", "account_id", "bank_to", "account_to", "amount", "k_symbol");

  private CsvTablesReader() {}

  /**
   * Reads and checks all seven files.
   *
   * @throws FinancialDataException naming the directory, or the file and line at fault
   */
  public static FinancialTables read(Path directory) {
    requireDirectory(directory);
    Map<Integer, Integer> districtLines = new HashMap<>();
    List<District> districts = readDistricts(directory, districtLines);
    Map<Integer, Integer> accountLines = new HashMap<>();
    List<Account> accounts =
        SemicolonFile.read(
            directory.resolve("account.csv"),
            ACCOUNT_HEADER,
            r -> {
              int id = r.integer(0);
              unique(r, accountLines, id, "account_id");
              int district = references(r, 1, districtLines, "district.csv");
              return new Account(
                  id,
                  district,
                  r.oneOf(2, List.of(Account.MONTHLY, Account.WEEKLY, Account.AFTER_TRANSACTION)),
                  r.yymmdd(3));
            });
    Map<Integer, Integer> clientLines = new HashMap<>();
    List<Client> clients =
        SemicolonFile.read(
            directory.resolve("client.csv"),
            CLIENT_HEADER,
            r -> {
              int id = r.integer(0);
              unique(r, clientLines, id, "client_id");
              int district = references(r, 2, districtLines, "district.csv");
              return r.birthNumber(id, 1, district);
            });
    Map<Integer, Integer> dispLines = new HashMap<>();
    List<Disp> disps =
        SemicolonFile.read(
            directory.resolve("disp.csv"),
            DISP_HEADER,
            r -> {
              int id = r.integer(0);
              unique(r, dispLines, id, "disp_id");
              return new Disp(
                  id,
                  references(r, 1, clientLines, "client.csv"),
                  references(r, 2, accountLines, "account.csv"),
                  r.oneOf(3, List.of(Disp.OWNER, Disp.DISPONENT)));
            });
    Map<Integer, Integer> cardLines = new HashMap<>();
    List<Card> cards =
        SemicolonFile.read(
            directory.resolve("card.csv"),
            CARD_HEADER,
            r -> {
              int id = r.integer(0);
              unique(r, cardLines, id, "card_id");
              return new Card(
                  id,
                  references(r, 1, dispLines, "disp.csv"),
                  r.oneOf(2, List.of("junior", "classic", "gold")),
                  r.yymmddMidnight(3));
            });
    Map<Integer, Integer> loanLines = new HashMap<>();
    List<Loan> loans = readLoans(directory, loanLines, accountLines);
    Map<Integer, Integer> orderLines = new HashMap<>();
    List<PermanentOrder> orders =
        SemicolonFile.read(
            directory.resolve("order.csv"),
            ORDER_HEADER,
            r -> {
              int id = r.integer(0);
              unique(r, orderLines, id, "order_id");
              return new PermanentOrder(
                  id,
                  references(r, 1, accountLines, "account.csv"),
                  r.text(2),
                  r.optionalInteger(3),
                  r.decimal(4),
                  r.optionalText(5));
            });
    return new FinancialTables(districts, accounts, clients, disps, cards, loans, orders);
  }

  private static List<District> readDistricts(Path directory, Map<Integer, Integer> districtLines) {
    return SemicolonFile.read(
        directory.resolve("district.csv"),
        DISTRICT_HEADER,
        r -> {
          int id = r.integer(0);
          unique(r, districtLines, id, "A1 (district_id)");
          return new District(
              id,
              r.text(1),
              r.text(2),
              r.optionalText(3),
              r.optionalText(4),
              r.optionalText(5),
              r.optionalText(6),
              r.optionalInteger(7),
              r.optionalInteger(8),
              r.optionalDecimal(9),
              r.optionalInteger(10),
              r.optionalDecimal(11),
              r.optionalDecimal(12),
              r.optionalInteger(13),
              r.optionalInteger(14),
              r.optionalInteger(15));
        });
  }

  private static List<Loan> readLoans(
      Path directory, Map<Integer, Integer> loanLines, Map<Integer, Integer> accountLines) {
    return SemicolonFile.read(
        directory.resolve("loan.csv"),
        LOAN_HEADER,
        r -> {
          int id = r.integer(0);
          unique(r, loanLines, id, "loan_id");
          int account = references(r, 1, accountLines, "account.csv");
          int duration = r.integer(4);
          if (duration <= 0) {
            throw r.error("duration must be a positive number of months, was " + duration);
          }
          return new Loan(
              id,
              account,
              r.yymmdd(2),
              r.integer(3),
              duration,
              r.decimal(5),
              r.oneOf(6, List.of("A", "B", "C", "D")));
        });
  }

  /**
   * SHA-256 over the names and bytes of the seven files: identifies what a loaded warehouse was
   * loaded from, so a changed file is reloaded and an unchanged one is not.
   */
  public static String fingerprint(Path directory) {
    requireDirectory(directory);
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      byte[] buffer = new byte[64 * 1024];
      for (String name : FILES) {
        Path file = directory.resolve(name);
        if (!Files.isRegularFile(file)) {
          throw new FinancialDataException(file, "file not found");
        }
        sha.update(name.getBytes(java.nio.charset.StandardCharsets.UTF_8));
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), sha)) {
          while (in.read(buffer) >= 0) {
            // DigestInputStream feeds the digest
          }
        } catch (IOException e) {
          throw new FinancialDataException(file, "cannot be read: " + e.getMessage());
        }
      }
      return HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JVM", e);
    }
  }

  private static void requireDirectory(Path directory) {
    if (!Files.isDirectory(directory)) {
      throw new FinancialDataException(
          directory,
          Files.exists(directory)
              ? "is not a directory (financial data directory)"
              : "financial data directory does not exist");
    }
  }

  private static void unique(CsvRow r, Map<Integer, Integer> lines, int id, String column) {
    Integer first = lines.putIfAbsent(id, r.line());
    if (first != null) {
      throw r.error("duplicate " + column + " " + id + " (first at line " + first + ")");
    }
  }

  private static int references(
      CsvRow r, int column, Map<Integer, Integer> targetLines, String targetFile) {
    int id = r.integer(column);
    if (!targetLines.containsKey(id)) {
      throw r.error("refers to id " + id + " which is not in " + targetFile);
    }
    return id;
  }
}
