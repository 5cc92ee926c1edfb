package io.assay.web.temporal;

import io.grpc.InsecureServerCredentials;
import io.grpc.Server;
import io.grpc.ServerBuilder;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import io.temporal.internal.testservice.GRPCServerHelper;
import io.temporal.internal.testservice.TestServicesStarter;
import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.util.concurrent.TimeUnit;

/**
 * The SDK's test service run in this JVM and served on one interface. The SDK's own {@code
 * TestServer.createPortBoundServer} binds every interface, which would let anyone who reaches the
 * machine read histories or poll the task queue, so the same services are bound here by address.
 */
final class InProcessTemporal implements Closeable {
  private final TestServicesStarter services;
  private final Server server;

  private InProcessTemporal(TestServicesStarter services, Server server) {
    this.services = services;
    this.server = server;
  }

  static InProcessTemporal start(String address, int port) {
    // Time skipping locked (true), as the SDK's port-bound server does: real timers, as the server
    // a deployment runs. Unlocked, approval and retry timers fire at once and jobs close early.
    TestServicesStarter services = new TestServicesStarter(true, 0);
    ServerBuilder<?> builder =
        NettyServerBuilder.forAddress(
            new InetSocketAddress(address, port), InsecureServerCredentials.create());
    GRPCServerHelper.registerServicesAndHealthChecks(services.getServices(), builder);
    try {
      return new InProcessTemporal(services, builder.build().start());
    } catch (IOException e) {
      services.close();
      throw new UncheckedIOException(
          "the in-process Temporal service cannot listen on " + address + ":" + port, e);
    }
  }

  @Override
  public void close() {
    server.shutdown();
    try {
      if (!server.awaitTermination(5, TimeUnit.SECONDS)) {
        server.shutdownNow();
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      server.shutdownNow();
    }
    services.close();
  }
}
