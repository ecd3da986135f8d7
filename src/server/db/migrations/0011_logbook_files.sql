CREATE TABLE "logbook_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"part_id" integer NOT NULL,
	"is_request" boolean NOT NULL,
	"file_name" text NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "logbook_files" ADD CONSTRAINT "logbook_files_part_id_logbook_parts_id_fk" FOREIGN KEY ("part_id") REFERENCES "public"."logbook_parts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logbook_files" ADD CONSTRAINT "logbook_files_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "logbook_files_part_kind" ON "logbook_files" USING btree ("part_id","is_request");