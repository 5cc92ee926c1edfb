package io.assay.understand.model;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.ChatMessage;
import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ResponseFormat;
import dev.langchain4j.model.chat.request.ResponseFormatType;
import dev.langchain4j.model.chat.request.json.JsonSchema;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.TokenUsage;
import io.assay.contract.plan.Clarification;
import io.assay.contract.plan.ClarificationAnswer;
import io.assay.llm.Prompts;
import io.assay.pick.PickValidationError;
import io.assay.recon.Recon;
import io.assay.understand.QuestionReader;
import io.assay.understand.Reading;
import io.assay.understand.Scan;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The model reader: a chat model fills the same typed reading the deterministic reader does
 * (metric, window, grain, coded-value filters, groupings, analyses), choosing every name from
 * {@link ClosedSets} built from recon and the question's scan; JSON-schema structured output when
 * the model supports it, the same sets in the prompt always. The model never writes SQL or a filter
 * of its own: {@link ReadingReply} resolves its names, {@link ReadingPick} builds the Pick and the
 * composer checks it. A rejected reply is retried once with the errors; names that stay outside the
 * sets become a question to the person, with the allowed values as options; a model that cannot be
 * reached, or a reading over the token budget, leaves the question to the deterministic reading.
 */
public final class ModelReader {

  /** Clarification ids this reader asks and applies: {@code model-<field>}. */
  static final String ASK = "model-";

  private final ChatModel model;
  private final int tokenBudget;

  /**
   * @param tokenBudget the most tokens one job's readings may spend together: no call once the
   *     job's earlier readings spent it, no retry once this reading reaches it
   */
  public ModelReader(ChatModel model, int tokenBudget) {
    this.model = model;
    this.tokenBudget = tokenBudget;
  }

  /** A reading with nothing spent before it. */
  public ModelReading read(
      QuestionReader reader, String question, String hint, List<ClarificationAnswer> answers) {
    return read(reader, question, hint, answers, 0);
  }

  /**
   * @param spentBefore the tokens the job's earlier readings spent ({@link ReadingLog#tokensSpent})
   */
  public ModelReading read(
      QuestionReader reader,
      String question,
      String hint,
      List<ClarificationAnswer> answers,
      long spentBefore) {
    if (spentBefore >= tokenBudget) {
      return new ModelReading(
          null,
          0,
          0,
          0,
          List.of(),
          "the job's token budget for the model ("
              + tokenBudget
              + ") is spent: its earlier readings used "
              + spentBefore,
          false,
          true);
    }
    Recon recon = reader.recon();
    Scan scan;
    try {
      scan = reader.scan(question, hint);
    } catch (IllegalArgumentException e) {
      return ModelReading.without(0, 0, 0, List.of(), e.getMessage());
    }
    ClosedSets sets = ClosedSets.of(recon, scan);
    Map<String, String> chosen = chosen(answers);
    List<ChatMessage> messages = new ArrayList<>();
    messages.add(
        SystemMessage.from(Prompts.render("reader-v1-system", Map.of("dataset", recon.dataset()))));
    messages.add(UserMessage.from(ReaderPrompt.user(question, hint, sets, chosen)));
    JsonSchema schema = ReadingSchema.of(sets);
    List<String> replies = new ArrayList<>();
    List<String> rejections = new ArrayList<>();
    int calls = 0;
    long tokens = 0;
    long millis = 0;
    ReadingReply.Rejected last = null;
    for (int attempt = 1; attempt <= 2; attempt++) {
      String text;
      long start = System.nanoTime();
      try {
        calls++;
        ChatResponse response = model.chat(request(messages, schema));
        TokenUsage usage = response == null ? null : response.tokenUsage();
        tokens += usage == null || usage.totalTokenCount() == null ? 0 : usage.totalTokenCount();
        text =
            response == null || response.aiMessage() == null ? null : response.aiMessage().text();
      } catch (RuntimeException e) {
        millis += (System.nanoTime() - start) / 1_000_000;
        return new ModelReading(
            null,
            calls,
            tokens,
            millis,
            replies,
            "the model could not be reached (" + reason(e) + ")",
            true,
            false);
      }
      millis += (System.nanoTime() - start) / 1_000_000;
      replies.add(text == null ? "" : text);
      try {
        ReadingReply reply = ReadingReply.parse(text, sets, chosen);
        if (!reply.understood()) {
          return ModelReading.without(
              calls,
              tokens,
              millis,
              replies,
              "the model could not read it either"
                  + (reply.unclear().isBlank() ? "" : ": " + reply.unclear()));
        }
        Reading r = ReadingPick.reading(reply, recon, attempt == 1 ? List.of() : rejections);
        return new ModelReading(r, calls, tokens, millis, replies, null, false, false);
      } catch (ReadingReply.Rejected e) {
        last = e;
      } catch (PickValidationError e) {
        last = new ReadingReply.Rejected("the reading does not compose: " + e.getMessage());
      }
      rejections.add(last.getMessage());
      if (attempt == 1) {
        if (spentBefore + tokens >= tokenBudget) {
          break;
        }
        messages.add(AiMessage.from(text == null || text.isBlank() ? "(empty reply)" : text));
        messages.add(
            UserMessage.from(
                Prompts.render(
                    "reader-v1-retry",
                    Map.of(
                        "errors",
                        last.errors.stream()
                            .map(x -> "- " + x)
                            .collect(Collectors.joining("\n"))))));
      }
    }
    if (!last.outOfSet.isEmpty()) {
      Clarification ask = Ask.about(last.outOfSet.get(0), sets, question);
      Reading r =
          new Reading.Ambiguous(
              ask,
              java.util.Set.of(),
              List.of(
                  "the model reader named what the dataset does not hold: " + last.getMessage()),
              List.of());
      return new ModelReading(r, calls, tokens, millis, replies, null, false, false);
    }
    String why =
        spentBefore + tokens >= tokenBudget && calls == 1
            ? "the model's reply was rejected and the job's token budget ("
                + tokenBudget
                + ") is spent: "
                + last.getMessage()
            : "the model's replies were rejected: " + String.join("; then ", rejections);
    return ModelReading.without(calls, tokens, millis, replies, why);
  }

  private ChatRequest request(List<ChatMessage> messages, JsonSchema schema) {
    ChatRequest.Builder b = ChatRequest.builder().messages(List.copyOf(messages));
    if (model.supportedCapabilities().contains(Capability.RESPONSE_FORMAT_JSON_SCHEMA)) {
      b.responseFormat(
          ResponseFormat.builder().type(ResponseFormatType.JSON).jsonSchema(schema).build());
    }
    return b.build();
  }

  /** The person's answers to this reader's earlier questions, by field. */
  private static Map<String, String> chosen(List<ClarificationAnswer> answers) {
    Map<String, String> out = new LinkedHashMap<>();
    if (answers != null) {
      for (ClarificationAnswer a : answers) {
        if (a.clarificationId() != null
            && a.clarificationId().startsWith(ASK)
            && a.value() != null) {
          out.put(a.clarificationId().substring(ASK.length()), a.value());
        }
      }
    }
    return out;
  }

  private static String reason(Throwable e) {
    Throwable t = e;
    while (t.getCause() != null && t.getCause() != t) {
      t = t.getCause();
    }
    String m = t.getMessage() == null ? t.getClass().getSimpleName() : t.getMessage();
    return m.length() > 200 ? m.substring(0, 200) + "…" : m;
  }
}
