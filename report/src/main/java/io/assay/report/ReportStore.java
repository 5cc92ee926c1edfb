package io.assay.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import io.assay.report.body.ReportBody;
import io.assay.report.check.CheckReport;
import io.assay.store.CanonicalJson;
import io.assay.store.EvidenceStoreException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Table {@code assay.report}: one frozen report per job, written once (a trigger refuses updates).
 * A second save for the same job keeps the first and returns it, so a retried activity ends with
 * the report that was frozen first.
 */
public final class ReportStore {
  private final DataSource dataSource;

  public ReportStore(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  /**
   * Saves unless the job already has a frozen report; returns the one stored: the given report when
   * it was inserted, else the one frozen before (a retried build), read back.
   */
  public FrozenReport saveOnce(FrozenReport report) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "insert into assay.report (job_id, body, body_sha256, outline, check_history, repairs,"
                    + " html, html_sha256, markdown, markdown_sha256, frozen_at)"
                    + " values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict (job_id) do nothing")) {
      ps.setString(1, report.body().jobId());
      ps.setString(2, report.bodyJson());
      ps.setString(3, report.bodySha256());
      ps.setString(4, CanonicalJson.write(report.outline()));
      ps.setString(5, CanonicalJson.write(report.checkHistory()));
      ps.setInt(6, report.repairs());
      ps.setString(7, report.html());
      ps.setString(8, report.htmlSha256());
      ps.setString(9, report.markdown());
      ps.setString(10, report.markdownSha256());
      ps.setTimestamp(11, Timestamp.from(Instant.parse(report.body().frozenAt())));
      if (ps.executeUpdate() == 1) {
        return report;
      }
    } catch (SQLException e) {
      throw new EvidenceStoreException(
          "cannot store the report of job " + report.body().jobId(), e);
    }
    return find(report.body().jobId()).orElseThrow();
  }

  /**
   * The checksum of the job's frozen report body, or empty before it is frozen: what a page that
   * only links the report needs, without reading and parsing the body, outline and renderings.
   */
  public Optional<String> bodySha256(String jobId) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement ps =
            c.prepareStatement("select body_sha256 from assay.report where job_id = ?")) {
      ps.setString(1, jobId);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next() ? Optional.of(rs.getString(1)) : Optional.empty();
      }
    } catch (SQLException e) {
      throw new EvidenceStoreException("cannot read the report checksum of job " + jobId, e);
    }
  }

  public Optional<FrozenReport> find(String jobId) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "select body, body_sha256, outline, check_history, html, html_sha256, markdown,"
                    + " markdown_sha256 from assay.report where job_id = ?")) {
      ps.setString(1, jobId);
      try (ResultSet rs = ps.executeQuery()) {
        if (!rs.next()) {
          return Optional.empty();
        }
        String bodyJson = rs.getString("body");
        List<CheckReport> history =
            CanonicalJson.mapper()
                .readValue(
                    rs.getString("check_history"), new TypeReference<List<CheckReport>>() {});
        return Optional.of(
            new FrozenReport(
                CanonicalJson.read(bodyJson, ReportBody.class),
                bodyJson,
                rs.getString("body_sha256"),
                CanonicalJson.read(rs.getString("outline"), Outline.class),
                history,
                rs.getString("html"),
                rs.getString("html_sha256"),
                rs.getString("markdown"),
                rs.getString("markdown_sha256")));
      }
    } catch (SQLException e) {
      throw new EvidenceStoreException("cannot read the report of job " + jobId, e);
    } catch (JsonProcessingException e) {
      throw new IllegalStateException("stored check history of job " + jobId + " is unreadable", e);
    }
  }
}
