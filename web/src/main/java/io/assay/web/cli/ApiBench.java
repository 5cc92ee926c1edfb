package io.assay.web.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import org.springframework.context.ConfigurableApplicationContext;

/**
 * {@code assay bench api}: {@code --clients} concurrent API clients (default 200) each sending
 * {@code GET /api/jobs} with HTTP basic credentials, {@code --requests} in all (default 2,000).
 * Prints requests per second and latency; {@code --verified-ttl 0s} measures a bcrypt check per
 * request for comparison.
 */
final class ApiBench {
  private static final String USER = "bench-analyst";
  private static final String PASSWORD = "bench-password-" + System.nanoTime();

  private ApiBench() {}

  static int run(String[] args, PrintStream out, PrintStream err)
      throws IOException, InterruptedException {
    boolean json = List.of(args).contains("--json");
    int clients = 200;
    int requests = 2_000;
    String ttl = "60s";
    List<String> launch = new ArrayList<>();
    launch.addAll(
        List.of(
            "--assay.temporal.embedded=in-process",
            "--server.tomcat.threads.max=200",
            "--assay.security.users[0].name=" + USER,
            "--assay.security.users[0].password=" + PASSWORD,
            "--assay.security.users[0].role=ANALYST"));
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--clients" -> clients = Integer.parseInt(args[++i]);
        case "--requests" -> requests = Integer.parseInt(args[++i]);
        case "--verified-ttl" -> ttl = args[++i];
        default -> {
          if (args[i].startsWith("--assay.") || args[i].startsWith("--server.")) {
            launch.add(args[i]);
          }
        }
      }
    }
    launch.add("--assay.security.verified-credentials-ttl=" + ttl);
    // Any free port unless the caller chose one.
    launch =
        LaunchSettings.withDefaults(
            launch,
            List.of("server.port=0", "assay.temporal.embedded-port=0", "logging.level.root=warn"));
    err.println("bench api: starting the stack...");
    try (ConfigurableApplicationContext app = UpCommand.start(launch.toArray(String[]::new))) {
      int port = app.getEnvironment().getRequiredProperty("local.server.port", Integer.class);
      URI uri = URI.create("http://127.0.0.1:" + port + "/api/jobs");
      String basic =
          "Basic "
              + Base64.getEncoder()
                  .encodeToString((USER + ":" + PASSWORD).getBytes(StandardCharsets.UTF_8));
      HttpRequest request =
          HttpRequest.newBuilder(uri)
              .header("Authorization", basic)
              .timeout(Duration.ofMinutes(2))
              .GET()
              .build();
      ExecutorService pool = Executors.newFixedThreadPool(clients);
      HttpClient http = HttpClient.newBuilder().executor(pool).build();
      // Warm-up: class loading and the first (real) password check are not in the figures.
      for (int i = 0; i < 20; i++) {
        http.send(request, HttpResponse.BodyHandlers.discarding());
      }
      err.printf("bench api: %d requests from %d concurrent clients...%n", requests, clients);
      AtomicInteger remaining = new AtomicInteger(requests);
      AtomicInteger failures = new AtomicInteger();
      List<Long> latencies = java.util.Collections.synchronizedList(new ArrayList<>());
      ExecutorService callers = Executors.newFixedThreadPool(clients);
      long start = System.nanoTime();
      List<Future<?>> done = new ArrayList<>();
      for (int c = 0; c < clients; c++) {
        done.add(
            callers.submit(
                () -> {
                  while (remaining.getAndDecrement() > 0) {
                    long t0 = System.nanoTime();
                    try {
                      int status =
                          http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
                      if (status != 200) {
                        failures.incrementAndGet();
                      }
                    } catch (IOException e) {
                      failures.incrementAndGet();
                    } catch (InterruptedException e) {
                      Thread.currentThread().interrupt();
                      return;
                    }
                    latencies.add((System.nanoTime() - t0) / 1_000_000);
                  }
                }));
      }
      for (Future<?> f : done) {
        try {
          f.get();
        } catch (java.util.concurrent.ExecutionException e) {
          throw new StartupFailure("bench api: a client failed: " + e.getCause());
        }
      }
      double seconds = (System.nanoTime() - start) / 1e9;
      callers.shutdown();
      pool.shutdown();
      List<Long> sorted = new ArrayList<>(latencies);
      sorted.sort(Long::compare);
      Map<String, Object> result = new LinkedHashMap<>();
      result.put("clients", clients);
      result.put("requests", requests);
      result.put("verifiedCredentialsTtl", ttl);
      result.put("requestsPerSecond", Math.round(requests / seconds * 10) / 10.0);
      result.put("p50Millis", sorted.get(sorted.size() / 2));
      result.put("p95Millis", sorted.get((int) Math.ceil(sorted.size() * 0.95) - 1));
      result.put("failures", failures.get());
      result.put("target", Map.of("requestsPerSecond", 300));
      if (json) {
        out.println(new ObjectMapper().writeValueAsString(result));
      } else {
        out.printf(
            "GET /api/jobs with HTTP basic, %d concurrent clients, %d requests (verified-ttl %s)%n",
            clients, requests, ttl);
        out.printf(
            "  throughput  %.1f requests/s (target >= 300)%n  latency     p50 %d ms   p95 %d ms%n"
                + "  failures    %d%n",
            requests / seconds, result.get("p50Millis"), result.get("p95Millis"), failures.get());
      }
      return failures.get() == 0 ? 0 : 1;
    }
  }
}
