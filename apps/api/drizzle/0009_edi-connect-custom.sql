-- Runs before the EDI connect schema change: the order statuses become submitted, inProgress,
-- testing, live, rejected ('completed' is now 'live') and only AS2, SFTP and OFTP2 are ordered.
-- Existing rows are moved first, so the stricter checks that follow hold for them.
ALTER TABLE "deployment_requests" DROP CONSTRAINT "deployment_requests_status_check";--> statement-breakpoint
UPDATE "deployment_requests" SET "status" = 'live' WHERE "status" = 'completed';--> statement-breakpoint
ALTER TABLE "deployment_requests" ADD CONSTRAINT "deployment_requests_status_check" CHECK (status IN ('submitted', 'inProgress', 'testing', 'live', 'rejected'));--> statement-breakpoint
UPDATE "deployment_requests" SET "protocol" = 'SFTP' WHERE "protocol" NOT IN ('AS2', 'SFTP', 'OFTP2');
