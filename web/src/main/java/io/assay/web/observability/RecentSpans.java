package io.assay.web.observability;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.List;

/**
 * The default span exporter: keeps the latest {@code capacity} finished spans in memory, oldest
 * dropped first, so tracing costs no network and no log volume, and the spans of a recent job can
 * still be looked at from inside the process. Thread-safe.
 */
public final class RecentSpans implements SpanExporter {
  private final int capacity;
  private final ArrayDeque<SpanData> spans;

  public RecentSpans(int capacity) {
    if (capacity < 1) {
      throw new IllegalArgumentException("capacity must be at least 1");
    }
    this.capacity = capacity;
    this.spans = new ArrayDeque<>(Math.min(capacity, 4096));
  }

  @Override
  public synchronized CompletableResultCode export(Collection<SpanData> finished) {
    for (SpanData span : finished) {
      if (spans.size() == capacity) {
        spans.removeFirst();
      }
      spans.addLast(span);
    }
    return CompletableResultCode.ofSuccess();
  }

  /** The spans held, oldest first. */
  public synchronized List<SpanData> snapshot() {
    return List.copyOf(spans);
  }

  /** The held spans of one trace, oldest first. */
  public synchronized List<SpanData> trace(String traceId) {
    return spans.stream().filter(s -> s.getTraceId().equals(traceId)).toList();
  }

  @Override
  public CompletableResultCode flush() {
    return CompletableResultCode.ofSuccess();
  }

  @Override
  public CompletableResultCode shutdown() {
    return CompletableResultCode.ofSuccess();
  }
}
