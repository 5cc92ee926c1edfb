package io.assay.web.errors;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.MapperFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.cfg.CoercionAction;
import com.fasterxml.jackson.databind.cfg.CoercionInputShape;
import com.fasterxml.jackson.databind.type.LogicalType;
import org.apache.catalina.core.StandardHost;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.boot.web.embedded.tomcat.TomcatServletWebServerFactory;
import org.springframework.boot.web.server.WebServerFactoryCustomizer;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.core.Ordered;
import org.springframework.http.converter.json.MappingJackson2HttpMessageConverter;

/**
 * The HTTP edge: a body size limit on every endpoint, strict JSON for request bodies (unknown
 * fields, a number for a string or a fraction for a whole number are refused) and problem details
 * for the errors the container itself answers.
 */
@Configuration(proxyBeanMethods = false)
public class WebEdgeConfig {

  @Bean
  public FilterRegistrationBean<RequestSizeLimit> requestSizeLimit(
      @Value("${assay.web.max-request-bytes:262144}") long limit, ObjectMapper json) {
    FilterRegistrationBean<RequestSizeLimit> registration =
        new FilterRegistrationBean<>(new RequestSizeLimit(limit, json));
    registration.setOrder(Ordered.HIGHEST_PRECEDENCE);
    return registration;
  }

  /** The API's JSON: the application's mapper made strict for what clients send. */
  @Bean
  public MappingJackson2HttpMessageConverter strictJsonConverter(ObjectMapper json) {
    return new MappingJackson2HttpMessageConverter(strict(json));
  }

  static ObjectMapper strict(ObjectMapper base) {
    ObjectMapper strict =
        base.copy()
            .enable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .enable(DeserializationFeature.FAIL_ON_NULL_FOR_PRIMITIVES)
            .enable(DeserializationFeature.FAIL_ON_NUMBERS_FOR_ENUMS)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY)
            .disable(DeserializationFeature.ACCEPT_FLOAT_AS_INT);
    strict.configure(MapperFeature.ALLOW_COERCION_OF_SCALARS, false);
    for (CoercionInputShape shape :
        new CoercionInputShape[] {
          CoercionInputShape.Integer, CoercionInputShape.Float, CoercionInputShape.Boolean
        }) {
      strict.coercionConfigFor(LogicalType.Textual).setCoercion(shape, CoercionAction.Fail);
      strict.coercionConfigFor(LogicalType.Enum).setCoercion(shape, CoercionAction.Fail);
    }
    strict
        .coercionConfigFor(LogicalType.Integer)
        .setCoercion(CoercionInputShape.String, CoercionAction.Fail);
    strict
        .coercionConfigFor(LogicalType.Integer)
        .setCoercion(CoercionInputShape.Float, CoercionAction.Fail);
    return strict;
  }

  @Bean
  public WebServerFactoryCustomizer<TomcatServletWebServerFactory> containerErrors() {
    return factory ->
        factory.addContextCustomizers(
            context -> {
              if (context.getParent() instanceof StandardHost host) {
                host.setErrorReportValveClass(ContainerErrorValve.class.getName());
              }
            });
  }
}
