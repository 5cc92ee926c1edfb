package io.assay.web.history;

/**
 * Which events of a long history one page shows: a history of hundreds of events (a job edited many
 * times, a step retried) is read a page at a time, so the page stays quick to load and to scroll.
 * Pages are numbered from 1; a number past the end shows the last page.
 *
 * @param first the first event shown, numbered from 1 (0 when there is none)
 * @param last the last event shown
 * @param total the events the filter keeps
 */
public record HistoryPaging(int page, int pages, int first, int last, int total) {
  /** Events per page: enough to follow a step's activities, few enough to load in a blink. */
  public static final int SIZE = 200;

  /** Page {@code asked} (null: the first) of {@code total} events. */
  public static HistoryPaging of(Integer asked, int total) {
    int pages = Math.max(1, (total + SIZE - 1) / SIZE);
    int page = asked == null ? 1 : Math.min(Math.max(asked, 1), pages);
    int first = (page - 1) * SIZE;
    int last = Math.min(first + SIZE, total);
    return new HistoryPaging(page, pages, total == 0 ? 0 : first + 1, last, total);
  }

  public boolean hasPrevious() {
    return page > 1;
  }

  public boolean hasNext() {
    return page < pages;
  }

  /** The page's events of a filtered history. */
  JobHistory apply(JobHistory filtered) {
    return total == 0 ? filtered : filtered.slice(first - 1, last);
  }
}
