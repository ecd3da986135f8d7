-- Live updates of what Histórico and Monitoreo measure against: a season's rule, calendar, dates
-- or state (kind 'season', the season's id) and the justification reasons (kind
-- 'justification_reason'). Before, another user's open Histórico kept the old threshold until it
-- read again. The audit record of an Admin's edit names the actor, so the author's own tabs skip it.
CREATE TRIGGER "seasons_live_inserted" AFTER INSERT ON "seasons" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('season', 'id');--> statement-breakpoint
CREATE TRIGGER "seasons_live_updated" AFTER UPDATE ON "seasons" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('season', 'id');--> statement-breakpoint
CREATE TRIGGER "seasons_live_deleted" AFTER DELETE ON "seasons" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('season', 'id');--> statement-breakpoint
CREATE TRIGGER "justification_reasons_live_inserted" AFTER INSERT ON "justification_reasons" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('justification_reason', 'id');--> statement-breakpoint
CREATE TRIGGER "justification_reasons_live_updated" AFTER UPDATE ON "justification_reasons" REFERENCING NEW TABLE AS "new_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('justification_reason', 'id');--> statement-breakpoint
CREATE TRIGGER "justification_reasons_live_deleted" AFTER DELETE ON "justification_reasons" REFERENCING OLD TABLE AS "old_rows"
  FOR EACH STATEMENT EXECUTE FUNCTION "live_rows_changed"('justification_reason', 'id');
