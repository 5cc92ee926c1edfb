package io.assay.analyses.interpret;

import dev.langchain4j.data.message.SystemMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.response.ChatResponse;
import io.assay.contract.finding.Figure;
import io.assay.contract.finding.Finding;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Optional rewording of the deterministic narrative by a language model, for readers who prefer
 * flowing prose. The model sees the narrative and the figures; its text is accepted only when every
 * number in it is one of the figures ({@link NumberCheck}). A rejected reply is retried once with
 * the reason; after that, or when the model fails, the deterministic narrative stands.
 */
public final class LlmRewording {
  static final String PROMPT = "io/assay/analyses/interpret/reword-prompt.txt";
  private static final int ATTEMPTS = 2;

  private final ChatModel model;
  private final String systemPrompt;

  public LlmRewording(ChatModel model) {
    this.model = model;
    this.systemPrompt = load();
  }

  /** The reworded narrative when it passes the number check, else {@code base} with the reasons. */
  public Narrative reword(Finding finding, Narrative base) {
    List<String> rejections = new ArrayList<>();
    String user = userMessage(finding, base);
    for (int attempt = 1; attempt <= ATTEMPTS; attempt++) {
      String reply;
      try {
        ChatResponse response =
            model.chat(SystemMessage.from(systemPrompt), UserMessage.from(user));
        reply = response.aiMessage() == null ? null : response.aiMessage().text();
      } catch (RuntimeException e) {
        rejections.add("the model failed: " + e.getMessage());
        break;
      }
      if (reply == null || reply.isBlank()) {
        rejections.add("attempt " + attempt + ": the model returned no text");
        continue;
      }
      List<String> stray = NumberCheck.strayNumbers(reply, finding);
      if (stray.isEmpty()) {
        return new Narrative(reply.strip(), Narrative.Source.LLM, rejections);
      }
      String reason =
          "attempt " + attempt + ": numbers not among the figures: " + String.join(", ", stray);
      rejections.add(reason);
      user =
          userMessage(finding, base)
              + "\n\nYour previous text was rejected because it contains numbers that are not"
              + " among the figures: "
              + String.join(", ", stray)
              + ". Use only the numbers exactly as written in the narrative.";
    }
    return new Narrative(base.text(), Narrative.Source.DETERMINISTIC, rejections);
  }

  static String userMessage(Finding finding, Narrative base) {
    StringBuilder sb = new StringBuilder();
    sb.append("Narrative:\n")
        .append(base.text())
        .append("\n\nFigures (the only numbers you may use):\n");
    for (Figure f : finding.figures()) {
      sb.append("- ").append(f.label()).append(": ").append(f.display());
      if (!f.unit().isEmpty()) {
        sb.append(' ').append(f.unit());
      }
      sb.append('\n');
    }
    return sb.toString();
  }

  private static String load() {
    try (InputStream in = LlmRewording.class.getClassLoader().getResourceAsStream(PROMPT)) {
      if (in == null) {
        throw new IllegalStateException("missing prompt resource " + PROMPT);
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new IllegalStateException("cannot read prompt " + PROMPT, e);
    }
  }
}
