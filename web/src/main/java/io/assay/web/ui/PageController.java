package io.assay.web.ui;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.springframework.core.annotation.AliasFor;
import org.springframework.stereotype.Controller;

/**
 * A controller that renders HTML pages. Its errors become HTML error pages ({@link PageErrors}),
 * while REST controllers answer with RFC 7807 problem details.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@Documented
@Controller
public @interface PageController {
  @AliasFor(annotation = Controller.class)
  String value() default "";
}
