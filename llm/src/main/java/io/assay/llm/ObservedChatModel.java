package io.assay.llm;

import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.Capability;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import java.util.List;
import java.util.Set;

/**
 * A chat model that notifies a listener around each call of the model it wraps. langchain4j's
 * {@code ChatModel.chat} merges the default parameters and notifies {@link #listeners()} around
 * {@link #doChat}; this model reports the wrapped model's defaults and provider, so the listener
 * sees the real model name, and {@code doChat} hands the merged request to the wrapped model (whose
 * own merge then changes nothing). Models built elsewhere are observed without rebuilding them with
 * listeners.
 */
public final class ObservedChatModel implements ChatModel {
  private final ChatModel delegate;
  private final List<ChatModelListener> listeners;

  public ObservedChatModel(ChatModel delegate, ChatModelListener listener) {
    this.delegate = delegate;
    this.listeners = List.of(listener);
  }

  @Override
  public ChatResponse doChat(ChatRequest request) {
    return delegate.chat(request);
  }

  @Override
  public ChatRequestParameters defaultRequestParameters() {
    return delegate.defaultRequestParameters();
  }

  @Override
  public List<ChatModelListener> listeners() {
    return listeners;
  }

  @Override
  public ModelProvider provider() {
    return delegate.provider();
  }

  @Override
  public Set<Capability> supportedCapabilities() {
    return delegate.supportedCapabilities();
  }

  @Override
  public String toString() {
    return "observed " + delegate;
  }
}
