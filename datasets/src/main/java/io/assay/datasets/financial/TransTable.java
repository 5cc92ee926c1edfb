package io.assay.datasets.financial;

import java.io.IOException;
import java.io.OutputStream;
import java.io.OutputStreamWriter;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.security.DigestOutputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.LocalDate;
import java.util.HexFormat;
import java.util.List;

/**
 * The generated {@code trans} table in column arrays (about 1 M rows, ~30 MB), in {@code trans_id}
 * order: row i has trans_id i + 1. Strings are codes into small dictionaries.
 */
public final class TransTable {

  static final List<String> TYPES = List.of("PRIJEM", "VYDAJ", "VYBER");
  static final byte PRIJEM = 0;
  static final byte VYDAJ = 1;
  static final byte VYBER_TYPE = 2;

  static final List<String> OPERATIONS =
      List.of("VYBER", "PREVOD NA UCET", "VKLAD", "PREVOD Z UCTU", "VYBER KARTOU");
  static final byte NO_OPERATION = -1;
  static final byte OP_VYBER = 0;
  static final byte OP_PREVOD_NA_UCET = 1;
  static final byte OP_VKLAD = 2;
  static final byte OP_PREVOD_Z_UCTU = 3;
  static final byte OP_VYBER_KARTOU = 4;

  static final int NULL_ACCOUNT = Integer.MIN_VALUE;
  static final byte NULL_CODE = -1;

  private final int size;
  private final int[] accountId;
  private final int[] epochDay;
  private final byte[] type;
  private final byte[] operation;
  private final int[] amount;
  private final int[] balance;
  private final short[] kSymbol;
  private final List<String> kSymbols;
  private final short[] bank;
  private final List<String> banks;
  private final int[] account;

  TransTable(
      int size,
      int[] accountId,
      int[] epochDay,
      byte[] type,
      byte[] operation,
      int[] amount,
      int[] balance,
      short[] kSymbol,
      List<String> kSymbols,
      short[] bank,
      List<String> banks,
      int[] account) {
    this.size = size;
    this.accountId = accountId;
    this.epochDay = epochDay;
    this.type = type;
    this.operation = operation;
    this.amount = amount;
    this.balance = balance;
    this.kSymbol = kSymbol;
    this.kSymbols = List.copyOf(kSymbols);
    this.bank = bank;
    this.banks = List.copyOf(banks);
    this.account = account;
  }

  public int size() {
    return size;
  }

  /** Row {@code index} (0-based); its trans_id is index + 1. */
  public Trans row(int index) {
    return new Trans(
        index + 1,
        accountId[index],
        LocalDate.ofEpochDay(epochDay[index]),
        TYPES.get(type[index]),
        operation[index] == NO_OPERATION ? null : OPERATIONS.get(operation[index]),
        amount[index],
        balance[index],
        kSymbol[index] == NULL_CODE ? null : kSymbols.get(kSymbol[index]),
        bank[index] == NULL_CODE ? null : banks.get(bank[index]),
        account[index] == NULL_ACCOUNT ? null : account[index]);
  }

  /**
   * Writes all rows in PostgreSQL COPY text format, columns trans_id, account_id, date, type,
   * operation, amount, balance, k_symbol, bank, account. Streams: nothing beyond one row is built.
   */
  public void writeCopyText(Writer out) throws IOException {
    String[] typeText = TYPES.toArray(String[]::new);
    String[] operationText = OPERATIONS.stream().map(CopyText::escape).toArray(String[]::new);
    String[] kSymbolText = kSymbols.stream().map(CopyText::escape).toArray(String[]::new);
    String[] bankText = banks.stream().map(CopyText::escape).toArray(String[]::new);
    StringBuilder line = new StringBuilder(96);
    int cachedDay = Integer.MIN_VALUE;
    String cachedDate = null;
    for (int i = 0; i < size; i++) {
      if (epochDay[i] != cachedDay) {
        cachedDay = epochDay[i];
        cachedDate = LocalDate.ofEpochDay(cachedDay).toString();
      }
      line.setLength(0);
      line.append(i + 1).append('\t').append(accountId[i]).append('\t').append(cachedDate);
      line.append('\t').append(typeText[type[i]]).append('\t');
      line.append(operation[i] == NO_OPERATION ? CopyText.NULL : operationText[operation[i]]);
      line.append('\t').append(amount[i]).append('\t').append(balance[i]).append('\t');
      line.append(kSymbol[i] == NULL_CODE ? CopyText.NULL : kSymbolText[kSymbol[i]]);
      line.append('\t');
      line.append(bank[i] == NULL_CODE ? CopyText.NULL : bankText[bank[i]]);
      line.append('\t');
      if (account[i] == NULL_ACCOUNT) {
        line.append(CopyText.NULL);
      } else {
        line.append(account[i]);
      }
      line.append('\n');
      out.append(line);
    }
  }

  /** SHA-256 of the COPY text: equal for equal tables, so it pins the generator's output. */
  public String sha256() {
    try {
      MessageDigest sha = MessageDigest.getInstance("SHA-256");
      try (Writer w =
          new OutputStreamWriter(
              new DigestOutputStream(OutputStream.nullOutputStream(), sha),
              StandardCharsets.UTF_8)) {
        writeCopyText(w);
      }
      return HexFormat.of().formatHex(sha.digest());
    } catch (NoSuchAlgorithmException e) {
      throw new IllegalStateException("SHA-256 is required of every JVM", e);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
