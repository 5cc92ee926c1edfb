/*
 * Assay pages: live job progress over server-sent events, and quiet refreshes of lists while jobs
 * run. Everything shown is rendered by the server (Thymeleaf escapes it); this script only swaps
 * server-rendered parts in and writes event text with textContent, never as HTML.
 */
(function () {
  "use strict";

  /** Fetches a server-rendered part and swaps it for the element with the same id. */
  async function swap(url, id) {
    const response = await fetch(url, { headers: { "Accept": "text/html" }, credentials: "same-origin" });
    if (!response.ok) {
      return false;
    }
    const doc = new DOMParser().parseFromString(await response.text(), "text/html");
    const fresh = doc.getElementById(id);
    const current = document.getElementById(id);
    if (!fresh || !current) {
      // Signed out (the login page came back) or the page changed shape: start over.
      window.location.reload();
      return false;
    }
    const imported = document.importNode(fresh, true);
    current.replaceWith(imported);
    localTimes(imported);
    timeFields(imported);
    return true;
  }

  /**
   * A period field of a generated form shows only the inputs its kind needs (a year: the year; a
   * quarter: year and quarter; a range: the two dates). Without script every input shows and the
   * server ignores the ones the kind does not use.
   */
  const PARTS = { "": [], year: ["year"], quarter: ["year", "quarter"], month: ["year", "month"], range: ["from", "to"] };
  function timeFields(root) {
    for (const field of root.querySelectorAll(".time-field")) {
      const kind = field.querySelector("select[name$='.kind']");
      if (!kind) {
        continue;
      }
      const show = () => {
        const wanted = PARTS[kind.value] || [];
        for (const input of field.querySelectorAll("[name]")) {
          const part = input.name.substring(input.name.lastIndexOf(".") + 1);
          if (input !== kind) {
            input.hidden = !wanted.includes(part);
          }
        }
      };
      kind.addEventListener("change", show);
      show();
    }
  }

  /**
   * Times are sent in UTC (<time datetime="...">) and shown in the reader's own time zone, with the
   * zone named, e.g. "1 Dec 2026, 09:42 CET".
   */
  const LOCAL = new Intl.DateTimeFormat(undefined, {
    year: "numeric", month: "short", day: "numeric", hour: "2-digit", minute: "2-digit", second: "2-digit", timeZoneName: "short"
  });
  function localTimes(root, instantsOnly) {
    for (const t of root.querySelectorAll("time[datetime]")) {
      // A report's periods ("1997-06-01" for June) are days of the data, not moments: only an
      // instant (with its time of day) has a zone to show it in.
      if (instantsOnly && !/T\d\d:\d\d/.test(t.getAttribute("datetime"))) {
        continue;
      }
      const at = new Date(t.getAttribute("datetime"));
      if (!isNaN(at)) {
        t.title = t.getAttribute("datetime");
        t.textContent = LOCAL.format(at);
      }
    }
  }

  /** True when a person has typed into a form inside the element and not sent it yet. */
  function dirty(element) {
    if (!element) {
      return false;
    }
    if (element.contains(document.activeElement) && document.activeElement.matches("input, textarea, select")) {
      return true;
    }
    for (const field of element.querySelectorAll("textarea, input[type=text], input[type=number]")) {
      if (field.value !== field.defaultValue) {
        return true;
      }
    }
    for (const field of element.querySelectorAll("input[type=radio], input[type=checkbox]")) {
      if (field.checked !== field.defaultChecked) {
        return true;
      }
    }
    return false;
  }

  function jobPage(body) {
    const jobId = body.dataset.jobId;
    const base = "/jobs/" + encodeURIComponent(jobId);
    let lastEventId = Number(body.dataset.lastEventId || "0");
    const wanted = { live: null, plan: null };
    const busy = { live: false, plan: false };

    async function refresh(part, force) {
      const element = document.getElementById(part);
      if (!element || wanted[part] === null || element.dataset.key === wanted[part] || busy[part]) {
        return;
      }
      const stale = document.getElementById(part + "-stale");
      if (!force && dirty(element)) {
        if (stale) {
          stale.hidden = false;
        }
        return;
      }
      busy[part] = true;
      try {
        await swap(base + "/parts/" + part, part);
      } finally {
        busy[part] = false;
      }
      // A change may have arrived while the part was loading.
      const now = document.getElementById(part);
      if (now && now.dataset.key !== wanted[part]) {
        setTimeout(() => refresh(part, false), 200);
      }
    }

    document.addEventListener("click", (e) => {
      if (e.target.id === "plan-refresh") {
        refresh("plan", true);
      } else if (e.target.id === "live-refresh") {
        refresh("live", true);
      }
    });

    function appendEvent(event) {
      const list = document.getElementById("events");
      if (!list || list.querySelector('[data-event-id="' + event.id + '"]')) {
        return;
      }
      const item = document.createElement("li");
      item.dataset.eventId = String(event.id);
      const time = document.createElement("time");
      time.textContent = (event.at || "").replace("T", " ").replace(/\.\d+/, "").replace(/(Z|[+-]\d\d:\d\d)$/, "");
      const type = document.createElement("strong");
      type.textContent = event.type;
      const payload = document.createElement("code");
      payload.textContent = event.payload;
      item.append(time, " ", type, " ", payload);
      list.append(item);
      list.scrollTop = list.scrollHeight;
    }

    // Actions on the job post in the background and swap the re-rendered parts in, so the page
    // (and its live stream) stays; without script the same forms post and redirect as usual.
    document.addEventListener("submit", async (e) => {
      const form = e.target;
      if (!form.closest("#plan, #live") || form.method.toLowerCase() !== "post") {
        return;
      }
      e.preventDefault();
      const buttons = form.querySelectorAll("button");
      buttons.forEach((b) => { b.disabled = true; });
      try {
        const response = await fetch(form.action, {
          method: "POST",
          body: new URLSearchParams(new FormData(form)),
          credentials: "same-origin",
          headers: { "Accept": "text/html" },
        });
        const doc = new DOMParser().parseFromString(await response.text(), "text/html");
        const plan = doc.getElementById("plan");
        const live = doc.getElementById("live");
        if (!response.ok || !plan || !live) {
          window.location.reload();
          return;
        }
        for (const fresh of [plan, live]) {
          const imported = document.importNode(fresh, true);
          document.getElementById(fresh.id).replaceWith(imported);
          localTimes(imported);
          timeFields(imported);
        }
      } catch (error) {
        window.location.reload();
      } finally {
        buttons.forEach((b) => { b.disabled = false; });
      }
    });

    if (body.dataset.terminal === "true") {
      return;
    }
    const source = new EventSource(base + "/stream?after=" + lastEventId);
    source.addEventListener("job-event", (m) => {
      const event = JSON.parse(m.data);
      lastEventId = Math.max(lastEventId, event.id);
      appendEvent(event);
    });
    source.addEventListener("progress", (m) => {
      const progress = JSON.parse(m.data);
      wanted.live = progress.liveKey;
      wanted.plan = progress.planKey;
      refresh("live", false);
      refresh("plan", false);
    });
    source.addEventListener("end", () => {
      source.close();
      body.dataset.terminal = "true";
    });
  }

  /** Re-renders a list part every few seconds while it shows something still running. */
  function poll(id, url, activeWhen) {
    const tick = async () => {
      const element = document.getElementById(id);
      if (!element || !activeWhen(element) || dirty(element)) {
        return;
      }
      await swap(url, id);
      setTimeout(tick, 2500);
    };
    setTimeout(tick, 2500);
  }

  // A form with data-confirm (cancel, approving one's own plan) asks first. Delegated, because
  // live updates replace the forms.
  document.addEventListener("submit", (event) => {
    const form = event.target;
    if (form instanceof HTMLFormElement && form.dataset.confirm && !window.confirm(form.dataset.confirm)) {
      event.preventDefault();
    }
  });

  /** The add-step form says what the chosen analysis answers and starts from an example. */
  document.addEventListener("change", (event) => {
    const select = event.target;
    if (!(select instanceof HTMLSelectElement)) {
      return;
    }
    if (select.id === "add-analysis") {
      // The add-step form: fetch the chosen analysis's generated fields in place of the last.
      const url = select.dataset.parts + "?add=" + encodeURIComponent(select.value);
      fetch(url, { headers: { Accept: "text/html" }, credentials: "same-origin" })
        .then((r) => (r.ok ? r.text() : Promise.reject(r.status)))
        .then((html) => {
          const fields = document.getElementById("add-fields");
          if (fields) {
            fields.outerHTML = html;
          }
        })
        .catch(() => select.form && select.form.submit());
      return;
    }
    if (select.id !== "add-json-analysis") {
      return;
    }
    const option = select.selectedOptions[0];
    const help = document.getElementById("add-help");
    const args = document.getElementById("add-args");
    if (help && option) {
      help.textContent = option.dataset.description || "";
    }
    if (args && option && option.dataset.example && (args.value.trim() === "" || args.value.trim() === "{}" || args.dataset.example === args.value)) {
      args.value = option.dataset.example;
      args.dataset.example = option.dataset.example;
    }
  });

  /**
   * A link into a collapsed section (the schema page's "all 77 values", its section links) opens
   * the sections around its target, so the link never lands on a closed box.
   */
  function revealTarget() {
    const id = decodeURIComponent(window.location.hash.slice(1));
    let node = id ? document.getElementById(id) : null;
    if (!node) {
      return;
    }
    const target = node;
    for (; node; node = node.parentElement) {
      if (node instanceof HTMLDetailsElement) {
        node.open = true;
      }
    }
    // A link to a list ("all 77 values") lands on the list, open.
    const inner = target.querySelector("details");
    if (inner) {
      inner.open = true;
    }
    target.scrollIntoView();
  }
  window.addEventListener("hashchange", revealTarget);

  /**
   * A history event's long payload is fetched the first time it is unfolded (the page carries its
   * first characters only). "toggle" does not bubble, hence the capture.
   */
  document.addEventListener(
    "toggle",
    (event) => {
      const details = event.target;
      if (!(details instanceof HTMLDetailsElement) || !details.open || !details.dataset.src || details.dataset.loaded) {
        return;
      }
      details.dataset.loaded = "true";
      const pre = details.querySelector("pre");
      fetch(details.dataset.src, { headers: { Accept: "text/plain" }, credentials: "same-origin" })
        .then((r) => (r.ok ? r.text() : Promise.reject(r.status)))
        .then((text) => {
          pre.textContent = text;
        })
        .catch(() => {
          delete details.dataset.loaded; // the link in it still opens the payload
        });
    },
    true
  );

  document.addEventListener("DOMContentLoaded", () => {
    const body = document.body;
    revealTarget();
    const choose = document.getElementById("add-choose-go");
    if (choose) {
      choose.hidden = true; // the fields follow the select
    }
    localTimes(document);
    timeFields(document);
    const frame = document.getElementById("report-frame");
    if (frame) {
      // The whole report in the page's own scroll, not a scroll inside a scroll. The frame runs no
      // script, so this page shows its instants (when people edited the plan, when the report was
      // frozen) in the reader's time zone; the downloads keep them in UTC, saying so.
      const size = () => {
        const doc = frame.contentDocument;
        if (doc && doc.documentElement) {
          localTimes(doc, true);
          frame.style.height = doc.documentElement.scrollHeight + 24 + "px";
        }
      };
      frame.addEventListener("load", size);
      window.addEventListener("resize", size);
      size();
    }
    if (body.dataset.jobId) {
      jobPage(body);
    }
    if (document.getElementById("jobs-table")) {
      poll("jobs-table", "/jobs/parts/table" + window.location.search, (e) => e.dataset.active === "true");
    }
    if (body.dataset.historyActive === "true") {
      const path = window.location.pathname.replace(/\/$/, "") + "/parts/runs" + window.location.search;
      poll("runs", path, (e) => e.dataset.active === "true");
    }
  });
})();
