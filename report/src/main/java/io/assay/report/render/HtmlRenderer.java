package io.assay.report.render;

import io.assay.report.body.ReportBody;
import java.nio.charset.StandardCharsets;
import org.thymeleaf.TemplateEngine;
import org.thymeleaf.context.Context;
import org.thymeleaf.templatemode.TemplateMode;
import org.thymeleaf.templateresolver.ClassLoaderTemplateResolver;

/**
 * Renders a frozen body to a standalone HTML document (inline CSS, inline SVG charts, no script)
 * with Thymeleaf templates from {@code classpath:templates/report/}. No Spring: a plain template
 * engine, built once and thread-safe.
 */
public final class HtmlRenderer {
  private final TemplateEngine engine;

  public HtmlRenderer() {
    ClassLoaderTemplateResolver resolver =
        new ClassLoaderTemplateResolver(HtmlRenderer.class.getClassLoader());
    resolver.setPrefix("templates/");
    resolver.setSuffix(".html");
    resolver.setTemplateMode(TemplateMode.HTML);
    resolver.setCharacterEncoding(StandardCharsets.UTF_8.name());
    resolver.setCacheable(true);
    engine = new TemplateEngine();
    engine.setTemplateResolver(resolver);
  }

  /** The HTML of {@code body}; {@code checksum} is the body's SHA-256, embedded as a meta tag. */
  public String render(ReportBody body, String checksum) {
    Context context = new Context();
    context.setVariable("view", ReportViewBuilder.build(body, checksum));
    return engine.process("report/report", context);
  }
}
