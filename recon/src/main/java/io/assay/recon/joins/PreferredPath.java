package io.assay.recon.joins;

import java.util.List;

/** A declared path between two tables, through {@code tables} in order, and why it is right. */
public record PreferredPath(List<String> tables, String why) {
  public PreferredPath {
    tables = List.copyOf(tables);
  }
}
