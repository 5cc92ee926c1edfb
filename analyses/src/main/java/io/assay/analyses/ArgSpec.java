package io.assay.analyses;

/**
 * One argument of an analysis.
 *
 * @param defaultValue used when the argument is absent; null when there is none (then a required
 *     argument must be given)
 */
public record ArgSpec(
    String name, ArgType type, boolean required, String description, Object defaultValue) {
  public ArgSpec {
    if (name == null || !name.matches("[a-z][a-z0-9_]*")) {
      throw new IllegalArgumentException("arg name must be snake_case, got " + name);
    }
    if (type == null) {
      throw new IllegalArgumentException("arg " + name + " needs a type");
    }
    description = description == null ? "" : description.strip();
  }

  /** What forms and messages call the argument: its name in words ("located_by" → "Located by"). */
  public String label() {
    String words = name.replace('_', ' ');
    return Character.toUpperCase(words.charAt(0)) + words.substring(1);
  }

  public static ArgSpec required(String name, ArgType type, String description) {
    return new ArgSpec(name, type, true, description, null);
  }

  public static ArgSpec optional(
      String name, ArgType type, String description, Object defaultValue) {
    return new ArgSpec(name, type, false, description, defaultValue);
  }
}
