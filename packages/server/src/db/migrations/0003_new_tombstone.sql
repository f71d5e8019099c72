CREATE TABLE "student_activity_days" (
	"school_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"course_id" bigint NOT NULL,
	"day" date NOT NULL,
	"duration_ms" bigint DEFAULT 0 NOT NULL,
	"last_active_at" bigint NOT NULL,
	CONSTRAINT "student_activity_days_school_id_user_id_course_id_day_pk" PRIMARY KEY("school_id","user_id","course_id","day")
);
--> statement-breakpoint
CREATE TABLE "student_online" (
	"school_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"online_since" bigint NOT NULL,
	"last_active_at" bigint NOT NULL,
	CONSTRAINT "student_online_school_id_user_id_pk" PRIMARY KEY("school_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "gender" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "students" ADD COLUMN "created_at" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_group_members" ADD COLUMN "bound_at" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_groups" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "user_groups" ADD COLUMN "is_school_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_groups" ADD COLUMN "updated_at" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "student_activity_days" ADD CONSTRAINT "student_activity_days_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_activity_days" ADD CONSTRAINT "student_activity_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_online" ADD CONSTRAINT "student_online_school_id_schools_id_fk" FOREIGN KEY ("school_id") REFERENCES "public"."schools"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "student_online" ADD CONSTRAINT "student_online_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "student_activity_days_course_idx" ON "student_activity_days" USING btree ("course_id","day");--> statement-breakpoint
CREATE INDEX "student_online_school_active_idx" ON "student_online" USING btree ("school_id","last_active_at");--> statement-breakpoint
CREATE INDEX "students_school_name_idx" ON "students" USING btree ("school_id","name");--> statement-breakpoint
CREATE INDEX "students_school_created_idx" ON "students" USING btree ("school_id","created_at");--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_school_name_uq" UNIQUE("school_id","name");