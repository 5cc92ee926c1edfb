package io.assay.delivery;

import io.assay.contract.delivery.Delivered;
import io.assay.contract.delivery.EmailChannel;
import io.assay.store.CanonicalJson;
import jakarta.mail.Address;
import jakarta.mail.Message;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeBodyPart;
import jakarta.mail.internet.MimeMessage;
import jakarta.mail.internet.MimeMultipart;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Clock;
import java.util.Date;
import java.util.Properties;

/**
 * Sends the report as one multipart/alternative e-mail (Markdown as text/plain, HTML as text/html)
 * over SMTP with Jakarta Mail (Eclipse Angus). The Message-ID is derived from the idempotency key,
 * so a duplicate caused by a retry after a lost SMTP reply carries the same Message-ID and mail
 * systems can recognise it; SMTP itself has no way to refuse it.
 */
public final class SmtpSender implements DeliveryChannel<EmailChannel> {
  public static final String IDEMPOTENCY_HEADER = "Idempotency-Key";

  private final ChannelSecrets secrets;
  private final Clock clock;

  public SmtpSender(ChannelSecrets secrets, Clock clock) {
    this.secrets = secrets;
    this.clock = clock;
  }

  @Override
  public Delivered deliver(EmailChannel spec, DeliveryContent content, String idempotencyKey) {
    Session session = Session.getInstance(properties(spec));
    MimeMessage message;
    byte[] bytes;
    try {
      message = message(session, spec, content, idempotencyKey);
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      message.writeTo(out);
      bytes = out.toByteArray();
    } catch (AddressException e) {
      throw new ChannelNotConfirmedException(
          "email channel " + spec.name() + " has an invalid address: " + e.getMessage(), false, e);
    } catch (MessagingException | IOException e) {
      throw new ChannelNotConfirmedException(
          "email channel " + spec.name() + " cannot compose the message: " + e.getMessage(),
          false,
          e);
    }
    try (Transport transport = session.getTransport("smtp")) {
      String password = secrets.secret(spec.name()).orElse(null);
      transport.connect(
          spec.host(), spec.port(), spec.username().isEmpty() ? null : spec.username(), password);
      Address[] recipients = message.getAllRecipients();
      // sendMessage sends the message as composed; Transport.send would re-save it first.
      transport.sendMessage(message, recipients);
      return new Delivered(
          CanonicalJson.sha256(bytes),
          "SMTP "
              + spec.host()
              + ":"
              + spec.port()
              + " accepted "
              + message.getMessageID()
              + " for "
              + recipients.length
              + " recipient(s)");
    } catch (MessagingException e) {
      throw new ChannelNotConfirmedException(
          "SMTP server "
              + spec.host()
              + ":"
              + spec.port()
              + " did not accept the report: "
              + e.getMessage(),
          true,
          e);
    }
  }

  private MimeMessage message(
      Session session, EmailChannel spec, DeliveryContent content, String idempotencyKey)
      throws MessagingException {
    String messageId = "<" + idempotencyKey + "@assay.invalid>";
    MimeMessage message =
        new MimeMessage(session) {
          @Override
          protected void updateMessageID() throws MessagingException {
            setHeader("Message-ID", messageId);
          }
        };
    message.setFrom(new InternetAddress(spec.from(), true));
    for (String to : spec.to()) {
      message.addRecipient(Message.RecipientType.TO, new InternetAddress(to, true));
    }
    message.setSubject(content.title(), "UTF-8");
    message.setSentDate(Date.from(clock.instant()));
    message.setHeader(IDEMPOTENCY_HEADER, idempotencyKey);
    message.setHeader(WebhookSender.BODY_SHA_HEADER, content.bodySha256());
    MimeBodyPart text = new MimeBodyPart();
    text.setText(content.markdown(), "UTF-8", "plain");
    MimeBodyPart html = new MimeBodyPart();
    html.setText(content.html(), "UTF-8", "html");
    MimeMultipart alternative = new MimeMultipart("alternative");
    alternative.addBodyPart(text);
    alternative.addBodyPart(html);
    message.setContent(alternative);
    message.saveChanges();
    return message;
  }

  private static Properties properties(EmailChannel spec) {
    Properties p = new Properties();
    p.put("mail.smtp.host", spec.host());
    p.put("mail.smtp.port", String.valueOf(spec.port()));
    p.put("mail.smtp.connectiontimeout", String.valueOf(spec.timeoutMillis()));
    p.put("mail.smtp.timeout", String.valueOf(spec.timeoutMillis()));
    p.put("mail.smtp.writetimeout", String.valueOf(spec.timeoutMillis()));
    p.put("mail.smtp.auth", String.valueOf(!spec.username().isEmpty()));
    if (spec.startTls()) {
      p.put("mail.smtp.starttls.enable", "true");
      p.put("mail.smtp.starttls.required", "true");
    }
    return p;
  }
}
