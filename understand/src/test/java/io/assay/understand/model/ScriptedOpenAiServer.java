package io.assay.understand.model;

import com.sun.net.httpserver.HttpServer;
import dev.langchain4j.model.chat.ChatModel;
import io.assay.llm.ChatModels;
import io.assay.llm.LlmProvider;
import io.assay.llm.ModelSettings;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * An OpenAI-compatible chat-completions endpoint on 127.0.0.1 answering from a script, so the whole
 * HTTP path of the model reader runs (langchain4j's OpenAI client, JSON, timeouts) with no network.
 * Each scripted reply is the assistant's content, or {@link #TIMEOUT} (answer after the client gave
 * up), or {@link #MALFORMED} (a body that is not a completion).
 */
final class ScriptedOpenAiServer implements AutoCloseable {

  static final String TIMEOUT = "<timeout>";
  static final String MALFORMED = "<malformed>";
  static final Duration CLIENT_TIMEOUT = Duration.ofMillis(1500);

  private final HttpServer server;
  private final Deque<String> script = new ArrayDeque<>();
  final List<String> requests = new CopyOnWriteArrayList<>();

  ScriptedOpenAiServer(String... replies) {
    script.addAll(List.of(replies));
    try {
      server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    server.createContext(
        "/v1/chat/completions",
        exchange -> {
          requests.add(
              new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
          String next;
          synchronized (script) {
            next = script.isEmpty() ? null : script.poll();
          }
          int status = 200;
          String body;
          if (next == null) {
            status = 500;
            body = "{\"error\":{\"message\":\"asked more often than scripted\"}}";
          } else if (next.equals(TIMEOUT)) {
            try {
              Thread.sleep(CLIENT_TIMEOUT.toMillis() + 1000);
            } catch (InterruptedException e) {
              Thread.currentThread().interrupt();
            }
            body = completion("{}");
          } else if (next.equals(MALFORMED)) {
            body = completion("{\"understood\": true, \"metric\": ");
          } else {
            body = completion(next);
          }
          byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
          exchange.getResponseHeaders().add("Content-Type", "application/json");
          try {
            exchange.sendResponseHeaders(status, bytes.length);
            try (OutputStream out = exchange.getResponseBody()) {
              out.write(bytes);
            }
          } catch (IOException closedByClient) {
            // the client timed out and hung up
          }
        });
    server.start();
  }

  private static String completion(String content) {
    String escaped = content.replace("\\", "\\\\").replace("\"", "\\\"").replace("\n", "\\n");
    return "{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion\",\"created\":1700000000,"
        + "\"model\":\"scripted\",\"choices\":[{\"index\":0,\"message\":{\"role\":\"assistant\","
        + "\"content\":\""
        + escaped
        + "\"},\"finish_reason\":\"stop\"}],"
        + "\"usage\":{\"prompt_tokens\":900,\"completion_tokens\":60,\"total_tokens\":960}}";
  }

  String baseUrl() {
    return "http://127.0.0.1:" + server.getAddress().getPort() + "/v1";
  }

  /** langchain4j's OpenAI client pointed at this server, as Assay configures it. */
  ChatModel model() {
    return ChatModels.build(
        new ModelSettings(
            LlmProvider.OPENAI_COMPATIBLE,
            baseUrl(),
            "scripted",
            "none",
            0,
            CLIENT_TIMEOUT,
            0,
            true));
  }

  @Override
  public void close() {
    server.stop(0);
  }
}
