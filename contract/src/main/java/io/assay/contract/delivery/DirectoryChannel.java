package io.assay.contract.delivery;

/**
 * A directory on the worker's file system: the report lands in {@code directory/<job>/} as
 * report.html, report.md and manifest.json.
 */
public record DirectoryChannel(String name, String directory) implements ChannelSpec {
  public DirectoryChannel {
    ChannelSpec.requireName(name);
    if (directory == null || directory.isBlank()) {
      throw new IllegalArgumentException("file channel " + name + " needs a directory");
    }
  }

  @Override
  public String kind() {
    return "file";
  }
}
