package io.assay.recon;

import io.assay.pick.ColumnRef;
import java.util.List;
import java.util.Optional;

/**
 * The coded values of a column and what they mean. When {@code closed}, these are the only valid
 * values and the composer rejects others.
 */
public record CodeList(ColumnRef column, boolean closed, List<Code> values) {

  public CodeList {
    values = List.copyOf(values);
  }

  /** One stored value, its meaning, and the words a user may type for it. */
  public record Code(String value, String meaning, List<String> words) {
    public Code {
      words = words == null ? List.of() : List.copyOf(words);
    }
  }

  public Optional<Code> code(String value) {
    return values.stream().filter(c -> c.value().equals(value)).findFirst();
  }
}
