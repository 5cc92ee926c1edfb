package io.assay.contract.plan;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.JsonSerializer;
import com.fasterxml.jackson.databind.SerializerProvider;
import java.io.IOException;
import java.util.LinkedHashMap;

/**
 * How a step's args cross a Temporal boundary: written as their JSON object ({@link
 * StepArgs#json()}, by the Pick rules whatever mapper the data converter uses), read back as {@link
 * StepArgs.Raw} for the analysis's schema to type. Put on the args of each record that carries
 * them, so no data converter needs to know the analyses.
 */
public final class StepArgsJson {
  private StepArgsJson() {}

  public static final class Writer extends JsonSerializer<StepArgs> {
    @Override
    public void serialize(StepArgs args, JsonGenerator gen, SerializerProvider provider)
        throws IOException {
      provider.defaultSerializeValue(args.json(), gen);
    }
  }

  public static final class Reader extends JsonDeserializer<StepArgs> {
    @Override
    public StepArgs deserialize(JsonParser parser, DeserializationContext context)
        throws IOException {
      return new StepArgs.Raw(
          context.readValue(
              parser,
              context
                  .getTypeFactory()
                  .constructMapType(LinkedHashMap.class, String.class, Object.class)));
    }

    @Override
    public StepArgs getNullValue(DeserializationContext context) {
      return StepArgs.of(null);
    }
  }
}
