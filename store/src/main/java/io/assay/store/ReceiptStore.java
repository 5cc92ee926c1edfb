package io.assay.store;

import io.assay.contract.delivery.ChannelSpec;
import io.assay.contract.delivery.Delivered;
import io.assay.contract.delivery.Receipt;
import io.assay.contract.delivery.ReceiptStatus;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import javax.sql.DataSource;

/**
 * Table {@code assay.delivery_receipt}: one row per (job, channel), unique, so however many times
 * the delivery activity runs there is one receipt; it moves from pending to confirmed once.
 */
public final class ReceiptStore {
  private static final String COLUMNS =
      "job_id, channel, channel_kind, status, attempts, idempotency_key, body_sha256,"
          + " content_sha256, detail, last_error, confirmed_at";

  private final DataSource dataSource;

  public ReceiptStore(DataSource dataSource) {
    this.dataSource = dataSource;
  }

  public Optional<Receipt> find(String jobId, String channel) {
    List<Receipt> found =
        query(
            "select " + COLUMNS + " from assay.delivery_receipt where job_id = ? and channel = ?",
            jobId,
            channel);
    return found.stream().findFirst();
  }

  /** Every receipt of a job, for the job view and operators. */
  public List<Receipt> forJob(String jobId) {
    return query(
        "select " + COLUMNS + " from assay.delivery_receipt where job_id = ? order by id", jobId);
  }

  /** The receipts of several jobs at once (a monitor's runs), by job, each job's in order. */
  public java.util.Map<String, List<Receipt>> forJobs(List<String> jobIds) {
    java.util.Map<String, List<Receipt>> out = new java.util.LinkedHashMap<>();
    if (jobIds.isEmpty()) {
      return out;
    }
    String marks = String.join(", ", java.util.Collections.nCopies(jobIds.size(), "?"));
    for (Receipt r :
        query(
            "select "
                + COLUMNS
                + " from assay.delivery_receipt where job_id in ("
                + marks
                + ")"
                + " order by id",
            jobIds.toArray())) {
      out.computeIfAbsent(r.jobId(), k -> new ArrayList<>()).add(r);
    }
    return out;
  }

  /** Records an attempt: creates the pending receipt or counts one more attempt on it. */
  public Receipt beginAttempt(
      String jobId, ChannelSpec spec, String idempotencyKey, String bodySha256) {
    update(
        "insert into assay.delivery_receipt as r (job_id, channel, channel_kind, idempotency_key, status,"
            + " attempts, body_sha256) values (?, ?, ?, ?, 'pending', 1, ?)"
            + " on conflict (job_id, channel) do update set attempts = r.attempts + 1,"
            + " updated_at = now() where r.status = 'pending'",
        jobId,
        spec.name(),
        spec.kind(),
        idempotencyKey,
        bodySha256);
    return find(jobId, spec.name()).orElseThrow();
  }

  /** Confirms the pending receipt; a receipt already confirmed keeps its first confirmation. */
  public Receipt confirm(String jobId, String channel, Delivered delivered) {
    update(
        "update assay.delivery_receipt set status = 'confirmed', content_sha256 = ?, detail = ?,"
            + " last_error = null, confirmed_at = now(), updated_at = now()"
            + " where job_id = ? and channel = ? and status = 'pending'",
        delivered.contentSha256(),
        delivered.detail(),
        jobId,
        channel);
    return find(jobId, channel).orElseThrow();
  }

  /** Records why the latest attempt was not confirmed; the receipt stays pending. */
  public void recordFailure(String jobId, String channel, String error) {
    update(
        "update assay.delivery_receipt set last_error = ?, updated_at = now()"
            + " where job_id = ? and channel = ? and status = 'pending'",
        error,
        jobId,
        channel);
  }

  private void update(String sql, Object... args) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < args.length; i++) {
        ps.setObject(i + 1, args[i]);
      }
      ps.executeUpdate();
    } catch (SQLException e) {
      throw new EvidenceStoreException("cannot write delivery receipt: " + e.getMessage(), e);
    }
  }

  private List<Receipt> query(String sql, Object... args) {
    try (Connection c = dataSource.getConnection();
        PreparedStatement ps = c.prepareStatement(sql)) {
      for (int i = 0; i < args.length; i++) {
        ps.setObject(i + 1, args[i]);
      }
      List<Receipt> out = new ArrayList<>();
      try (ResultSet rs = ps.executeQuery()) {
        while (rs.next()) {
          Timestamp confirmed = rs.getTimestamp("confirmed_at");
          out.add(
              new Receipt(
                  rs.getString("job_id"),
                  rs.getString("channel"),
                  rs.getString("channel_kind"),
                  ReceiptStatus.valueOf(rs.getString("status").toUpperCase(Locale.ROOT)),
                  rs.getInt("attempts"),
                  rs.getString("idempotency_key"),
                  rs.getString("body_sha256"),
                  rs.getString("content_sha256"),
                  rs.getString("detail"),
                  rs.getString("last_error"),
                  confirmed == null ? null : confirmed.toInstant()));
        }
      }
      return out;
    } catch (SQLException e) {
      throw new EvidenceStoreException("cannot read delivery receipts: " + e.getMessage(), e);
    }
  }
}
