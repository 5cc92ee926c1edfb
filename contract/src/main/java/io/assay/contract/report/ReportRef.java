package io.assay.contract.report;

/**
 * A small handle on a frozen report: what the workflow keeps and passes to delivery instead of the
 * report itself. {@code bodySha256} is the checksum every delivery receipt must carry.
 */
public record ReportRef(
    String jobId,
    String bodySha256,
    String htmlSha256,
    String markdownSha256,
    long htmlBytes,
    long markdownBytes,
    int sections,
    int facts,
    int repairs,
    String frozenAt) {}
