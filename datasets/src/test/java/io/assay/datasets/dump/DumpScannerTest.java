package io.assay.datasets.dump;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.List;
import org.junit.jupiter.api.Test;

class DumpScannerTest {

  @Test
  void semicolonsInQuotesBodiesAndCommentsDoNotEndAStatement() {
    String dump =
        """
        -- a comment; with a semicolon
        CREATE TABLE src.t (a text DEFAULT 'x;y', "we;ird" int);
        CREATE FUNCTION src.f() RETURNS int LANGUAGE sql AS $body$ SELECT 1; $body$;
        /* block; comment */ SELECT $1;
        CREATE VIEW src.v AS SELECT E'it\\'s;' AS s;
        """;
    List<DumpStatement> s = DumpScanner.scan(dump, "d.sql");
    assertThat(s)
        .extracting(DumpStatement::origin)
        .containsExactly("d.sql:2", "d.sql:3", "d.sql:4", "d.sql:5");
    assertThat(((DumpStatement.Sql) s.get(1)).sql()).endsWith("$body$ SELECT 1; $body$");
    assertThat(((DumpStatement.Sql) s.get(3)).sql())
        .isEqualTo("CREATE VIEW src.v AS SELECT E'it\\'s;' AS s");
  }

  @Test
  void copyTakesItsRowsUpToTheEndMarker() {
    String dump =
        "COPY src.t (a, b) FROM stdin;\n1\tx;y\n2\t\\N\n\\.\n\nCOPY src.u (a) FROM stdin;\n\\.\n"
            + "SELECT pg_catalog.setval('src.t_seq', 2, true);\n";
    List<DumpStatement> s = DumpScanner.scan(dump, "data.sql");
    assertThat(s).hasSize(3);
    assertThat(((DumpStatement.Copy) s.get(0)).data()).isEqualTo("1\tx;y\n2\t\\N\n");
    assertThat(((DumpStatement.Copy) s.get(1)).data()).isEmpty();
    assertThat(s.get(2).origin()).isEqualTo("data.sql:8");
  }

  @Test
  void unterminatedInputNamesFileAndLine() {
    assertThatThrownBy(() -> DumpScanner.scan("SELECT 1;\nSELECT 'open;\n", "bad.sql"))
        .isInstanceOf(DumpFormatException.class)
        .hasMessageContaining("bad.sql:2");
    assertThatThrownBy(() -> DumpScanner.scan("COPY t (a) FROM stdin;\n1\n2\n", "bad.sql"))
        .isInstanceOf(DumpFormatException.class)
        .hasMessageContaining("not terminated");
  }

  @Test
  void planRewritesTheDumpSchemaAndOrdersConstraintsAfterData() {
    List<DumpStatement> scanned =
        DumpScanner.scan(
            """
            SET statement_timeout = 0;
            SELECT pg_catalog.set_config('search_path', '', false);
            CREATE TABLE src.a (id int);
            ALTER TABLE src.a OWNER TO someone;
            ALTER TABLE ONLY src.a ADD CONSTRAINT a_pkey PRIMARY KEY (id);
            CREATE INDEX a_idx ON src.a USING btree (id);
            ALTER TABLE ONLY src.b ADD CONSTRAINT b_a_fkey FOREIGN KEY (a) REFERENCES src.a(id);
            GRANT ALL ON SCHEMA src TO PUBLIC;
            COPY src.a (id) FROM stdin;
            1
            \\.
            SELECT pg_catalog.setval('src.a_seq', 1, true);
            CREATE TABLE notsrc.x (id int);
            """,
            "d.sql");
    DumpPlan plan = DumpPlan.of(scanned, "src", "target");
    assertThat(plan.definitions())
        .extracting(s -> ((DumpStatement.Sql) s).sql())
        .containsExactly(
            "CREATE TABLE target.a (id int)",
            "ALTER TABLE ONLY target.a ADD CONSTRAINT a_pkey PRIMARY KEY (id)");
    assertThat(plan.data()).hasSize(3);
    assertThat(((DumpStatement.Copy) plan.data().get(0)).header())
        .isEqualTo("COPY target.a (id) FROM stdin");
    assertThat(((DumpStatement.Sql) plan.data().get(1)).sql())
        .isEqualTo("SELECT pg_catalog.setval('target.a_seq', 1, true)");
    assertThat(((DumpStatement.Sql) plan.data().get(2)).sql())
        .as("a qualifier that only ends in the dump schema's name is left alone")
        .isEqualTo("CREATE TABLE notsrc.x (id int)");
    assertThat(plan.constraints()).hasSize(2);
  }
}
