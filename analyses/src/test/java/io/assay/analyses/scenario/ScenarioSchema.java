package io.assay.analyses.scenario;

import io.assay.datasets.testing.TestWarehouse;
import io.assay.recon.Recon;
import io.assay.recon.ReconLoader;
import io.assay.recon.knowledge.KnowledgeSource;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.util.Map;

/**
 * A copy of the warehouse in its own schema with a known anomaly injected, so the shared schema
 * {@code financial} is never changed: {@code trans} is copied, every other table is a view of the
 * original. The anomaly removes a share of one district's cash withdrawals (operation VYBER) in one
 * month. Recon is built from the dataset YAML with the schema name replaced.
 */
final class ScenarioSchema implements AutoCloseable {
  final String schema;
  final String district;
  final LocalDate month;
  final long rowsBefore;
  final long rowsRemoved;
  final long amountRemoved;
  final Recon recon;
  private final TestWarehouse warehouse;

  private ScenarioSchema(
      TestWarehouse warehouse,
      String schema,
      String district,
      LocalDate month,
      long rowsBefore,
      long rowsRemoved,
      long amountRemoved,
      Recon recon) {
    this.warehouse = warehouse;
    this.schema = schema;
    this.district = district;
    this.month = month;
    this.rowsBefore = rowsBefore;
    this.rowsRemoved = rowsRemoved;
    this.amountRemoved = amountRemoved;
    this.recon = recon;
  }

  /** The district with the largest cash withdrawal amount in {@code year}. */
  static String largestCashDistrict(TestWarehouse wh, int year) throws SQLException {
    try (Connection c = wh.adminDataSource().getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "select d.a2 from financial.trans t join financial.account a using (account_id)"
                    + " join financial.district d on d.district_id = a.district_id"
                    + " where t.operation = 'VYBER' and t.date between ? and ?"
                    + " group by d.a2 order by sum(t.amount) desc limit 1")) {
      ps.setObject(1, LocalDate.of(year, 1, 1));
      ps.setObject(2, LocalDate.of(year, 12, 31));
      try (ResultSet rs = ps.executeQuery()) {
        rs.next();
        return rs.getString(1);
      }
    }
  }

  /**
   * Creates {@code schema} and removes {@code share} (every row whose rank among the district's
   * cash withdrawals of the month, by trans_id, falls in the first {@code share} of each block of
   * ten).
   */
  static ScenarioSchema create(
      TestWarehouse wh, String schema, String district, LocalDate month, int tenthsRemoved)
      throws SQLException {
    drop(wh, schema);
    long before;
    long removed;
    long amount;
    try (Connection c = wh.adminDataSource().getConnection();
        Statement s = c.createStatement()) {
      s.execute("create schema " + schema);
      for (String view :
          new String[] {"account", "card", "client", "disp", "district", "loan", "\"order\""}) {
        s.execute("create view " + schema + "." + view + " as select * from financial." + view);
      }
      s.execute("create table " + schema + ".trans as select * from financial.trans");
      s.execute("analyze " + schema + ".trans");
      String victims =
          "select t.trans_id, t.amount, row_number() over (order by t.trans_id) as rn from "
              + schema
              + ".trans t join financial.account a on a.account_id = t.account_id"
              + " join financial.district d on d.district_id = a.district_id"
              + " where t.operation = 'VYBER' and d.a2 = ? and t.date between ? and ?";
      try (PreparedStatement ps =
          c.prepareStatement(
              "select count(*), coalesce(sum(amount), 0) from (" + victims + ") v")) {
        bind(ps, district, month);
        try (ResultSet rs = ps.executeQuery()) {
          rs.next();
          before = rs.getLong(1);
        }
      }
      try (PreparedStatement ps =
          c.prepareStatement(
              "with v as ("
                  + victims
                  + ") delete from "
                  + schema
                  + ".trans t using v"
                  + " where t.trans_id = v.trans_id and (v.rn - 1) % 10 < "
                  + tenthsRemoved
                  + " returning t.amount")) {
        bind(ps, district, month);
        removed = 0;
        amount = 0;
        try (ResultSet rs = ps.executeQuery()) {
          while (rs.next()) {
            removed++;
            amount += rs.getLong(1);
          }
        }
      }
      s.execute("grant usage on schema " + schema + " to " + readerRole(c));
      s.execute("grant select on all tables in schema " + schema + " to " + readerRole(c));
    }
    return new ScenarioSchema(
        wh, schema, district, month, before, removed, amount, recon(wh, schema));
  }

  private static String readerRole(Connection c) {
    return io.assay.datasets.warehouse.ReaderSettings.DEFAULT_ROLE;
  }

  private static void bind(PreparedStatement ps, String district, LocalDate month)
      throws SQLException {
    ps.setString(1, district);
    ps.setObject(2, month);
    ps.setObject(3, month.plusMonths(1).minusDays(1));
  }

  /** Recon over {@code schema}: the financial YAML with its schema name replaced. */
  private static Recon recon(TestWarehouse wh, String schema) {
    try {
      Path dir = Files.createTempDirectory("recon-" + schema);
      for (Map.Entry<String, String> f : KnowledgeSource.classpath("financial").read().entrySet()) {
        String text = f.getValue();
        if (f.getKey().equals("schema_docs.yaml")) {
          String replaced =
              text.replaceFirst("(?m)^schema:\\s*financial\\s*$", "schema: " + schema);
          if (replaced.equals(text)) {
            throw new IllegalStateException(
                "schema_docs.yaml does not declare 'schema: financial'");
          }
          text = replaced;
        }
        Files.writeString(dir.resolve(f.getKey()), text);
      }
      return ReconLoader.load(wh.readerDataSource(), KnowledgeSource.directory(dir));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static void drop(TestWarehouse wh, String schema) throws SQLException {
    try (Connection c = wh.adminDataSource().getConnection();
        Statement s = c.createStatement()) {
      s.execute("drop schema if exists " + schema + " cascade");
    }
  }

  @Override
  public void close() throws SQLException {
    drop(warehouse, schema);
  }
}
