package io.assay.datasets.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.assay.datasets.testing.ListeningSockets;
import io.assay.datasets.testing.TestWarehouse;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class EmbeddedPostgresServerTest {

  @TempDir Path temp;

  @Test
  void aPortInUseGivesOneLineNamingThePortAndTheSetting() throws IOException {
    try (ServerSocket taken = new ServerSocket()) {
      taken.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
      int port = taken.getLocalPort();

      assertThatThrownBy(
              () ->
                  EmbeddedPostgresServer.start(EmbeddedPostgresConfig.of(temp.resolve("pg"), port)))
          .isInstanceOfSatisfying(
              PortInUseException.class, e -> assertThat(e.port()).isEqualTo(port))
          .hasMessage(
              "Port "
                  + port
                  + " is already in use, so the embedded PostgreSQL cannot start; set"
                  + " assay.db.embedded.port to a free port (0 picks any free port).")
          .hasMessageNotContaining("\n");
    }
  }

  @Test
  void aDataDirectoryInUseIsRefusedWithoutHarm() throws SQLException {
    TestWarehouse running = TestWarehouse.get();
    Path dir = TestWarehouse.dataDirectory();

    assertThatThrownBy(() -> EmbeddedPostgresServer.start(EmbeddedPostgresConfig.of(dir, 0)))
        .isInstanceOf(DataDirectoryInUseException.class)
        .hasMessageContaining(dir.toAbsolutePath().normalize().toString())
        .hasMessageContaining("in use by another process");
    try (Connection c = running.adminDataSource().getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery("SELECT 1")) {
      assertThat(rs.next()).isTrue();
    }
  }

  @Test
  void aDirectoryWithForeignContentIsRefused() throws IOException {
    Path dir = Files.createDirectories(temp.resolve("not-pg"));
    Files.writeString(dir.resolve("notes.txt"), "mine");
    assertThatThrownBy(() -> EmbeddedPostgresServer.start(EmbeddedPostgresConfig.of(dir, 0)))
        .isInstanceOf(EmbeddedPostgresException.class)
        .hasMessageContaining("is not empty and holds no PostgreSQL cluster");
    assertThat(dir.resolve("notes.txt")).hasContent("mine");
  }

  @Test
  void listensOnLoopbackOnlyUnlessConfigured() throws Exception {
    Path dir = temp.resolve("loopback");
    try (EmbeddedPostgresServer server =
        EmbeddedPostgresServer.start(EmbeddedPostgresConfig.of(dir, 0))) {
      long postmaster = Long.parseLong(Files.readAllLines(dir.resolve("postmaster.pid")).get(0));
      List<ListeningSockets.Listener> listeners =
          ListeningSockets.ofTree(ProcessHandle.of(postmaster).orElseThrow());
      assertThat(listeners).extracting(ListeningSockets.Listener::port).contains(server.port());
      assertThat(listeners).allMatch(ListeningSockets.Listener::loopback);
    }
    try (EmbeddedPostgresServer server =
        EmbeddedPostgresServer.start(EmbeddedPostgresConfig.of(dir, 0).listeningOn("0.0.0.0"))) {
      long postmaster = Long.parseLong(Files.readAllLines(dir.resolve("postmaster.pid")).get(0));
      assertThat(ListeningSockets.ofTree(ProcessHandle.of(postmaster).orElseThrow()))
          .extracting(ListeningSockets.Listener::toString)
          .contains("0.0.0.0:" + server.port());
    }
  }

  @Test
  void createsTheDatabaseAndKeepsDataAcrossRestarts() throws SQLException {
    Path dir = temp.resolve("cluster");
    try (EmbeddedPostgresServer server =
        EmbeddedPostgresServer.start(EmbeddedPostgresConfig.of(dir, 0))) {
      assertThat(server.jdbcUrl())
          .isEqualTo("jdbc:postgresql://127.0.0.1:" + server.port() + "/assay");
      execute(server, "CREATE TABLE kept (x int)", "INSERT INTO kept VALUES (42)");
    }
    try (EmbeddedPostgresServer again =
        EmbeddedPostgresServer.start(EmbeddedPostgresConfig.of(dir, 0))) {
      assertThat(queryInt(again, "SELECT x FROM kept")).isEqualTo(42);
    }
  }

  @Test
  void loginsNeedTheGeneratedPasswordsAndTheOwnerIsNoSuperuser() throws Exception {
    Path dir = temp.resolve("secured");
    try (EmbeddedPostgresServer server =
        EmbeddedPostgresServer.start(EmbeddedPostgresConfig.of(dir, 0))) {
      Path credentials = ClusterCredentials.file(dir);
      assertThat(Files.getPosixFilePermissions(credentials))
          .containsExactlyInAnyOrder(
              java.nio.file.attribute.PosixFilePermission.OWNER_READ,
              java.nio.file.attribute.PosixFilePermission.OWNER_WRITE);
      assertThat(Files.readString(dir.resolve("pg_hba.conf")))
          .contains("host all all 127.0.0.1/32 scram-sha-256")
          .doesNotContain("trust")
          .doesNotContainPattern("(?m)^local");
      // No password, or a wrong one, is refused for every role.
      for (String[] login :
          List.of(
              new String[] {"postgres", ""},
              new String[] {"postgres", "postgres"},
              new String[] {server.ownerUsername(), ""})) {
        assertThatThrownBy(
                () -> server.dataSource("assay", login[0], login[1]).getConnection().close())
            .isInstanceOf(SQLException.class)
            .hasMessageContaining("password");
      }
      // The owner owns the database but may not run programs or create roles.
      try (Connection c =
              server
                  .dataSource("assay", server.ownerUsername(), server.ownerPassword())
                  .getConnection();
          Statement s = c.createStatement()) {
        try (ResultSet rs =
            s.executeQuery(
                "SELECT rolsuper, rolcreaterole FROM pg_roles WHERE rolname = current_user")) {
          rs.next();
          assertThat(rs.getBoolean(1)).isFalse();
          assertThat(rs.getBoolean(2)).isFalse();
        }
        s.execute("CREATE TABLE owned (x int)");
        assertThatThrownBy(() -> s.execute("COPY owned TO PROGRAM 'id'"))
            .isInstanceOf(SQLException.class);
        assertThatThrownBy(() -> s.execute("CREATE ROLE intruder SUPERUSER"))
            .isInstanceOf(SQLException.class);
      }
    }
  }

  @Test
  void aClusterFromBeforePasswordsIsSecuredAtItsNextStart() throws Exception {
    Path dir = temp.resolve("older");
    try (EmbeddedPostgresServer server =
        EmbeddedPostgresServer.start(EmbeddedPostgresConfig.of(dir, 0))) {
      execute(server, "CREATE TABLE kept (x int)", "INSERT INTO kept VALUES (7)");
    }
    // What an older version left: trust for every local login, no passwords file.
    Files.writeString(
        dir.resolve("pg_hba.conf"), "local all all trust\nhost all all 127.0.0.1/32 trust\n");
    Files.delete(ClusterCredentials.file(dir));
    try (EmbeddedPostgresServer again =
        EmbeddedPostgresServer.start(EmbeddedPostgresConfig.of(dir, 0))) {
      assertThat(Files.readString(dir.resolve("pg_hba.conf"))).doesNotContain("trust");
      assertThatThrownBy(() -> again.dataSource("assay", "postgres", "").getConnection().close())
          .isInstanceOf(SQLException.class);
      try (Connection c =
              again
                  .dataSource("assay", again.ownerUsername(), again.ownerPassword())
                  .getConnection();
          Statement s = c.createStatement();
          ResultSet rs = s.executeQuery("SELECT x FROM kept")) {
        rs.next();
        assertThat(rs.getInt(1)).isEqualTo(7);
      }
    }
  }

  @Test
  void aPostmasterOrphanedByAKilledJvmIsStoppedAndTheDataDirectoryReused() throws Exception {
    Path dir = temp.resolve("orphaned");
    Process child =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                OrphaningServer.class.getName(),
                dir.toString())
            .redirectErrorStream(true)
            .start();
    long postmasterPid;
    try (BufferedReader out =
        new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
      String line;
      do {
        line = out.readLine();
      } while (line != null && !line.startsWith(OrphaningServer.READY));
      assertThat(line).as("child started its server").isNotNull();
      child.destroyForcibly(); // SIGKILL: no shutdown hook runs, the postmaster stays
      assertThat(child.waitFor(30, TimeUnit.SECONDS)).isTrue();
    }
    postmasterPid = Long.parseLong(Files.readAllLines(dir.resolve("postmaster.pid")).get(0).trim());
    assertThat(ProcessHandle.of(postmasterPid).map(ProcessHandle::isAlive)).contains(true);

    try (EmbeddedPostgresServer server =
        EmbeddedPostgresServer.start(EmbeddedPostgresConfig.of(dir, 0))) {
      assertThat(queryInt(server, "SELECT x FROM written_by_child")).isEqualTo(7);
    }
    assertThat(ProcessHandle.of(postmasterPid).map(ProcessHandle::isAlive).orElse(false)).isFalse();
  }

  static void execute(EmbeddedPostgresServer server, String... sql) throws SQLException {
    try (Connection c = server.adminDataSource().getConnection();
        Statement s = c.createStatement()) {
      for (String statement : sql) {
        s.execute(statement);
      }
    }
  }

  private static int queryInt(EmbeddedPostgresServer server, String sql) throws SQLException {
    try (Connection c = server.adminDataSource().getConnection();
        Statement s = c.createStatement();
        ResultSet rs = s.executeQuery(sql)) {
      assertThat(rs.next()).isTrue();
      return rs.getInt(1);
    }
  }

  /** Child JVM of the orphan test: starts a server, writes a row, reports, and waits to die. */
  public static final class OrphaningServer {
    static final String READY = "READY";

    public static void main(String[] args) throws Exception {
      EmbeddedPostgresServer server =
          EmbeddedPostgresServer.start(EmbeddedPostgresConfig.of(Path.of(args[0]), 0));
      execute(
          server,
          "CREATE TABLE written_by_child (x int)",
          "INSERT INTO written_by_child VALUES (7)");
      System.out.println(READY + " " + server.port());
      System.out.flush();
      Thread.sleep(List.of(600_000L).get(0));
    }
  }
}
