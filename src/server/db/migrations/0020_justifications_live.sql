-- Live updates of justifications (issue 27 item 2): a justification changes what Histórico and
-- Monitoreo show of its slot, so its writes are announced as a change of that slot (kind 'slot',
-- the slot's id), which the open screens already follow. The audit record of the write names the
-- actor, so the author's own tabs skip it.
CREATE TRIGGER "justifications_live_inserted" AFTER INSERT ON "justifications" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('slot', 'slot_id');--> statement-breakpoint
CREATE TRIGGER "justifications_live_updated" AFTER UPDATE ON "justifications" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('slot', 'slot_id');--> statement-breakpoint
CREATE TRIGGER "justifications_live_deleted" AFTER DELETE ON "justifications" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('slot', 'slot_id');
