package io.assay.delivery;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * A local webhook endpoint that honours {@code Idempotency-Key} the way payment APIs do: the first
 * request with a key is processed and its response stored; a repeat gets the stored response and is
 * not processed again. It can be told to answer its first request slowly, after processing it,
 * which is exactly the case of a receiver that got the report while the sender timed out.
 */
final class WebhookReceiver implements AutoCloseable {
  record Received(String key, String bodySha, String query, String body) {}

  private final HttpServer server;
  private final ExecutorService executor = Executors.newCachedThreadPool();
  private final Map<String, String> responses = new ConcurrentHashMap<>();
  final List<Received> processed = new CopyOnWriteArrayList<>();
  final AtomicInteger requests = new AtomicInteger();
  private final String reply;
  private final int status;
  private volatile long firstReplyDelayMillis;

  WebhookReceiver(int status, String reply) throws IOException {
    this.status = status;
    this.reply = reply;
    server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
    server.createContext("/hook", this::handle);
    server.setExecutor(executor);
    server.start();
  }

  String url() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/hook";
  }

  /** Process the first request at once but answer it only after {@code millis}. */
  void answerFirstRequestAfter(long millis) {
    firstReplyDelayMillis = millis;
  }

  private void handle(HttpExchange exchange) throws IOException {
    int n = requests.incrementAndGet();
    String body = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
    String key = exchange.getRequestHeaders().getFirst("Idempotency-Key");
    String answer = key == null ? null : responses.get(key);
    if (answer == null) {
      processed.add(
          new Received(
              key,
              exchange.getRequestHeaders().getFirst("X-Assay-Body-Sha256"),
              exchange.getRequestURI().getRawQuery(),
              body));
      answer = reply;
      if (key != null) {
        responses.put(key, answer);
      }
      if (n == 1 && firstReplyDelayMillis > 0) {
        try {
          Thread.sleep(firstReplyDelayMillis);
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
        }
      }
    }
    byte[] bytes = answer.getBytes(StandardCharsets.UTF_8);
    try {
      exchange.sendResponseHeaders(status, bytes.length);
      try (OutputStream out = exchange.getResponseBody()) {
        out.write(bytes);
      }
    } catch (IOException e) {
      // The sender gave up waiting; it will retry with the same key.
    } finally {
      exchange.close();
    }
  }

  @Override
  public void close() {
    server.stop(0);
    executor.shutdownNow();
  }
}
