package io.assay.web.cli;

import com.fasterxml.jackson.databind.JsonNode;
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

/**
 * {@code assay bench pages}: warm load times of the pages people wait on (the job page, a job's
 * workflow history, the schema page) against one or two running Assays, side by side in one run.
 *
 * <p>Usage: {@code bench pages --url http://127.0.0.1:18080 [--url http://127.0.0.1:18081] --user
 * operator:PASSWORD --job ID [--history-job ID] [--page LABEL=PATH]... [--rounds 20] [--batch 5]
 * [--warmup 20]}; {@code --page} adds a path to time beside the three (a part of a page, an API
 * call a page makes), so its share of a page reads off the same run. After {@code --warmup}
 * requests per page and server (compiled code and caches as a second visit finds them), each round
 * fetches every page {@code --batch} times from each server in turn (the order alternating by
 * round, so a burst of load elsewhere falls on both), timing each request to its last byte and
 * reading the server process's CPU time ({@code process.cpu.time} from the actuator, an operator's
 * endpoint) before and after the batch. Prints p50 and p90 wall time and CPU time per request, and
 * with two servers the second's figures over the first's. On a machine shared with other work, CPU
 * time is the figure to trust; wall time includes waiting for a core.
 */
final class PagesBench {
  private static final ObjectMapper JSON = new ObjectMapper();

  private PagesBench() {}

  record Page(String label, String path) {}

  /** One server's samples of one page: wall milliseconds per request, CPU ms per request. */
  private record Samples(List<Double> wall, List<Double> cpu) {
    Samples() {
      this(new ArrayList<>(), new ArrayList<>());
    }
  }

  static int run(String[] args, PrintStream out, PrintStream err)
      throws IOException, InterruptedException {
    List<String> urls = new ArrayList<>();
    String user = null;
    String job = null;
    String historyJob = null;
    int rounds = 20;
    int batch = 5;
    int warmup = 20;
    List<Page> extra = new ArrayList<>();
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--url" -> urls.add(stripSlash(value(args, ++i, "--url")));
        case "--user" -> user = value(args, ++i, "--user");
        case "--job" -> job = value(args, ++i, "--job");
        case "--history-job" -> historyJob = value(args, ++i, "--history-job");
        case "--rounds" -> rounds = Integer.parseInt(value(args, ++i, "--rounds"));
        case "--batch" -> batch = Integer.parseInt(value(args, ++i, "--batch"));
        case "--warmup" -> warmup = Integer.parseInt(value(args, ++i, "--warmup"));
        case "--page" -> extra.add(page(value(args, ++i, "--page")));
        default -> throw new Cli.UsageException("bench pages: unknown option " + args[i]);
      }
    }
    if (urls.isEmpty() || urls.size() > 2 || user == null || job == null) {
      throw new Cli.UsageException(
          "bench pages needs --url (once or twice), --user NAME:PASSWORD (an operator) and --job ID");
    }
    String history = historyJob == null ? job : historyJob;
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    String basic =
        "Basic " + Base64.getEncoder().encodeToString(user.getBytes(StandardCharsets.UTF_8));
    List<Page> pages = new ArrayList<>();
    pages.addAll(
        List.of(
            new Page("job page", "/jobs/" + job),
            new Page(
                "history (" + events(http, basic, urls.get(0), history) + " events)",
                "/jobs/" + history + "/history"),
            new Page("schema page", "/recon")));
    pages.addAll(extra);
    Map<String, Samples[]> samples = new LinkedHashMap<>();
    for (Page p : pages) {
      Samples[] perServer = new Samples[urls.size()];
      for (int s = 0; s < urls.size(); s++) {
        perServer[s] = new Samples();
        for (int w = 0; w < warmup; w++) {
          get(http, basic, urls.get(s) + p.path());
        }
      }
      samples.put(p.label(), perServer);
    }
    for (int r = 0; r < rounds; r++) {
      for (int k = 0; k < urls.size(); k++) {
        int s = (r + k) % urls.size();
        for (Page p : pages) {
          measure(http, basic, urls.get(s), p.path(), batch, samples.get(p.label())[s]);
        }
      }
    }
    print(out, urls, samples, rounds * batch);
    return 0;
  }

  private static void measure(
      HttpClient http, String basic, String base, String path, int batch, Samples into)
      throws IOException, InterruptedException {
    double cpuBefore = cpuMillis(http, basic, base);
    for (int i = 0; i < batch; i++) {
      long start = System.nanoTime();
      get(http, basic, base + path);
      into.wall().add((System.nanoTime() - start) / 1e6);
    }
    double perRequest = (cpuMillis(http, basic, base) - cpuBefore) / batch;
    for (int i = 0; i < batch; i++) {
      into.cpu().add(perRequest);
    }
  }

  private static void print(
      PrintStream out, List<String> urls, Map<String, Samples[]> samples, int n) {
    out.printf("pages: %d requests per page and server, warm%n", n);
    for (int s = 0; s < urls.size(); s++) {
      out.printf("  %s = %s%n", (char) ('A' + s), urls.get(s));
    }
    boolean two = urls.size() == 2;
    out.printf("%-32s %-6s %9s %9s %11s%n", "page", "server", "p50 ms", "p90 ms", "CPU ms/req");
    for (Map.Entry<String, Samples[]> e : samples.entrySet()) {
      Samples[] per = e.getValue();
      for (int s = 0; s < per.length; s++) {
        out.printf(
            "%-32s %-6s %9.1f %9.1f %11.1f%n",
            s == 0 ? e.getKey() : "",
            (char) ('A' + s),
            percentile(per[s].wall(), 50),
            percentile(per[s].wall(), 90),
            mean(per[s].cpu()));
      }
      if (two) {
        out.printf(
            "%-32s %-6s %9.2f %9.2f %11.2f%n",
            "",
            "B/A",
            percentile(per[1].wall(), 50) / percentile(per[0].wall(), 50),
            percentile(per[1].wall(), 90) / percentile(per[0].wall(), 90),
            mean(per[1].cpu()) / mean(per[0].cpu()));
      }
    }
  }

  private static int events(HttpClient http, String basic, String base, String job)
      throws IOException, InterruptedException {
    String body = get(http, basic, base + "/jobs/" + job + "/history.json");
    int count = 0;
    for (int i = body.indexOf("\"eventId\""); i >= 0; i = body.indexOf("\"eventId\"", i + 1)) {
      count++;
    }
    return count;
  }

  private static double cpuMillis(HttpClient http, String basic, String base)
      throws IOException, InterruptedException {
    JsonNode metric = JSON.readTree(get(http, basic, base + "/actuator/metrics/process.cpu.time"));
    for (JsonNode m : metric.path("measurements")) {
      if (m.path("statistic").asText().equals("COUNT")) {
        return m.path("value").asDouble() / 1e6;
      }
    }
    throw new IOException(base + " reports no process.cpu.time");
  }

  /** GETs a page with HTTP Basic; its body, or an error unless it answered 200. */
  static String get(HttpClient http, String basic, String url)
      throws IOException, InterruptedException {
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", basic)
                .timeout(Duration.ofMinutes(1))
                .GET()
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IOException("GET " + url + " answered " + response.statusCode());
    }
    return response.body();
  }

  static double percentile(List<Double> values, int p) {
    List<Double> sorted = values.stream().sorted().toList();
    int index = Math.max(0, (int) Math.ceil(p / 100.0 * sorted.size()) - 1);
    return sorted.get(index);
  }

  private static double mean(List<Double> values) {
    return values.stream().mapToDouble(Double::doubleValue).average().orElse(Double.NaN);
  }

  private static String value(String[] args, int i, String option) {
    if (i >= args.length) {
      throw new Cli.UsageException("bench pages: " + option + " needs a value");
    }
    return args[i];
  }

  /** "feedback=/api/jobs/ID/feedback": a label and a path. */
  private static Page page(String spec) {
    int eq = spec.indexOf('=');
    if (eq <= 0 || !spec.startsWith("/", eq + 1)) {
      throw new Cli.UsageException("bench pages: --page wants LABEL=/path, got " + spec);
    }
    return new Page(spec.substring(0, eq), spec.substring(eq + 1));
  }

  private static String stripSlash(String url) {
    return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
  }
}
