package io.assay.store;

import io.assay.contract.finding.Finding;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import javax.sql.DataSource;

/**
 * Table {@code assay.finding}: the Findings of a job, one per plan step. Recording the same step
 * again replaces its Finding (a retried or re-run step), so retries never add rows.
 */
public final class FindingStore {
  private final DataSource dataSource;

  public FindingStore(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  public void record(String jobId, Finding finding) {
    if (jobId == null || jobId.isBlank() || finding == null) {
      throw new IllegalArgumentException("recording a finding needs a job id and the finding");
    }
    String json = CanonicalJson.write(finding);
    try (Connection c = dataSource.getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "insert into assay.finding as f (job_id, step_id, analysis, status, finding, sha256)"
                    + " values (?, ?, ?, ?, ?, ?) on conflict (job_id, step_id) do update set"
                    + " analysis = excluded.analysis, status = excluded.status,"
                    + " finding = excluded.finding, sha256 = excluded.sha256, recorded_at = now()"
                    + " where f.sha256 <> excluded.sha256")) {
      ps.setString(1, jobId);
      ps.setString(2, finding.stepId());
      ps.setString(3, finding.analysis());
      ps.setString(4, finding.status().name());
      ps.setString(5, json);
      ps.setString(6, CanonicalJson.sha256(json));
      ps.executeUpdate();
    } catch (SQLException e) {
      throw new EvidenceStoreException("cannot record finding of step " + finding.stepId(), e);
    }
  }

  /** The job's Findings in the order their steps were first recorded. */
  public List<Finding> forJob(String jobId) {
    return storedForJob(jobId).stream().map(Stored::finding).toList();
  }

  /**
   * As above, unparsed with their checksums: a reader that keeps what it made of a Finding by its
   * checksum parses only the ones it has not seen.
   */
  public List<Stored> storedForJob(String jobId) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "select sha256, finding from assay.finding where job_id = ? order by seq")) {
      ps.setString(1, jobId);
      List<Stored> out = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(new Stored(rs.getString(1), rs.getString(2)));
        }
      }
      return out;
    } catch (SQLException e) {
      throw new EvidenceStoreException("cannot read findings of job " + jobId, e);
    }
  }

  /** A stored Finding: the SHA-256 of its canonical JSON, and the JSON. */
  public record Stored(String sha256, String json) {
    public Finding finding() {
      return CanonicalJson.read(json, Finding.class);
    }
  }
}
