ALTER TABLE "user_preferences" ADD COLUMN "airport" text;--> statement-breakpoint
-- The airports nobody has edited yet (version 1) get their own IANA zone: until issue 37 every
-- airport had Mexico City's, which an Admin activating one would have had to correct.
UPDATE "airports" SET "time_zone" = 'America/Monterrey' WHERE "code" = 'MTY' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Cancun' WHERE "code" = 'CUN' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Tijuana' WHERE "code" = 'TIJ' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Merida' WHERE "code" = 'MID' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Bahia_Banderas' WHERE "code" = 'PVR' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Mazatlan' WHERE "code" = 'SJD' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Monterrey' WHERE "code" = 'TAM' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Hermosillo' WHERE "code" = 'HMO' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Mazatlan' WHERE "code" = 'CUL' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Mazatlan' WHERE "code" = 'MZT' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Ciudad_Juarez' WHERE "code" = 'CJS' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Chihuahua' WHERE "code" = 'CUU' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Monterrey' WHERE "code" = 'TRC' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Merida' WHERE "code" = 'CME' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Mazatlan' WHERE "code" = 'LAP' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Monterrey' WHERE "code" = 'DGO' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Matamoros' WHERE "code" = 'REX' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Tijuana' WHERE "code" = 'MXL' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Cancun' WHERE "code" = 'CZM' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Merida' WHERE "code" = 'CPE' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Los_Angeles' WHERE "code" = 'LAX' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Los_Angeles' WHERE "code" = 'LAS' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/New_York' WHERE "code" = 'MIA' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Chicago' WHERE "code" = 'ORD' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Chicago' WHERE "code" = 'IAH' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Chicago' WHERE "code" = 'DFW' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Chicago' WHERE "code" = 'SAT' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/New_York' WHERE "code" = 'MCO' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/New_York' WHERE "code" = 'JFK' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Denver' WHERE "code" = 'DEN' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';--> statement-breakpoint
UPDATE "airports" SET "time_zone" = 'America/Phoenix' WHERE "code" = 'PHX' AND "version" = 1 AND "time_zone" = 'America/Mexico_City';
