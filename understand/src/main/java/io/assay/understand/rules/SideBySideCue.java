package io.assay.understand.rules;

import io.assay.understand.Cue;
import io.assay.understand.Cue.Kind;
import io.assay.understand.Mention;
import io.assay.understand.Target;
import java.util.Set;

/**
 * "the ratio of owners to disponents", "how many classic cards for every junior card": a ratio
 * word, or a per-word followed by a stored value rather than an entity, sets two quantities side by
 * side (read before groupings, which would take "for every" as a grouping; {@link TwoSides} builds
 * the ratio).
 */
final class SideBySideCue implements Rule {

  @Override
  public void apply(Draft d) {
    for (int i = 0; i < d.items.size(); i++) {
      if (!(d.at(i) instanceof Cue c) || d.isUsed(c)) {
        continue;
      }
      if (c.kind() == Kind.RATIO) {
        d.sideBySide = true;
      } else if (c.kind() == Kind.GROUP
          && Set.of("for every", "for each", "per").contains(c.text())
          && d.at(i + 1) instanceof Mention m
          && m.has(Target.Value.class)
          && !m.has(Target.Table.class)) {
        d.sideBySide = true;
        d.use(c);
      }
    }
  }
}
