package io.assay.analyses.interpret;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;

/** A ChatModel that answers from a script and records what it was asked. */
final class ScriptedChatModel implements ChatModel {
  private final Deque<String> replies;
  final List<ChatRequest> requests = new ArrayList<>();

  ScriptedChatModel(String... replies) {
    this.replies = new ArrayDeque<>(List.of(replies));
  }

  @Override
  public ChatResponse doChat(ChatRequest request) {
    requests.add(request);
    String next = replies.poll();
    if (next == null) {
      throw new IllegalStateException("the script has no more replies");
    }
    return ChatResponse.builder().aiMessage(AiMessage.from(next)).build();
  }
}
