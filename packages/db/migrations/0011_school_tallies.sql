CREATE TABLE "school_tallies" (
	"zone_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	"category_id" smallint NOT NULL,
	"board_id" smallint NOT NULL,
	"is_active" boolean NOT NULL,
	"verified" boolean NOT NULL,
	"schools" integer NOT NULL,
	CONSTRAINT "school_tallies_pkey" PRIMARY KEY("state_id","category_id","board_id","is_active","verified","zone_id")
);
--> statement-breakpoint
CREATE TABLE "school_year_tallies" (
	"exam_year_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	"category_id" smallint NOT NULL,
	"board_id" smallint NOT NULL,
	"is_active" boolean NOT NULL,
	"verified" boolean NOT NULL,
	"with_paid" integer NOT NULL,
	"students" integer NOT NULL,
	CONSTRAINT "school_year_tallies_pkey" PRIMARY KEY("exam_year_id","state_id","category_id","board_id","is_active","verified","zone_id")
);
--> statement-breakpoint
CREATE TABLE "student_daily_class_tallies" (
	"exam_year_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	"day" date NOT NULL,
	"students" integer NOT NULL,
	"class_level" smallint NOT NULL,
	"payment_status" text NOT NULL,
	"source" text NOT NULL,
	CONSTRAINT "student_daily_class_tallies_pkey" PRIMARY KEY("exam_year_id","day","state_id","class_level","payment_status","source")
);
--> statement-breakpoint
CREATE TABLE "student_daily_language_tallies" (
	"exam_year_id" integer NOT NULL,
	"zone_id" integer NOT NULL,
	"state_id" integer NOT NULL,
	"day" date NOT NULL,
	"students" integer NOT NULL,
	"language" text NOT NULL,
	"payment_status" text NOT NULL,
	CONSTRAINT "student_daily_language_tallies_pkey" PRIMARY KEY("exam_year_id","day","state_id","language","payment_status")
);
--> statement-breakpoint
DROP INDEX "payment_orders_paid_idx";--> statement-breakpoint
DROP INDEX "students_year_created_idx";--> statement-breakpoint
CREATE INDEX "payment_orders_paid_idx" ON "payment_orders" USING btree ("exam_year_id","paid_at","currency","amount_minor","school_id") WHERE "payment_orders"."status" = 'paid';--> statement-breakpoint
CREATE INDEX "students_year_created_idx" ON "students" USING btree ("exam_year_id","created_at","zone_id","state_id","prant_id","district_id","class_level","language","payment_status","source");--> statement-breakpoint

-- Schools' tallies follow every statement on schools and on the schools' student counts (decision 019).
CREATE FUNCTION school_tallies_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO school_tallies AS t (zone_id, state_id, category_id, board_id, is_active, verified, schools)
    SELECT zone_id, state_id, category_id, board_id, is_active, verified, sum(sign) FROM (select n.zone_id, n.state_id, n.category_id, coalesce(n.board_id, 0) as board_id, n.is_active, n.email_verified_at is not null as verified, 1 as sign from new_rows n) d
    GROUP BY zone_id, state_id, category_id, board_id, is_active, verified HAVING sum(sign) <> 0
    ORDER BY state_id, category_id, board_id, is_active, verified, zone_id
    ON CONFLICT (state_id, category_id, board_id, is_active, verified, zone_id) DO UPDATE SET schools = t.schools + excluded.schools;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER school_tallies_insert AFTER INSERT ON schools REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION school_tallies_after_insert();
--> statement-breakpoint
CREATE FUNCTION school_tallies_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO school_tallies AS t (zone_id, state_id, category_id, board_id, is_active, verified, schools)
    SELECT zone_id, state_id, category_id, board_id, is_active, verified, sum(sign) FROM (select n.zone_id, n.state_id, n.category_id, coalesce(n.board_id, 0) as board_id, n.is_active, n.email_verified_at is not null as verified, 1 as sign from new_rows n union all select o.zone_id, o.state_id, o.category_id, coalesce(o.board_id, 0) as board_id, o.is_active, o.email_verified_at is not null as verified, -1 as sign from old_rows o) d
    GROUP BY zone_id, state_id, category_id, board_id, is_active, verified HAVING sum(sign) <> 0
    ORDER BY state_id, category_id, board_id, is_active, verified, zone_id
    ON CONFLICT (state_id, category_id, board_id, is_active, verified, zone_id) DO UPDATE SET schools = t.schools + excluded.schools;
  -- A school that changes state, type, board, activity or verification takes its students along.
  INSERT INTO school_year_tallies AS t (exam_year_id, zone_id, state_id, category_id, board_id, is_active, verified, with_paid, students)
    SELECT exam_year_id, zone_id, state_id, category_id, board_id, is_active, verified, sum(with_paid), sum(students) FROM (select c.exam_year_id, r.zone_id, r.state_id, r.category_id, coalesce(r.board_id, 0) as board_id, r.is_active, r.email_verified_at is not null as verified, 1 * (c.paid > 0)::int as with_paid, 1 * c.students as students from new_rows r join school_student_counts c on c.school_id = r.id union all select c.exam_year_id, r.zone_id, r.state_id, r.category_id, coalesce(r.board_id, 0) as board_id, r.is_active, r.email_verified_at is not null as verified, -1 * (c.paid > 0)::int as with_paid, -1 * c.students as students from old_rows r join school_student_counts c on c.school_id = r.id) d
    GROUP BY exam_year_id, zone_id, state_id, category_id, board_id, is_active, verified HAVING sum(with_paid) <> 0 OR sum(students) <> 0
    ORDER BY exam_year_id, state_id, category_id, board_id, is_active, verified, zone_id
    ON CONFLICT (exam_year_id, state_id, category_id, board_id, is_active, verified, zone_id) DO UPDATE SET with_paid = t.with_paid + excluded.with_paid, students = t.students + excluded.students;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER school_tallies_update AFTER UPDATE ON schools REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION school_tallies_after_update();
--> statement-breakpoint
CREATE FUNCTION school_tallies_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO school_tallies AS t (zone_id, state_id, category_id, board_id, is_active, verified, schools)
    SELECT zone_id, state_id, category_id, board_id, is_active, verified, sum(sign) FROM (select o.zone_id, o.state_id, o.category_id, coalesce(o.board_id, 0) as board_id, o.is_active, o.email_verified_at is not null as verified, -1 as sign from old_rows o) d
    GROUP BY zone_id, state_id, category_id, board_id, is_active, verified HAVING sum(sign) <> 0
    ORDER BY state_id, category_id, board_id, is_active, verified, zone_id
    ON CONFLICT (state_id, category_id, board_id, is_active, verified, zone_id) DO UPDATE SET schools = t.schools + excluded.schools;
  INSERT INTO school_year_tallies AS t (exam_year_id, zone_id, state_id, category_id, board_id, is_active, verified, with_paid, students)
    SELECT exam_year_id, zone_id, state_id, category_id, board_id, is_active, verified, sum(with_paid), sum(students) FROM (select c.exam_year_id, r.zone_id, r.state_id, r.category_id, coalesce(r.board_id, 0) as board_id, r.is_active, r.email_verified_at is not null as verified, -1 * (c.paid > 0)::int as with_paid, -1 * c.students as students from old_rows r join school_student_counts c on c.school_id = r.id) d
    GROUP BY exam_year_id, zone_id, state_id, category_id, board_id, is_active, verified HAVING sum(with_paid) <> 0 OR sum(students) <> 0
    ORDER BY exam_year_id, state_id, category_id, board_id, is_active, verified, zone_id
    ON CONFLICT (exam_year_id, state_id, category_id, board_id, is_active, verified, zone_id) DO UPDATE SET with_paid = t.with_paid + excluded.with_paid, students = t.students + excluded.students;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER school_tallies_delete AFTER DELETE ON schools REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION school_tallies_after_delete();
--> statement-breakpoint
CREATE FUNCTION school_year_tallies_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO school_year_tallies AS t (exam_year_id, zone_id, state_id, category_id, board_id, is_active, verified, with_paid, students)
    SELECT exam_year_id, zone_id, state_id, category_id, board_id, is_active, verified, sum(with_paid), sum(students) FROM (select x.exam_year_id, s.zone_id, s.state_id, s.category_id, coalesce(s.board_id, 0) as board_id, s.is_active, s.email_verified_at is not null as verified, 1 * (x.paid > 0)::int as with_paid, 1 * x.students as students from new_rows x join schools s on s.id = x.school_id) d
    GROUP BY exam_year_id, zone_id, state_id, category_id, board_id, is_active, verified HAVING sum(with_paid) <> 0 OR sum(students) <> 0
    ORDER BY exam_year_id, state_id, category_id, board_id, is_active, verified, zone_id
    ON CONFLICT (exam_year_id, state_id, category_id, board_id, is_active, verified, zone_id) DO UPDATE SET with_paid = t.with_paid + excluded.with_paid, students = t.students + excluded.students;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER school_year_tallies_insert AFTER INSERT ON school_student_counts REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION school_year_tallies_after_insert();
--> statement-breakpoint
CREATE FUNCTION school_year_tallies_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO school_year_tallies AS t (exam_year_id, zone_id, state_id, category_id, board_id, is_active, verified, with_paid, students)
    SELECT exam_year_id, zone_id, state_id, category_id, board_id, is_active, verified, sum(with_paid), sum(students) FROM (select x.exam_year_id, s.zone_id, s.state_id, s.category_id, coalesce(s.board_id, 0) as board_id, s.is_active, s.email_verified_at is not null as verified, 1 * (x.paid > 0)::int as with_paid, 1 * x.students as students from new_rows x join schools s on s.id = x.school_id union all select x.exam_year_id, s.zone_id, s.state_id, s.category_id, coalesce(s.board_id, 0) as board_id, s.is_active, s.email_verified_at is not null as verified, -1 * (x.paid > 0)::int as with_paid, -1 * x.students as students from old_rows x join schools s on s.id = x.school_id) d
    GROUP BY exam_year_id, zone_id, state_id, category_id, board_id, is_active, verified HAVING sum(with_paid) <> 0 OR sum(students) <> 0
    ORDER BY exam_year_id, state_id, category_id, board_id, is_active, verified, zone_id
    ON CONFLICT (exam_year_id, state_id, category_id, board_id, is_active, verified, zone_id) DO UPDATE SET with_paid = t.with_paid + excluded.with_paid, students = t.students + excluded.students;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER school_year_tallies_update AFTER UPDATE ON school_student_counts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION school_year_tallies_after_update();
--> statement-breakpoint
CREATE FUNCTION school_year_tallies_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO school_year_tallies AS t (exam_year_id, zone_id, state_id, category_id, board_id, is_active, verified, with_paid, students)
    SELECT exam_year_id, zone_id, state_id, category_id, board_id, is_active, verified, sum(with_paid), sum(students) FROM (select x.exam_year_id, s.zone_id, s.state_id, s.category_id, coalesce(s.board_id, 0) as board_id, s.is_active, s.email_verified_at is not null as verified, -1 * (x.paid > 0)::int as with_paid, -1 * x.students as students from old_rows x join schools s on s.id = x.school_id) d
    GROUP BY exam_year_id, zone_id, state_id, category_id, board_id, is_active, verified HAVING sum(with_paid) <> 0 OR sum(students) <> 0
    ORDER BY exam_year_id, state_id, category_id, board_id, is_active, verified, zone_id
    ON CONFLICT (exam_year_id, state_id, category_id, board_id, is_active, verified, zone_id) DO UPDATE SET with_paid = t.with_paid + excluded.with_paid, students = t.students + excluded.students;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER school_year_tallies_delete AFTER DELETE ON school_student_counts REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION school_year_tallies_after_delete();
--> statement-breakpoint
-- The schools and counts there are already.
INSERT INTO school_tallies (zone_id, state_id, category_id, board_id, is_active, verified, schools)
SELECT zone_id, state_id, category_id, board_id, is_active, verified, count(*) FROM (select s.zone_id, s.state_id, s.category_id, coalesce(s.board_id, 0) as board_id, s.is_active, s.email_verified_at is not null as verified from schools s) d GROUP BY zone_id, state_id, category_id, board_id, is_active, verified;
--> statement-breakpoint
INSERT INTO school_year_tallies (exam_year_id, zone_id, state_id, category_id, board_id, is_active, verified, with_paid, students)
SELECT exam_year_id, zone_id, state_id, category_id, board_id, is_active, verified, sum(with_paid), sum(students) FROM (select x.exam_year_id, s.zone_id, s.state_id, s.category_id, coalesce(s.board_id, 0) as board_id, s.is_active, s.email_verified_at is not null as verified, 1 * (x.paid > 0)::int as with_paid, 1 * x.students as students from school_student_counts x join schools s on s.id = x.school_id) d
GROUP BY exam_year_id, zone_id, state_id, category_id, board_id, is_active, verified;
--> statement-breakpoint

-- The students' triggers also keep the daily tallies by class and by language.
CREATE OR REPLACE FUNCTION student_tallies_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
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
  ), by_day_class AS (
    INSERT INTO student_daily_class_tallies AS t (exam_year_id, zone_id, state_id, day, class_level, payment_status, source, students)
    SELECT exam_year_id, zone_id, state_id, day, class_level, payment_status, source, sum(sign) FROM d
    GROUP BY exam_year_id, zone_id, state_id, day, class_level, payment_status, source HAVING sum(sign) <> 0
    ORDER BY exam_year_id, day, state_id, class_level, payment_status, source
    ON CONFLICT (exam_year_id, day, state_id, class_level, payment_status, source) DO UPDATE SET students = t.students + excluded.students
  ), by_day_language AS (
    INSERT INTO student_daily_language_tallies AS t (exam_year_id, zone_id, state_id, day, language, payment_status, students)
    SELECT exam_year_id, zone_id, state_id, day, language, payment_status, sum(sign) FROM d
    GROUP BY exam_year_id, zone_id, state_id, day, language, payment_status HAVING sum(sign) <> 0
    ORDER BY exam_year_id, day, state_id, language, payment_status
    ON CONFLICT (exam_year_id, day, state_id, language, payment_status) DO UPDATE SET students = t.students + excluded.students
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
CREATE OR REPLACE FUNCTION student_tallies_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
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
  ), by_day_class AS (
    INSERT INTO student_daily_class_tallies AS t (exam_year_id, zone_id, state_id, day, class_level, payment_status, source, students)
    SELECT exam_year_id, zone_id, state_id, day, class_level, payment_status, source, sum(sign) FROM d
    GROUP BY exam_year_id, zone_id, state_id, day, class_level, payment_status, source HAVING sum(sign) <> 0
    ORDER BY exam_year_id, day, state_id, class_level, payment_status, source
    ON CONFLICT (exam_year_id, day, state_id, class_level, payment_status, source) DO UPDATE SET students = t.students + excluded.students
  ), by_day_language AS (
    INSERT INTO student_daily_language_tallies AS t (exam_year_id, zone_id, state_id, day, language, payment_status, students)
    SELECT exam_year_id, zone_id, state_id, day, language, payment_status, sum(sign) FROM d
    GROUP BY exam_year_id, zone_id, state_id, day, language, payment_status HAVING sum(sign) <> 0
    ORDER BY exam_year_id, day, state_id, language, payment_status
    ON CONFLICT (exam_year_id, day, state_id, language, payment_status) DO UPDATE SET students = t.students + excluded.students
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
CREATE OR REPLACE FUNCTION student_tallies_after_delete() RETURNS trigger LANGUAGE plpgsql AS $$
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
  ), by_day_class AS (
    INSERT INTO student_daily_class_tallies AS t (exam_year_id, zone_id, state_id, day, class_level, payment_status, source, students)
    SELECT exam_year_id, zone_id, state_id, day, class_level, payment_status, source, sum(sign) FROM d
    GROUP BY exam_year_id, zone_id, state_id, day, class_level, payment_status, source HAVING sum(sign) <> 0
    ORDER BY exam_year_id, day, state_id, class_level, payment_status, source
    ON CONFLICT (exam_year_id, day, state_id, class_level, payment_status, source) DO UPDATE SET students = t.students + excluded.students
  ), by_day_language AS (
    INSERT INTO student_daily_language_tallies AS t (exam_year_id, zone_id, state_id, day, language, payment_status, students)
    SELECT exam_year_id, zone_id, state_id, day, language, payment_status, sum(sign) FROM d
    GROUP BY exam_year_id, zone_id, state_id, day, language, payment_status HAVING sum(sign) <> 0
    ORDER BY exam_year_id, day, state_id, language, payment_status
    ON CONFLICT (exam_year_id, day, state_id, language, payment_status) DO UPDATE SET students = t.students + excluded.students
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
INSERT INTO student_daily_class_tallies (exam_year_id, zone_id, state_id, day, class_level, payment_status, source, students)
SELECT exam_year_id, zone_id, state_id, (created_at at time zone 'Asia/Kolkata')::date, class_level, payment_status, source, count(*)
FROM students GROUP BY 1, 2, 3, 4, 5, 6, 7;
--> statement-breakpoint
INSERT INTO student_daily_language_tallies (exam_year_id, zone_id, state_id, day, language, payment_status, students)
SELECT exam_year_id, zone_id, state_id, (created_at at time zone 'Asia/Kolkata')::date, language, payment_status, count(*)
FROM students GROUP BY 1, 2, 3, 4, 5, 6;
