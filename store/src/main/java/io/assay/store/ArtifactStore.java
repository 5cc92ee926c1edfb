package io.assay.store;

import com.fasterxml.jackson.databind.JsonNode;
import io.assay.contract.evidence.ArtifactInfo;
import io.assay.contract.evidence.ArtifactKind;
import io.assay.contract.evidence.ArtifactStatus;
import io.assay.contract.finding.ArtifactRef;
import io.assay.contract.finding.ChartData;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Table {@code assay.artifact}: write, read back, verify, accept or revoke.
 *
 * <p>Each write carries an idempotency key (unique in the table) derived from the workflow and
 * activity that produced it, so a retried activity finds its earlier row instead of adding one. The
 * row starts PENDING; the content is then read back, re-hashed and validated for its kind, and the
 * row becomes ACCEPTED or REVOKED. A retry that finds the row still PENDING (the earlier attempt
 * died between write and check) finishes the check.
 */
public final class ArtifactStore {
  private static final String COLUMNS =
      "id, job_id, step_id, kind, content_sha256, status, revoked_reason, size_bytes, created_at";

  private final DataSource dataSource;

  public ArtifactStore(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  /**
   * Stores {@code content} (a record, map or JSON tree; serialised canonically) and returns its
   * state after the read-back check. Reusing an idempotency key for different content is an error.
   */
  public ArtifactInfo store(
      String jobId, String stepId, ArtifactKind kind, String idempotencyKey, Object content) {
    require(jobId, "job id");
    require(stepId, "step id");
    require(idempotencyKey, "idempotency key");
    if (kind == null || content == null) {
      throw new IllegalArgumentException("an artifact needs a kind and content");
    }
    String json = CanonicalJson.write(content);
    String sha = CanonicalJson.sha256(json);
    long id = insertOrFind(jobId, stepId, kind, idempotencyKey, json, sha);
    return settle(id, sha);
  }

  /**
   * Stores and requires acceptance: the reference an analysis can cite, or an {@link
   * ArtifactRejectedException} saying why the content was revoked.
   */
  public ArtifactRef storeAccepted(
      String jobId, String stepId, ArtifactKind kind, String idempotencyKey, Object content) {
    ArtifactInfo info = store(jobId, stepId, kind, idempotencyKey, content);
    if (!info.accepted()) {
      throw new ArtifactRejectedException(info);
    }
    return info.ref();
  }

  /** Stores a chart dataset as chart_data and returns it citing its own artifact. */
  @SuppressWarnings("unchecked")
  public <C extends ChartData> C storeChart(
      String jobId, String stepId, String idempotencyKey, C chart) {
    ArtifactRef ref =
        storeAccepted(jobId, stepId, ArtifactKind.CHART_DATA, idempotencyKey, chartContent(chart));
    return (C) chart.withSource(ref);
  }

  /** What a chart_data artifact holds for {@code chart}: the dataset without its source. */
  public static JsonNode chartContent(ChartData chart) {
    return CanonicalJson.tree(chart.withSource(null));
  }

  public Optional<ArtifactInfo> info(long id) {
    return query("select " + COLUMNS + " from assay.artifact where id = ?", id).stream()
        .findFirst();
  }

  /** The artifact with its content, or empty when no row has this id. */
  public Optional<Artifact> find(long id) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "select " + COLUMNS + ", content from assay.artifact where id = ?")) {
      ps.setLong(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        return rs.next()
            ? Optional.of(new Artifact(info(rs), rs.getString("content")))
            : Optional.empty();
      }
    } catch (SQLException e) {
      throw new EvidenceStoreException("cannot read artifact " + id, e);
    }
  }

  /** Every artifact of a job with content, in write order, whatever its status. */
  public List<Artifact> forJob(String jobId) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "select "
                    + COLUMNS
                    + ", content from assay.artifact where job_id = ? order by id")) {
      ps.setString(1, jobId);
      List<Artifact> out = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(new Artifact(info(rs), rs.getString("content")));
        }
      }
      return out;
    } catch (SQLException e) {
      throw new EvidenceStoreException("cannot list artifacts of job " + jobId, e);
    }
  }

  /**
   * Parts of a job's accepted computations of one kind ({@code "anomaly_scan"}) written by steps
   * whose id ends with {@code stepSuffix}: the content's top-level {@code keys} only, picked out by
   * the database, so a reader of a few fields does not fetch and parse every artifact of the job.
   */
  public List<ArtifactPart> computations(
      String jobId, String stepSuffix, String computationKind, List<String> keys) {
    StringBuilder pick = new StringBuilder("jsonb_build_object(");
    for (int i = 0; i < keys.size(); i++) {
      pick.append(i == 0 ? "" : ", ").append("?::text, c.content::jsonb -> ?::text");
    }
    pick.append(")::text");
    try (Connection c = dataSource.getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "select "
                    + COLUMNS
                    + ", "
                    + pick
                    + " as part from assay.artifact c where job_id = ? and status = 'accepted'"
                    + " and kind = ? and right(step_id, ?) = ?"
                    + " and c.content::jsonb ->> 'kind' = ? order by id")) {
      int p = 1;
      for (String key : keys) {
        ps.setString(p++, key);
        ps.setString(p++, key);
      }
      ps.setString(p++, jobId);
      ps.setString(p++, ArtifactKind.COMPUTATION.code());
      ps.setInt(p++, stepSuffix.length());
      ps.setString(p++, stepSuffix);
      ps.setString(p, computationKind);
      List<ArtifactPart> out = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(new ArtifactPart(info(rs), CanonicalJson.parse(rs.getString("part"))));
        }
      }
      return out;
    } catch (SQLException e) {
      throw new EvidenceStoreException(
          "cannot read " + computationKind + " computations of job " + jobId, e);
    }
  }

  /** Metadata of every artifact of a job, in write order. */
  public List<ArtifactInfo> infoForJob(String jobId) {
    return query("select " + COLUMNS + " from assay.artifact where job_id = ? order by id", jobId);
  }

  /** Revokes for good; revoking twice keeps the first reason. */
  public ArtifactInfo revoke(long id, String reason) {
    require(reason, "revocation reason");
    try (Connection c = dataSource.getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "update assay.artifact set status = 'revoked', revoked_reason = ?, revoked_at = now()"
                    + " where id = ? and status <> 'revoked'")) {
      ps.setString(1, reason);
      ps.setLong(2, id);
      ps.executeUpdate();
    } catch (SQLException e) {
      throw new EvidenceStoreException("cannot revoke artifact " + id, e);
    }
    return info(id).orElseThrow(() -> new IllegalArgumentException("no artifact with id " + id));
  }

  /**
   * Reads an accepted artifact back and re-hashes it; content that no longer matches its hash is
   * revoked. Returns the state after the check.
   */
  public ArtifactInfo verify(long id) {
    Artifact artifact =
        find(id).orElseThrow(() -> new IllegalArgumentException("no artifact with id " + id));
    if (artifact.info().status() == ArtifactStatus.ACCEPTED && !artifact.intact()) {
      return revoke(id, "content no longer matches its SHA-256");
    }
    return artifact.info();
  }

  private long insertOrFind(
      String jobId, String stepId, ArtifactKind kind, String key, String json, String sha) {
    try (Connection c = dataSource.getConnection()) {
      try (PreparedStatement ps =
          c.prepareStatement(
              "insert into assay.artifact (job_id, step_id, kind, content, content_sha256, size_bytes,"
                  + " status, idempotency_key) values (?, ?, ?, ?, ?, ?, 'pending', ?)"
                  + " on conflict (idempotency_key) do nothing returning id")) {
        ps.setString(1, jobId);
        ps.setString(2, stepId);
        ps.setString(3, kind.code());
        ps.setString(4, json);
        ps.setString(5, sha);
        ps.setLong(6, json.getBytes(StandardCharsets.UTF_8).length);
        ps.setString(7, key);
        try (ResultSet rs = ps.executeQuery()) {
          if (rs.next()) {
            return rs.getLong(1);
          }
        }
      }
      try (PreparedStatement ps =
          c.prepareStatement(
              "select " + COLUMNS + " from assay.artifact where idempotency_key = ?")) {
        ps.setString(1, key);
        try (ResultSet rs = ps.executeQuery()) {
          if (!rs.next()) {
            throw new EvidenceStoreException("artifact with key " + key + " vanished", null);
          }
          ArtifactInfo existing = info(rs);
          if (!existing.jobId().equals(jobId)
              || !existing.stepId().equals(stepId)
              || existing.kind() != kind
              || !existing.ref().sha256().equals(sha)) {
            throw new IllegalArgumentException(
                "idempotency key "
                    + key
                    + " already names artifact "
                    + existing.ref().label()
                    + " of job "
                    + existing.jobId()
                    + " step "
                    + existing.stepId()
                    + " with different content; a retry must write the same content");
          }
          return existing.ref().id();
        }
      }
    } catch (SQLException e) {
      throw new EvidenceStoreException("cannot write artifact for job " + jobId, e);
    }
  }

  /** The read-back check: re-hash what the database returns and validate it for its kind. */
  private ArtifactInfo settle(long id, String expectedSha) {
    Artifact stored =
        find(id)
            .orElseThrow(() -> new EvidenceStoreException("artifact " + id + " vanished", null));
    if (stored.info().status() != ArtifactStatus.PENDING) {
      return stored.info();
    }
    String actualSha = CanonicalJson.sha256(stored.content());
    if (!actualSha.equals(expectedSha) || !actualSha.equals(stored.info().ref().sha256())) {
      return revoke(id, "read-back content hashes to " + actualSha + ", expected " + expectedSha);
    }
    Optional<String> problem;
    try {
      problem = ArtifactValidator.problem(stored.info().kind(), stored.json());
    } catch (IllegalArgumentException e) {
      problem = Optional.of(e.getMessage());
    }
    if (problem.isPresent()) {
      return revoke(id, problem.get());
    }
    // The accepted row comes back from the update itself; a row another writer settled first
    // (no longer pending) is read as it stands.
    try (Connection c = dataSource.getConnection();
        PreparedStatement ps =
            c.prepareStatement(
                "update assay.artifact set status = 'accepted', accepted_at = now()"
                    + " where id = ? and status = 'pending' returning "
                    + COLUMNS)) {
      ps.setLong(1, id);
      try (ResultSet rs = ps.executeQuery()) {
        if (rs.next()) {
          return info(rs);
        }
      }
    } catch (SQLException e) {
      throw new EvidenceStoreException("cannot accept artifact " + id, e);
    }
    return info(id).orElseThrow();
  }

  private List<ArtifactInfo> query(String sql, Object key) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement ps = c.prepareStatement(sql)) {
      ps.setObject(1, key);
      List<ArtifactInfo> out = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          out.add(info(rs));
        }
      }
      return out;
    } catch (SQLException e) {
      throw new EvidenceStoreException("cannot read artifacts (" + key + ")", e);
    }
  }

  private static ArtifactInfo info(ResultSet rs) throws SQLException {
    Timestamp created = rs.getTimestamp("created_at");
    return new ArtifactInfo(
        new ArtifactRef(rs.getLong("id"), rs.getString("content_sha256")),
        rs.getString("job_id"),
        rs.getString("step_id"),
        ArtifactKind.ofCode(rs.getString("kind")),
        ArtifactStatus.ofCode(rs.getString("status")),
        rs.getString("revoked_reason"),
        rs.getLong("size_bytes"),
        created == null ? null : created.toInstant());
  }

  private static void require(String value, String what) {
    if (value == null || value.isBlank()) {
      throw new IllegalArgumentException("artifact " + what + " is required");
    }
  }
}
