package io.assay.web;

import io.assay.web.config.AssayProperties;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.autoconfigure.jdbc.DataSourceAutoConfiguration;
import org.springframework.boot.context.properties.EnableConfigurationProperties;

/**
 * The Assay application. Data sources are built by {@code DatabaseConfig} (embedded or external
 * PostgreSQL), so Boot's own DataSource auto-configuration is off.
 */
@SpringBootApplication(exclude = DataSourceAutoConfiguration.class)
@EnableConfigurationProperties(AssayProperties.class)
public class AssayApplication {}
