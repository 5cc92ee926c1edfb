package io.assay.delivery;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;

/**
 * Where {@code file:} targets may write: inside one base directory ({@code
 * assay.delivery.file.base-dir}). A relative target is taken relative to the base; an absolute one
 * must lie inside it. Containment is checked on the normalised path and again on the real path of
 * the deepest part that exists, so a symbolic link cannot lead out of the base either. The worker
 * checks again right before writing.
 */
public record FileTargets(Path baseDir) {

  public FileTargets {
    baseDir = baseDir.toAbsolutePath().normalize();
  }

  /**
   * The contained directory for a target, or an {@link IllegalArgumentException} saying why not.
   */
  public Path resolve(String target) {
    Path requested;
    try {
      requested = Path.of(target);
    } catch (InvalidPathException e) {
      throw new IllegalArgumentException("file target '" + target + "' is not a valid path");
    }
    for (Path part : requested) {
      if (part.toString().equals("..")) {
        throw new IllegalArgumentException("file target '" + target + "' may not contain '..'");
      }
    }
    Path resolved = baseDir.resolve(requested).normalize();
    if (!resolved.startsWith(baseDir)) {
      throw outside(target);
    }
    Path real = realOfExisting(resolved);
    if (!real.startsWith(realOfExisting(baseDir))) {
      throw outside(target);
    }
    return resolved;
  }

  private IllegalArgumentException outside(String target) {
    return new IllegalArgumentException(
        "file target '"
            + target
            + "' is outside the delivery directory "
            + baseDir
            + "; give a path inside it (a relative path is taken relative to it)");
  }

  /** The real path of the deepest existing ancestor, with the remaining names appended. */
  static Path realOfExisting(Path path) {
    Path existing = path;
    while (existing != null && !Files.exists(existing, LinkOption.NOFOLLOW_LINKS)) {
      existing = existing.getParent();
    }
    if (existing == null) {
      return path;
    }
    try {
      return existing.toRealPath().resolve(existing.relativize(path)).normalize();
    } catch (IOException e) {
      throw new IllegalArgumentException("cannot read " + existing + ": " + e.getMessage());
    }
  }
}
