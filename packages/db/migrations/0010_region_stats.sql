CREATE TABLE "school_student_counts" (
	"school_id" integer NOT NULL,
	"exam_year_id" integer NOT NULL,
	"students" integer DEFAULT 0 NOT NULL,
	"paid" integer DEFAULT 0 NOT NULL,
	"pending" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "school_student_counts_pkey" PRIMARY KEY("school_id","exam_year_id")
);
--> statement-breakpoint
CREATE TABLE "student_daily_district_tallies" (
	"exam_year_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	"day" date NOT NULL,
	"students" integer NOT NULL,
	"prant_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	CONSTRAINT "student_daily_district_tallies_pkey" PRIMARY KEY("exam_year_id","district_id","day","prant_id","state_id")
);
--> statement-breakpoint
CREATE TABLE "student_daily_state_tallies" (
	"exam_year_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	"day" date NOT NULL,
	"students" integer NOT NULL,
	CONSTRAINT "student_daily_state_tallies_pkey" PRIMARY KEY("exam_year_id","day","state_id")
);
--> statement-breakpoint
CREATE TABLE "student_district_tallies" (
	"exam_year_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	"class_level" smallint NOT NULL,
	"language" text NOT NULL,
	"payment_status" text NOT NULL,
	"source" text NOT NULL,
	"students" integer NOT NULL,
	"prant_id" integer NOT NULL,
	"district_id" integer NOT NULL,
	CONSTRAINT "student_district_tallies_pkey" PRIMARY KEY("exam_year_id","district_id","prant_id","state_id","class_level","language","payment_status","source")
);
--> statement-breakpoint
CREATE TABLE "student_state_tallies" (
	"exam_year_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	"class_level" smallint NOT NULL,
	"language" text NOT NULL,
	"payment_status" text NOT NULL,
	"source" text NOT NULL,
	"students" integer NOT NULL,
	CONSTRAINT "student_state_tallies_pkey" PRIMARY KEY("exam_year_id","state_id","class_level","language","payment_status","source")
);
--> statement-breakpoint
CREATE TABLE "student_year_tallies" (
	"exam_year_id" integer NOT NULL,
	"class_level" smallint NOT NULL,
	"language" text NOT NULL,
	"payment_status" text NOT NULL,
	"source" text NOT NULL,
	"students" integer NOT NULL,
	CONSTRAINT "student_year_tallies_pkey" PRIMARY KEY("exam_year_id","class_level","language","payment_status","source")
);
--> statement-breakpoint
DROP INDEX "students_zone_idx";--> statement-breakpoint
DROP INDEX "students_state_idx";--> statement-breakpoint
DROP INDEX "students_prant_idx";--> statement-breakpoint
DROP INDEX "students_district_idx";--> statement-breakpoint
CREATE INDEX "student_daily_district_tallies_prant_idx" ON "student_daily_district_tallies" USING btree ("exam_year_id","prant_id","day");--> statement-breakpoint
CREATE INDEX "student_district_tallies_prant_idx" ON "student_district_tallies" USING btree ("exam_year_id","prant_id");--> statement-breakpoint
CREATE INDEX "payment_orders_paid_idx" ON "payment_orders" USING btree ("exam_year_id","paid_at") WHERE "payment_orders"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "students_year_created_idx" ON "students" USING btree ("exam_year_id","created_at");--> statement-breakpoint
CREATE INDEX "students_name_idx" ON "students" USING btree ((lower("first_name" || ' ' || "last_name") collate "C"),"exam_year_id","id");--> statement-breakpoint
CREATE INDEX "students_last_name_idx" ON "students" USING btree ((lower("last_name") collate "C"),"exam_year_id");--> statement-breakpoint
CREATE INDEX "students_roll_number_prefix_idx" ON "students" USING btree (("roll_number" collate "C"));--> statement-breakpoint
CREATE INDEX "students_phone_prefix_idx" ON "students" USING btree (("contact_phone" collate "C"));--> statement-breakpoint
CREATE INDEX "students_zone_idx" ON "students" USING btree ("zone_id","id");--> statement-breakpoint
CREATE INDEX "students_state_idx" ON "students" USING btree ("state_id","id");--> statement-breakpoint
CREATE INDEX "students_prant_idx" ON "students" USING btree ("prant_id","id");--> statement-breakpoint
CREATE INDEX "students_district_idx" ON "students" USING btree ("district_id","id");--> statement-breakpoint

-- The tallies follow every statement that adds, changes or removes students: one grouped upsert
-- per statement, whatever its size (docs/decisions/019-region-lists.md).
CREATE FUNCTION student_tallies_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS MATERIALIZED (
    select exam_year_id, zone_id, state_id, class_level, language, payment_status, source, coalesce(prant_id, 0) as prant_id, coalesce(district_id, 0) as district_id, school_id, (created_at at time zone 'Asia/Kolkata')::date as day, 1 as sign from new_rows
  ), by_year AS (
    INSERT INTO student_year_tallies AS t (exam_year_id, class_level, language, payment_status, source, students)
    SELECT exam_year_id, class_level, language, payment_status, source, sum(sign) FROM d
    GROUP BY exam_year_id, class_level, language, payment_status, source HAVING sum(sign) <> 0
    ORDER BY exam_year_id, class_level, language, payment_status, source
    ON CONFLICT (exam_year_id, class_level, language, payment_status, source)
    DO UPDATE SET students = t.students + excluded.students
  ), by_state AS (
    INSERT INTO student_state_tallies AS t (exam_year_id, zone_id, state_id, class_level, language, payment_status, source, students)
    SELECT exam_year_id, zone_id, state_id, class_level, language, payment_status, source, sum(sign) FROM d
    GROUP BY exam_year_id, zone_id, state_id, class_level, language, payment_status, source HAVING sum(sign) <> 0
    ORDER BY exam_year_id, state_id, class_level, language, payment_status, source
    ON CONFLICT (exam_year_id, state_id, class_level, language, payment_status, source)
    DO UPDATE SET students = t.students + excluded.students
  ), by_district AS (
    INSERT INTO student_district_tallies AS t (exam_year_id, zone_id, state_id, class_level, language, payment_status, source, prant_id, district_id, students)
    SELECT exam_year_id, zone_id, state_id, class_level, language, payment_status, source, prant_id, district_id, sum(sign) FROM d
    GROUP BY exam_year_id, zone_id, state_id, class_level, language, payment_status, source, prant_id, district_id HAVING sum(sign) <> 0
    ORDER BY exam_year_id, district_id, prant_id, state_id, class_level, language, payment_status, source
    ON CONFLICT (exam_year_id, district_id, prant_id, state_id, class_level, language, payment_status, source)
    DO UPDATE SET students = t.students + excluded.students
  ), by_day_state AS (
    INSERT INTO student_daily_state_tallies AS t (exam_year_id, zone_id, state_id, day, students)
    SELECT exam_year_id, zone_id, state_id, day, sum(sign) FROM d
    GROUP BY exam_year_id, zone_id, state_id, day HAVING sum(sign) <> 0
    ORDER BY exam_year_id, day, state_id
    ON CONFLICT (exam_year_id, day, state_id) DO UPDATE SET students = t.students + excluded.students
  ), by_day_district AS (
    INSERT INTO student_daily_district_tallies AS t (exam_year_id, zone_id, state_id, prant_id, district_id, day, students)
    SELECT exam_year_id, zone_id, state_id, prant_id, district_id, day, sum(sign) FROM d
    GROUP BY exam_year_id, zone_id, state_id, prant_id, district_id, day HAVING sum(sign) <> 0
    ORDER BY exam_year_id, district_id, day, prant_id, state_id
    ON CONFLICT (exam_year_id, district_id, day, prant_id, state_id) DO UPDATE SET students = t.students + excluded.students
  )
  INSERT INTO school_student_counts AS t (school_id, exam_year_id, students, paid, pending)
  SELECT school_id, exam_year_id, sum(sign),
    coalesce(sum(sign) FILTER (WHERE payment_status = 'paid'), 0),
    coalesce(sum(sign) FILTER (WHERE payment_status = 'pending'), 0)
  FROM d WHERE school_id IS NOT NULL
  GROUP BY school_id, exam_year_id
  HAVING sum(sign) <> 0 OR sum(sign) FILTER (WHERE payment_status = 'paid') <> 0
    OR sum(sign) FILTER (WHERE payment_status = 'pending') <> 0
  ORDER BY school_id, exam_year_id
  ON CONFLICT (school_id, exam_year_id) DO UPDATE SET
    students = t.students + excluded.students, paid = t.paid + excluded.paid, pending = t.pending + excluded.pending;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER student_tallies_insert AFTER INSERT ON students REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION student_tallies_after_insert();
--> statement-breakpoint
CREATE FUNCTION student_tallies_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS MATERIALIZED (
    select exam_year_id, zone_id, state_id, class_level, language, payment_status, source, coalesce(prant_id, 0) as prant_id, coalesce(district_id, 0) as district_id, school_id, (created_at at time zone 'Asia/Kolkata')::date as day, 1 as sign from new_rows
    union all
    select exam_year_id, zone_id, state_id, class_level, language, payment_status, source, coalesce(prant_id, 0) as prant_id, coalesce(district_id, 0) as district_id, school_id, (created_at at time zone 'Asia/Kolkata')::date as day, -1 as sign from old_rows
  ), by_year AS (
    INSERT INTO student_year_tallies AS t (exam_year_id, class_level, language, payment_status, source, students)
    SELECT exam_year_id, class_level, language, payment_status, source, sum(sign) FROM d
    GROUP BY exam_year_id, class_level, language, payment_status, source HAVING sum(sign) <> 0
    ORDER BY exam_year_id, class_level, language, payment_status, source
    ON CONFLICT (exam_year_id, class_level, language, payment_status, source)
    DO UPDATE SET students = t.students + excluded.students
  ), by_state AS (
    INSERT INTO student_state_tallies AS t (exam_year_id, zone_id, state_id, class_level, language, payment_status, source, students)
    SELECT exam_year_id, zone_id, state_id, class_level, language, payment_status, source, sum(sign) FROM d
    GROUP BY exam_year_id, zone_id, state_id, class_level, language, payment_status, source HAVING sum(sign) <> 0
    ORDER BY exam_year_id, state_id, class_level, language, payment_status, source
    ON CONFLICT (exam_year_id, state_id, class_level, language, payment_status, source)
    DO UPDATE SET students = t.students + excluded.students
  ), by_district AS (
    INSERT INTO student_district_tallies AS t (exam_year_id, zone_id, state_id, class_level, language, payment_status, source, prant_id, district_id, students)
    SELECT exam_year_id, zone_id, state_id, class_level, language, payment_status, source, prant_id, district_id, sum(sign) FROM d
    GROUP BY exam_year_id, zone_id, state_id, class_level, language, payment_status, source, prant_id, district_id HAVING sum(sign) <> 0
    ORDER BY exam_year_id, district_id, prant_id, state_id, class_level, language, payment_status, source
    ON CONFLICT (exam_year_id, district_id, prant_id, state_id, class_level, language, payment_status, source)
    DO UPDATE SET students = t.students + excluded.students
  ), by_day_state AS (
    INSERT INTO student_daily_state_tallies AS t (exam_year_id, zone_id, state_id, day, students)
    SELECT exam_year_id, zone_id, state_id, day, sum(sign) FROM d
    GROUP BY exam_year_id, zone_id, state_id, day HAVING sum(sign) <> 0
    ORDER BY exam_year_id, day, state_id
    ON CONFLICT (exam_year_id, day, state_id) DO UPDATE SET students = t.students + excluded.students
  ), by_day_district AS (
    INSERT INTO student_daily_district_tallies AS t (exam_year_id, zone_id, state_id, prant_id, district_id, day, students)
    SELECT exam_year_id, zone_id, state_id, prant_id, district_id, day, sum(sign) FROM d
    GROUP BY exam_year_id, zone_id, state_id, prant_id, district_id, day HAVING sum(sign) <> 0
    ORDER BY exam_year_id, district_id, day, prant_id, state_id
    ON CONFLICT (exam_year_id, district_id, day, prant_id, state_id) DO UPDATE SET students = t.students + excluded.students
  )
  INSERT INTO school_student_counts AS t (school_id, exam_year_id, students, paid, pending)
  SELECT school_id, exam_year_id, sum(sign),
    coalesce(sum(sign) FILTER (WHERE payment_status = 'paid'), 0),
    coalesce(sum(sign) FILTER (WHERE payment_status = 'pending'), 0)
  FROM d WHERE school_id IS NOT NULL
  GROUP BY school_id, exam_year_id
  HAVING sum(sign) <> 0 OR sum(sign) FILTER (WHERE payment_status = 'paid') <> 0
    OR sum(sign) FILTER (WHERE payment_status = 'pending') <> 0
  ORDER BY school_id, exam_year_id
  ON CONFLICT (school_id, exam_year_id) DO UPDATE SET
    students = t.students + excluded.students, paid = t.paid + excluded.paid, pending = t.pending + excluded.pending;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER student_tallies_update AFTER UPDATE ON students REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION student_tallies_after_update();
--> statement-breakpoint
CREATE FUNCTION student_tallies_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  WITH d AS MATERIALIZED (
    select exam_year_id, zone_id, state_id, class_level, language, payment_status, source, coalesce(prant_id, 0) as prant_id, coalesce(district_id, 0) as district_id, school_id, (created_at at time zone 'Asia/Kolkata')::date as day, -1 as sign from old_rows
  ), by_year AS (
    INSERT INTO student_year_tallies AS t (exam_year_id, class_level, language, payment_status, source, students)
    SELECT exam_year_id, class_level, language, payment_status, source, sum(sign) FROM d
    GROUP BY exam_year_id, class_level, language, payment_status, source HAVING sum(sign) <> 0
    ORDER BY exam_year_id, class_level, language, payment_status, source
    ON CONFLICT (exam_year_id, class_level, language, payment_status, source)
    DO UPDATE SET students = t.students + excluded.students
  ), by_state AS (
    INSERT INTO student_state_tallies AS t (exam_year_id, zone_id, state_id, class_level, language, payment_status, source, students)
    SELECT exam_year_id, zone_id, state_id, class_level, language, payment_status, source, sum(sign) FROM d
    GROUP BY exam_year_id, zone_id, state_id, class_level, language, payment_status, source HAVING sum(sign) <> 0
    ORDER BY exam_year_id, state_id, class_level, language, payment_status, source
    ON CONFLICT (exam_year_id, state_id, class_level, language, payment_status, source)
    DO UPDATE SET students = t.students + excluded.students
  ), by_district AS (
    INSERT INTO student_district_tallies AS t (exam_year_id, zone_id, state_id, class_level, language, payment_status, source, prant_id, district_id, students)
    SELECT exam_year_id, zone_id, state_id, class_level, language, payment_status, source, prant_id, district_id, sum(sign) FROM d
    GROUP BY exam_year_id, zone_id, state_id, class_level, language, payment_status, source, prant_id, district_id HAVING sum(sign) <> 0
    ORDER BY exam_year_id, district_id, prant_id, state_id, class_level, language, payment_status, source
    ON CONFLICT (exam_year_id, district_id, prant_id, state_id, class_level, language, payment_status, source)
    DO UPDATE SET students = t.students + excluded.students
  ), by_day_state AS (
    INSERT INTO student_daily_state_tallies AS t (exam_year_id, zone_id, state_id, day, students)
    SELECT exam_year_id, zone_id, state_id, day, sum(sign) FROM d
    GROUP BY exam_year_id, zone_id, state_id, day HAVING sum(sign) <> 0
    ORDER BY exam_year_id, day, state_id
    ON CONFLICT (exam_year_id, day, state_id) DO UPDATE SET students = t.students + excluded.students
  ), by_day_district AS (
    INSERT INTO student_daily_district_tallies AS t (exam_year_id, zone_id, state_id, prant_id, district_id, day, students)
    SELECT exam_year_id, zone_id, state_id, prant_id, district_id, day, sum(sign) FROM d
    GROUP BY exam_year_id, zone_id, state_id, prant_id, district_id, day HAVING sum(sign) <> 0
    ORDER BY exam_year_id, district_id, day, prant_id, state_id
    ON CONFLICT (exam_year_id, district_id, day, prant_id, state_id) DO UPDATE SET students = t.students + excluded.students
  )
  INSERT INTO school_student_counts AS t (school_id, exam_year_id, students, paid, pending)
  SELECT school_id, exam_year_id, sum(sign),
    coalesce(sum(sign) FILTER (WHERE payment_status = 'paid'), 0),
    coalesce(sum(sign) FILTER (WHERE payment_status = 'pending'), 0)
  FROM d WHERE school_id IS NOT NULL
  GROUP BY school_id, exam_year_id
  HAVING sum(sign) <> 0 OR sum(sign) FILTER (WHERE payment_status = 'paid') <> 0
    OR sum(sign) FILTER (WHERE payment_status = 'pending') <> 0
  ORDER BY school_id, exam_year_id
  ON CONFLICT (school_id, exam_year_id) DO UPDATE SET
    students = t.students + excluded.students, paid = t.paid + excluded.paid, pending = t.pending + excluded.pending;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER student_tallies_delete AFTER DELETE ON students REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION student_tallies_after_delete();
--> statement-breakpoint
-- The students registered before this migration.
INSERT INTO student_year_tallies (exam_year_id, class_level, language, payment_status, source, students)
SELECT exam_year_id, class_level, language, payment_status, source, count(*) FROM students GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO student_state_tallies (exam_year_id, zone_id, state_id, class_level, language, payment_status, source, students)
SELECT exam_year_id, zone_id, state_id, class_level, language, payment_status, source, count(*) FROM students GROUP BY exam_year_id, zone_id, state_id, class_level, language, payment_status, source;
--> statement-breakpoint
INSERT INTO student_district_tallies (exam_year_id, zone_id, state_id, class_level, language, payment_status, source, prant_id, district_id, students)
SELECT exam_year_id, zone_id, state_id, class_level, language, payment_status, source, coalesce(prant_id, 0), coalesce(district_id, 0), count(*) FROM students
GROUP BY exam_year_id, zone_id, state_id, class_level, language, payment_status, source, coalesce(prant_id, 0), coalesce(district_id, 0);
--> statement-breakpoint
INSERT INTO student_daily_state_tallies (exam_year_id, zone_id, state_id, day, students)
SELECT exam_year_id, zone_id, state_id, (created_at at time zone 'Asia/Kolkata')::date, count(*) FROM students
GROUP BY 1, 2, 3, 4;
--> statement-breakpoint
INSERT INTO student_daily_district_tallies (exam_year_id, zone_id, state_id, prant_id, district_id, day, students)
SELECT exam_year_id, zone_id, state_id, coalesce(prant_id, 0), coalesce(district_id, 0),
  (created_at at time zone 'Asia/Kolkata')::date, count(*) FROM students
GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
INSERT INTO school_student_counts (school_id, exam_year_id, students, paid, pending)
SELECT school_id, exam_year_id, count(*), count(*) FILTER (WHERE payment_status = 'paid'),
  count(*) FILTER (WHERE payment_status = 'pending')
FROM students WHERE school_id IS NOT NULL GROUP BY school_id, exam_year_id;
