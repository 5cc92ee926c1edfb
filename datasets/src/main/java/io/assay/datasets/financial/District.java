package io.assay.datasets.financial;

/**
 * A row of {@code district}, with BIRD's column names: a2 name, a3 region, a4 inhabitants, a5–a8
 * municipalities by size band, a9 cities, a10 urban ratio, a11 average salary, a12/a13 unemployment
 * 1995/1996, a14 entrepreneurs per 1000, a15/a16 crimes 1995/1996. BIRD keeps a4–a7 as text. Every
 * column but the id may be missing ('?' in the raw file), hence the boxed types.
 */
public record District(
    int districtId,
    String a2,
    String a3,
    String a4,
    String a5,
    String a6,
    String a7,
    Integer a8,
    Integer a9,
    Double a10,
    Integer a11,
    Double a12,
    Double a13,
    Integer a14,
    Integer a15,
    Integer a16) {}
