package io.assay.delivery;

import java.io.BufferedReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Just enough SMTP (RFC 5321) to receive a message: EHLO/HELO, MAIL, RCPT, DATA with dot
 * un-stuffing, RSET, NOOP, QUIT. One connection at a time, on a background thread.
 */
final class TinySmtpServer implements AutoCloseable {
  record Mail(String from, List<String> to, byte[] data) {
    String text() {
      return new String(data, StandardCharsets.UTF_8);
    }
  }

  final List<Mail> received = new CopyOnWriteArrayList<>();
  private final ServerSocket socket;
  private final Thread thread;

  TinySmtpServer() throws IOException {
    socket = new ServerSocket(0, 10, InetAddress.getLoopbackAddress());
    thread = new Thread(this::serve, "tiny-smtp");
    thread.setDaemon(true);
    thread.start();
  }

  int port() {
    return socket.getLocalPort();
  }

  private void serve() {
    while (!socket.isClosed()) {
      try (Socket client = socket.accept()) {
        session(client);
      } catch (IOException e) {
        // closed, or the client hung up
      }
    }
  }

  private void session(Socket client) throws IOException {
    BufferedReader in =
        new BufferedReader(
            new InputStreamReader(client.getInputStream(), StandardCharsets.ISO_8859_1));
    OutputStream out = client.getOutputStream();
    reply(out, "220 tiny ESMTP");
    String from = null;
    List<String> to = new ArrayList<>();
    String line;
    while ((line = in.readLine()) != null) {
      String verb = line.length() >= 4 ? line.substring(0, 4).toUpperCase() : line.toUpperCase();
      switch (verb) {
        case "EHLO", "HELO" -> reply(out, "250 tiny");
        case "MAIL" -> {
          from = line.substring(line.indexOf(':') + 1).trim();
          to.clear();
          reply(out, "250 OK");
        }
        case "RCPT" -> {
          to.add(line.substring(line.indexOf(':') + 1).trim());
          reply(out, "250 OK");
        }
        case "DATA" -> {
          reply(out, "354 end with <CRLF>.<CRLF>");
          ByteArrayOutputStream data = new ByteArrayOutputStream();
          String dataLine;
          while ((dataLine = in.readLine()) != null && !dataLine.equals(".")) {
            String unstuffed = dataLine.startsWith(".") ? dataLine.substring(1) : dataLine;
            data.write((unstuffed + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
          }
          received.add(new Mail(from, List.copyOf(to), data.toByteArray()));
          reply(out, "250 OK queued");
        }
        case "RSET", "NOOP" -> reply(out, "250 OK");
        case "QUIT" -> {
          reply(out, "221 bye");
          return;
        }
        default -> reply(out, "502 not implemented");
      }
    }
  }

  private static void reply(OutputStream out, String text) throws IOException {
    out.write((text + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
    out.flush();
  }

  @Override
  public void close() throws IOException {
    socket.close();
  }
}
