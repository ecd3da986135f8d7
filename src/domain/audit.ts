/**
 * The fields the server writes in an audit entry's `details` (`recordAudit`, `changes` in
 * src/server). The server's types accept no other key, and the browser names each one in Spanish
 * (slotdesk.audit.details.*): a new field is added here first, then the type checker asks for its
 * label.
 */
export const AUDIT_DETAIL_FIELDS = [
  "name",
  "last_name",
  "email",
  "notes",
  "role",
  "sent",
  "start_date",
  "end_date",
  "value",
  "season",
  "reference",
  "type",
  "parts",
  "lines",
  "to",
  "cc",
  "slot",
  "general_status",
  "delays",
  "observations",
  "code",
  "affectation_number",
  "actual_departure",
  "actual_arrival",
  "real_difference",
  "part",
  "file",
  "answer",
  "frequency",
  "schedule",
  "timezone",
  "send_to",
  "differences",
  // Justifications and their reasons (issue 27 item 2).
  "label",
  "delay_codes",
  "active",
  "position",
  "kind",
  "reason",
  "note",
  // A season's rule and calendar (issue 27 item 1).
  "usage_threshold",
  "tolerance_minutes",
  "outside_counts_as_used",
  "historics_baseline_date",
  "series_return_deadline",
  "initial_submission_deadline",
  "shl_deadline",
  // An airport (issue 37 item 1) and a user's airports (item 6).
  "city",
  "country",
  "time_zone",
  "coordination_level",
  "coordinator_email",
  "coordinator_sita",
  "airports",
  "default_airport",
] as const;

export type AuditDetailField = (typeof AUDIT_DETAIL_FIELDS)[number];

/** An entry's details: each field with its value, or `{from, to}` for a change. */
export type AuditDetails = Partial<Record<AuditDetailField, unknown>>;

/** What `sent` says of a password e-mail (user.password_reset). */
export const AUDIT_SENT_VALUES = ["invitation", "reset"] as const;

/**
 * The keys inside a setting's value (`setting.modify` writes the value before and after): the
 * properties of the contract's AccomplishmentValue, CoordinatorEmailValue and AirlineValue, each
 * named in Spanish (slotdesk.audit.value_fields.*).
 */
export const AUDIT_VALUE_FIELDS = ["accomplishment", "email", "iata", "icao", "other_designators"] as const;
