package io.assay.web.cli;

import java.util.Locale;
import java.util.Map;

/**
 * Reads a setting the way Spring Boot will (command-line {@code --name=value} first, then the
 * environment variable), for the checks that must run before Spring starts.
 */
record LaunchSettings(String[] args, Map<String, String> env) {

  static LaunchSettings of(String[] args) {
    return new LaunchSettings(args, System.getenv());
  }

  String get(String name, String fallback) {
    String prefix = "--" + name + "=";
    for (String arg : args) {
      if (arg.startsWith(prefix)) {
        return arg.substring(prefix.length());
      }
    }
    String envName = name.toUpperCase(Locale.ROOT).replace('.', '_').replace("-", "");
    String value = env.get(envName);
    return value == null || value.isBlank() ? fallback : value;
  }

  /**
   * {@code given} followed by each {@code name=value} of {@code defaults} whose name it does not
   * set: Spring Boot would join two values of one option ("0,18500") instead of taking the last.
   */
  static java.util.List<String> withDefaults(
      java.util.List<String> given, java.util.List<String> defaults) {
    java.util.List<String> all = new java.util.ArrayList<>(given);
    for (String setting : defaults) {
      String name = "--" + setting.substring(0, setting.indexOf('=') + 1);
      if (given.stream().noneMatch(a -> a.startsWith(name))) {
        all.add("--" + setting);
      }
    }
    return all;
  }

  int port(String name, int fallback) {
    String value = get(name, Integer.toString(fallback));
    try {
      return Integer.parseInt(value.strip());
    } catch (NumberFormatException e) {
      throw new Cli.UsageException(name + " must be a port number, was '" + value + "'");
    }
  }
}
