package io.assay.datasets.warehouse;

import io.assay.datasets.financial.Account;
import io.assay.datasets.financial.Card;
import io.assay.datasets.financial.Client;
import io.assay.datasets.financial.CopyText;
import io.assay.datasets.financial.Disp;
import io.assay.datasets.financial.District;
import io.assay.datasets.financial.FinancialTables;
import io.assay.datasets.financial.Loan;
import io.assay.datasets.financial.PermanentOrder;
import io.assay.datasets.financial.TransTable;
import java.io.IOException;
import java.io.Writer;
import java.util.List;

/**
 * The eight warehouse tables in BIRD's schema (names, columns and types as BIRD's gold SQL expects;
 * district's A2…A16 are the lower-case columns a2…a16, as unquoted SQL spells them), in load order,
 * with their indexes and foreign keys.
 */
enum WarehouseTable {
  DISTRICT(
      "district",
      """
      district_id integer PRIMARY KEY, a2 text, a3 text, a4 text, a5 text, a6 text, a7 text,
      a8 integer, a9 integer, a10 real, a11 integer, a12 real, a13 real, a14 integer,
      a15 integer, a16 integer""",
      List.of(),
      List.of()),
  ACCOUNT(
      "account",
      """
      account_id integer PRIMARY KEY, district_id integer NOT NULL, frequency text NOT NULL,
      "date" date NOT NULL""",
      List.of("district_id"),
      List.of("district_id:district")),
  CLIENT(
      "client",
      """
      client_id integer PRIMARY KEY, gender text NOT NULL, birth_date date NOT NULL,
      district_id integer NOT NULL""",
      List.of("district_id"),
      List.of("district_id:district")),
  DISP(
      "disp",
      """
      disp_id integer PRIMARY KEY, client_id integer NOT NULL, account_id integer NOT NULL,
      type text NOT NULL""",
      List.of("client_id", "account_id"),
      List.of("client_id:client", "account_id:account")),
  CARD(
      "card",
      """
      card_id integer PRIMARY KEY, disp_id integer NOT NULL, type text NOT NULL,
      issued date NOT NULL""",
      List.of("disp_id"),
      List.of("disp_id:disp")),
  LOAN(
      "loan",
      """
      loan_id integer PRIMARY KEY, account_id integer NOT NULL, "date" date NOT NULL,
      amount integer NOT NULL, duration integer NOT NULL, payments real NOT NULL,
      status text NOT NULL""",
      List.of("account_id"),
      List.of("account_id:account")),
  ORDER(
      "order",
      """
      order_id integer PRIMARY KEY, account_id integer NOT NULL, bank_to text NOT NULL,
      account_to integer, amount real NOT NULL, k_symbol text""",
      List.of("account_id"),
      List.of("account_id:account")),
  TRANS(
      "trans",
      """
      trans_id integer PRIMARY KEY, account_id integer NOT NULL, "date" date NOT NULL,
      type text NOT NULL, operation text, amount integer NOT NULL, balance integer NOT NULL,
      k_symbol text, bank text, account integer""",
      List.of("account_id, \"date\"", "\"date\""),
      List.of("account_id:account"));

  final String table;
  final String columns;
  final List<String> indexes;

  /** "column:referenced table" pairs; the referenced column is that table's primary key. */
  final List<String> foreignKeys;

  WarehouseTable(String table, String columns, List<String> indexes, List<String> foreignKeys) {
    this.table = table;
    this.columns = columns;
    this.indexes = indexes;
    this.foreignKeys = foreignKeys;
  }

  /** Schema-qualified, quoted where needed ({@code "order"} is a reserved word). */
  String qualified(String schema) {
    return schema + "." + quoted();
  }

  String quoted() {
    return this == ORDER ? "\"order\"" : table;
  }

  static WarehouseTable byName(String name) {
    for (WarehouseTable t : values()) {
      if (t.table.equals(name)) {
        return t;
      }
    }
    throw new IllegalArgumentException("no warehouse table " + name);
  }

  /** Writes the table's rows as COPY text (for trans, the generated table). */
  void writeRows(FinancialTables tables, TransTable trans, Writer out) throws IOException {
    switch (this) {
      case DISTRICT -> {
        for (District d : tables.districts()) {
          row(
              out,
              d.districtId(),
              d.a2(),
              d.a3(),
              d.a4(),
              d.a5(),
              d.a6(),
              d.a7(),
              d.a8(),
              d.a9(),
              d.a10(),
              d.a11(),
              d.a12(),
              d.a13(),
              d.a14(),
              d.a15(),
              d.a16());
        }
      }
      case ACCOUNT -> {
        for (Account a : tables.accounts()) {
          row(out, a.accountId(), a.districtId(), a.frequency(), a.date());
        }
      }
      case CLIENT -> {
        for (Client c : tables.clients()) {
          row(out, c.clientId(), c.gender(), c.birthDate(), c.districtId());
        }
      }
      case DISP -> {
        for (Disp d : tables.disps()) {
          row(out, d.dispId(), d.clientId(), d.accountId(), d.type());
        }
      }
      case CARD -> {
        for (Card c : tables.cards()) {
          row(out, c.cardId(), c.dispId(), c.type(), c.issued());
        }
      }
      case LOAN -> {
        for (Loan l : tables.loans()) {
          row(
              out,
              l.loanId(),
              l.accountId(),
              l.date(),
              l.amount(),
              l.duration(),
              l.payments(),
              l.status());
        }
      }
      case ORDER -> {
        for (PermanentOrder o : tables.orders()) {
          row(out, o.orderId(), o.accountId(), o.bankTo(), o.accountTo(), o.amount(), o.kSymbol());
        }
      }
      case TRANS -> trans.writeCopyText(out);
    }
  }

  private static void row(Writer out, Object... values) throws IOException {
    for (int i = 0; i < values.length; i++) {
      if (i > 0) {
        out.write('\t');
      }
      Object v = values[i];
      out.write(v == null ? CopyText.NULL : CopyText.escape(v.toString()));
    }
    out.write('\n');
  }
}
