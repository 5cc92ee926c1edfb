package io.assay.datasets.financial;

import java.io.BufferedReader;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Reads one PKDD'99 text file: semicolon-separated, fields optionally in double quotes, a header
 * row. Every row must have the header's field count; blank lines are allowed only at the end.
 */
final class SemicolonFile {

  private SemicolonFile() {}

  static <T> List<T> read(Path file, List<String> header, Function<CsvRow, T> mapper) {
    if (!Files.isRegularFile(file)) {
      throw new FinancialDataException(file, "file not found");
    }
    List<T> rows = new ArrayList<>();
    var decoder =
        StandardCharsets.UTF_8
            .newDecoder()
            .onMalformedInput(CodingErrorAction.REPORT)
            .onUnmappableCharacter(CodingErrorAction.REPORT);
    int lineNo = 0;
    int blankSince = 0;
    try (BufferedReader in =
        new BufferedReader(new java.io.InputStreamReader(Files.newInputStream(file), decoder))) {
      String line;
      while ((line = in.readLine()) != null) {
        lineNo++;
        if (line.isBlank()) {
          if (blankSince == 0) {
            blankSince = lineNo;
          }
          continue;
        }
        if (blankSince != 0) {
          throw new FinancialDataException(file, blankSince, "blank line inside the data");
        }
        List<String> fields = split(file, lineNo, line);
        if (lineNo == 1) {
          if (!fields.equals(header)) {
            throw new FinancialDataException(
                file, 1, "header is " + fields + ", expected " + header);
          }
          continue;
        }
        if (fields.size() != header.size()) {
          throw new FinancialDataException(
              file,
              lineNo,
              "expected " + header.size() + " fields separated by ';', found " + fields.size());
        }
        rows.add(mapper.apply(new CsvRow(file, lineNo, header, fields)));
      }
    } catch (CharacterCodingException e) {
      throw new FinancialDataException(file, lineNo + 1, "not valid UTF-8 text");
    } catch (NoSuchFileException e) {
      throw new FinancialDataException(file, "file not found");
    } catch (IOException e) {
      throw new FinancialDataException(file, "cannot be read: " + e.getMessage());
    }
    if (lineNo == 0) {
      throw new FinancialDataException(file, "file is empty (expected a header row)");
    }
    return rows;
  }

  /** Splits on ';' outside double quotes; "" inside quotes is a literal quote. */
  static List<String> split(Path file, int lineNo, String line) {
    List<String> fields = new ArrayList<>();
    StringBuilder field = new StringBuilder();
    int i = 0;
    int n = line.length();
    while (true) {
      field.setLength(0);
      if (i < n && line.charAt(i) == '"') {
        i++;
        while (true) {
          if (i >= n) {
            throw new FinancialDataException(file, lineNo, "unterminated quoted field");
          }
          char c = line.charAt(i++);
          if (c == '"') {
            if (i < n && line.charAt(i) == '"') {
              field.append('"');
              i++;
            } else {
              break;
            }
          } else {
            field.append(c);
          }
        }
        if (i < n && line.charAt(i) != ';') {
          throw new FinancialDataException(
              file, lineNo, "unexpected text after a closing quote at column " + (i + 1));
        }
      } else {
        while (i < n && line.charAt(i) != ';') {
          char c = line.charAt(i++);
          if (c == '"') {
            throw new FinancialDataException(
                file, lineNo, "stray quote inside an unquoted field at column " + i);
          }
          field.append(c);
        }
      }
      fields.add(field.toString());
      if (i >= n) {
        return fields;
      }
      i++; // the ';'
    }
  }
}
