package io.assay.web.openapi;

import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.info.License;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.context.annotation.PropertySource;

/**
 * The REST API's OpenAPI description ({@code /v3/api-docs}, browsable at {@code /swagger-ui.html}).
 * Only {@code /api/**} is described; the pages are not an API. Defaults for springdoc are in {@code
 * openapi.properties} and can be overridden like any other setting.
 */
@Configuration(proxyBeanMethods = false)
@PropertySource("classpath:openapi.properties")
public class OpenApiConfig {
  static final String BASIC = "basic";

  @Bean
  public OpenAPI assayOpenApi() {
    return new OpenAPI()
        .info(
            new Info()
                .title("Assay API")
                .version("v1")
                .description(
                    "Submit business questions, steer their analysis workflows (approve, edit the"
                        + " plan, answer clarifications, retry, cancel), follow them live, read"
                        + " reports, workflow histories and the schema knowledge graph. Errors are"
                        + " RFC 7807 problem details. Analysts see their own jobs, operators all.")
                .license(new License().name("Apache-2.0")))
        .components(
            new Components()
                .addSecuritySchemes(
                    BASIC,
                    new SecurityScheme()
                        .type(SecurityScheme.Type.HTTP)
                        .scheme("basic")
                        .description("An Assay user (assay.security.users)")))
        .addSecurityItem(new SecurityRequirement().addList(BASIC));
  }
}
