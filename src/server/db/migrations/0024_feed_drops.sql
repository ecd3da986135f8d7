-- The feed folder's drops (issue 34 item 4): a file whose content the feed loaded before is
-- recorded as an 'unchanged' load, once per drop (drop_key), however many instances see it.
ALTER TABLE "data_loads" DROP CONSTRAINT "data_loads_status";--> statement-breakpoint
DROP INDEX "data_loads_feed_claim";--> statement-breakpoint
ALTER TABLE "data_loads" ADD COLUMN "drop_key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "data_loads_drop_key" ON "data_loads" USING btree ("drop_key");--> statement-breakpoint
CREATE UNIQUE INDEX "data_loads_feed_claim" ON "data_loads" USING btree ("content_hash") WHERE "data_loads"."source" = 'feed' and "data_loads"."status" <> 'unchanged';--> statement-breakpoint
ALTER TABLE "data_loads" ADD CONSTRAINT "data_loads_status" CHECK ("data_loads"."status" in ('applied', 'refused', 'unchanged'));