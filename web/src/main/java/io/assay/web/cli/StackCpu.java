package io.assay.web.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * CPU time used by this JVM and by the processes it started (the Temporal CLI's server, the
 * embedded PostgreSQL and its backends): a figure that, unlike latency, does not grow with the
 * other work on a shared machine.
 *
 * <p>PostgreSQL runs each connection and each parallel query worker as a child of its postmaster; a
 * worker lives only as long as its query. The CPU of children that have exited is read from the
 * postmaster's {@code cutime}/{@code cstime} in {@code /proc}, so the figure counts them too.
 */
record StackCpu(long assayJvm, long temporalServer, long postgres, long other) {

  /** Clock ticks per second of {@code /proc/<pid>/stat} (USER_HZ, 100 on Linux). */
  private static final long TICKS_PER_SECOND = 100;

  static StackCpu now(String home) {
    long jvm =
        ((com.sun.management.OperatingSystemMXBean)
                    java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime()
            / 1_000_000;
    long temporal = 0;
    long postgres = 0;
    long other = 0;
    // The embedded PostgreSQL detaches from this JVM: found by its data directory under home.
    Set<ProcessHandle> processes =
        new LinkedHashSet<>(ProcessHandle.current().descendants().toList());
    for (ProcessHandle postmaster :
        ProcessHandle.allProcesses()
            .filter(
                p ->
                    p.info().command().orElse("").endsWith("postgres")
                        && String.join(" ", p.info().arguments().orElse(new String[0]))
                            .contains(home))
            .toList()) {
      processes.add(postmaster);
      processes.addAll(postmaster.descendants().toList());
      postgres += exitedChildrenMillis(postmaster.pid());
    }
    for (ProcessHandle p : processes) {
      long millis = p.info().totalCpuDuration().map(Duration::toMillis).orElse(0L);
      String command = p.info().command().orElse("");
      if (command.endsWith("temporal")) {
        temporal += millis;
      } else if (command.endsWith("postgres") || command.isEmpty()) {
        postgres += millis;
      } else {
        other += millis;
      }
    }
    return new StackCpu(jvm, temporal, postgres, other);
  }

  /** CPU of a process's children that have exited and been waited for; 0 where /proc is absent. */
  private static long exitedChildrenMillis(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
      // Fields after the command name (which may hold spaces) in parentheses: cutime is the 16th
      // field of the line, cstime the 17th, i.e. the 14th and 15th after ") ".
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return (Long.parseLong(f[13]) + Long.parseLong(f[14])) * 1000 / TICKS_PER_SECOND;
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }

  StackCpu minus(StackCpu before) {
    return new StackCpu(
        assayJvm - before.assayJvm,
        temporalServer - before.temporalServer,
        postgres - before.postgres,
        other - before.other);
  }

  /** Milliseconds per job for each process, in a fixed order. */
  Map<String, Long> perJob(int jobs) {
    Map<String, Long> m = new LinkedHashMap<>();
    m.put("assayJvm", assayJvm / jobs);
    m.put("temporalServer", temporalServer / jobs);
    m.put("postgres", Math.max(0, postgres) / jobs);
    m.put("other", Math.max(0, other) / jobs);
    return m;
  }
}
