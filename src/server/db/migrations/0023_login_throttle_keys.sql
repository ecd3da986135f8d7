-- Sign-in failures are counted per account and client together, and per client across accounts
-- (issue 34): five wrong passwords from one client no longer lock the owner out everywhere. The
-- row's key names what it counts (`pair:<client> <e-mail>` or `client:<client>`); the e-mail-only
-- counts of before mean nothing in the new scheme and are dropped.
DELETE FROM "login_failures";--> statement-breakpoint
ALTER TABLE "login_failures" RENAME COLUMN "email" TO "key";
