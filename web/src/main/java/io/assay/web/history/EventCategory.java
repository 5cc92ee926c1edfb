package io.assay.web.history;

import io.temporal.api.enums.v1.EventType;

/** Groups of Temporal history event types, the coarse filter of the history page. */
public enum EventCategory {
  WORKFLOW("Workflow"),
  WORKFLOW_TASK("Workflow task"),
  ACTIVITY("Activity"),
  LOCAL_ACTIVITY("Local activity"),
  TIMER("Timer"),
  SIGNAL("Signal"),
  UPDATE("Update"),
  CHILD("Child workflow"),
  OTHER("Other");

  private final String label;

  EventCategory(String label) {
    this.label = label;
  }

  public String label() {
    return label;
  }

  static EventCategory of(EventType type, boolean localActivityMarker) {
    String name = type.name();
    if (localActivityMarker) {
      return LOCAL_ACTIVITY;
    }
    if (name.startsWith("EVENT_TYPE_WORKFLOW_TASK_")) {
      return WORKFLOW_TASK;
    }
    if (name.startsWith("EVENT_TYPE_ACTIVITY_TASK_")) {
      return ACTIVITY;
    }
    if (name.startsWith("EVENT_TYPE_TIMER_")) {
      return TIMER;
    }
    if (name.contains("SIGNAL")) {
      return SIGNAL;
    }
    if (name.startsWith("EVENT_TYPE_WORKFLOW_EXECUTION_UPDATE_")) {
      return UPDATE;
    }
    if (name.contains("CHILD_WORKFLOW") || name.contains("EXTERNAL_WORKFLOW")) {
      return CHILD;
    }
    if (name.startsWith("EVENT_TYPE_WORKFLOW_EXECUTION_")) {
      return WORKFLOW;
    }
    return OTHER;
  }
}
