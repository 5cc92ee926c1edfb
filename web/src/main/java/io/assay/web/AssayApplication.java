package io.assay.web;

import io.assay.web.config.AssayProperties;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.flyway.FlywayAutoConfiguration;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/**
 * The Assay application. Data sources are built by {@code DatabaseConfig} (embedded or external
 * PostgreSQL), so Boot's own DataSource auto-configuration is off; Assay's migrations run into
 * schema {@code assay} from {@code WarehouseBootstrap}, so Boot's Flyway runner is off too (it
 * would apply them a second time into {@code public}).
 */
@SpringBootApplication(exclude = {DataSourceAutoConfiguration.class, FlywayAutoConfiguration.class})
@EnableConfigurationProperties(AssayProperties.class)
public class AssayApplication {}
