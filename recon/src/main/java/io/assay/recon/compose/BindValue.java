package io.assay.recon.compose;

/**
 * One bind parameter of a composed query, in order of the {@code ?} placeholders: the Java value
 * (String, Long, BigDecimal, LocalDate, Boolean, Integer) and its SQL type name.
 */
public record BindValue(Object value, String sqlType) {}
