package io.assay.web.delivery;

import io.assay.delivery.DeliveryPolicy;
import io.assay.delivery.EgressPolicy;
import io.assay.delivery.FileTargets;
import io.assay.web.config.AssayProperties;
import java.nio.file.Path;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** One delivery policy for submission checks (web) and sends (worker). */
@Configuration(proxyBeanMethods = false)
public class DeliveryPolicyConfig {

  @Bean
  public DeliveryPolicy deliveryPolicy(AssayProperties props) {
    AssayProperties.Delivery delivery = props.delivery();
    String base = delivery.file().baseDir();
    Path baseDir =
        base == null || base.isBlank() ? props.home().resolve("deliveries") : Path.of(base);
    return new DeliveryPolicy(new FileTargets(baseDir), EgressPolicy.allowing(delivery.allow()));
  }
}
