-- Reports move their files out of the database into the report storage (0007 drops the content
-- column) and name failures by code. Rows from before keep their history: a report whose content
-- lived here is no longer downloadable, so it counts as expired; a failure keeps its reason.
UPDATE "reports" SET "error" = CASE WHEN "error" ILIKE '%too large%' THEN 'tooLarge' ELSE 'generationFailed' END
 WHERE "error" IS NOT NULL;--> statement-breakpoint
UPDATE "reports" SET "status" = 'expired' WHERE "status" = 'ready';--> statement-breakpoint
UPDATE "reports" SET "status" = 'failed', "error" = 'generationFailed' WHERE "status" = 'running';
