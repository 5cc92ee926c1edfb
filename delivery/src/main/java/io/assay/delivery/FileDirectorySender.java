package io.assay.delivery;

import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.assay.contract.delivery.Delivered;
import io.assay.contract.delivery.DirectoryChannel;
import io.assay.store.CanonicalJson;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes {@code report.html}, {@code report.md} and then {@code manifest.json} (their hashes and
 * the body checksum) into {@code directory/<job>/}. Each file is written to a temporary file,
 * forced to disk and atomically renamed, so a reader never sees half a file; a file already present
 * with the same content is skipped, and one present with different content is refused, never
 * overwritten. The manifest comes last, so its presence means the delivery is complete.
 */
public final class FileDirectorySender implements DeliveryChannel<DirectoryChannel> {
  private final FileTargets targets;

  public FileDirectorySender(FileTargets targets) {
    this.targets = targets;
  }

  @Override
  public Delivered deliver(DirectoryChannel spec, DeliveryContent content, String idempotencyKey) {
    Path dir;
    try {
      dir = targets.resolve(spec.directory()).resolve(folder(content.jobId()));
    } catch (IllegalArgumentException e) {
      throw new ChannelNotConfirmedException(
          "file channel " + spec.name() + " refused: " + e.getMessage(), false, e);
    }
    try {
      Files.createDirectories(dir);
      // A link planted between the check and the write must not lead out of the base either.
      if (!dir.toRealPath().startsWith(FileTargets.realOfExisting(targets.baseDir()))) {
        throw new ChannelNotConfirmedException(
            "file channel " + spec.name() + " refused: " + dir + " leads outside the base", false);
      }
      Map<String, String> files = new LinkedHashMap<>();
      files.put("report.html", write(dir.resolve("report.html"), content.html()));
      files.put("report.md", write(dir.resolve("report.md"), content.markdown()));
      ObjectNode manifest = JsonNodeFactory.instance.objectNode();
      manifest.put("jobId", content.jobId());
      manifest.put("bodySha256", content.bodySha256());
      manifest.put("idempotencyKey", idempotencyKey);
      ObjectNode hashes = manifest.putObject("files");
      files.forEach(hashes::put);
      String manifestText = CanonicalJson.write(manifest);
      write(dir.resolve("manifest.json"), manifestText);
      return new Delivered(CanonicalJson.sha256(manifestText), "written to " + dir);
    } catch (IOException e) {
      throw new ChannelNotConfirmedException(
          "file channel " + spec.name() + " cannot write to " + dir + ": " + e, true, e);
    }
  }

  /** Writes atomically unless identical content is present; returns the content's SHA-256. */
  private static String write(Path target, String text) throws IOException {
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    String sha = CanonicalJson.sha256(bytes);
    if (Files.exists(target)) {
      String present = CanonicalJson.sha256(Files.readAllBytes(target));
      if (present.equals(sha)) {
        return sha;
      }
      throw new ChannelNotConfirmedException(
          target
              + " already exists with different content (sha256 "
              + present
              + "); refusing to overwrite a delivered report",
          false);
    }
    Path temp = Files.createTempFile(target.getParent(), "." + target.getFileName(), ".tmp");
    try {
      try (FileChannel out = FileChannel.open(temp, StandardOpenOption.WRITE)) {
        ByteBuffer buffer = ByteBuffer.wrap(bytes);
        while (buffer.hasRemaining()) {
          out.write(buffer);
        }
        out.force(true);
      }
      try {
        Files.move(temp, target, StandardCopyOption.ATOMIC_MOVE);
      } catch (AtomicMoveNotSupportedException e) {
        throw new IOException(
            "the file system cannot rename atomically in " + target.getParent(), e);
      }
    } finally {
      Files.deleteIfExists(temp);
    }
    return sha;
  }

  /** A directory name for a job id: safe characters kept, anything else replaced and hashed. */
  static String folder(String jobId) {
    String safe = jobId.replaceAll("[^A-Za-z0-9._-]", "_");
    if (safe.equals(jobId) && !safe.equals(".") && !safe.equals("..")) {
      return safe;
    }
    return safe.replace('.', '_') + "-" + CanonicalJson.sha256(jobId).substring(0, 8);
  }
}
