DROP INDEX "courseware_shares_class_idx";--> statement-breakpoint
DROP INDEX "notice_visibility_class_idx";--> statement-breakpoint
DROP INDEX "students_user_idx";--> statement-breakpoint
CREATE INDEX "courseware_shares_class_idx" ON "courseware_shares" USING btree ("teaching_class_id","courseware_id","shared_at");--> statement-breakpoint
CREATE INDEX "notice_visibility_class_idx" ON "notice_visibility" USING btree ("teaching_class_id","notice_id");--> statement-breakpoint
CREATE INDEX "students_user_idx" ON "students" USING btree ("user_id","school_id");