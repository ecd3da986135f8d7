-- Issue 27: the seasons now hold the usage threshold (their rule), and the `accomplishment`
-- setting becomes Histórico's warning level: green at or above it, amber from the season's
-- threshold up to it, red below the threshold. The seeded default that nobody saved (80, the old
-- threshold) becomes 100, which keeps the seed's colours (green only at 100). A value a person
-- saved is kept as their warning level.
UPDATE "settings" SET "value" = '{"accomplishment": 100}'::jsonb
WHERE "name" = 'accomplishment'
  AND "value" = '{"accomplishment": 80}'::jsonb
  AND "version" = 1
  AND "updated_by" IS NULL
  AND "updated_by_name" IS NULL;
