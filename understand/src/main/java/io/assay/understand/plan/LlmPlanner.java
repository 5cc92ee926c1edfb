package io.assay.understand.plan;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import io.assay.analyses.Analysis;
import io.assay.analyses.AnalysisRegistry;
import io.assay.analyses.ArgCatalog;
import io.assay.analyses.ArgJson;
import io.assay.analyses.ArgSpec;
import io.assay.analyses.ArgType;
import io.assay.analyses.direct.DirectAnswer;
import io.assay.contract.plan.Plan;
import io.assay.contract.plan.PlanStep;
import io.assay.contract.plan.StepArgs;
import io.assay.llm.Prompts;
import io.assay.pick.ColumnRef;
import io.assay.pick.PickJson;
import io.assay.recon.Recon;
import io.assay.understand.Frame;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The LLM planner: a langchain4j {@link ChatModel} chooses the analyses and their args, as a JSON
 * reply whose every choice is an enum built from the analysis catalog and recon (structured output
 * when the model supports a JSON schema; the same sets in the prompt otherwise). The model never
 * writes SQL, filters or Picks: filters and the direct answer's Pick come from the deterministic
 * reading. A reply that is malformed, names anything outside the sets, or fails an args schema is
 * rejected; the model is asked once more with the validation errors; if that reply fails too (or
 * the model cannot be reached) the deterministic planner plans, and the plan's reason says so.
 *
 * <p>Questions without an analysis cue are direct answers with one step and nothing to choose: they
 * go to the deterministic planner without calling the model.
 */
public final class LlmPlanner implements Planner {

  static final int MAX_STEPS = 6;
  private static final ObjectMapper JSON = new ObjectMapper();

  private final ChatModel model;
  private final AnalysisRegistry registry;
  private final Supplier<Recon> recon;
  private final Planner fallback;

  public LlmPlanner(
      ChatModel model, AnalysisRegistry registry, Supplier<Recon> recon, Planner fallback) {
    this.model = model;
    this.registry = registry;
    this.recon = recon;
    this.fallback = fallback;
  }

  /** A reply that cannot be used, with every reason. */
  static final class Rejected extends Exception {
    final List<String> errors;

    Rejected(List<String> errors) {
      super(String.join("; ", errors));
      this.errors = List.copyOf(errors);
    }

    Rejected(String error) {
      this(List.of(error));
    }
  }

  @Override
  public Plan plan(PlanRequest request) {
    if (request.cues().isEmpty()) {
      return fallback.plan(request);
    }
    Recon r = recon.get();
    ArgCatalog catalog = ArgCatalog.of(r);
    List<Analysis> choosable =
        registry.all().stream()
            .filter(a -> request.pick() != null || !a.name().equals(DirectAnswer.NAME))
            .toList();
    List<String> metrics = catalog.metrics().stream().sorted().toList();
    List<String> columns = catalog.columns().stream().sorted().toList();
    JsonSchema schema = PlanReplySchema.build(choosable, metrics, columns);

    List<ChatMessage> messages = new ArrayList<>();
    messages.add(
        SystemMessage.from(Prompts.render("planner-v1-system", Map.of("dataset", r.dataset()))));
    Map<String, Object> vars = new LinkedHashMap<>();
    vars.put("question", request.question());
    vars.put("hint", request.hint().isBlank() ? "" : "Hint: " + request.hint() + "\n");
    vars.put("reading", reading(request));
    vars.put("analyses", PlanReplySchema.describe(choosable));
    vars.put(
        "metrics",
        r.metrics().stream()
            .map(m -> "- " + m.name() + ": " + m.description())
            .collect(Collectors.joining("\n")));
    vars.put("columns", String.join(", ", columns));
    messages.add(UserMessage.from(Prompts.render("planner-v1-user", vars)));

    List<String> log = new ArrayList<>();
    for (int attempt = 1; attempt <= 2; attempt++) {
      String text;
      try {
        ChatResponse response = model.chat(chatRequest(messages, schema));
        text =
            response == null || response.aiMessage() == null ? null : response.aiMessage().text();
      } catch (RuntimeException e) {
        log.add("the model could not be reached: " + e.getMessage());
        break;
      }
      try {
        Plan p = parse(text, request, choosable, catalog);
        String after = attempt == 1 ? "" : " (its first reply was rejected: " + log.get(0) + ")";
        return new Plan(p.steps(), "LLM planner" + after + ": " + p.reason());
      } catch (Rejected e) {
        log.add(e.getMessage());
        if (attempt == 1) {
          messages.add(AiMessage.from(text == null || text.isBlank() ? "(empty reply)" : text));
          messages.add(
              UserMessage.from(
                  Prompts.render(
                      "planner-v1-retry",
                      Map.of(
                          "errors",
                          e.errors.stream()
                              .map(x -> "- " + x)
                              .collect(Collectors.joining("\n"))))));
        }
      }
    }
    Plan p = fallback.plan(request);
    return new Plan(
        p.steps(),
        "LLM plan not usable ("
            + String.join("; then ", log)
            + "); deterministic plan: "
            + p.reason());
  }

  private ChatRequest chatRequest(List<ChatMessage> messages, JsonSchema schema) {
    ChatRequest.Builder b = ChatRequest.builder().messages(List.copyOf(messages));
    if (model.supportedCapabilities().contains(Capability.RESPONSE_FORMAT_JSON_SCHEMA)) {
      b.responseFormat(
          ResponseFormat.builder().type(ResponseFormatType.JSON).jsonSchema(schema).build());
    }
    return b.build();
  }

  private static String reading(PlanRequest r) {
    Frame f = r.frame();
    List<String> lines = new ArrayList<>();
    lines.add(
        "- analysis asked for: "
            + r.cues().stream()
                .map(c -> c.name().toLowerCase())
                .sorted()
                .collect(Collectors.joining(", ")));
    if (f != null) {
      lines.add(
          "- metric: "
              + (f.metric() == null ? "(none named)" : f.metric())
              + (f.metrics().size() > 1
                  ? " (all named: " + String.join(", ", f.metrics()) + ")"
                  : ""));
      lines.add(
          "- time window: "
              + (f.time() == null ? "(none)" : PickJson.mapper().valueToTree(f.time()).toString()));
      lines.add("- grain: " + (f.grain() == null ? "(none)" : f.grain().name().toLowerCase()));
      lines.add(
          "- filters (added for you): "
              + (f.filters().isEmpty()
                  ? "(none)"
                  : PickJson.mapper().valueToTree(f.filters()).toString()));
      if (!f.groupBy().isEmpty()) {
        lines.add(
            "- per: "
                + f.groupBy().stream().map(ColumnRef::toString).collect(Collectors.joining(", ")));
      }
    }
    return String.join("\n", lines);
  }

  /** The plan in a reply, or every reason it cannot be used. */
  Plan parse(String text, PlanRequest request, List<Analysis> choosable, ArgCatalog catalog)
      throws Rejected {
    if (text == null || text.isBlank()) {
      throw new Rejected("the reply is empty");
    }
    JsonNode root;
    try {
      root = JSON.readTree(stripFences(text));
    } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
      throw new Rejected("the reply is not JSON: " + e.getOriginalMessage());
    }
    if (root == null || !root.isObject()) {
      throw new Rejected("the reply must be one JSON object with 'steps' and 'reason'");
    }
    JsonNode stepsNode = root.get("steps");
    if (stepsNode == null || !stepsNode.isArray() || stepsNode.isEmpty()) {
      throw new Rejected("'steps' must be a non-empty array");
    }
    if (stepsNode.size() > MAX_STEPS) {
      throw new Rejected("at most " + MAX_STEPS + " steps, got " + stepsNode.size());
    }
    List<String> names = choosable.stream().map(Analysis::name).toList();
    List<String> errors = new ArrayList<>();
    List<PlanStep> steps = new ArrayList<>();
    for (int i = 0; i < stepsNode.size(); i++) {
      JsonNode s = stepsNode.get(i);
      String at = "steps[" + i + "]";
      if (!s.isObject()) {
        errors.add(at + " is not an object");
        continue;
      }
      String name = s.path("analysis").asText("");
      Analysis a = names.contains(name) ? registry.find(name).orElse(null) : null;
      if (a == null) {
        errors.add(at + ".analysis: '" + name + "' is not one of " + names);
        continue;
      }
      Map<String, Object> args = new LinkedHashMap<>();
      JsonNode argsNode = s.path("args");
      if (!argsNode.isMissingNode() && !argsNode.isNull() && !argsNode.isObject()) {
        errors.add(at + ".args must be an object");
        continue;
      }
      int before = errors.size();
      for (Iterator<Map.Entry<String, JsonNode>> it = argsNode.fields(); it.hasNext(); ) {
        Map.Entry<String, JsonNode> e = it.next();
        if (e.getValue().isNull()) {
          continue;
        }
        ArgSpec spec = a.argsSchema().spec(e.getKey());
        if (spec == null) {
          errors.add(
              at
                  + ".args."
                  + e.getKey()
                  + ": "
                  + name
                  + " has no such argument (it takes "
                  + a.argsSchema().args().stream().map(ArgSpec::name).toList()
                  + ")");
        } else if (!PlanReplySchema.CHOSEN.contains(spec.type())) {
          errors.add(at + ".args." + e.getKey() + ": comes from the question, do not set it");
        } else {
          try {
            args.put(e.getKey(), value(spec, e.getValue()));
          } catch (IllegalArgumentException x) {
            errors.add(at + ".args." + e.getKey() + ": " + x.getMessage());
          }
        }
      }
      fillFromReading(a, args, request);
      for (String p : a.argsSchema().validate(args, catalog)) {
        errors.add(at + " (" + name + "): " + p);
      }
      if (errors.size() == before) {
        // checked as JSON, carried in the analysis's record
        StepArgs typed = a.argsSchema().typed(StepArgs.of(args));
        steps.add(new PlanStep(name, typed, s.path("why").asText(""), null));
      }
    }
    if (!errors.isEmpty()) {
      throw new Rejected(errors);
    }
    return new Plan(steps, root.path("reason").asText("the model gave no reason"));
  }

  /** Filters and the Pick come from the reading, never from the model. */
  private static void fillFromReading(Analysis a, Map<String, Object> args, PlanRequest r) {
    for (ArgSpec spec : a.argsSchema().args()) {
      if (spec.type() == ArgType.FILTERS && r.frame() != null && !r.frame().filters().isEmpty()) {
        args.put(spec.name(), ArgJson.of(spec.type(), r.frame().filters()));
      } else if (spec.type() == ArgType.PICK && r.pick() != null) {
        args.put(spec.name(), ArgJson.of(spec.type(), r.pick()));
      }
    }
  }

  /** A JSON value as step args carry it; a time window keeps only its kind's fields. */
  private static Object value(ArgSpec spec, JsonNode v) {
    if (spec.type() == ArgType.TIME_FILTER) {
      return timeWindow(v);
    }
    return JSON.convertValue(v, Object.class);
  }

  private static Map<String, Object> timeWindow(JsonNode v) {
    if (!v.isObject()) {
      throw new IllegalArgumentException(
          "a time window is an object such as" + " {\"kind\":\"year\",\"year\":1997}");
    }
    String kind = v.path("kind").asText("");
    Map<String, Object> out = new LinkedHashMap<>();
    out.put("kind", kind);
    switch (kind) {
      case "year" -> out.put("year", integer(v, "year"));
      case "quarter" -> {
        out.put("year", integer(v, "year"));
        out.put("quarter", integer(v, "quarter"));
      }
      case "month" -> {
        out.put("year", integer(v, "year"));
        out.put("month", integer(v, "month"));
      }
      case "range" -> {
        out.put("from", date(v, "from"));
        out.put("to", date(v, "to"));
      }
      default ->
          throw new IllegalArgumentException(
              "time window kind must be year, quarter, month or range, got '" + kind + "'");
    }
    return out;
  }

  private static int integer(JsonNode v, String field) {
    JsonNode n = v.get(field);
    if (n == null || !n.canConvertToInt()) {
      throw new IllegalArgumentException("'" + field + "' must be a whole number");
    }
    return n.asInt();
  }

  private static String date(JsonNode v, String field) {
    String s = v.path(field).asText("");
    try {
      return LocalDate.parse(s).toString();
    } catch (DateTimeParseException e) {
      throw new IllegalArgumentException(
          "'" + field + "' must be a date YYYY-MM-DD, got '" + s + "'");
    }
  }

  /** Models often wrap JSON in a markdown code fence. */
  static String stripFences(String text) {
    String t = text.strip();
    if (t.startsWith("```")) {
      int nl = t.indexOf('\n');
      int end = t.lastIndexOf("```");
      if (nl > 0 && end > nl) {
        return t.substring(nl + 1, end).strip();
      }
    }
    return t;
  }
}
