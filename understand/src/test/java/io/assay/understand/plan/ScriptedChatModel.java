package io.assay.understand.plan;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Set;

/** A chat model that replies from a script and records every request it receives. */
final class ScriptedChatModel implements ChatModel {

  private final Deque<Object> replies = new ArrayDeque<>();
  final List<ChatRequest> requests = new ArrayList<>();

  /** Each reply is a String (the model's text) or a RuntimeException (the call fails). */
  ScriptedChatModel(Object... replies) {
    this.replies.addAll(List.of(replies));
  }

  @Override
  public ChatResponse doChat(ChatRequest request) {
    requests.add(request);
    if (replies.isEmpty()) {
      throw new AssertionError("the model was asked more often than scripted");
    }
    Object next = replies.poll();
    if (next instanceof RuntimeException e) {
      throw e;
    }
    return ChatResponse.builder().aiMessage(AiMessage.from((String) next)).build();
  }

  @Override
  public Set<Capability> supportedCapabilities() {
    return Set.of(Capability.RESPONSE_FORMAT_JSON_SCHEMA);
  }
}
